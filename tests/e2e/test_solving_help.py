"""Solving with the companion, on a phone too (issue 25, the app's part): the selected
cell's row, column, box and digit lit; a hint's words by the board and the candidates it
crosses out struck; a placed digit erasing its peers' pencil marks (an option); one cell
revealed; Undo back to before the mistakes Check found."""

from __future__ import annotations

from conftest import wait_ready
from helpers import cell_classes, load, paste, wait_verdict
from playwright.sync_api import Page
from support import LEETCODE
from test_companion import ask, hint, status, type_in

from sudoku.grid import PEERS, cell_name
from sudoku.logic import next_step
from sudoku.solver import solve as core_solve

X_WING = "98..62753.65..3...327.5...679..3.5...5...9...832.45..9673591428249.87..5518.2...7"
"""A puzzle whose first logical step is an x-wing: eliminations only (tests/unit/cli)."""


def test_the_selected_cells_row_column_box_and_digit_are_lit(board: Page) -> None:
    """Selecting r1c1 (a 5) lights its 20 peers and every other 5; selecting another
    cell moves the light."""
    load(board, "leetcode")
    board.locator("#r1c1").click()
    fives = {cell_name(i) for i, d in enumerate(LEETCODE) if d == "5" and i != 0}
    assert set(cell_classes(board, "same")) == fives
    assert set(cell_classes(board, "peer")) == {cell_name(p) for p in PEERS[0]} - fives
    board.locator("#r9c9").click()
    assert set(cell_classes(board, "peer")) - {cell_name(p) for p in PEERS[80]} == set()


def test_a_hint_is_said_by_the_board_and_strikes_what_it_removes(phone: Page) -> None:
    """On a phone the hint's words show on screen, by the board; the candidates the
    x-wing crosses out are struck in their cells, as the core's step says."""
    paste(phone, "#r1c1", X_WING)
    wait_verdict(phone, "loaded")
    phone.locator("#candidates").tap()
    assert hint(phone) == "hint"
    box = phone.locator("#status").bounding_box()
    assert box is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= 740, box  # no scrolling to read it
    step = next_step(X_WING)
    assert step is not None
    assert step.eliminations
    struck = phone.evaluate(
        "[...document.querySelectorAll('#marks .mark')].map(m =>"
        " [...m.querySelectorAll('.gone')].map(s => s.textContent).join(''))"
    )
    expected = [""] * 81
    for cell, digit in step.eliminations:
        expected[cell] += digit
    assert struck == ["".join(sorted(d)) for d in expected]
    assert hint(phone) == "hint-applied"
    assert phone.locator("#marks .gone").count() == 0


def test_a_placed_digit_erases_its_peers_marks_unless_turned_off(board: Page) -> None:
    """With Auto-erase on (the default), typing 4 erases the 4s pencilled in its row,
    column and box, and nowhere else; off, the marks stay; the choice is remembered."""
    load(board, "leetcode")
    type_in(board, "r1c4", "p", "4", "ArrowDown", "ArrowDown", "4", "p")  # r1c4, r3c4
    type_in(board, "r9c1", "p", "4", "p")
    marks = "[...document.querySelectorAll('#marks .mark')].map(m => m.textContent.trim())"
    type_in(board, "r1c3", "4")
    shown = board.evaluate(marks)
    assert (shown[3], shown[21], shown[72]) == ("", "4", "4")  # r1c4 shares row 1
    board.locator("#tidy").uncheck()
    type_in(board, "r2c2", "p", "4", "p")
    type_in(board, "r2c3", "4")  # r2c2 shares row 2: its mark stays with Auto-erase off
    assert board.evaluate(marks)[10] == "4"
    board.reload()
    wait_ready(board)
    assert not board.locator("#tidy").is_checked()


def test_reveal_writes_one_cells_answer(board: Page) -> None:
    """Reveal cell writes the solution's digit as an entry (Undo takes it back) and says
    it; on a given it says to pick another cell."""
    load(board, "leetcode")
    solution = core_solve(LEETCODE) or ""
    board.locator("#r1c3").click()
    board.locator("#reveal").click()
    assert wait_verdict(board, "revealed") == "revealed"
    assert status(board) == f"r1c3 is {solution[2]}."
    assert board.locator("#r1c3").input_value() == solution[2]
    assert cell_classes(board, "entry") == ["r1c3"]
    board.locator("#r1c1").click()
    board.locator("#reveal").click()
    board.wait_for_function(
        "document.querySelector('#status').textContent.startsWith('r1c1 is a given')"
    )
    board.locator("#undo").click()
    board.wait_for_function("document.querySelector('#r1c3').value === ''")


def test_check_offers_undo_to_before_the_first_mistake(board: Page) -> None:
    """Two wrong entries among right ones: Check names them and offers to undo back to
    before them; that leaves the right entries typed before, and Redo brings all back."""
    load(board, "leetcode")
    solution = core_solve(LEETCODE) or ""
    wrong = {2: "1" if solution[2] != "1" else "2", 5: "1" if solution[5] != "1" else "2"}
    type_in(board, "r1c4", solution[3])  # right, before any mistake
    type_in(board, "r1c3", wrong[2])
    type_in(board, "r9c1", solution[72])  # right, between the two
    type_in(board, "r1c6", wrong[5])
    rewind = board.locator("#rewind")
    assert rewind.is_hidden()
    assert ask(board, "#check") == "checked"
    assert status(board).startswith("2 of your 4 entries disagree")
    assert rewind.is_visible()
    rewind.click()
    assert wait_verdict(board, "restored") == "restored"
    assert status(board).startswith("Undid 3 edits: back before your wrong entries")
    assert sorted(cell_classes(board, "entry")) == ["r1c4"]
    assert rewind.is_hidden()
    for _ in range(3):
        board.locator("#redo").click()
    board.wait_for_function(f"document.querySelector('#r1c6').value === {wrong[5]!r}")
