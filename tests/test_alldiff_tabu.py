"""alldiff_tabu: tabu features restrict the domains, runs solve the papers' puzzles and AI
Escargot with fixed seeds, and are reproducible."""

import numpy as np
import pytest

from conftest import PAPERS
from sudoku_lab.run import Budget, Run
from sudoku_lab.solvers import SolverError, alldiff_tabu


def test_tabu_features_leave_the_domains(papers):
    state = alldiff_tabu._State(papers["ai-escargot"], "hall_intervals")
    cell = int(state.open_cells[0])
    value = int(np.log2(state.domains[cell] & -state.domains[cell])) + 1
    with_tabu, failed = state.filter([], [(cell, value)])
    assert not failed and not with_tabu[cell] >> (value - 1) & 1
    assigned, _ = state.filter([(cell, value)], [])
    assert assigned[cell] == 1 << (value - 1)


@pytest.mark.parametrize("name", [n for n in PAPERS])
@pytest.mark.parametrize("kind", ["hall_intervals", "ac3"])
def test_solves_the_papers_puzzles(papers, name, kind):
    r = Run(papers[name], "alldiff_tabu", {"filter": kind}, 1).finish()
    assert r.solved, (name, kind, r.stop_reason)


@pytest.mark.parametrize("seed", range(4))
def test_solves_ai_escargot(papers, seed):
    assert Run(papers["ai-escargot"], "alldiff_tabu", {}, seed).finish().solved


def test_same_seed_same_run_and_the_tabu_list_matters(papers):
    def trace(seed, tenure=20):
        run = Run(papers["sato-106-difficult"], "alldiff_tabu", {"tenure": tenure}, seed, Budget(max_iterations=60))
        out = []
        while (p := run.step()) is not None:
            out.append((p.series["cells_left"], p.series["domain_size"], p.event, p.board.tobytes()))
        return out
    assert trace(3) == trace(3)
    assert trace(3) != trace(4)
    assert trace(3) != trace(3, tenure=0)


def test_progress_carries_live_domains(papers):
    p = Run(papers["sato-29-medium"], "alldiff_tabu", {}, 0).step()
    cand = np.array(p.overlay["candidates"])
    puzzle = papers["sato-29-medium"]
    assert np.all(cand[puzzle.givens] == 1 << (puzzle.cells[puzzle.givens].astype(np.int64) - 1))
    assert p.series["cells_left"] == int(np.count_nonzero(cand & (cand - 1)))
    assert p.series["domain_size"] == int(sum(bin(int(c)).count("1") for c in cand))


def test_hall_sets_on_16x16_is_refused_before_the_run_in_plain_words():
    from conftest import SIZES
    from sudoku_lab.grid import parse
    with pytest.raises(SolverError) as err:
        Run(parse(SIZES["16x16-vukr-1"]), "alldiff_tabu", {"filter": "hall_sets"}, 0)
    msg = str(err.value)
    assert "16×16" in msg and "hall_intervals" in msg and "Error" not in msg
    assert issubclass(SolverError, ValueError)
