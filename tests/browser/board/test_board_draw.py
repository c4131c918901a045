"""The board draws itself (draw/board.js, draw/schedule.js): frames handed faster than they are
drawn end with the newest shown, and only the newest is drawn; a settled frame brings the
cells back. The live canvas's look (draw/board-look.js) is held to the computed style of the
DOM cells, entry by entry, in both themes, and to the colours the canvas actually draws."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

# A Board on a board element of its own in the lab's page (the page's modules, not a copy); the
# last test's element goes first (the module's tests share one page). With `budgetMs`, the board
# draws under a scheduler of its own with that budget an animation frame, not the page's.
MOUNT = """async ([width, budgetMs]) => {
  window.__el?.remove();
  const { Board } = await import(new URL('static/draw/board.js', document.baseURI));
  const { Scheduler } = await import(new URL('static/draw/schedule.js', document.baseURI));
  window.__oneLine = (await import(new URL('static/rules/parse.js', document.baseURI))).boardToString;
  const el = document.createElement('div');
  el.className = 'board';
  el.setAttribute('role', 'grid');
  el.style.width = width + 'px';
  document.body.prepend(el);
  window.__el = el;
  window.__board = budgetMs === null ? new Board(el) : new Board(el, { scheduler: new Scheduler({ budgetMs }) });
  window.__shown = [];                 // each board the canvas showed whole, in order
  new MutationObserver(() => { const c = el.querySelector('canvas');
    if (c && c.dataset.board && c.dataset.board !== window.__shown.at(-1)) window.__shown.push(c.dataset.board); })
    .observe(el, { attributes: true, subtree: true, attributeFilter: ['data-board'] });
  return true; }"""

# frame k of a 36×36 board: every cell changes from one frame to the next; cell 0 is a given
FRAME = """(k) => { const N = 36 * 36, S = 36;
  const values = Array.from({ length: N }, (_, i) => ((i * 7 + k) % S) + 1);
  const givens = Array.from({ length: N }, (_, i) => (i === 0 ? values[0] : 0));
  return { values, givens }; }"""

ONE_LINE = "window.__oneLine"              # rules/parse.js's boardToString: what data-board holds


@pytest.fixture(autouse=True)
def _board_unmounted(lab):
    """The board a test mounted goes with it: with --one-shared-page other modules' tests share
    this page, and a 750-px element left in its body widens it (a 390-px phone then scrolls)."""
    yield
    if not lab.page.is_closed():
        lab.page.evaluate("() => { window.__el?.remove(); window.__el = null; }")


def _mount(lab, width=720, budget_ms=None):
    lab.open(wait_ready=False)
    lab.page.wait_for_load_state()
    assert lab.page.evaluate(MOUNT, [width, budget_ms])


def _wait_shown(lab, k):
    lab.page.wait_for_function(f"(k) => {{ const f = ({FRAME})(k); const c = window.__el.querySelector('canvas');"
                               f" return c && c.dataset.board === ({ONE_LINE})(f.values); }}", arg=k, timeout=30_000)


def test_frames_handed_in_one_task_draw_only_the_newest_and_the_cells_take_it(lab):
    _mount(lab)
    # thirty running frames in one task, before any animation frame: only the newest is drawn
    lab.page.evaluate(f"""() => {{ for (let k = 1; k <= 30; k++) {{ const f = ({FRAME})(k);
      window.__board.draw({{ values: f.values, givens: f.givens, running: true }}); }} }}""")
    _wait_shown(lab, 30)
    last = lab.page.evaluate(f"() => ({ONE_LINE})(({FRAME})(30).values)")
    assert lab.page.evaluate("() => window.__shown") == [last]
    assert lab.page.evaluate("() => window.__el.getAttribute('aria-busy')") == "true"
    # the run settles on that frame: the cells take it, every row comes back, the canvas goes
    lab.page.evaluate(f"() => {{ const f = ({FRAME})(30); window.__board.draw({{ values: f.values, givens: f.givens }}); }}")
    lab.page.wait_for_function("() => !window.__el.hasAttribute('aria-busy')", timeout=30_000)
    cells = lab.page.evaluate("() => [...window.__el.querySelectorAll('[data-testid=cell]')].map((c) => +c.dataset.value)")
    assert cells == lab.page.evaluate(f"() => ({FRAME})(30).values")
    assert lab.page.evaluate("() => window.__el.querySelectorAll('.board-row[data-out]').length") == 0
    assert lab.page.evaluate("() => window.__el.querySelector('canvas').hidden")
    assert lab.page.evaluate("() => window.__el.querySelector('[data-testid=cell]').checkVisibility()")


def test_a_stream_faster_than_the_drawing_ends_with_the_newest_frame(lab):
    # no time budget: an animation frame draws the fewest cells a turn draws (16, far fewer than
    # 1,296), so the stream outruns the drawing on any machine (the page's 8 ms did not on a fast one)
    _mount(lab, budget_ms=0)
    # a frame an animation frame, each changing all 1,296 cells: more than a frame's drawing
    lab.page.evaluate(f"""() => new Promise((done) => {{ let k = 0;
      const next = () => {{ const f = ({FRAME})(++k);
        window.__board.draw({{ values: f.values, givens: f.givens, running: true }});
        if (k < 40) requestAnimationFrame(next); else done(); }};
      requestAnimationFrame(next); }})""")
    _wait_shown(lab, 40)
    assert lab.page.evaluate("() => window.__el.querySelector('canvas').dataset.board") == \
        lab.page.evaluate(f"() => ({ONE_LINE})(({FRAME})(40).values)")
    painted = lab.page.evaluate("() => +window.__el.querySelector('canvas').dataset.painted")
    shown = lab.page.evaluate("() => window.__shown.length")
    assert painted > shown                    # frames were drawn over several animation frames each


def test_a_small_board_draws_its_cells_in_an_animation_frame_not_in_the_call(lab):
    _mount(lab, 300)
    lab.page.evaluate("""() => { const z = new Array(81).fill(0);
      window.__board.show(z, z); }""")
    written = lab.page.evaluate("""() => { const v = Array.from({ length: 81 }, (_, i) => (i % 9) + 1);
      window.__board.draw({ values: v, givens: new Array(81).fill(0), running: true });
      const now = [...window.__el.querySelectorAll('[data-testid=cell]')].map((c) => +c.dataset.value);
      return now.every((x) => x === 0); }""")
    assert written                             # the call only handed the frame over
    lab.page.wait_for_function("() => [...window.__el.querySelectorAll('[data-testid=cell]')]"
                               ".every((c, i) => +c.dataset.value === (i % 9) + 1)", timeout=10_000)


def test_a_small_board_handed_over_while_a_large_run_is_on_the_live_layer_says_busy_until_its_cells_show_it(lab):
    """A 9×9 loaded while a 36×36 run's last frame is still on the live layer goes by the layer
    too: the grid says aria-busy from the call until its cells hold it, so a reader waiting on
    aria-busy (the page object's wait_board) never reads the cells of the board before."""
    _mount(lab)
    state = lab.page.evaluate(f"""() => {{ const f = ({FRAME})(1);
      window.__board.draw({{ values: f.values, givens: f.givens, running: true }});
      const v = Array.from({{ length: 81 }}, (_, i) => (i % 9) + 1);
      window.__board.show(v, new Array(81).fill(0));
      return window.__el.getAttribute('aria-busy'); }}""")
    assert state == "true"
    lab.page.wait_for_function("() => !window.__el.hasAttribute('aria-busy')", timeout=10_000)
    assert lab.page.evaluate("() => [...window.__el.querySelectorAll('[data-testid=cell]')].map((c) => +c.dataset.value)") \
        == [(i % 9) + 1 for i in range(81)]


# Each entry of draw/board-look.js against a DOM cell in the state it names.
LOOK_CHECK = """async () => {
  const { LOOK } = await import(new URL('static/draw/board-look.js', document.baseURI));
  const { Board } = await import(new URL('static/draw/board.js', document.baseURI));
  const mount = () => { const el = document.createElement('div'); el.className = 'board'; el.style.width = '360px';
    document.body.prepend(el); return [el, new Board(el)]; };
  const N = 81, zeros = new Array(N).fill(0);
  // plain 0, given 1, box edge 2 (a box's right edge), clash 3, given clash 4, pencil 9
  const [el, b] = mount();
  const values = zeros.slice(), givens = zeros.slice(), cand = zeros.slice();
  values[0] = 1; values[1] = givens[1] = 2; values[2] = 3; values[3] = 4; values[4] = givens[4] = 5;
  cand[9] = 0b101010101;
  b.show(values, givens, new Set([3, 4]), null, cand);
  // a shaded board: shaded 0 (p = 1), shaded clash 1
  const [sel, sb] = mount();
  const sv = zeros.slice(); sv[0] = 1; sv[1] = 2;
  sb.show(sv, zeros, new Set([1]), new Array(N).fill(1));
  const cellOf = { plain: el.children[0].children[0], given: el.children[0].children[1], 'box-edge': el.children[0].children[2],
    clash: el.children[0].children[3], 'given-clash': el.children[0].children[4], pencil: el.children[1].children[0],
    shaded: sel.children[0].children[0], 'shaded-clash': sel.children[0].children[1], page: document.body };
  const probe = document.createElement('span'); el.appendChild(probe);
  const colour = (c, alpha) => { probe.style.color = alpha === undefined ? `var(${c})` : `rgba(var(${c}), ${alpha})`;
    return getComputedStyle(probe).color; };
  const boardPx = parseFloat(getComputedStyle(el).fontSize);
  const out = [];
  for (const [name, e] of Object.entries(LOOK)) {
    const cell = cellOf[e.cell];
    if (!cell) { out.push([name, 'no such cell state: ' + e.cell, '']); continue; }
    const css = getComputedStyle(cell), got = css.getPropertyValue(e.css);
    let want;
    if (e.px !== undefined) want = e.px + 'px';
    else if (e.colour) want = colour(e.colour, e.alpha);
    else if (e.em !== undefined) {
      const base = e.css === 'font-size' ? boardPx : parseFloat(css.fontSize);
      want = Math.abs(parseFloat(got) - e.em * base) < 0.02 ? got : `${e.em * base}px`;
    } else want = String(e.value);
    out.push([name, got, want]);
  }
  el.remove(); sel.remove();
  return out; }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_canvas_look_table_equals_the_cells_computed_style(lab, scheme):
    lab.open(wait_ready=False)                  # first: on the shared page, open sets the scheme back
    lab.page.wait_for_load_state()
    lab.page.emulate_media(color_scheme=scheme)
    assert lab.page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    rows = lab.page.evaluate(LOOK_CHECK)
    assert len(rows) >= 20
    assert [r for r in rows if r[1] != r[2]] == []


def test_the_canvas_draws_the_cells_colours(lab):
    """What the canvas draws is what the cells show: the background of a plain, a given and a
    clashing cell, sampled from the canvas where no digit is, against each cell's computed style."""
    _mount(lab, 750)
    lab.page.evaluate(f"""() => {{ const f = ({FRAME})(1);
      window.__board.draw({{ values: f.values, givens: f.givens, clashing: new Set([40]), running: true }}); }}""")
    _wait_shown(lab, 1)
    canvas = lab.page.evaluate("""() => { const c = window.__el.querySelector('canvas'), N = 36;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const at = (i) => { const r = Math.floor(i / N), col = i % N;
        const x = Math.floor((col + 0.12) * c.width / N), y = Math.floor((r + 0.12) * c.height / N);
        const k = (y * c.width + x) * 4; return [d[k], d[k + 1], d[k + 2]]; };
      return [at(0), at(1), at(40)]; }""")
    f = lab.page.evaluate(f"() => ({FRAME})(1)")
    lab.page.evaluate("(f) => window.__board.draw({ values: f.values, givens: f.givens, clashing: new Set([40]) })", f)
    lab.page.wait_for_function("() => !window.__el.hasAttribute('aria-busy')", timeout=30_000)
    cells = lab.page.evaluate("""() => { const rgb = (el) => { const c = getComputedStyle(el).backgroundColor;
        const m = c.match(/[\\d.]+/g).map(Number); return m.length > 3 && m[3] === 0 ? null : m.slice(0, 3); };
      const cell = (i) => window.__el.querySelectorAll('[data-testid=cell]')[i];
      return [rgb(cell(0)) || rgb(document.body), rgb(cell(1)) || rgb(document.body), rgb(cell(40))]; }""")
    # cell 0 is a given (FRAME), cell 1 plain on the page's background, cell 40 clashes
    for drawn, css in zip(canvas, cells):
        assert max(abs(a - b) for a, b in zip(drawn, css)) <= 2, (drawn, css)
