"""Tuning by racing (docs/design.md, "Tuning by racing"): iterated racing as irace does it
(M. López-Ibáñez, J. Dubois-Lacoste, L. Pérez Cáceres, M. Birattari, T. Stützle, "The irace
package: Iterated racing for automatic algorithm configuration", Operations Research
Perspectives 3:43–58, 2016), its races F-races (M. Birattari, T. Stützle, L. Paquete,
K. Varrentrapp, "A racing algorithm for configuring metaheuristics", GECCO 2002).

One module per job:

* :mod:`.space` — the parameters and their ranges, from the solver's specs, narrowed by the user;
* :mod:`.sample` — new configurations, uniformly or around an elite by its model;
* :mod:`.race` — one race: a run's load-free cost, Friedman's test with Conover's post-hoc;
* :mod:`.iterate` — irace's budget split, the iterations and their elites;
* :mod:`.trace` — the trace file, kept and replayed on resume;
* :mod:`.driver` — a tune from its inputs, a step per run: instances, seeds, runs on bench's executor, held-out test.
* :mod:`.sliced` — a tune in slices for the page's worker: the page's request, the driver's steps, the live view.
* :mod:`.words` — the tune's lines in words (eliminations, elites, races), the CLI's and the page's.

Where this departs from irace, and why:

* **The defaults race in iteration 1** (as its first configuration, when the space holds them):
  irace races only what it samples unless given initial configurations; here every tune is
  meant to be set against the defaults, so they start in the race.
* **The cost of a run is a rank, not a number**: solved before unsolved, solved by evaluations,
  unsolved by final clashes. irace takes one number per run; a number (evaluations, or the
  budget for an unsolved run) would count an unsolved run as solved at the budget, and Friedman's
  test needs only the order on each instance.
* **An instance is a puzzle with a seed**, the puzzles in a shuffled order, again and again with
  new seeds: irace's `deterministic: false` instance list; here it never runs out, so a race
  ends only by its budget or its survivors.
* **Two alive: always Wilcoxon's test.** irace drops the worse of two without a test when one
  is at least as good on every instance so far; here a test decides (with 5 instances the
  exact test cannot reach p < 0.05, so two run on until the budget ends the race).
* **Elitism, simplified**: every race starts from the stream's first instance, so an elite's
  earlier runs are reused rather than rerun, and an elite is not eliminated before the race has
  passed the instances it ran; irace also adds a new instance first in each race
  (`elitistNewInstances`), which is left out.
* **No restarts and no soft restart** (irace restarts a model that converged): tunes here are
  short; no forbidden configurations or conditional parameters (the solvers' specs have none).
"""

from .driver import Instances, Tune, TuneInput, seeds, tune
from .iterate import Tuner, configurations, iteration_budget, iterations, least_budget, survivors
from .race import block_ranks, conover, conover_pvalues, run_cost, test_alive
from .space import Param, Space, TuneError, space

__all__ = ["Instances", "Param", "Space", "Tune", "TuneError", "TuneInput", "Tuner", "block_ranks", "configurations",
           "conover", "conover_pvalues", "iteration_budget", "iterations", "least_budget", "run_cost", "seeds", "space", "survivors",
           "test_alive", "tune"]
