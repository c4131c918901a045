"""Generated puzzles of every size and hardness: a random full grid, then givens kept at random
(docs/links-and-files.md, "Share links"; docs/design.md, "Command line"; docs/benchmarks.md, "Generating puzzles").

A :class:`Spec` — size, p, seed, and whether the puzzle must have one solution — names one
puzzle. Its text form ``<size>:<p>:<seed>[:unique]`` (``16:0.45:7``) is what share links carry
(``g=``), what ``generate`` writes as a bench file's puzzle name, and what the CLI reads.

**The full grid** is a randomised exact fill, not shuffles of one pattern (Lewis 2007 shuffles
one grid; a phase-transition sweep wants more variety). The n boxes on the diagonal share no row or column,
so each gets a random permutation of the values; the exact search (``exact.Counter`` with
``exact.FILL`` and the seed's generator) completes the grid with random ties and choice order,
the choice meeting the tightest constraints first, dom/wdeg weights and Luby restarts every
2·N²·luby(k) nodes. A prefill the search proves cannot be completed (it happens at 4×4: 576
pairs of diagonal boxes, 288 grids) is drawn again.

**Past 36×36** (box sizes 7 and 8) the exact fill has heavy tails the restarts do not tame: a
49×49 took 0.7–7.9 s of CPU over seeds 1–4 and seed 5 more than 30 s, a 64×64 had no grid after
13 s and 9 restarts (docs/benchmarks.md, "Generating puzzles"). There the full grid is Lewis's
(2007): one pattern grid, value (n·(r mod n) + ⌊r/n⌋ + c) mod N + 1, under random members of
the shuffles that keep a grid valid — the values relabelled, the bands and the rows inside each
band permuted, the stacks and the columns inside each stack permuted, and a transpose with
probability one half. A few numpy operations: milliseconds at 64×64. The grids are fewer than
the exact fill's (those reachable from one pattern), which the givens' random choice hides
little; the trade is a generator that always answers within its budget.

**The givens**: exactly round(p·N²) cells, halves rounded up, chosen uniformly at random — the
first ones of a random order of the cells. p·N² is computed exactly from p's shortest decimal
form (``Fraction(repr(p))``, which is JavaScript's ``String(p)`` too), so no float rounding can
move a half. Lloyd & Amos (2020) keep ⌈p·N²⌉, one given more whenever p·N² has a fraction
below one half (p = 0.45: 37 / 116 / 282 givens for 9×9 / 16×16 / 25×25 against our 36 / 115
/ 281).

**Determinism.** Only ``numpy.random.Generator`` draws decide (the exact search sorts before
it draws). The seed is split into two streams (``SeedSequence(seed).spawn(2)``): one fills the
grid, one orders the cells. So the same size and seed give the same full grid at every p, and a
larger p keeps every given of a smaller one: a sweep over p with the same seeds changes only how
many cells are kept.

**Unique mode** starts from the full grid and removes cells in the reverse of that order,
keeping a removal only when the exact count (limit 2) still finds one solution, until the
target count is reached ("target") or every cell has been tried ("minimal": no given left can go
without a second solution). If every removal succeeds the puzzle is the plain spec's puzzle. A
count that runs out of its node budget keeps its given and is counted as ``unsettled`` (the
puzzle is still unique; only minimality is then unproven).

:func:`generate_steps` yields ``progress.PAUSE`` every few dozen search nodes, so the page's
worker runs it in 35 ms slices; :func:`generate` runs it to the end. A unique 25×25 takes
minutes in the page, so ``generate_steps`` keeps a ``progress`` dict up to date for whoever
shows the wait (the worker sends it to the puzzle line): the stage (``fill``, ``remove``), the
fill's search nodes, and per removal round the cells removed, the removals still to make and
the cells tried. It only writes there (and reads the clock for ``elapsed``), so the puzzle is
the same with or without it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generator

import numpy as np

from . import values
from .exact import FILL, Counter, Strategy
from .grid import Puzzle, board_to_string, geometry
from .limits import SENTENCES, UNIQUE_MAX_SIZE
from .progress import PAUSE, complete

NODES_PER_PAUSE = 64            # search nodes between pauses (≈ 3 ms natively at 25×25)
FILL_RESTART_PER_CELL = 2       # the fill's Luby unit: this many nodes per cell of the grid
UNIQUE_CHECK_NODES = 200_000    # node budget of one uniqueness check in unique mode
UNIQUE_WORD = "unique"
PATTERN_FROM_BOX = 7            # box sizes from which the full grid is a shuffled pattern


@dataclass(frozen=True)
class Spec:
    """One generated puzzle's settings; build it with :meth:`of` or :func:`parse_spec`."""
    size: int
    p: float
    seed: int
    unique: bool = False

    @classmethod
    def of(cls, size: Any, p: Any, seed: Any, unique: bool = False) -> "Spec":
        """Each value read by its rule (``values.size``, ``values.p``, ``values.seed``); unique
        mode goes to 36×36 (past it, thousands of exact counts of a huge grid)."""
        spec = cls(values.size(size), values.p(p), values.seed(seed), bool(unique))
        if spec.unique and spec.size > UNIQUE_MAX_SIZE:
            raise values.ValueProblem("unique mode", f"{SENTENCES['unique_sizes']}; got size {spec.size}")
        return spec

    @property
    def text(self) -> str:
        return f"{self.size}:{values.fmt(self.p)}:{self.seed}" + (f":{UNIQUE_WORD}" if self.unique else "")

    @property
    def givens(self) -> int:
        return givens_for(self.p, self.size)

    def __str__(self) -> str:
        return self.text


def parse_spec(raw: Any) -> Spec:
    """``<size>:<p>:<seed>`` or ``<size>:<p>:<seed>:unique``; each part by its value rule."""
    parts = raw.split(":") if isinstance(raw, str) and len(raw) <= 4 * values.QUOTE_MAX else []
    if len(parts) not in (3, 4) or (len(parts) == 4 and parts[3] != UNIQUE_WORD):
        raise values.ValueProblem("generator settings", f"must be <size>:<p>:<seed>[:{UNIQUE_WORD}], "
                                  f"e.g. 16:0.45:7; got {values.quote(raw)}")
    return Spec.of(parts[0], parts[1], parts[2], len(parts) == 4)


def givens_for(p: float, size: int) -> int:
    """round(p·size²), halves up, computed exactly from p's shortest decimal form."""
    exact = Fraction(repr(float(p))) * size * size
    return int(exact + Fraction(1, 2))      # int() truncates: floor for the non-negative


@dataclass(frozen=True, eq=False)
class Generated:
    spec: Spec
    puzzle: Puzzle
    solution: np.ndarray        # the full grid the givens were taken from (N·N values)
    target: int                 # round(p·N²)
    stop: str                   # "target", or in unique mode "minimal" when it stopped above it
    unsettled: int = 0          # unique mode: removals whose count ran out of budget (given kept)

    def to_json(self) -> dict[str, Any]:
        """The fields ``generate --json`` prints (docs/design.md, "Command line")."""
        return {"spec": self.spec.text, "size": self.spec.size, "p": self.spec.p, "seed": self.spec.seed,
                "unique": self.spec.unique, "target": self.target, "givens": self.puzzle.given_count,
                "stop": self.stop, "unsettled": self.unsettled, "puzzle": self.puzzle.to_string(),
                "solution": board_to_string(self.solution)}


def _streams(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    fill, order = np.random.SeedSequence(seed).spawn(2)
    return np.random.default_rng(fill), np.random.default_rng(order)


def _search(counter: Counter, on_pause=lambda: None) -> Generator[None, None, None]:
    while not counter.advance(nodes=NODES_PER_PAUSE):
        on_pause()
        yield PAUSE


def shuffled_pattern(n: int, rng: np.random.Generator) -> np.ndarray:
    """A full grid of box size n: the pattern grid under random validity-keeping shuffles
    (module docstring, "Past 36×36")."""
    N = n * n
    r = np.arange(N)
    pattern = (n * (r[:, None] % n) + r[:, None] // n + r[None, :]) % N

    def lines() -> np.ndarray:          # bands (stacks) permuted, then lines inside each
        return (rng.permutation(n)[:, None] * n + np.stack([rng.permutation(n) for _ in range(n)])).reshape(-1)

    rows, cols = lines(), lines()
    grid = pattern[rows][:, cols]
    if rng.integers(2):
        grid = grid.T
    relabel = rng.permutation(N) + 1
    return relabel[grid].reshape(-1).astype(np.int8)


def full_grid_steps(n: int, rng: np.random.Generator,
                    on_nodes=lambda nodes: None) -> Generator[None, None, np.ndarray]:
    """A random full grid of box size n: random diagonal boxes, completed by the exact search;
    from box size 7 a shuffled pattern. on_nodes(search nodes so far) at every pause."""
    if n >= PATTERN_FROM_BOX:
        return shuffled_pattern(n, rng)
        yield                                   # a generator all the same (nothing to pause)
    g = geometry(n)
    strategy = Strategy(restart_nodes=FILL_RESTART_PER_CELL * g.N * g.N, weighted=FILL.weighted,
                        tight_first=FILL.tight_first, cells_first=FILL.cells_first)
    done = 0                                    # nodes of the prefills drawn before this one
    while True:
        cells = np.zeros(g.N * g.N, dtype=np.int8)
        for b in range(n):
            cells[g.boxes[b * n + b]] = rng.permutation(g.N) + 1
        counter = Counter(Puzzle(n, cells), limit=1, max_nodes=None, rng=rng, strategy=strategy)
        yield from _search(counter, lambda: on_nodes(done + counter.nodes))
        count = counter.result()
        done += count.nodes
        if count.solutions:
            return count.solution
        yield PAUSE                            # this prefill has no completion: draw another


def _is_unique(cells: np.ndarray, n: int, on_pause=lambda: None) -> Generator[None, None, bool | None]:
    """True / False, or None when the count ran out of its budget."""
    counter = Counter(Puzzle(n, cells), limit=2, max_nodes=UNIQUE_CHECK_NODES)
    yield from _search(counter, on_pause)
    count = counter.result()
    return count.solutions == 1 if count.complete else None


def generate_steps(spec: Spec | int, p: Any = None, seed: Any = None, unique: bool = False,
                   progress: dict | None = None, clock=time.perf_counter) -> Generator[None, None, Generated]:
    """The puzzle a spec names (or size, p, seed, unique), yielding PAUSE between parts.

    `progress`, when given, is kept up to date (module docstring): ``stage`` (``fill`` or
    ``remove``), ``nodes`` (the fill's search nodes), ``removed`` of ``to_remove`` (unique mode:
    the cells removed so far and the removals the target needs), ``tried`` (cells tried, kept
    or not), ``unsettled`` and ``elapsed`` (seconds on `clock`)."""
    if not isinstance(spec, Spec):
        spec = Spec.of(spec, p, 0 if seed is None else seed, unique)
    n = values.SIZES.index(spec.size) + 2
    C = spec.size * spec.size
    target = spec.givens
    start = clock()
    report = progress if progress is not None else {}
    report.update(stage="fill", nodes=0, removed=0, to_remove=C - target if spec.unique else 0, tried=0,
                  unsettled=0, elapsed=0.0)
    fill_rng, order_rng = _streams(spec.seed)
    solution = yield from full_grid_steps(n, fill_rng, lambda nodes: report.update(nodes=nodes, elapsed=clock() - start))
    order = order_rng.permutation(C)
    if not spec.unique:
        cells = np.zeros(C, dtype=np.int8)
        keep = order[:target]
        cells[keep] = solution[keep]
        return Generated(spec, Puzzle(n, cells), solution, target, "target")
    cells = solution.astype(np.int8).copy()
    givens, unsettled = C, 0
    report.update(stage="remove", elapsed=clock() - start)
    for tried, cell in enumerate(order[::-1].tolist()):
        if givens == target:
            break
        cells[cell] = 0
        verdict = yield from _is_unique(cells, n, lambda: report.update(elapsed=clock() - start))
        if verdict:
            givens -= 1
        else:
            cells[cell] = solution[cell]
            unsettled += verdict is None
        report.update(removed=C - givens, tried=tried + 1, unsettled=unsettled, elapsed=clock() - start)
        yield PAUSE
    return Generated(spec, Puzzle(n, cells), solution, target, "target" if givens == target else "minimal",
                     unsettled)


def generate(spec: Spec | int, p: Any = None, seed: Any = None, unique: bool = False) -> Generated:
    """:func:`generate_steps` run to the end."""
    return complete(generate_steps(spec, p, seed, unique))
