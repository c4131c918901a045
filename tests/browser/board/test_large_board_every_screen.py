"""The largest boards readable on every screen: a fitted 64×64 keeps its two-digit values apart
at 1280×900 and 390×844 — in its cells and in the live canvas that draws a run in the board's
font — and "Zoom in" is offered at both widths, showing 26-px cells inside the same frame, which
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
  return { cells: cells.length, cell, settled: Math.min(...spare), live: cell - widest };
}"""

BOX = """(ids) => Object.fromEntries(ids.map((id) => {
  const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
  return [id, [r.left, r.top, r.right, r.bottom]]; }))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}], ids=["1280", "390"])
def test_a_64x64_keeps_its_values_apart_and_offers_zoom_at_every_width(lab, viewport, scheme):
    lab.open()
    lab.page.emulate_media(color_scheme=scheme)
    lab.page.set_viewport_size(viewport)
    lab.open("#g=64:0.4:5&s=alldiff_ls&seed=1&t=2")
    lab.page.wait_for_selector('[data-testid=board][data-size="64"]')
    lab.wait_board(timeout=120_000)
    lab.page.wait_for_selector("[data-testid=board-making]", state="hidden")
    lab.page.wait_for_selector("[data-testid=puzzle-info][data-solutions]", timeout=120_000)   # nothing comes late
    fit = lab.page.evaluate(SPARE)
    assert fit["cells"] > 1000
    assert fit["settled"] >= 0.5 and fit["live"] >= 0.5, fit     # a gap, whatever the width
    zoom = lab.by("board-zoom")
    assert zoom.is_visible() and zoom.get_attribute("aria-pressed") == "false"
    parts = ["board-frame", "start", "stop", "status"]
    before = lab.page.evaluate(BOX, parts)
    zoom.click()
    assert zoom.get_attribute("aria-pressed") == "true"
    zoomed = lab.page.evaluate(SPARE)
    assert zoomed["cell"] >= 25 and zoomed["settled"] >= 5, zoomed
    assert lab.page.evaluate(BOX, parts) == before                # the frame scrolls; nothing around it moved
    left, _, right, _ = before["board-frame"]
    assert 0 <= left and right <= viewport["width"]
    assert lab.page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    assert lab.by("board-frame").evaluate("(f) => f.scrollWidth > f.clientWidth && f.scrollHeight > f.clientHeight")
    zoom.click()
    assert lab.page.evaluate(SPARE)["cell"] < 25
