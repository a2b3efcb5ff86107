"""``sudoku rate``: each puzzle's rating on Sudoku Explainer's scale and its level, one
line a puzzle, printed as soon as its line is read: ``7.5 extreme`` (``sudoku.logic.rate``:
the hardest step of its logical path).

A puzzle without exactly one solution has no rating: its line says why, in ``solve``'s
words (``no solution``, ``invalid: <message>``) or ``more than one solution``, and the exit
code is 1.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from sudoku.cli.arguments import PUZZLE_HELP, Commands
from sudoku.cli.inputs import opened, parse_item, puzzle_texts
from sudoku.cli.solve import solve_text
from sudoku.formats import PuzzleError
from sudoku.logic import rate
from sudoku.solver import count_solutions
from sudoku.words import VERDICT_WORDS, rating


def add(commands: Commands) -> None:
    """Add ``rate`` to the commands."""
    command = commands.add_parser("rate", help="each puzzle's rating and level")
    source = command.add_mutually_exclusive_group()
    source.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    source.add_argument("--file", type=Path, help="puzzles, one a line (or one grid)")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each puzzle's rating and level; exit 1 unless every puzzle has one."""
    if args.puzzle is not None:
        return rate_all([args.puzzle])
    with opened(args.file) as (stream, name):
        return rate_all(puzzle_texts(stream, name))


def rate_all(texts: Iterable[str | PuzzleError]) -> int:
    """Rate and print each puzzle in turn, flushed."""
    unrated = 0
    for text in texts:
        line = rated(text)
        print(line, flush=True)
        unrated += not line[:1].isdigit()
    return 1 if unrated else 0


def rated(text: str | PuzzleError) -> str:
    """One puzzle's line: ``4.2 hard``, or why it has no rating."""
    solution, why = solve_text(text)
    if solution is None:
        return why
    grid = parse_item(text)
    if count_solutions(grid, 2) > 1:
        return VERDICT_WORDS["multiple"]
    tenths, level = rate(grid)
    return f"{rating(tenths)} {level}"
