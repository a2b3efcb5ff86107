"""The app's solver worker (index.html, MicroPython): the shared calls of ``worker.py`` and
the app's own: the puzzle companion's hints, checks and new puzzles (issue 14), the
puzzle's rating, worked out in slices (``rate_start``, ``rate_more``: issue 25), and the
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
from sudoku.grid import UNITS, cell_name, unit_name
from sudoku.validate import conflicts
from sudoku.words import LEVELS, rating_why
from sudoku.words import rating as rating_text

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
        Pending,
        Pictures,
        Prepared,
        Rated,
        Rating,
        RatingStarted,
        Refusal,
        Revealed,
        Stopped,
        Stuck,
        WrongEntry,
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
# ``sudoku.logic`` and ``sudoku.generator`` are imported in the calls that use them (and
# ``prepare``), not as this script starts: the worker answers ``ready`` without them.


def prepare() -> str:
    """Load ``sudoku.logic`` (the techniques, the chains) and the solution search's engine
    (``solver.engine``) ahead of the first hint, check, rating or solve: ``Prepared``.
    The page asks once the worker has answered ``ready``, so neither the boot nor a
    reader's first press waits for them (their imports took 13-25 and 6-10 ms of the
    press the instant a puzzle was pasted, on this desktop)."""
    from sudoku import logic  # noqa: F401, PLC0415 (loaded now: see above)

    solver.engine()

    answer: Prepared = {"prepared": True}
    return reply(answer)


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
    when it has a solution: a conflict, entries that leave none, givens that have none.
    A board that extends the puzzle last solved (its rating's or an earlier hint's:
    ``logic.solved_before``) has one, searched no more; another is searched once for
    this and the hint's step (``logic.verdict``: the rating's search of the puzzle, if it
    is under way, runs on)."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    found = conflict_list(grid)
    if found:
        return f"the board has a conflict ({found[0]['message']}): fix it first"
    if logic.solved_before(grid) is not None or logic.verdict(grid)["solutions"]:
        return ""
    if grid != givens and logic.verdict(givens)["solutions"]:
        return (
            "your entries leave the puzzle without a solution, so at least one of them"
            " is wrong: press Check to see which"
        )
    return NO_SOLUTION


HINTS_KEPT = 12
"""Hint answers remembered (``hint``), each a few kB: the boards the app asks about ahead
of the reader (``companion.AHEAD``, 8) and a few more, so none is worked out twice."""

hints_kept: "list[tuple[str, str]]" = []
"""The last ``HINTS_KEPT`` hint requests and answers, oldest first."""


def hint(board: "Any", givens: "Any", struck: "Any" = None) -> str:
    """The easiest logical step from the board (see ``work_hint``), from memory when the
    same request came lately: the page asks ahead, while the reader reads a hint, for
    the board its application leads to (``hint_ahead``), so the next press is answered
    at once. The answer depends on the request alone, so a remembered one is the one
    worked out."""
    answer = hint_within(board, givens, struck, None)
    assert answer is not None  # no slice: worked out to the end
    return answer


def hint_ahead(board: "Any", givens: "Any", struck: "Any" = None) -> str:
    """``hint``'s answer for a board the page asks about ahead of the reader, worked on
    for up to ``RATE_SLICE_MS``: ``Pending`` ``{"pending": true}`` while its search goes
    on (kept: the next call, or a ``hint`` for that board, goes on with it). So a press
    waits behind a look-ahead for one slice at most, not for a chain's whole search."""
    answer = hint_within(board, givens, struck, RATE_SLICE_MS)
    if answer is None:
        pending: Pending = {"pending": True}
        return reply(pending)
    return answer


def hint_within(board: "Any", givens: "Any", struck: "Any", slice_ms: "int | None") -> "str | None":
    """``hint``'s answer, remembered (``hints_kept``), or None when ``slice_ms`` passed
    first (see ``search_step``)."""
    key = repr((board, givens, struck))
    kept = [pair for pair in hints_kept if pair[0] == key]
    answer = kept[0][1] if kept else work_hint(board, givens, struck, slice_ms)
    if answer is None:
        return None
    hints_kept[:] = [pair for pair in hints_kept if pair[0] != key][1 - HINTS_KEPT :]
    hints_kept.append((key, answer))
    return answer


def work_hint(board: "Any", givens: "Any", struck: "Any", slice_ms: "int | None") -> "str | None":
    """The easiest logical step from the board (givens and entries), as data and words;
    None while its search goes on past ``slice_ms`` (``search_step``; None: no limit).

    ``struck`` is 81 strings (or one, joined by "|"), the candidates hints crossed out so
    far (each cell's): the step is ``sudoku.logic.next_step`` from the candidates the
    placed digits leave, less those (or the one found for that state before, by the
    puzzle's rating or an earlier hint: ``steps_of``; its search goes on from where the
    rating's walk or an earlier call left it: ``search_step``). Answers ``{"step":
    {technique, placements, eliminations, cells, units, unit_cells, digits}, "text":
    logic.say(step)}``, or ``"steps"``: a chain's reasoning as steps to follow one at a
    time (``logic.chain_steps``; ``[]`` for a step that is no chain); a contradiction
    chain's ``cells`` hold the refuted cell, then every cell its links write or break.

    A reader's entry that the puzzle's one solution does not hold comes first, before
    any reasoning (``logic.wrong_entry``: the first in reading order): ``{"problem":
    "wrong-entry", "cell": 0-80, "digit", "text": "r3c5: your 4 is not right here ..."}``.
    Otherwise ``{"problem": kind, "text"}`` with kind "conflict", "wrong" (entries leave
    no solution: only where the givens have several), "none" (the givens have none),
    "full" or "stuck" (no technique applies); ``{"error"}`` for a bad board.
    """
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    try:
        grid = formats.parse(board)
        puzzle = formats.parse(givens)
    except PuzzleError as error:
        return failure(str(error))
    problem = companion_problem(grid, puzzle)
    wrong = logic.wrong_entry(puzzle, grid) if "entries" in problem else None
    if wrong is not None:
        return wrong_reply(wrong.cells[0], wrong.digits[0])
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
    done, step = search_step(puzzle, grid, marks, slice_ms)
    return hinted(grid, marks, step) if done else None


def hinted(grid: str, marks: "list[str]", step: "Any") -> str:
    """``work_hint``'s answer for the step found from ``grid`` and ``marks`` (None: logic
    is stuck)."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    if step is None:
        where = logic.ending(grid).replace("no technique above", "no technique here")
        return stuck("stuck", f"No hint: logic is {where}.")
    units = sorted({cell for unit in step.units for cell in UNITS[unit]})
    answer: Hinted = {
        "step": {
            "technique": step.technique,
            "placements": [[cell, digit] for cell, digit in step.placements],
            "eliminations": [[cell, digit] for cell, digit in step.eliminations],
            "cells": list(step.cells) + chain_lit(step),
            "units": [unit_name(unit) for unit in step.units],
            "unit_cells": units,
            "digits": list(step.digits),
        },
        "text": logic.say(step),
        "steps": logic.chain_steps(step, marks),
    }
    return reply(answer)


def search_step(
    puzzle: str, grid: str, marks: "list[str]", slice_ms: "int | None"
) -> "tuple[bool, Any]":
    """``logic.next_step`` from ``grid`` and ``marks``, a state of ``puzzle``: the step
    found for it before (``steps_of``), else its search, going on from where the
    rating's walk or an earlier call left it (``found["searching"]``), for up to
    ``slice_ms`` (None: to the end). (True, the step, kept, or None: there is none), or
    (False, None) while the search goes on (kept for the next call, or the walk)."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    known, key = steps_of(puzzle), logic.state_key(grid, marks)
    if key in known:
        return True, known[key]
    searching = found["searching"]
    pieces = searching.pop(key, None) or logic.step_search(grid, marks)
    start = ticks()
    for piece in pieces:
        if piece is not None:
            known[key] = piece
            return True, piece
        if slice_ms is not None and ms_since(start) > slice_ms:
            if len(searching) >= SEARCHES_KEPT:
                searching.clear()  # boards the reader left: their searches go
            searching[key] = pieces
            return False, None
    return True, None


SEARCHES_KEPT = 4
"""Searches under way kept at most (``search_step``; a chain's is up to a few hundred kB
under MicroPython): the look-ahead's one, the rating's, and a few the reader left."""


def chain_lit(step: "Any") -> "list[int]":
    """The cells a contradiction chain lights besides the refuted one (``chain_cells``);
    none for another step (its ``cells`` hold its chain already)."""
    if step.technique != "contradiction chain":
        return []
    return [cell for cell in chain_cells(step.links) if cell not in step.cells]


def chain_cells(links: "Any") -> "list[int]":
    """The cells a contradiction chain's links write or break (its branches' too), in
    order, each once: the cells it lights besides the refuted one."""
    found: list[int] = []
    for kind, cell, _digit, _unit, branches in links:
        if kind != "split" and cell >= 0 and cell not in found:
            found.append(cell)
        for branch in branches:
            found += [c for c in chain_cells(branch) if c not in found]
    return found


def wrong_entry_text(cell: int, digit: str) -> str:
    """What Hint says of a wrong entry, before any reasoning."""
    name = cell_name(cell)
    return (
        f"{name}: your {digit} is not right here (the puzzle's solution has another digit"
        f" there), so no hint can reason from it. Press Hint again to erase it, or Undo to"
        f" first mistake."
    )


def wrong_reply(cell: int, digit: str) -> str:
    """The answer of ``hint`` for a wrong entry (``WrongEntry``: see there)."""
    answer: WrongEntry = {
        "problem": "wrong-entry",
        "cell": cell,
        "digit": digit,
        "text": wrong_entry_text(cell, digit),
    }
    return reply(answer)


def check(givens: "Any", entries: "Any") -> str:
    """Which of the reader's entries disagree with the puzzle's solution, without
    telling the rest: ``{"wrong": [cell, ...], "entries": n, "solutions": 1 | 2}``.

    Entries that a solution of the puzzle holds all agree (``wrong`` is empty); else they
    are compared with the puzzle's solution (one of them, when it has several:
    ``solutions`` is then 2). ``{"problem": text}`` when the givens clash or have no
    solution; ``{"error"}`` for a bad board. The puzzle's solutions are searched once
    (``logic.verdict``: its rating's search, if under way, runs on).
    """
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    try:
        puzzle = formats.parse(givens)
        mine = formats.parse(entries)
    except PuzzleError as error:
        return failure(str(error))
    cells = [i for i in range(81) if mine[i] != "." and puzzle[i] == "."]
    found = conflict_list(puzzle)
    if found:
        return refusal(f"the givens conflict ({found[0]['message']})")
    known = logic.verdict(puzzle)
    solutions, solution = known["solutions"], known["solution"] or ""
    if not solutions:
        return refusal(NO_SOLUTION)
    board = "".join([mine[i] if i in cells else puzzle[i] for i in range(81)])
    if solutions > 1 and not conflicts(board) and solver.solve(board) is not None:
        wrong = []
    else:
        wrong = [cell for cell in cells if mine[cell] != solution[cell]]
    answer: Checked = {"wrong": wrong, "entries": len(cells), "solutions": solutions}
    return reply(answer)


def reveal(givens: "Any", cell: "Any") -> str:
    """The solution's digit at ``cell`` (0-80) of the puzzle ``givens``: ``{"digit"}`` (of
    one solution, when it has several: ``solutions`` is then 2), or ``{"problem": text}``
    when the givens clash or have no solution; ``{"error"}`` for a bad board or cell.
    Searched as ``check``."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

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
    known = logic.verdict(puzzle)
    solutions, solution = known["solutions"], known["solution"]
    if solution is None:
        return refusal(NO_SOLUTION)
    answer: Revealed = {"digit": solution[where], "solutions": solutions}
    return reply(answer)


RATE_SLICE_MS = 40
"""How long a ``rate_more`` call walks the puzzle's logical path before it answers (it
stops after the step that passes it: one contradiction chain can take longer under
MicroPython): the longest wait it adds to another call, a hint's say."""

rating: "dict[int, Any]" = {}
"""The rating being worked out, by id: one at a time (the page rates the puzzle shown)."""

STEPS_KEPT = 2000
"""Steps kept for one puzzle (``steps_of``), at most: its path has fewer than a hundred
past the singles, and a reader who wanders off it adds one a hint."""

found: "dict[str, Any]" = {"puzzle": "", "steps": {}, "searching": {}}
"""The puzzle whose steps are kept, its steps by ``logic.state_key``, and the searches
under way for its states (the rating walk's, a look-ahead's: ``search_step``,
``logic.path_walk``'s ``searching``)."""


def steps_of(puzzle: str) -> "dict[str, Any]":
    """The steps found so far for ``puzzle`` (by ``logic.state_key``), shared by its
    rating's walk and its hints: a chain is searched once, by whichever comes to it first
    (the rating walks the very path a reader who applies each hint takes; a hint asked
    for the state whose chain the walk is searching goes on with that search, and the
    walk with a hint's: ``search_step``). Another puzzle's are dropped, as is a table
    grown past ``STEPS_KEPT``."""
    if found["puzzle"] != puzzle or len(found["steps"]) >= STEPS_KEPT:
        found["puzzle"], found["steps"], found["searching"] = puzzle, {}, {}
    steps: dict[str, Any] = found["steps"]
    return steps


SCALE_EXAMPLES = ("hidden single", "x-wing", "xy-wing", "x-chain", "contradiction chain")
"""The techniques whose ratings ``scale_words`` gives as landmarks of the scale."""


def scale_words() -> str:
    """The rating scale in words, from ``logic.LEVEL_TOPS`` and ``logic.TENTHS``: what the
    page's rating means."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    low, parts = 0, []
    for i, level in enumerate(LEVELS):
        top = logic.LEVEL_TOPS[i]
        if low == 0:
            parts.append(f"{level} up to {rating_text(top)}")
        elif top >= logic.LEVEL_TOPS[-1]:
            parts.append(f"{level} {rating_text(low)} and up")
        else:
            parts.append(f"{level} {rating_text(low)} to {rating_text(top)}")
        low = top + 1
    examples = ", ".join([f"{name} {rating_text(logic.TENTHS[name])}" for name in SCALE_EXAMPLES])
    return (
        "SE is Sudoku Explainer's scale, the enthusiasts' standard: the hardest step Hint's"
        " logic needs to finish the puzzle, taking the easiest step each time"
        f" ({examples} and up). Levels: " + ", ".join(parts) + "."
    )


def rate_start(givens: "Any") -> str:
    """Start rating the puzzle ``givens`` (``logic.rating_walk``), dropping any rating
    under way, and walk it for up to ``RATE_SLICE_MS``: ``RatingStarted`` ``{"scale":
    scale_words(), "answer": ...}``, the answer as ``rate_more``'s (``Rating`` or
    ``Rated``); or ``Refusal`` ``{"problem": text}`` for a puzzle that has no rating: its
    digits conflict ("r1c1 and r1c2 both hold 5 in row 1"), no solution, or more than
    one. ``Failure`` for a bad board."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    try:
        grid = formats.parse(givens)
    except PuzzleError as error:
        return failure(str(error))
    key = max(rating, default=0) + 1
    rating.clear()
    walk = logic.rating_walk(grid, steps_of(grid), found["searching"])
    rating[key] = {"walk": walk, "steps": 0, "tenths": 0, "puzzle": grid}
    answer = rate_slice(key)
    if "problem" in answer:
        return reply(answer)
    started: RatingStarted = {"scale": scale_words(), "answer": answer}
    return reply(started)


def rate_more(key: int) -> str:
    """Walk the rating ``key`` on for up to ``RATE_SLICE_MS``: ``Rating`` ``{"job": key,
    "steps": n, "proper", "tenths"}`` (the path's steps and hardest step so far) while it
    goes on; once done ``Rated``
    ``{"rating": tenths, "text": "4.2", "level": "hard", "steps": n, "why": ...}``, and the
    job is closed; ``Refusal`` (see ``rate_start``). ``Failure`` for a rating dropped (another
    started since) or never started."""
    if int(key) not in rating:
        return failure(f"no rating {key}: another puzzle is rated now, or none")
    return reply(rate_slice(int(key)))


def rate_slice(key: int) -> "Rating | Rated | Refusal":
    """One slice of the rating ``key`` (open): ``rate_more``'s answer."""
    from sudoku import logic  # noqa: PLC0415 (see above: only the app's worker needs it)

    job = rating[key]
    start = ticks()
    try:
        for tenths in job["walk"]:
            job["steps"] += 1
            job["tenths"] = tenths
            if ms_since(start) > RATE_SLICE_MS:
                going: Rating = {
                    "job": key,
                    "steps": job["steps"],
                    "proper": tenths > 0,
                    "tenths": tenths,
                }
                return going
    except PuzzleError as error:
        del rating[key]
        refused: Refusal = {"problem": str(error)}
        return refused
    del rating[key]
    tenths = job["tenths"]
    done: Rated = {
        "rating": tenths,
        "text": rating_text(tenths),
        "level": logic.level_of_rating(tenths),
        "steps": job["steps"],
        "why": rating_why(rating_text(tenths), hardest_technique(job["puzzle"], tenths)),
    }
    return done


def hardest_technique(puzzle: str, tenths: int) -> str:
    """The technique that set ``puzzle``'s rating ``tenths``: a step of that rating among
    those its walk found (``steps_of``: every step past the singles), else the single of
    that rating ("" for none: a full grid)."""
    for step in steps_of(puzzle).values():
        if step.rating == tenths:
            return str(step.technique)
    return {12: "hidden single", 15: "hidden single", 23: "naked single"}.get(tenths, "")


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
    "hint_ahead",
    "parse",
    "prepare",
    "rate_more",
    "rate_start",
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
