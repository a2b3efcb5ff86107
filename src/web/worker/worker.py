"""The solver worker: the core package behind a few coarse calls (the widget's, and the
app's with ``app.py``'s own).

Runs in a PyScript worker on MicroPython, never on the page's main thread, so a long
search cannot freeze the page. It is written for every interpreter: no ``typing`` at run
time (annotations naming ``Any`` are quoted: MicroPython never evaluates them), the clock
from ``sudoku.compat``, nothing of ``document`` (a worker has none without
SharedArrayBuffer, which GitHub Pages cannot enable); so it also runs in CPython (tests).

Every call takes text and small numbers (the board as the core's grid, 81 characters with
"." for blanks; any shape ``formats.parse`` reads is taken) and answers one JSON text,
typed in ``contract.py`` (the page's ``client.Solver`` has one method per call). Bad
input comes back as ``Failure`` (``{"error": message}``), never as a traceback.

**Solving in slices, so that Stop stops.** A worker runs one call at a time:
while a search runs (seconds, for the worst puzzles), every other call waits, and the
page cannot end it. So a search comes in slices of about ``SLICE_MS`` (40 ms) of work;
between two of them the worker is free, and a page stops a search by no longer asking
for the next slice:

1. ``analyze_start(board, limit=2)`` checks the board and runs the first slice. It
   answers at once, with no job, a ``Failure`` for a board that does not read or a bad
   limit, and the "conflict" ``Verdict`` when givens clash. Otherwise it has made a job
   and answers either with its ``Verdict`` (the search ended within the slice; ``ms`` is
   the search time of all its slices) or with ``Progress`` (the guesses placed and the
   ms searched so far: the search is paused, call ``analyze_more(job)`` to go on).
2. ``analyze_more(job)`` runs the job for one more slice and answers as above. A job
   that is not running (ended, stopped, dropped, never started) is a ``Failure``.
3. ``analyze_stop(job)`` drops the job: ``Stopped``. A page that simply stops calling
   leaves the job paused; only the ``MAX_JOBS`` (4) newest are kept, the oldest dropped
   when another starts, so an abandoned search costs memory for a while, never time.

A page tells a verdict from progress by its ``"verdict"`` key; ids only grow, so an
answer for a job the page has given up can be recognised and ignored.
"""

import sys

import wire
from contract import WidgetCalls, calls, failure, followed, reply, wire_text

from sudoku import formats
from sudoku.compat import ms_since, ticks
from sudoku.formats import to_json, to_line
from sudoku.grid import cell_name, unit_name
from sudoku.solver import Search
from sudoku.tracing import source, trace
from sudoku.validate import conflicts, describe
from sudoku.words import VERDICTS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, TypedDict, TypeVar

    from contract import (
        Answer,
        Closed,
        Conflict,
        Counted,
        Exported,
        Opened,
        Parsed,
        Progress,
        Ready,
        Recorded,
        Stopped,
        Verdict,
        WireText,
    )

    from sudoku.solver import Analysis
    from sudoku.tracing import Event

    class Job(TypedDict):
        """A search in slices (``jobs``)."""

        search: Search
        ms: float
        """The ms it ran so far, in all its slices."""

    class Session(TypedDict):
        """An open trace (``sessions``)."""

        events: Iterator[Event] | None
        """Our strategy's events (None for a recorded run: ``trace_record``)."""
        page: Callable[[int], tuple[str, list[int] | None]]
        """Makes the next page: up to ``count`` events as the wire's text, and the line of
        the reader's code behind each (None for our strategies)."""
        cursor: wire.Cursor | None
        """Where its pages got to; None once counted (``trace_count``): no more pages."""
        counts: list[int]
        step: int
        done: bool
        used: int
        """When it was last opened, pulled or counted (``touch``): the least recent goes first."""


def conflict_list(grid: str) -> "list[Conflict]":
    """Conflicting givens as data the page can paint: both cells, digit, unit, message."""
    return [
        {
            "cells": [cell_name(c.first), cell_name(c.second)],
            "digit": c.digit,
            "unit": unit_name(c.unit),
            "message": describe(c),
        }
        for c in conflicts(grid)
    ]


def ready() -> "Answer[Ready]":
    """Prove the worker imported the core: the Python it runs on, by name and version
    ("MicroPython 1.27.0", "CPython 3.14.2")."""
    name = {"micropython": "MicroPython", "cpython": "CPython"}.get(sys.implementation.name)
    version = ".".join([str(part) for part in sys.implementation.version[:3]])
    answer: Ready = {
        "python": f"{name or sys.implementation.name} {version}",
        "platform": sys.platform,
    }
    return reply(answer)


def parse(text: "Any") -> "Answer[Parsed]":
    """Any shape the core reads (81 chars, grid art, LeetCode JSON) as the core's grid."""
    try:
        grid = formats.parse(text)
    except formats.PuzzleError as error:
        return failure(str(error))
    answer: Parsed = {"grid": grid}
    return reply(answer)


def checked(board: "Any") -> "tuple[str, Answer[Verdict] | None]":
    """The board's grid and None, or "" and the answer to give instead: ``{"error"}`` for
    a board that does not read, the "conflict" verdict (with the conflicts) when givens
    clash."""
    try:
        grid = formats.parse(board)
    except formats.PuzzleError as error:
        return "", failure(str(error))
    found = conflict_list(grid)
    if found:
        clash: Verdict = {
            "verdict": "conflict",
            "solutions": 0,
            "solution": None,
            "nodes": 0,
            "ms": 0.0,
            "conflicts": found,
        }
        return "", reply(clash)
    return grid, None


def verdict(result: "Analysis", ms: float, job: int = 0) -> "Answer[Verdict]":
    """The final answer of a search: verdict, count, one solution, nodes, ms; the job's
    id when it ran in slices (``job``, not 0)."""
    solution = result["solution"]
    answer: Verdict = {
        "verdict": VERDICTS[min(result["solutions"], 2)],
        "solutions": result["solutions"],
        "solution": solution or None,
        "nodes": result["nodes"],
        "ms": round(ms, 3),
        "conflicts": [],
    }
    if job:
        answer["job"] = job
    return reply(answer)


# -- the same search in slices: a page can stop it ----------------------------------------

SLICE_MS = 40
"""Work per call of ``analyze_start``/``analyze_more``: a search runs this long, then
answers, so a page that stops calling ends it at once and a new request never waits."""

SLICE_NODES = 64
"""Nodes run between two looks at the clock: a small part of a slice in every interpreter."""

MAX_JOBS = 4
"""Searches kept at once; starting another drops the oldest (a page that stops calling
leaves its job behind: this bounds them)."""

jobs: "dict[int, Job]" = {}
"""Running searches by id: the ``sudoku.solver.Search`` and the ms it ran so far."""

last_job = 0
"""The id given to the latest job (ids are never reused)."""


def work(key: int, job: "Job") -> "Answer[Verdict | Progress]":
    """Run a job for one slice: its verdict if it ended (the job is dropped), else the
    progress answer ``{"job", "nodes", "ms"}``."""
    search = job["search"]
    start = ticks()
    while not search.run(SLICE_NODES):
        elapsed = ms_since(start)
        if elapsed >= SLICE_MS:
            job["ms"] += elapsed
            progress: Progress = {"job": key, "nodes": search.nodes, "ms": round(job["ms"], 3)}
            return reply(progress)
    jobs.pop(key, None)
    return verdict(search.result(), job["ms"] + ms_since(start), job=key)


def analyze_start(board: "Any", limit: "Any" = 2) -> "Answer[Verdict | Progress]":
    """Start the search ``analyze`` makes, and run its first slice (see ``analyze_more``).

    Answers as ``analyze`` does when the search ends within the slice (its verdict, with
    ``job``), when the givens clash (``{"verdict": "conflict", ...}``, no job) or the
    board does not read (``{"error"}``); else ``{"job": id, "nodes": n, "ms": t}``: the
    search goes on when ``analyze_more(id)`` is called.
    """
    global last_job  # noqa: PLW0603 (the worker's one counter)
    grid, answer = checked(board)
    if answer is not None:
        return answer
    try:
        search = Search(grid, int(limit))
    except (TypeError, ValueError) as error:
        return failure(str(error))
    last_job += 1
    jobs[last_job] = {"search": search, "ms": 0.0}
    for old in sorted(jobs)[:-MAX_JOBS]:
        del jobs[old]
    return work(last_job, jobs[last_job])


def analyze_more(key: "Any") -> "Answer[Verdict | Progress]":
    """Run a started search for one more slice: its verdict when it ends, else progress.

    The verdict is ``analyze``'s answer plus ``job``; progress is ``{"job", "nodes",
    "ms"}`` (nodes placed and ms searched so far, in all slices): call again. A job that
    ended, was stopped or dropped answers ``{"error"}``.
    """
    job = jobs.get(int(key))
    if job is None:
        return failure(f"no search {key} to run: it ended, was stopped or never started")
    return work(int(key), job)


def analyze_stop(key: "Any") -> "Answer[Stopped]":
    """Drop a started search: ``{"stopped": true}``, false when it had already ended."""
    answer: Stopped = {"stopped": jobs.pop(int(key), None) is not None}
    return reply(answer)


def export(board: "Any") -> "Answer[Exported]":
    """The board as an 81-char line and as LeetCode JSON text."""
    try:
        grid = formats.parse(board)
    except formats.PuzzleError as error:
        return failure(str(error))
    answer: Exported = {"line": to_line(grid), "json": to_json(grid)}
    return reply(answer)


# -- the teaching search, paged as compact events (the step-through player) ------------

TRACE_PAGE = 1000
"""Events per page: the player keeps one checkpoint per page and replays within a page
(1,000 makes the player's 500,000 kept steps a whole number of pages). A widget is
playable once its first page is in, and the ten widgets of a post wait for one worker,
so a page is small; the player asks for several pages at a time once it plays
(src/web/page/player/feed.py)."""

MAX_SESSIONS = 40
"""Traces kept at once; opening another drops the one used least recently (cancelling =
not pulling). The widgets of a blog post share one worker (static/js/widget.js), each
with its trace and compare mode's three: 40 is four for each of ten widgets."""

sessions: "dict[int, Session]" = {}
"""Open traces by id: the generator, and the board, open guesses and counters so far."""

uses = [0, 0]
"""The last session id given, and the last use (``touch``): both only grow."""


def touch(session: "Session") -> "Session":
    """Note that ``session`` was just used (the least recently used is dropped first)."""
    uses[1] += 1
    session["used"] = uses[1]
    return session


def upto(events: "Iterator[Event]", count: int) -> "Iterator[Event]":
    """The next ``count`` events (fewer at the end): ``itertools.islice``, which in
    MicroPython turns the end of a trace into "RuntimeError: generator raised StopIteration"."""
    if count <= 0:
        return
    for event in events:
        yield event
        count -= 1
        if count == 0:
            return


def counters(event: "Event") -> list[int]:
    """An event's running counters: nodes, backtracks, depth, max_depth, forced."""
    return [
        event["nodes"],
        event["backtracks"],
        event["depth"],
        event["max_depth"],
        event.get("forced", 0),
    ]


def trace_start(board: "Any", strategy: "Any", first: "Any" = False) -> "Answer[Opened]":
    """Open a trace of the board by ``strategy``: its id, grid, and the strategy's source.

    ``lines`` maps each event kind to its 1-based line in ``source``; ``page`` is the
    events per page of ``trace_pull``. Bad input (puzzle or strategy): ``{"error"}``.
    ``first``: the trace's first page comes with it (``opening``), one call where two in
    a row went before a player could play. The one ``open_early`` made for these very
    arguments is answered, once.
    """
    made = early.pop((str(board), str(strategy)), None) if first else None
    if made is not None:
        return made
    try:
        grid = formats.parse(board)
        text, lines = source(strategy)
    except ValueError as error:  # PuzzleError included: the message names what is wrong
        return failure(str(error))
    events, last = trace(grid, strategy), [0, 0]

    def page(count: int) -> "tuple[str, list[int] | None]":
        return "".join([wire.encode(event, last) for event in upto(events, count)]), None

    key = open_session(grid, events, page)
    answer: Opened = {
        "session": key,
        "grid": grid,
        "strategy": strategy,
        "source": text,
        "lines": lines,
        "page": TRACE_PAGE,
    }
    return opening(reply(answer), key, first)


def opening(answer: "Answer[T]", key: int, first: bool) -> "Answer[T]":
    """An opened trace's answer (``Opened``'s or ``Recorded``'s JSON, one line), and with
    ``first`` a newline and its first page as ``trace_pull`` sends it (client.opened
    reads both)."""
    return followed(answer, trace_pull(key, 1)) if first else answer


early: "dict[tuple[str, str], Answer[Opened]]" = {}
"""``trace_start``'s answer with its first page, made before the page asked for it
(``open_early``), by its board and strategy."""


def open_early(board: str, strategy: str) -> None:
    """Open the trace the widget's page is about to ask for (``trace_start`` with
    ``first``), while the page's own Python still starts: static/js/widget.js passes the
    URL's puzzle and strategy in the worker's config, and the worker's script calls this
    before it answers anything. The page then finds it made (worker and page start side
    by side); other arguments simply open their own. Only the newest is kept."""
    early.clear()
    early[(board, strategy)] = trace_start(board, strategy, first=True)


def open_session(
    grid: str,
    events: "Iterator[Event] | None",
    page: "Callable[[int], tuple[str, list[int] | None]]",
) -> int:
    """Keep a new trace of ``grid`` (see ``Session``), dropping the least recently used
    past ``MAX_SESSIONS``; its id."""
    uses[0] += 1
    key = uses[0]
    sessions[key] = touch(
        {
            "events": events,
            "page": page,
            "cursor": wire.Cursor(grid),
            "counts": [0, 0, 0, 0, 0],
            "step": 0,
            "done": False,
            "used": 0,
        }
    )
    for old in sorted(sessions, key=lambda k: sessions[k]["used"])[:-MAX_SESSIONS]:
        del sessions[old]
    return key


def trace_record(text: "Any", first: "Any" = False) -> "Answer[Recorded]":
    """Open a trace of a recorded run of a reader's own code (``sudoku.recording``'s
    text), played by ``trace_pull`` as ``trace_start``'s are (``first`` too): the contract
    is src/web/recorded.py's. A recording that cannot play is a ``Failure``."""
    import recorded  # noqa: PLC0415 (only a widget playing a recording loads it)

    opened = recorded.session(str(text))
    if isinstance(opened, str):
        return failure(opened)
    found, page = opened
    key = open_session(found["puzzle"], None, page)
    return opening(reply(recorded.answer(found, key, TRACE_PAGE)), key, first)


def trace_pull(key: "Any", pages: "Any" = 1) -> "Answer[WireText]":
    """The next ``pages`` pages of a trace, in the wire's format (``wire.answer``):
    one checkpoint per page, every page ``TRACE_PAGE`` events but the last.

    The worker plays each page on its own cursor (``wire.forward``, as the player does)
    to write the next page's checkpoint. An unknown (or dropped) session answers
    ``{"error"}``.
    """
    session = sessions.get(int(key))
    cursor = session and session["cursor"]
    if session is None or cursor is None:
        return failure(f"no trace {key} to pull: closed, counted or never opened")
    touch(session)
    heads, chunks = [], []
    for _ in range(int(pages)):
        if session["done"]:
            break
        head = wire.checkpoint(cursor)
        page, lines = session["page"](TRACE_PAGE)
        if lines is not None:
            head["lines"] = lines
        data = page.encode()
        wire.forward(cursor, data, 0, len(data))
        cursor.pos += len(page) // wire.WIDTH
        session["done"] = len(page) < TRACE_PAGE * wire.WIDTH or page[-wire.WIDTH] in "Sx"
        if page:
            heads.append(head)
            chunks.append(page)
    session["step"] = cursor.pos
    return wire_text(wire.answer(heads, "".join(chunks), session["done"], cursor))


def trace_count(key: "Any", limit: "Any") -> "Answer[Counted]":
    """Run a trace on by up to ``limit`` events, unseen: its steps, counters, outcome.

    For compare mode, which wants only the totals (``outcome`` is "solved",
    "exhausted", or "" while the search goes on). A counted trace cannot be pulled.
    """
    session = sessions.get(int(key))
    if session is None or session["events"] is None:
        return failure(f"no trace {key} to count: closed, recorded or never opened")
    touch(session)["cursor"] = None
    last = None
    for last in upto(session["events"], int(limit)):  # noqa: B007 (the last one counts)
        session["step"] += 1
    outcome = last["kind"] if last and last["kind"] in {"solved", "exhausted"} else ""
    if last:
        session["counts"] = counters(last)
    session["done"] = bool(outcome) or last is None
    nodes, backtracks, _, max_depth, forced = session["counts"]
    answer: Counted = {
        "steps": session["step"],
        "nodes": nodes,
        "backtracks": backtracks,
        "max_depth": max_depth,
        "forced": forced,
        "outcome": outcome,
        "done": session["done"],
    }
    return reply(answer)


def trace_stop(key: "Any") -> "Answer[Closed]":
    """Close a trace (its generator is dropped): ``{"closed": bool}``."""
    answer: Closed = {"closed": sessions.pop(int(key), None) is not None}
    return reply(answer)


__export__ = calls(WidgetCalls)
"""The calls PyScript exports: the widget's, as ``contract.WidgetCalls`` declares them."""

if TYPE_CHECKING:
    import worker as this

    T = TypeVar("T")
    conforms: WidgetCalls = this  # mypy: this module makes every call, as declared
