"""``sudoku hint``: the easiest logical step a person could take next, in one line
(``sudoku.logic.say``): ``hidden single: r3c5 = 7 (the only place for 7 in box 2)``.

``--all`` prints the whole logical path, a step a line, and a last line: ``solved`` (on a
puzzle with one solution it always is: the last resort, a contradiction chain, always
applies), or, with several solutions, where logic gets stuck and how many cells are left.
A full grid gets ``solved already: no blank cell left``.
"""

from __future__ import annotations

import argparse

from sudoku.cli.arguments import PUZZLE_HELP, Commands
from sudoku.cli.inputs import one_puzzle
from sudoku.cli.solve import solve_text
from sudoku.formats import parse
from sudoku.grid import BLANK
from sudoku.logic import ending, next_step, say, solve_path
from sudoku.words import ALREADY_SOLVED


def add(commands: Commands) -> None:
    """Add ``hint`` to the commands."""
    command = commands.add_parser("hint", help="the next logical step, in words")
    command.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    command.add_argument(
        "--all", action="store_true", help="every step to the end, or to where logic is stuck"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the next logical step, or with ``--all`` every step and where the path ends.

    Exit 0 when a step is given (``--all``: when the path solves the puzzle) or the grid
    is full; 1 for conflicts, no solution, or no step."""
    grid = parse(one_puzzle(args))
    solution, why = solve_text(grid)
    if solution is None:
        print(why)
        return 1
    if BLANK not in grid:
        print(ALREADY_SOLVED)
        return 0
    if not args.all:
        step = next_step(grid)
        print(ending(grid) if step is None else say(step))
        return 1 if step is None else 0
    steps, reached = solve_path(grid)
    for step in steps:
        print(say(step))
    print(ending(reached))
    return 1 if BLANK in reached else 0
