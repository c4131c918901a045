"""Hostile solvers shared by the trust boundary's tests, natively and in the page (docs/visitor-solver.md,
"The trust boundary")."""

# Patches whatever the lab's modules offer in the process or worker it runs in, then claims a
# board of 1s: the lab must still say it is not solved, and no later run may meet the patches.
PATCHER = '''import numpy as np
import sudoku_lab.run as run_module
import sudoku_lab.score as score
from sudoku_lab.protocol import Progress

for where in (score, run_module):
    where.fault = lambda puzzle, board: None
    where.is_solution = lambda puzzle, board: True
    where.conflicts = lambda boards, n: 0
run_module.Run._claim = lambda self: ("solved", "")

def run(puzzle, params, rng):
    board = np.where(puzzle.cells > 0, puzzle.cells, 1)
    yield Progress(1, 1, 0.0, board, {})
    return "solved"
'''
