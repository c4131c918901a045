"""Min-conflicts local search: a template to start your own solver from.

Every box holds each of its missing digits once, so boxes never clash. A step picks a
clashing cell at random and swaps it with the cell of its box that leaves the fewest clashes
(ties broken at random), or, with probability `noise`, with any cell of its box. After
`patience` steps without a better board it starts again from fresh boxes.
"""

import numpy as np

from sudoku_lab.protocol import Progress, clashing_cells, conflicts, fill_boxes, geometry, param

TITLE = "Min-conflicts local search (template)"
PARAMS = [
    param("noise", "float", 0.1, "chance of a random swap instead of the best one", min=0, max=1),
    param("patience", "int", 2000, "steps without a better board before starting afresh", min=1, max=10**9),
]
OBJECTIVE = {"name": "clashes", "direction": "min", "best": lambda puzzle, params: 0}
SERIES = {"clashes": "clashes now"}


def run(puzzle, params, rng):
    n, g, free = puzzle.n, geometry(puzzle.n), ~puzzle.givens
    box_free = np.bincount(g.box_of[free], minlength=puzzle.N)
    movable = free & (box_free[g.box_of] > 1)          # cells with a partner to swap with
    board = fill_boxes(puzzle, rng)
    cost = conflicts(board, n)
    best, best_board = cost, board.copy()
    step, evaluations, restarts, since = 0, 1, 0, 0
    while True:
        step += 1
        event = None
        cell = rng.choice(np.flatnonzero(clashing_cells(board, n) & movable))
        partners = g.boxes[g.box_of[cell]]
        partners = partners[free[partners] & (partners != cell)]
        trials = np.repeat(board[None], len(partners), axis=0)    # every swap of `cell` in its box
        trials[np.arange(len(partners)), cell] = board[partners]
        trials[np.arange(len(partners)), partners] = board[cell]
        costs = conflicts(trials, n)
        evaluations += len(partners)
        if rng.random() < params["noise"]:
            pick = rng.integers(len(partners))
        else:
            pick = rng.choice(np.flatnonzero(costs == costs.min()))
        board, cost = trials[pick], int(costs[pick])
        since += 1
        if cost < best:
            best, best_board, since = cost, board.copy(), 0
        elif since >= params["patience"]:
            board = fill_boxes(puzzle, rng)
            cost, since, restarts, event = conflicts(board, n), 0, restarts + 1, "restart"
        yield Progress(iteration=step, evaluations=evaluations, best=best, board=best_board,
                       series={"clashes": cost}, restarts=restarts, event=event)
