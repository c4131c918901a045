"""A small genetic algorithm: a template to start your own solver from.

An individual is a board whose every box holds its missing digits once, so only rows and
columns can clash; its fitness is its clash count (lower is better). Each generation keeps
the `elite` best, and makes the rest from parents picked by tournaments of two: a child takes
each box from one parent or the other, then a swap of two free cells in one box happens with
probability `mutation`. After `patience` generations without a better board, everyone but
the best starts afresh.
"""

import numpy as np

from sudoku_lab.protocol import Progress, conflicts, fill_boxes, geometry, param

TITLE = "Small genetic algorithm (template)"
STEP = "generation"
PARAMS = [
    param("population", "int", 100, "boards per generation", min=4, max=2000),
    param("elite", "int", 4, "best boards kept as they are", min=1, max=100),
    param("mutation", "float", 0.5, "chance a child has two cells of a box swapped", min=0, max=1),
    param("patience", "int", 100, "generations without a better board before a fresh start", min=1, max=10**6),
]
OBJECTIVE = {"name": "clashes", "direction": "min", "best": lambda puzzle, params: 0}
SERIES = {"best": "best board's clashes", "mean": "mean clashes"}


def mutate(board, boxes, free, rng):
    """Swap two free cells of one random box (a box with fewer than two free cells is left)."""
    cells = boxes[rng.integers(len(boxes))]
    cells = cells[free[cells]]
    if len(cells) >= 2:
        a, b = rng.choice(cells, size=2, replace=False)
        board[a], board[b] = board[b], board[a]


def run(puzzle, params, rng):
    g, free, size = geometry(puzzle.n), ~puzzle.givens, params["population"]
    elite = min(params["elite"], size)
    pop = np.array([fill_boxes(puzzle, rng) for _ in range(size)])
    cost = conflicts(pop, puzzle.n)
    best, since, restarts = int(cost.min()), 0, 0
    generation, evaluations = 0, size
    while True:
        generation += 1
        event = None
        order = np.argsort(cost, kind="stable")
        children = [pop[i].copy() for i in order[:elite]]
        while len(children) < size:
            a, b = (min(rng.integers(size, size=2), key=lambda i: cost[i]) for _ in range(2))
            from_a = rng.random(puzzle.N) < 0.5               # each box from one parent
            child = np.where(from_a[g.box_of], pop[a], pop[b])
            if rng.random() < params["mutation"]:
                mutate(child, g.boxes, free, rng)
            children.append(child)
        pop = np.array(children)
        cost = conflicts(pop, puzzle.n)
        evaluations += size
        since += 1
        if cost.min() < best:
            best, since = int(cost.min()), 0
        elif since >= params["patience"]:
            keep = pop[np.argmin(cost)].copy()
            pop = np.array([keep] + [fill_boxes(puzzle, rng) for _ in range(size - 1)])
            cost = conflicts(pop, puzzle.n)
            since, restarts, event = 0, restarts + 1, "restart"
        top = int(np.argmin(cost))
        yield Progress(iteration=generation, evaluations=evaluations, best=int(cost[top]), board=pop[top],
                       series={"best": int(cost[top]), "mean": float(cost.mean())}, restarts=restarts, event=event)
