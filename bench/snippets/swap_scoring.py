"""hill_climb's neighbourhood scoring (every in-box swap's change of f1 and f2): numpy over the
whole neighbourhood, as the solver does it, against plain Python over lists. Microseconds per
scoring (the fastest of nine batches, after a warm-up run of every case) at the swap counts of a 9×9 (101 and 162 swaps) and a 36×36 (6,822) puzzle; both ways
give the same scores (checked). Self-contained on purpose (bench/wasm_compare.py runs it in a
bare Pyodide, without our package), so `numpy_scores` restates `_Climber.deltas` on random tables
of the same shapes (the timing does not depend on the tables being a real state)."""
import time

import numpy as np


def per_call(f, n=200, batches=9):
    """The fastest of a few batches' mean: the machine's other work only ever adds time."""
    f()
    best = float("inf")
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(n):
            f()
        best = min(best, (time.perf_counter() - start) / n)
    return round(best * 1e6, 1)


SIGN = np.array([[1], [-1], [1], [-1]])
TARGET = np.array([[0], [1], [0], [1]])


def case(N: int, swaps: int) -> dict:
    rng = np.random.default_rng(0)
    W = N + 1
    board = rng.integers(1, W, N * N)
    rows = rng.integers(0, 3, (N, W))
    cols = rng.integers(0, 3, (N, W))
    clash = rng.integers(0, 2, (N * N, W))
    pa, pb = rng.integers(0, N * N, swaps), rng.integers(0, N * N, swaps)
    ra, rb, ca, cb = pa // N, pb // N, pa % N, pb % N
    diff_row, diff_col = ra != rb, ca != cb
    row_off = np.concatenate([ra, ra, rb, rb]) * W
    col_off = np.concatenate([ca, ca, cb, cb]) * W
    cell_off = np.concatenate([pa, pa, pb, pb]) * W

    def numpy_scores():
        va, vb = board[pa], board[pb]
        vals = np.concatenate([vb, va, va, vb])
        r = rows.ravel()[row_off + vals].reshape(4, -1)
        c = cols.ravel()[col_off + vals].reshape(4, -1)
        k = clash.reshape(-1)[cell_off + vals].reshape(4, -1)
        d_f1 = ((SIGN * (r == TARGET)).sum(0) * diff_row + (SIGN * (c == TARGET)).sum(0) * diff_col)
        d_f2 = (SIGN * k).sum(0)
        return d_f1, d_f2, 1.0 * d_f1 - 1.0 * d_f2

    board_l, rows_l, cols_l, clash_l = board.tolist(), rows.tolist(), cols.tolist(), clash.tolist()
    swaps_l = list(zip(pa.tolist(), pb.tolist(), ra.tolist(), rb.tolist(), ca.tolist(), cb.tolist()))

    def python_scores():
        out = []
        for a, b, r1, r2, c1, c2 in swaps_l:
            va, vb = board_l[a], board_l[b]
            d1 = 0
            if r1 != r2:
                d1 += (rows_l[r1][vb] == 0) - (rows_l[r1][va] == 1) + (rows_l[r2][va] == 0) - (rows_l[r2][vb] == 1)
            if c1 != c2:
                d1 += (cols_l[c1][vb] == 0) - (cols_l[c1][va] == 1) + (cols_l[c2][va] == 0) - (cols_l[c2][vb] == 1)
            out.append((d1, clash_l[a][vb] - clash_l[a][va] + clash_l[b][va] - clash_l[b][vb]))
        return out

    d_f1, d_f2, _ = numpy_scores()
    assert python_scores() == list(zip(d_f1.tolist(), d_f2.tolist()))
    n = 100 if swaps < 1000 else 10
    return {"numpy": per_call(numpy_scores, n), "python": per_call(python_scores, n)}


SIZES = ((9, 101), (9, 162), (36, 6822))
for N, s in SIZES:            # warm-up: the first calls of each numpy function cost more in WebAssembly
    case(N, s)
RESULT = {f"{N}x{N}, {s} swaps": case(N, s) for N, s in SIZES}
