"""Experiments: many runs of one or more solvers over puzzle files or a generated set,
streamed to a file, resumable, on one machine or a Dask cluster. Used by
``python -m sudoku_lab bench``, the scripts in ``bench/`` and the tests.

One module per job:

* :mod:`.plan` — what runs: puzzles, entries, the :class:`Experiment` and its jobs, the
  per-run :func:`record`;
* :mod:`.output` — the output file, appended per run and read back to resume;
* :mod:`.cluster` — execution, serially or on Dask;
* :mod:`.driver` — :func:`run_experiment`, which ties the three together;
* :mod:`.summary` — summaries of records.

This module re-exports their public names, so callers write ``bench.Experiment``.
"""

from .cluster import Executor, batches, execute, ship_package
from .driver import run_experiment
from .output import Output, read_records
from .plan import (RECORD_FIELDS, BenchError, Entry, Experiment, Job, PuzzleFiles, generated_puzzles, parse_entry,
                   parse_generate, read_puzzle_files, read_puzzles, record, spec_of, unnamed_entries)
from .summary import by_entry, entry_label, summarise

__all__ = ["RECORD_FIELDS", "BenchError", "Entry", "Executor", "Experiment", "Job", "Output", "PuzzleFiles", "batches", "by_entry",
           "entry_label", "execute", "generated_puzzles", "parse_entry", "parse_generate", "read_puzzle_files",
           "read_puzzles", "read_records", "record", "run_experiment", "ship_package", "spec_of", "summarise", "unnamed_entries"]
