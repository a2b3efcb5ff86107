"""The grid tables: cells, units, peers and names, checked as Norvig checks his."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from sudoku.grid import (
    BLANK,
    BOX,
    COL,
    DIGITS,
    EMPTY_GRID,
    PEERS,
    ROW,
    UNIT_KINDS,
    UNITS,
    UNITS_OF,
    cell_name,
    shared_unit,
    unit_name,
)

R3C2 = 19
"""Norvig's test square C2: row 3, column 2 (index 2 * 9 + 1)."""


def names(cells: Iterable[int]) -> set[str]:
    """The names of some cells, for comparing with tables written by hand."""
    return {cell_name(cell) for cell in cells}


def test_constants() -> None:
    """Digits are 1-9, a blank is '.', and the empty grid is 81 blanks."""
    assert DIGITS == "123456789"
    assert BLANK == "."
    assert EMPTY_GRID == "." * 81


def test_row_col_box_of_every_cell() -> None:
    """Each cell's row, column and box follow row-major order; boxes go left to right."""
    assert [(ROW[i], COL[i]) for i in (0, 8, 9, 80)] == [(0, 0), (0, 8), (1, 0), (8, 8)]
    assert [BOX[i] for i in (0, 4, 8, 27, 40, 44, 72, 80)] == [0, 1, 2, 3, 4, 5, 6, 8]
    assert all(ROW[i] * 9 + COL[i] == i for i in range(81))


def test_there_are_27_units_of_nine_distinct_cells() -> None:
    """27 units (9 rows, 9 columns, 9 boxes), each nine different cells, ascending."""
    assert len(UNITS) == 27
    assert all(len(set(unit)) == 9 and list(unit) == sorted(unit) for unit in UNITS)


def test_each_kind_of_unit_partitions_the_grid() -> None:
    """The rows, the columns and the boxes each cover all 81 cells exactly once."""
    for kind in range(3):
        cells = [cell for unit in UNITS[kind * 9 : kind * 9 + 9] for cell in unit]
        assert sorted(cells) == list(range(81))


def test_every_cell_is_in_3_units() -> None:
    """Each cell's units are its row, its column and its box, in that order."""
    for cell in range(81):
        assert UNITS_OF[cell] == (ROW[cell], 9 + COL[cell], 18 + BOX[cell])
        assert [u for u in range(27) if cell in UNITS[u]] == list(UNITS_OF[cell])


def test_every_cell_has_20_peers() -> None:
    """20 peers each, never the cell itself, ascending, and peering is mutual."""
    for cell in range(81):
        assert len(PEERS[cell]) == 20
        assert cell not in PEERS[cell]
        assert list(PEERS[cell]) == sorted(PEERS[cell])
        assert all(cell in PEERS[peer] for peer in PEERS[cell])


def test_norvig_c2_units_and_peers() -> None:
    """Norvig's square C2 (r3c2) has his column, row and box, and his 20 peers."""
    row = {f"r3c{c}" for c in range(1, 10)}
    column = {f"r{r}c2" for r in range(1, 10)}
    box = {f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)}
    assert [names(UNITS[u]) for u in UNITS_OF[R3C2]] == [row, column, box]
    assert names(PEERS[R3C2]) == {
        "r1c2", "r2c2", "r4c2", "r5c2", "r6c2", "r7c2", "r8c2", "r9c2",
        "r3c1", "r3c3", "r3c4", "r3c5", "r3c6", "r3c7", "r3c8", "r3c9",
        "r1c1", "r1c3", "r2c1", "r2c3",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("cell", "name"), [(0, "r1c1"), (8, "r1c9"), (9, "r2c1"), (22, "r3c5"), (80, "r9c9")]
)
def test_cell_name(cell: int, name: str) -> None:
    """Cells are named r{row}c{col}, counted from 1."""
    assert cell_name(cell) == name


def test_cell_names_are_all_different() -> None:
    """81 cells, 81 distinct names."""
    assert len({cell_name(cell) for cell in range(81)}) == 81


@pytest.mark.parametrize(
    ("unit", "name"),
    [(0, "row 1"), (8, "row 9"), (9, "column 1"), (13, "column 5"), (18, "box 1"), (26, "box 9")],
)
def test_unit_name(unit: int, name: str) -> None:
    """Units are named by kind and number from 1: rows, then columns, then boxes."""
    assert unit_name(unit) == name
    assert name.startswith(UNIT_KINDS[unit // 9])


@pytest.mark.parametrize(
    ("a", "b", "unit"),
    [
        (0, 4, 0),  # r1c1, r1c5: row 1
        (0, 36, 9),  # r1c1, r5c1: column 1
        (0, 20, 18),  # r1c1, r3c3: box 1 only
        (0, 1, 0),  # r1c1, r1c2: row 1 and box 1, the row comes first
        (0, 9, 9),  # r1c1, r2c1: column 1 and box 1, the column comes first
        (80, 70, 26),  # r9c9, r8c8: box 9
    ],
)
def test_shared_unit_is_the_first_in_row_column_box_order(a: int, b: int, unit: int) -> None:
    """Two peers share their row before their column before their box, either way round."""
    assert shared_unit(a, b) == unit
    assert shared_unit(b, a) == unit


def test_every_pair_of_peers_shares_a_unit() -> None:
    """For every cell and each of its peers, the shared unit holds both."""
    for cell in range(81):
        for peer in PEERS[cell]:
            unit = shared_unit(cell, peer)
            assert {cell, peer} <= set(UNITS[unit])
