"""A reader's run, recorded: their code, the puzzle and every write, as one text.

``sudoku watch FILE PUZZLE --record`` (``record``) makes it, from ``sudoku.watching``'s
events; the code lab's worker makes it the same way; the player plays it (the worker's
``trace_record``, src/web/recorded.py). It is data only: playing a recording never runs
its code, which is shown as text. Runs unchanged in CPython, Pyodide and MicroPython.

The text is one JSON object (version 1), on one line; in order, for example:
``{"recording": 1, "puzzle": "53..7....6..195....98....6.8 (81 characters)", "code":
"class Solution: ...", "events": "p133:12:2 p145:12:3 u145:15:3", "outcome": "returned",
"message": "", "at_end": false}``.

- ``puzzle``: the grid the code was run on (any shape ``formats.parse`` reads);
- ``code``: the reader's program, at most ``MAX_CODE`` characters;
- ``events``: the writes to the board in order, separated by single spaces, at most
  ``MAX_EVENTS``. Each is ``K RC D : LINE : DEPTH`` without the spaces: ``K`` is ``p`` (a
  digit written) or ``u`` (``"."`` written: an undo), ``RC`` the cell's row and column
  (``13`` is r1c3), ``D`` the digit written (``p``: ``1``-``9``) or taken out (``u``: the
  cell's value before, ``.`` when it was blank already), ``LINE`` the line of ``code`` that
  wrote it (1-based; 0: none of the reader's lines) and ``DEPTH`` how many calls of the
  reader's code were open (``sudoku.watching``'s ``line`` and ``depth``);
- ``outcome``: how the run ended, ``returned``, ``error`` or ``stopped``, and ``message``
  what ``sudoku.watching`` said of it ("" when it returned); ``at_end``: its writes all
  came at the end (a copy of an answer found elsewhere, not a search on the board).

``read_recording`` checks all of it, once, and answers a ``Recording`` or raises
``RecordingError`` with one line naming what is wrong ("recording: step 12 ('p99x:4:2'):
'x' is not a digit 1-9"); an undo must take out the digit the cell holds at that step.
Hostile text gives that message, never a traceback. (MicroPython's ``json`` reads some
broken JSON that CPython refuses, such as a ":" for a ","; what it reads is checked the
same.)
"""

from __future__ import annotations

import json

from sudoku.compat import quoted
from sudoku.formats import PuzzleError, parse
from sudoku.grid import BLANK, cell_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TypedDict

    from sudoku.watching import Event, Run

    Write = tuple[str, int, str, int]
    """An event read: kind (``p``, ``u``), cell (0-80), digit, line (``parse_token``)."""

    class Recording(TypedDict):
        """A recording ``read_recording`` checked: its events read, in order, and how
        many of them are undos."""

        puzzle: str
        code: str
        events: list[Write]
        undos: int
        outcome: str
        message: str
        at_end: bool


VERSION = 1
"""The format's version, the value of its ``recording`` key."""

MAX_CODE = 100_000
"""The most characters of code a recording (and a solution file: ``sudoku watch``) holds."""

MAX_EVENTS = 200_000
"""The most writes a recording holds (``sudoku watch --record`` stops the run there)."""

MAX_MESSAGE = 500
"""The most characters of the run's ``message``."""

OUTCOMES = ("returned", "error", "stopped")
"""How a run ends (``sudoku.watching``)."""

MAX_REST = 6 * MAX_CODE + 20_000
"""The most characters of a recording besides its events: the code with every character
escaped (``\\u003c``), the puzzle, the message and the keys."""

MAX_DIGITS = 1000
"""The longest run of digits a recording holds (its own numbers are small; a literal in the
code is shorter). MicroPython's ``json.loads`` takes time that grows with the square of a
number's length (a million digits: minutes), and of a string's: both are capped before it
reads anything (``too_long``)."""

NUMERALS = "0123456789"

DIGITS = "123456789"


class RecordingError(ValueError):
    """A recording that cannot be played, with one line saying why."""


def token(event: Event) -> str:
    """One event as the recording writes it (``p133:12:2``); ValueError for a write the
    player cannot show (a value that is not one digit)."""
    cell, digit = event["cell"], event["digit"]
    if event["kind"] == "place" and (len(digit) != 1 or digit not in DIGITS):
        raise ValueError(
            f"step {event['step'] + 1} writes {quoted(digit)} into {cell}: a recording holds "
            "the digits '1'-'9' as text (and '.' for a blank)"
        )
    if event["kind"] == "undo" and (len(digit) != 1 or digit not in DIGITS + BLANK):
        digit = BLANK  # the cell held something else: the undo shows it blank before too
    kind = "p" if event["kind"] == "place" else "u"
    return f"{kind}{cell[1]}{cell[3]}{digit}:{event['line']}:{event['depth']}"


def record(code: str, grid: str, events: Iterable[Event], run: Run) -> str:
    """The recording of ``run``: ``code`` run on ``grid`` made ``events`` (all of them,
    in order, as ``sudoku.watching.watch`` gave them). ValueError for a write the
    player cannot show, or more than ``MAX_EVENTS`` writes. Every ``<`` is written
    ``\\u003c``, so that the text can sit in a post's ``<script type="application/json">``
    (code holding ``</script>`` cannot end it early)."""
    tokens = [token(event) for event in events]
    if len(tokens) > MAX_EVENTS:
        raise ValueError(f"more than {MAX_EVENTS} writes: too many to record")
    message = run["message"] if run["outcome"] != "returned" else ""
    text = json.dumps(
        {
            "recording": VERSION,
            "puzzle": grid,
            "code": code,
            "events": " ".join(tokens),
            "outcome": run["outcome"],
            "message": message[:MAX_MESSAGE],
            "at_end": run["at_end"],
        },
        separators=(",", ":"),
    )
    return text.replace("<", "\\u003c")  # the same JSON, safe inside an HTML <script>


def parse_token(text: str, lines: int) -> Write:
    """One event's token as (kind ``p``/``u``, the cell 0-80, the digit, the line), its
    line one of ``lines`` (or 0) and its depth a whole number; RecordingError naming what
    is wrong."""
    parts = text.split(":")
    head = parts[0]
    if len(parts) != 3 or len(head) != 4 or head[0] not in "pu":
        raise RecordingError("not an event: expected like p133:12:2")
    row, column, digit = head[1], head[2], head[3]
    if row not in DIGITS or column not in DIGITS:
        raise RecordingError(quoted(row + column) + " is not a cell (row and column 1-9)")
    if digit not in (DIGITS if head[0] == "p" else DIGITS + BLANK):
        raise RecordingError(quoted(digit) + " is not a digit 1-9")
    line = whole(parts[1], "line")
    whole(parts[2], "depth")
    if line > lines:
        raise RecordingError(f"line {line} is past the code's {lines} lines")
    return head[0], (int(row) - 1) * 9 + int(column) - 1, digit, line


def whole(text: str, name: str) -> int:
    """``text`` as a whole number 0-99999, or RecordingError saying ``name`` is not one."""
    if not 0 < len(text) <= 5 or [c for c in text if c not in "0123456789"]:
        raise RecordingError(f"its {name} is not a whole number")
    return int(text)


def field(found: dict[str, object], key: str, kind: type, limit: int = 0) -> object:
    """``found[key]``, of type ``kind`` (and at most ``limit`` long, if given)."""
    value = found.get(key)
    if type(value) is not kind:
        said = "text" if kind is str else "true or false"
        raise RecordingError(f"recording: '{key}' must be {said}")
    if limit and len(value) > limit:  # type: ignore[arg-type]
        raise RecordingError(f"recording: '{key}' is longer than {limit} characters")
    return value


def read_recording(text: str) -> Recording:
    """The recording in ``text``, checked (see the module's docstring); RecordingError
    with one line saying what is wrong."""
    too_long(text, MAX_REST + MAX_EVENTS * 16)
    rest, cut = events_apart(text)
    too_long(rest, MAX_REST)
    try:
        found = json.loads(rest)
    except ValueError:
        raise RecordingError("recording: not JSON (paste all that --record printed)") from None
    if type(found) is not dict or found.get("recording") != VERSION:
        raise RecordingError(f"recording: not a recording of version {VERSION}")
    if cut is not None:
        if found.get("events") != "":
            raise RecordingError("recording: 'events' is given twice")
        found["events"] = cut
    try:
        puzzle = parse(str(field(found, "puzzle", str, 2000)))
    except PuzzleError as error:
        raise RecordingError(f"recording: puzzle: {error}") from None
    code = str(field(found, "code", str, MAX_CODE))
    tokens = str(field(found, "events", str, MAX_EVENTS * 16)).split()
    outcome = field(found, "outcome", str)
    if outcome not in OUTCOMES:
        raise RecordingError("recording: 'outcome' must be returned, error or stopped")
    if len(tokens) > MAX_EVENTS:
        raise RecordingError(f"recording: more than {MAX_EVENTS} events")
    events, undos = checked(puzzle, tokens, len(code.split("\n")))
    return {
        "puzzle": puzzle,
        "code": code,
        "events": events,
        "undos": undos,
        "outcome": str(outcome),
        "message": str(field(found, "message", str, MAX_MESSAGE)),
        "at_end": bool(field(found, "at_end", bool)),
    }


def too_long(text: str, most: int) -> None:
    """RecordingError if ``text`` is longer than ``most`` characters, or holds a run of more
    than ``MAX_DIGITS`` digits. A run that long covers one of every ``MAX_DIGITS``-th
    characters, and is measured from there: a few steps for each, whatever the text."""
    if len(text) > most:
        raise RecordingError(f"recording: longer than {most} characters")
    for at in range(0, len(text), MAX_DIGITS):
        if text[at] not in NUMERALS:
            continue
        start = end = at
        while start > 0 and text[start - 1] in NUMERALS and end - start <= MAX_DIGITS:
            start -= 1
        while end < len(text) and text[end] in NUMERALS and end - start <= MAX_DIGITS:
            end += 1
        if end - start > MAX_DIGITS:
            raise RecordingError(f"recording: a number of more than {MAX_DIGITS} digits")


EVENTS_KEY = '"events"'


def events_apart(text: str) -> tuple[str, str | None]:
    """``text`` with its ``events`` value cut out (``""`` left in its place), and that
    value; ``text`` and None when it is not there as a plain string.

    MicroPython's ``json.loads`` takes time that grows faster than the length of a long
    string value (seconds for a long run's events): the events, which hold no escapes,
    are cut out with ``find``. Inside a JSON string a quote is always escaped, so a
    ``"events"`` followed by a colon (spaces around it allowed) is the key's own; a value
    holding a backslash is left to ``json.loads`` (and to ``MAX_REST``), and so is checked
    as JSON."""
    key = text.find(EVENTS_KEY)
    while key >= 0:
        at = skip_spaces(text, key + len(EVENTS_KEY))
        if text[at : at + 1] == ":":
            start = skip_spaces(text, at + 1) + 1
            end = text.find('"', start)
            if text[start - 1 : start] != '"' or end < 0 or "\\" in text[start:end]:
                return text, None
            return text[:start] + text[end:], text[start:end]
        key = text.find(EVENTS_KEY, key + 1)
    return text, None


def skip_spaces(text: str, at: int) -> int:
    """The first place from ``at`` on that is not JSON's whitespace."""
    while text[at : at + 1] in (" ", "\t", "\n", "\r"):
        at += 1
    return at


def checked(grid: str, tokens: list[str], lines: int) -> tuple[list[Write], int]:
    """The events of ``tokens`` played on ``grid``, and how many are undos: each reads,
    names a line of the code (``lines`` of them) and undoes only the digit its cell
    holds; else RecordingError naming the step. A token met before is not read again
    (a search repeats its writes): the same tuple stands for it."""
    board = list(grid)
    known: dict[str, Write] = {}
    events: list[Write] = []
    undos = 0
    for step, text in enumerate(tokens):
        event = known.get(text)
        try:
            if event is None:
                event = known[text] = parse_token(text, lines)
            kind, cell, digit, _ = event
            if kind == "u" and board[cell] != digit:
                held = "a blank" if board[cell] == BLANK else board[cell]
                raise RecordingError(f"undoes {digit} at {cell_name(cell)}, which holds {held}")
        except RecordingError as error:
            said = quoted(text[:20])
            raise RecordingError(f"recording: step {step + 1} ({said}): {error}") from None
        if kind == "u":
            board[cell] = BLANK
            undos += 1
        else:
            board[cell] = digit
        events.append(event)
    return events, undos
