"""Sudoku Lab: five published metaheuristic Sudoku solvers, and the field's references, on one
run protocol. The names below are the Python API (sudoku_lab.api; README.md, "Use it from Python")."""

__version__ = "0.1.0"

try:
    from .api import *  # noqa: E402,F401,F403  (the API's names, listed in its __all__)
    from .api import __all__  # noqa: E402,F401
except ModuleNotFoundError:   # a machine without numpy (a Dask worker): bench's own check names it
    pass
