"""``sudoku solve``: each puzzle's solution, printed as soon as its line is read."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from pathlib import Path

from sudoku.cli.arguments import PUZZLE_HELP, Commands
from sudoku.cli.inputs import opened, parse_item, puzzle_texts
from sudoku.formats import PuzzleError, to_json, to_line, to_pretty
from sudoku.grid import Grid
from sudoku.solver import solve
from sudoku.validate import conflicts, describe

WRITERS: dict[str, Callable[[Grid], str]] = {"line": to_line, "grid": to_pretty, "json": to_json}


def add(commands: Commands) -> None:
    """Add ``solve`` to the commands."""
    command = commands.add_parser("solve", help="print the solution of each puzzle")
    source = command.add_mutually_exclusive_group()
    source.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    source.add_argument("--file", type=Path, help="puzzles, one a line (or one grid)")
    command.add_argument("--format", choices=WRITERS, default="line", help="output (default line)")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each puzzle's solution as soon as it is read; exit 1 unless all were solved."""
    if args.puzzle is not None:
        return solve_all([args.puzzle], args.format)
    with opened(args.file) as (stream, name):
        return solve_all(puzzle_texts(stream, name), args.format)


def solve_all(texts: Iterable[str | PuzzleError], form: str) -> int:
    """Solve and print each puzzle in turn, flushed (a pipe reader sees each answer)."""
    unsolved = 0
    for number, text in enumerate(texts):
        solution, why = solve_text(text)
        if form == "grid" and number:
            print()
        print(why if solution is None else WRITERS[form](solution), flush=True)
        unsolved += solution is None
    return 1 if unsolved else 0


def solve_text(text: str | PuzzleError) -> tuple[Grid | None, str]:
    """A puzzle's solution, or None and why: ``no solution`` or ``invalid: <message>``."""
    try:
        grid = parse_item(text)
    except PuzzleError as error:
        return None, f"invalid: {error}"
    clashes = conflicts(grid)
    if clashes:
        return None, f"invalid: {describe(clashes[0])}"
    solution = solve(grid)
    return solution, "no solution" if solution is None else ""
