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

**Solving in slices, so that Stop stops** (issue 11). A worker runs one call at a time:
while ``analyze`` searches (seconds, for the worst puzzles), every other call waits, and
the page cannot end it. So the same search also comes in slices of about ``SLICE_MS``
(40 ms) of work; between two of them the worker is free, and a page stops a search by
no longer asking for the next slice. The protocol, answers as JSON text:

1. ``analyze_start(board, limit=2)`` checks the board and runs the first slice. It
   answers at once, with no job, ``{"error": message}`` for a board that does not read
   or a bad limit, and ``{"verdict": "conflict", "conflicts": [...], "solution": null,
   "nodes": 0, "ms": 0.0}`` when givens clash (as ``analyze``). Otherwise it has made a
   job and answers either with the *verdict* (the search ended within the slice) or
   with *progress*:

   - verdict: ``{"verdict": "none" | "unique" | "multiple", "solutions": n,
     "solution": board | null, "nodes": n, "ms": t, "conflicts": [], "job": id}``,
     ``analyze``'s answer plus the job's id; ``ms`` is the search time of all its slices;
   - progress: ``{"job": id, "nodes": n, "ms": t}``, the guesses placed and the ms
     searched so far: the search is paused, call ``analyze_more(id)`` to go on.

2. ``analyze_more(id)`` runs the job for one more slice and answers as above: the
   verdict (the job is then gone) or progress. An id that is not running (ended,
   stopped, dropped, never started) answers ``{"error": message}``.
3. ``analyze_stop(id)`` drops the job: ``{"stopped": true}``, or ``{"stopped": false}``
   when there was none (it had ended or was dropped). A page that simply stops calling
   leaves the job paused; only the ``MAX_JOBS`` (4) newest are kept, the oldest dropped
   when another starts, so an abandoned search costs memory for a while, never time.

A page tells a verdict from progress by its ``"verdict"`` key; ids only grow, so an
answer for a job the page has given up can be recognised and ignored. ``analyze``
itself still runs a whole search in one call.
"""

import json
import sys

import wire

from sudoku import formats, solver
from sudoku.compat import ms_since, ticks
from sudoku.formats import PuzzleError, to_json, to_leetcode, to_line
from sudoku.grid import UNITS, cell_name, unit_name
from sudoku.solver import Search
from sudoku.tracing import source, trace
from sudoku.validate import conflicts, describe
from sudoku.words import VERDICTS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, TypedDict

    from sudoku.solver import Analysis
    from sudoku.tracing import Event

    class Job(TypedDict):
        """A search in slices (``jobs``)."""

        search: Search
        ms: float
        """The ms it ran so far, in all its slices."""

    class Session(TypedDict):
        """An open trace (``sessions``)."""

        events: Iterator[Event]
        cursor: wire.Cursor | None
        """Where its pages got to; None once counted (``trace_count``): no more pages."""
        last: list[int]
        """``wire.encode``'s ``[max_depth, backtracks]`` so far."""
        counts: list[int]
        step: int
        done: bool


def plain(value: "Any") -> "Any":
    """A JS value from the page as Python data (a ``JsProxy`` in Pyodide; as is in CPython).

    JS ``null`` comes out of Pyodide as its ``jsnull``, not None: as a board, a row or a
    cell it becomes None, so the reader's message says what CPython's would ("found
    None"). Deeper levels are left alone (no board has them, and the reader refuses them).
    """
    to_py = getattr(value, "to_py", None)
    return nulls_as_none(to_py() if to_py else value, 2)


def nulls_as_none(value: "Any", levels: int) -> "Any":
    """``value`` with JS nulls as None, itself and down ``levels`` levels of lists."""
    if type(value).__name__ == "JsNull":
        return None
    if levels and isinstance(value, list):
        return [nulls_as_none(item, levels - 1) for item in value]
    return value


def reply(**fields: "Any") -> str:
    """One answer as JSON text."""
    return json.dumps(fields, separators=(",", ":"))


def conflict_list(grid: str) -> "list[dict[str, Any]]":
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


def ready() -> str:
    """Prove the worker imported the core: the Python it runs on."""
    return reply(python=sys.version.split()[0], platform=sys.platform)


def parse(text: str) -> str:
    """Any shape the core reads (81 chars, grid art, LeetCode JSON) -> ``{"board"}`` or error."""
    try:
        grid = formats.parse(plain(text))
    except formats.PuzzleError as error:
        return reply(error=str(error))
    return reply(board=to_leetcode(grid), grid=grid)


def checked(board: "Any") -> "tuple[str | None, str]":
    """The board's grid, or None and the answer to give instead: ``{"error"}`` for a board
    that does not read, the "conflict" verdict (with the conflicts) when givens clash."""
    try:
        grid = formats.parse(plain(board))
    except formats.PuzzleError as error:
        return None, reply(error=str(error))
    found = conflict_list(grid)
    if found:
        return None, reply(verdict="conflict", conflicts=found, solution=None, nodes=0, ms=0.0)
    return grid, ""


def verdict(result: "Analysis", ms: float, **more: "Any") -> str:
    """The final answer of a search: verdict, count, one solution, nodes, ms."""
    solution = result["solution"]
    return reply(
        verdict=VERDICTS[min(result["solutions"], 2)],
        solutions=result["solutions"],
        solution=to_leetcode(solution) if solution else None,
        nodes=result["nodes"],
        ms=round(ms, 3),
        conflicts=[],
        **more,
    )


def analyze(board: "Any", limit: int = 2) -> str:
    """Solve and count solutions up to ``limit``: verdict, one solution, nodes, ms.

    ``verdict`` is "conflict" when givens clash (with the conflicts), else "none",
    "unique" or "multiple" (then ``solution`` is one of them). ``ms`` is the time the
    search took in this interpreter, the browser's figure the page shows. One call runs
    the whole search: a page that wants to stop it uses ``analyze_start`` instead.
    """
    grid, answer = checked(board)
    if grid is None:
        return answer
    start = ticks()
    result = solver.analyze(grid, limit=int(limit))
    return verdict(result, ms_since(start))


# -- the same search in slices: a page can stop it (issue 11) --------------------------

SLICE_MS = 40
"""Work per call of ``analyze_start``/``analyze_more``: a search runs this long, then
answers, so a page that stops calling ends it at once and a new request never waits."""

SLICE_NODES = 64
"""Nodes run between two looks at the clock: ~1 ms in CPython, ~3 in Pyodide."""

MAX_JOBS = 4
"""Searches kept at once; starting another drops the oldest (a page that stops calling
leaves its job behind: this bounds them)."""

jobs: "dict[int, Job]" = {}
"""Running searches by id: the ``sudoku.solver.Search`` and the ms it ran so far."""

last_job = 0
"""The id given to the latest job (ids are never reused)."""


def work(key: int, job: "Job") -> str:
    """Run a job for one slice: its verdict if it ended (the job is dropped), else the
    progress answer ``{"job", "nodes", "ms"}``."""
    search = job["search"]
    start = ticks()
    while not search.run(SLICE_NODES):
        elapsed = ms_since(start)
        if elapsed >= SLICE_MS:
            job["ms"] += elapsed
            return reply(job=key, nodes=search.nodes, ms=round(job["ms"], 3))
    jobs.pop(key, None)
    return verdict(search.result(), job["ms"] + ms_since(start), job=key)


def analyze_start(board: "Any", limit: int = 2) -> str:
    """Start the search ``analyze`` makes, and run its first slice (see ``analyze_more``).

    Answers as ``analyze`` does when the search ends within the slice (its verdict, with
    ``job``), when the givens clash (``{"verdict": "conflict", ...}``, no job) or the
    board does not read (``{"error"}``); else ``{"job": id, "nodes": n, "ms": t}``: the
    search goes on when ``analyze_more(id)`` is called.
    """
    global last_job  # noqa: PLW0603 (the worker's one counter)
    grid, answer = checked(board)
    if grid is None:
        return answer
    try:
        search = Search(grid, int(limit))
    except (TypeError, ValueError) as error:
        return reply(error=str(error))
    last_job += 1
    jobs[last_job] = {"search": search, "ms": 0.0}
    for old in sorted(jobs)[:-MAX_JOBS]:
        del jobs[old]
    return work(last_job, jobs[last_job])


def analyze_more(key: int) -> str:
    """Run a started search for one more slice: its verdict when it ends, else progress.

    The verdict is ``analyze``'s answer plus ``job``; progress is ``{"job", "nodes",
    "ms"}`` (nodes placed and ms searched so far, in all slices): call again. A job that
    ended, was stopped or dropped answers ``{"error"}``.
    """
    job = jobs.get(int(key))
    if job is None:
        return reply(error=f"no search {key} to run: it ended, was stopped or never started")
    return work(int(key), job)


def analyze_stop(key: int) -> str:
    """Drop a started search: ``{"stopped": true}``, false when it had already ended."""
    return reply(stopped=jobs.pop(int(key), None) is not None)


def export(board: "Any") -> str:
    """The board as an 81-char line and as LeetCode JSON text."""
    try:
        grid = formats.parse(plain(board))
    except formats.PuzzleError as error:
        return reply(error=str(error))
    return reply(line=to_line(grid), json=to_json(grid))


# -- the teaching search, paged as compact events (the step-through player) ------------

TRACE_PAGE = 4000
"""Events per page: the player keeps one checkpoint per page and replays within a page
(4,000 makes the player's 500,000 kept steps a whole number of pages)."""

MAX_SESSIONS = 4
"""Traces kept at once; opening another drops the oldest (cancelling = not pulling)."""

sessions: "dict[int, Session]" = {}
"""Open traces by id: the generator, and the board, open guesses and counters so far."""


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


def trace_start(board: "Any", strategy: str) -> str:
    """Open a trace of the board by ``strategy``: its id, grid, and the strategy's source.

    ``lines`` maps each event kind to its 1-based line in ``source``; ``page`` is the
    events per page of ``trace_pull``. Bad input (puzzle or strategy): ``{"error"}``.
    """
    strategy = plain(strategy)
    try:
        grid = formats.parse(plain(board))
        text, lines = source(strategy)
    except ValueError as error:  # PuzzleError included: the message names what is wrong
        return reply(error=str(error))
    key = max(sessions, default=0) + 1
    sessions[key] = {
        "events": trace(grid, strategy),
        "cursor": wire.Cursor(grid),
        "last": [0, 0],
        "counts": [0, 0, 0, 0, 0],
        "step": 0,
        "done": False,
    }
    for old in sorted(sessions)[:-MAX_SESSIONS]:
        del sessions[old]
    return reply(
        session=key, grid=grid, strategy=strategy, source=text, lines=lines, page=TRACE_PAGE
    )


def trace_pull(key: int, pages: int = 1) -> str:
    """The next ``pages`` pages of a trace, in the wire's format (``wire.answer``):
    one checkpoint per page, every page ``TRACE_PAGE`` events but the last.

    The worker plays each page on its own cursor (``wire.forward``, as the player does)
    to write the next page's checkpoint. An unknown (or dropped) session answers
    ``{"error"}``.
    """
    session = sessions.get(int(key))
    if session is None or session["cursor"] is None:
        return reply(error=f"no trace {key} to pull: closed, counted or never opened")
    cursor, last = session["cursor"], session["last"]
    heads, chunks = [], []
    for _ in range(int(pages)):
        if session["done"]:
            break
        head = wire.checkpoint(cursor)
        page = "".join([wire.encode(event, last) for event in upto(session["events"], TRACE_PAGE)])
        data = page.encode()
        wire.forward(cursor, data, 0, len(data))
        cursor.pos += len(page) // wire.WIDTH
        session["done"] = len(page) < TRACE_PAGE * wire.WIDTH or page[-wire.WIDTH] in "Sx"
        if page:
            heads.append(head)
            chunks.append(page)
    session["step"] = cursor.pos
    return wire.answer(heads, "".join(chunks), session["done"], cursor.pos)


def trace_count(key: int, limit: int) -> str:
    """Run a trace on by up to ``limit`` events, unseen: its steps, counters, outcome.

    For compare mode, which wants only the totals (``outcome`` is "solved",
    "exhausted", or "" while the search goes on). A counted trace cannot be pulled.
    """
    session = sessions.get(int(key))
    if session is None:
        return reply(error=f"no trace {key}: it was closed or never opened")
    session["cursor"] = None
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


# -- the puzzle companion: hints, checks, new puzzles (issue 14) ------------------------
# ``sudoku.logic`` and ``sudoku.generator`` are imported in the calls that use them: the
# widget's MicroPython worker runs this script too and never calls them, so it never
# compiles them.


def companion_problem(grid: str, givens: str) -> str:
    """Why no logical step can be had from ``grid`` (givens and entries), in words, or ""
    when it has a solution: a conflict, entries that leave none, givens that have none."""
    found = conflict_list(grid)
    if found:
        return f"the board has a conflict ({found[0]['message']}): fix it first"
    if solver.count_solutions(grid, 1):
        return ""
    if grid != givens and solver.count_solutions(givens, 1):
        return (
            "your entries leave the puzzle without a solution, so at least one of them"
            " is wrong: press Check to see which"
        )
    return "this puzzle has no solution: its givens cannot be completed"


def hint(board: "Any", givens: "Any", struck: "Any" = None) -> str:
    """The easiest logical step from the board (givens and entries), as data and words.

    ``struck`` is 81 strings, the candidates hints crossed out so far (each cell's): the
    step is ``sudoku.logic.next_step`` from the candidates the placed digits leave, less
    those. Answers ``{"step": {technique, placements, eliminations, cells, units,
    unit_cells, digits}, "text": logic.say(step)}``, or ``{"problem": kind, "text"}``
    with kind "conflict", "wrong" (entries leave no solution), "none" (the givens have
    none), "full" or "stuck" (no technique applies); ``{"error"}`` for a bad board.
    """
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    try:
        grid = formats.parse(plain(board))
        puzzle = formats.parse(plain(givens))
    except PuzzleError as error:
        return reply(error=str(error))
    problem = companion_problem(grid, puzzle)
    if problem:
        kind = "conflict" if "conflict" in problem else "wrong" if "entries" in problem else "none"
        return reply(problem=kind, text=f"No hint: {problem}.")
    if "." not in grid:
        return reply(problem="full", text="No hint: the board is full, nothing is left to do.")
    marks = logic.marks_of(grid)
    crossed = plain(struck) or []
    if len(crossed) == 81:
        marks = ["".join([d for d in marks[i] if d not in str(crossed[i])]) for i in range(81)]
    step = logic.next_step(grid, marks)
    if step is None:
        where = logic.ending(grid).replace("no technique above", "no technique here")
        return reply(problem="stuck", text=f"No hint: logic is {where}.")
    units = sorted({cell for unit in step.units for cell in UNITS[unit]})
    return reply(
        step={
            "technique": step.technique,
            "placements": [[cell, digit] for cell, digit in step.placements],
            "eliminations": [[cell, digit] for cell, digit in step.eliminations],
            "cells": list(step.cells),
            "units": [unit_name(unit) for unit in step.units],
            "unit_cells": units,
            "digits": list(step.digits),
        },
        text=logic.say(step),
    )


def check(givens: "Any", entries: "Any") -> str:
    """Which of the reader's entries disagree with the puzzle's solution, without
    telling the rest: ``{"wrong": [cell, ...], "entries": n, "solutions": 1 | 2}``.

    Entries that a solution of the puzzle holds all agree (``wrong`` is empty); else they
    are compared with the puzzle's solution (one of them, when it has several:
    ``solutions`` is then 2). ``{"problem": text}`` when the givens clash or have no
    solution; ``{"error"}`` for a bad board.
    """
    try:
        puzzle = formats.parse(plain(givens))
        mine = formats.parse(plain(entries))
    except PuzzleError as error:
        return reply(error=str(error))
    cells = [i for i in range(81) if mine[i] != "." and puzzle[i] == "."]
    found = conflict_list(puzzle)
    if found:
        return reply(problem=f"the givens conflict ({found[0]['message']})")
    solutions = solver.count_solutions(puzzle, 2)
    if not solutions:
        return reply(problem="this puzzle has no solution: its givens cannot be completed")
    board = "".join([mine[i] if i in cells else puzzle[i] for i in range(81)])
    if not conflicts(board) and solver.solve(board) is not None:
        return reply(wrong=[], entries=len(cells), solutions=solutions)
    solution = solver.solve(puzzle) or ""
    wrong = [cell for cell in cells if mine[cell] != solution[cell]]
    return reply(wrong=wrong, entries=len(cells), solutions=solutions)


def generate(level: str, seed: "Any" = None) -> str:
    """A new puzzle of ``level`` (easy, medium, hard, expert) from ``seed`` (a whole
    number; None draws one): ``{"grid", "board", "level", "seed", "givens", "ms"}``, or
    ``{"error"}`` for an unknown level or a bad seed. Hard takes seconds (see
    ``sudoku.generator``): the page waits, its thread free."""
    from sudoku import generator  # noqa: PLC0415 (see above: only the app's worker needs it)

    level, seed = plain(level), plain(seed)
    if isinstance(seed, float) and seed == int(seed):
        seed = int(seed)  # JS numbers arrive as floats
    start = ticks()
    try:
        grid = generator.generate(level, seed)
    except (TypeError, ValueError) as error:
        return reply(error=str(error))
    return reply(
        grid=grid,
        board=to_leetcode(grid),
        level=level,
        seed=seed,
        givens=81 - grid.count("."),
        ms=round(ms_since(start), 3),
    )


__export__ = [
    "analyze",
    "analyze_more",
    "analyze_start",
    "analyze_stop",
    "check",
    "export",
    "generate",
    "hint",
    "parse",
    "ready",
    "trace_count",
    "trace_pull",
    "trace_start",
    "trace_stop",
]
