"""Min-conflicts tabu search over cell values, of the graph-colouring family (TabuCol) — the
AllDiff-LS method (a 2025 research repository, C++; the papers' "large grids" notes). Not one
of the lab's five papers: the field's state of the art on large grids, shown beside them.
Learnt from the method's description and from reading its source; no code of it is used.
The measured ablations behind the decisions below: docs/solvers/alldiff_ls.md.

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
  cells and of values, is broken **uniformly at random** (reservoir sampling: the k-th equal
  candidate met replaces the choice with chance 1/k; written inline in each scan, where a call
  per candidate would cost as much as the scan's own work).
* **First descent** (``descent``, on): while a walker has more clashing cells than a unit has
  cells (N), it scores the full neighbourhood at every move, as a steepest descent; below that,
  the cell-first rule. Not the reference's (it is cell-first from the first move); it saves moves
  on large grids (measured: docs/solvers/alldiff_ls.md).
* **Stuck**: when every value of the chosen cell, tabu or not, would add conflicts, the walker
  scores the **full neighbourhood** (every clashing cell × every other candidate, the same
  tabu and aspiration rules) for 100 moves (``full_moves``). The reference would first set the
  cell aside (tabu on its own value, no move); measured inside the reference, dropping that step
  solved more runs (docs/solvers/alldiff_ls.md), so it is dropped here.
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
* **Walkers** (``walkers`` = K, 1 by default: the reference's single search): K states that
  share the one elite pool and one set of edge weights, moved in turn, one move each a round;
  an episode's end (each walker's own) feeds the pool in walker order. A run on several
  workers splits them among its workers, each at least one (several/team.py). K > 1 did not
  pay on this move (docs/benchmarks.md, "Lockstep walkers, in moves and CPU"), nor did a team
  (docs/benchmarks.md, "Where a team pays"), so the page's Workers left to auto run one.

How a move is made cheap (the rules above are the whole search; this is only its cost):

* **Plain Python for the move, numpy for the set-up.** A move touches a few dozen numbers, and
  a numpy call costs about as much whatever its size, so a move of numpy calls paid mostly for
  the calls: the move is written in plain Python over flat lists (measured natively and in the
  page: docs/benchmarks.md, "Moves per second"). numpy builds the tables, recounts them after a weight
  change or a restart (a few calls over every slot) and draws the random numbers in blocks.
* **Slots**: a cell's candidates after propagation are its slots, numbered cell by cell over
  the whole grid (a 36×36 cell at p = 0.50 keeps ~6 of its 36 values). Per walker: the slot
  each cell holds, the weighted conflicts of every slot (the peers holding its value), each
  cell's own conflicts, the tabu marks per slot, and the list of clashing cells.
* **A move** of x from a to b walks x's open peers once: each peer's slot of a loses the edge's
  weight and its slot of b gains it; a peer holding a or b changes the clashing edges and its
  own conflicts. Nothing is recounted. The slot a cell holds carries a large constant
  (``_HELD``) on top of its count, so that `min()` over a cell's slots is its cheapest move.
* **The bound**: scoring the full neighbourhood, a cell whose cheapest move (a lower bound kept
  by the moves, made exact when looked at) cannot beat or tie the best move found so far is
  skipped without scoring its values. It changes which moves are looked at, not which is chosen.
* **Aspiration** compares, as the reference does, the clashing edges after the move computed
  with weighted conflicts (edges − x's weighted conflicts + the new value's) with the episode's
  fewest edges. No allowed move (all tabu, none aspirated): the best tabu move.
* **Weights** per edge, kept equal at both its ends; a raise is drawn once per clashing edge.
* **Steps**: a step is a few moves of each walker (``steps_per_progress``: about 8 ms natively),
  so that it stays well within the page's 35-ms slice at every size, and no more rounds than the
  runner's hint (the moves left before a step budget or a stop point) allows, so a budget ends
  the run at that move (with K walkers, at the round that reaches it); the moves do not depend on
  it. ``iteration`` counts moves of all walkers; ``evaluations`` counts the (cell, value) moves
  of the neighbourhood each move searched (the bound's skipped cells included: it is a
  shortcut, not a smaller neighbourhood). A solution ends the step at once.
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
WALKERS = 1             # the default K (measured: docs/benchmarks.md, alldiff_ls)
PARAMS = [
    param("walkers", "int", WALKERS, "states searched in turn, sharing one elite pool and one set of "
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

_NEVER = 1 << 62        # a tabu mark that never ends: the slot a cell holds is never a move
_INF = 1 << 62          # no move found yet
_HELD = 1 << 40         # added to the conflicts of the slot a cell holds, so that a cell's
                        # `min()` over its slots is its best move (its own count is `own`)


def peak_bytes(puzzle: Puzzle, params: dict) -> int:
    """An upper bound, whatever propagation leaves open: the graph (each cell's slot per value,
    its peers and their weights as lists and as numpy rows, and a recount's temporaries) and each
    walker's lists over its slots (conflicts, tabu, held: pointers and the ints behind them)."""
    cells, N, n = puzzle.N ** 2, puzzle.N, puzzle.n
    deg = 2 * (N - 1) + (n - 1) ** 2
    return cells * N * 8 + cells * deg * (16 + 24 + 32) + params["walkers"] * cells * N * 80


def check_params(puzzle: Puzzle, params: dict) -> None:
    check_memory(ID, PARAMS, peak_bytes, puzzle, params, "walkers", "the walkers' conflict and tabu tables")


def steps_per_progress(N: int, walkers: int) -> int:
    """Rounds (a move of each walker) in one step: about 8 ms natively (the page's Python is
    slower, so a step stays within its 35-ms slice). A move took about 0.04–0.06 × N² µs
    natively early in a run, where most cells clash (24 µs at 25×25, 45 at 36×36, 94 at 49×49,
    231 at 64×64: bench/alldiff_ls_speed.py on a loaded machine), so the estimate errs short."""
    return max(1, round(8000 / (0.06 * N * N * walkers)))


# ------------------------------------------------------------------ the tables
class Graph:
    """The puzzle's open cells, their candidates as slots, and the edges, shared by every walker.

    Cell i's slots are ``first[i] … first[i + 1] - 1`` (its candidates, ascending);
    ``slot_in[i][v]`` is i's slot of value v, or -1. ``adj[x]`` lists x's open peers and
    ``adj_w[x]`` the weights of those edges (from ``weight``, one row per open cell, one column
    per peer, kept symmetric): a move of x from value a to b changes the conflicts of each open
    peer's slot of a and of b, and nothing else."""

    def __init__(self, puzzle: Puzzle, dom: np.ndarray):
        N = self.N = puzzle.N
        fixed = dom.sum(axis=1) == 1
        self.open = np.flatnonzero(~fixed)
        m = self.m = int(self.open.size)
        self.base = np.where(fixed, dom.argmax(axis=1) + 1, 0).astype(np.int8)
        odom = dom[self.open]
        cell_of, value_of = np.nonzero(odom)                  # slots, cell by cell, values ascending
        F = self.slots = int(cell_of.size)
        self.ncand = odom.sum(axis=1).astype(np.int64)
        first = np.zeros(m + 1, dtype=np.int64)
        np.cumsum(self.ncand, out=first[1:])
        self.slot_at = np.full((m + 1, N), -1, dtype=np.intp)    # (cell, value) -> slot; row m: a fixed peer
        self.slot_at[cell_of, value_of] = np.arange(F)
        index = np.full(N * N, m)
        index[self.open] = np.arange(m)
        peers = index[peer_table(geometry(puzzle.n).units)[self.open]] if m else np.zeros((0, 1), np.int64)
        self.peers = peers                                       # (m, deg); m: a fixed peer
        self.weight = (peers < m).astype(np.int64)             # 0 toward a fixed peer
        self.back = np.zeros_like(peers)                         # cell i's column in the row of its peer j
        if m:                                                    # each (row, peer) pair's place, by a sort
            deg = peers.shape[1]
            keys = (np.arange(m)[:, None] * (m + 1) + peers).reshape(-1)
            order = np.argsort(keys, kind="stable")
            i, c = np.nonzero(peers < m)
            j = peers[i, c]
            self.back[i, c] = order[np.searchsorted(keys[order], j * (m + 1) + i)] - j * deg
        # plain lists for the moves (one int object per slot and per cell, shared by every list naming it)
        slots, cells = list(range(F)), list(range(m))
        self.slot_in = [[-1 if h < 0 else slots[h] for h in row] for row in self.slot_at[:m].tolist()]
        self.adj_cols = [np.flatnonzero(row < m) for row in peers]
        self.adj = [[cells[j] for j in peers[x, cols].tolist()] for x, cols in enumerate(self.adj_cols)]
        self.cell_of, self.value_of, self.first, self.values = cell_of.tolist(), value_of.tolist(), first.tolist(), value_of
        self.spare = (self.ncand - 1).tolist()                 # a cell's other values: its moves
        self.reweigh()

    def reweigh(self) -> None:
        """The moves' weight lists from `weight` (after a raise or a reset)."""
        self.adj_w = [self.weight[x, cols].tolist() for x, cols in enumerate(self.adj_cols)]

    def counted(self, cur: list[int]) -> tuple[list[int], int]:
        """Every slot's weighted conflicts and the clashing edges (unweighted) of the state `cur`
        (the slot each open cell holds), counted afresh: (conflicts, edges)."""
        m = self.m
        if not m:
            return [], 0
        held = np.append(self.values[np.asarray(cur, dtype=np.intp)], 0)   # the fixed peer's: never a slot
        theirs = held[self.peers]                                          # (m, deg): the value each peer holds
        slot = self.slot_at[np.arange(m)[:, None], theirs]                 # my slot of that value, or -1
        on = (slot >= 0) & (self.peers < m)
        table = np.bincount(slot[on].astype(np.intp), weights=self.weight[on], minlength=self.slots)   # intp: 32 bits in the page
        clash = np.count_nonzero(on & (theirs == held[:m, None]))
        return table.astype(np.int64).tolist(), int(clash) // 2

    def values_of(self, cur: list[int]) -> np.ndarray:
        return self.values[np.asarray(cur, dtype=np.intp)] if self.m else np.zeros(0, np.intp)


class Walker:
    """One search state: the slot each open cell holds (`cur`), every slot's weighted conflicts
    (`table`) and tabu mark, each cell's own conflicts and may-move flag, the clashing cells (a
    list, with each cell's place in it), the clashing edges, and its episode."""

    __slots__ = ("cur", "held", "table", "own", "low", "tabu", "may", "clash", "place", "size", "cost", "full_left",
                 "ep_best", "ep_val", "ep_end", "member", "member_gen")

    def load(self, g: Graph, cur: list[int]) -> None:
        """Take the state `cur` afresh: tables recounted, tabu and configuration checking cleared."""
        self.cur = list(cur)
        self.held = bytearray(g.slots)
        for h in self.cur:
            self.held[h] = 1
        self.tabu = [0] * g.slots
        for h in self.cur:
            self.tabu[h] = _NEVER
        self.may = bytearray(b"\x01") * g.m
        self.full_left = 0
        self.recount(g)

    def recount(self, g: Graph) -> None:
        self.table, self.cost = g.counted(self.cur)
        table = self.table
        self.own = [table[h] for h in self.cur]
        for h in self.cur:
            table[h] += _HELD
        first = g.first
        self.low = [min(table[first[i]:first[i + 1]]) for i in range(g.m)]
        self.clash = [i for i, o in enumerate(self.own) if o > 0]
        self.size = sum(g.spare[i] for i in self.clash)
        self.place = [-1] * g.m
        for k, i in enumerate(self.clash):
            self.place[i] = k


class Walkers:
    """K search states over one puzzle, with the shared pool and weights, moved in turn."""

    def __init__(self, puzzle: Puzzle, dom: np.ndarray, params: dict, rng: np.random.Generator):
        g = self.g = Graph(puzzle, dom)
        self.N, self.m, self.K, self.rng, self.params = g.N, g.m, params["walkers"], rng, params
        self.full_always = params["neighbourhood"] == "full"
        self.descent = bool(params["descent"])
        self.t = self.moves = self.evaluations = self.restarts = 0
        self._u, self._ui = [], 0                             # uniform draws for ties, in blocks
        self._tenure, self._ti = [], 0                        # tenures' random parts, in blocks
        self.walkers = []
        ncand = g.ncand
        for _ in range(self.K):                               # a random candidate per open cell
            slot = (rng.random(g.m) * ncand).astype(np.int64) + np.asarray(g.first[:-1], dtype=np.int64)
            w = Walker()
            w.load(g, slot.tolist())
            w.ep_best, w.ep_val, w.ep_end = w.cost, list(w.cur), params["episode"]
            w.member, w.member_gen = -1, 0                    # the pool member its episode left from
            self.walkers.append(w)
        self.pool, self.budgets, self.pool_cost, self.pool_gen = [], [], _INF, 0
        w = min(self.walkers, key=lambda w: w.cost)
        self.best, self.best_val = w.cost, list(w.cur)

    # -------------------------------------------------------------- random numbers
    def _draws(self, need: int) -> None:
        """At least `need` uniform draws left in the block (one generator call per block)."""
        if self._ui + need > len(self._u):
            self._u, self._ui = self.rng.random(max(1 << 16, 2 * need)).tolist(), 0

    def _tenure_part(self) -> int:
        if self._ti == len(self._tenure):
            self._tenure, self._ti = self.rng.integers(0, self.params["tenure_random"], size=4096).tolist(), 0
        self._ti += 1
        return self._tenure[self._ti - 1]

    # -------------------------------------------------------------- choosing
    def choose(self, w: Walker) -> int:
        """The slot walker `w` moves to (its cell is the slot's): the cell-first move, or the best
        move of the full neighbourhood (the first descent, a stuck cell's moves, or always)."""
        g = self.g
        self._draws(g.slots + g.m + 1)
        full = w.full_left > 0 or self.full_always or (self.descent and len(w.clash) > self.N)
        if not full:
            x = self._cell(w)
            h, stuck = self._value(w, x)
            self.evaluations += g.first[x + 1] - g.first[x] - 1
            if not stuck:
                return h
            w.full_left = self.params["full_moves"]
        if w.full_left > 0:
            w.full_left -= 1                                  # a stuck cell's moves (not the descent's)
        return self._full(w)

    def _cell(self, w: Walker) -> int:
        """The clashing cell that may move with the most weighted conflicts (if none may, any
        clashing cell), ties at random."""
        own, may, u, ui = w.own, w.may, self._u, self._ui
        best, x, ties = -1, -1, 0
        for i in [i for i in w.clash if may[i]] or w.clash:
            o = own[i]
            if o > best:
                best, x, ties = o, i, 1
            elif o == best:
                ties += 1
                if u[ui] * ties < 1:
                    x = i
                ui += 1
        self._ui = ui
        return x

    def _value(self, w: Walker, x: int) -> tuple[int, bool]:
        """Cell x's best allowed slot (ties at random; none allowed: its best tabu slot), and
        whether x is stuck: every other value, tabu or not, adds conflicts."""
        g, table, tabu, t, u, ui = self.g, w.table, w.tabu, self.t, self._u, self._ui
        o = w.own[x]
        asp = w.ep_best - w.cost                             # a tabu move beating the episode's best
        best, pick, ties, lowest = _INF, -1, 0, _INF
        tbest, tpick, tties = _INF, -1, 0
        for h in range(g.first[x], g.first[x + 1]):
            tb = tabu[h]
            if tb >= _NEVER:
                continue
            d = table[h] - o
            if d < lowest:
                lowest = d
            if tb > t and d >= asp:                           # tabu, not aspirated
                if d < tbest:
                    tbest, tpick, tties = d, h, 1
                elif d == tbest:
                    tties += 1
                    if u[ui] * tties < 1:
                        tpick = h
                    ui += 1
            elif d < best:
                best, pick, ties = d, h, 1
            elif d == best:
                ties += 1
                if u[ui] * ties < 1:
                    pick = h
                ui += 1
        self._ui = ui
        return (pick if pick >= 0 else tpick), lowest > 0

    def _full(self, w: Walker) -> int:
        """The best allowed move over every clashing cell's every other slot, ties at random; none
        allowed: the best tabu move. A cell whose cheapest slot (`low`, a lower bound kept by the
        moves, made exact here) is worse than the best move found so far is skipped unscored."""
        g, table, tabu, own, low, t, u, ui = self.g, w.table, w.tabu, w.own, w.low, self.t, self._u, self._ui
        first = g.first
        asp = w.ep_best - w.cost
        best, pick, ties = _INF, -1, 0
        tbest, tpick, tties = _INF, -1, 0
        for i in w.clash:
            o = own[i]
            if low[i] - o > best:
                continue
            a, b = first[i], first[i + 1]
            lo = low[i] = min(table[a:b])
            if lo - o > best:
                continue
            for h in range(a, b):
                d = table[h] - o
                if d > best:
                    continue
                tb = tabu[h]
                if tb > t:
                    if tb >= _NEVER:
                        continue
                    if d >= asp:                              # tabu, not aspirated
                        if best == _INF:
                            if d < tbest:
                                tbest, tpick, tties = d, h, 1
                            elif d == tbest:
                                tties += 1
                                if u[ui] * tties < 1:
                                    tpick = h
                                ui += 1
                        continue
                if d < best:
                    best, pick, ties = d, h, 1
                else:
                    ties += 1
                    if u[ui] * ties < 1:
                        pick = h
                    ui += 1
        self._ui = ui
        self.evaluations += w.size
        return pick if pick >= 0 else tpick

    # -------------------------------------------------------------- moving
    def move(self, w: Walker, h: int) -> None:
        """Walker w's cell of slot h takes h's value: each open peer's slots of the value left and
        of the value taken update their conflicts; the clashing cells and edges follow."""
        g = self.g
        x = g.cell_of[h]
        a = w.cur[x]
        table, held, own, clash, place, low = w.table, w.held, w.own, w.clash, w.place, w.low
        cost, size, spare = w.cost, w.size, g.spare
        tenure = self._tenure_part() + int(self.params["tenure_factor"] * len(clash))
        va, vb = g.value_of[a], g.value_of[h]
        may, slot_in = w.may, g.slot_in
        for j, wt in zip(g.adj[x], g.adj_w[x]):
            row = slot_in[j]
            p = row[va]
            if p >= 0:
                c = table[p] = table[p] - wt
                if held[p]:                                   # j held a: their edge clashed
                    cost -= 1
                    o = own[j] = own[j] - wt
                    if o == 0:                                # j leaves the clashing cells
                        k, last = place[j], clash[-1]
                        clash[k], place[last] = last, k
                        clash.pop()
                        place[j] = -1
                        size -= spare[j]
                elif c < low[j]:
                    low[j] = c
            p = row[vb]
            if p >= 0:
                table[p] += wt
                if held[p]:                                   # j holds b: a new clash, and j may move
                    cost += 1
                    may[j] = 1
                    if own[j] == 0:
                        place[j] = len(clash)
                        clash.append(j)
                        size += spare[j]
                    own[j] += wt
        c = table[a] = table[a] - _HELD
        if c < low[x]:
            low[x] = c
        o = own[x] = table[h]
        table[h] += _HELD
        if o == 0 and place[x] >= 0:
            k, last = place[x], clash[-1]
            clash[k], place[last] = last, k
            clash.pop()
            place[x] = -1
            size -= spare[x]
        elif o > 0 and place[x] < 0:
            place[x] = len(clash)
            clash.append(x)
            size += spare[x]
        may[x] = 0
        held[a], held[h] = 0, 1
        w.tabu[a] = self.t + tenure
        w.tabu[h] = _NEVER
        w.cur[x] = h
        w.cost, w.size = cost, size

    def step(self, count: int) -> None:
        """Up to `count` rounds (a move of each walker, in turn); stops at once on a solution."""
        for _ in range(count):
            if self.best == 0:
                return
            for w in self.walkers:
                self.move(w, self.choose(w))
                self.moves += 1
                if w.cost <= w.ep_best:
                    w.ep_best, w.ep_val = w.cost, list(w.cur)
                    if w.cost < self.best:
                        self.best, self.best_val = w.cost, list(w.cur)
                        if w.cost == 0:
                            self.t += 1
                            return
            self.t += 1
            ended = [k for k, w in enumerate(self.walkers) if w.ep_end <= self.t]
            if ended:
                self.end_episodes(ended)

    # -------------------------------------------------------------- episodes
    def end_episodes(self, ended: list[int]) -> None:
        """Each ended walker's episode against the pool (in walker order), then its restart."""
        episode, reweighted = self.params["episode"], False
        for k in ended:
            w = self.walkers[k]
            cost, val = w.ep_best, w.ep_val
            mine = w.member if w.member_gen == self.pool_gen else -1
            if cost < self.pool_cost:
                self.pool, self.budgets, self.pool_cost = [list(val)], [episode], cost
                self.pool_gen += 1
                self.g.weight = (self.g.peers < self.m).astype(np.int64)
                reweighted = True
            elif cost == self.pool_cost and val not in self.pool:
                if len(self.pool) < self.params["pool"]:
                    self.pool.append(list(val))
                    self.budgets.append(episode)
                else:
                    r = int(self.rng.integers(len(self.pool)))
                    self.pool[r], self.budgets[r] = list(val), episode
                if self.params["raise_one_in"]:
                    self.raise_weights(val, self.params["raise_one_in"])
                    reweighted = True
            elif mine >= 0:                                   # a duplicate, or worse
                self.budgets[mine] += 4 * episode
            r = int(self.rng.integers(len(self.pool)))
            w.member, w.member_gen = r, self.pool_gen
            w.ep_end = self.t + self.budgets[r]
            w.load(self.g, self.pool[r])
            self.restarts += 1
        if reweighted:
            self.g.reweigh()
            for w in self.walkers:
                w.recount(self.g)
        for k in ended:
            w = self.walkers[k]
            w.ep_best, w.ep_val = w.cost, list(w.cur)

    def raise_weights(self, val: list[int], one_in: int) -> None:
        """Every edge clashing in `val` gains 1 with chance 1/one_in, at both its ends (the draw
        is made once per edge, from its lower-numbered end)."""
        g, m = self.g, self.m
        v = g.values_of(val)
        peers = g.peers
        hit = (peers < m) & (np.arange(m)[:, None] < peers)
        hit[hit] = v[peers[hit]] == np.repeat(v, hit.sum(axis=1))
        i, c = np.nonzero(hit)
        keep = self.rng.random(i.size) * one_in < 1
        i, c = i[keep], c[keep]
        g.weight[i, c] += 1
        g.weight[peers[i, c], g.back[i, c]] += 1

    # -------------------------------------------------------------- workers (several/team.py)
    def elite(self) -> tuple[int, list[np.ndarray]]:
        """What this group of walkers offers the others: its pool's cost and members."""
        return int(self.pool_cost), [np.asarray(v, dtype=np.int64) for v in self.pool]

    def adopt(self, cost: int, members: list) -> None:
        """Another group's elite: fewer clashing edges replace the pool (weights back to 1, as on
        a new best); as many add the members not held yet, up to the pool's size. Each walker
        takes the new pool at its episode's end."""
        episode = self.params["episode"]
        members = [np.asarray(v).tolist() for v in members]
        if cost < self.pool_cost:
            self.pool, self.budgets, self.pool_cost = [], [], cost
            self.pool_gen += 1
            self.g.weight = (self.g.peers < self.m).astype(np.int64)
            self.g.reweigh()
            for w in self.walkers:
                w.recount(self.g)
        if cost == self.pool_cost:
            for v in members:
                if len(self.pool) < self.params["pool"] and v not in self.pool:
                    self.pool.append(v)
                    self.budgets.append(episode)
        if cost < self.best:
            self.best, self.best_val = cost, list(members[0])

    def current(self) -> Walker:
        """The walker whose current state has fewest clashing edges (the first such)."""
        return min(self.walkers, key=lambda w: w.cost)

    def board(self, cur: list[int]) -> np.ndarray:
        out = self.g.base.copy()
        out[self.g.open] = self.g.values_of(cur) + 1
        return out


def run(puzzle: Puzzle, params: dict, rng: np.random.Generator) -> Iterator[Progress]:
    dom, failed = candidate_table(puzzle.cells, puzzle.n)
    if failed:
        return ("unsolvable", "naked and hidden singles empty a cell or a unit: the givens have no solution")
    s = Walkers(puzzle, dom, params, rng)
    per_step = steps_per_progress(puzzle.N, s.K)
    while True:
        left = yield progress(s)                  # the runner's hint: moves left before its step budget
        if s.best == 0:
            return "solved"
        s.step(min(per_step, -(-left // s.K)) if left else per_step)


def progress(s: Walkers) -> Progress:
    """The walkers as a step reports them (a run's, and a team member's in the page: several/team.py)."""
    w = s.current()
    return Progress(
        iteration=s.moves, evaluations=s.evaluations, best=s.best, board=s.board(s.best_val),
        restarts=s.restarts,
        series={"cost": w.cost, "clashing": len(w.clash), "pool": len(s.pool)},
        overlay={"boards": {"current": s.board(w.cur)}})
