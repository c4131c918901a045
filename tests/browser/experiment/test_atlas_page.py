"""The Experiment view's atlas (docs/design.md, "The atlas"): the shipped data/atlas.json drawn as
heat maps whose cells take their value's colour, labelled legends, the published figures marked,
the dark theme, a 390 px phone, and the visitor's own sweep drawn by the same code."""

import json
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

ROOT = Path(__file__).resolve().parents[3]
ATLAS = json.loads((ROOT / "data" / "atlas.json").read_text())
RAMP = ["#2c1a5a", "#2e5e9e", "#1f9a8a", "#7cc45a", "#f4e04d"]      # static/draw/colour-scale.js, dark to bright


def ramp(t):
    """The ramp's colour at t as (r, g, b): the scale the design names, computed apart from the page's."""
    x = min(1, max(0, t)) * (len(RAMP) - 1)
    i = min(int(x), len(RAMP) - 2)
    a, b = ([int(c[k:k + 2], 16) for k in (1, 3, 5)] for c in (RAMP[i], RAMP[i + 1]))
    return tuple(round(u + (v - u) * (x - i)) for u, v in zip(a, b))


def rgb(css):
    """(r, g, b) of a computed colour 'rgb(r, g, b)'."""
    return tuple(int(float(v)) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def show_atlas(lab, measure="success"):
    lab.set_view("experiment")
    atlas = lab.by("atlas")
    atlas.get_by_test_id("atlas-measure").select_option(measure)
    lab.page.wait_for_selector(f'[data-testid="atlas"][data-state="ready"] [data-testid=atlas-map][data-measure="{measure}"]')
    return atlas


def cells(atlas, entry):
    """A map's cells: where, data-value, n and margin, fill, and the words drawn on it (text, and sub under it)."""
    return atlas.locator(f'[data-testid=atlas-map][data-entry="{entry}"] [data-testid=atlas-cell]').evaluate_all(
        """els => els.map(e => {
             const x = +e.getAttribute('x') + +e.getAttribute('width') / 2;
             const drawn = (cls) => { const t = e.nextElementSibling?.classList.contains(cls) ? e.nextElementSibling
               : e.nextElementSibling?.nextElementSibling?.classList.contains(cls) ? e.nextElementSibling.nextElementSibling : null;
               return t && +t.getAttribute('x') === x ? t.textContent : null; };
             return {size: +e.dataset.size, p: +e.dataset.p, value: e.dataset.value, n: e.dataset.n, margin: e.dataset.margin,
                     state: e.dataset.state || null,
                     fill: getComputedStyle(e).fill, text: drawn('atlas-cell-text'), sub: drawn('atlas-cell-sub')}; })""")


def margin(size, p):
    """The fastest entry's margin over the runner-up at size × p, from the shipped cells: '+d pt' where
    it solved a larger share, '×k' (the runner-up's median over its own) where both solved the same,
    'only' where no other entry has a judged run."""
    best = next(f for f in ATLAS["fastest"] if f["size"] == size and f["p"] == p)
    order = ATLAS["entries"]
    others = sorted((c for c in ATLAS["cells"] if c["size"] == size and c["p"] == p and c["entry"] != best["entry"]
                     and c["rate"] is not None),
                    key=lambda c: (-c["rate"], c["median_seconds"] if c["median_seconds"] is not None else float("inf"),
                                   order.index(c["entry"])))
    if not others:
        return "only"
    runner = others[0]
    if runner["rate"] < best["rate"]:
        return f"+{round(100 * (best['rate'] - runner['rate']))} pt"
    k = runner["median_seconds"] / best["median_seconds"]
    return f"×{round(k)}" if k >= 10 else f"×{k:.1f}"


def test_each_cell_of_the_shipped_atlas_takes_the_colour_of_its_success_rate(lab):
    lab.open()
    atlas = show_atlas(lab)
    entries = ATLAS["entries"]
    maps = atlas.get_by_test_id("atlas-map").evaluate_all("els => els.map(e => e.dataset.entry)")
    assert maps[:len(entries)] == entries
    assert "published:lewis2007" in maps and "published:alldiff_ls2025" in maps      # the field's figures, as maps
    shipped = {(c["size"], c["p"], c["entry"]): c for c in ATLAS["cells"]}
    not_run = ATLAS.get("not_run", {})
    for entry in entries:
        drawn = [c for c in cells(atlas, entry) if c["state"] != "not-run"]
        assert len(drawn) == sum(1 for k in shipped if k[2] == entry)
        hatched = {c["size"] for c in cells(atlas, entry) if c["state"] == "not-run"}
        assert hatched == set(not_run.get(entry, {}).get("sizes", []))     # the sizes the sweep could not run it at
        for c in drawn:
            rate = shipped[(c["size"], c["p"], entry)]["rate"]
            if rate is None:
                assert c["value"] == ""
                continue
            assert float(c["value"]) == rate
            got, want = rgb(c["fill"]), ramp(rate)
            assert all(abs(u - v) <= 1 for u, v in zip(got, want)), (entry, c, want)
    # a higher rate is a brighter cell: the scale reads without the legend's numbers
    by_rate = sorted({(float(c["value"]), rgb(c["fill"])) for e in entries for c in cells(atlas, e) if c["value"]})
    lum = [0.2126 * r + 0.7152 * g + 0.0722 * b for _, (r, g, b) in by_rate]
    assert lum == sorted(lum)


def test_the_legend_is_labelled_for_each_measure_and_the_fastest_map_shows_each_cells_n(lab):
    lab.open()
    atlas = show_atlas(lab, "success")
    legend = atlas.get_by_test_id("atlas-legend").first
    assert legend.locator("figcaption").inner_text() == "share of runs solved"
    assert legend.get_attribute("data-ticks") == "0 %|25 %|50 %|75 %|100 %"
    assert legend.locator("svg text").all_text_contents() == ["0 %", "25 %", "50 %", "75 %", "100 %"]
    caption = atlas.get_by_test_id("atlas-caption").inner_text()
    limit = ATLAS["budget"]["max_seconds"]
    clock = "CPU" if ATLAS["clock"] == "cpu" else "wall-clock"
    assert f"Budget: {limit:g} s of {clock} time a run" in caption and "bench" not in caption
    fold = atlas.get_by_test_id("atlas-command")                  # the command, behind a fold
    assert fold.get_attribute("open") is None and fold.locator("summary").is_visible()
    fold.locator("summary").click()
    assert fold.locator("code").inner_text().replace("\n", "; ").endswith(ATLAS["command"])
    n = ATLAS["instances"]                                       # pooled sweeps: a count per size
    counts = ", ".join(f"{k} at {size}×{size}" for size, k in n.items()) if isinstance(n, dict) else str(n)
    assert f"{counts} generated instances × {ATLAS['runs']} run" in caption

    atlas = show_atlas(lab, "time")
    legend = atlas.get_by_test_id("atlas-legend").first
    assert "median seconds" in legend.locator("figcaption").inner_text()
    ticks = legend.get_attribute("data-ticks").split("|")
    assert ticks[-1] == f"{limit:g} s" and all(t.endswith(" s") for t in ticks)       # up to the time limit
    axes = atlas.get_by_test_id("atlas-map").first.locator("text").all_text_contents()
    assert "p (share of cells given)" in axes and "size" in axes and f"{ATLAS['sizes'][0]}×{ATLAS['sizes'][0]}" in axes

    atlas = show_atlas(lab, "fastest")
    assert atlas.get_by_test_id("atlas-map").count() == 1
    names = atlas.locator(".atlas-swatches li").all_inner_texts()
    assert names == ATLAS["entries"]
    best = {(f["size"], f["p"]): f for f in ATLAS["fastest"]}
    drawn = cells(atlas, "fastest")
    assert len(drawn) == len(best)
    for c in drawn:
        f = best[(c["size"], c["p"])]
        assert c["value"] == (f["entry"] or "")
        if f["entry"]:                                   # the margin it wins by, and n under it
            assert c["n"] == str(f["solved"]) and c["sub"] == f"n {f['solved']}"
            assert c["text"] == c["margin"] == margin(c["size"], c["p"]), c
    colours = {c["value"]: c["fill"] for c in drawn if c["value"]}
    swatches = dict(zip(names, atlas.locator(".atlas-swatch").evaluate_all("els => els.map(e => getComputedStyle(e).backgroundColor)")))
    assert all(rgb(colours[e]) == rgb(swatches[e]) for e in colours)                  # the legend's colours are the cells'


def test_a_sources_figures_mark_the_maps_of_the_solver_that_implements_its_method(lab):
    lab.open()
    atlas = show_atlas(lab)
    pub = json.loads((ROOT / "data" / "published.json").read_text())

    def marks(entry):
        return atlas.locator(f'[data-testid=atlas-map][data-entry="{entry}"] [data-testid=atlas-published]').evaluate_all(
            """els => els.map(e => ({size: +e.dataset.size, p: +e.dataset.p, fill: getComputedStyle(e).fill,
                                    words: e.querySelector('title').textContent}))""")
    acs = {(m["size"], m["p"]): m for m in marks("acs")}
    want = {(s["size"], pt["x"]): pt["y"] for s in pub["lloyd_amos2020"]["series"]
            if s["measure"] == "success_rate" and s["size"] in ATLAS["sizes"] for pt in s["points"] if pt["x"] in ATLAS["ps"]}
    assert want and set(acs) == set(want)                     # Lloyd & Amos's figures on acs's map, where the axes have them
    for key, y in want.items():
        assert "Lloyd & Amos 2020 (ACS)" in acs[key]["words"] and f"{round(100 * y)} % solved" in acs[key]["words"]
        assert all(abs(u - v) <= 1 for u, v in zip(rgb(acs[key]["fill"]), ramp(y)))     # the dot: the published rate's colour
    assert marks("hill_climb") == []                           # no source implements it
    assert all(m["words"].count("AllDiff-LS 2025") == 1 for m in marks("alldiff_ls"))


def test_dark_mode_keeps_the_cells_colours_and_turns_the_words_light(lab):
    lab.open()
    atlas = show_atlas(lab)
    first = ATLAS["entries"][0]
    light = cells(atlas, first)
    title_light = rgb(atlas.locator(".atlas-title").first.evaluate("e => getComputedStyle(e).fill"))
    lab.page.emulate_media(color_scheme="dark")
    dark = cells(atlas, first)
    title_dark = rgb(atlas.locator(".atlas-title").first.evaluate("e => getComputedStyle(e).fill"))
    assert [c["fill"] for c in dark] == [c["fill"] for c in light]           # the values' colours are the theme's too
    assert sum(title_dark) > 600 and sum(title_light) < 200                  # the words: the theme's ink
    bg = rgb(lab.page.evaluate("() => getComputedStyle(document.body).backgroundColor"))
    assert sum(bg) < 150                                                      # on the dark background


def test_a_390_px_phone_scrolls_the_maps_in_their_box_and_never_the_page(lab):
    lab.open()
    lab.page.set_viewport_size({"width": 390, "height": 844})
    atlas = show_atlas(lab)
    atlas.scroll_into_view_if_needed()
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= 390
    box = atlas.locator(".atlas-maps")
    rect = box.bounding_box()
    assert rect["x"] >= 0 and rect["x"] + rect["width"] <= 390
    # every map is whole inside its box: scrolled to its right edge, the last column is within the screen
    last = atlas.get_by_test_id("atlas-map").first
    width = last.evaluate("e => e.getBoundingClientRect().width")
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    right = last.evaluate("e => e.getBoundingClientRect().right")
    assert width > 0 and right <= 390 + 0.5
    legend = atlas.get_by_test_id("atlas-legend")           # each under its map, in the box that scrolls
    assert legend.count() == atlas.get_by_test_id("atlas-map").count()
    assert box.evaluate("(e) => [...e.querySelectorAll('[data-testid=atlas-legend]')].length") == legend.count()
    assert atlas.locator(".atlas-tick").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 10


def test_the_phase_transition_preset_sweeps_several_sizes_and_draws_the_visitors_own_atlas(lab):
    lab.open()
    lab.set_view("experiment")
    lab.by("preset").select_option("phase-transition")
    assert lab.by("sweep-size").evaluate("e => [...e.selectedOptions].map(o => o.value)") == ["9", "16", "25"]
    # a tiny budget: two of its sizes, two p, one instance, 1 s a run
    lab.by("sweep-size").select_option(["9", "16"])
    for hook, value in (("sweep-p0", "0.4"), ("sweep-p1", "0.5"), ("sweep-instances", "1"), ("max-seconds", "1"),
                        ("workers", "2")):
        lab.by(hook).fill(value)
    lab.by("compare-start").click()
    lab.wait_experiment_done(timeout=240_000)
    assert lab.by("phase-charts").is_hidden()                 # plots against p are of one size; the atlas draws both
    rows = lab.rows()                                          # entry by entry, size by size, p by p
    groups = ["9×9, p = 0.4", "9×9, p = 0.5", "16×16, p = 0.4", "16×16, p = 0.5"]
    assert [r["puzzle"] for r in rows] == groups * 5
    own = lab.by("atlas-own")
    lab.page.wait_for_selector('[data-testid="atlas-own"][data-state="ready"]')
    assert own.is_visible()
    own.get_by_test_id("atlas-measure").select_option("success")    # a map per entry (the fastest map leads)
    lab.page.wait_for_selector('[data-testid="atlas-own"][data-state="ready"] [data-testid=atlas-map][data-measure="success"]')
    names = own.get_by_test_id("atlas-map").evaluate_all("els => els.map(e => e.dataset.entry)")
    solvers = ["hill_climb", "alldiff_tabu", "alldiff_tabu", "acs", "alldiff_ls"]
    assert [n.split(" · ")[0] for n in names[:5]] == [f"{k + 1}. {s}" for k, s in enumerate(solvers)]
    for k, solver in enumerate(solvers):
        drawn = cells(own, names[k])
        assert [(c["size"], c["p"]) for c in drawn] == [(9, 0.4), (9, 0.5), (16, 0.4), (16, 0.5)]
        for j, c in enumerate(drawn):
            row = rows[k * 4 + j]
            assert row["solver"] == solver and row["puzzle"] == f"{c['size']}×{c['size']}, p = {c['p']:g}"
            assert float(c["value"]) == row["solved"] / row["runs"]
            assert all(abs(u - v) <= 1 for u, v in zip(rgb(c["fill"]), ramp(float(c["value"]))))
    assert "time limit 1 s a run" in own.get_by_test_id("atlas-caption").inner_text()
    # maps of two columns still hold their whole title and axis label: no word runs past the map's edge
    cut = own.get_by_test_id("atlas-map").evaluate_all("""els => els.flatMap(svg => [...svg.querySelectorAll('text')]
        .filter(t => { const b = t.getBBox(); return b.x < -0.5 || b.x + b.width > svg.width.baseVal.value + 0.5; })
        .map(t => t.textContent))""")
    assert cut == []
    # the same code draws its fastest map: one cell per size × p
    own.get_by_test_id("atlas-measure").select_option("fastest")
    lab.page.wait_for_selector('[data-testid="atlas-own"][data-state="ready"] [data-testid=atlas-map][data-measure="fastest"]')
    assert len(cells(own, "fastest")) == 4


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_atlas_leads_with_the_fastest_map_says_what_its_circles_are_and_says_its_maps_scroll_on_a_phone(lab, scheme):
    """One map first (who wins each cell); the published circles on the acs and alldiff_ls maps
    explained in words on the page, not only in a tooltip; at 390×844 a line says the maps go on
    to the right, and goes once they are scrolled to their end."""
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.set_view("experiment")
    atlas = lab.by("atlas")
    lab.page.wait_for_selector('[data-testid="atlas"][data-state="ready"]')
    # the menu leads with the one map (the first option is what a page shows first)
    assert atlas.get_by_test_id("atlas-measure").locator("option").first.get_attribute("value") == "fastest"
    atlas.get_by_test_id("atlas-measure").select_option("fastest")
    lab.page.wait_for_selector('[data-testid="atlas"][data-state="ready"] [data-testid=atlas-map][data-measure="fastest"]')
    assert atlas.get_by_test_id("atlas-map").count() == 1
    assert atlas.get_by_test_id("atlas-marks-note").is_hidden()       # no circles on the fastest map
    atlas.get_by_test_id("atlas-measure").select_option("success")
    lab.page.wait_for_selector('[data-testid="atlas"][data-state="ready"] [data-testid=atlas-map][data-measure="success"]')
    note = atlas.get_by_test_id("atlas-marks-note")
    assert note.is_visible() and "acs" in note.inner_text() and "alldiff_ls" in note.inner_text()
    assert "small circle" in note.inner_text()
    lab.page.set_viewport_size({"width": 390, "height": 844})
    hint = atlas.get_by_test_id("atlas-scroll-hint")
    hint.wait_for(state="visible")
    box = atlas.locator(".atlas-maps")
    assert box.get_attribute("data-more") is not None
    hb, bb = hint.bounding_box(), box.bounding_box()
    assert hb["y"] < bb["y"] and 0 <= hb["x"] and hb["x"] + hb["width"] <= 390       # over the maps, on the screen
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    hint.wait_for(state="hidden")


LEGEND_UNDER_MAP = """(atlas) => [...atlas.querySelectorAll('[data-testid=atlas-map]')].map((map) => {
  const m = map.getBoundingClientRect(), legend = map.parentElement.querySelector('[data-testid=atlas-legend]');
  const l = legend ? legend.getBoundingClientRect() : null;
  return {entry: map.dataset.entry, map: [m.left, m.top, m.right, m.bottom], legend: l && [l.left, l.top, l.right, l.bottom],
          label: legend && legend.dataset.label}; })"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", [(1280, 900), (390, 844)])
def test_each_map_keeps_its_legend_right_under_it_and_the_lead_map_says_its_margins(lab, scheme, screen):
    """One legend at the top scrolled away from the maps it read: now each map has its own legend
    right under it, level with its left edge, for every measure. The lead map ("who wins each
    cell") says by what margin each winner wins, with the rule in its legend."""
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size({"width": screen[0], "height": screen[1]})
    for measure in ("fastest", "success", "time"):
        atlas = show_atlas(lab, measure)
        placed = atlas.evaluate(LEGEND_UNDER_MAP)
        assert len(placed) >= (1 if measure == "fastest" else len(ATLAS["entries"]))
        for p in placed:
            assert p["legend"], p                                             # its own legend
            assert 0 <= p["legend"][1] - p["map"][3] <= 12, p                  # right under its map
            assert abs(p["legend"][0] - p["map"][0]) <= 1, p                   # from its left edge
        last = atlas.get_by_test_id("atlas-legend").last                     # the last map's legend in view: its map is too
        last.scroll_into_view_if_needed()
        seen = last.evaluate("""l => [l.parentElement.querySelector('[data-testid=atlas-map]').getBoundingClientRect().top,
                                       l.getBoundingClientRect().bottom]""")
        assert 0 <= seen[0] and seen[1] <= screen[1], seen
    atlas = show_atlas(lab, "fastest")
    note = atlas.get_by_test_id("atlas-legend").inner_text()
    assert "margin over the runner-up" in note and "percentage points" in note and "median time" in note
    assert "margin" in atlas.get_by_test_id("atlas-map").get_attribute("data-title")
    drawn = [c for c in cells(atlas, "fastest") if c["value"]]
    assert drawn and all(c["text"] == margin(c["size"], c["p"]) for c in drawn)
    words = atlas.locator("[data-testid=atlas-cell] title").all_text_contents()
    assert any("percentage points more solved than" in w or "times its own" in w for w in words)
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= screen[0]


# Each word drawn in a cell (its margin, its n) and how far it runs past its cell's left and right edges, in px.
CELL_TEXT_OVERRUN = """svg => [...svg.querySelectorAll('.atlas-cell-text, .atlas-cell-sub')].map(t => {
    const x = +t.getAttribute('x'), y = +t.getAttribute('y');
    const rect = [...svg.querySelectorAll('[data-testid=atlas-cell]')].find(r => +r.getAttribute('x') <= x
      && x <= +r.getAttribute('x') + +r.getAttribute('width') && +r.getAttribute('y') <= y && y <= +r.getAttribute('y') + +r.getAttribute('height'));
    const b = t.getBBox(), left = +rect.getAttribute('x'), right = left + +rect.getAttribute('width');
    return {text: t.textContent, size: rect.dataset.size, p: rect.dataset.p, over: Math.max(left - b.x, b.x + b.width - right)};
  })"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_fastest_maps_words_stay_inside_their_cells_at_1280(lab, scheme):
    """'+100 pt' ran past its cell into its neighbours' (49×49 at p = 0.2–0.35, 36×36 at 0.45): every
    margin and n drawn on the fastest map stays inside its own cell, with room between neighbours."""
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size({"width": 1280, "height": 900})
    atlas = show_atlas(lab, "fastest")
    drawn = atlas.get_by_test_id("atlas-map").first.evaluate(CELL_TEXT_OVERRUN)
    assert any(d["text"] == "+100 pt" for d in drawn)                  # the widest margin is on the map
    assert all(d["over"] <= -2 for d in drawn), [d for d in drawn if d["over"] > -2]
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= 1280


def synthetic_cell(size, p, entry, solved, judged, seconds):
    return {"size": size, "p": p, "entry": entry, "runs": judged, "judged": judged, "solved": solved, "errors": 0,
            "stopped": 0, "rate": solved / judged, "median_seconds": seconds}


# A small atlas of two sizes whose 64×64 sweep left alldiff_tabu out (it runs up to 49×49): at
# 64×64, p = 0.4 hill_climb ran and solved nothing, so a 0 % cell stands beside a not-run one.
NOT_RUN_ATLAS = {
    "about": "a synthetic atlas", "command": "python -m sudoku_lab bench --generate 9:0.4:0.5:0.1", "results": ["a", "b"],
    "budget": {"max_seconds": 1.0, "max_iterations": None, "max_evaluations": None}, "clock": "cpu", "instances": 2,
    "runs": 1, "generate": ["9:0.4:0.5:0.1", "64:0.4:0.5:0.1"], "sizes": [9, 64], "ps": [0.4, 0.5],
    "entries": ["hill_climb", "alldiff_tabu"],
    "not_run": {"alldiff_tabu": {"sizes": [64], "why": "alldiff_tabu runs up to 49×49"}},
    "cells": [synthetic_cell(9, 0.4, "hill_climb", 0, 2, None), synthetic_cell(9, 0.4, "alldiff_tabu", 2, 2, 0.01),
              synthetic_cell(9, 0.5, "hill_climb", 2, 2, 0.5), synthetic_cell(9, 0.5, "alldiff_tabu", 2, 2, 0.01),
              synthetic_cell(64, 0.4, "hill_climb", 0, 2, None), synthetic_cell(64, 0.5, "hill_climb", 1, 2, 0.9)],
    "fastest": [{"size": 9, "p": 0.4, "entry": "alldiff_tabu", "judged": 2, "solved": 2, "rate": 1.0, "median_seconds": 0.01},
                {"size": 9, "p": 0.5, "entry": "alldiff_tabu", "judged": 2, "solved": 2, "rate": 1.0, "median_seconds": 0.01},
                {"size": 64, "p": 0.4, "entry": None, "judged": None, "solved": None, "rate": None, "median_seconds": None},
                {"size": 64, "p": 0.5, "entry": "hill_climb", "judged": 2, "solved": 1, "rate": 0.5, "median_seconds": 0.9}],
}


def test_an_entry_not_run_at_a_size_is_drawn_hatched_with_its_words_apart_from_zero_solved(visitor):
    """The shipped file swapped for a small synthetic atlas (the service worker kept out so the
    page asks the server): alldiff_tabu's 64×64 cells are hatched, say "not run" and why, and its
    legend and the note over the maps say it in words; hill_climb's 0 % cell there is a value."""
    lab = visitor(service_workers="block")
    lab.page.route("**/data/atlas.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(NOT_RUN_ATLAS)))
    # the page's own scripts draw the atlas from the file: Python is never asked, so its runtime's
    # fetches are held unanswered (the page stays before Ready, its worker idle) and nothing loads
    held = []
    lab.page.context.route("**/vendor/pyodide/**", lambda route: held.append(route))
    lab.open(wait_ready=False)
    lab.page.wait_for_selector('[data-testid="cell"]')
    atlas = show_atlas(lab, "success")
    gaps = atlas.locator('[data-testid=atlas-map][data-entry="alldiff_tabu"] [data-testid=atlas-cell][data-state="not-run"]')
    assert gaps.evaluate_all("els => els.map(e => [+e.dataset.size, +e.dataset.p, e.dataset.value])") == [[64, 0.4, ""], [64, 0.5, ""]]
    words = gaps.locator("title").all_text_contents()
    assert words == [f"64×64, p = {p}: not run at this size (alldiff_tabu runs up to 49×49)" for p in ("0.4", "0.5")]
    assert gaps.first.evaluate("e => getComputedStyle(e).fill").startswith("url(")           # hatched, not a colour
    failed = cells(atlas, "hill_climb")
    zero = next(c for c in failed if (c["size"], c["p"]) == (64, 0.4))
    assert float(zero["value"]) == 0 and rgb(zero["fill"]) == ramp(0)                        # ran and failed: 0 %
    assert atlas.locator('[data-testid=atlas-map][data-entry="hill_climb"] [data-state="not-run"]').count() == 0
    legend = atlas.locator('[data-testid=atlas-map][data-entry="alldiff_tabu"]').locator("xpath=..").get_by_test_id("atlas-legend")
    assert "Hatched cells: not run at 64×64 (alldiff_tabu runs up to 49×49)." in legend.inner_text()
    note = atlas.get_by_test_id("atlas-not-run-note")
    assert note.is_visible() and "alldiff_tabu: not run at 64×64 (alldiff_tabu runs up to 49×49)" in note.inner_text()
    atlas = show_atlas(lab, "fastest")
    best = {(c["size"], c["p"]): c["value"] for c in cells(atlas, "fastest")}
    assert best[(64, 0.5)] == "hill_climb" and best[(64, 0.4)] == ""
    assert "Left out where not run: alldiff_tabu at 64×64" in atlas.get_by_test_id("atlas-legend").inner_text()
    assert held and lab.state() == "loading"                 # drawn with no Python in the page
