"""Sudoku Lab: five published metaheuristic Sudoku solvers on one run protocol."""

__version__ = "0.1.0"
