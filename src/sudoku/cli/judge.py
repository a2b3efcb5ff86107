"""``sudoku judge``: a reader's own solution judged on puzzles, beside the built-ins.

One line per puzzle (``N: ok: ...``, ``N: wrong answer: ...``, ``N: error on line ...``,
``N: stopped: ...``, ``N: invalid: ...``) with the built-in strategies' figures on the
same puzzle after a ``|``, then the totals. Exit 0 when every puzzle passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sudoku.cli.arguments import PUZZLE_HELP, Commands, positive
from sudoku.cli.inputs import code_text, opened, parse_item, puzzle_texts
from sudoku.cli.watch import capped_memory
from sudoku.formats import PuzzleError
from sudoku.judging import COMPARE_STEPS, judge, refused, result_line, totals_line
from sudoku.watching import LIMITS, Limits

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from sudoku.judging import Result


def add(commands: Commands) -> None:
    """Add ``judge`` to the commands."""
    command = commands.add_parser("judge", help="judge your solveSudoku, beside the built-ins")
    command.add_argument("code", type=Path, metavar="FILE", help="your solution (Python)")
    source = command.add_mutually_exclusive_group()
    source.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    source.add_argument("--file", type=Path, help="puzzles, one a line (or one grid)")
    command.add_argument(
        "--max-events",
        type=positive,
        default=LIMITS.events,
        metavar="N",
        help=(
            "stop your code after N writes a puzzle (default: no such cap; "
            f"each puzzle's time is capped at {LIMITS.seconds:g} s, as LeetCode's)"
        ),
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Judge each puzzle as it is read, print its line, then the totals."""
    code = code_text(args.code)
    limits = Limits(args.max_events, *LIMITS[1:])
    if args.puzzle is not None:
        with capped_memory():
            return judge_all(code, [args.puzzle], limits)
    with opened(args.file) as (stream, name), capped_memory():
        return judge_all(code, puzzle_texts(stream, name), limits)


def judge_all(code: str, texts: Iterable[str | PuzzleError], limits: Limits) -> int:
    """Judge and print each puzzle in turn (flushed), then the totals; 0 if all passed."""
    results: list[Result] = []
    for number, text in enumerate(texts, 1):
        result = judged(code, text, limits)
        print(result_line(number, result), flush=True)
        results.append(result)
    print(totals_line(results))
    return 0 if results and all(result["passed"] for result in results) else 1


def judged(code: str, text: str | PuzzleError, limits: Limits) -> Result:
    """One puzzle judged; a puzzle that cannot be read is ``invalid: ...``, not run."""
    try:
        grid = parse_item(text)
    except PuzzleError as error:
        return refused("", f"invalid: {error}")
    return judge(code, grid, limits, COMPARE_STEPS)
