"""What every technique shares: the step as data, candidates as strings and as bit masks.

A cell's candidates are a string of digits, ascending (``"147"``; ``""`` for a filled
cell): the shape the pages and ``sudoku.logic``'s public functions use. The harder
techniques (``sudoku.patterns``, ``sudoku.chains``) work on **masks** instead: 81 ints,
bit ``d - 1`` set while digit ``d`` is a candidate (``MASK["147"] == 0b1001001``).

A **rating** is on Sudoku Explainer's scale, in tenths (``42`` is 4.2): ints add up and
print the same in every interpreter (MicroPython prints 9.2 as 9.199999999999999);
``words.rating`` writes one as people read it.
"""

from __future__ import annotations

from collections import namedtuple

from sudoku.grid import DIGITS, PEERS, UNITS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeVar

    T = TypeVar("T")


class Step(
    namedtuple(
        "Step",
        ["technique", "placements", "eliminations", "cells", "units", "digits", "rating", "links"],
    )
):
    """One logical step, as data.

    - ``technique``: its name, one of ``words.TECHNIQUES`` (or ``words.WRONG_ENTRY``);
    - ``placements``: ((cell, digit), ...) written by the step (a single: one);
    - ``eliminations``: ((cell, digit), ...) crossed out, sorted by digit then cell;
    - ``cells``: the cells that justify it (the single's cell, a box's places for the
      pointed digit, a subset's cells, a fish's corners, a wing's pivot and pincers, a
      chain's cells in order), ascending except for chains;
    - ``units``: the units (0-26) it reasons about: a hidden single's or subset's unit;
      pointing (box, line); claiming (line, box); a fish (base lines, then cover lines);
      a pattern's strong links' units; none for a naked single;
    - ``digits``: the digits it is about, ascending;
    - ``rating``: its difficulty on Sudoku Explainer's scale, in tenths (12 to about 120);
    - ``links``: for chains, the chain link by link (``sudoku.chains`` says the shape);
      ``()`` for the other techniques.

    Cells are ints 0-80 and digits one-character strings, as everywhere in the core.
    A ``collections.namedtuple``: ``typing.NamedTuple`` does not exist in MicroPython.
    """

    __slots__ = ()


def new_step(  # noqa: PLR0913, PLR0917 (a Step's eight fields, in their order)
    technique: str,
    placements: tuple[tuple[int, str], ...],
    eliminations: tuple[tuple[int, str], ...],
    cells: Sequence[int],
    units: Sequence[int],
    digits: Sequence[str],
    tenths: int,
    links: tuple[tuple[object, ...], ...] = (),
) -> Step:
    """A ``Step`` from its parts, the rating given in tenths."""
    return Step(
        technique,
        placements,
        eliminations,
        tuple(cells),
        tuple(units),
        tuple(digits),
        tenths,
        links,
    )


# --- candidates as masks -------------------------------------------------------------------

BIT = {digit: 1 << index for index, digit in enumerate(DIGITS)}
"""Each digit's bit in a mask."""
TEXT = tuple("".join([d for d in DIGITS if mask & BIT[d]]) for mask in range(512))
"""Each mask's digits, ascending."""
MASK = {text: mask for mask, text in enumerate(TEXT)}
"""Each ascending string of digits' mask (the inverse of ``TEXT``)."""
SIZE = tuple(len(text) for text in TEXT)
"""How many candidates each mask holds."""
ONLY = {BIT[d]: d for d in DIGITS}
"""The digit of each one-bit mask."""
PEER_SET = tuple(frozenset(peers) for peers in PEERS)
"""Each cell's 20 peers, as a set."""


def masks_of(marks: Sequence[str]) -> list[int]:
    """The marks as 81 masks (each string ascending, as the core keeps them)."""
    return [MASK[m] if m in MASK else MASK["".join(sorted(m))] for m in marks]


def sees(a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` are peers (share a row, a column or a box)."""
    return b in PEER_SET[a]


def seeing(cells: Sequence[int]) -> list[int]:
    """The cells that are peers of every one of ``cells`` (none of them), ascending."""
    common = PEER_SET[cells[0]]
    for cell in cells[1:]:
        common = common & PEER_SET[cell]
    return sorted(common - set(cells))


def places(marks: Sequence[str], unit: int, digit: str) -> tuple[int, ...]:
    """The cells of ``unit`` where ``digit`` is still a candidate, ascending."""
    return tuple([cell for cell in UNITS[unit] if digit in marks[cell]])


def places_mask(marks: Sequence[str], cells: Sequence[int], digit: str) -> int:
    """The places of ``digit`` among ``cells`` as a mask: bit ``k`` for ``cells[k]``."""
    mask = 0
    for k, cell in enumerate(cells):
        if digit in marks[cell]:
            mask |= 1 << k
    return mask


def removals(
    marks: Sequence[str], cells: Sequence[int], digits: str | Sequence[str]
) -> tuple[tuple[int, str], ...]:
    """The (cell, digit) pairs of ``digits`` still marked in ``cells``: by digit, then cell."""
    return tuple([(cell, d) for d in digits for cell in sorted(cells) if d in marks[cell]])


def combinations(items: Sequence[T], size: int) -> list[tuple[T, ...]]:
    """Every choice of ``size`` items, in order (``itertools`` has none in MicroPython)."""
    if size == 0:
        return [()]
    return [
        (items[i],) + rest  # noqa: RUF005 (no star-unpacking in displays: MicroPython)
        for i in range(len(items) - size + 1)
        for rest in combinations(items[i + 1 :], size - 1)
    ]


def subsets(masks: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every choice of ``size`` indices of ``masks``, in ``combinations``' order, whose
    masks together hold exactly ``size`` bits: the naked and hidden subsets' and the fish's
    groups. A choice already holding more is not grown (its growths would too), so this
    looks at far fewer than every combination."""
    found = []

    def grow(chosen: tuple[int, ...], first: int, union: int) -> None:
        if len(chosen) == size:
            if SIZE[union] == size:
                found.append(chosen)
            return
        for index in range(first, len(masks) - (size - len(chosen)) + 1):
            more = union | masks[index]
            if SIZE[more] <= size:
                grow(chosen + (index,), index + 1, more)  # noqa: RUF005 (MicroPython)

    grow((), 0, 0)
    return found


def length_bonus(links: int) -> int:
    """Sudoku Explainer's extra tenths for a chain of ``links`` links: none up to 4,
    then one more at each of 6, 8, 12, 16, 24, 32, 48, ... (each step 1.5x or 1.33x)."""
    bonus, limit, grow = 0, 4, True
    while links > limit:
        bonus += 1
        limit = limit * 3 // 2 if grow else limit * 4 // 3
        grow = not grow
    return bonus
