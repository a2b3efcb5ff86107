"""Reading every puzzle shape into one Grid, rejecting the rest by name, and writing back."""

from __future__ import annotations

import json
import string
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import LEETCODE

from sudoku.formats import PuzzleError, parse, to_json, to_leetcode, to_line, to_pretty
from sudoku.grid import DIGITS, Grid

"""LeetCode 37's example 1, row by row."""

NORVIG = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""The puzzle Norvig prints as grid art in "Solving Every Sudoku Puzzle"."""

ROW5_BLANK = LEETCODE[:36] + "." * 9 + LEETCODE[45:]
"""LeetCode's example with row 5 emptied: a whole row of blanks, for the ``-`` rule."""

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
"""LeetCode's expected output for example 1: a valid full grid to sample puzzles from."""


def lines(*rows: str) -> str:
    """A multi-line text, one argument a line."""
    return "\n".join(rows)


NORVIG_ART = lines(
    "4 . . |. . . |8 . 5 ",
    ". 3 . |. . . |. . . ",
    ". . . |7 . . |. . . ",
    "------+------+------",
    ". 2 . |. . . |. 6 . ",
    ". . . |. 8 . |4 . . ",
    ". . . |. 1 . |. . . ",
    "------+------+------",
    ". . . |6 . 3 |. 7 . ",
    "5 . . |2 . . |. . . ",
    "1 . 4 |. . . |. . . ",
)

PRETTY = lines(
    "5 3 . | . 7 . | . . .",
    "6 . . | 1 9 5 | . . .",
    ". 9 8 | . . . | . 6 .",
    "------+-------+------",
    "8 . . | . 6 . | . . 3",
    "4 . . | 8 . 3 | . . 1",
    "7 . . | . 2 . | . . 6",
    "------+-------+------",
    ". 6 . | . . . | 2 8 .",
    ". . . | 4 1 9 | . . 5",
    ". . . | . 8 . | . 7 9",
)

BORDERED = lines(
    "+-------+-------+-------+",
    "| 5 3 . | . 7 . | . . . |",
    "| 6 . . | 1 9 5 | . . . |",
    "| . 9 8 | . . . | . 6 . |",
    "|-------+-------+-------|",
    "| 8 . . | . 6 . | . . 3 |",
    "| 4 . . | 8 . 3 | . . 1 |",
    "| 7 . . | . 2 . | . . 6 |",
    "|-------+-------+-------|",
    "| . 6 . | . . . | 2 8 . |",
    "| . . . | 4 1 9 | . . 5 |",
    "| . . . | . 8 . | . 7 9 |",
    "+-------+-------+-------+",
)

COMPACT_DASHES = lines(
    "53-|-7-|---",
    "6--|195|---",
    "-98|---|-6-",
    "---+---+---",
    "8--|-6-|--3",
    "---|---|---",
    "7--|-2-|--6",
    "---+---+---",
    "-6-|---|28-",
    "---|419|--5",
    "---|-8-|-79",
)

SPACED_DASHES = lines(
    "5 3 - | - 7 - | - - -",
    "6 - - | 1 9 5 | - - -",
    "- 9 8 | - - - | - 6 -",
    "---------------------",
    "8 - - | - 6 - | - - 3",
    "- - - | - - - | - - -",
    "7 - - | - 2 - | - - 6",
    "---------------------",
    "- 6 - | - - - | 2 8 -",
    "- - - | 4 1 9 | - - 5",
    "- - - | - 8 - | - 7 9",
)

PLAIN_DASHES = lines(
    "53--7----",
    "6--195---",
    "-98----6-",
    "8---6---3",
    "---------",
    "7---2---6",
    "-6----28-",
    "---419--5",
    "----8--79",
)

UNICODE_LIGHT = lines(
    "┌───────┬───────┬───────┐",
    "│ 5 3 . │ . 7 . │ . . . │",
    "│ 6 . . │ 1 9 5 │ . . . │",
    "│ . 9 8 │ . . . │ . 6 . │",
    "├───────┼───────┼───────┤",
    "│ 8 . . │ . 6 . │ . . 3 │",
    "│ 4 . . │ 8 . 3 │ . . 1 │",
    "│ 7 . . │ . 2 . │ . . 6 │",
    "├───────┼───────┼───────┤",
    "│ . 6 . │ . . . │ 2 8 . │",
    "│ . . . │ 4 1 9 │ . . 5 │",
    "│ . . . │ . 8 . │ . 7 9 │",
    "└───────┴───────┴───────┘",
)

UNICODE_HEAVY = lines(
    "┏━━━━━━━┳━━━━━━━┳━━━━━━━┓",
    "┃ 5 3 0 ┃ 0 7 0 ┃ 0 0 0 ┃",
    "┃ 6 0 0 ┃ 1 9 5 ┃ 0 0 0 ┃",
    "┃ 0 9 8 ┃ 0 0 0 ┃ 0 6 0 ┃",
    "┣━━━━━━━╋━━━━━━━╋━━━━━━━┫",
    "┃ 8 0 0 ┃ 0 6 0 ┃ 0 0 3 ┃",
    "┃ 4 0 0 ┃ 8 0 3 ┃ 0 0 1 ┃",
    "┃ 7 0 0 ┃ 0 2 0 ┃ 0 0 6 ┃",
    "┣━━━━━━━╋━━━━━━━╋━━━━━━━┫",
    "┃ 0 6 0 ┃ 0 0 0 ┃ 2 8 0 ┃",
    "┃ 0 0 0 ┃ 4 1 9 ┃ 0 0 5 ┃",
    "┃ 0 0 0 ┃ 0 8 0 ┃ 0 7 9 ┃",
    "┗━━━━━━━┻━━━━━━━┻━━━━━━━┛",
)

UNICODE_DOUBLE = lines(
    "╔═════╦═════╦═════╗",
    "║53_║_7_║___║",
    "║6__║195║___║",
    "║_98║___║_6_║",
    "╠═════╬═════╬═════╣",
    "║8__║_6_║__3║",
    "║4__║8_3║__1║",
    "║7__║_2_║__6║",
    "╠═════╬═════╬═════╣",
    "║_6_║___║28_║",
    "║___║419║__5║",
    "║___║_8_║_79║",
    "╚═════╩═════╩═════╝",
)

LEETCODE_JSON = (
    '[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],'
    '[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],'
    '["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],'
    '[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],'
    '[".",".",".",".","8",".",".","7","9"]]'
)

INT_ROWS = [
    [5, 3, 0, 0, 7, 0, 0, 0, 0],
    [6, 0, 0, 1, 9, 5, 0, 0, 0],
    [0, 9, 8, 0, 0, 0, 0, 6, 0],
    [8, 0, 0, 0, 6, 0, 0, 0, 3],
    [4, 0, 0, 8, 0, 3, 0, 0, 1],
    [7, 0, 0, 0, 2, 0, 0, 0, 6],
    [0, 6, 0, 0, 0, 0, 2, 8, 0],
    [0, 0, 0, 4, 1, 9, 0, 0, 5],
    [0, 0, 0, 0, 8, 0, 0, 7, 9],
]

FULL_WIDTH = "".join(chr(0xFF10 + digit) for digit in range(10))
"""The full-width digits U+FF10 to U+FF19: zero (a blank) to nine."""

ARABIC_INDIC = "".join(chr(0x0660 + digit) for digit in range(10))
"""The Arabic-Indic digits U+0660 to U+0669: zero (a blank) to nine."""

STR_ROWS = [[str(value) if value else "." for value in row] for row in INT_ROWS]

ACCEPTED = [
    pytest.param(LEETCODE, LEETCODE, id="line-dots"),
    pytest.param(LEETCODE.replace(".", "0"), LEETCODE, id="line-zeros"),
    pytest.param(LEETCODE.replace(".", "-"), LEETCODE, id="line-dashes"),
    pytest.param(LEETCODE.replace(".", "_"), LEETCODE, id="line-underscores"),
    pytest.param(LEETCODE.replace(".", "*"), LEETCODE, id="line-stars"),
    pytest.param("-" * 81, "." * 81, id="line-81-dashes-is-empty-not-a-rule"),
    pytest.param(
        "".join(".0-_*"[i % 5] if c == "." else c for i, c in enumerate(LEETCODE)),
        LEETCODE,
        id="line-mixed-blanks",
    ),
    pytest.param(f"  \n{LEETCODE}\n\n", LEETCODE, id="line-surrounded-by-whitespace"),
    pytest.param(" ".join(LEETCODE), LEETCODE, id="line-spaced"),
    pytest.param("\t".join(LEETCODE), LEETCODE, id="line-tabs"),
    pytest.param(lines(*(LEETCODE[i : i + 9] for i in range(0, 81, 9))), LEETCODE, id="nine-lines"),
    pytest.param(
        "\r\n".join(LEETCODE[i : i + 9] for i in range(0, 81, 9)), LEETCODE, id="nine-lines-crlf"
    ),
    pytest.param(
        lines(*(LEETCODE[i : i + 27] for i in range(0, 81, 27))), LEETCODE, id="three-lines-of-27"
    ),
    pytest.param(lines(*LEETCODE), LEETCODE, id="one-cell-a-line"),
    pytest.param(
        lines(*(" ".join(LEETCODE[i : i + 9]) for i in range(0, 81, 9))),
        LEETCODE,
        id="nine-spaced-lines",
    ),
    pytest.param(NORVIG_ART, NORVIG, id="norvig-art"),
    pytest.param(PRETTY, LEETCODE, id="pretty-art"),
    pytest.param(BORDERED, LEETCODE, id="bordered-art"),
    pytest.param(COMPACT_DASHES, ROW5_BLANK, id="compact-art-dash-blanks"),
    pytest.param(SPACED_DASHES, ROW5_BLANK, id="spaced-art-dash-blanks-and-dash-rules"),
    pytest.param(PLAIN_DASHES, ROW5_BLANK, id="nine-lines-with-a-dash-row"),
    pytest.param(UNICODE_LIGHT, LEETCODE, id="unicode-light-box"),
    pytest.param(UNICODE_HEAVY, LEETCODE, id="unicode-heavy-box-zeros"),
    pytest.param(UNICODE_DOUBLE, LEETCODE, id="unicode-double-box-underscores"),
    pytest.param(LEETCODE_JSON, LEETCODE, id="leetcode-json-strings"),
    pytest.param(json.dumps(STR_ROWS, indent=2), LEETCODE, id="leetcode-json-indented"),
    pytest.param(json.dumps(INT_ROWS), LEETCODE, id="json-ints-zero-blank"),
    pytest.param(
        json.dumps([[v or "." for v in row] for row in INT_ROWS]),
        LEETCODE,
        id="json-ints-dot-blank",
    ),
    pytest.param(json.dumps(["".join(row) for row in STR_ROWS]), LEETCODE, id="json-row-strings"),
    pytest.param(repr(STR_ROWS), LEETCODE, id="python-literal-quotes"),
    pytest.param(repr(INT_ROWS), LEETCODE, id="python-literal-ints"),
    pytest.param(repr([tuple(row) for row in INT_ROWS]), LEETCODE, id="python-literal-tuple-rows"),
    pytest.param(repr(STR_ROWS)[:-1] + ",]", LEETCODE, id="python-literal-trailing-comma"),
    pytest.param(
        LEETCODE.translate(str.maketrans(".123456789", FULL_WIDTH)),
        LEETCODE,
        id="full-width-digits",
    ),
    pytest.param(
        LEETCODE.translate(str.maketrans(".123456789", ARABIC_INDIC)),
        LEETCODE,
        id="arabic-indic-digits",
    ),
]


@pytest.mark.parametrize(("text", "expected"), ACCEPTED)
def test_parse_reads_every_text_shape(text: str, expected: Grid) -> None:
    """Each accepted text shape reads as the same 81-character grid."""
    assert parse(text) == expected


@pytest.mark.parametrize(
    "board",
    [
        pytest.param(STR_ROWS, id="leetcode-board"),
        pytest.param(INT_ROWS, id="int-board"),
        pytest.param([[v or "." for v in row] for row in INT_ROWS], id="mixed-board"),
        pytest.param(tuple(tuple(row) for row in INT_ROWS), id="tuples"),
        pytest.param(["".join(row) for row in STR_ROWS], id="row-strings"),
    ],
)
def test_parse_reads_lists_passed_directly(board: Sequence[Sequence[str | int]]) -> None:
    """A list of lists (or tuples, or row strings) reads like its JSON text."""
    assert parse(board) == LEETCODE


def test_parse_leaves_a_board_unchanged() -> None:
    """Reading a LeetCode board does not modify it."""
    board = [row[:] for row in STR_ROWS]
    parse(board)
    assert board == STR_ROWS


def with_cell(grid: str, cell: int, char: str) -> str:
    """The line ``grid`` with one character replaced."""
    return grid[:cell] + char + grid[cell + 1 :]


def json_with(value: object, row: int = 0, col: int = 0) -> str:
    """LeetCode JSON of the example with one cell replaced by ``value``."""
    board: list[list[object]] = [list(r) for r in STR_ROWS]
    board[row][col] = value
    return json.dumps(board)


NINE_LINES = [LEETCODE[i : i + 9] for i in range(0, 81, 9)]

SPACES_HINT = "; spaces do not count as blanks: write each blank as '.', '0', '-', '_' or '*'"
"""What a count message adds when the text seems to use spaces for blanks."""

TOO_DEEP = (
    "nested too deeply: more than 3 levels of brackets at line 1, column {column} "
    "(a board has 2: a list of rows of cells)"
)

REJECTED = [
    pytest.param("", "the puzzle is empty", id="empty"),
    pytest.param(" \n\t\n ", "the puzzle is empty", id="whitespace-only"),
    pytest.param("[]", "the puzzle is empty", id="empty-json-list"),
    pytest.param(LEETCODE[:80], "expected 81 cells, found 80", id="80-cells"),
    pytest.param(LEETCODE + "1", "expected 81 cells, found 82", id="82-cells"),
    pytest.param("-" * 9, "expected 81 cells, found 9", id="nine-dashes-is-one-row"),
    pytest.param("|+|+", "expected 81 cells, found 0", id="art-only"),
    pytest.param(
        lines(LEETCODE[:40], LEETCODE[40:80]), "expected 81 cells, found 80", id="two-long-lines"
    ),
    pytest.param(with_cell(LEETCODE, 22, "x"), "r3c5: 'x' is not a digit", id="letter"),
    pytest.param(with_cell(LEETCODE, 0, "\x00"), "r1c1: '\\x00' is not a digit", id="nul"),
    pytest.param(with_cell(LEETCODE, 80, "—"), "r9c9: '—' is not a digit", id="em-dash"),
    pytest.param(
        with_cell(LEETCODE, 2, "\uff0e"), "r1c3: '\uff0e' is not a digit", id="full-width-dot"
    ),
    pytest.param(with_cell(LEETCODE, 4, "²"), "r1c5: '²' is not a digit", id="superscript-two"),
    pytest.param(
        LEETCODE.replace(".", " ", 1),
        "expected 81 cells, found 80" + SPACES_HINT,
        id="space-is-no-blank",
    ),
    pytest.param(
        lines(*NINE_LINES[:2], NINE_LINES[2][:8], *NINE_LINES[3:]),
        "row 3 has 8 cells",
        id="grid-short-row",
    ),
    pytest.param(
        lines(*NINE_LINES[:6], NINE_LINES[6][:7], NINE_LINES[7] + "12", NINE_LINES[8]),
        "row 7 has 7 cells",
        id="grid-rows-shifted",
    ),
    pytest.param(lines(*NINE_LINES, NINE_LINES[0]), "expected 9 rows, found 10", id="grid-10-rows"),
    pytest.param(lines(*NINE_LINES[:8]), "expected 9 rows, found 8", id="grid-8-rows"),
    pytest.param(
        PRETTY.replace(" 7 . |", " x . |", 1), "r1c5: 'x' is not a digit", id="art-letter"
    ),
    pytest.param(
        PRETTY.replace("------+-------+------", "=====================", 1),
        "line 4, column 1: '=' is not a digit or blank",
        id="equals-rule-is-not-art",
    ),
    pytest.param("." * 10_001, "input too long: 10001 characters (at most 10000)", id="too-long"),
    pytest.param("[[1]]", "expected 9 rows, found 1", id="json-one-row"),
    pytest.param(json.dumps(STR_ROWS * 2), "expected 9 rows, found 18", id="json-18-rows"),
    pytest.param(
        json.dumps([*STR_ROWS[:2], STR_ROWS[2][:8], *STR_ROWS[3:]]),
        "row 3 has 8 cells",
        id="json-short-row",
    ),
    pytest.param(json.dumps(list(range(1, 10))), "row 1 is not a list: 1", id="json-flat-list"),
    pytest.param(json_with(10, 0, 1), "r1c2: 10 is not a digit from 1 to 9", id="json-int-10"),
    pytest.param(
        json_with(-1, 8, 8), "r9c9: -1 is not a digit from 1 to 9", id="json-int-negative"
    ),
    pytest.param(json_with("x", 2, 4), "r3c5: 'x' is not a digit", id="json-letter"),
    pytest.param(json_with("10"), "r1c1: '10' is not a digit", id="json-two-characters"),
    pytest.param(json_with(""), "r1c1: '' is not a digit", id="json-empty-string"),
    pytest.param(json_with(" "), "r1c1: ' ' is not a digit", id="json-space"),
    pytest.param(json_with(value=True), "r1c1: True is not a digit", id="json-true"),
    pytest.param(json_with(None), "r1c1: None is not a digit", id="json-null"),
    pytest.param(json_with(5.0), "r1c1: 5.0 is not a digit", id="json-float"),
    pytest.param(json_with([5]), "r1c1: a list is not a digit", id="json-nested-list"),
    pytest.param(
        json_with({"5": 5}),
        "not a valid JSON or Python list (line 1, column 3: unexpected '{')",
        id="json-object",
    ),
    pytest.param(
        json_with("x" * 30), "r1c1: 'xxxxxxxxxxxxxxxx... is not a digit", id="json-long-string-cut"
    ),
    pytest.param(
        "[1, 2",
        "not a valid JSON or Python list (line 1, column 6: expected ',' or ']', found the end)",
        id="json-unclosed",
    ),
    pytest.param(
        '[["5"] * 9] * 9',
        "not a valid JSON or Python list (line 1, column 8: unexpected '*')",
        id="python-expression-not-run",
    ),
    pytest.param(
        "[__import__('os').getcwd()]",
        "not a valid JSON or Python list (line 1, column 2: '__import__' is not a value)",
        id="python-call-not-run",
    ),
    pytest.param("[" * 5000, TOO_DEEP.format(column=4), id="deep-nesting"),
    pytest.param("[" * 4000 + "]" * 4000, TOO_DEEP.format(column=4), id="deep-closed-nesting"),
    pytest.param(
        json_with([[5]]).replace(" ", ""), TOO_DEEP.format(column=4), id="cell-list-in-a-list"
    ),
    pytest.param("[[" + "1" * 5000 + "]]", "expected 9 rows, found 1", id="huge-int-literal"),
    pytest.param(
        repr(INT_ROWS).replace("5", "0x" + "f" * 5000, 1),
        "r1c1: 0xfffffffffffffff... is not a digit",
        id="huge-hex-literal-kept-as-written",
    ),
    pytest.param(
        repr(INT_ROWS).replace("5", "1" * 30, 1),
        "r1c1: 11111111111111111... is not a digit",
        id="thirty-digit-literal-kept-as-written",
    ),
    pytest.param(json_with(1e5), "r1c1: 100000.0 is not a digit", id="json-float-as-written"),
    pytest.param(json_with(5).replace("5", "1e5", 1), "r1c1: 1e5 is not a digit", id="json-1e5"),
    pytest.param(
        json_with(5).replace("5", "x", 1),
        "not a valid JSON or Python list (line 1, column 3: 'x' is not a value)",
        id="bare-name",
    ),
    pytest.param(
        '[["5]]',
        "not a valid JSON or Python list (line 1, column 3: a string is not closed on its line)",
        id="unclosed-string",
    ),
    pytest.param(
        json_with("5").replace('"5"', r'"\q"', 1),
        "not a valid JSON or Python list (line 1, column 4: unknown escape: a backslash, then 'q')",
        id="unknown-escape",
    ),
    pytest.param(
        json_with("5").replace('"5"', r'"\u12"', 1),
        "not a valid JSON or Python list (line 1, column 4: bad escape '\\\\u12')",
        id="short-unicode-escape",
    ),
    pytest.param(
        json_with("5").replace('"5"', r'"\ud83d"', 1),
        "not a valid JSON or Python list (line 1, column 4: '\\\\ud83d' is no character)",
        id="surrogate-escape",
    ),
    pytest.param(
        "[[1, 2],\n [3 4]]",
        "not a valid JSON or Python list (line 2, column 5: expected ',' or ']', found 4)",
        id="missing-comma-on-line-2",
    ),
    pytest.param(
        "[[1, 2)]",
        "not a valid JSON or Python list (line 1, column 7: expected ',' or ']', found ')')",
        id="mismatched-bracket",
    ),
    pytest.param(
        "[[1, 2]] [3]",
        "not a valid JSON or Python list (line 1, column 10: expected the end, found '[')",
        id="text-after-the-list",
    ),
    pytest.param(
        "[[1, 2], , [3]]",
        "not a valid JSON or Python list (line 1, column 10: expected a value, found ',')",
        id="double-comma",
    ),
]


@pytest.mark.parametrize(("text", "message"), REJECTED)
def test_parse_rejects_text_with_a_precise_message(text: str, message: str) -> None:
    """Each rejected text raises PuzzleError with exactly this message."""
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert str(caught.value) == message


SPACED_BLANKS = lines(*(" ".join(row.replace(".", " ")).rstrip() for row in NINE_LINES))
"""LeetCode's example with spaces for blanks, cells spaced out: ``5 3     7``."""

FIXED_WIDTH_BLANKS = lines(*(row.replace(".", " ").rstrip() for row in NINE_LINES))
"""LeetCode's example with spaces for blanks, one character a cell: ``53  7``."""

ONE_SPACE_BLANK = lines(*NINE_LINES[:4], "8   6   3", *NINE_LINES[5:]).replace(".", "0")
"""A grid of zeros and digits but one row where spaces stand for its blanks."""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(SPACED_BLANKS, "expected 81 cells, found 30" + SPACES_HINT, id="spaced"),
        pytest.param(FIXED_WIDTH_BLANKS, "expected 81 cells, found 30" + SPACES_HINT, id="fixed"),
        pytest.param(ONE_SPACE_BLANK, "row 5 has 3 cells" + SPACES_HINT, id="one-row"),
        pytest.param(
            lines(*NINE_LINES[:3], "8...6..3"), "expected 9 rows, found 4", id="no-spaces"
        ),
    ],
)
def test_spaces_used_as_blanks_are_named(text: str, message: str) -> None:
    """A grid that leaves its blanks as spaces is told how blanks are written (issue 11)."""
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            "Puzzle 1: " + LEETCODE,
            "line 1, column 1: 'P' is not a digit or blank",
            id="label-before-the-line",
        ),
        pytest.param(
            lines(NINE_LINES[0], "6..19x..", *NINE_LINES[2:]),
            "line 2, column 6: 'x' is not a digit or blank",
            id="letter-in-a-short-row",
        ),
        pytest.param(
            lines("", "# from the newspaper", *NINE_LINES),
            "line 2, column 1: '#' is not a digit or blank",
            id="comment-line",
        ),
        pytest.param(
            LEETCODE[:40] + "é" + LEETCODE[42:],
            "line 1, column 41: 'é' is not a digit or blank",
            id="accent-and-a-cell-short",
        ),
        pytest.param(
            with_cell(LEETCODE, 22, "x"), "r3c5: 'x' is not a digit", id="count-right-names-cell"
        ),
    ],
)
def test_a_bad_character_is_named_where_it_is(text: str, message: str) -> None:
    """Letters that spoil the count are named with line and column, not a count (issue 11)."""
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(json.dumps(STR_ROWS).replace('"5"', '"\\u0035"'), LEETCODE, id="json-u"),
        pytest.param(repr(STR_ROWS).replace("'5'", "'\\x35'"), LEETCODE, id="python-x"),
        pytest.param(repr(STR_ROWS).replace("'5'", "'\\U00000035'"), LEETCODE, id="python-U"),
        pytest.param(repr(STR_ROWS).replace("[", "[ \n"), LEETCODE, id="newlines-anywhere"),
        pytest.param(repr(INT_ROWS).replace("[5,", "[(5),", 1), LEETCODE, id="parenthesized"),
    ],
)
def test_the_literal_reader_reads_both_languages(text: str, expected: str) -> None:
    """Escapes of JSON and Python, newlines between tokens, ``(5)`` as 5."""
    assert parse(text) == expected


def test_json_null_is_named_in_python_words() -> None:
    """JSON's null reads as None, which is not a digit; ``true`` as True."""
    with pytest.raises(PuzzleError, match=r"^r1c3: None is not a digit$"):
        parse(json.dumps(INT_ROWS).replace(" 0,", " null,", 1))
    with pytest.raises(PuzzleError, match=r"^r1c3: True is not a digit$"):
        parse(json.dumps(INT_ROWS).replace(" 0,", " true,", 1))


@pytest.mark.parametrize(
    ("board", "message"),
    [
        pytest.param([], "the puzzle is empty", id="empty"),
        pytest.param(5, "expected a list of 9 rows, found 5", id="int"),
        pytest.param(None, "expected a list of 9 rows, found None", id="none"),
        pytest.param({"rows": 9}, "expected a list of 9 rows, found a dict", id="dict"),
        pytest.param([*STR_ROWS, STR_ROWS[0]], "expected 9 rows, found 10", id="ten-rows"),
        pytest.param([*STR_ROWS[:8], 7], "row 9 is not a list: 7", id="int-row"),
        pytest.param([*STR_ROWS[:8], {1, 2}], "row 9 is not a list: a set", id="set-row"),
        pytest.param(
            [*STR_ROWS[:4], [*STR_ROWS[4], "1"], *STR_ROWS[5:]], "row 5 has 10 cells", id="long-row"
        ),
        pytest.param(
            [[10**5000] * 9] * 9, "r1c1: a huge number is not a digit from 1 to 9", id="huge-int"
        ),
        pytest.param([[object()] * 9] * 9, "r1c1: an object is not a digit", id="object"),
        pytest.param([[1.5] * 9] * 9, "r1c1: 1.5 is not a digit", id="float"),
    ],
)
def test_parse_rejects_lists_with_a_precise_message(board: object, message: str) -> None:
    """Each rejected list raises PuzzleError with exactly this message."""
    with pytest.raises(PuzzleError) as caught:
        parse(board)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_puzzle_error_is_a_value_error() -> None:
    """Callers that catch ValueError also catch rejected puzzles."""
    assert issubclass(PuzzleError, ValueError)


def test_to_line() -> None:
    """One 81-character line, blanks as '.' or as the mark asked for."""
    assert to_line(LEETCODE) == LEETCODE
    assert to_line(LEETCODE, blank="0") == LEETCODE.replace(".", "0")


def test_to_pretty_is_the_documented_art() -> None:
    """Nine rows with '|' between boxes and '------+-------+------' between bands."""
    assert to_pretty(LEETCODE) == PRETTY


def test_to_leetcode_is_a_fresh_board() -> None:
    """LeetCode's 9x9 list of one-character strings; each call builds new lists."""
    board = to_leetcode(LEETCODE)
    assert board == STR_ROWS
    assert to_leetcode(LEETCODE) is not board


def test_to_json_is_leetcode_json_on_one_line() -> None:
    """Compact LeetCode JSON: no spaces, one line, the example as the problem shows it."""
    assert to_json(LEETCODE) == LEETCODE_JSON


solved_grids = st.permutations(DIGITS).map(
    lambda digits: SOLVED.translate(str.maketrans(DIGITS, "".join(digits)))
)
"""Valid solved grids: LeetCode's solution with its digits relabelled."""

sampled_puzzles = st.builds(
    lambda solved, keep: "".join(c if k else "." for c, k in zip(solved, keep, strict=True)),
    solved_grids,
    st.lists(st.booleans(), min_size=81, max_size=81),
)
"""Random subsets of the givens of a valid solved grid (any number of blanks)."""

random_grids = st.text(alphabet=DIGITS + ".", min_size=81, max_size=81)
"""Any 81 digits and blanks, conflicting ones included: parse does not judge."""

grids = st.one_of(sampled_puzzles, random_grids)


@given(grids, st.sampled_from(".0-_*"))
def test_line_round_trips(grid: Grid, blank: str) -> None:
    """A line written with any blank mark reads back as the same grid."""
    assert parse(to_line(grid, blank=blank)) == grid


@given(grids)
def test_pretty_round_trips(grid: Grid) -> None:
    """The 9-line art reads back as the same grid."""
    assert parse(to_pretty(grid)) == grid


@given(grids)
def test_json_round_trips(grid: Grid) -> None:
    """LeetCode JSON text is one line and reads back as the same grid."""
    text = to_json(grid)
    assert "\n" not in text
    assert json.loads(text) == to_leetcode(grid)
    assert parse(text) == grid


@given(grids)
def test_board_round_trips(grid: Grid) -> None:
    """A LeetCode board, passed as a list or as its Python repr, reads back the same."""
    assert parse(to_leetcode(grid)) == grid
    assert parse(repr(to_leetcode(grid))) == grid


def grid_or_message(puzzle: object) -> tuple[Grid, str]:
    """What ``parse`` made of ``puzzle``: its grid and "", or "" and its PuzzleError message."""
    try:
        return parse(puzzle), ""  # type: ignore[arg-type]
    except PuzzleError as error:
        return "", str(error)


def assert_grid_or_puzzle_error(puzzle: object) -> None:
    """``parse`` returns a well-formed Grid or raises a one-line PuzzleError: nothing else."""
    grid, message = grid_or_message(puzzle)
    if message:
        assert "\n" not in message
    else:
        assert len(grid) == 81
        assert set(grid) <= set(DIGITS + ".")


@given(st.text())
def test_parse_any_text_gives_a_grid_or_a_puzzle_error(text: str) -> None:
    """Arbitrary unicode text never raises anything but PuzzleError."""
    assert_grid_or_puzzle_error(text)


PIECES = [*DIGITS, *".0-_*|+ \n\t\r[](),'\"x\x00\uff15\u0665\u2500\u2502\u253c", "1e5", "None"]
"""What the reader treats specially: digits, blanks, art, brackets, unicode digits, literals."""

tricky_text = st.lists(st.sampled_from(PIECES), max_size=200).map(
    lambda pieces: "".join(pieces) if len(pieces) % 2 else "[" + "".join(pieces)
)
"""Text made of those pieces, half of it starting with '[' to reach the list readers."""


@given(tricky_text)
def test_parse_tricky_text_gives_a_grid_or_a_puzzle_error(text: str) -> None:
    """Text of digits, blanks, art and brackets never raises anything but PuzzleError."""
    assert_grid_or_puzzle_error(text)


@given(st.text(alphabet=string.digits + ".-", min_size=70, max_size=90))
def test_parse_digit_strings_gives_a_grid_or_a_puzzle_error(text: str) -> None:
    """Near-81 strings of digits and blanks read, or fail, cleanly."""
    assert_grid_or_puzzle_error(text)


cell_values = st.one_of(
    st.integers(-20, 20), st.text(max_size=2), st.none(), st.booleans(), st.floats()
)
nested = st.recursive(
    st.lists(cell_values, max_size=10),
    lambda children: st.lists(children, max_size=10),
    max_leaves=30,
)


@given(
    st.one_of(
        nested, st.lists(st.lists(cell_values, min_size=9, max_size=9), min_size=9, max_size=9)
    )
)
def test_parse_any_list_gives_a_grid_or_a_puzzle_error(board: list[object]) -> None:
    """Arbitrary nested lists of scalars never raise anything but PuzzleError."""
    assert_grid_or_puzzle_error(board)
