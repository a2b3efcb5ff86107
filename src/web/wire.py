"""The wire between the solver worker and the player: a trace as compact text.

The worker (``worker/worker.py``, ``trace_pull``) sends a trace in pages: each page is a
checkpoint (the board, the counters and the open guesses at its first step) and its
events, 8 bytes each: kind, cell, digit, peer, unit, with dots where none::

    t354....   try 4 at r3c5
    r354317r3  reject 4 at r3c5: r3c1 holds it in row 3 ("r3" is row 3)
    p354....   place 4 at r3c5 (a guess); "P" when the guess deepens max_depth
    f354..b2   force 4 at r3c5 (hidden single in box 2; no unit: a naked single)
    s35.....   stuck: no candidate left for r3c5 ("s..4..r3": no place for 4 in row 3)
    u354....   undo 4 at r3c5, a backtrack; "v" when it takes back a forced digit
    S.......   solved;  x....... exhausted

A recorded run of a reader's own code has three more kinds, ``w``, ``W`` and ``e`` (its
writes: src/web/recorded.py tells their bytes), and its pages hold ``lines``.

Every event is invertible and every counter follows from the letters alone, so a cursor
steps forward and back over them without the worker (``forward``, ``backward``); the
worker plays its own pages with the same ``forward`` to write the next checkpoint.
A ``trace_pull`` answer is one JSON header line, a newline, then the pages' events::

    {"pages": [{"start", "board", "counts", "stack"}, ...], "done", "steps", "counts"}

``board`` writes a forced digit as ``a``-``i`` (``1``-``9`` for a given or a guess),
``counts`` is ``[nodes, backtracks, depth, max_depth, forced]`` (a page's at its first
step; the header's after its last event, so a trace that ends in one answer is measured
without running it again: ``timeline.tally``), ``stack`` the open
guesses as cell and digit (``354127``: 4 at r3c5, then 7 at r1c2). Raw text after the
header, not JSON: MicroPython's ``json.loads`` of a long string is many times slower
than a split; and events stay ``bytes`` on the page, which MicroPython indexes far
faster than ``str``.

Runs in all three interpreters: CPython (tests), MicroPython (the pages and the app's
and the widget's workers) and Pyodide (the app's deep worker). Encode and decode sit side
by side, and ``tests/unit/test_wire.py`` checks that they round-trip and that replaying the records
gives ``sudoku.tracing.replay``'s board at every step.
"""

import json

from sudoku.grid import UNITS, cell_name, unit_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NotRequired, TypedDict

    from sudoku.tracing import Event

    class Fields(TypedDict):
        """An event as ``fields`` reads it."""

        code: str
        kind: str
        cell: str
        index: int
        digit: str
        peer: str
        peer_index: int
        unit: str
        unit_cells: tuple[int, ...]
        line: NotRequired[int]
        """The line of the reader's code that made it (a recorded run's: ``timeline``)."""


WIDTH = 8
"""Bytes per event."""

DOT, ZERO, FORCED_SHIFT = 46, 48, 48
"""``.``; ``0``; a forced digit's byte is its digit's byte + 48 (``1`` -> ``a``)."""

TRY, REJECT, PLACE, DEEPER, FORCE, STUCK, UNDO, UNFORCE, SOLVED, EXHAUSTED = b"trpPfsuvSx"
"""The kind bytes."""

WRITE, WRITE_DEEPER, ERASE = b"wWe"
RECORDED = (WRITE, WRITE_DEEPER, ERASE)
"""The kind bytes of a recorded run (a reader's own code)."""

KIND_CODES = {
    "try": "t",
    "reject": "r",
    "place": "p",
    "force": "f",
    "stuck": "s",
    "undo": "u",
    "solved": "S",
    "exhausted": "x",
}
"""The letter of each of the core's event kinds; ``encode`` adds "P" and "v"."""

KIND_NAMES = {ord(code): kind for kind, code in KIND_CODES.items()}
KIND_NAMES[DEEPER] = KIND_NAMES[WRITE] = KIND_NAMES[WRITE_DEEPER] = "place"
KIND_NAMES[UNFORCE] = KIND_NAMES[ERASE] = "undo"
"""The core's kind name of each kind byte."""

NODES, BACKTRACKS, DEPTH, MAX_DEPTH, FORCED = range(5)
"""Positions in a counters list."""

CELL_CODES = {cell_name(i): cell_name(i)[1] + cell_name(i)[3] for i in range(81)}
"""``r3c5`` -> ``35``."""

UNIT_CODES = {unit_name(u): unit_name(u)[0] + unit_name(u)[-1] for u in range(27)}
"""``row 3`` -> ``r3``, ``column 5`` -> ``c5``, ``box 9`` -> ``b9``."""

UNIT_OF_CODE = {code: u for u, code in enumerate(UNIT_CODES[unit_name(u)] for u in range(27))}
"""``r3`` -> 2: the unit a code names."""


# -- encode (the worker) ------------------------------------------------------------------


def encode(event: "Event", last: list[int]) -> str:
    """One of the core's events as 8 characters (see the module's table).

    ``last`` holds ``[max_depth, backtracks]`` before the event; it is updated, so pass
    the same list for every event of a trace.
    """
    kind = event["kind"]
    code = KIND_CODES[kind]
    if kind == "place":
        if event["max_depth"] > last[0]:
            code = "P"
        last[0] = event["max_depth"]
    elif kind == "undo":
        if event["backtracks"] == last[1]:
            code = "v"
        last[1] = event["backtracks"]
    return (
        code
        + CELL_CODES.get(event.get("cell", ""), "..")
        + event.get("digit", ".")
        + CELL_CODES.get(event.get("peer", ""), "..")
        + UNIT_CODES.get(event.get("unit", ""), "..")
    )


def encode_write(cell: int, digit: str, before: str, slot: int, deeper: bool) -> str:
    """A recorded write as 8 characters (see the module's table): ``digit`` written into
    ``cell`` (0-80; ``"."``: an erase, then ``before`` is the digit taken out), which held
    ``before``; ``slot`` is the cell's entry in the open writes before it (-1: none);
    ``deeper``, a new entry makes more open writes than ever before."""
    name = str(cell // 9 + 1) + str(cell % 9 + 1)
    at = ".." if slot < 0 else str(100 + slot)[1:]
    if digit == ".":
        return "e" + name + before + "." + at + "."
    return ("W" if deeper else "w") + name + digit + before + at + "."


def checkpoint(cursor: "Cursor") -> "dict[str, Any]":
    """Where a page starts: the cursor's step, board, counters and open guesses."""
    return {
        "start": cursor.pos,
        "board": cursor.board.decode(),
        "counts": list(cursor.counts),
        "stack": "".join(CELL_CODES[cell_name(e >> 4)] + str(e & 15) for e in cursor.stack),
    }


def answer(heads: "list[dict[str, Any]]", events: str, done: bool, cursor: "Cursor") -> str:
    """A ``trace_pull`` answer: the header line, a newline, the pages' events; ``cursor``
    is after the last of them (its step and counters go in the header)."""
    header = {"pages": heads, "done": done, "steps": cursor.pos, "counts": list(cursor.counts)}
    return json.dumps(header, separators=(",", ":")) + "\n" + events


# -- decode (the page) --------------------------------------------------------------------


def read_answer(
    text: str, page: int
) -> "tuple[dict[str, Any], list[tuple[dict[str, Any], bytes]]]":
    """A ``trace_pull`` answer as its header and one ``(head, events)`` per page.

    ``page`` is the events per page (``trace_start``'s ``page``): every page holds that
    many but the last. ``events`` are bytes. A header with an ``error`` has no pages.
    """
    raw = text.encode()
    cut = raw.find(b"\n")
    header = json.loads(raw if cut < 0 else raw[:cut])
    if "error" in header:
        return header, []
    pages, at = [], cut + 1
    for head in header["pages"]:
        events = raw[at : at + page * WIDTH]
        at += len(events)
        pages.append((head, events))
    return header, pages


def cell_at(data: bytes, o: int) -> int:
    """The board index of the cell at ``data[o:o+2]`` (``35`` -> r3c5 -> 22); -1 if none."""
    if data[o] == DOT:
        return -1
    return (data[o] - 49) * 9 + data[o + 1] - 49


def unit_at(data: bytes, o: int) -> int:
    """The unit named at ``data[o:o+2]`` (``r3`` -> 2); -1 if none."""
    return UNIT_OF_CODE.get(bytes(data[o : o + 2]).decode(), -1)


def slot_at(data: bytes, o: int) -> int:
    """The entry in the open writes named by the recorded event at offset ``o`` (its
    bytes 5-6: ``03`` -> 3); the caller checks it names one (not ``..``)."""
    return (data[o + 5] - ZERO) * 10 + data[o + 6] - ZERO


def fields(data: bytes, o: int) -> "Fields":
    """The event at offset ``o`` as a dict: the core's names (kind, cell, digit, peer,
    unit; "" where none), its code letter, and the cell, peer and unit as indexes.

    For captions, tests and the code panel: the hot loops read the bytes directly.
    """
    cell, peer, unit = cell_at(data, o + 1), -1, -1
    if data[o] not in RECORDED:
        peer, unit = cell_at(data, o + 4), unit_at(data, o + 6)
    digit = chr(data[o + 3])
    return {
        "code": chr(data[o]),
        "kind": KIND_NAMES[data[o]],
        "cell": cell_name(cell) if cell >= 0 else "",
        "index": cell,
        "digit": "" if digit == "." else digit,
        "peer": cell_name(peer) if peer >= 0 else "",
        "peer_index": peer,
        "unit": unit_name(unit) if unit >= 0 else "",
        "unit_cells": UNITS[unit] if unit >= 0 else (),
    }


def stack_codes(text: str) -> list[int]:
    """A checkpoint's open guesses (``354127``) as cursor stack entries, ``cell * 16 + digit``."""
    raw = text.encode()
    return [
        ((raw[i] - 49) * 9 + raw[i + 1] - 49) * 16 + raw[i + 2] - ZERO
        for i in range(0, len(raw), 3)
    ]


# -- replay (both sides) --------------------------------------------------------------------


class Cursor:
    """A place in a trace: the board, counters and open guesses after ``pos`` events.

    ``board`` is a ``bytearray`` of 81: ``.`` blank, ``1``-``9`` a given or a guess,
    ``a``-``i`` a forced 1-9. ``stack`` holds the open guesses, oldest first, as
    ``cell * 16 + digit``.
    """

    def __init__(self, grid: str) -> None:
        self.board = bytearray(grid.encode())
        self.counts = [0, 0, 0, 0, 0]
        self.stack: list[int] = []
        self.pos = 0


def forward(cursor: Cursor, data: bytes, start: int, stop: int) -> None:
    """Play the events at byte offsets ``start``..``stop`` of ``data`` on the cursor.

    Moves the board, counters and stack; ``pos`` is the caller's to move.
    """
    board, counts, stack = cursor.board, cursor.counts, cursor.stack
    for o in range(start, stop, WIDTH):
        k = data[o]
        if k in (TRY, REJECT):
            continue
        if k in (PLACE, DEEPER):
            cell = (data[o + 1] - 49) * 9 + data[o + 2] - 49
            board[cell] = data[o + 3]
            stack.append(cell * 16 + data[o + 3] - ZERO)
            counts[NODES] += 1
            counts[DEPTH] += 1
            if k == DEEPER:
                counts[MAX_DEPTH] += 1
        elif k == UNDO:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
            stack.pop()
            counts[BACKTRACKS] += 1
            counts[DEPTH] -= 1
        elif k == FORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = data[o + 3] + FORCED_SHIFT
            counts[FORCED] += 1
        elif k == UNFORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
        elif k in RECORDED:
            write_forward(cursor, data, o)


def backward(cursor: Cursor, data: bytes, start: int, stop: int) -> None:
    """Take back the events at byte offsets ``start``..``stop`` of ``data``, newest first."""
    board, counts, stack = cursor.board, cursor.counts, cursor.stack
    for o in range(stop - WIDTH, start - WIDTH, -WIDTH):
        k = data[o]
        if k in (TRY, REJECT):
            continue
        if k in (PLACE, DEEPER):
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
            stack.pop()
            counts[NODES] -= 1
            counts[DEPTH] -= 1
            if k == DEEPER:
                counts[MAX_DEPTH] -= 1
        elif k == UNDO:
            cell = (data[o + 1] - 49) * 9 + data[o + 2] - 49
            board[cell] = data[o + 3]
            stack.append(cell * 16 + data[o + 3] - ZERO)
            counts[BACKTRACKS] -= 1
            counts[DEPTH] += 1
        elif k == FORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
            counts[FORCED] -= 1
        elif k == UNFORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = data[o + 3] + FORCED_SHIFT
        elif k in RECORDED:
            write_backward(cursor, data, o)


def write_forward(cursor: Cursor, data: bytes, o: int) -> None:
    """Play the recorded write at offset ``o`` (``w``, ``W``, ``e``: src/web/recorded.py)."""
    board, counts, stack = cursor.board, cursor.counts, cursor.stack
    k, cell = data[o], (data[o + 1] - 49) * 9 + data[o + 2] - 49
    if k == ERASE:
        board[cell] = DOT
        counts[BACKTRACKS] += 1
        if data[o + 5] != DOT:
            stack.pop(slot_at(data, o))
            counts[DEPTH] -= 1
        return
    board[cell] = data[o + 3]
    counts[NODES] += 1
    if data[o + 5] != DOT:
        stack[slot_at(data, o)] = cell * 16 + data[o + 3] - ZERO
        return
    stack.append(cell * 16 + data[o + 3] - ZERO)
    counts[DEPTH] += 1
    if k == WRITE_DEEPER:
        counts[MAX_DEPTH] += 1


def write_backward(cursor: Cursor, data: bytes, o: int) -> None:
    """Take back the recorded write at offset ``o`` (``write_forward``'s inverse)."""
    board, counts, stack = cursor.board, cursor.counts, cursor.stack
    k, cell = data[o], (data[o + 1] - 49) * 9 + data[o + 2] - 49
    if k == ERASE:
        board[cell] = data[o + 3]
        counts[BACKTRACKS] -= 1
        if data[o + 5] != DOT:
            stack.insert(slot_at(data, o), cell * 16 + data[o + 3] - ZERO)
            counts[DEPTH] += 1
        return
    board[cell] = data[o + 4]
    counts[NODES] -= 1
    if data[o + 5] != DOT:
        stack[slot_at(data, o)] = cell * 16 + data[o + 4] - ZERO
        return
    stack.pop()
    counts[DEPTH] -= 1
    if k == WRITE_DEEPER:
        counts[MAX_DEPTH] -= 1
