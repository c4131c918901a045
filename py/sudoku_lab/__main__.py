"""Entry point for ``python -m sudoku_lab``."""

import sys

from .cli import main

sys.exit(main())
