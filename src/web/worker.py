"""The solver worker: the core package behind a few coarse, JSON-sized calls.

Runs in a PyScript worker, never on the page's main thread, so a long search cannot
freeze the page: Pyodide in the app (index.html: the fast solver and the verdict at
CPython's speed), MicroPython in the widget (embed.html: the teaching search only, and
no Pyodide download for a blog's reader). So it is written for both: no ``typing`` at
run time (annotations naming ``Any`` are quoted: MicroPython never evaluates them), and
the clock comes from ``sudoku.compat``.

Every call takes plain values (the board in the LeetCode shape,
``list[list[str]]`` with ``"."`` for blanks: what ``Solution().solveSudoku`` takes) and
returns one JSON text: it crosses the worker boundary and MicroPython's FFI unchanged,
whatever either side's proxy rules are. Bad input comes back as ``{"error": message}``,
never as a traceback. Nothing here touches ``document`` (a worker has none without
SharedArrayBuffer, which GitHub Pages cannot enable), so it also runs in CPython.
"""

import json
import sys

import sudoku
from sudoku.compat import ms_since, ticks
from sudoku.trace import source

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

VERDICTS = ("none", "unique", "multiple")
"""Verdict by number of solutions found, capped at 2."""


def plain(value: "Any") -> "Any":
    """A JS value from the page as Python data (a ``JsProxy`` in Pyodide; as is in CPython)."""
    to_py = getattr(value, "to_py", None)
    return to_py() if to_py else value


def reply(**fields: "Any") -> str:
    """One answer as JSON text."""
    return json.dumps(fields, separators=(",", ":"))


def conflict_list(grid: str) -> "list[dict[str, Any]]":
    """Conflicting givens as data the page can paint: both cells, digit, unit, message."""
    return [
        {
            "cells": [sudoku.cell_name(c.first), sudoku.cell_name(c.second)],
            "digit": c.digit,
            "unit": sudoku.unit_name(c.unit),
            "message": sudoku.describe(c),
        }
        for c in sudoku.conflicts(grid)
    ]


def ready() -> str:
    """Prove the worker imported the core: the Python it runs on."""
    return reply(python=sys.version.split()[0], platform=sys.platform)


def parse(text: str) -> str:
    """Any shape the core reads (81 chars, grid art, LeetCode JSON) -> ``{"board"}`` or error."""
    try:
        grid = sudoku.parse(plain(text))
    except sudoku.PuzzleError as error:
        return reply(error=str(error))
    return reply(board=sudoku.to_leetcode(grid), grid=grid)


def conflicts(board: "Any") -> str:
    """``{"conflicts": [...]}`` for the board's givens (empty when they agree), or error."""
    try:
        grid = sudoku.parse(plain(board))
    except sudoku.PuzzleError as error:
        return reply(error=str(error))
    return reply(conflicts=conflict_list(grid))


def analyze(board: "Any", limit: int = 2) -> str:
    """Solve and count solutions up to ``limit``: verdict, one solution, nodes, ms.

    ``verdict`` is "conflict" when givens clash (with the conflicts), else "none",
    "unique" or "multiple" (then ``solution`` is one of them). ``ms`` is the time the
    search took in this interpreter, the browser's figure the page shows.
    """
    try:
        grid = sudoku.parse(plain(board))
    except sudoku.PuzzleError as error:
        return reply(error=str(error))
    found = conflict_list(grid)
    if found:
        return reply(verdict="conflict", conflicts=found, solution=None, nodes=0, ms=0.0)
    start = ticks()
    result = sudoku.analyze(grid, limit=int(limit))
    ms = ms_since(start)
    solution = result["solution"]
    return reply(
        verdict=VERDICTS[min(result["solutions"], 2)],
        solutions=result["solutions"],
        solution=sudoku.to_leetcode(solution) if solution else None,
        nodes=result["nodes"],
        ms=round(ms, 3),
        conflicts=[],
    )


def export(board: "Any") -> str:
    """The board as an 81-char line and as LeetCode JSON text."""
    try:
        grid = sudoku.parse(plain(board))
    except sudoku.PuzzleError as error:
        return reply(error=str(error))
    return reply(line=sudoku.to_line(grid), json=sudoku.to_json(grid))


# -- the teaching search, paged as compact events (the step-through player) ------------

TRACE_PAGE = 4000
"""Events per page: the player keeps one checkpoint per page and replays within a page
(4,000 makes the player's 500,000 kept steps a whole number of pages)."""

MAX_SESSIONS = 4
"""Traces kept at once; opening another drops the oldest (cancelling = not pulling)."""

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
"""One letter per event kind, with two refinements: a ``place`` that deepens ``max_depth``
is "P", an ``undo`` of a forced digit (not a backtrack) is "v". Every counter then
follows from the letters alone, forward and backward."""

CELLS = {name: (i, name[1] + name[3]) for i, name in enumerate(map(sudoku.cell_name, range(81)))}
"""``r3c5`` -> (22, ``35``): the board index and the two-digit code of each cell."""

NO_CELL = (-1, "..")

UNIT_CODES = {name: name[0] + name[-1] for name in map(sudoku.unit_name, range(27))}
"""``row 3`` -> ``r3``, ``column 5`` -> ``c5``, ``box 9`` -> ``b9``."""

FORCED = {digit: "abcdefghi"[i] for i, digit in enumerate("123456789")}
"""How a checkpoint's board writes a forced digit (a given or a guess stays a digit)."""

sessions: "dict[int, dict[str, Any]]" = {}
"""Open traces by id: the generator, and the board, open guesses and counters so far."""


def upto(events: "Iterator[Any]", count: int) -> "Iterator[Any]":
    """The next ``count`` events (fewer at the end): ``itertools.islice``, which in
    MicroPython turns the end of a trace into "RuntimeError: generator raised StopIteration"."""
    if count <= 0:
        return
    for event in events:
        yield event
        count -= 1
        if count == 0:
            return


def counters(event: "dict[str, Any]") -> list[int]:
    """An event's running counters: nodes, backtracks, depth, max_depth, forced."""
    return [
        event["nodes"],
        event["backtracks"],
        event["depth"],
        event["max_depth"],
        event.get("forced", 0),
    ]


def trace_start(board: "Any", strategy: str) -> str:
    """Open a trace of the board by ``strategy``: its id, grid, and the strategy's source.

    ``lines`` maps each event kind to its 1-based line in ``source``; ``page`` is the
    events per page of ``trace_pull``. Bad input (puzzle or strategy): ``{"error"}``.
    """
    strategy = plain(strategy)
    try:
        grid = sudoku.parse(plain(board))
        text, lines = source(strategy)
    except ValueError as error:  # PuzzleError included: the message names what is wrong
        return reply(error=str(error))
    key = max(sessions, default=0) + 1
    sessions[key] = {
        "events": sudoku.trace(grid, strategy),
        "cells": list(grid),
        "stack": [],
        "counts": [0, 0, 0, 0, 0],
        "step": 0,
        "done": False,
    }
    for old in sorted(sessions)[:-MAX_SESSIONS]:
        del sessions[old]
    return reply(
        session=key, grid=grid, strategy=strategy, source=text, lines=lines, page=TRACE_PAGE
    )


def encode(session: "dict[str, Any]", event: "dict[str, Any]") -> str:
    """One event as 8 characters: kind, cell, digit, peer, unit (dots where none).

    Also plays it on the session's board and open-guess stack, for the next checkpoint.
    """
    kind, counts, cells = event["kind"], session["counts"], session["cells"]
    index, cell = CELLS.get(event.get("cell", ""), NO_CELL)
    digit = event.get("digit", ".")
    code = KIND_CODES[kind]
    if kind == "place":
        code = "P" if event["max_depth"] > counts[3] else code
        cells[index] = digit
        session["stack"].append(cell + digit)
    elif kind == "force":
        cells[index] = FORCED[digit]
    elif kind == "undo":
        cells[index] = "."
        if event["backtracks"] > counts[1]:
            session["stack"].pop()
        else:
            code = "v"
    session["counts"] = counters(event)
    peer = CELLS.get(event.get("peer", ""), NO_CELL)[1]
    return code + cell + digit + peer + UNIT_CODES.get(event.get("unit", ""), "..")


def trace_pull(key: int, pages: int = 1) -> str:
    """The next ``pages`` pages of a trace: one JSON header line, then the events.

    The header: ``{"pages": [{"start", "board", "counts", "stack"}, ...], "done",
    "steps"}``, one checkpoint per page (the step it starts at, the board then with
    forced digits as ``a``-``i``, the counters, the open guesses as cell+digit codes).
    After the newline come the pages' events, 8 characters each (``encode``), every
    page ``TRACE_PAGE`` events but the last. Raw text, not JSON, after the header:
    MicroPython's ``json.loads`` of a 100 kB string takes ~25 ms, a split ~0.3 ms.
    An unknown (or dropped) session answers ``{"error"}``.
    """
    session = sessions.get(int(key))
    if session is None or session["cells"] is None:
        return reply(error=f"no trace {key} to pull: closed, counted or never opened")
    heads, chunks = [], []
    for _ in range(int(pages)):
        if session["done"]:
            break
        head = {
            "start": session["step"],
            "board": "".join(session["cells"]),
            "counts": session["counts"],
            "stack": "".join(session["stack"]),
        }
        page = [encode(session, event) for event in upto(session["events"], TRACE_PAGE)]
        session["step"] += len(page)
        session["done"] = len(page) < TRACE_PAGE or page[-1][0] in "Sx"
        if page:
            heads.append(head)
            chunks.append("".join(page))
    header = reply(pages=heads, done=session["done"], steps=session["step"])
    return header + "\n" + "".join(chunks)


def trace_count(key: int, limit: int) -> str:
    """Run a trace on by up to ``limit`` events, unseen: its steps, counters, outcome.

    For compare mode, which wants only the totals (``outcome`` is "solved",
    "exhausted", or "" while the search goes on). A counted trace cannot be pulled.
    """
    session = sessions.get(int(key))
    if session is None:
        return reply(error=f"no trace {key}: it was closed or never opened")
    session["cells"] = None
    last = None
    for last in upto(session["events"], int(limit)):  # noqa: B007 (the last one counts)
        session["step"] += 1
    outcome = last["kind"] if last and last["kind"] in {"solved", "exhausted"} else ""
    if last:
        session["counts"] = counters(last)
    session["done"] = bool(outcome) or last is None
    nodes, backtracks, _, max_depth, forced = session["counts"]
    return reply(
        steps=session["step"],
        nodes=nodes,
        backtracks=backtracks,
        max_depth=max_depth,
        forced=forced,
        outcome=outcome,
        done=session["done"],
    )


def trace_stop(key: int) -> str:
    """Close a trace (its generator is dropped): ``{"closed": bool}``."""
    return reply(closed=sessions.pop(int(key), None) is not None)


__export__ = [
    "analyze",
    "conflicts",
    "export",
    "parse",
    "ready",
    "trace_count",
    "trace_pull",
    "trace_start",
    "trace_stop",
]
