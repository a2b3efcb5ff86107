"""The app's solver worker (index.html, MicroPython): the shared calls of ``worker.py`` and
the app's own: the puzzle companion's hints, checks and new puzzles (issue 14) and the
Share panel's pictures (issue 13).

The widget's worker runs ``worker.py`` alone (mpy-worker.json): a blog's reader never
downloads ``sudoku.logic``, ``sudoku.generator`` or ``sudoku.render``. Here they load in
the calls that use them, so the worker's boot compiles none of them.

Answers are JSON text typed in ``contract.py``, bad calls ``Failure``, as in ``worker.py``.
"""

from contract import reply
from worker import (  # noqa: F401 (the shared calls: PyScript exports this module's names)
    analyze_more,
    analyze_start,
    analyze_stop,
    conflict_list,
    export,
    failure,
    parse,
    ready,
    trace_count,
    trace_pull,
    trace_record,
    trace_start,
    trace_stop,
)

from sudoku import formats, solver
from sudoku.compat import ms_since, ticks
from sudoku.formats import PuzzleError
from sudoku.grid import UNITS, unit_name
from sudoku.validate import conflicts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import (
        Checked,
        Drawing,
        Drawn,
        Generated,
        Hinted,
        Limits,
        Pictures,
        Refusal,
        Revealed,
        Stopped,
        Stuck,
    )


RENDER_CHUNK = 50_000
"""Events a ``render_more`` call plays at most before it answers: the longest wait for
the panel's Stop (a fraction of a second)."""

MAX_RENDERS = 2
"""Drawings kept open at once; an older one is dropped (its page moved on)."""

renders: "dict[int, dict[str, Any]]" = {}
"""Open drawings by id: the pass over the trace (``render.filming``) and its scenes so far."""


def render_limits() -> str:
    """The most pictures of one export: ``{"boards": render.MAX_BOARDS, "frames":
    render.MAX_FRAMES}``, for the panel to say before the reader asks. The renderer loads
    on first use."""
    from sudoku import render  # noqa: PLC0415 (only the exports need it)

    answer: Limits = {"boards": render.MAX_BOARDS, "frames": render.MAX_FRAMES}
    return reply(answer)


def render_start(board: "Any", strategy: str, first: int, last: int, every: int = 1) -> str:
    """Open a drawing of a trace's steps ``first``..``last`` (every ``every``-th), for the
    Share panel's exports: ``{"render": id}``, then ``render_more`` until it is done; or
    ``{"error": message}`` (a bad board or range, more than ``render.MAX_FRAMES`` steps)."""
    from sudoku import render  # noqa: PLC0415 (only the exports need it)

    try:
        grid = formats.parse(board)
        steps = (int(first), int(last), int(every))
        count = (steps[1] - steps[0]) // max(1, steps[2]) + 1
        if count > render.MAX_FRAMES:
            return failure(f"at most {render.MAX_FRAMES} steps, got {count}: step by more")
        film = render.filming(grid, strategy, steps, RENDER_CHUNK)
    except ValueError as error:
        return failure(str(error))
    key = max(renders, default=0) + 1
    renders[key] = {"film": film, "shots": []}
    for old in sorted(renders)[:-MAX_RENDERS]:
        del renders[old]
    answer: Drawing = {"render": key}
    return reply(answer)


def render_more(key: int) -> str:
    """Draw on for up to ``RENDER_CHUNK`` events: ``{"step": n}`` (the step reached) while
    the drawing goes on; once done, its pictures, and it is closed: ``{"svgs": [svg,
    ...]}`` (``sudoku.render``, as ``sudoku render`` writes them) and ``{"storyboard":
    svg}`` of the same steps when it fits (at most ``render.MAX_BOARDS``, else ""), with
    ``delay``, the ms a GIF shows each (``render.FRAME_MS``).
    ``{"error"}`` for a drawing closed or never opened."""
    from sudoku import render  # noqa: PLC0415 (only the exports need it)

    job = renders.get(int(key))
    if job is None:
        return failure(f"no drawing {key}: it was stopped or never started")
    for shot in job["film"]:
        if isinstance(shot, int):
            drawn: Drawn = {"step": shot}
            return reply(drawn)
        job["shots"].append(shot)
    shots = renders.pop(int(key))["shots"]
    board_text = render.storyboard(shots) if len(shots) <= render.MAX_BOARDS else ""
    answer: Pictures = {
        "svgs": [render.svg(shot) for shot in shots],
        "storyboard": board_text,
        "delay": render.FRAME_MS,
    }
    return reply(answer)


def render_stop(key: int) -> str:
    """Stop a drawing (its pass is dropped): ``{"stopped": bool}``."""
    answer: Stopped = {"stopped": renders.pop(int(key), None) is not None}
    return reply(answer)


# -- the puzzle companion: hints, checks, new puzzles (issue 14) ------------------------
# ``sudoku.logic`` and ``sudoku.generator`` are imported in the calls that use them: the
# widget's MicroPython worker runs this script too and never calls them, so it never
# compiles them.


NO_SOLUTION = "this puzzle has no solution: its givens cannot be completed"
"""Why check, reveal (``Refusal``) and hint (``Stuck``, "none") give nothing."""


def stuck(kind: str, text: str) -> str:
    """A hint that cannot be had: why, as a kind and in words (``Stuck``)."""
    answer: Stuck = {"problem": kind, "text": text}
    return reply(answer)


def refusal(text: str) -> str:
    """A check or reveal refused: the givens clash or have no solution (``Refusal``)."""
    answer: Refusal = {"problem": text}
    return reply(answer)


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
    return NO_SOLUTION


def hint(board: "Any", givens: "Any", struck: "Any" = None) -> str:
    """The easiest logical step from the board (givens and entries), as data and words.

    ``struck`` is 81 strings (or one, joined by "|"), the candidates hints crossed out so
    far (each cell's): the step is ``sudoku.logic.next_step`` from the candidates the
    placed digits leave, less those. Answers ``{"step": {technique, placements,
    eliminations, cells, units, unit_cells, digits}, "text": logic.say(step)}``, or
    ``{"problem": kind, "text"}`` with kind "conflict", "wrong" (entries leave no
    solution), "none" (the givens have none), "full" or "stuck" (no technique applies);
    ``{"error"}`` for a bad board.
    """
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    try:
        grid = formats.parse(board)
        puzzle = formats.parse(givens)
    except PuzzleError as error:
        return failure(str(error))
    problem = companion_problem(grid, puzzle)
    if problem:
        kind = "conflict" if "conflict" in problem else "wrong" if "entries" in problem else "none"
        return stuck(kind, f"No hint: {problem}.")
    if "." not in grid:
        return stuck("full", "No hint: the board is full, nothing is left to do.")
    marks = logic.marks_of(grid)
    crossed = struck or []
    if isinstance(crossed, str):  # the page sends the 81 cells' strings joined by "|"
        crossed = crossed.split("|")
    if len(crossed) == 81:
        marks = ["".join([d for d in marks[i] if d not in str(crossed[i])]) for i in range(81)]
    step = logic.next_step(grid, marks)
    if step is None:
        where = logic.ending(grid).replace("no technique above", "no technique here")
        return stuck("stuck", f"No hint: logic is {where}.")
    units = sorted({cell for unit in step.units for cell in UNITS[unit]})
    answer: Hinted = {
        "step": {
            "technique": step.technique,
            "placements": [[cell, digit] for cell, digit in step.placements],
            "eliminations": [[cell, digit] for cell, digit in step.eliminations],
            "cells": list(step.cells),
            "units": [unit_name(unit) for unit in step.units],
            "unit_cells": units,
            "digits": list(step.digits),
        },
        "text": logic.say(step),
    }
    return reply(answer)


def check(givens: "Any", entries: "Any") -> str:
    """Which of the reader's entries disagree with the puzzle's solution, without
    telling the rest: ``{"wrong": [cell, ...], "entries": n, "solutions": 1 | 2}``.

    Entries that a solution of the puzzle holds all agree (``wrong`` is empty); else they
    are compared with the puzzle's solution (one of them, when it has several:
    ``solutions`` is then 2). ``{"problem": text}`` when the givens clash or have no
    solution; ``{"error"}`` for a bad board.
    """
    try:
        puzzle = formats.parse(givens)
        mine = formats.parse(entries)
    except PuzzleError as error:
        return failure(str(error))
    cells = [i for i in range(81) if mine[i] != "." and puzzle[i] == "."]
    found = conflict_list(puzzle)
    if found:
        return refusal(f"the givens conflict ({found[0]['message']})")
    solutions = solver.count_solutions(puzzle, 2)
    if not solutions:
        return refusal(NO_SOLUTION)
    board = "".join([mine[i] if i in cells else puzzle[i] for i in range(81)])
    if not conflicts(board) and solver.solve(board) is not None:
        wrong = []
    else:
        solution = solver.solve(puzzle) or ""
        wrong = [cell for cell in cells if mine[cell] != solution[cell]]
    answer: Checked = {"wrong": wrong, "entries": len(cells), "solutions": solutions}
    return reply(answer)


def reveal(givens: "Any", cell: "Any") -> str:
    """The solution's digit at ``cell`` (0-80) of the puzzle ``givens``: ``{"digit"}`` (of
    one solution, when it has several: ``solutions`` is then 2), or ``{"problem": text}``
    when the givens clash or have no solution; ``{"error"}`` for a bad board or cell."""
    try:
        puzzle = formats.parse(givens)
    except PuzzleError as error:
        return failure(str(error))
    where = cell
    if isinstance(where, bool) or not isinstance(where, int) or not 0 <= where < 81:
        return failure(f"no cell {where!r}: cells are 0 to 80")
    found = conflict_list(puzzle)
    if found:
        return refusal(f"the givens conflict ({found[0]['message']})")
    solutions = solver.count_solutions(puzzle, 2)
    solution = solver.solve(puzzle) if solutions else None
    if solution is None:
        return refusal(NO_SOLUTION)
    answer: Revealed = {"digit": solution[where], "solutions": solutions}
    return reply(answer)


def generate(level: str, seed: "Any" = None) -> str:
    """A new puzzle of ``level`` from ``seed`` (a whole number; None draws one):
    ``{"grid", "level", "seed", "givens", "ms"}``, or ``{"error"}`` for an
    unknown level or a bad seed. It comes from the bank (``generator.from_bank``: a rated
    puzzle rearranged, in a millisecond), not the seeded generator, which takes seconds
    and hundreds of MB for a hard puzzle under MicroPython (bench/micropython.py)."""
    from sudoku import generator  # noqa: PLC0415 (see above: only the app's worker needs it)

    if isinstance(seed, float) and seed == int(seed):
        seed = int(seed)  # JS numbers arrive as floats
    start = ticks()
    try:
        grid = generator.from_bank(level, seed)
    except (TypeError, ValueError) as error:
        return failure(str(error))
    answer: Generated = {
        "grid": grid,
        "level": level,
        "seed": seed,
        "givens": 81 - grid.count("."),
        "ms": round(ms_since(start), 3),
    }
    return reply(answer)


__export__ = [
    "analyze_more",
    "analyze_start",
    "analyze_stop",
    "check",
    "export",
    "generate",
    "hint",
    "parse",
    "ready",
    "render_limits",
    "render_more",
    "render_start",
    "render_stop",
    "reveal",
    "trace_count",
    "trace_pull",
    "trace_record",
    "trace_start",
    "trace_stop",
]
"""Every call the page makes: ``worker.py``'s and this script's (a unit test keeps the
first part equal to ``worker.__export__``)."""
