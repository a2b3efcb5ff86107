"""``sudoku trace``: the teaching search's events, one JSON object a line."""

from __future__ import annotations

import argparse
import json
import sys
from itertools import islice

from sudoku.cli.arguments import PUZZLE_HELP, Commands, positive
from sudoku.cli.inputs import one_puzzle
from sudoku.formats import parse
from sudoku.tracing import trace
from sudoku.words import STRATEGIES


def add(commands: Commands) -> None:
    """Add ``trace`` to the commands."""
    command = commands.add_parser("trace", help="the search's events as JSON lines")
    command.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    command.add_argument(
        "--strategy", choices=STRATEGIES, default=STRATEGIES[0], help="default naive"
    )
    command.add_argument("--max-events", type=positive, metavar="N", help="stop after N events")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the search's events, one JSON object a line, up to ``--max-events``."""
    events = trace(parse(one_puzzle(args)), args.strategy)
    for event in islice(events, args.max_events):
        print(json.dumps(event))
    if next(events, None) is not None:
        print(f"sudoku: stopped after {args.max_events} events", file=sys.stderr)
    return 0
