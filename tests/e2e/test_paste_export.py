"""Paste and import every format the core reads; export as a line and as LeetCode JSON."""

from __future__ import annotations

import json

import pytest
from helpers import cell_values, load, paste, show_import_export, wait_verdict
from playwright.sync_api import Page
from support import LEETCODE


def grid_art(line: str) -> str:
    """The puzzle as 9-line grid art with box rules, as people paste it from forums."""
    rows = [" ".join(line[r * 9 + c] for c in range(9)) for r in range(9)]
    rows = [f"{r[:5]} | {r[6:11]} | {r[12:]}" for r in rows]
    rule = "------+-------+------"
    return "\n".join([*rows[:3], rule, *rows[3:6], rule, *rows[6:]])


def leetcode_json(line: str) -> str:
    """The puzzle as LeetCode's JSON board."""
    return json.dumps([list(line[r * 9 : r * 9 + 9]) for r in range(9)])


FORMATS = {
    "81 chars": LEETCODE,
    "81 chars with zeros": LEETCODE.replace(".", "0"),
    "grid art": grid_art(LEETCODE),
    "LeetCode JSON": leetcode_json(LEETCODE),
}


@pytest.mark.parametrize("text", FORMATS.values(), ids=FORMATS.keys())
def test_paste_on_the_board(board: Page, text: str) -> None:
    """Pasting any format on a cell loads the whole puzzle."""
    paste(board, "#r5c5", text)
    wait_verdict(board, "loaded")
    assert cell_values(board) == LEETCODE


def test_import_box(board: Page) -> None:
    """The import box reads grid art too."""
    show_import_export(board)
    board.locator("#import-text").fill(grid_art(LEETCODE))
    board.locator("#import").click()
    wait_verdict(board, "loaded")
    assert cell_values(board) == LEETCODE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (LEETCODE[:80], "81"),
        (LEETCODE[:40] + "x" + LEETCODE[41:], "r5c5"),
        ('[["5","3"]]', ""),
    ],
    ids=["80 cells", "letter at r5c5", "short JSON"],
)
def test_invalid_paste_says_why_and_changes_nothing(board: Page, text: str, expected: str) -> None:
    """A bad paste names the problem and leaves the board as it was."""
    before = load(board, "easy")
    paste(board, "#r1c1", text)
    wait_verdict(board, "unread")
    message = board.locator("#messages li").first.text_content() or ""
    assert message.startswith("Could not read the paste:")
    assert expected in message
    assert cell_values(board) == before


def test_a_failed_paste_is_forgotten_at_the_next_edit_or_solve(board: Page) -> None:
    """A failed paste's error is about that paste (issue 11, item 10: it stayed through
    typing and solving): the next edit clears it, and so does a solve."""
    load(board, "easy")
    paste(board, "#r1c1", "123")
    wait_verdict(board, "unread")
    assert board.locator("#messages li").count() == 1
    board.locator("#r1c1").click()
    board.keyboard.press("4")
    assert wait_verdict(board, "edited") == "edited"
    assert board.locator("#messages li").count() == 0
    paste(board, "#r1c1", "x" * 81)
    wait_verdict(board, "unread")
    assert board.locator("#messages li").count() == 1
    board.locator("#solve").click()
    wait_verdict(board, "unique", "multiple", "none", "conflict")
    assert board.locator("#messages[data-kind='error'] li").count() == 0


def test_export_line_and_json(board: Page) -> None:
    """Export gives the board as an 81-char line and as LeetCode JSON, also on the clipboard."""
    load(board, "leetcode")
    show_import_export(board)
    board.locator("#export-line").click()
    wait_verdict(board, "exported")
    assert board.locator("#export-text").input_value() == LEETCODE
    assert board.evaluate("navigator.clipboard.readText()") == LEETCODE
    board.evaluate("document.querySelector('#status').dataset.verdict = ''")
    board.locator("#export-json").click()
    wait_verdict(board, "exported")
    exported = board.locator("#export-text").input_value()
    assert json.loads(exported) == json.loads(leetcode_json(LEETCODE))
