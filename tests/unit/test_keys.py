"""The app's board keys (src/web/page/app/keys.py): what each key does in a cell."""

from keys import CLEAR_KEYS, DIGITS, MOVES, action, moved, sanitized


def test_each_key_has_one_action() -> None:
    """Digits type, clear keys clear, arrows move, H and P are letters of their own, other
    printable keys are swallowed, named keys (Tab, Enter) are left to the browser."""
    assert {action(d) for d in DIGITS} == {"digit"}
    assert {action(k) for k in CLEAR_KEYS} == {"clear"}
    assert {action(k) for k in MOVES} == {"move"}
    assert [action(k) for k in "hHpP"] == ["hint", "hint", "pencil", "pencil"]
    assert [action(k) for k in ("x", "é", "+")] == ["ignore"] * 3
    assert [action(k) for k in ("Tab", "Enter", "F5", "Shift")] == [""] * 4


def test_arrows_stop_at_the_edges() -> None:
    """An arrow moves one cell and never leaves the board."""
    assert moved(40, "ArrowUp") == 31
    assert moved(40, "ArrowRight") == 41
    assert moved(0, "ArrowUp") == 0
    assert moved(0, "ArrowLeft") == 0
    assert moved(80, "ArrowDown") == 80
    assert moved(80, "ArrowRight") == 80
    assert moved(9, "ArrowLeft") == 9


def test_a_cell_keeps_the_last_digit_of_text() -> None:
    """Autofill or a phone keyboard's text leaves its last digit 1-9, or nothing."""
    assert sanitized("12a3") == "3"
    assert sanitized("0") == ""
    assert sanitized("x9y") == "9"
    assert sanitized("") == ""
