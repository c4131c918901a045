"""``python -m sudoku_lab``: solvers, check, solve, bench, tune, generate (docs/design.md, "Command line").
A thin layer over the Python API (``api``: start, rate, generate), ``bench`` and ``tune``.

Bad input (an unreadable puzzle, an unknown solver, a bad parameter) prints one clear
line on stderr and exits with code 2; nothing here prints a traceback at a user.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
from dataclasses import asdict
from pathlib import Path

from . import __version__, bench, links, solvers, values, visitor
from .api import generate, rate, start
from .generate import Spec, parse_spec
from .grid import LIST_RUNS, PuzzleError, format_grid, parse, parse_form, to_benchmark, validate
from .limits import EXCHANGES
from .puzzle_list import ListProblem, read_text_file
from .rate import RATE_SECONDS
from .run import SOLVE_FIELDS, SOURCE_FIELDS, Budget, Run
from .solver_file import DEFAULT_NAME, ID as OWN, SolverFile
from .visitor import RUN_LINK_CODE, link_code_refusal


PROG = "python -m sudoku_lab"


class UsageError(Exception):
    """Input the user can fix; printed as one line, exit code 2."""


def _read_text(arg: str) -> str:
    """The puzzle argument's text: stdin for -, a file's for @FILE (not text: one line), else itself."""
    if arg == "-":
        try:
            return sys.stdin.read()
        except UnicodeDecodeError:
            raise UsageError("cannot read stdin: it is not text (UTF-8)") from None
    if arg.startswith("@"):
        try:
            return read_text_file(arg[1:])
        except ListProblem as exc:
            raise UsageError(exc.message) from None
    return arg


# A puzzle argument that names a file (a path, or a puzzle file's ending) but lacks its @.
_FILE_LIKE = re.compile(r"(?:~|\.{0,2})[/\\]\S*|\S+\.(?:txt|sdk|ss|json|jsonl)")


def _puzzle_form(arg: str):
    """The puzzle and the form it was written in (grid.parse_form); a file named without its @
    is hinted at."""
    try:
        return parse_form(_read_text(arg))
    except PuzzleError as exc:
        hint = f" To read the file {arg}, write @{arg}." if _names_a_file(arg) else ""
        raise UsageError(f"puzzle: {exc.message}{hint}") from None


def _names_a_file(arg: str) -> bool:
    """Whether a puzzle argument looks like a file's path, or is one (not -, not @FILE)."""
    if arg == "-" or arg.startswith("@"):
        return False
    try:
        return bool(_FILE_LIKE.fullmatch(arg)) or Path(arg).is_file()
    except OSError:                                # a name too long to be a file's
        return False


def _params(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"--param takes name=value, got {values.quote(pair)}")
        if name in out:
            raise UsageError(f"'{name}' is given twice")
        out[name] = value
    return out


def _seed(raw: str) -> int:
    try:
        return values.seed(raw)
    except values.ValueProblem as exc:
        raise UsageError(str(exc)) from None


def _max_seconds(args, default: float) -> float:
    """--max-seconds, read by the shared time-limit rule, or the command's default."""
    if args.max_seconds is None:
        return default
    try:
        return values.max_seconds(args.max_seconds)
    except values.ValueProblem as exc:
        raise UsageError(str(exc)) from None


def _count(raw, label: str) -> int | None:
    """--max-iterations or --max-evaluations by the budget rule (None when not given)."""
    if raw is None:
        return None
    try:
        return values.budget(raw, label)
    except values.ValueProblem as exc:
        raise UsageError(str(exc)) from None


def _budget(args, default_max_seconds: float | None = 60.0, max_iterations=None, max_evaluations=None,
            stop_at: int | None = None) -> Budget:
    """The budget flags (flags win over a link's budgets, given as defaults). A step or evaluation
    budget without --max-seconds runs with no time limit: where it ends then does not depend on
    the load (docs/design.md, "Command line"); otherwise --max-seconds is 60 s by default."""
    steps = _count(args.max_iterations, "step budget")
    steps = max_iterations if steps is None else steps
    evaluations = _count(args.max_evaluations, "evaluation budget")
    evaluations = max_evaluations if evaluations is None else evaluations
    if (steps or evaluations) and not args.max_seconds:      # not given, or given empty: no time limit
        return Budget(max_iterations=steps, max_evaluations=evaluations, max_seconds=None, stop_at=stop_at)
    max_seconds = _max_seconds(args, default_max_seconds)
    return Budget(max_iterations=steps, max_evaluations=evaluations, max_seconds=max_seconds, stop_at=stop_at)


def _solver_file(paths: list[str] | None) -> SolverFile | None:
    """solve's --solver-file: the visitor's solver, read as text (it is loaded when a run needs it)."""
    if not paths:
        return None
    if len(paths) > 1:
        raise UsageError(f"solve runs one solver: give --solver-file once, not {len(paths)} times (bench takes several)")
    return _read_solver_file(paths[0])


def _read_solver_file(path: str) -> SolverFile:
    """One --solver-file's text, named by its file's name; UsageError when it cannot be read."""
    try:
        return SolverFile(Path(path).name, Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"--solver-file: cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"--solver-file: {path} is not UTF-8 text") from None


def _make_run(puzzle, solver, params, seed, budget) -> Run:
    try:
        return start(puzzle, solver, params=params, seed=seed, **asdict(budget))
    except solvers.SolverError as exc:
        raise UsageError(str(exc)) from None


# ---------------------------------------------------------------------------- commands

def cmd_solvers(args) -> int:
    if args.json:
        print(json.dumps(solvers.schemas(), indent=2))
        return 0
    for s in solvers.schemas():
        print(f"{s['id']:14} {s['title']}")
        for p in s["params"]:
            print(f"    {p['name']:12} {p['type']:6} default {p['default']!s:8} {p['help']}")
    return 0


def cmd_check(args) -> int:
    puzzle, form = _puzzle_form(args.puzzle)
    rating = rate(puzzle, max_seconds=_max_seconds(args, RATE_SECONDS))
    if args.json:
        print(json.dumps({**rating.to_json(), "puzzle": puzzle.to_string(), "format": form}))
        return 0
    print(f"Read as {form}.\n")
    print(format_grid(puzzle.cells, puzzle.n))
    words = {0: "no solution", 1: "exactly one solution", 2: "several solutions",
             None: "at least one solution (the count's budget ran out)" if rating.verdict == "at least one"
             else "unknown (the count's budget ran out)"}
    print(f"\n{puzzle.N}×{puzzle.N}, {puzzle.given_count} givens (p = {rating.p:.2f}), {words[rating.solutions]}")
    print(rating.summary())
    if rating.out_of_time:
        print(rating.message)
    return 0


def _from_link(args):
    """Puzzle, solver, params, seed and budget from a share link (flags given as well win)."""
    link = links.decode(args.link)
    if link.code is not None and not args.run_link_code:     # reading a link never runs its code
        raise UsageError(link_code_refusal(SolverFile(DEFAULT_NAME, link.code)))
    if link.view not in (None, "single"):
        raise UsageError(f"link: this is a {link.view} link; solve replays single runs (run experiments with bench)")
    if link.problems:
        raise UsageError(f"link: {next(iter(link.problems.values()))}")
    params = {**link.params, **_params(args.param)}
    default = link.max_seconds or (None if link.max_iterations or link.max_evaluations else 60.0)
    budget = _budget(args, default, link.max_iterations, link.max_evaluations, link.stop)
    puzzle = generate(parse_spec(link.generator)).puzzle if link.generator else parse(link.puzzle)
    if args.workers is None:                                 # the link's workers (w=; none: one), unless --workers says
        args.workers = link.workers or 1
    if args.exchange is None and link.exchange:               # and its exchange (x=), unless --exchange says
        args.exchange = link.exchange
    if link.code is not None and not args.solver_file:   # a visitor's solver travels in its link (code=),
        args.link_code = SolverFile(DEFAULT_NAME, link.code)   # run only on --run-link-code
    return (puzzle, args.solver or link.solver or next(iter(solvers.REGISTRY)), params,
            _seed(args.seed) if args.seed is not None else (link.seed or 0), budget)


def cmd_solve(args) -> int:
    if args.link:
        if args.puzzle:
            raise UsageError("give a puzzle or --link, not both")
        puzzle, solver, params, seed, budget = _from_link(args)
    else:
        if not args.puzzle or not (args.solver or args.solver_file):
            raise UsageError("solve needs a puzzle and --solver or --solver-file (or --link)")
        (puzzle, form), solver, params = _puzzle_form(args.puzzle), args.solver or OWN, _params(args.param)
        if LIST_RUNS in form:                                 # a list given as the puzzle: its first, said
            print(f"Read as {form}.", file=sys.stderr)
        seed, budget = _seed(args.seed if args.seed is not None else "0"), _budget(args)
    source = _solver_file(args.solver_file) or getattr(args, "link_code", None)
    if source is not None and solver != OWN:
        raise UsageError(f"--solver-file runs the file's solver ('{OWN}'), not --solver {solver}")
    if source is None and solver == OWN:
        raise UsageError(f"the solver '{OWN}' is a solver file's: give it with --solver-file FILE")
    try:
        validate(puzzle)
    except PuzzleError as exc:
        raise UsageError(f"puzzle: {exc.message}") from None
    if args.workers is None:
        args.workers = _auto_workers(puzzle, solver, source, args.portfolio)
    if args.workers > 1 and args.portfolio > 1:
        raise UsageError("--workers and --portfolio: one or the other (--portfolio N is --workers N for acs and alldiff_tabu)")
    if args.portfolio > 1:
        from .several.portfolio import SOLVERS
        if solver not in SOLVERS:
            raise UsageError(f"--portfolio: only {' and '.join(SOLVERS)} run as a portfolio, not {solver}")
        args.workers = args.portfolio
    if args.workers > 1 and source is not None:
        raise UsageError("--workers: a solver file runs on one worker")
    if args.workers > 1:
        result = _run_on_workers(puzzle, solver, params, seed, budget, args.workers, args.exchange)
    elif source is not None:                     # in a process of its own, its claim checked here
        try:
            result = visitor.run(puzzle, source, params, seed, budget)
        except visitor.VisitorError as exc:
            raise UsageError(str(exc)) from None
    else:
        result = _make_run(puzzle, solver, params, seed, budget).finish()
    out = result.to_json()
    if args.json:
        print(json.dumps({k: out[k] for k in (*SOLVE_FIELDS, *SOURCE_FIELDS) if k in out}))   # several workers: params.workers
    else:
        print(format_grid(result.board, puzzle.n))
        print(f"\n{result.stop_reason}: {result.iterations} iterations, {result.evaluations} evaluations, "
              f"{result.seconds:.3f} s, {result.conflicts} conflicts, {result.open_cells} open cells, "
              f"{result.restarts} restarts" + (f", {args.workers} workers" if args.workers > 1 else "")
              + (f"\n{result.message}" if (args.workers > 1 or source) and result.message else "")
              + (f"\n{source.name} sha256 {source.sha256}" if source else ""))
    return 0 if result.solved else 1


def _auto_workers(puzzle, solver: str, source, portfolio: int) -> int:
    """--workers not given ("auto", as the page's Workers left empty): a team on this machine's
    cores where one was measured to pay (several.auto_workers, the limits table's rule), else one;
    said on stderr when it is more than one."""
    from .several import auto_workers
    if source is not None or portfolio > 1:
        return 1
    workers = auto_workers(solver, puzzle.N, int((puzzle.cells != 0).sum()), os.cpu_count() or 1)
    if workers > 1:
        print(f"auto: {workers} workers — a team of {solver} pays on a grid this size and this sparse, one a core "
              f"(--workers 1 runs one)", file=sys.stderr)
    return workers


def _run_on_workers(puzzle, solver, params, seed, budget, workers, exchange):
    """A run on several worker processes meeting at barriers (several/): alldiff_ls a team
    exchanging elites, acs and alldiff_tabu a portfolio; the others are refused."""
    from .several import workers_problem
    from .several.processes import run_on_processes
    problem = workers_problem(solver, workers)
    if problem:
        raise UsageError(f"--workers: {problem}")
    if exchange is not None and exchange < 1:
        raise UsageError("--exchange: steps per worker between barriers, a whole number of at least 1")
    _make_run(puzzle, solver, params, seed, budget)          # the same checks and messages as one worker
    try:
        return run_on_processes(puzzle, params, seed, workers, budget, exchange, solver)
    except solvers.SolverError as exc:                      # the walkers cannot be split among the workers
        raise UsageError(str(exc)) from None


def _bench_puzzles(args, seed: int, command: str = "bench") -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """The puzzle files (each puzzle's file too; a bad file is skipped, said on stderr), or the
    --generate sets (instance i at p: generator seed `seed` + i)."""
    if bool(args.files) == bool(args.generate):
        raise UsageError(f"{command} takes puzzle FILEs (or globs) or --generate SIZE:P0:P1:STEP, one of the two")
    if args.generate:
        puzzles = bench.generated_puzzles(args.generate, args.instances, seed)
        return (puzzles[:args.limit] if args.limit else puzzles), ()
    if args.instances != 1:
        raise UsageError("--instances goes with --generate")
    read = bench.read_puzzle_files(args.files, args.limit)
    for problem in read.skipped:
        print(f"skipped: {problem}", file=sys.stderr)
    return read.puzzles, tuple(read.files)


def cmd_bench(args) -> int:
    seed = _seed(args.seed)
    sources = [_read_solver_file(path) for path in args.solver_file]
    if not args.solver and not sources:
        raise UsageError("bench needs --solver (or --solver-file FILE)")
    try:
        entries = [bench.parse_entry(text) for text in args.solver]
        entries += bench.unnamed_entries(entries, sources)    # each file no --solver names: an entry of its own
        solver = entries[0].solver if len(entries) == 1 and not entries[0].params and entries[0].seed is None \
            else entries
        puzzles, files = _bench_puzzles(args, seed)
        experiment = bench.Experiment(puzzles, solver, _params(args.param), args.runs, seed,
                                      _budget(args), tuple(args.generate), args.instances if args.generate else 0,
                                      args.cpu_time, files, sources=tuple(sources))
    except bench.BenchError as exc:
        raise UsageError(str(exc)) from None
    if args.resume and not args.out:
        raise UsageError("--resume needs --out FILE (the file to continue)")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1; got {args.jobs}")

    several = len(experiment.entries) > 1
    width = max(len(e.label()) for e in experiment.entries)

    def show(rec):
        if args.out:
            return
        if args.json:
            print(json.dumps(rec), flush=True)
        else:
            print(f"{bench.entry_label(rec):{width}}  " * several +
                  f"{rec['name']:20} seed {rec['seed']:<5} {rec['stop_reason']:8} it {rec['iterations']:>8} "
                  f"open {rec['open_cells']:>4} {rec['seconds']:8.3f} s "
                  f"{rec['iterations_per_second'] or 0:10.0f} it/s", flush=True)

    try:
        records = bench.run_experiment(experiment, out=args.out, resume=args.resume, jobs=args.jobs,
                                       scheduler=args.scheduler, quiet=args.quiet, on_record=show)
    except bench.BenchError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        print(_interrupted(args, len(experiment.jobs())), file=sys.stderr)
        return 130
    groups = bench.by_entry(records) if several else {"": records}
    for i, (label, recs) in enumerate(groups.items()):
        summary = {**({"entry": label} if several else {}), **bench.summarise(recs)}
        if args.json:
            print(json.dumps(summary))
        else:
            print(("\n" if not args.out and not i else "") + "  ".join(f"{k}={v}" for k, v in summary.items()))
    if several:
        _print_comparison(groups, experiment.budget.max_seconds, args.json)
    return 0


def _interrupted(args, total: int, saved: int | None = None) -> str:
    """An interrupted bench or tune in one line: the runs its --out file holds and the command
    that continues it (the same arguments with --resume)."""
    if not args.out:
        return "interrupted: no run was saved (--out FILE keeps each run as it ends; --resume continues the file)"
    if saved is None:
        saved = len(bench.read_records(args.out)) if Path(args.out).exists() else 0
    again = [a for a in args.argv if a != "--resume"] + ["--resume"]
    return f"interrupted: {saved} of {total} runs saved in {args.out}; to continue: {PROG} {shlex.join(again)}"


def _whole(raw: str, flag: str, least: int = 1) -> int:
    """A whole-number option (--budget, --held-out-runs, …) of at least `least`, in one line if not."""
    if not (raw.isascii() and raw.isdigit()) or int(raw) < least:     # "²" and "٣" are digits too
        raise UsageError(f"{flag} must be a whole number of at least {least}; got {values.quote(raw)}")
    return int(raw)


def _held_out(args, seed: int, training: int) -> list[tuple[str, str]] | None:
    """The held-out puzzles: files, or generated sets whose seeds start past the training set's."""
    if not args.held_out and not args.held_out_generate:
        return None
    first = _seed(args.held_out_seed) if args.held_out_seed is not None else seed + training
    given = argparse.Namespace(files=args.held_out, generate=args.held_out_generate, limit=0,
                               instances=_whole(args.held_out_instances, "--held-out-instances"))
    try:
        return _bench_puzzles(given, first, "--held-out")[0]
    except bench.BenchError as exc:
        raise UsageError(f"--held-out: {exc}") from None


def _tune_input(args):
    """The tune's inputs from the command line, each refused in one line naming its flag."""
    from .tuning import TuneError, TuneInput, least_budget, space
    seed = _seed(args.seed)
    if args.max_evaluations is None:
        raise UsageError("tune needs --max-evaluations E (each run's budget: a run's outcome then does not depend on the load)")
    evaluations = _count(args.max_evaluations, "evaluation budget")
    try:
        puzzles, files = _bench_puzzles(args, seed, "tune")
        module = solvers.get(args.solver)
        tuned = space(module.PARAMS, _params(args.param), args.solver)
    except (bench.BenchError, TuneError, solvers.SolverError) as exc:
        raise UsageError(str(exc)) from None
    least = least_budget(len(tuned.params))
    budget = _whole(args.budget, "--budget", least)
    given = TuneInput(args.solver, tuned, puzzles, evaluations, budget, seed, files)
    return given, _held_out(args, seed, args.instances if args.generate else 0)


def cmd_tune(args) -> int:
    from .tuning import TuneError, tune
    given, held_out = _tune_input(args)
    runs = _whole(args.held_out_runs, "--held-out-runs")
    if args.resume and not args.out:
        raise UsageError("--resume needs --out FILE (the trace to continue)")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1; got {args.jobs}")
    bar = bench.driver.progress_bar(given.budget, 0, args.quiet)
    try:
        result = tune(given, executor=bench.Executor(args.jobs, args.scheduler), out=args.out, resume=args.resume,
                      held_out=held_out, held_out_runs=runs, on_run=lambda rec: bar.update(1))
    except (TuneError, bench.BenchError) as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        print(_interrupted(args, given.budget, _traced_runs(args.out)), file=sys.stderr)
        return 130
    finally:
        bar.close()
    print(json.dumps(result) if args.json else "\n".join(tune_lines(result)))
    return 0


def _traced_runs(path: str | None) -> int:
    """The runs a trace file holds (an interrupted tune's message)."""
    if not path or not Path(path).exists():
        return 0
    return sum(1 for line in Path(path).read_text().splitlines() if line.startswith('{"run"'))


def tune_lines(result: dict) -> list[str]:
    """A tune's result as text: the plan, the elites, the eliminations, the link, the held-out test."""
    from .tuning import words as tune_words
    plan, budget = result["plan"], result["budget"]
    lines = [f"tune {result['solver']}: {plan['parameters']} parameters, {plan['iterations']} iterations planned, "
             f"races end at {plan['survivors']} alive; {budget['used']} of {budget['runs']} runs of "
             f"{budget['max_evaluations']:,} evaluations each"]
    lines += [budget["ended"]] if budget.get("ended") else []
    lines += ["", "elites (best first):"] + [f"  {i}. {e['sentence']}" for i, e in enumerate(result["elites"], 1)]
    lines += ["", "eliminations and races:"]
    for ev in result["trace"]:
        if ev["event"] == "test" and ev["eliminated"]:
            lines.append(f"  {tune_words.elimination(ev)}")
        elif ev["event"] == "race":
            lines.append(f"  {tune_words.race_end(ev)}")
    if result["link"]:
        lines += ["", f"the best, as a link (solve --link replays it): {result['link']}"]
    held = result.get("held_out")
    if held:
        lines += ["", "held out: " + (held["sentence"] if held["same"] else
                                      f"{held['puzzles']} puzzle{'s' * (held['puzzles'] > 1)} × {held['runs']} runs each, "
                                      "time in evaluations")]
        if not held["same"]:
            lines += [f"  {pair['sentence']}" for pair in held["comparison"]["pairs"]]
    return lines


def _print_comparison(groups, max_seconds, as_json: bool) -> None:
    """The statistics comparing the entries (docs/design.md, "Comparing entries"): an object
    ``{"comparison": …}`` with --json, else a sentence per pair and Friedman's line."""
    from .comparison import compare                  # scipy: imported only where it is asked for
    result = compare(groups, max_seconds)
    if as_json:
        print(json.dumps({"comparison": result}))
        return
    print("\n" + "\n".join(pair["sentence"] for pair in result["pairs"]))
    if result["friedman"]:
        print(result["friedman"]["sentence"])


def benchmark_file_name(made) -> str:
    """A generated puzzle's file in the benchmark format, named as the field's banks name theirs
    (``inst<N>x<N>_<percent given>_<instance>.txt``, the instance its seed; ``_unique`` added)."""
    spec = made.spec
    return f"inst{spec.size}x{spec.size}_{values.fmt(round(spec.p * 100, 6))}_{spec.seed}" + \
        ("_unique" if spec.unique else "") + ".txt"


def cmd_generate(args) -> int:
    """One puzzle per line as `<cells> <spec>` (a bench file), one JSON object per line, or with
    --format benchmark each puzzle in the field's format (on stdout, or a file each in --out)."""
    try:
        first = Spec.of(args.size, args.p, args.seed, args.unique)
    except values.ValueProblem as exc:
        raise UsageError(str(exc)) from None
    if not args.count.isdigit() or not 1 <= int(args.count) <= 1_000_000:
        raise UsageError(f"--count must be a whole number from 1 to 1000000; got {values.quote(args.count)}")
    count = int(args.count)
    if first.seed + count - 1 > values.SEED_MAX:
        raise UsageError(f"the last seed (seed + count - 1) must be at most {values.SEED_MAX}; "
                         f"got {first.seed + count - 1}")
    files = args.format == "benchmark"
    if args.json and files:
        raise UsageError("--json and --format benchmark are two formats: choose one")
    if args.out and not files:
        raise UsageError("--out DIR goes with --format benchmark (one file per puzzle)")
    if files and count > 1 and not args.out:
        raise UsageError(f"--format benchmark writes one puzzle a file: give --out DIR for --count {count}")
    if args.out and Path(args.out).exists() and not Path(args.out).is_dir():
        raise UsageError(f"--out {args.out} is a file, not a folder")
    if args.out:
        try:
            Path(args.out).mkdir(parents=True, exist_ok=True)       # made when missing
        except OSError as exc:
            raise UsageError(f"--out {args.out}: {exc.strerror or 'not a folder'}") from None
    for k in range(count):
        made = generate(Spec(first.size, first.p, first.seed + k, first.unique))
        if args.out:
            path = Path(args.out) / benchmark_file_name(made)
            try:
                path.write_text(to_benchmark(made.puzzle))
            except OSError as exc:
                raise UsageError(f"cannot write {path}: {exc.strerror}") from None
            print(path, flush=True)
        elif files:
            print(to_benchmark(made.puzzle), end="", flush=True)
        else:
            print(json.dumps(made.to_json()) if args.json else f"{made.puzzle.to_string()} {made.spec.text}", flush=True)
    return 0


# ---------------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    ap.add_argument("--version", action="version", version=f"sudoku-lab {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("solvers", help="list the solvers and their parameters")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_solvers)

    p = sub.add_parser("check", help="parse, validate, count solutions and rate the puzzle")
    p.add_argument("puzzle", help="the puzzle text, - for stdin, or @file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--max-seconds", default=None, metavar="SECONDS",
                   help=f"time budget of the solution count (default {RATE_SECONDS:g}): past it the count says unknown")
    p.set_defaults(func=cmd_check)

    def run_options(p, solver_required=True, entries=False):
        if entries:
            p.add_argument("--solver", action="append", default=[], metavar="ID[:SEED][:name=value…]",
                           help="a solver entry, as in the page's experiment links; repeat for several "
                                f"('{OWN}[:SEED][:name=value…]' is --solver-file's; among several files, "
                                f"'{OWN}@HEX…' names the one whose sha256 starts so)")
        else:
            p.add_argument("--solver", required=solver_required, help="solver id (see `solvers`)")
        p.add_argument("--solver-file", metavar="FILE", action="append", default=[],
                       help="your own solver: a Python file that follows the run protocol (docs/protocol.md); its id is "
                            f"'{OWN}' and records name the file and its sha256" + ("; repeat for several, each an entry"
                                                                                  if entries else ""))
        p.add_argument("--max-seconds", default=None, metavar="SECONDS", help="time limit per run (default 60)")
        p.add_argument("--max-iterations", default=None, metavar="STEPS",
                       help="step budget per run (iterations or generations, as the solver counts)")
        p.add_argument("--max-evaluations", default=None, metavar="EVALUATIONS",
                       help="evaluation budget per run (boards or moves scored); with either and no --max-seconds, "
                            "no time limit")
        p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
        p.add_argument("--json", action="store_true")

    p = sub.add_parser("solve", help="run one solver on one puzzle")
    p.add_argument("puzzle", nargs="?", help="the puzzle text, - for stdin, or @file")
    run_options(p, solver_required=False)
    p.add_argument("--seed", default=None, help=f"a whole number from 0 to {values.SEED_MAX} (default 0)")
    p.add_argument("--link", help="a share link (or its #fragment): replays that run")
    p.add_argument(RUN_LINK_CODE, action="store_true", help="run the code a link carries for its solver (code=) "
                   "on this machine; without it such a link is refused, naming the code's size and sha256")
    p.add_argument("--workers", type=int, default=None, help="processes that run as one run: alldiff_ls "
                   "a team exchanging elite states, acs and alldiff_tabu a portfolio (seeds seed … seed+N-1, the "
                   "first solution wins; the result is that seed's own run). Default auto: for alldiff_ls on a grid "
                   "where a team was measured to pay, this machine's cores (at most the limits table's), else 1; "
                   "a link's w=, or 1 for a link without one")
    p.add_argument("--portfolio", type=int, default=1, metavar="N", help="acs, alldiff_tabu: the same as --workers N")
    defaults = ", ".join(f"{steps:,} for {solver}" for solver, steps in EXCHANGES.items())   # the limits table's
    p.add_argument("--exchange", type=int, default=None, help="with --workers: steps per worker between two "
                   f"barriers, by default {defaults} (the same seed, workers and exchange give the same run)")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("bench", help="run solvers over puzzle files or generated sets, several seeds each")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="puzzle files or globs (inst/*.txt): a list (one puzzle per line, optionally followed by a "
                        "name) or one puzzle in the benchmark format (order, flag, rows; named by its file)")
    run_options(p, entries=True)
    p.add_argument("--generate", action="append", default=[], metavar="SIZE:P0:P1:STEP",
                   help="generated puzzles instead of a file, e.g. 16:0:1:0.05 (repeat for several sizes)")
    p.add_argument("--instances", type=int, default=1, help="generated puzzles per p (instance i: seed + i)")
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--cpu-time", action="store_true",
                   help="time limits and seconds in CPU time of the run's process (a shared machine)")
    p.add_argument("--seed", default="0", help="first seed; run r uses seed + r (and instance i seed + i)")
    p.add_argument("--jobs", type=int, default=1,
                   help="worker processes of a local Dask cluster started for this run (1: in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on an existing Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--out", metavar="FILE", help="append each run's record to FILE (JSON Lines) as it finishes")
    p.add_argument("--resume", action="store_true", help="continue FILE: skip the runs it already holds")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.add_argument("--limit", type=int, default=0, help="only the first K puzzles")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("tune", help="tune a solver's parameters by iterated racing (irace) on training puzzles")
    p.add_argument("files", nargs="*", metavar="FILE", help="training puzzle files or globs, as bench takes them")
    p.add_argument("--generate", action="append", default=[], metavar="SIZE:P0:P1:STEP",
                   help="generated training puzzles instead of files (instance i: seed + i)")
    p.add_argument("--instances", type=int, default=1, help="generated training puzzles per p")
    p.add_argument("--solver", required=True, help="solver id (see `solvers`)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=LO:HI|A,B,C|V",
                   help="narrow a parameter's range (lo:hi), its values (a,b,c), or fix it (v); the others are "
                        "tuned over their specs' ranges")
    p.add_argument("--max-evaluations", default=None, metavar="E", help="each run's evaluation budget (no time limit)")
    p.add_argument("--budget", required=True, metavar="RUNS", help="the tune's total of runs")
    p.add_argument("--seed", default="0", help="the tune's one seed: every run's seed and every sample derive from it")
    p.add_argument("--jobs", type=int, default=1, help="worker processes of a local Dask cluster (1: in this process)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on an existing Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--out", metavar="FILE", help="the trace: every run and every test, JSON Lines, as they happen")
    p.add_argument("--resume", action="store_true", help="continue FILE: its runs are kept, the tune replayed")
    p.add_argument("--held-out", action="append", default=[], metavar="FILE",
                   help="held-out puzzle files: the best against the defaults on them")
    p.add_argument("--held-out-generate", action="append", default=[], metavar="SIZE:P0:P1:STEP",
                   help="generated held-out puzzles (seeds after the training set's, or from --held-out-seed)")
    p.add_argument("--held-out-instances", default="1", help="generated held-out puzzles per p")
    p.add_argument("--held-out-seed", default=None, help="the held-out generator's first seed")
    p.add_argument("--held-out-runs", default="5", help="runs of each on each held-out puzzle (default 5)")
    p.add_argument("--limit", type=int, default=0, help="only the first K training puzzles")
    p.add_argument("--json", action="store_true", help="one object: the elites, the trace and the statistics")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=cmd_tune)

    p = sub.add_parser("generate", help="generate puzzles: a random full grid, round(p·N²) givens kept at random")
    p.add_argument("--size", required=True, help=f"side of the grid: {values.SENTENCES['sides']}")
    p.add_argument("--p", required=True, help="share of the cells given, from 0 to 1")
    p.add_argument("--seed", default="0", help=f"a whole number from 0 to {values.SEED_MAX} (default 0)")
    p.add_argument("--count", default="1", help="K puzzles, seeds seed..seed+K-1 (default 1)")
    p.add_argument("--unique", action="store_true",
                   help="remove cells only while the solution stays unique (down to the target or a minimal puzzle)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument("--format", choices=("list", "benchmark"), default="list",
                   help="list: `<cells> <spec>` per line (default); benchmark: the field's instance format "
                        "(order, flag 1, N rows, -1 for a blank)")
    p.add_argument("--out", metavar="DIR", help="with --format benchmark: write each puzzle to DIR/inst<N>x<N>_<p%%>_<seed>.txt")
    p.set_defaults(func=cmd_generate)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)      # an interrupted bench's --resume command
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
