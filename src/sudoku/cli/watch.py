"""``sudoku watch``: a reader's own solution run on a puzzle, each write to the board a line.

Prints one JSON object a line per write (``step``, ``kind``, ``cell``, ``digit``,
``line``, ``depth``: ``sudoku.watching``), then one summary object: how the run ended,
the judge's verdict and the counters. What the reader's code prints goes to stderr (so
stdout stays JSON lines), then their traceback if it raised, their lines only. Exit 0
when the verdict is ``ok``, 1 otherwise.

With ``--record`` it prints instead one line, the run's recording (``sudoku.recording``:
the code, the puzzle and every write, for the player and the widget to play without
running the code), and the summary goes to stderr; the run stops at the recording's
``MAX_EVENTS`` writes. ``--record=fragment`` prints it as an iframe's address carries
it after ``#`` (``fragment``).
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sudoku.cli.arguments import PUZZLE_HELP, Commands, positive
from sudoku.cli.inputs import code_text, one_puzzle
from sudoku.formats import parse
from sudoku.inspecting import state_at
from sudoku.judging import expected, verdict
from sudoku.recording import MAX_EVENTS, record
from sudoku.watching import LIMITS, Event, Limits, Run, watch

SHOWN = ("step", "kind", "cell", "digit", "line", "depth")
"""The keys of an event the command prints."""

MEMORY_CAP = 4 << 30
"""Bytes of address space the process may take while the reader's code runs (where the
system allows a cap): an allocation past it is a MemoryError, said as ``out of memory``."""


def add(commands: Commands) -> None:
    """Add ``watch`` to the commands."""
    command = commands.add_parser("watch", help="run your solveSudoku, each write a JSON line")
    command.add_argument("code", type=Path, metavar="FILE", help="your solution (Python)")
    command.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    command.add_argument(
        "--max-events",
        type=positive,
        default=LIMITS.events,
        metavar="N",
        help=(
            f"stop after N writes (default: no such cap, but {MAX_EVENTS:,} with --record; "
            f"the time is capped at {LIMITS.seconds:g} s, as LeetCode's)"
        ),
    )
    command.add_argument(
        "--record",
        nargs="?",
        const="json",
        choices=["json", "fragment"],
        help=(
            "print the run's recording (code, puzzle, writes) on one line, for the widget: "
            "its JSON (for a <sudoku-lab> tag), or =fragment: trace=... for an iframe's #"
        ),
    )
    command.add_argument(
        "--at",
        type=positive,
        metavar="N",
        help=(
            "print, as JSON, the state right after the N-th write (the player's step N): "
            "your frames, outermost first, each with its function, line and locals"
        ),
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each write, then the summary; exit 0 when the verdict is ``ok``."""
    code = code_text(args.code)
    grid = parse(one_puzzle(args))
    if args.at is not None:
        return print_state(code, grid, args.at)
    events: list[Event] = []
    most = min(args.max_events or MAX_EVENTS, MAX_EVENTS) if args.record else args.max_events
    with capped_memory():
        done = watch(
            code, grid, Limits(most, *LIMITS[1:]), events.append if args.record else print_event
        )
    problem, solution = expected(grid)
    said = problem or verdict(grid, done, solution)
    if args.record:
        try:
            text = record(code, grid, events, done)
            print(text if args.record == "json" else fragment(text))
        except ValueError as error:
            print(f"sudoku: cannot record this run: {error}", file=sys.stderr)
            return 1
    print(json.dumps(summary(done, said)), file=sys.stderr if args.record else sys.stdout)
    print(done["printed"], end="", file=sys.stderr)
    for line in done["traceback"]:
        print(line, file=sys.stderr)
    return 0 if said.startswith("ok") else 1


def print_state(code: str, grid: str, step: int) -> int:
    """Print the frames at ``step`` as JSON (run twice: the second run must make the same
    write there, else stderr says so); 1 if there is no such step or the runs differ."""
    with capped_memory():
        first = state_at(code, grid, step)
        if first["message"]:
            print(f"sudoku: {first['message']}", file=sys.stderr)
            return 1
        again = state_at(code, grid, step, first["write"])
    print(json.dumps(first["frames"], indent=1))
    if again["message"]:
        print(f"sudoku: {again['message']}", file=sys.stderr)
        return 1
    return 0


def fragment(text: str) -> str:
    """A recording as an iframe's fragment carries it: ``trace=`` and its UTF-8 deflated
    (zlib's format) in base64url without padding (static/js/recording.js reads it)."""
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9))
    return "trace=" + packed.decode("ascii").rstrip("=")


def print_event(event: Event) -> None:
    """Print a write's line as soon as it is made."""
    print(json.dumps({key: event[key] for key in SHOWN}))  # type: ignore[literal-required]


def summary(done: Run, said: str) -> dict[str, object]:
    """The run's last line: its outcome, the verdict, and its counters."""
    return {
        "outcome": done["outcome"],
        "verdict": said,
        "steps": done["steps"],
        "writes": done["writes"],
        "undos": done["undos"],
        "lines": done["lines"],
        "calls": done["calls"],
        "max_depth": done["max_depth"],
        "ms": round(done["seconds"] * 1000, 3),
        "at_end": done["at_end"],
    }


@contextmanager
def capped_memory() -> Iterator[None]:
    """While inside, the process's address space is capped at MEMORY_CAP (where the system
    has such caps); the cap before is put back after (children started later inherit it:
    a cap left behind starves them)."""
    try:
        import resource  # noqa: PLC0415 (POSIX only)

        before = resource.getrlimit(resource.RLIMIT_AS)
        soft, hard = before
        cap = MEMORY_CAP if hard == resource.RLIM_INFINITY else min(MEMORY_CAP, hard)
        if soft != resource.RLIM_INFINITY:
            cap = min(cap, soft)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)
