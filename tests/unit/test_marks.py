"""The candidates overlay (src/web/page/player/marks.py) reads the player's board bytes as the
core reads its cells: the same candidates at every step, and mrv's next cell is the one
mrv tries next."""

from __future__ import annotations

import marks
import pytest
import wire
from support import EASY, HARD, LEETCODE
from test_wire import records

from sudoku.grid import cell_name
from sudoku.tracing import apply, candidates, most_constrained, unit_masks

CASES = [(LEETCODE, "naive"), (LEETCODE, "mrv"), (EASY, "propagate"), (HARD, "mrv")]


def steps(grid: str, strategy: str) -> list[tuple[dict, bytearray, list[str]]]:
    """Each event, with the player's board bytes and the core's cells just before it."""
    events, data = records(grid, strategy, 600)
    cursor, cells, out = wire.Cursor(grid), list(grid), []
    for n, event in enumerate(events):
        out.append((event, bytearray(cursor.board), list(cells)))
        wire.forward(cursor, data, n * wire.WIDTH, (n + 1) * wire.WIDTH)
        apply(cells, event)
    return out


@pytest.mark.parametrize(("grid", "strategy"), CASES)
def test_every_blank_shows_the_cores_candidates(grid: str, strategy: str) -> None:
    """At every step, each blank's marks are the core's candidates (forced digits count)."""
    for _, board, cells in steps(grid, strategy):
        seen, held = marks.seen_masks(board), unit_masks(cells)
        for cell in range(81):
            if cells[cell] == ".":
                assert marks.candidates(seen[cell]) == candidates(held, cell)
                assert marks.count(seen[cell]) == len(candidates(held, cell))


@pytest.mark.parametrize("grid", [LEETCODE, HARD])
def test_the_cell_marked_is_the_one_mrv_tries_next(grid: str) -> None:
    """Before each of mrv's tries, the marked cell is the one it tries (and it is the
    core's most constrained blank)."""
    tries = 0
    for event, board, cells in steps(grid, "mrv"):
        pick = marks.fewest(board, marks.seen_masks(board))
        assert pick == most_constrained(cells)[0]
        if event["kind"] == "try":
            assert cell_name(pick) == event["cell"]
            tries += 1
    assert tries > 10


def test_the_marks_sit_three_by_three() -> None:
    """Digit d is at row (d-1)//3, column (d-1)%3; digits seen leave a space."""
    seen = sum(1 << d for d in (2, 5, 9))
    assert marks.marks_text(seen) == "1 3\n4 6\n78 "
    assert marks.marks_text(0) == "123\n456\n789"
    assert marks.fewest(bytearray(LEETCODE.replace(".", "1").encode()), [0] * 81) == -1


def test_forced_digits_are_digits() -> None:
    """A forced digit's shifted byte reads as its digit; a blank as 0."""
    assert [marks.digit_of(b) for b in b".15ai"] == [0, 1, 5, 1, 9]
