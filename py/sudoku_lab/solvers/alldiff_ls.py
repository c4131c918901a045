"""Min-conflicts tabu search over cell values, of the graph-colouring family (TabuCol) — the
AllDiff-LS method (a 2025 research repository, C++; the papers' "large grids" notes). Not one
of the lab's five papers: the field's state of the art on large grids, shown beside them.
Learnt from the method's description and from reading its source; no code of it is used.
How it got here (the measured ablations, the earlier versions): docs/solvers/alldiff_ls.md.

The method:

* **Propagation** to a fixpoint first: naked and hidden singles (`propagate.candidate_table`).
  Givens that propagation proves unsolvable end the run at once.
* **The graph**: the open cells (not fixed by propagation) are the vertices; an edge joins two
  open cells of one unit. A fixed cell never clashes: its value left every open peer.
* **Cost**: clashing edges (two ends holding one value), each weighted; `best` is the fewest
  *unweighted* clashing edges seen, 0 a solution.
* **A move**, as the reference's cell-first mode: among the clashing cells that *may* move
  (configuration checking: a cell may move again only once a peer has taken its value since
  its own last move; if none may, every clashing cell), the one with the most weighted
  conflicts; then its best value (fewest weighted conflicts) that is not tabu, or tabu but
  aspirated (the move would bring the clashing edges below the episode's best). Every tie, of
  cells and of values, is broken **uniformly at random, drawn afresh at every move**.
* **First descent** (``descent``, on): while a walker has more clashing cells than a unit has
  cells (N), it scores the full neighbourhood at every move, as a steepest descent; below that,
  the cell-first rule. Not the reference's (it is cell-first from the first move); measured in
  moves (docs/benchmarks.md, alldiff_ls): one walker needs 2.7× fewer at 36×36 p = 0.40.
* **Stuck**: when every value of the chosen cell, tabu or not, would add conflicts, the walker
  scores the **full neighbourhood** (every clashing cell × every other candidate, the same
  tabu and aspiration rules) for 100 moves (``full_moves``). The reference would first set the
  cell aside (tabu on its own value, no move); measured inside the reference, dropping that step
  solved more (9 of 20 runs within 3 M moves against 5), so it is dropped here.
* **Tabu**: after cell x leaves value a, (x, a) is tabu for random(10) + 0.6 × (clashing cells)
  moves (Galinier & Hao's TabuCol rule).
* **Episodes and the elite pool** (the reference's): an episode runs a pool member's budget of
  moves (``episode`` = 100,000 to start), tabu and configuration checking cleared; its result is
  its latest state of fewest clashing edges. Fewer edges than the pool's cost: the pool is just
  that state, every weight back to 1. As many and unlike every member: it joins the pool (up
  to ``pool`` = 50; full, it replaces a member drawn at random) and each edge clashing in it
  gains 1 with chance 1/``raise_one_in`` (1/5). Otherwise — a duplicate of a member, or worse —
  the budget of the member the episode started from grows by 4 × ``episode``. The next episode
  starts from a member drawn at random.
* **Walkers in lockstep** (``walkers`` = K): K states move together, each numpy call making
  one move of every walker, so the cost of numpy's calls is shared K ways. They share the one
  elite pool and one set of edge weights: an episode's end (each walker's own) feeds the pool
  in walker order. K = 1 is the reference's single search.

Decisions where the description is vague, or numpy asks for them:

* **Tables by candidate slot**: a cell's candidates after propagation are its slots
  (a 36×36 cell at p = 0.50 keeps ~6 of its 36 values); the conflict table T[k, i, s] holds
  the weighted peers of open cell i holding its s-th candidate in walker k (int32). A move of
  x from a to b adds and subtracts x's edge weights in its peers' rows (two flat fancy
  updates over K × peers); a cell's own conflicts and the clashing edges are kept
  incrementally, never recounted. The clashing cells are read from the own-conflict table at
  every move (one `nonzero` over K × cells).
* **Random ties in one argmin**: each candidate move's key packs (not allowed) · (weighted
  delta) · (16 random bits) · (its position), so one `argmin` (or `minimum.reduceat` over the
  walkers' segments) gives the best allowed move with ties drawn uniformly at random.
* **Aspiration** compares, as the reference does, the clashing edges after the move computed
  with weighted conflicts (edges − x's weighted conflicts + the new value's) with the episode's
  fewest edges. No allowed move (all tabu, none aspirated): the best tabu move.
* **Weights** per (cell, peer slot), kept symmetric (a raise is drawn once per edge, from its
  lower-numbered end). A weight change recounts every walker's table (weights are shared).
* **Steps**: a step is a few lockstep moves (``steps_per_progress``: about 8 ms natively), so
  that it stays well within the page's 35-ms slice at every size; the moves do not depend on it. ``iteration``
  counts moves of all walkers (K per lockstep move); ``evaluations`` counts the (cell, value)
  moves scored. A solution ends the step at once.
* **The board shown** is the state of fewest clashing edges seen; the overlay's ``current`` is
  the walker whose current state has fewest. Series: that walker's clashing edges and cells,
  and the pool's size. The first Progress is the start, before any move (step 0).
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from ..filtering import peer_table
from ..grid import Puzzle, geometry
from ..progress import Progress
from ..propagate import candidate_table
from .params import check_memory, param

ID = "alldiff_ls"
TITLE = "Min-conflicts tabu search, AllDiff-LS family (state of the art)"
CITATION = ("AllDiff-LS: min-conflicts tabu search with edge weights and an elite pool (research "
            "repository Ailuras/AllDIff-LS, 2025); after P. Galinier, J.-K. Hao, Hybrid evolutionary "
            "algorithms for graph coloring, J. Comb. Optim. 3:379-397, 1999 (TabuCol).")
REFERENCE = True        # not one of the lab's five papers: the field's state of the art beside them
WALKERS = 16            # the default K (measured: docs/benchmarks.md, alldiff_ls)
PARAMS = [
    param("walkers", "int", WALKERS, "states searched in lockstep, sharing one elite pool and one set of "
          "edge weights (1: a single search, as the reference); a run on several workers splits them among "
          "its workers", 1, 128),
    param("neighbourhood", "choice", "cell", "cell: move the most-clashing cell that may move, and score the "
          "full neighbourhood for a while when it is stuck (the reference); full: score every clashing "
          "cell's every value at every move", choices=["cell", "full"]),
    param("full_moves", "int", 100, "moves scored over the full neighbourhood after a stuck cell", 1, 100_000),
    param("descent", "bool", True, "first descent in the full neighbourhood: a walker with more clashing "
          "cells than a unit has cells scores every clashing cell's every value (off: the reference's "
          "cell-first rule from the first move)"),
    param("tenure_random", "int", 10, "tabu tenure: random part, drawn in 0..this-1", 1, 1000),
    param("tenure_factor", "float", 0.6, "tabu tenure: this times the clashing cells, added", 0.0, 10.0),
    param("raise_one_in", "int", 5, "an episode that adds a state to the pool raises each edge clashing in "
          "it by 1 with chance 1/this (0: no weights)", 0, 1000),
    param("pool", "int", 50, "elite pool: most distinct states of the best cost kept for restarts", 1, 1000),
    param("episode", "int", 100_000, "moves of one walker's episode from a pool member (a member's first "
          "budget; grows by 4 times this when an episode adds nothing to the pool)", 10, 100_000_000),
]
STEP = "move"
# the extra board, for the page's caption: the default board is the best state (what the metrics describe)
VIEWS = {"current": "the current state of the walker nearest a solution, its clashing cells marked: where "
                    "the moves are, not the best state found"}
SERIES = {"cost": "clashing edges (current)", "clashing": "clashing cells (current)", "pool": "elite pool size"}
SERIES_AXES = {"pool": "right"}
OBJECTIVE = {"name": "clashing edges", "direction": "min", "best": lambda puzzle, params: 0}

# A candidate move's key (int64): bit 62 not allowed · 23 bits weighted delta (offset) · 16
# random bits · 23 bits of position. One argmin picks the best allowed move, ties at random.
_POS_BITS, _RAND_BITS, _DELTA_BITS = 23, 16, 23
_RAND_SHIFT = _POS_BITS
_DELTA_SHIFT = _POS_BITS + _RAND_BITS
_DELTA_OFF = 1 << (_DELTA_BITS - 1)
_NOT_ALLOWED = np.int64(1) << 62
_INVALID = np.iinfo(np.int64).max
_POS_MASK = (1 << _POS_BITS) - 1
_NEVER = np.iinfo(np.int64).max // 2     # a tabu entry that never ends: no candidate there, or the value held


def peak_bytes(puzzle: Puzzle, params: dict) -> int:
    """An upper bound, whatever propagation leaves open: the walkers' tables (int32 conflicts,
    int64 tabu: K × cells × (N + 1)), a full-neighbourhood move's int64 temporaries over the same
    (about four, when every cell clashes) and one recount's arrays (cells × peers)."""
    cells, N, n = puzzle.N ** 2, puzzle.N, puzzle.n
    return params["walkers"] * cells * (N + 1) * (12 + 32) + cells * (2 * (N - 1) + (n - 1) ** 2) * 32


def check_params(puzzle: Puzzle, params: dict) -> None:
    check_memory(ID, PARAMS, peak_bytes, puzzle, params, "walkers", "the walkers' conflict and tabu tables")


def steps_per_progress(N: int, walkers: int) -> int:
    """Lockstep moves in one step: about 8 ms natively (the page's Python is about half as fast,
    so a step stays well within its 35-ms slice). A lockstep move on a plateau took about
    0.2 + 0.05 × K × N/36 ms natively, measured by size and K on a loaded 2-core machine
    (docs/benchmarks.md, alldiff_ls), so the estimate errs on the short side."""
    return max(1, round(8 / (0.2 + 0.05 * walkers * N / 36)))


# ------------------------------------------------------------------ the search
class Walkers:
    """K search states in lockstep over one puzzle, with the shared pool and weights."""

    def __init__(self, puzzle: Puzzle, dom: np.ndarray, params: dict, rng: np.random.Generator):
        N, K = puzzle.N, params["walkers"]
        self.N, self.K, self.rng, self.params = N, K, rng, params
        self.full_always = params["neighbourhood"] == "full"
        self.descent = bool(params["descent"])
        fixed = dom.sum(axis=1) == 1
        self.open = np.flatnonzero(~fixed)
        m = self.m = self.open.size
        self.base = np.where(fixed, dom.argmax(axis=1) + 1, 0).astype(np.int8)
        index = np.full(N * N, m)                                # fixed cells -> the dummy row m
        index[self.open] = np.arange(m)
        peers = index[peer_table(geometry(puzzle.n).units)[self.open]]
        self.peers = np.vstack([peers, np.full((1, peers.shape[1]), m)])   # (m + 1, deg); row m the dummy
        odom = dom[self.open]
        self.ncand = np.append(odom.sum(axis=1), 0)
        S = self.S = int(self.ncand.max()) if m else 1
        r, v = np.nonzero(odom)
        s = np.arange(r.size) - (np.cumsum(self.ncand[:m]) - self.ncand[:m])[r]
        self.slot_of = np.full((m + 1, N + 1), S, dtype=np.intp)  # value N: the dummy's; S: no slot
        self.slot_of[r, v] = s
        self.cand = np.full((m + 1, S + 1), N, dtype=np.intp)     # the value in each slot
        self.cand[r, s] = v
        self.valid = np.zeros((m + 1, S + 1), dtype=bool)
        self.valid[r, s] = True
        self.weight = (self.peers < m).astype(np.int32)          # 0 on the dummy's slots
        self.kk = np.arange(K)
        # start: a random candidate per open cell and walker
        slot = (rng.random((K, m)) * self.ncand[:m]).astype(np.intp)
        self.val = np.full((K, m + 1), N, dtype=np.intp)
        self.val[:, :m] = self.cand[np.arange(m), slot]
        self.table = np.zeros((K, m + 1, S + 1), dtype=np.int32)
        self.own = np.zeros((K, m + 1), dtype=np.int32)
        self.tabu0 = np.where(self.valid, np.int64(0), np.int64(_NEVER))   # a walker's tabu at an episode's start (int64 in the page too)
        self.tabu = np.repeat(self.tabu0[None], K, axis=0)
        self.tabu[self.kk[:, None], np.arange(m + 1), self.slot_of[np.arange(m + 1), self.val]] = _NEVER
        self._row0 = (self.kk * (m + 1))[:, None]
        self._bits, self._drawn = np.zeros(0, dtype=np.int64), 0
        self._tenures, self._tenure_at = np.zeros((0, K), dtype=np.int64), 0
        self.may = np.ones((K, m + 1), dtype=bool)               # configuration checking
        self.full_left = np.zeros(K, dtype=np.int64)
        self.cost = np.zeros(K, dtype=np.int64)                  # clashing edges, unweighted
        self.t = self.evaluations = self.restarts = 0
        self.recount(self.kk)
        self.ep_best, self.ep_val = self.cost.copy(), self.val.copy()
        self.ep_end = np.full(K, params["episode"], dtype=np.int64)
        self.member = np.full(K, -1)                             # the pool member each episode left from
        self.member_gen = np.zeros(K, dtype=np.int64)
        self.pool, self.budgets, self.pool_cost, self.pool_gen = [], [], np.iinfo(np.int64).max, 0
        k = int(self.cost.argmin())
        self.best, self.best_val = int(self.cost[k]), self.val[k].copy()

    @property
    def moves(self) -> int:
        return self.t * self.K

    def counted(self, k: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Walker k's conflict table, own conflicts and clashing edges counted afresh from its
        values and the weights: (table, own, cost)."""
        m, S = self.m, self.S
        rows = np.arange(m + 1)
        held = self.val[k][self.peers]                           # (m + 1, deg)
        flat = rows[:, None] * (S + 1) + self.slot_of[rows[:, None], held]
        table = np.bincount(flat.reshape(-1), weights=self.weight.reshape(-1),
                            minlength=(m + 1) * (S + 1)).reshape(m + 1, S + 1).astype(np.int32)
        own = table[rows, self.slot_of[rows, self.val[k]]]
        own[m] = 0
        return table, own, int(np.count_nonzero(held[:m] == self.val[k, :m, None])) // 2

    def recount(self, ks: np.ndarray) -> None:
        """Walkers `ks`' tables, own conflicts and costs counted afresh (a load, a weight change);
        one walker at a time, so the peak stays one walker's (cells × peers)."""
        for k in np.asarray(ks).tolist():
            self.table[k], self.own[k], self.cost[k] = self.counted(k)

    # -------------------------------------------------------------- choosing
    def _random(self, count: int) -> np.ndarray:
        """`count` random tie-break bits, already shifted into place, from a block drawn ahead
        (one generator call per block, not per move: the draws depend only on the moves)."""
        if self._drawn + count > self._bits.size:
            self._bits = self.rng.integers(0, 1 << _RAND_BITS, size=max(1 << 16, count),
                                           dtype=np.int64) << _RAND_SHIFT
            self._drawn = 0
        out = self._bits[self._drawn:self._drawn + count]
        self._drawn += count
        return out

    def _keys(self, k, cells, rows) -> np.ndarray:
        """Keys of every slot of `cells` in walkers `k` (rows: their table rows): not allowed
        (tabu and not aspirated) · weighted delta · random bits; _INVALID where no move is
        (a padding slot, the value held)."""
        own = self.own[k, cells]
        tabu = self.tabu[k, cells]
        key = (rows + (_DELTA_OFF - own)[:, None]).astype(np.int64) << _DELTA_SHIFT
        key |= self._random(key.size).reshape(key.shape)
        aspire = (self.ep_best[k] - self.cost[k] + own)[:, None]     # rows below: fewer edges than the episode's best
        key |= ((tabu > self.t) & (rows >= aspire)).astype(np.int64) << 62
        return np.where(tabu >= _NEVER, np.int64(_INVALID), key)

    def choose(self, flat: np.ndarray):
        """The move of every walker: (cells, slots). `flat`: the clashing (walker, cell) pairs as
        flat indices into (K, cells), in walker order."""
        K, S, m = self.K, self.S, self.m
        kk = flat // (m + 1)
        ii = flat - kk * (m + 1)
        counts = np.bincount(kk, minlength=K)
        starts = np.cumsum(counts) - counts
        counting = self.full_left > 0                           # a stuck cell's 100 moves under way
        full = counting.copy()
        if self.descent:
            full |= counts > self.N
        if self.full_always:
            full[:] = True
        x = s = None
        if not full.all():
            # the cell: may move first, then most weighted conflicts, ties at random; its index in the low bits
            key = ((_DELTA_OFF - self.own.reshape(-1)[flat]).astype(np.int64) << _DELTA_SHIFT) | ii
            key |= self._random(key.size)
            key |= (~self.may.reshape(-1)[flat]).astype(np.int64) << 62
            x = np.minimum.reduceat(key, starts) & _POS_MASK
            key = self._keys(self.kk, x, self.table[self.kk, x])
            s = key.argmin(axis=1)
            self.evaluations += int(self.ncand[x].sum()) - K
            stuck = (key & ~_NOT_ALLOWED).min(axis=1) > ((_DELTA_OFF + 1) << _DELTA_SHIFT) - 1
            stuck &= ~full
            if stuck.any():
                self.full_left[stuck] = self.params["full_moves"]
                full |= stuck
                counting |= stuck
        if full.any():
            pick = full[kk]
            fk, fi = kk[pick], ii[pick]
            key = self._keys(fk, fi, self.table[fk, fi])
            key |= (fi * (S + 1))[:, None] + np.arange(S + 1)   # the move's place in the low bits
            fc = counts[full]
            best = np.minimum.reduceat(key.reshape(-1), (np.cumsum(fc) - fc) * (S + 1)) & _POS_MASK
            if x is None:
                x, s = best // (S + 1), best % (S + 1)
            else:
                x[full], s[full] = best // (S + 1), best % (S + 1)
            self.evaluations += int(self.ncand[fi].sum()) - fi.size
            self.full_left[counting] -= 1                      # the descent's moves are not counted
        return x, s, counts

    # -------------------------------------------------------------- moving
    def move(self, x: np.ndarray, s: np.ndarray, clashing: np.ndarray) -> None:
        """Walker k moves cell x[k] to its slot s[k]; `clashing`: its clashing cells before."""
        kk, m, S, t = self.kk, self.m, self.S, self.t
        a, b = self.val[kk, x], self.cand[x, s]
        p, w = self.peers[x], self.weight[x]                    # (K, deg)
        held = self.val[kk[:, None], p]
        hb = held == b[:, None]
        d = hb.view(np.int8) - (held == a[:, None]).view(np.int8)   # +1 a peer holding b, −1 holding a
        self.cost += d.sum(axis=1)
        base = (self._row0 + p) * (S + 1)
        flat = self.table.reshape(-1)
        flat[base + self.slot_of[p, a[:, None]]] -= w
        flat[base + self.slot_of[p, b[:, None]]] += w
        self.own[kk[:, None], p] += w * d
        self.own[kk, x] = self.table[kk, x, s]
        self.may[kk[:, None], p] |= hb
        self.may[kk, x] = False
        if self._tenure_at == len(self._tenures):
            self._tenures, self._tenure_at = self.rng.integers(0, self.params["tenure_random"],
                                                               size=(256, self.K)), 0
        tenure = self._tenures[self._tenure_at] + (self.params["tenure_factor"] * clashing).astype(np.int64)
        self._tenure_at += 1
        self.tabu[kk, x, self.slot_of[x, a]] = t + tenure
        self.tabu[kk, x, s] = _NEVER
        self.val[kk, x] = b
        self.t += 1

    def step(self, count: int) -> None:
        """Up to `count` lockstep moves; stops at once on a solution."""
        for _ in range(count):
            if self.best == 0:
                return
            x, s, counts = self.choose(np.flatnonzero(self.own > 0))
            self.move(x, s, counts)
            better = self.cost <= self.ep_best
            if better.any():
                self.ep_best[better] = self.cost[better]
                self.ep_val[better] = self.val[better]
                k = int(self.cost.argmin())
                if self.cost[k] < self.best:
                    self.best, self.best_val = int(self.cost[k]), self.val[k].copy()
                    if self.best == 0:
                        return
            ended = np.flatnonzero(self.ep_end <= self.t)
            if ended.size:
                self.end_episodes(ended)

    # -------------------------------------------------------------- episodes
    def end_episodes(self, ended: np.ndarray) -> None:
        """Each ended walker's episode against the pool (in walker order), then its restart."""
        episode, reweighted = self.params["episode"], False
        for k in ended.tolist():
            cost, val = int(self.ep_best[k]), self.ep_val[k]
            mine = self.member[k] if self.member_gen[k] == self.pool_gen else -1
            if cost < self.pool_cost:
                self.pool, self.budgets, self.pool_cost = [val.copy()], [episode], cost
                self.pool_gen += 1
                self.weight = (self.peers < self.m).astype(np.int32)
                reweighted = True
            elif cost == self.pool_cost and not any(np.array_equal(val, v) for v in self.pool):
                if len(self.pool) < self.params["pool"]:
                    self.pool.append(val.copy())
                    self.budgets.append(episode)
                else:
                    r = int(self.rng.integers(len(self.pool)))
                    self.pool[r], self.budgets[r] = val.copy(), episode
                if self.params["raise_one_in"]:
                    self.raise_weights(val, self.params["raise_one_in"])
                    reweighted = True
            elif mine >= 0:                                      # a duplicate, or worse
                self.budgets[mine] += 4 * episode
            r = int(self.rng.integers(len(self.pool)))
            self.member[k], self.member_gen[k] = r, self.pool_gen
            self.val[k] = self.pool[r]
            self.ep_end[k] = self.t + self.budgets[r]
            self.tabu[k] = self.tabu0
            self.tabu[k, np.arange(self.m + 1), self.slot_of[np.arange(self.m + 1), self.val[k]]] = _NEVER
            self.may[k] = True
            self.full_left[k] = 0
            self.restarts += 1
        self.recount(self.kk if reweighted else ended)
        self.ep_best[ended] = self.cost[ended]
        self.ep_val[ended] = self.val[ended]

    def raise_weights(self, val: np.ndarray, one_in: int) -> None:
        """Every edge clashing in `val` gains 1 with chance 1/one_in, at both its ends (the draw
        is made once per edge, from its lower-numbered end)."""
        m = self.m
        hit = (val[self.peers[:m]] == val[:m, None]) & (np.arange(m)[:, None] < self.peers[:m])
        i, c = np.nonzero(hit)
        keep = self.rng.random(i.size) * one_in < 1
        i, c = i[keep], c[keep]
        j = self.peers[i, c]
        self.weight[i, c] += 1
        self.weight[j, (self.peers[j] == i[:, None]).argmax(axis=1)] += 1

    # -------------------------------------------------------------- workers (team.py)
    def elite(self) -> tuple[int, list[np.ndarray]]:
        """What this group of walkers offers the others: its pool's cost and members."""
        return int(self.pool_cost), [v.copy() for v in self.pool]

    def adopt(self, cost: int, members: list[np.ndarray]) -> None:
        """Another group's elite: fewer clashing edges replace the pool (weights back to 1, as on
        a new best); as many add the members not held yet, up to the pool's size. Each walker
        takes the new pool at its episode's end."""
        episode = self.params["episode"]
        if cost < self.pool_cost:
            self.pool, self.budgets, self.pool_cost = [], [], cost
            self.pool_gen += 1
            self.weight = (self.peers < self.m).astype(np.int32)
            self.recount(self.kk)
        if cost == self.pool_cost:
            for v in members:
                if len(self.pool) < self.params["pool"] and not any(np.array_equal(v, u) for u in self.pool):
                    self.pool.append(v.copy())
                    self.budgets.append(episode)
        if cost < self.best:
            self.best, self.best_val = cost, members[0].copy()

    def board(self, val: np.ndarray) -> np.ndarray:
        out = self.base.copy()
        out[self.open] = val[:self.m] + 1
        return out


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    if failed:
        return ("unsolvable", "naked and hidden singles empty a cell or a unit: the givens have no solution")
    s = Walkers(puzzle, dom, params, rng)
    per_step = steps_per_progress(puzzle.N, s.K)
    while True:
        yield progress(s)
        if s.best == 0:
            return "solved"
        s.step(per_step)


def progress(s: Walkers) -> Progress:
    """The walkers as a step reports them (a run's, and a team member's in the page: team.py)."""
    k = int(s.cost.argmin())
    return Progress(
        iteration=s.moves, evaluations=s.evaluations, best=s.best, board=s.board(s.best_val),
        restarts=s.restarts,
        series={"cost": int(s.cost[k]), "clashing": int(np.count_nonzero(s.own[k] > 0)), "pool": len(s.pool)},
        overlay={"boards": {"current": s.board(s.val[k])}})
