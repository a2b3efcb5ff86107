"""``sudoku count``: how many solutions a puzzle has, up to a limit."""

from __future__ import annotations

import argparse

from sudoku.cli.arguments import PUZZLE_HELP, Commands, positive
from sudoku.cli.inputs import one_puzzle
from sudoku.formats import parse
from sudoku.solver import count_solutions


def add(commands: Commands) -> None:
    """Add ``count`` to the commands."""
    command = commands.add_parser("count", help="count solutions, up to a limit")
    command.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    command.add_argument(
        "--limit", type=positive, default=2, metavar="N", help="stop here (default 2)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
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
