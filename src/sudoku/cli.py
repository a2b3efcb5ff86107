"""The command line: ``sudoku solve|count|check|trace|bench`` (also ``python -m sudoku``).

Where puzzles come from: ``count``, ``check`` and ``trace`` take one PUZZLE
argument (an 81-character line or LeetCode JSON, quoted for the shell) or, without
it, read one puzzle (any shape ``parse`` reads, a 9-line grid too) from stdin.
``solve`` takes the PUZZLE argument, or ``--file F``, or stdin. Text from a file
or stdin holds one puzzle per line (blank lines skipped) when it has several
non-blank lines and at least one of them is a whole puzzle on its own; otherwise
the whole text is one puzzle. So a file of 81-character lines is a batch, and a
9-line grid or indented JSON is one puzzle.

Exit codes: 0 success; 1 a "no" answer (``solve``: some puzzle not solved;
``check``: conflicts, no solution or more than one); 2 a usage or input error (bad
arguments, an unreadable puzzle or file). Errors print one line on stderr,
``sudoku: <message>``, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import deque
from collections.abc import Callable, Sequence
from itertools import islice
from pathlib import Path

from sudoku.benchmark import format_stats, run_each, solves, summarize
from sudoku.formats import PuzzleError, parse, to_json, to_line, to_pretty
from sudoku.grid import Grid
from sudoku.solver import analyze, count_solutions, solve
from sudoku.trace import STRATEGIES, trace
from sudoku.validate import conflicts, describe, givens

WRITERS: dict[str, Callable[[Grid], str]] = {"line": to_line, "grid": to_pretty, "json": to_json}
BENCH_STRATEGIES = ("fast", *STRATEGIES)
VERDICTS = ("no solution", "unique solution", "more than one solution")
PUZZLE_HELP = "81 characters or LeetCode JSON, quoted (default: read stdin)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as stop:  # argparse has printed usage or help
        return int(stop.code or 0)
    try:
        return args.run(args)
    except PuzzleError as error:
        print(f"sudoku: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left early (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


def parser() -> argparse.ArgumentParser:
    """The argument parser: one subcommand per job, each naming its ``run`` function."""
    top = argparse.ArgumentParser(
        prog="sudoku",
        description="Solve, count, check, trace and benchmark Sudoku puzzles.",
        epilog="Exit codes: 0 success, 1 a 'no' answer, 2 a usage or input error.",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve_cmd = commands.add_parser("solve", help="print the solution of each puzzle")
    source = solve_cmd.add_mutually_exclusive_group()
    source.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    source.add_argument("--file", type=Path, help="puzzles, one a line (or one grid)")
    solve_cmd.add_argument(
        "--format", choices=WRITERS, default="line", help="output (default line)"
    )
    solve_cmd.set_defaults(run=run_solve)

    count_cmd = commands.add_parser("count", help="count solutions, up to a limit")
    count_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    count_cmd.add_argument(
        "--limit", type=positive, default=2, metavar="N", help="stop here (default 2)"
    )
    count_cmd.set_defaults(run=run_count)

    check_cmd = commands.add_parser("check", help="conflicts, clue count and verdict")
    check_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    check_cmd.set_defaults(run=run_check)

    trace_cmd = commands.add_parser("trace", help="the search's events as JSON lines")
    trace_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    trace_cmd.add_argument(
        "--strategy", choices=STRATEGIES, default=STRATEGIES[0], help="default naive"
    )
    trace_cmd.add_argument("--max-events", type=positive, metavar="N", help="stop after N events")
    trace_cmd.set_defaults(run=run_trace)

    bench_cmd = commands.add_parser("bench", help="time a solver over a file of puzzles")
    bench_cmd.add_argument("--file", type=Path, required=True, help="puzzles, one a line")
    bench_cmd.add_argument(
        "--strategy", choices=BENCH_STRATEGIES, default="fast", help="default fast"
    )
    bench_cmd.add_argument(
        "--limit", type=positive, metavar="N", help="time only the first N puzzles"
    )
    bench_cmd.set_defaults(run=run_bench)

    return top


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, found {text!r}")
    return int(text)


def run_solve(args: argparse.Namespace) -> int:
    """Print each puzzle's solution in the chosen format; exit 1 unless all were solved."""
    texts = [args.puzzle] if args.puzzle is not None else puzzle_texts(read_source(args.file))
    unsolved = 0
    for number, text in enumerate(texts):
        solution, why = solve_text(text)
        if args.format == "grid" and number:
            print()
        print(why if solution is None else WRITERS[args.format](solution))
        unsolved += solution is None
    return 1 if unsolved else 0


def solve_text(text: str) -> tuple[Grid | None, str]:
    """A puzzle's solution, or None and why: ``no solution`` or ``invalid: <message>``."""
    try:
        grid = parse(text)
    except PuzzleError as error:
        return None, f"invalid: {error}"
    clashes = conflicts(grid)
    if clashes:
        return None, f"invalid: {describe(clashes[0])}"
    solution = solve(grid)
    return solution, "no solution" if solution is None else ""


def run_count(args: argparse.Namespace) -> int:
    """Print how many solutions there are, up to the limit."""
    found = count_solutions(parse(one_puzzle(args)), limit=args.limit)
    print(count_words(found, args.limit))
    return 0


def count_words(found: int, limit: int) -> str:
    """The count with what it means: ``1 (unique)``, or that the count stopped at the limit."""
    if found >= limit:
        return f"{found} (stopped at the limit of {limit}: there may be more)"
    meaning = {0: "no solution", 1: "unique"}.get(found, "all of them")
    return f"{found} ({meaning})"


def run_check(args: argparse.Namespace) -> int:
    """Print conflicts, clue count and verdict; exit 0 only for a valid, unique puzzle."""
    grid = parse(one_puzzle(args))
    clashes = conflicts(grid)
    print(f"givens: {givens(grid)}")
    print(f"conflicts: {len(clashes) or 'none'}")
    for clash in clashes:
        print(f"  {describe(clash)}")
    verdict = VERDICTS[count_solutions(grid, limit=2)]
    print(f"verdict: {verdict}")
    return 0 if verdict == VERDICTS[1] else 1


def run_trace(args: argparse.Namespace) -> int:
    """Print the search's events, one JSON object a line, up to ``--max-events``."""
    events = trace(parse(one_puzzle(args)), args.strategy)
    for event in islice(events, args.max_events):
        print(json.dumps(event))
    if next(events, None) is not None:
        print(f"sudoku: stopped after {args.max_events} events", file=sys.stderr)
    return 0


def run_bench(args: argparse.Namespace) -> int:
    """Time the strategy on each puzzle and print one line of stats; exit 1 on a wrong answer.

    ``fast`` is ``sudoku.solver``; the others are the teaching searches, timed as traced
    (making their event records is part of what they cost)."""
    texts = puzzle_texts(read_source(args.file))[: args.limit]
    puzzles = [numbered_parse(number, text) for number, text in enumerate(texts, 1)]
    times, outcomes = run_each(puzzles, bench_runner(args.strategy))
    print(format_stats(args.strategy, summarize(times, [nodes for _, nodes in outcomes])))
    failed = sum(
        not solves(p, solution) for p, (solution, _) in zip(puzzles, outcomes, strict=True)
    )
    if failed:
        print(f"not solved: {failed} of {len(puzzles)} puzzles")
    return 1 if failed else 0


def numbered_parse(number: int, text: str) -> Grid:
    """Parse the ``number``-th puzzle of a file, naming it in any error."""
    try:
        return parse(text)
    except PuzzleError as error:
        raise PuzzleError(f"puzzle {number}: {error}") from None


def bench_runner(strategy: str) -> Callable[[Grid], tuple[Grid | None, int]]:
    """A function from a puzzle to (its solution or None, the guesses it took)."""
    if strategy == "fast":
        return fast_outcome
    return lambda grid: traced_outcome(grid, strategy)


def fast_outcome(grid: Grid) -> tuple[Grid | None, int]:
    """The fast solver's first solution and its guesses."""
    analysis = analyze(grid, limit=1)
    return analysis["solution"], analysis["nodes"]


def traced_outcome(grid: Grid, strategy: str) -> tuple[Grid | None, int]:
    """A teaching search run to its end: the solved grid, if any, and its guesses."""
    (last,) = deque(trace(grid, strategy), maxlen=1)
    return last.get("grid"), last.get("nodes", 0)


def one_puzzle(args: argparse.Namespace) -> str:
    """The PUZZLE argument, or else all of stdin as one puzzle."""
    return args.puzzle if args.puzzle is not None else read_source(None)


def read_source(path: Path | None) -> str:
    """The text of a file, or of stdin when ``path`` is None; PuzzleError if unreadable."""
    name = "stdin" if path is None else str(path)
    try:
        return sys.stdin.read() if path is None else path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise PuzzleError(f"cannot read {name}: not UTF-8 text") from None
    except OSError as error:
        raise PuzzleError(f"cannot read {name}: {error.strerror or error}") from None


def puzzle_texts(text: str) -> list[str]:
    """One puzzle per non-blank line if any line is a whole puzzle, else the whole text."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and any(is_puzzle(line) for line in lines):
        return lines
    return [text]


def is_puzzle(text: str) -> bool:
    """Whether ``text`` reads as a puzzle on its own."""
    try:
        parse(text)
    except PuzzleError:
        return False
    return True
