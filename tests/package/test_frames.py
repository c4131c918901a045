"""The page's progress frames (sudoku_lab.frames): thinned chart rows, the latest state, lite
frames, and null for "no value"."""

import json

from sudoku_lab import solvers
from sudoku_lab.frames import Stream
from sudoku_lab.progress import Progress
from sudoku_lab.run import Budget, Run


def test_frames_are_thinned_and_carry_the_latest_state(papers):
    stream = Stream(Run(papers["ai-escargot"], "hill_climb", {}, 0, Budget(max_iterations=500)))
    for _ in range(300):
        p = stream.run.step()
        stream._record(p)
    frame = stream.frame()
    assert len(frame["points"]) == Stream.MAX_POINTS_PER_FRAME
    assert frame["points"][-1][0] == frame["progress"]["iteration"]
    assert frame["series"] == ["objective", "conflicts", "f2"]
    assert frame["events"] and all(e["kind"] == "restart" for e in frame["events"])
    assert stream.frame()["points"] == []          # points are handed out once


def test_a_native_run_keeps_no_chart_rows(papers):
    run = Run(papers["ai-escargot"], "nb_coin", {}, 0, Budget(max_iterations=200))
    run.finish()
    assert not any(hasattr(run, a) for a in ("_points", "_events", "frame"))


def test_advance_runs_a_slice_and_ends_with_the_result(papers):
    stream = Stream(Run(papers["sato-27-medium"], "hill_climb", {}, 1))
    frames = [stream.advance(0.01)]
    while "result" not in frames[-1]:
        frames.append(stream.advance(0.01))
    assert frames[-1]["result"]["solved"]
    first = next(f for f in frames if "progress" in f)          # under load a slice may end before a step
    assert first["progress"]["open_cells"] >= first["progress"]["conflicts"] >= 0
    assert all(len(f["points"]) <= Stream.MAX_POINTS_PER_FRAME for f in frames)
    last = [f for f in frames if f["points"]][-1]["points"][-1]
    assert last[0] == frames[-1]["result"]["iterations"]        # the last step reaches the chart


def test_lite_frames_carry_the_state_only(papers):
    stream = Stream(Run(papers["sato-27-medium"], "ga_woc", {"population": 100}, 1), lite=True)
    frame = stream.advance(0.05)
    while "progress" not in frame and "result" not in frame:    # a loaded machine: no step within the slice yet
        frame = stream.advance(0.05)
    assert frame["points"] == [] and frame["events"] == [] and frame["progress"]["overlay"] is None
    assert len(frame["progress"]["board"]) == 81


def test_no_value_is_null_in_frames(papers, monkeypatch):
    def run(puzzle, params, rng):
        yield Progress(0, 1, float("nan"), puzzle.cells.copy(), {"a": 1.0, "b": float("nan")})
        yield Progress(1, 2, 3.0, puzzle.cells.copy(), {"a": float("inf")})
        return "stalled"
    fake = type("M", (), dict(ID="fake", TITLE="", CITATION="", PARAMS=[], run=staticmethod(run),
                              OBJECTIVE={"name": "x", "direction": "min", "best": lambda p, q: 0}))
    monkeypatch.setitem(solvers.REGISTRY, "fake", fake)
    stream = Stream(Run(papers["sato-01-easy"], "fake"))
    frame = stream.advance(1.0)
    assert frame["points"] == [[0, 1.0, None], [1, None, None]]
    assert frame["result"]["stop_reason"] == "stalled"
    json.dumps(frame, allow_nan=False)                 # what the bridge sends: strict JSON


def test_lite_frames_carry_a_trace_of_open_cells_against_seconds(papers):
    stream = Stream(Run(papers["sato-27-medium"], "hill_climb", {}, 1), lite=True)
    frames = [stream.advance(0.02)]
    while "result" not in frames[-1]:
        frames.append(stream.advance(0.02))
    trace = [pt for f in frames for pt in f["trace"]]
    assert len(trace) >= 2 and all(a[0] <= b[0] for a, b in zip(trace, trace[1:]))
    assert trace[-1][1] == 0 == frames[-1]["result"]["open_cells"]          # the last sample is the solution
    assert all(0 <= cells <= 81 for _, cells in trace)
    assert "trace" not in Stream(Run(papers["sato-27-medium"], "hill_climb", {}, 1)).advance(0.01)


def test_a_frame_names_the_open_cells_apart(papers):
    """open_cells = empty cells + clashing cells, each in the frame (the page shows them apart)."""
    import numpy as np
    from sudoku_lab.grid import ALPHABET
    for solver in ("hill_climb", "gp_moves"):                # a full board with clashes; one with empty cells
        stream = Stream(Run(papers["ai-escargot"], solver, {}, 0, Budget(max_iterations=3)))
        frame = stream.advance(0.05)
        while "progress" not in frame:
            frame = stream.advance(0.05)
        p = frame["progress"]
        board = np.array([0 if ch == "." else ALPHABET.index(ch) + 1 for ch in p["board"]])
        assert p["empty_cells"] == int(np.count_nonzero(board == 0))
        assert p["clashing_cells"] == len(p["clashing_at"])
        assert p["empty_cells"] + p["clashing_cells"] == p["open_cells"]
