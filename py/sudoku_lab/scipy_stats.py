"""``scipy.stats``, imported at its first use rather than with the module that names it.

The statistics (comparison) and the tuning (tuning.race, tuning.sample) use scipy's tests; the
page's worker loads Pyodide's scipy package only when an experiment's statistics or a tune first
ask for it. Importing those modules must not import scipy, so that a tune's request is checked
(bridge.tune_check) and refused at once, before the worker fetches scipy for it."""

from __future__ import annotations

import importlib
from typing import Any


class _Stats:
    def __getattr__(self, name: str) -> Any:
        return getattr(importlib.import_module("scipy.stats"), name)


stats = _Stats()
