"""Write src/sudoku/bank.py: the rated puzzles ``sudoku.from_bank`` draws from.

The app makes a new puzzle in its worker; under MicroPython the generator is too slow for
that at the harder levels (its hard level takes 0.7 s median in CPython, 2 s at worst, and
MicroPython is several times slower), so the app picks a puzzle made here, offline, and
``from_bank`` rearranges and relabels it at random (which keeps its level).

For each level, ``--count`` distinct puzzles from ``sudoku.puzzles(level, seed)`` (the
seeded generator, as ``sudoku generate`` makes them), each checked again: one solution
and ``sudoku.rate`` says the level. Deterministic: the same seed and count write the same
file, byte for byte. Run it again when the rating changes (the levels, or how a puzzle is
rated): the bank holds what ``rate`` said when it was made.

    python scripts/make_bank.py [--count 40] [--seed 0] [--out src/sudoku/bank.py]

Takes about a minute in CPython (the hard level is most of it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from sudoku import count_solutions, puzzles, rate
from sudoku.generator import numbers, rearranged, rearrangement, shuffled
from sudoku.grid import DIGITS
from sudoku.words import LEVELS

ROOT = Path(__file__).resolve().parent.parent
CHECK_SEED = 7_000
"""Where ``steady``'s rearrangements come from (the tests check others)."""
OUT = ROOT / "src" / "sudoku" / "bank.py"

HEADER = '''"""The bank of rated puzzles that ``sudoku.generator.from_bank`` draws from.

Written by ``scripts/make_bank.py --count {count} --seed {seed}``: do not edit, run the
script again (after a change to the rating, for instance). {count} puzzles a level, each
with one solution and rated its level by ``sudoku.rate`` when it was made; each level's
puzzles are the first {count} distinct ones of ``sudoku.puzzles(level, {seed})``.
"""

BANK = {{
'''


CHECKS = 6
"""Rearrangements each puzzle must keep its level under to enter the bank (see ``steady``)."""


def made(level: str, count: int, seed: int) -> list[str]:
    """The first ``count`` distinct puzzles of the level from ``seed``, each checked, that
    keep their level rearranged (``steady``)."""
    found: list[str] = []
    for puzzle in puzzles(level, seed):
        if puzzle in found:
            continue
        if count_solutions(puzzle, 2) != 1 or rate(puzzle).level != level:
            raise SystemExit(f"make_bank: the generator made a bad {level} puzzle: {puzzle}")
        if not steady(puzzle, level, len(found)):
            continue
        found.append(puzzle)
        if len(found) == count:
            return found
    raise AssertionError("puzzles() never ends")  # pragma: no cover


def steady(puzzle: str, level: str, index: int) -> bool:
    """Whether ``puzzle`` keeps ``level`` under ``CHECKS`` rearrangements and relabellings.

    A rearrangement maps every logical step onto one of the same technique, but the hint
    engine takes the first step it finds in a fixed scan order, so its path, and with it
    the hardest step, can change: measured on a bank made without this check, 10 of 600
    rearrangements fell a level (all from 4 puzzles rated just above a level's top). Such
    puzzles stay out of the bank."""
    for k in range(CHECKS):
        stream = numbers(CHECK_SEED + CHECKS * index + k)
        moved = rearranged(puzzle, rearrangement(stream), "".join(shuffled(stream, DIGITS)))
        if rate(moved).level != level:
            return False
    return True


def module_text(bank: dict[str, list[str]], count: int, seed: int) -> str:
    """The module's source: the header, then each level's puzzles, one a line."""
    lines = [HEADER.format(count=count, seed=seed)]
    for level in LEVELS:
        lines.append(f'    "{level}": (\n')
        lines.extend(f'        "{puzzle}",\n' for puzzle in bank[level])
        lines.append("    ),\n")
    lines.append("}\n")
    return "".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Make the bank and write it; print each level's count and the file's size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=40, help="puzzles a level (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed (default 0)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the module")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    bank = {level: made(level, args.count, args.seed) for level in LEVELS}
    text = module_text(bank, args.count, args.seed)
    args.out.write_text(text, encoding="utf-8")
    for level in LEVELS:
        print(f"{level}: {len(bank[level])} puzzles")
    print(f"wrote {args.out} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
