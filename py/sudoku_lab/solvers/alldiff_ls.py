"""Min-conflicts tabu search over cell values, of the graph-colouring family (TabuCol) — the
AllDiff-LS method (a 2025 research repository, C++; docs: the papers' "large grids" notes).
Not one of the lab's five papers: the field's state of the art on large grids, shown beside them.
Learnt from the method's description; no code of it is used.

The method, as implemented here:

* **Propagation** to a fixpoint first: naked and hidden singles (`propagate.singles`, the
  lab's one rule). Givens that propagation proves unsolvable end the run at once.
* **The graph**: the open cells (not fixed by propagation) are the vertices; an edge joins two
  open cells of one row, column or box. Fixed cells take no part: propagation has removed
  their values from every open peer's candidates, so an open cell never clashes with one.
* **Start**: every open cell takes a value drawn uniformly from its remaining candidates.
* **Cost**: the weighted number of clashing edges (two ends holding one value). The
  objective reported (`best`) is the fewest *unweighted* clashing edges seen; 0 is a solution.
* **Move**: a clashing cell takes another of its candidates. Every step scores every such
  move at once (the conflict table, below) and takes the best non-tabu one; a tabu move is
  allowed when it would bring the weighted cost below the episode's best weighted cost
  (aspiration; weights change only between episodes).
* **Tabu**: after cell x leaves value a, (x, a) is tabu for random(10) + 0.6 × (clashing
  cells) moves (Galinier & Hao's TabuCol rule).
* **Ties** (equal weighted delta) go to the cell that has been in conflict longest since it
  last moved or last stopped clashing (configuration checking), then at random: a random
  16-bit number per (cell, value), drawn at the start and drawn afresh for a cell's row each
  time it moves (drawing k × N numbers every move cost more than the rest of the move at
  64×64; the tenure's random part is taken from the same draw, and draws come in blocks of
  256 moves to save calls).
* **Episodes and the elite pool**: the search runs in episodes of tabu search, each from a
  pool member (the first from the random start) for the member's budget of moves (``episode``,
  100,000 as in the repository's source), tabu and ages cleared. An episode's result is its
  best state (the latest of its fewest unweighted clashing edges). Against the pool (up to
  ``pool`` = 50 distinct states of one cost): fewer clashing edges empty the pool into it and
  reset every weight to 1; as many, and unlike every member, it joins the pool (a full pool:
  it replaces a member drawn at random); more, the starting member's budget grows by
  4 × ``episode``. The next episode starts from a member drawn at random.
* **Edge weights** (breakout, between episodes only): all start at 1; an episode that ends at
  the pool's cost with a new member raises each edge clashing in that state by 1 with chance
  1/``raise_one_in`` (1/5); a new best cost resets them all to 1.

Why episodes (measured, docs/benchmarks.md "before / after"): the first version raised the
weights of the edges clashing in the *current* state every 500 moves without a better weighted
cost, and restarted after 20,000 moves without a new best. Instrumented on a 36×36 p = 0.45
that stalled, the search then wandered 10–30 clashing edges above its best (2) for 380,000
moves: the current state at a 500-move plateau is a random point of the walk, so the weights
(max 4, ~470 raises) landed on edges that did not matter and kept moving the landscape under
the tabu walk, and 20,000 moves between restarts from near-identical pool states (every
equal-cost state of a plateau was added) gave each restart too little room. With weights off
the same instance was solved in 88,000 moves. The repository's own Sudoku solver changes
weights only at an episode's end, on the edges of an elite state, and resets them on a new
best; that is the rule here now.

Decisions where the description is vague, or numpy asks for them:

* **Conflict table** T[i, v] = Σ of the weights of the edges from open cell i to peers holding
  v. A move of x from a to b changes only the rows of x's peers (two fancy-indexed updates);
  the move's weighted delta is T[x, b] − T[x, a]. The choice is one argmin over the
  clashing cells' rows of an integer key (delta, then −age, then a random tie-break), so no
  Python loop runs per cell.
* **Fewer numpy calls per move** (a move is ~25 calls, and each costs about a microsecond
  whatever its size): the table is kept pre-shifted with the tie-breaks in its low bits
  (score = T << 36 + tie-break + _BARRED on non-candidates), with each cell's own T[i, val[i]]
  beside it, so a key is score[clashing] − (own << 36 − since << 16), the move count's shift
  being common to all keys; the tabu mask is built only when the unmasked best is tabu and not
  aspirated. Same moves as the plain form (checked move by move against it, same seed).
* **Edge weights, not cell-value weights**: a weight per (cell, peer slot), kept symmetric
  because an edge is raised from both ends at once.
* **No admissible move** (every candidate tabu, none aspirated): the best move ignoring tabu.
* **Move choice: the most-clashing cell first, from 36×36 on** (``cell_first_from`` = 36), as
  the repository's source mostly does: the clashing cell with the most weighted conflicts (ties:
  longest in conflict, then the lowest index) takes its best value (non-tabu or aspirated; ties
  by the random tie-break); when that value would add conflicts (or all are tabu) the next 100
  moves score the full neighbourhood (every clashing cell × every other candidate, worsening
  moves included, one argmin), as the source falls back; so does every move while more cells
  clash than a unit has cells (the first descent, where ``batch`` pays). Below 36×36 every move
  scores the full neighbourhood. Why by size (measured, docs/benchmarks.md, on the goal rows'
  instances; moves to a solution do not depend on the machine's load): at 25×25 p = 0.45,
  instances 0–9, the full neighbourhood needed a median 32,600 moves (1.32 CPU s) and cell
  first 98,500 (3.81 s), both 10/10. At 36×36 p = 0.45, instances 0–9, cell first solved 8/10
  within 60 CPU s, 7 of them within 500,000 moves; the full neighbourhood (the version before)
  solved 6/10 within 20 CPU s (~500,000 moves), a different 6 (it solved 1 and 9 sooner, and
  left 3, 5, 6 and 8 where cell first solved 3, 6 and 8): level on ten instances. Cell first
  stays from 36×36 on because every goal row from 36×36 on was measured with it.
* **A weight raise's draw** is made once per edge, from its lower-numbered end, so the weight
  stays symmetric.
* **Several independent moves per step** (``batch``, on by default): numpy's cost per call
  dominates a move, and scoring k clashing cells × N values is the step's cost. With the best
  move, every other strictly improving move (the best of its cell) is taken too, best first,
  unless it shares a row, column or box with one taken before it: no two are peers, so each
  keeps its delta and the cost falls by their sum, exactly as if made one after another. At
  64×64 the first descent takes ~40 moves a step instead of one; on a plateau (no improving
  move but the best) a step is one move, as without it. The bookkeeping (best, episode's
  end) runs after each step's moves, so an episode may run a batch's few moves over its budget. Measured in docs/benchmarks.md.
* **Steps and pauses**: a step is `moves_per_step` moves (a Progress each, the runner's
  checks cost O(cells)): 200 up to 36×36, then fewer as a move's cost grows with the cells
  (200 · (36/N)², 108 at 49×49, 63 at 64×64), so that a step stays well within the page's
  35-ms slice: with 200 moves a step of the first descent at 64×64 took ~20 ms natively (the
  page's Python is about half as fast), and 25 of ~240 frames in 6 s took over 30 ms natively;
  with 63, 7 of ~280 (measured with `frames.Stream` in 17.5-ms slices, 64×64 p = 0.40). The
  moves do not depend on it (the search keeps its state between steps); a found solution ends
  the step at once. ``iteration`` counts moves; ``evaluations`` counts the (cell, value) moves
  scored.
* **The best board** (what the metrics and the default view show) is the state of fewest
  unweighted clashing edges; the overlay offers the ``current`` state. Series: the current
  clashing edges (``cost``), clashing cells, and the pool's size (right axis).
* **64×64**: the masks of `propagate` hold at most 62 values, so from 63 values on the same two
  rules run here on boolean candidate tables (same fixpoint).
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..constraints import candidate_masks
from ..grid import Puzzle, geometry
from ..progress import Progress
from ..propagate import singles
from .params import param

ID = "alldiff_ls"
TITLE = "Min-conflicts tabu search, AllDiff-LS family (state of the art)"
CITATION = ("AllDiff-LS: min-conflicts tabu search with edge weights and an elite pool (research "
            "repository Ailuras/AllDIff-LS, 2025); after P. Galinier, J.-K. Hao, Hybrid evolutionary "
            "algorithms for graph coloring, J. Comb. Optim. 3:379-397, 1999 (TabuCol).")
REFERENCE = True        # not one of the lab's five papers: the field's state of the art beside them
PARAMS = [
    param("tenure_random", "int", 10, "tabu tenure: random part, drawn in 0..this-1", 1, 1000),
    param("tenure_factor", "float", 0.6, "tabu tenure: this times the clashing cells, added", 0.0, 10.0),
    param("raise_one_in", "int", 5, "an episode that ends at the pool's cost raises each edge clashing in "
          "its best state by 1 with chance 1/this (0: no weights)", 0, 1000),
    param("pool", "int", 50, "elite pool: most distinct states of the best cost kept for restarts", 1, 1000),
    param("batch", "bool", True, "with the best move, take every strictly improving move that shares "
          "no unit with one taken before it (independent moves, one step)"),
    param("cell_first_from", "int", 36, "from this size (N of an N×N grid) on, move the most-clashing cell "
          "to its best value, and score the full neighbourhood for 100 moves when that value would add "
          "conflicts (0: at every size; above 64: never)", 0, 100),
    param("episode", "int", 100_000, "moves of one tabu-search episode from a pool member (a member's "
          "budget; grows by 4 times this when its episode ends worse than the pool)", 10, 100_000_000),
]
STEP = "move"
# the extra board, for the page's caption: the default board is the best state (what the metrics describe)
VIEWS = {"current": "the search's current state, its clashing cells marked: where the moves are, "
                    "not the best state found"}
SERIES = {"cost": "clashing edges (current)", "clashing": "clashing cells (current)", "pool": "elite pool size"}
SERIES_AXES = {"pool": "right"}
OBJECTIVE = {"name": "clashing edges", "direction": "min", "best": lambda puzzle, params: 0}
MOVES_PER_STEP = 200    # up to 36×36; fewer above (moves_per_step)


def moves_per_step(N: int) -> int:
    """Moves in one step of an N×N: about the same time a step at any size (module docstring)."""
    return min(MOVES_PER_STEP, max(1, round(MOVES_PER_STEP * (36 / N) ** 2)))
_NEVER = np.iinfo(np.int64).max // 4
_IMPROVING = -(1 << 36) + (1 << 16)   # a key below this (less the move count << 16) has weighted delta < 0
_BARRED = 1 << 61                # added to a non-candidate's key (above any |delta| < 2**24, shifted by 36)
_MASKED = 1 << 62                # a tabu move's key in the masked argmin (above every candidate's)
_AGE_CAP = (1 << 20) - 1         # ages in conflict count to this (20 bits between the tie-break and delta)
_LOW = (1 << 16) - 1             # the tie-break's bits in the score table


# ------------------------------------------------------------------ propagation
def _bool_singles(dom: np.ndarray, n: int) -> tuple[np.ndarray, bool]:
    """Naked and hidden singles to a fixpoint on a boolean (cells, N) candidate table, for
    grids whose values do not fit `propagate`'s int64 masks. Returns (table, failed)."""
    g = geometry(n)
    while True:
        count = dom.sum(axis=1)
        if (count == 0).any():
            return dom, True
        fixed = dom & (count == 1)[:, None]
        in_unit = fixed[g.units].sum(axis=1)                     # (3N, N) fixed holders per value
        if (in_unit > 1).any():
            return dom, True
        taken = (in_unit[:g.N][g.row_of] | in_unit[g.N:2 * g.N][g.col_of]
                 | in_unit[2 * g.N:][g.box_of]) > 0
        new = np.where((count == 1)[:, None], dom, dom & ~taken)
        places = new[g.units].sum(axis=1)                        # (3N, N) cells that can take v
        if (places == 0).any():
            return new, True
        once = places == 1
        told = new & (once[:g.N][g.row_of] | once[g.N:2 * g.N][g.col_of] | once[2 * g.N:][g.box_of])
        if (told.sum(axis=1) > 1).any():
            return new, True
        new = np.where(told.any(axis=1)[:, None], told, new)
        if np.array_equal(new, dom):
            return new, False
        dom = new


def domains(puzzle: Puzzle) -> tuple[np.ndarray, bool]:
    """Each cell's candidates after naked and hidden singles: a bool (cells, N) table, failed."""
    n, N = puzzle.n, puzzle.N
    if N <= 62:
        masks, failed, _ = singles(candidate_masks(puzzle.cells, n), n)
        return ((masks[:, None] >> np.arange(N)) & 1).astype(bool), bool(failed)
    dom = np.ones((N * N, N), dtype=bool)
    given = np.flatnonzero(puzzle.cells)
    dom[given] = False
    dom[given, puzzle.cells[given].astype(np.intp) - 1] = True
    return _bool_singles(dom, n)


def peer_table(n: int) -> np.ndarray:
    """(cells, 2(N−1) + (n−1)²) the peers of every cell: its row, its column, the rest of its box."""
    N = n * n
    cell = np.arange(N * N)
    r, c = cell // N, cell % N
    others = np.arange(N - 1)
    row = r[:, None] * N + (others + (others >= c[:, None]))
    col = (others + (others >= r[:, None])) * N + c[:, None]
    br, bc = (r // n) * n, (c // n) * n
    ins = np.arange(n - 1)
    rr = br[:, None] + ins + (ins >= (r % n)[:, None])           # the box's other rows
    cc = bc[:, None] + ins + (ins >= (c % n)[:, None])           # and other columns
    box = (rr[:, :, None] * N + cc[:, None, :]).reshape(N * N, -1)
    return np.concatenate([row, col, box], axis=1)


# ------------------------------------------------------------------ the search
class Search:
    """The state of one run: values of the open cells, the conflict table, tabu, weights, pool."""

    def __init__(self, puzzle: Puzzle, dom: np.ndarray, params: dict, rng: np.random.Generator):
        N = puzzle.N
        self.N, self.rng, self.params = N, rng, params
        self.cell_first = N >= params["cell_first_from"]
        fixed = dom.sum(axis=1) == 1
        self.open = np.flatnonzero(~fixed)
        m = self.m = self.open.size
        self.base = np.where(fixed, dom.argmax(axis=1) + 1, 0).astype(np.int8)
        g = geometry(puzzle.n)
        self.units = np.stack([g.row_of, N + g.col_of, 2 * N + g.box_of], axis=1)[self.open]
        index = np.full(N * N, m)                                # fixed cells -> the dummy row m
        index[self.open] = np.arange(m)
        self.peers = index[peer_table(puzzle.n)[self.open]]      # (m, deg), m = no open peer
        self.dom = np.zeros((m + 1, N), dtype=bool)
        self.dom[:m] = dom[self.open]
        self.weight = (self.peers < m).astype(np.int64)          # 0 on the dummy's slots
        # start: a random candidate per open cell (inverse-CDF over the candidates)
        choice = (rng.random(m) * self.dom[:m].sum(axis=1)).astype(np.intp)
        rank = np.cumsum(self.dom[:m], axis=1) - 1
        val = np.full(m + 1, -1, dtype=np.intp)
        val[:m] = np.argmax((rank == choice[:, None]) & self.dom[:m], axis=1)
        self.moves = self.evaluations = self.restarts = self.full_left = 0
        self.barred = np.where(self.dom, np.int64(0), np.int64(_BARRED))   # non-candidates: never chosen
        self.barred[m] = 0                                       # the dummy row: never clashing, never scored
        self.noise = rng.integers(0, 1 << 16, size=(m + 1, N)) + self.barred   # tie-breaks per (cell, value)
        self.draws, self.drawn = np.zeros((0, N + 1), dtype=np.int64), 0
        self.load(val)
        self.best, self.best_val = self.cost_u, val.copy()       # the run's best (what is shown)
        self.pool, self.pool_cost = [val.copy()], self.cost_u     # the start is the first member
        self.budgets, self.member = [params["episode"]], 0
        self.begin()

    def begin(self) -> None:
        """A new episode from the state just loaded."""
        self.ep_start, self.ep_best, self.ep_val = self.moves, self.cost_u, self.val.copy()

    def load(self, val: np.ndarray) -> None:
        """Take the state `val` (recounting the table with the current weights) and clear tabu."""
        m, N = self.m, self.N
        self.val = val.copy()
        self.w36 = self.weight << 36                             # a move adds these to its peers' scores
        noise = self.noise if not hasattr(self, "score") else (self.score & _LOW) + self.barred
        self.score = (self.recount() << 36) + noise             # T << 36 + tie-break (+ _BARRED)
        self.tabu = np.where(self.dom, np.int64(0), np.int64(_NEVER))   # a non-candidate is never free
        self.tabu[np.arange(m), self.val[:m]] = _NEVER            # the value a cell holds
        self.own = self.score[np.arange(m + 1), self.val] >> 36
        self.own[m] = 0
        self.clashing = self.own > 0
        self.cost_w = int(self.own[:m].sum()) // 2
        self.cost_u = int(np.count_nonzero(self.val[self.peers] == self.val[:m, None])) // 2
        self.best_w = self.cost_w                               # the episode's best weighted cost
        self.since = np.full(m + 1, self.moves, dtype=np.int64)   # in conflict since (or moved at)

    @property
    def table(self) -> np.ndarray:
        """The conflict table T[i, v] (weighted peers of open cell i holding v), read from the score."""
        return (self.score - self.barred) >> 36

    def recount(self) -> np.ndarray:
        """The conflict table computed afresh (at a load, and for tests)."""
        m = self.m
        t = np.zeros((m + 1, self.N), dtype=np.int64)
        held = self.val[self.peers]
        np.add.at(t, (np.repeat(np.arange(m), self.peers.shape[1]), held.reshape(-1)), self.weight.reshape(-1))
        t[m] = 0
        return t

    def choose(self) -> tuple[np.ndarray, np.ndarray, int]:
        """The moves of one step: (open cells, new values, clashing cells). The best move comes
        from one masked argmin over the clashing cells' rows (a non-candidate's tie-break
        carries _BARRED, so its key is above every candidate's). With ``batch``, every other
        strictly improving move comes with it, best first, unless it shares a unit with one
        taken before (a short Python loop over at most 4N candidates): no two share a unit, so
        none changes another's delta."""
        cl = self.clashing.nonzero()[0]
        moves, N = self.moves, self.N
        # key = score - own << 36 + since << 16 = (delta << 36) + tie-break - (age << 16) + (moves << 16):
        # the last term is the same for every move, so it only shifts the thresholds
        sub = (self.own[cl] << 36) - (np.maximum(self.since[cl], moves - _AGE_CAP) << 16)
        key = self.score[cl]
        key -= sub[:, None]
        self.evaluations += cl.size * N
        off = moves << 16
        aspire = ((self.best_w - self.cost_w - 1) << 36) + (1 << 16) + off   # below: aspiration
        k = int(key.argmin())
        masked = False
        if key.flat[k] >= aspire and self.tabu[cl[k // N], k % N] > moves:   # the best is tabu: mask
            tabu = self.tabu[cl]
            key[(tabu > moves) & (key >= aspire)] = _MASKED
            masked = True
            k = int(key.argmin())
            if key.flat[k] >= _MASKED:                           # all tabu: best ignoring tabu
                raw = self.score[cl] - (self.own[cl] << 36)[:, None]
                k = int(np.where(tabu < _NEVER, raw, _NEVER).argmin())
        i, v = divmod(k, self.N)
        if not self.params["batch"] or key.flat[k] >= _IMPROVING + off or cl.size < 2:
            return cl[i:i + 1], np.array([v]), cl.size
        if not masked:
            key[(self.tabu[cl] > moves) & (key >= aspire)] = _MASKED
        value = key.argmin(axis=1)
        best = key[np.arange(cl.size), value]
        better = np.flatnonzero(best < _IMPROVING + off)
        if better.size < 2:
            return cl[i:i + 1], np.array([v]), cl.size
        better = better[best[better].argsort()][:4 * self.N]
        used, take = set(), []
        for j, (r, c, b) in zip(better.tolist(), self.units[cl[better]].tolist()):
            if r not in used and c not in used and b not in used:   # greedy, best first
                used.update((r, c, b))
                take.append(j)
        return cl[take], value[take], cl.size

    def choose_cell(self):
        """Most-clashing cell first (weighted, then longest in conflict), then its best value
        (non-tabu or aspirated); the full neighbourhood while many cells clash, and for 100 moves
        after the cell has no value that adds no conflict."""
        if self.full_left > 0:
            self.full_left -= 1
            return self.choose()
        cl = self.clashing.nonzero()[0]
        moves = self.moves
        if cl.size > self.N:
            return self.choose()
        ck = (self.own[cl] << 20) - np.maximum(self.since[cl], moves - _AGE_CAP)
        x = int(cl[ck.argmax()])
        key = self.score[x] - (int(self.own[x]) << 36)
        aspire = ((self.best_w - self.cost_w - 1) << 36) + (1 << 16)
        key[(self.tabu[x] > moves) & (key >= aspire)] = _MASKED
        v = int(key.argmin())
        self.evaluations += self.N
        if key[v] >= (1 << 36):                                  # adds conflicts (or all tabu)
            self.full_left = 100
            return self.choose()
        return np.array([x]), np.array([v]), cl.size

    def move(self, x: int, b: int, clashing: int) -> None:
        a = int(self.val[x])
        p = self.peers[x]
        score, row = self.score, self.score[x]
        tb = int(row[b]) >> 36
        self.cost_w += tb - (int(row[a]) >> 36)
        held = self.val[p]
        self.cost_u += int(np.count_nonzero(held == b)) - int(np.count_nonzero(held == a))
        w = self.w36[x]
        score[p, a] -= w
        score[p, b] += w
        self.val[x] = b
        self.moves += 1
        if self.drawn == len(self.draws):                      # random numbers, drawn in blocks
            self.draws, self.drawn = self.rng.integers(0, 1 << 16, size=(256, self.N + 1)), 0
        draw = self.draws[self.drawn]
        self.drawn += 1
        row += draw[:self.N] - (row & _LOW)                     # x's own tie-breaks, drawn afresh
        tenure = int(draw[self.N]) % self.params["tenure_random"] + int(self.params["tenure_factor"] * clashing)
        self.tabu[x, a] = self.moves + tenure
        self.tabu[x, b] = _NEVER
        own = score[p, held] >> 36
        self.own[p] = own
        now = own > 0
        self.since[p] = np.where(self.clashing[p], self.since[p], self.moves)   # started clashing now
        self.clashing[p] = now
        self.own[x] = tb
        self.clashing[x] = tb > 0
        self.since[x] = self.moves

    def raise_weights(self, val: np.ndarray, one_in: int) -> np.ndarray:
        """Every edge clashing in `val` gains 1 with chance 1/one_in, from both its ends (the
        draw is made once per edge, from its lower end). Returns the hit mask (m, deg)."""
        m = self.m
        hit = val[self.peers] == val[:m, None]
        if one_in > 1:
            lower = hit & (np.arange(m)[:, None] < self.peers)
            i, k = np.nonzero(lower)
            keep = self.rng.random(i.size) * one_in < 1
            i, k = i[keep], k[keep]
            j = self.peers[i, k]
            hit = np.zeros_like(hit)
            hit[i, k] = True
            hit[j, (self.peers[j] == i[:, None]).argmax(axis=1)] = True
        self.weight += hit
        return hit

    def reweight(self) -> None:
        """Breakout on the current state: every edge clashing now gains 1 (tests; the table kept)."""
        m = self.m
        gained = self.raise_weights(self.val, 1).sum(axis=1)
        self.score[np.arange(m), self.val[:m]] += gained << 36
        self.own[:m] += gained
        self.w36 = self.weight << 36
        self.cost_w += int(gained.sum()) // 2
        self.best_w = self.cost_w

    def restart(self) -> None:
        """The next episode: from a pool member drawn at random (tabu and ages cleared)."""
        self.member = int(self.rng.integers(len(self.pool)))
        self.restarts += 1
        self.load(self.pool[self.member])
        self.begin()

    def end_episode(self) -> None:
        """The episode's best state against the pool: better empties the pool into it and resets
        every weight to 1; as good and unlike every member joins it (or replaces a member drawn
        at random when full) and raises weights on its clashing edges; worse grows the budget of
        the member the episode started from. Then a restart."""
        episode = self.params["episode"]
        if self.ep_best < self.pool_cost:
            self.pool, self.pool_cost, self.budgets = [self.ep_val], self.ep_best, [episode]
            self.weight = (self.peers < self.m).astype(np.int64)
        elif self.ep_best == self.pool_cost and not any(np.array_equal(self.ep_val, v) for v in self.pool):
            if len(self.pool) < self.params["pool"]:
                self.pool.append(self.ep_val)
                self.budgets.append(episode)
            else:
                r = int(self.rng.integers(len(self.pool)))
                self.pool[r], self.budgets[r] = self.ep_val, episode
            if self.params["raise_one_in"]:
                self.raise_weights(self.ep_val, self.params["raise_one_in"])
        elif self.ep_best > self.pool_cost:
            self.budgets[self.member] += 4 * episode
        self.restart()

    def step(self, count: int) -> None:
        """Up to `count` steps; stops at once on a solution."""
        for _ in range(count):
            if self.cost_u == 0:
                return
            cells, vals, clashing = self.choose_cell() if self.cell_first else self.choose()
            for x, b in zip(cells.tolist(), vals.tolist()):
                self.move(x, b, clashing)
            if self.cost_w < self.best_w:
                self.best_w = self.cost_w
            if self.cost_u <= self.ep_best:                    # the episode's latest best state
                self.ep_best, self.ep_val = self.cost_u, self.val.copy()
                if self.cost_u < self.best:
                    self.best, self.best_val = self.cost_u, self.ep_val
            if self.cost_u == 0:
                return
            if self.moves - self.ep_start >= self.budgets[self.member]:
                self.end_episode()

    def board(self, val: np.ndarray) -> np.ndarray:
        out = self.base.copy()
        out[self.open] = val[:self.m] + 1
        return out


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    dom, failed = domains(puzzle)
    if failed:
        return ("unsolvable", "naked and hidden singles empty a cell or a unit: the givens have no solution")
    s = Search(puzzle, dom, params, rng)
    per_step = moves_per_step(puzzle.N)
    while True:
        s.step(per_step)
        yield Progress(
            iteration=s.moves, evaluations=s.evaluations, best=s.best, board=s.board(s.best_val),
            restarts=s.restarts,
            series={"cost": s.cost_u, "clashing": int(np.count_nonzero(s.clashing)), "pool": len(s.pool)},
            overlay={"boards": {"current": s.board(s.val)}})
        if s.best == 0:
            return "solved"
