"""Conflicting givens as data: both cells, the digit and the unit they share.

A puzzle whose givens break the rules has no solution; saying which two cells
clash, and where, is what lets a person fix a typo.
"""

from __future__ import annotations

from collections import namedtuple

from sudoku.grid import BLANK, PEERS, Grid, cell_name, checked_grid, shared_unit, unit_name
from sudoku.words import both_hold


class Conflict(namedtuple("Conflict", ["first", "second", "digit", "unit"])):
    """Two peers holding the same digit: cells ``first < second`` (ints 0-80), ``digit``
    (``"1"``-``"9"``), and ``unit`` (0-26), the first unit they share.

    A ``collections.namedtuple``: ``typing.NamedTuple`` does not exist in MicroPython.
    """

    __slots__ = ()


def conflicts(grid: Grid) -> list[Conflict]:
    """One Conflict per pair of peers with the same digit, sorted by (first, second).

    ValueError if ``grid`` is not 81 characters of ``1``-``9`` and ``.``, naming why.
    """
    checked_grid(grid)
    return [
        Conflict(cell, peer, grid[cell], shared_unit(cell, peer))
        for cell in range(81)
        if grid[cell] != BLANK
        for peer in PEERS[cell]  # ascending, so the list comes out sorted
        if peer > cell and grid[peer] == grid[cell]
    ]


def describe(conflict: Conflict) -> str:
    """The conflict in words: ``r1c1 and r1c5 both hold 5 in row 1``."""
    first, second, digit, unit = conflict
    return both_hold(cell_name(first), cell_name(second), digit, unit_name(unit))


def givens(grid: Grid) -> int:
    """How many cells the puzzle fixes (its clues)."""
    return 81 - checked_grid(grid).count(BLANK)
