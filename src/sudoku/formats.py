"""Every input shape to one Grid, and a Grid out to every output shape.

``parse`` reads what people paste: an 81-character line, a grid as printed in
books and forums, LeetCode 37 JSON, a Python list literal, or a list of lists.
Its rules, in full:

- **Cells.** In text every character that is neither whitespace nor grid art is
  one cell, read row by row. ``1``-``9`` are givens; ``.``, ``0``, ``-``, ``_`` and
  ``*`` are blanks. Whitespace is never a cell, so spaces cannot mark blanks.
- **Unicode digits** are read as the digit they are: any decimal digit character
  (full-width U+FF15, Arabic-Indic U+0665, Devanagari U+096B, ...) counts as
  its value, and a zero in any script is a blank. A puzzle copied from a page set in
  another script then reads unchanged; every other character is rejected.
- **Grid art** is ignored: ``|``, ``+`` and the box-drawing characters U+2500 to
  U+257F (``│ ─ ┼ ┃ ━ ╋ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ═ ║`` ...).
- **The ``-`` rule.** ``-`` is both a blank and the usual horizontal rule. A line
  holding nothing but ``-``, whitespace and art is a separator with no cells,
  unless it is a row of blanks: only ``-``, whitespace and ``|``, with exactly 9
  (or 81) dashes. In every other line ``-`` is a blank. So ``------+-------+------``,
  ``+---+---+---+`` and ``---------------------`` are separators, while
  ``- - - | - - - | - - -`` and ``---|---|---`` are rows of nine blanks.
- **Shape.** Text holds 81 cells in any layout (one line, nine lines, three
  lines of 27). A text of several lines most of which hold nine cells is read as
  a grid of rows: it must have 9 rows of 9 cells, and a wrong count names the row.
- **Lists.** Text starting with ``[`` is a list, read as JSON first, then as a
  Python literal with ``ast.literal_eval`` (never ``eval``). A list, read or
  passed directly, must hold 9 rows of 9 cells; a cell is a one-character string
  read as above or an int from 0 to 9 (0 is a blank). A row may be a
  9-character string.
- **Limits.** Text longer than 10,000 characters is refused before any work, so
  no input can hang the reader; every rejection is a ``PuzzleError``.
"""

from __future__ import annotations

import ast
import json
import warnings
from collections.abc import Sequence
from typing import Final

from sudoku.grid import BLANK, Board, Grid, cell_name

MAX_TEXT: Final = 10_000
BLANKS: Final = frozenset(".0-_*")
ART: Final = frozenset("|+")
BLANK_ROWS: Final = ("-" * 9, "-" * 81)


class PuzzleError(ValueError):
    """The one error for rejected input; its message names what is wrong and where."""


def parse(puzzle: str | Sequence[Sequence[str | int]]) -> Grid:
    """The Grid of any accepted puzzle shape (see the module rules), or ``PuzzleError``."""
    if isinstance(puzzle, str):
        return parse_text(puzzle)
    return read_board(puzzle)


def parse_text(text: str) -> Grid:
    """The Grid of a puzzle written as text: a line, grid art, JSON or a Python list."""
    if len(text) > MAX_TEXT:
        raise PuzzleError(f"input too long: {len(text)} characters (at most {MAX_TEXT})")
    text = text.strip()
    if not text:
        raise PuzzleError("the puzzle is empty")
    if text.startswith("["):
        return read_board(read_literal(text))
    return read_cells(shaped(tokens(text)))


def read_literal(text: str) -> object:
    """The value of a JSON or Python list literal; literals only, nothing is run."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        json_error = error
    try:
        with warnings.catch_warnings():  # a bad escape in a string is an error here anyway
            warnings.simplefilter("ignore")
            return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise PuzzleError(f"not a valid JSON or Python list{json_where(json_error)}") from None


def json_where(error: Exception) -> str:
    """Where JSON reading stopped, when the error knows it."""
    if isinstance(error, json.JSONDecodeError):
        return f" ({error.msg}: line {error.lineno} column {error.colno})"
    return ""


def tokens(text: str) -> list[list[str]]:
    """The cell characters of each line that holds any, separator lines dropped."""
    rows = (line_cells(line) for line in text.splitlines() if not is_separator(line))
    return [row for row in rows if row]


def is_art(char: str) -> bool:
    """Grid drawing that holds no cell: ``|``, ``+`` and the box-drawing block."""
    return char in ART or "\u2500" <= char <= "\u257f"


def is_separator(line: str) -> bool:
    """A rule between rows: only ``-`` and art, and not a row of nine ``-`` blanks."""
    marks = [char for char in line if not char.isspace()]
    if not all(char == "-" or is_art(char) for char in marks):
        return False
    return "".join(char for char in marks if char != "|") not in BLANK_ROWS


def line_cells(line: str) -> list[str]:
    """The characters of one line that are cells: neither whitespace nor art."""
    return [char for char in line if not char.isspace() and not is_art(char)]


def shaped(rows: list[list[str]]) -> list[str]:
    """All cells in order, once the shape is right: 81 cells, or 9 rows of 9 in a grid."""
    cells = [cell for row in rows for cell in row]
    if looks_like_grid(rows):
        check_rows(rows)
    elif len(cells) != 81:
        raise PuzzleError(f"expected 81 cells, found {len(cells)}")
    return cells


def looks_like_grid(rows: list[list[str]]) -> bool:
    """Several lines, most of them nine cells long: a grid, to be checked row by row."""
    return len(rows) > 1 and 2 * sum(len(row) == 9 for row in rows) > len(rows)


def check_rows(rows: Sequence[Sequence[object]]) -> None:
    """Raise unless there are 9 rows of 9 cells, naming the first row that is wrong."""
    if len(rows) != 9:
        raise PuzzleError(f"expected 9 rows, found {len(rows)}")
    for number, row in enumerate(rows, 1):
        if len(row) != 9:
            raise PuzzleError(f"row {number} has {len(row)} cells")


def read_cells(cells: list[str]) -> Grid:
    """The Grid of 81 cell characters, naming the first cell that is not a digit or blank."""
    return "".join(read_char(char, cell) for cell, char in enumerate(cells))


def read_char(char: str, cell: int) -> str:
    """One cell's character as ``1``-``9`` or ``.``: any blank mark or zero is a blank."""
    if len(char) == 1 and char in BLANKS:
        return BLANK
    if len(char) == 1 and char.isdecimal():  # int() reads every script's decimal digits
        return str(int(char)) if int(char) else BLANK
    raise PuzzleError(f"{cell_name(cell)}: {shown(char)} is not a digit")


def read_board(board: object) -> Grid:
    """The Grid of a LeetCode-shaped list: 9 rows of 9 cells, strings or ints."""
    rows = board_rows(board)
    values = (value for row in rows for value in row)
    return "".join(read_value(value, cell) for cell, value in enumerate(values))


def board_rows(board: object) -> Sequence[Sequence[object]]:
    """The rows of a list board, once it is a list of 9 lists of 9 cells."""
    if not isinstance(board, Sequence):
        raise PuzzleError(f"expected a list of 9 rows, found {shown(board)}")
    if not board:
        raise PuzzleError("the puzzle is empty")
    for number, row in enumerate(board, 1):
        if not isinstance(row, Sequence):
            raise PuzzleError(f"row {number} is not a list: {shown(row)}")
    check_rows(board)
    return board


def read_value(value: object, cell: int) -> str:
    """One list cell as ``1``-``9`` or ``.``: a one-character string or an int 0-9."""
    if isinstance(value, str):
        return read_char(value, cell)
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= 9:
            return str(value) if value else BLANK
        raise PuzzleError(f"{cell_name(cell)}: {shown(value)} is not a digit from 1 to 9")
    raise PuzzleError(f"{cell_name(cell)}: {shown(value)} is not a digit")


def shown(value: object) -> str:
    """A short, safe picture of a value for a message: scalars cut to 20 characters."""
    if isinstance(value, int) and value.bit_length() > 64:
        return "a huge number"  # repr of a huge int is slow, or refused past 4300 digits
    if value is None or isinstance(value, str | int | float):
        text = repr(value)
        return text if len(text) <= 20 else text[:17] + "..."
    kind = type(value).__name__  # never repr a container: it may be nested deep
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def to_line(grid: Grid, blank: str = BLANK) -> str:
    """The grid as one 81-character line, blanks written as ``blank``."""
    return grid.replace(BLANK, blank)


def to_pretty(grid: Grid) -> str:
    """The grid as 9 lines of art, boxes split by ``|`` and ``------+-------+------``."""
    rows = [pretty_row(grid[start : start + 9]) for start in range(0, 81, 9)]
    rule = "------+-------+------"
    return "\n".join([*rows[0:3], rule, *rows[3:6], rule, *rows[6:9]])


def pretty_row(row: str) -> str:
    """One row of nine cells as ``4 . . | . . . | 8 . 5``."""
    return " | ".join(" ".join(row[start : start + 3]) for start in (0, 3, 6))


def to_leetcode(grid: Grid) -> Board:
    """The grid as LeetCode 37's board: 9 new lists of 9 one-character strings."""
    return [list(grid[start : start + 9]) for start in range(0, 81, 9)]


def to_json(grid: Grid) -> str:
    """The grid as compact LeetCode JSON on one line: ``[["5","3",".",...],...]``."""
    return json.dumps(to_leetcode(grid), separators=(",", ":"))
