"""``sudoku check``: givens, conflicts and the verdict; exit 0 only for a proper puzzle."""

from __future__ import annotations

import argparse

from sudoku.cli.arguments import PUZZLE_HELP, Commands
from sudoku.cli.inputs import one_puzzle
from sudoku.formats import parse
from sudoku.solver import count_solutions
from sudoku.validate import conflicts, describe, givens
from sudoku.words import VERDICT_WORDS, VERDICTS


def add(commands: Commands) -> None:
    """Add ``check`` to the commands."""
    command = commands.add_parser("check", help="conflicts, clue count and verdict")
    command.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print conflicts, clue count and verdict; exit 0 only for a valid, unique puzzle."""
    grid = parse(one_puzzle(args))
    clashes = conflicts(grid)
    print(f"givens: {givens(grid)}")
    print(f"conflicts: {len(clashes) or 'none'}")
    for clash in clashes:
        print(f"  {describe(clash)}")
    verdict = VERDICTS[count_solutions(grid, limit=2)]
    print(f"verdict: {VERDICT_WORDS[verdict]}")
    return 0 if verdict == "unique" else 1
