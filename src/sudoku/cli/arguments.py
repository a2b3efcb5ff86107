"""The command line's arguments: one-line errors, and the numbers each option accepts.

Numbers (``--limit``, ``--max-events``, ``--count``, ``--every``) are whole numbers from 1
to 10**18; steps (``--step N``, ``--steps A-B``) from 0 to 10**18; ``--delay`` is 20 to
60,000 ms; a seed is one from 0 to 2**64 - 1. A number is checked by its length before
``int()`` reads it, so no argument costs more than its own length to refuse.
"""

from __future__ import annotations

import argparse
from typing import NoReturn, TypeAlias

from sudoku.generator import MASK as MAX_SEED

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What ``add_subparsers`` returns: each command module's ``add`` puts its parser there."""
PUZZLE_HELP = "81 characters or LeetCode JSON, quoted (default: read stdin)"
MAX_NUMBER = 10**18
"""The largest number an option takes: more than any run reaches, and within what
``itertools.islice`` and the solvers accept (``sys.maxsize`` is 2**63 - 1)."""
DELAYS = (20, 60_000)
"""The milliseconds a GIF frame may show: browsers show shorter delays as 100 ms."""


class UsageError(Exception):
    """Options that do not go together, or output that cannot be written: one line, exit 2."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors, ``sudoku: <message>``, like every other error."""

    def error(self, message: str) -> NoReturn:
        """Print the message on one line (and where to find usage); exit 2."""
        self.exit(2, f"sudoku: {message} (see '{self.prog} --help')\n")


def positive(text: str) -> int:
    """An argument that must be a whole number from 1 to MAX_NUMBER."""
    return whole(text, 1, MAX_NUMBER)


def seed(text: str) -> int:
    """A ``--seed``: a whole number from 0 to 2**64 - 1."""
    return whole(text, 0, MAX_SEED)


def whole(text: str, low: int, high: int) -> int:
    """An argument that must be a whole number from ``low`` to ``high``."""
    # the length test first: int() refuses (ValueError) strings of over 4,300 digits
    if text.isdecimal() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    shown = text if len(text) <= 30 else text[:30] + "..."
    raise argparse.ArgumentTypeError(
        f"expected a whole number from {low} to {high:,}, found {shown!r}"
    )


def step_number(text: str) -> int:
    """An argument that must be a step: a whole number from 0 to MAX_NUMBER."""
    return whole(text, 0, MAX_NUMBER)


def step_range(text: str) -> tuple[int, int]:
    """An argument ``A-B``: steps A to B, from low to high."""
    first, dash, last = text.partition("-")
    try:
        low, high = step_number(first), step_number(last)
    except argparse.ArgumentTypeError:
        low = high = -1
    if not dash or low < 0:
        shown = text if len(text) <= 30 else text[:30] + "..."
        raise argparse.ArgumentTypeError(
            f"expected steps A-B, whole numbers from 0 to {MAX_NUMBER:,}, found {shown!r}"
        )
    if low > high:
        raise argparse.ArgumentTypeError(f"expected steps from low to high, found {text!r}")
    return low, high


def delay(text: str) -> int:
    """An argument that must be a frame's milliseconds, within DELAYS."""
    low, high = DELAYS
    if text.isdecimal() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    shown = text if len(text) <= 30 else text[:30] + "..."
    raise argparse.ArgumentTypeError(
        f"expected milliseconds from {low} to {high:,}, found {shown!r}"
    )
