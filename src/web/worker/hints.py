"""Hint, in the app's worker: the easiest logical step from the reader's board, in data
and words, a wrong entry first; asked ahead while the reader reads (``Hints.ahead``), so
the next press is answered from memory. The steps found are shared with the puzzle's
rating (``known.Known``).

``sudoku.logic`` loads in the calls that use it, or in ``prepare``, which the page asks
for once the worker has answered ``ready``: neither the boot nor a reader's first press
waits for its import."""

from checks import NO_SOLUTION
from contract import failure, reply
from worker import conflict_list

from sudoku import formats, solver
from sudoku.formats import PuzzleError
from sudoku.grid import UNITS, cell_name, unit_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import Answer, Hinted, Pending, Prepared, Stuck, WrongEntry
    from known import Known

    Hint = Hinted | Stuck | WrongEntry

HINTS_KEPT = 12
"""Hint answers remembered (``Hints.kept``), each a few kB: the boards the app asks about
ahead of the reader (``companion.AHEAD``, 8) and a few more, so none is worked out twice."""


def prepare() -> "Answer[Prepared]":
    """Load ``sudoku.logic`` (the techniques, the chains) and the solution search's engine
    (``solver.engine``) ahead of the first hint, check, rating or solve: ``Prepared``."""
    from sudoku import logic  # noqa: F401, PLC0415 (loaded now: see above)

    solver.engine()

    answer: Prepared = {"prepared": True}
    return reply(answer)


class Hints:
    """The hints of one worker: the last ``HINTS_KEPT`` requests and their answers, and
    what is known of the puzzle (shared with its rating)."""

    def __init__(self, known: "Known") -> None:
        self.known = known
        self.kept: list[tuple[str, Answer[Hint]]] = []
        """The last ``HINTS_KEPT`` hint requests and answers, oldest first."""

    def hint(self, board: "Any", givens: "Any", struck: "Any" = None) -> "Answer[Hint]":
        """The easiest logical step from the board (see ``work``), from memory when the
        same request came lately: the page asks ahead, while the reader reads a hint, for
        the board its application leads to (``ahead``), so the next press is answered at
        once. The answer depends on the request alone, so a remembered one is the one
        worked out."""
        answer = self.within(board, givens, struck, None)
        assert answer is not None  # no slice: worked out to the end
        return answer

    def ahead(self, board: "Any", givens: "Any", struck: "Any" = None) -> "Answer[Hint | Pending]":
        """``hint``'s answer for a board the page asks about ahead of the reader, worked
        on for one slice (``Known.slice_ms``): ``Pending`` ``{"pending": true}`` while its
        search goes on (kept: the next call, or a ``hint`` for that board, goes on with
        it). So a press waits behind a look-ahead for one slice at most, not for a
        chain's whole search."""
        answer = self.within(board, givens, struck, self.known.slice_ms)
        if answer is None:
            pending: Pending = {"pending": True}
            return reply(pending)
        return answer

    def within(
        self, board: "Any", givens: "Any", struck: "Any", slice_ms: "int | None"
    ) -> "Answer[Hint] | None":
        """``hint``'s answer, remembered (``kept``), or None when ``slice_ms`` passed first
        (see ``known.Known.search_step``)."""
        key = repr((board, givens, struck))
        kept = [pair for pair in self.kept if pair[0] == key]
        answer = kept[0][1] if kept else self.work(board, givens, struck, slice_ms)
        if answer is None:
            return None
        self.kept[:] = [pair for pair in self.kept if pair[0] != key][1 - HINTS_KEPT :]
        self.kept.append((key, answer))
        return answer

    def work(
        self, board: "Any", givens: "Any", struck: "Any", slice_ms: "int | None"
    ) -> "Answer[Hint] | None":
        """The easiest logical step from the board (givens and entries), as data and
        words; None while its search goes on past ``slice_ms`` (None: no limit).

        ``struck`` is 81 strings (or one, joined by "|"), the candidates hints crossed out
        so far (each cell's): the step is ``sudoku.logic.next_step`` from the candidates
        the placed digits leave, less those (or the one found for that state before, by
        the puzzle's rating or an earlier hint; its search goes on from where the rating's
        walk or an earlier call left it: ``known.Known.search_step``). Answers ``{"step":
        {technique, placements, eliminations, cells, units, unit_cells, digits}, "text":
        logic.say(step)}``, or ``"steps"``: a chain's reasoning as steps to follow one at
        a time (``logic.chain_steps``; ``[]`` for a step that is no chain); a
        contradiction chain's ``cells`` hold the refuted cell, then every cell its links
        write or break.

        A reader's entry that the puzzle's one solution does not hold comes first, before
        any reasoning (``logic.wrong_entry``: the first in reading order): ``{"problem":
        "wrong-entry", "cell": 0-80, "digit", "text": "r3c5: your 4 is not right here
        ..."}``. Otherwise ``{"problem": kind, "text"}`` with kind "conflict", "wrong"
        (entries leave no solution: only where the givens have several), "none" (the
        givens have none), "full" or "stuck" (no technique applies); ``{"error"}`` for a
        bad board.
        """
        from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

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
            kind = (
                "conflict" if "conflict" in problem else "wrong" if "entries" in problem else "none"
            )
            return stuck(kind, f"No hint: {problem}.")
        if "." not in grid:
            return stuck("full", "No hint: the board is full, nothing is left to do.")
        marks = logic.marks_of(grid)
        crossed = struck or []
        if isinstance(crossed, str):  # the page sends the 81 cells' strings joined by "|"
            crossed = crossed.split("|")
        if len(crossed) == 81:
            marks = ["".join([d for d in marks[i] if d not in str(crossed[i])]) for i in range(81)]
        done, step = self.known.search_step(puzzle, grid, marks, slice_ms)
        return hinted(grid, marks, step) if done else None


def stuck(kind: str, text: str) -> "Answer[Stuck]":
    """A hint that cannot be had: why, as a kind and in words (``Stuck``)."""
    answer: Stuck = {"problem": kind, "text": text}
    return reply(answer)


def companion_problem(grid: str, givens: str) -> str:
    """Why no logical step can be had from ``grid`` (givens and entries), in words, or ""
    when it has a solution: a conflict, entries that leave none, givens that have none.
    A board that extends the puzzle last solved (its rating's or an earlier hint's:
    ``logic.solved_before``) has one, searched no more; another is searched once for
    this and the hint's step (``logic.verdict``: the rating's search of the puzzle, if it
    is under way, runs on)."""
    from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

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


def hinted(grid: str, marks: "list[str]", step: "Any") -> "Answer[Hinted | Stuck]":
    """``Hints.work``'s answer for the step found from ``grid`` and ``marks`` (None: logic
    is stuck)."""
    from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

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


def wrong_reply(cell: int, digit: str) -> "Answer[WrongEntry]":
    """The answer of ``hint`` for a wrong entry (``WrongEntry``: see there)."""
    answer: WrongEntry = {
        "problem": "wrong-entry",
        "cell": cell,
        "digit": digit,
        "text": wrong_entry_text(cell, digit),
    }
    return reply(answer)
