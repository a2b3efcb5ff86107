"""``sudoku generate``: new puzzles of a level, one 81-character line each.

Every puzzle has exactly one solution (``sudoku.generator``). The same seed gives the same
puzzles; without one, a random seed is drawn.
"""

from __future__ import annotations

import argparse
from itertools import islice

from sudoku.cli.arguments import Commands, positive, seed
from sudoku.formats import to_line
from sudoku.generator import puzzles
from sudoku.words import LEVELS


def add(commands: Commands) -> None:
    """Add ``generate`` to the commands."""
    command = commands.add_parser("generate", help="new puzzles of a level, one a line")
    command.add_argument(
        "--difficulty", choices=LEVELS, default=LEVELS[0], help=f"default {LEVELS[0]}"
    )
    command.add_argument(
        "--count", type=positive, default=1, metavar="N", help="how many (default 1)"
    )
    command.add_argument(
        "--seed", type=seed, metavar="S", help="the same seed, the same puzzles (default random)"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print ``--count`` new puzzles of the level, each line flushed as soon as it is made."""
    for puzzle in islice(puzzles(args.difficulty, args.seed), args.count):
        print(to_line(puzzle), flush=True)
    return 0
