"""Every input shape to one Grid, and a Grid out to every output shape.

``parse`` reads what people paste: an 81-character line, a grid as printed in
books and forums, LeetCode 37 JSON, a Python list literal, or a list of lists.
Its rules, in full:

- **Cells.** In text every character that is neither whitespace nor grid art is
  one cell, read row by row. ``1``-``9`` are givens; ``.``, ``0``, ``-``, ``_`` and
  ``*`` are blanks. Whitespace is never a cell, so spaces cannot mark blanks (when a
  count comes out short and the text looks like it, the message says so).
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
  When the shape is wrong and a character is neither a digit nor a blank, the message
  names that character and where it is (``line 2, column 5``) instead of the count.
- **Lists.** Text starting with ``[`` is a list literal, JSON or Python, read by
  ``read_literal`` here (never ``eval``): lists and tuples, strings in either quote
  with the usual escapes, ints, ``True``/``False``/``None`` (and JSON's
  ``true``/``false``/``null``), trailing commas. Other numbers (``5.0``, ``1e5``) are
  kept as written, to be named in a message. Brackets nested deeper than 3 levels
  (a board needs 2) are refused before anything is built. A list, read or passed
  directly, must hold 9 rows of 9 cells; a cell is a one-character string read as
  above or an int from 0 to 9 (0 is a blank). A row may be a 9-character string.
- **Limits.** Text longer than 10,000 characters is refused before any work, so
  no input can hang the reader; every rejection is a ``PuzzleError``.

The reader is the same code in CPython, Pyodide and MicroPython, so every message is too.
"""

from __future__ import annotations

import json

from sudoku.compat import WHITESPACE, bit_length, digit_value, quoted, splitlines, strip
from sudoku.grid import BLANK, DIGITS, Board, Grid, cell_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Final

    Cell = tuple[str, int, int]
    """A cell character of puzzle text, with its line and column (both from 1)."""

MAX_TEXT: Final = 10_000
MAX_DEPTH: Final = 3
"""Bracket levels a list literal may nest: a board has 2, a cell that is a list 3."""
BLANKS: Final = frozenset(".0-_*")
ART: Final = frozenset("|+")
BLANK_ROWS: Final = ("-" * 9, "-" * 81)
LISTS: Final = (list, tuple)
"""What a board may be."""
ROWS: Final = (list, tuple, str)
"""What each row of a board may be: a list, or a string of 9 cells."""
SPACES_HINT: Final = (
    "; spaces do not count as blanks: write each blank as '.', '0', '-', '_' or '*'"
)


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
    body = strip(text)
    if not body:
        raise PuzzleError("the puzzle is empty")
    if body.startswith("["):
        return read_board(read_literal(text))
    return read_cells(shaped(text))


# -- text: cells, lines and shape ------------------------------------------------------


def is_art(char: str) -> bool:
    """Grid drawing that holds no cell: ``|``, ``+`` and the box-drawing block."""
    return char in ART or "\u2500" <= char <= "\u257f"


def is_cell(char: str) -> bool:
    """A character that reads as a cell value: a blank mark or a digit of any script."""
    return char in BLANKS or digit_value(char) is not None


def is_separator(line: str) -> bool:
    """A rule between rows: only ``-`` and art, and not a row of nine ``-`` blanks."""
    marks = [char for char in line if char not in WHITESPACE]
    if not all(char == "-" or is_art(char) for char in marks):
        return False
    return "".join(char for char in marks if char != "|") not in BLANK_ROWS


def cell_rows(lines: list[str]) -> list[list[Cell]]:
    """The cells of each line that holds any, separator lines dropped: each character that
    is neither whitespace nor art, with its line and column."""
    rows = []
    for number, line in enumerate(lines, 1):
        if is_separator(line):
            continue
        row = [
            (char, number, column)
            for column, char in enumerate(line, 1)
            if char not in WHITESPACE and not is_art(char)
        ]
        if row:
            rows.append(row)
    return rows


def shaped(text: str) -> list[Cell]:
    """All cells in order, once the shape is right: 81 cells, or 9 rows of 9 in a grid.

    A wrong shape names the first character that is no cell value if there is one (it
    is the likelier mistake), else the count, with a word about spaces when they seem
    to stand for blanks.
    """
    lines = splitlines(text)
    rows = cell_rows(lines)
    cells = [cell for row in rows for cell in row]
    if looks_like_grid(rows):
        problem = rows_problem(rows)
        short = [lines[row[0][1] - 1] for row in rows if len(row) < 9]
    else:
        problem = f"expected 81 cells, found {len(cells)}" if len(cells) != 81 else ""
        short = lines if len(cells) < 81 else []
    if not problem:
        return cells
    for char, line, column in cells:
        if not is_cell(char):
            where = f"line {line}, column {column}"
            raise PuzzleError(f"{where}: {shown(char)} is not a digit or blank")
    if any(spaced(line) for line in short):
        problem += SPACES_HINT
    raise PuzzleError(problem)


def looks_like_grid(rows: list[list[Cell]]) -> bool:
    """Several lines, most of them nine cells long: a grid, to be checked row by row."""
    return len(rows) > 1 and 2 * sum(len(row) == 9 for row in rows) > len(rows)


def spaced(line: str) -> bool:
    """Whether the whitespace inside ``line`` may be meant as blanks: two or more in a
    row, or just as many as make the cells up to a row (9) or a grid (81)."""
    inner = cells = 0
    before = False
    for char in strip(line):
        space = char in WHITESPACE
        if space and before:
            return True
        inner += space
        cells += not space and not is_art(char)
        before = space
    return inner > 0 and cells + inner in (9, 81)


def rows_problem(rows: Sequence[Sequence[object]]) -> str:
    """What is wrong with the rows' shape ("" when there are 9 rows of 9 cells)."""
    if len(rows) != 9:
        return f"expected 9 rows, found {len(rows)}"
    for number, row in enumerate(rows, 1):
        if len(row) != 9:
            return f"row {number} has {len(row)} cells"
    return ""


def read_cells(cells: list[Cell]) -> Grid:
    """The Grid of 81 cells, naming the first one that is not a digit or blank."""
    return "".join(read_char(char, cell) for cell, (char, _, _) in enumerate(cells))


def read_char(char: str, cell: int) -> str:
    """One cell's character as ``1``-``9`` or ``.``: any blank mark or zero is a blank."""
    if len(char) == 1:
        if char in BLANKS:
            return BLANK
        value = digit_value(char)  # every script's decimal digits
        if value is not None:
            return DIGITS[value - 1] if value else BLANK
    raise PuzzleError(f"{cell_name(cell)}: {shown(char)} is not a digit")


# -- lists: a board as a list of rows --------------------------------------------------


def read_board(board: object) -> Grid:
    """The Grid of a LeetCode-shaped list: 9 rows of 9 cells, strings or ints."""
    rows = board_rows(board)
    values = [value for row in rows for value in row]
    return "".join(read_value(value, cell) for cell, value in enumerate(values))


def board_rows(board: object) -> Sequence[Sequence[object]]:
    """The rows of a list board, once it is a list of 9 lists of 9 cells."""
    if not isinstance(board, LISTS):
        raise PuzzleError(f"expected a list of 9 rows, found {shown(board)}")
    if not board:
        raise PuzzleError("the puzzle is empty")
    for number, row in enumerate(board, 1):
        if not isinstance(row, ROWS):
            raise PuzzleError(f"row {number} is not a list: {shown(row)}")
    problem = rows_problem(board)
    if problem:
        raise PuzzleError(problem)
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
    """A short, safe picture of a value for a message: scalars cut to 20 characters.

    Strings are quoted as CPython's ``repr`` does it, in every interpreter.
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int) and bit_length(value) > 64:
        return "a huge number"  # repr of a huge int is slow, or refused past 4300 digits
    if isinstance(value, str):
        text = quoted(value)
    elif isinstance(value, (int, float)):
        text = repr(value)
    elif isinstance(value, Number):
        text = value.text
    else:
        kind = type(value).__name__  # never repr a container: it may be nested deep
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    return text if len(text) <= 20 else text[:17] + "..."


# -- list literals: JSON or Python, read without eval ------------------------------------


class Number:
    """A number in list text that is not a plain int of at most 20 digits (``5.0``,
    ``1e5``, ``0x1F``, ``1_000``, a hundred digits): kept as written, never converted,
    so that a message can show it as typed."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


LITERAL_NAMES: Final = {
    "True": True,
    "False": False,
    "None": None,
    "true": True,
    "false": False,
    "null": None,
}
"""The names a literal may hold: Python's constants and JSON's."""
WORD: Final = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.+-")
"""The characters of a bare word: a number or a name."""
ESCAPED: Final = {
    "\\": "\\",
    "'": "'",
    '"': '"',
    "/": "/",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
}
"""Escapes of one character after a backslash (JSON's and Python's)."""
HEX_ESCAPES: Final = {"x": 2, "u": 4, "U": 8}
"""Escapes by code point, and how many hex digits follow."""
HEX: Final = frozenset("0123456789abcdefABCDEF")
ASCII_DIGITS: Final = "0123456789"
NUMBER_STARTS: Final = frozenset("0123456789+-.")
"""How a number may start; a word that starts otherwise is a name."""


def read_literal(text: str) -> object:
    """The value of a JSON or Python list literal; literals only, nothing is run.

    Two steps: ``literal_tokens`` reads the text into a flat list of tokens without any
    recursion, refusing nesting deeper than ``MAX_DEPTH``; ``literal_value`` then builds
    the value, recursing at most ``MAX_DEPTH`` deep.
    """
    tokens = literal_tokens(text)
    value, at = literal_value(text, tokens, 0)
    if tokens[at].kind != "end":
        raise literal_error(text, tokens[at].offset, f"expected the end, found {tokens[at]}")
    return value


class Token:
    """One piece of a literal: ``kind`` is ``[ ] ( ) ,``, ``value`` or ``end``; ``shown``
    is how a message names it."""

    __slots__ = ("kind", "offset", "shown", "value")

    def __init__(self, kind: str, offset: int, shown: str, value: object = None) -> None:
        self.kind, self.offset, self.shown, self.value = kind, offset, shown, value

    def __str__(self) -> str:
        return self.shown


def literal_error(text: str, offset: int, problem: str) -> PuzzleError:
    """The error for ``problem`` at character ``offset`` of ``text``, by line and column."""
    return PuzzleError(f"not a valid JSON or Python list ({position(text, offset)}: {problem})")


def position(text: str, offset: int) -> str:
    """``line 2, column 5``: where character ``offset`` of ``text`` is (both from 1)."""
    lines = splitlines(text[:offset] + "x")
    return f"line {len(lines)}, column {len(lines[-1])}"


def literal_tokens(text: str) -> list[Token]:
    """The tokens of a literal, and a last ``end``; refuses deep nesting as it goes."""
    chars = list(text)  # indexing a list is O(1) everywhere (MicroPython's str is UTF-8)
    tokens = []
    depth = at = 0
    while at < len(chars):
        char, start = chars[at], at
        if char in WHITESPACE:
            at += 1
        elif char in "[](),":
            depth += 1 if char in "[(" else -1 if char in "])" else 0
            if depth > MAX_DEPTH:
                raise PuzzleError(
                    f"nested too deeply: more than {MAX_DEPTH} levels of brackets at "
                    f"{position(text, at)} (a board has 2: a list of rows of cells)"
                )
            tokens.append(Token(char, at, quoted(char)))
            at += 1
        elif char in "'\"":
            value, at = literal_string(text, chars, at)
            tokens.append(Token("value", start, "a string", value))
        elif char in WORD:
            while at < len(chars) and chars[at] in WORD:
                at += 1
            word = "".join(chars[start:at])
            seen = word if len(word) <= 20 else word[:17] + "..."
            tokens.append(Token("value", start, seen, word_value(text, word, start)))
        else:
            raise literal_error(text, at, f"unexpected {shown(char)}")
    tokens.append(Token("end", len(chars), "the end"))
    return tokens


def literal_string(text: str, chars: list[str], start: int) -> tuple[str, int]:
    """The string whose opening quote is ``chars[start]``, and the offset after it."""
    quote, at = chars[start], start + 1
    out: list[str] = []
    while True:
        if at >= len(chars) or chars[at] in "\n\r":
            raise literal_error(text, start, "a string is not closed on its line")
        char = chars[at]
        if char == quote:
            return "".join(out), at + 1
        if char != "\\":
            out.append(char)
            at += 1
            continue
        code = chars[at + 1] if at + 1 < len(chars) else ""
        if code in ESCAPED:
            out.append(ESCAPED[code])
            at += 2
        elif code in HEX_ESCAPES:
            end = at + 2
            while end < min(len(chars), at + 2 + HEX_ESCAPES[code]) and chars[end] in HEX:
                end += 1
            digits = "".join(chars[at + 2 : end])
            value = int(digits, 16) if digits else -1
            if len(digits) != HEX_ESCAPES[code] or not 0 <= value <= 0x10FFFF:
                raise literal_error(text, at, f"bad escape {quoted(chr(92) + code + digits)}")
            if 0xD800 <= value <= 0xDFFF:
                raise literal_error(text, at, f"{quoted(chr(92) + code + digits)} is no character")
            out.append(chr(value))
            at += 2 + len(digits)
        else:
            after = shown(code) if code else "the end"
            raise literal_error(text, at, f"unknown escape: a backslash, then {after}")


def word_value(text: str, word: str, offset: int) -> object:
    """The value of a bare word: a name, an int, or a ``Number`` kept as written."""
    if word in LITERAL_NAMES:
        return LITERAL_NAMES[word]
    digits = word[1:] if word[0] in "+-" else word
    if digits and all(char in ASCII_DIGITS for char in digits):
        return int(word) if len(digits) <= 20 else Number(word)
    if word[0] in NUMBER_STARTS and any(char in ASCII_DIGITS for char in word):
        return Number(word)
    raise literal_error(text, offset, f"{shown(word)} is not a value")


def literal_value(text: str, tokens: list[Token], at: int) -> tuple[object, int]:
    """The value that starts at token ``at``, and the index of the token after it.

    ``(5)`` is 5, as in Python; ``(5,)`` and ``()`` are tuples.
    """
    token = tokens[at]
    if token.kind == "value":
        return token.value, at + 1
    if token.kind not in ("[", "("):
        raise literal_error(text, token.offset, f"expected a value, found {token}")
    closer = "]" if token.kind == "[" else ")"
    items: list[object] = []
    at += 1
    comma = False
    while tokens[at].kind != closer:
        if items and not comma:
            found = tokens[at]
            raise literal_error(text, found.offset, f"expected ',' or '{closer}', found {found}")
        item, at = literal_value(text, tokens, at)
        items.append(item)
        comma = tokens[at].kind == ","
        if comma:
            at += 1
    if token.kind == "(":
        return (items[0] if len(items) == 1 and not comma else tuple(items)), at + 1
    return items, at + 1


# -- out -------------------------------------------------------------------------------


def to_line(grid: Grid, blank: str = BLANK) -> str:
    """The grid as one 81-character line, blanks written as ``blank``."""
    return grid.replace(BLANK, blank)


def to_pretty(grid: Grid) -> str:
    """The grid as 9 lines of art, boxes split by ``|`` and ``------+-------+------``."""
    rows = [pretty_row(grid[start : start + 9]) for start in range(0, 81, 9)]
    rule = ["------+-------+------"]
    return "\n".join(rows[0:3] + rule + rows[3:6] + rule + rows[6:9])


def pretty_row(row: str) -> str:
    """One row of nine cells as ``4 . . | . . . | 8 . 5``."""
    return " | ".join(" ".join(row[start : start + 3]) for start in (0, 3, 6))


def to_leetcode(grid: Grid) -> Board:
    """The grid as LeetCode 37's board: 9 new lists of 9 one-character strings."""
    return [list(grid[start : start + 9]) for start in range(0, 81, 9)]


def to_json(grid: Grid) -> str:
    """The grid as compact LeetCode JSON on one line: ``[["5","3",".",...],...]``."""
    return json.dumps(to_leetcode(grid), separators=(",", ":"))
