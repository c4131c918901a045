"""One digest of a seeded run, for the solvers' fingerprint tests: a change to how a step is
computed (plain Python for numpy, fewer calls) must leave every draw, board and counter as it
was, and the digest says so in one string.

The digest is a sha256 over every progress frame (the pauses before it, counters, best, series,
event, overlay, board) and the result. Floats count to 9 significant digits, so that a last-bit
difference of another CPU's math library (nb_coin's entropy goes through log2) is not taken for
another run."""

import hashlib

import numpy as np

from sudoku_lab.run import Budget, Run


def _feed(h, x) -> None:
    if isinstance(x, np.ndarray):
        if x.dtype.kind == "f":
            _feed(h, x.tolist())
            return
        h.update(f"{x.dtype}{x.shape}".encode())
        h.update(np.ascontiguousarray(x).tobytes())
    elif isinstance(x, dict):
        for k in sorted(x, key=str):
            _feed(h, str(k))
            _feed(h, x[k])
    elif isinstance(x, (list, tuple)):
        h.update(b"[")
        for v in x:
            _feed(h, v)
        h.update(b"]")
    elif isinstance(x, (bool, np.bool_)):
        h.update(b"T" if x else b"F")
    elif isinstance(x, (int, np.integer)):
        h.update(f"i{int(x)};".encode())
    elif isinstance(x, (float, np.floating)):
        h.update(f"f{float(x):.9g};".encode())
    else:
        h.update(f"{x!r};".encode())


def run_digest(puzzle, solver: str, params: dict, seed: int, steps: int) -> str:
    """The first 16 hex digits of the digest of `solver`'s run on `puzzle` with `params` and
    `seed`, to a budget of `steps` steps."""
    h = hashlib.sha256()
    run = Run(puzzle, solver, params, seed, Budget(max_iterations=steps))
    pauses = 0
    while not run.done:
        p = run.tick()
        if p is None:
            pauses += 1
            continue
        _feed(h, [pauses, p.iteration, p.evaluations, p.best, p.restarts, p.event, p.series, p.overlay,
                  np.asarray(p.board, dtype=np.int8)])
        pauses = 0
    r = run.result
    _feed(h, [r.solved, r.iterations, r.evaluations, r.stop_reason, r.restarts, r.best, r.conflicts,
              r.open_cells, np.asarray(r.board, dtype=np.int8)])
    return h.hexdigest()[:16]
