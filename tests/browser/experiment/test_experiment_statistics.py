"""An experiment's statistics in the page (docs/design.md, "Comparing entries"): Pyodide's scipy
loaded when the fold is first opened, a sentence per pair equal to the package's on the same
records, the Kaplan–Meier chart where runs are censored, the critical-difference diagram, and
the JSON export ending with the statistics; one experiment, its statistics then seen in both
themes, at 1280 and 390 px."""

import json

import pytest

from conftest import PAPERS
from lab import SERIOUS
from sudoku_lab import bench
from sudoku_lab.comparison import compare

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

# three entries on two puzzles under a step budget: where each run ends does not depend on the
# load, and hill_climb's 30 steps leave its runs unsolved (censored)
LINK = ("#p=" + PAPERS["sato-01-easy"] + "&i=30&m=experiment&e=hill_climb:1,alldiff_tabu:1,acs:1&runs=3&ps=list&pl="
        + PAPERS["sato-01-easy"] + "," + PAPERS["sato-11-easy"])


SCIPY_KEPT = """async () => { for (const k of await caches.keys()) {
  for (const r of await (await caches.open(k)).keys()) if (/scipy-.*\\.whl$/.test(r.url)) return true; } return false; }"""


# the first screen is the one the experiment runs and its statistics are drawn on; the others
# see the same drawing after the scheme and the window changed (the chart follows the theme)
SCREENS = [("dark", 390), ("light", 1280), ("dark", 1280), ("light", 390)]


def test_the_statistics_load_scipy_when_first_opened_and_say_what_the_package_says(lab, tmp_path):
    lab.open()
    scheme, width = SCREENS[0]
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size({"width": width, "height": 900})
    lab.open(LINK)
    # a shared page keeps the fold open from an earlier test, and an open fold shows a new experiment's at once
    lab.page.evaluate("() => { document.querySelector('[data-testid=experiment-stats]').open = false; }")
    lab.by("compare-start").click()
    lab.wait_experiment_done()
    box = lab.by("experiment-stats")
    assert box.is_visible() and box.get_attribute("data-state") == "idle"
    # the service worker, active, keeps scipy's files when the worker first fetches them (not precached)
    lab.page.wait_for_function("() => document.querySelector('[data-testid=offline-note]').dataset.state === 'ready'",
                               timeout=120_000)
    box.locator("summary").click()
    lab.page.wait_for_function("() => document.querySelector('[data-testid=experiment-stats]').dataset.state === 'shown'",
                               timeout=120_000)
    lab.page.wait_for_function(SCIPY_KEPT, timeout=30_000)

    with lab.page.expect_download() as dl:
        lab.by("export-json").click()
    path = tmp_path / "experiment.jsonl"
    path.write_text(open(dl.value.path()).read())
    shown = next(x["comparison"] for x in map(json.loads, path.read_text().splitlines()) if "comparison" in x)
    records = bench.read_records(path)
    assert len(records) == 18
    labels = {"hill_climb": "1. hill_climb", "alldiff_tabu": "2. alldiff_tabu", "acs": "3. acs"}
    groups = {label: [r for r in records if r["solver"] == solver] for solver, label in labels.items()}
    native = compare(groups)
    sentences = lab.by("experiment-stats-pairs").locator("li").all_inner_texts()
    assert sentences == [p["sentence"] for p in native["pairs"]] == [p["sentence"] for p in shown["pairs"]]
    for mine, theirs in zip(shown["pairs"], native["pairs"]):
        assert mine["success"]["p"] == pytest.approx(theirs["success"]["p"], rel=1e-9)
        assert mine["logrank"]["p"] == pytest.approx(theirs["logrank"]["p"], rel=1e-9)
    assert shown["friedman"]["ranks"] == pytest.approx(native["friedman"]["ranks"])
    assert lab.by("experiment-stats-friedman").inner_text().startswith("Friedman's test over 2 puzzles")

    assert json.loads(lab.by("experiment-stats-diagram").get_attribute("data-ranks")) == \
        pytest.approx(native["friedman"]["ranks"])
    assert "Kaplan–Meier" in lab.page.locator("#experiment-chart").get_attribute("data-title")
    for scheme, width in SCREENS:
        lab.page.emulate_media(color_scheme=scheme)
        lab.page.set_viewport_size({"width": width, "height": 900})
        lab.settle_frames()
        seen_on_a_screen(lab, labels, width)


def seen_on_a_screen(lab, labels: dict, width: int):
    """The diagram and the chart's legend as drawn on this screen: within its width, no serious axe finding."""
    diagram = lab.by("experiment-stats-diagram")
    assert diagram.is_visible(), width
    words = diagram.locator("svg text").all_text_contents()
    assert all(any(w.startswith(label + " (") for w in words) for label in labels.values()), (width, words)
    assert any(w.startswith("critical difference ") for w in words), (width, words)
    # one legend entry per experiment entry: the 95% bands are drawn, not listed
    chart = lab.page.locator("#experiment-chart")
    listed = chart.locator(".u-legend .u-series:visible").all_inner_texts()
    assert len(listed) == len(labels) and all(t.startswith(label) for t, label in zip(listed, labels.values())), listed
    assert [t.strip() for t in listed] == chart.get_attribute("data-legend").split("|")
    assert not [v for v in lab.axe_violations("#experiment-stats") if v[1] in SERIOUS], width
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= width
