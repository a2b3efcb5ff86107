"""The grid's fixed tables: cells, units and peers, computed once.

Every other module speaks in these terms. A cell is an index 0..80 in row-major
order; people see it as ``r{row}c{col}`` counted from 1 (``r1c1`` .. ``r9c9``).
Units are numbered 0..26: rows 0-8, then columns 9-17, then boxes 18-26, so a
unit's kind is ``UNIT_KINDS[unit // 9]`` and its number is ``unit % 9 + 1``.
"""

from __future__ import annotations

from sudoku.compat import quoted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

Grid = str
"""The one board value: 81 characters, ``1``-``9`` for digits and ``.`` for blanks."""

if TYPE_CHECKING:
    Board = list[list[str]]
else:
    Board = list  # MicroPython cannot subscript types; at run time a Board is a list
"""The LeetCode 37 shape: 9 rows of 9 one-character strings, ``"."`` for blanks."""

DIGITS: Final = "123456789"
BLANK: Final = "."
EMPTY_GRID: Final[Grid] = BLANK * 81
GRID_CHARS: Final = frozenset(DIGITS + BLANK)
UNIT_KINDS: Final = ("row", "column", "box")

ROW: Final = tuple(i // 9 for i in range(81))
COL: Final = tuple(i % 9 for i in range(81))
BOX: Final = tuple((i // 27) * 3 + (i % 9) // 3 for i in range(81))


def units() -> tuple[tuple[int, ...], ...]:
    """The cells of each unit, ascending: each cell joins its row, column and box (one
    pass over the cells: MicroPython builds this table on every page and worker start)."""
    found: list[list[int]] = [[] for _ in range(27)]
    for i in range(81):
        found[ROW[i]].append(i)
        found[9 + COL[i]].append(i)
        found[18 + BOX[i]].append(i)
    return tuple([tuple(cells) for cells in found])


UNITS: Final = units()
"""The cells of each unit, ascending."""

UNITS_OF: Final = tuple((ROW[i], 9 + COL[i], 18 + BOX[i]) for i in range(81))
"""The row, column and box unit of each cell, in that order."""

PEERS: Final = tuple(
    tuple(sorted({p for u in UNITS_OF[i] for p in UNITS[u]} - {i})) for i in range(81)
)
"""The 20 other cells that share a unit with each cell, ascending."""


def cell_name(cell: int) -> str:
    """``r{row}c{col}`` counted from 1: the name users and messages see."""
    return f"r{ROW[cell] + 1}c{COL[cell] + 1}"


def unit_name(unit: int) -> str:
    """``row 3``, ``column 5`` or ``box 9``: boxes count left to right, top to bottom."""
    return f"{UNIT_KINDS[unit // 9]} {unit % 9 + 1}"


def shared_unit(a: int, b: int) -> int:
    """The first unit (row, then column, then box) holding both peers ``a`` and ``b``."""
    row, column, box = UNITS_OF[a]
    return row if row == UNITS_OF[b][0] else column if column == UNITS_OF[b][1] else box


def checked_grid(grid: Grid) -> Grid:
    """``grid`` itself if it is 81 characters of ``1``-``9`` and ``.``; ValueError naming why.

    The functions that take a Grid (not any puzzle text: that is ``parse``'s job) check
    it with this, so each malformed grid gets the same message everywhere.
    """
    if not isinstance(grid, str):
        raise ValueError(f"expected a grid string of 81 characters, got {type(grid).__name__}")
    if len(grid) != 81:
        raise ValueError(f"expected 81 cells, got {len(grid)}")
    for cell, value in enumerate(grid):
        if value not in GRID_CHARS:
            raise ValueError(f"{cell_name(cell)}: {quoted(value)} is not a digit 1-9 or '.'")
    return grid
