"""The page object: the lab in a Playwright page, and every helper the browser tests share.

Tests speak the page's language through it (open a link, load a puzzle, choose a view, add
an entry, read the board) and read the page only through its test hooks (docs/page.md,
"Test hooks"). It also records every request to another origin and every console error, so
a test can assert the page stayed on its own origin and quiet.
"""

from __future__ import annotations

import itertools
import time

SERIOUS = ("serious", "critical")
_WAITS = itertools.count()          # a key for each wait_until: its looks' results in the page
HELD_OUT = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


class Lab:
    def __init__(self, page, base: str):
        self.page = page
        self.base = base
        self.foreign_requests: list[str] = []
        self.console_errors: list[str] = []
        page.set_default_timeout(30_000)
        self._listeners = [("request", self._on_request),
                           ("console", lambda m: m.type == "error" and self.console_errors.append(m.text)),
                           ("pageerror", lambda e: self.console_errors.append(str(e)))]
        for event, fn in self._listeners:
            page.on(event, fn)

    def detach(self):
        """Stop recording the page's requests and errors (its page goes on to another test)."""
        for event, fn in self._listeners:
            self.page.remove_listener(event, fn)

    def _on_request(self, req):
        if not req.url.startswith(self.base) and not req.url.startswith(("data:", "blob:")):
            self.foreign_requests.append(req.url)

    # ------------------------------------------------------------------ opening
    def open(self, fragment: str = "", wait_ready: bool = True):
        self.page.goto(self.base + fragment)
        if wait_ready:
            self.wait_state("ready", "error", timeout=60_000)
            self.wait_board()
        return self

    def shorten_count(self, seconds: float):
        """The ratings asked from now on stop their count at `seconds` (the page's test hook
        `data-rate-seconds`, docs/page.md "Test hooks"): for a test that only waits for a large
        puzzle's count to be over, not for one that watches its budget's note come late."""
        self.page.evaluate("(s) => { document.documentElement.dataset.rateSeconds = String(s); }", seconds)

    def hold_lab_package(self):
        """Hold the lab's package (its zip's fetch) back from this page's workers, so the page stays
        before Ready (Python started, the lab not loaded) for as long as the test needs; returns
        release(), which lets the held fetch go on once the worker has asked for it. Its context's
        service workers must be blocked (`visitor(service_workers="block")`): one would serve the zip."""
        held = []
        self.page.context.route("**/sudoku_lab.zip*", lambda route: held.append(route))

        def release(timeout: float = 120):
            asked_by = time.monotonic() + timeout    # the worker asks once Python has started
            while not held and time.monotonic() < asked_by:     # the route's handler runs as events are pumped
                self.page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
            assert held, f"the worker did not ask for the lab's package within {timeout} s"
            held[0].continue_()
        return release

    def change_hash(self, fragment: str):
        """Open a link in this tab by its hash; returns once the page has handled the change
        (at once when the page already has that hash: setting it again fires no hashchange)."""
        # Compared and set in one task of the page: the page may rewrite its own hash (the share
        # link) between a look from here and the change. The 10-s timer only bounds the wait if
        # no event ever comes.
        outcome = self.page.evaluate("""h => new Promise((done) => {
            if (location.hash === new URL(h, location.href).hash) { done("already"); return; }
            addEventListener("hashchange", () => setTimeout(() => done("changed"), 0), { once: true });
            setTimeout(() => done("no hashchange in 10 s"), 10000);
            location.hash = h; })""", fragment)
        assert outcome in ("changed", "already"), f"opening {fragment}: {outcome}"

    def visit(self, url: str):
        """Open an absolute URL (a shared link) and wait for the lab to be ready."""
        self.page.goto(url)
        self.wait_state("ready", "error", timeout=60_000)
        self.wait_board()
        return self

    # ------------------------------------------------------------------ reading
    def by(self, testid: str):
        return self.page.get_by_test_id(testid)

    def state(self) -> str:
        return self.by("status").get_attribute("data-state")

    def wait_state(self, *states: str, timeout: float = 30_000) -> str:
        sel = ", ".join(f'[data-testid="status"][data-state="{s}"]' for s in states)
        self.page.wait_for_selector(sel, timeout=timeout)
        state = self.state()
        if state not in ("running", "loading", "ready"):
            # a run's end: the view paints its result in the next animation frame (solve/view.js),
            # and a large board's cells may catch up over a few more
            self.settle_frames()
            self.wait_board()
        return state

    def wait_until(self, script: str, arg=None, timeout: float = 60):
        """Until a (possibly async) script returns true. `page.wait_for_function` does not await a
        promise (an async predicate would count as true at once), so its predicate keeps one look
        of the script under way in the page and answers with the last look's result. A look has no
        time limit of its own, so each is cut at 5 s and counts as false: a promise
        that never settles (`serviceWorker.ready` with no worker installed) fails the wait at its
        deadline rather than hanging the suite. A look that throws fails the wait with its error."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        look = f"""([arg, key]) => {{
            const s = ((window.__labWaits ??= {{}})[key] ??= {{}});
            if (s.error) throw s.error;
            s.pending ??= Promise.race([({script})(arg), new Promise((r) => setTimeout(() => r(false), 5000))])
                .then((v) => {{ s.value = v; }}, (e) => {{ s.error = e; }}).finally(() => {{ s.pending = null; }});
            return s.value; }}"""
        try:
            self.page.wait_for_function(look, arg=[arg, next(_WAITS)], timeout=timeout * 1000)
        except PlaywrightTimeout:
            raise AssertionError(f"still false after {timeout} s: {script}") from None

    def wait_text(self, testid: str, text: str, whole: bool = False, timeout: float = 60_000):
        """Until the element's text (as shown: innerText) holds `text`, or is it when `whole`."""
        self.page.wait_for_function("""([id, text, whole]) => { const t = document.querySelector(`[data-testid="${id}"]`)?.innerText;
            return t !== undefined && (whole ? t === text : t.includes(text)); }""", arg=[testid, text, whole], timeout=timeout)

    def next_value(self, script: str, last, timeout: float = 10_000):
        """The page's value (script's result) once it differs from `last`, or None if it has not
        within `timeout` ms: for a test whose subject is a value moving over time, its next sample."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            changed = self.page.wait_for_function(
                f"(last) => {{ const v = ({script})(); return v !== last && {{ v }}; }}", arg=last, timeout=timeout)
        except PlaywrightTimeout:
            return None
        return changed.json_value().get("v")

    def settle_frames(self):
        """Two animation frames (what the page paints after a change), or 2 s if it paints none."""
        self.page.evaluate("""() => new Promise((r) => { setTimeout(r, 2000);
            requestAnimationFrame(() => requestAnimationFrame(r)); })""")

    def wait_workers(self, count: int, timeout: float = 30):
        """Until Playwright has seen `count` workers: it learns of a worker from an event that
        may arrive after the page has counted the worker it made."""
        import time
        deadline = time.monotonic() + timeout
        while len(self.page.workers) < count:
            self.page.wait_for_event("worker", timeout=max(deadline - time.monotonic(), 0.001) * 1000)
        assert len(self.page.workers) == count, f"{len(self.page.workers)} workers, not {count}"

    def wait_board(self, timeout: float = 30_000):
        """Until the board's cells hold what it was handed last: a board of 25×25 and more (or
        any board handed over while the live layer showed a run) shows it on its canvas first
        and its cells catch up over animation frames, the grid `aria-busy` meanwhile
        (static/draw/board.js)."""
        self.page.wait_for_function("() => !document.querySelector('[data-testid=board]')?.hasAttribute('aria-busy')",
                                    timeout=timeout)

    def start_refused(self, testid: str = "start"):
        """Click a Start that must be refused for a setting the page has marked, and wait for its
        refusal ("Nothing was started…"): such a Start says so in the task of its click, and a
        Start that runs sets its view running in that same task (actions.js `start`), so once
        the sentence shows nothing can start later from this click."""
        self.by(testid).click()
        self.page.wait_for_function("() => /Nothing was started/.test(document.querySelector('[data-testid=error]')?.innerText || '')",
                                    timeout=10_000)

    def error_text(self) -> str:
        el = self.by("error")
        return el.inner_text() if el.is_visible() else ""

    def metric(self, name: str) -> str:
        return self.by("metrics").locator(f'[data-metric="{name}"]').inner_text()

    def board(self) -> list[dict]:
        return self.page.eval_on_selector_all(
            '[data-testid="board"] [data-testid="cell"]',
            "els => els.map(e => ({row: +e.dataset.row, col: +e.dataset.col, value: +e.dataset.value,"
            " given: e.dataset.given === 'true', clashing: e.dataset.clashing === 'true'}))")

    def board_values(self) -> list[int]:
        cells = sorted(self.board(), key=lambda c: (c["row"], c["col"]))
        return [c["value"] for c in cells]

    def givens_on_board(self) -> list[int]:
        return [c["value"] if c["given"] else 0 for c in sorted(self.board(), key=lambda c: (c["row"], c["col"]))]

    def cell(self, r: int, c: int):
        return self.page.locator(f'[data-testid="board"] [data-testid="cell"][data-row="{r}"][data-col="{c}"]')

    def focused(self) -> list[int]:
        return self.page.evaluate("() => { const e = document.activeElement; return [+e.dataset.row, +e.dataset.col]; }")

    # ------------------------------------------------------------------ doing
    def load(self, text: str):
        self.by("puzzle-input").fill(text)
        self.by("load-puzzle").click()
        self.wait_board()

    def generate(self, size: int, p: float, seed: int, unique: bool = False) -> str:
        """Fill the Generate form, press Generate and wait until the puzzle line names the
        generated puzzle; returns its generator settings (`size:p:seed[:unique]`)."""
        self.by("generate-size").select_option(str(size))
        self.by("generate-p").fill(str(p))
        self.by("generate-seed").fill(str(seed))
        self.by("generate-unique").set_checked(unique)
        self.by("generate").click()
        spec = f"{size}:{p}:{seed}" + (":unique" if unique else "")
        self.page.wait_for_function("(s) => document.querySelector('[data-testid=puzzle-info]').textContent"
                                    ".includes('generated (' + s + ')')", arg=spec, timeout=60_000)
        self.wait_board()
        return spec

    def set_view(self, view: str):
        """Choose the Solve, Race or Experiment view (the tabs at the top)."""
        self.by("view").locator(f'[data-view="{view}"]').click()
        self.page.wait_for_selector(f'[data-testid="view"][data-view="{view}"]')

    def set_params(self, **params):
        for k, v in params.items():
            field = self.by(f"param-{k}")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(v))
            elif field.get_attribute("type") == "checkbox":
                field.set_checked(v == "true")
            else:
                field.fill(str(v))

    def add_entry(self, solver: str, seed: int, **params):
        """A race or experiment entry, composed in the solver form and added."""
        self.by("solver-select").select_option(solver)
        self.by("seed-input").fill(str(seed))
        self.set_params(**params)
        self.by("compare-add").click()

    # ------------------------------------------------------------------ races and experiments
    def entries(self) -> list[list]:
        return self.page.eval_on_selector_all('[data-testid="compare-entry"]',
                                              "els => els.map(e => [e.dataset.solver, +e.dataset.seed])")

    def lanes(self) -> list[dict]:
        return self.page.eval_on_selector_all('[data-testid="lane"]', """els => els.map(e => ({
            solver: e.dataset.solver, seed: +e.dataset.seed, state: e.dataset.state, place: e.dataset.place || null,
            values: [...e.querySelectorAll('[data-testid=cell]')].map(c => +c.dataset.value)}))""")

    def start_race(self):
        """Click the race's Start with the lanes on the page marked first, so `wait_lanes_done`
        waits for the lanes this Start builds, not the ended lanes of a race before it (a new
        race's lanes may not be built yet when the wait first looks)."""
        self.page.evaluate("() => document.querySelectorAll('[data-testid=lane]').forEach((l) => { l.dataset.earlier = ''; })")
        self.by("compare-start").click()

    def wait_lanes_done(self, timeout: float = 90_000):
        self.page.wait_for_function(
            "() => { const l = [...document.querySelectorAll('[data-testid=lane]')];"
            " return l.length && l.every(x => x.dataset.state !== 'running' && !('earlier' in x.dataset))"
            "   && !document.querySelector('[data-testid=lane-board][aria-busy]'); }",   # large boards' cells caught up
            timeout=timeout)

    def wait_experiment_done(self, timeout: float = 180_000):
        self.page.wait_for_function(
            "() => { const p = document.querySelector('[data-testid=compare-progress]');"
            " return +p.dataset.total > 0 && p.dataset.ended === p.dataset.total"
            " && document.querySelector('[data-testid=compare-start]').disabled === false; }", timeout=timeout)

    def stop_experiment_after(self, done: int, workers: str = "1"):
        """Start the experiment on `workers` workers, press Stop once `done` runs have ended on their
        own, and return when it says it stopped."""
        self.by("workers").fill(workers)
        self.by("compare-start").click()
        self.page.wait_for_function("(n) => +document.querySelector('[data-testid=compare-progress]').dataset.done >= n",
                                    arg=done, timeout=120_000)
        self.by("compare-stop").click()
        self.page.wait_for_function("() => document.querySelector('[data-testid=compare-status]').dataset.state === 'stopped'")

    def export_json(self) -> tuple[list[dict], dict | None, str]:
        """Experiment's JSON export: its run records, its statistics (the line `{"comparison": …}`
        once they were shown, docs/design.md; else None), and the file's name. A finished tune's
        line, which may follow them, is left out (`export_tune`)."""
        lines, name = self._experiment_export()
        if lines and "tune" in lines[-1]:
            lines.pop()
        comparison = lines.pop()["comparison"] if lines and "comparison" in lines[-1] else None
        assert all("comparison" not in r and "tune" not in r for r in lines), "the statistics and a tune come after the runs"
        return lines, comparison, name

    def export_tune(self) -> dict | None:
        """The last line of Experiment's JSON export when it is a finished tune's: {tune, result}."""
        lines, _ = self._experiment_export()
        return lines[-1] if lines and "tune" in lines[-1] else None

    def _experiment_export(self) -> tuple[list[dict], str]:
        import json
        with self.page.expect_download() as dl:
            self.by("export-json").click()
        return [json.loads(line) for line in open(dl.value.path())], dl.value.suggested_filename

    def rows(self) -> list[dict]:
        return self.page.eval_on_selector_all('[data-testid="compare-row"]', """els => els.map(e => ({
            solver: e.dataset.solver, puzzle: e.dataset.puzzle, runs: +e.dataset.runs, solved: +e.dataset.solved,
            stopped: +e.dataset.stopped, median: e.dataset.medianSeconds, errors: +e.dataset.errors}))""")

    # ------------------------------------------------------------------ the sources page
    def open_sources(self):
        """Open sources.html (the footer's papers and sources) and wait until it is drawn."""
        self.page.goto(self.base + "sources.html")
        return self.wait_sources()

    def wait_sources(self, timeout: float = 30_000) -> dict:
        """Until both sections of sources.html are drawn; their data-state (`ready` or `error`)."""
        out = {}
        for part in ("sources-solvers", "sources-puzzles"):
            self.page.wait_for_selector(f'[data-testid="{part}"]:is([data-state="ready"], [data-state="error"])',
                                        timeout=timeout)
            out[part] = self.by(part).get_attribute("data-state")
        return out

    def sources_solvers(self) -> list[dict]:
        """The solvers sources.html lists, in its order: id, reference flag and the item's text."""
        return self.page.eval_on_selector_all('[data-testid="sources-solvers"] li[data-solver]', """els => els.map(e =>
            ({id: e.dataset.solver, reference: e.dataset.reference === "true", text: e.textContent}))""")

    def sources_links(self) -> list[dict]:
        """Every link of the puzzles' sources, as the browser resolved it, with its text."""
        return self.page.eval_on_selector_all('[data-testid="sources-puzzles"] a', """els => els.map(e =>
            ({href: e.href, text: e.textContent}))""")

    # ------------------------------------------------------------------ the worker and audits
    def kill_worker(self, how: str):
        """End the page's own worker: `closed` (it closes itself) or `stuck` (a loop that never yields)."""
        worker = self.page.workers[0]
        if how == "closed":
            worker.evaluate("() => { setTimeout(() => self.close(), 0); }")
        else:
            worker.evaluate("() => { setTimeout(() => { for (;;) {} }, 0); }")

    def axe_violations(self, context: str | None = None) -> list[tuple]:
        from axe_playwright_python.sync_playwright import Axe
        results = Axe().run(self.page, context=context) if context else Axe().run(self.page)
        return [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]


# The fields a link cannot set back by itself, read from a freshly loaded page: a shared page is
# set back to them (SharedLab.reset) by opening two links built from them.
FRESH_FIELDS = ("puzzle-input", "solver-select", "seed-input", "max-seconds", "compare-runs", "compare-puzzles",
                "sweep-size", "sweep-p0", "sweep-p1", "sweep-step", "sweep-instances", "workers")
# Of those, the fields no link sets: typed back (their input event) after the two links.
TYPED_BACK = ("workers",)


class SharedLab(Lab):
    """A Lab on a page that the tests of one module share (tests/conftest.py, `shared_page`), so
    Python loads in it once per module, not once per test.

    The page is loaded once, without a link; each test's first `open` sets it back, then opens
    the test's link by changing the location hash, as a visitor opening a link in the same tab
    (static/page/open-link.js: the page abandons what runs, clears the problems and the notice,
    then applies the link setting by setting). Setting back opens two links built from the
    fresh page's own fields: a race link (no entries; runs, puzzle set, list and sweep as
    fresh; no preset) and a single-run link (the first puzzle, solver, seed and time limit;
    no parameters, so the solver's defaults; the Solve view). The pool's size is typed back
    into its field; an emulated colour scheme and the window's size go back to the browser
    context's, and the page scrolls back to its top. What neither a link nor a field sets (the Generate form, the pool's loaded
    workers, an experiment's last result) is not set back: a test that needs those fresh, or
    the page's first load, is marked `fresh_page`.
    """

    def __init__(self, page, base: str, shared: dict):
        super().__init__(page, base)
        self.shared = shared           # {"loaded": bool, "fresh": {field: value}}, one per module
        self.opened = False

    def open(self, fragment: str = "", wait_ready: bool = True):
        if not self.shared.get("loaded") or not self._on_the_lab():
            self.page.goto(self.base)
            self.wait_state("ready", "error", timeout=60_000)
            self.shared["fresh"] = {k: self.by(k).input_value() for k in FRESH_FIELDS}
            self.shared["viewport"] = self.page.viewport_size
            self.shared["loaded"] = True
        elif not self.opened:
            self.reset()
        self.opened = True
        if fragment:
            self.change_hash(fragment)
        if wait_ready:
            self.wait_state("ready", "error", timeout=60_000)
            self.wait_board()
        return self

    def _on_the_lab(self) -> bool:
        """Still the lab's page (a test may have gone to sources.html or another site)."""
        url = self.page.url.split("#")[0]
        return url in (self.base, self.base + "index.html")

    def reset(self):
        """Set the page back to a fresh page's settings (see the class's docstring)."""
        f = self.shared["fresh"]
        self.page.evaluate("() => { delete document.documentElement.dataset.rateSeconds; }")   # shorten_count's
        from urllib.parse import quote
        q = lambda v: quote(v, safe=":.")  # noqa: E731
        p = q("".join(f["puzzle-input"].split()))
        self.change_hash(f"#p={p}&t={q(f['max-seconds'])}&m=race&runs={q(f['compare-runs'])}"
                         f"&ps={q(f['compare-puzzles'])}&pl=&gs={q(f['sweep-size'])}:{q(f['sweep-p0'])}:"
                         f"{q(f['sweep-p1'])}:{q(f['sweep-step'])}&gi={q(f['sweep-instances'])}")
        self.change_hash(f"#p={p}&s={q(f['solver-select'])}&seed={q(f['seed-input'])}&t={q(f['max-seconds'])}")
        self.wait_state("ready", "error", timeout=60_000)
        for k in TYPED_BACK:
            if self.by(k).input_value() != f[k]:          # the field may be folded away: typed by its event
                self.by(k).evaluate("(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }", f[k])
        self.page.emulate_media(color_scheme="no-override")
        if self.page.viewport_size != self.shared["viewport"]:
            self.page.set_viewport_size(self.shared["viewport"])
        self.page.evaluate("() => window.scrollTo(0, 0)")        # a fresh page stands at its top
