"""Check and Reveal, in the app's worker: the reader's entries against the puzzle's
solution, and one cell of it. The puzzle's solutions are searched once
(``logic.verdict``: its rating's search, if under way, runs on)."""

from contract import failure, reply
from worker import conflict_list

from sudoku import formats, solver
from sudoku.formats import PuzzleError
from sudoku.validate import conflicts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import Answer, Checked, Refusal, Revealed

NO_SOLUTION = "this puzzle has no solution: its givens cannot be completed"
"""Why check, reveal (``Refusal``) and hint (``Stuck``, "none") give nothing."""


def refusal(text: str) -> "Answer[Refusal]":
    """A check or reveal refused: the givens clash or have no solution (``Refusal``)."""
    answer: Refusal = {"problem": text}
    return reply(answer)


def check(givens: "Any", entries: "Any") -> "Answer[Checked | Refusal]":
    """Which of the reader's entries disagree with the puzzle's solution, without
    telling the rest: ``{"wrong": [cell, ...], "entries": n, "solutions": 1 | 2}``.

    Entries that a solution of the puzzle holds all agree (``wrong`` is empty); else they
    are compared with the puzzle's solution (one of them, when it has several:
    ``solutions`` is then 2). ``{"problem": text}`` when the givens clash or have no
    solution; ``{"error"}`` for a bad board.
    """
    from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

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


def reveal(givens: "Any", cell: "Any") -> "Answer[Revealed | Refusal]":
    """The solution's digit at ``cell`` (0-80) of the puzzle ``givens``: ``{"digit"}`` (of
    one solution, when it has several: ``solutions`` is then 2), or ``{"problem": text}``
    when the givens clash or have no solution; ``{"error"}`` for a bad board or cell.
    Searched as ``check``."""
    from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

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
