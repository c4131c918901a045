"""The largest boards readable on every screen: a fitted 64×64 keeps its two-digit values apart
at 1280×900 (a pixel either side) and 390×844 — in its cells and in the live canvas that draws a run in the board's
font — and "Zoom in" is offered at both widths, showing 26-px cells (13-px values) inside the same frame, which
scrolls, so nothing around it moves (at 390 px there was no zoom: 6-px cells held 8.8-px text)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

# Per two-digit cell, its width less its text's; and the board's font (the live canvas's,
# draw/live-layer.js readStyle) measured on a canvas for the widest bold two-digit value.
SPARE = """() => {
  const board = document.querySelector('[data-testid=board]');
  const cells = [...board.querySelectorAll('[data-testid=cell]')].filter((c) => c.textContent.length === 2);
  const spare = cells.map((c) => { const r = document.createRange(); r.selectNodeContents(c);
    return c.getBoundingClientRect().width - r.getBoundingClientRect().width; });
  const css = getComputedStyle(board);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `700 ${css.fontSize} ${css.fontFamily}`;
  const widest = Math.max(...Array.from({ length: 55 }, (_, k) => ctx.measureText(String(k + 10)).width));
  const cell = cells[0].getBoundingClientRect().width;
  return { cells: cells.length, cell, settled: Math.min(...spare), live: cell - widest,
    first200: Math.min(...spare.slice(0, 200)), font: getComputedStyle(board.querySelector('[data-testid=cell]')).fontSize };
}"""

BOX = """(ids) => Object.fromEntries(ids.map((id) => {
  const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
  return [id, [r.left, r.top, r.right, r.bottom]]; }))"""


# One 64×64 for every screen: the window resized and the scheme switched on the loaded board
# (its fit follows the window as a phone turned does); the phone's first, where there was no zoom.
SCREENS = [({"width": 390, "height": 844}, "light"), ({"width": 390, "height": 844}, "dark"),
           ({"width": 1280, "height": 900}, "light"), ({"width": 1280, "height": 900}, "dark")]

NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def test_a_64x64_keeps_its_values_apart_and_offers_zoom_at_every_width(lab):
    lab.open()
    lab.page.set_viewport_size(SCREENS[0][0])
    lab.shorten_count(1)                                    # its count is only waited for, below
    lab.open("#g=64:0.4:5&s=alldiff_ls&seed=1&t=2")
    lab.page.wait_for_selector('[data-testid=board][data-size="64"]')
    lab.wait_board(timeout=120_000)
    lab.page.wait_for_selector("[data-testid=board-making]", state="hidden")
    lab.page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=120_000)   # nothing comes late
    for viewport, scheme in SCREENS:
        lab.page.emulate_media(color_scheme=scheme)
        lab.page.set_viewport_size(viewport)
        lab.page.evaluate(NEXT_FRAME)
        keeps_apart_with_zoom(lab, viewport, f"{viewport['width']}-{scheme}")


def keeps_apart_with_zoom(lab, viewport, screen):
    """At this screen: a gap between two-digit values, fitted and zoomed; zoomed, the frame scrolls
    and nothing around it moves."""
    fit = lab.page.evaluate(SPARE)
    assert fit["cells"] > 1000, screen
    assert fit["settled"] >= 0.5 and fit["live"] >= 0.5, (screen, fit)     # a gap, whatever the width
    if viewport["width"] == 1280:       # ~12-px cells: a pixel either side (at the old .55rem floor "48" "32" ran into each other)
        assert fit["first200"] >= 2, (screen, fit)
    zoom = lab.by("board-zoom")
    assert zoom.is_visible() and zoom.get_attribute("aria-pressed") == "false", screen
    parts = ["board-frame", "start", "stop", "status"]
    zoom.scroll_into_view_if_needed()         # the click's own scroll (a shared page may stand lower) is not the zoom's
    before = lab.page.evaluate(BOX, parts)
    zoom.click()
    assert zoom.get_attribute("aria-pressed") == "true", screen
    zoomed = lab.page.evaluate(SPARE)
    assert zoomed["cell"] >= 25 and zoomed["settled"] >= 5, (screen, zoomed)
    assert zoomed["font"] == "13px", (screen, zoomed)             # zoomed in, its values are 13 px
    assert lab.page.evaluate(BOX, parts) == before, screen        # the frame scrolls; nothing around it moved
    left, _, right, _ = before["board-frame"]
    assert 0 <= left and right <= viewport["width"], screen
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"], screen
    scrolls = "(f) => f.scrollWidth > f.clientWidth && f.scrollHeight > f.clientHeight"
    assert lab.by("board-frame").evaluate(scrolls), screen
    zoom.click()
    assert lab.page.evaluate(SPARE)["cell"] < 25, screen
