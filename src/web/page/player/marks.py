"""The player's candidates overlay: each blank's pencil marks at the step shown, and the
cell mrv would choose next.

A candidate is a digit no peer holds (the glossary's word; ``sudoku.tracing.candidates``
is the search's own reading, from its cells' unit masks). Here the same rule reads the
player's board bytes (``wire.Cursor.board``: forced digits shifted) once per paint, unit
by unit, so a frame at full speed costs 81 look-ups, not 81 x 20; a unit test holds the
two readings equal at every step of whole traces.

The marks are text the cell's CSS lays out 3 x 3 (``content: attr(data-marks)`` with
``white-space: pre``): digit d sits at row (d-1) // 3, column (d-1) % 3, a space where
it is not a candidate.

Pure Python for MicroPython (the page's main thread) and CPython (the unit tests).
"""

from wire import DOT, FORCED_SHIFT

from sudoku.grid import UNITS_OF

CHOOSERS = ("mrv",)
"""The strategies whose next move is always at the blank with the fewest candidates (the
lowest cell on ties: ``sudoku.tracing.most_constrained``), so the overlay marks it.
Not propagate: it guesses there too, but only once no single is forced, and a hidden
single may sit elsewhere."""

TEXTS: dict[int, str] = {}
"""The marks text of each mask of digits already seen (bit d for digit d), as made."""


def marks_text(seen: int) -> str:
    """The 3 x 3 marks of the digits not in ``seen``: three lines of three characters."""
    text = TEXTS.get(seen)
    if text is None:
        chars = [" " if seen >> d & 1 else str(d) for d in range(1, 10)]
        text = TEXTS[seen] = "\n".join("".join(chars[row * 3 : row * 3 + 3]) for row in range(3))
    return text


def digit_of(byte: int) -> int:
    """A board byte's digit 1-9 (a forced one too); 0 for a blank."""
    if byte == DOT:
        return 0
    return byte - 48 - (FORCED_SHIFT if byte > 57 else 0)


def seen_masks(board: "bytes | bytearray") -> list[int]:
    """For each cell, the digits its peers (and itself) hold, as a mask (bit d: digit d)."""
    units = [0] * 27
    for cell in range(81):
        digit = digit_of(board[cell])
        if digit:
            row, col, box = UNITS_OF[cell]
            bit = 1 << digit
            units[row] |= bit
            units[col] |= bit
            units[box] |= bit
    return [units[row] | units[col] | units[box] for row, col, box in UNITS_OF]


def count(seen: int) -> int:
    """How many digits 1-9 a mask leaves out: a blank's number of candidates."""
    return sum(1 for d in range(1, 10) if not seen >> d & 1)


def candidates(seen: int) -> str:
    """The digits a mask leaves out, ascending (``"47"``)."""
    return "".join(str(d) for d in range(1, 10) if not seen >> d & 1)


def fewest(board: "bytes | bytearray", seen: list[int]) -> int:
    """The blank with the fewest candidates, the lowest on ties (as mrv chooses); -1 if
    there is no blank. A blank with none wins at once: a dead end."""
    best, least = -1, 10
    for cell in range(81):
        if board[cell] == DOT:
            left = count(seen[cell])
            if left < least:
                best, least = cell, left
                if not left:
                    break
    return best
