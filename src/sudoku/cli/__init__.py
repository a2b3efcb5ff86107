"""The command line: ``sudoku COMMAND`` (also ``python -m sudoku``).

One module a command, each with ``add`` (its parser, naming its ``run``) and ``run`` (the
work, returning the exit code); ``arguments`` holds what they share of argparse and the
numbers options accept, ``inputs`` how puzzles are read from an argument, a file or stdin.
``COMMANDS`` lists them in the order ``--help`` shows.

Exit codes: 0 success; 1 a "no" answer (``solve``: some puzzle not solved; ``check``:
conflicts, no solution or more than one; ``hint``: conflicts or no solution, said as
``solve`` says it, or no technique applies, or with ``--all`` the path gets stuck); 2 a
usage or input error (bad arguments, an unreadable puzzle or file, a file that cannot be
written). Errors print one line on stderr, ``sudoku: <message>``, never a traceback.
``solve`` may have answered some lines before an input error (a file that stops being
UTF-8 text halfway) ends it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from sudoku.cli import bench, check, count, generate, hint, judge, render, solve, trace, watch
from sudoku.cli.arguments import Parser, UsageError
from sudoku.formats import PuzzleError

__all__ = ["COMMANDS", "main", "parser"]

COMMANDS = (solve, count, check, trace, render, bench, hint, generate, watch, judge)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as stop:  # argparse has printed usage or help
        return int(stop.code or 0)
    run: Callable[[argparse.Namespace], int] = args.run  # set by each command's ``add``
    try:
        return run(args)
    except (PuzzleError, UsageError) as error:
        print(f"sudoku: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left early (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


def parser() -> argparse.ArgumentParser:
    """The argument parser: one subcommand per module of ``COMMANDS``."""
    top = Parser(
        prog="sudoku",
        description=(
            "Solve, count, check, trace, render and benchmark Sudoku puzzles; hint the next "
            "logical step; generate new puzzles of a chosen level; watch and judge your own "
            "LeetCode 37 solution."
        ),
        epilog="Exit codes: 0 success, 1 a 'no' answer, 2 a usage or input error.",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add(commands)
    return top
