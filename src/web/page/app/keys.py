"""The board's keys as data: what a key does in a cell, and what a cell keeps of text.

Pure Python (the page's MicroPython, and CPython in tests): the handlers in main.py look
a key up here and do what it names.
"""

DIGITS = "123456789"
CLEAR_KEYS = ("Backspace", "Delete", "0", " ", "Spacebar")
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
LETTERS = {"h": "hint", "H": "hint", "p": "pencil", "P": "pencil"}
"""The letters that do something on the board: H hints, P switches pencil mode."""


def action(key: str) -> str:
    """What ``key`` (a ``KeyboardEvent.key``) does in a cell: "move", "digit", "clear",
    "hint", "pencil", "ignore" (another printable key: typed into nothing), or "" (not
    the board's: Tab, Enter, F5 keep their own meaning)."""
    if key in MOVES:
        return "move"
    if len(key) == 1 and key in DIGITS:
        return "digit"
    if key in CLEAR_KEYS:
        return "clear"
    if key in LETTERS:
        return LETTERS[key]
    return "ignore" if len(key) == 1 else ""


def moved(index: int, key: str) -> int:
    """The cell an arrow key leads to from ``index``, stopping at the edges."""
    dr, dc = MOVES[key]
    row = min(8, max(0, index // 9 + dr))
    col = min(8, max(0, index % 9 + dc))
    return row * 9 + col


def sanitized(text: str) -> str:
    """What a cell keeps of typed text: its last digit 1-9, or nothing."""
    digits = [ch for ch in text if ch in DIGITS]
    return digits[-1] if digits else ""
