"""Judge a reader's own LeetCode 37 code, like LeetCode's judge but explaining.

``verdict(grid, run, solution)`` reads a ``sudoku.watching`` run of the reader's code on
``grid``: is the board at the end a valid, complete solution that keeps every given? Its
answer is one line that starts with its outcome:

- ``ok: 3.1 ms, 61 writes, 0 undos``
- ``wrong answer: r3c5 holds 4, the solution has 7`` (or ``changed a given at r1c1:
  it was 5, now 3``, ``returned with 12 cells still blank``, ...)
- ``error on line 7: IndexError: list index out of range``
- ``stopped: took more than 10 s: LeetCode would time out (line 7 was running, ...)``

``judge(code, grid)`` runs the code on a puzzle, and the built-in strategies
(``sudoku.tracing``) on the same puzzle beside it: time and writes for each, the
strategies' cut off at ``COMPARE_STEPS`` events ("stopped after 812.3 ms, 61,523
writes"); ``result_line``
and ``totals_line`` put a set of puzzles in words (``sudoku judge``).

CPython and Pyodide only, like ``sudoku.watching``.
"""

from __future__ import annotations

from collections import namedtuple
from time import perf_counter

from sudoku.formats import shown
from sudoku.grid import BLANK, DIGITS, PEERS, Grid, cell_name, checked_grid
from sudoku.solver import analyze
from sudoku.tracing import trace
from sudoku.validate import conflicts, describe
from sudoku.watching import LIMITS, Limits, Run, watch
from sudoku.words import STRATEGIES, grouped, listing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypedDict

    class Figures(TypedDict):
        """What one search did on one puzzle: writes, undos, milliseconds; ``done`` is
        False when it was cut off at ``steps`` events."""

        writes: int
        undos: int
        ms: float
        steps: int
        done: bool

    class Result(TypedDict):
        """One puzzle judged: the verdict, whether it passed, the reader's figures, by
        strategy name the built-in strategies' on the same puzzle, and the reader's board
        at the end (``board_at_end``)."""

        grid: Grid
        verdict: str
        passed: bool
        figures: Figures
        builtins: dict[str, Figures]
        board: Grid

else:
    Figures = Result = dict  # plain dicts at run time


COMPARE_STEPS = 200_000
"""Events a built-in strategy may take on one puzzle before the judge stops it (naive
takes millions on some hard puzzles)."""

WRITES = {"place": "writes", "force": "writes", "undo": "undos"}
"""The trace's events that write a cell, and the figure each one counts in."""


class Expected(namedtuple("Expected", ["problem", "solution"])):
    """What the judge expects of a puzzle: ``problem`` ("" if none: else why the puzzle
    cannot be judged), and its ``solution`` when it has exactly one (else None)."""

    __slots__ = ()


def expected(grid: Grid) -> Expected:
    """What a right answer to ``grid`` is; a puzzle with clashing givens or no solution
    has none (``problem`` says why). ValueError if ``grid`` is malformed."""
    clashes = conflicts(checked_grid(grid))
    if clashes:
        return Expected(f"invalid: {describe(clashes[0])}", None)
    found = analyze(grid, 2)
    if not found["solutions"]:
        return Expected("invalid: the puzzle has no solution", None)
    return Expected("", found["solution"] if found["solutions"] == 1 else None)


def verdict(grid: Grid, run: Run, solution: Grid | None) -> str:
    """The verdict on ``run`` (the reader's code on ``grid``): ``ok: ...``, ``wrong answer:
    ...``, the run's ``error ...`` or ``stopped: ...``. ``solution`` is the puzzle's only
    one (None if it has several: then any valid completion is right)."""
    if run["outcome"] != "returned":
        return run["message"]
    wrong = board_problem(run["board"]) or answer_problem(grid, cells_of(run["board"]), solution)
    if wrong:
        return f"wrong answer: {wrong}{why_wrong(grid, run)}"
    figures = figures_of(run)
    said = f"ok: {figures['ms']:.1f} ms, {grouped(figures['writes'])} writes"
    said += f", {grouped(figures['undos'])} undos"
    return said + (", all at the end (the search ran on your own data)" if run["at_end"] else "")


def why_wrong(grid: Grid, run: Run) -> str:
    """What the run's counters and board say about a wrong answer to ``grid``: nothing
    written to the board at all, a search on the board that never took a digit back, or
    one that gave up on a blank that still has room ("" if none of these)."""
    if not run["steps"]:
        return " (your code never wrote to the board: the answer is the board it was given)"
    if not run["undos"] and not run["at_end"] and BLANK in grid:
        return " (no cell was ever set back to '.': did each dead end undo its writes?)"
    if not board_problem(run["board"]):
        return gave_up(cells_of(run["board"]))
    return ""


def gave_up(answer: Grid) -> str:
    """For a board returned with blanks and no clash: the first blank's digits that still
    fit it (its peers hold none of them), said as the hint that the search went back from
    a cell it could fill ("" if the board clashes, is full, or the first blank has none)."""
    blank = answer.find(BLANK)
    if blank < 0 or conflicts(answer):
        return ""
    held = {answer[peer] for peer in PEERS[blank]}
    fits = [digit for digit in DIGITS if digit not in held]
    if not fits:
        return ""
    said = "allows " + listing(fits) if len(fits) > 1 else "allows " + fits[0]
    return (
        f": {cell_name(blank)} still {said}, but your code went back from it: "
        "look at what you take back when you undo"
    )


def board_problem(board: list[object]) -> str:
    """Why ``board`` is no longer 9 lists of 9 one-character strings ("" if it is)."""
    if len(board) != 9:
        return f"the board has {len(board)} rows, not 9"
    for number, row in enumerate(board, 1):
        if not isinstance(row, list):
            return f"row {number} is {shown(row)}, not a list"
        if len(row) != 9:
            return f"row {number} has {len(row)} cells, not 9"
        for column, value in enumerate(row):
            if not (isinstance(value, str) and value in DIGITS + BLANK and len(value) == 1):
                cell = cell_name((number - 1) * 9 + column)
                return f"{cell} holds {shown(value)}, not a digit '1'-'9' or '.'"
    return ""


def board_at_end(run: Run) -> Grid:
    """The run's board at its end as a grid ("" if it is no longer 9 rows of 9 cells):
    what a page checks the verdict against, apart from the code that made it."""
    return "" if board_problem(run["board"]) else cells_of(run["board"])


def cells_of(board: list[object]) -> Grid:
    """A board of 9 rows of 9 one-character strings as a grid."""
    return "".join("".join(row) for row in board)  # type: ignore[arg-type]


def answer_problem(grid: Grid, answer: Grid, solution: Grid | None) -> str:
    """What is wrong with ``answer`` to ``grid`` ("" if it is a valid, complete solution
    that keeps every given): a changed given, blanks left, or a wrong digit."""
    for cell, (given, now) in enumerate(zip(grid, answer, strict=True)):
        if given not in (BLANK, now):
            held = "blank" if now == BLANK else now
            return f"changed a given at {cell_name(cell)}: it was {given}, now {held}"
    blanks = answer.count(BLANK)
    if blanks:
        return f"returned with {blanks} cell{'s' if blanks > 1 else ''} still blank"
    if solution is not None:
        wrong = next((cell for cell in range(81) if answer[cell] != solution[cell]), None)
        if wrong is None:
            return ""
        return f"{cell_name(wrong)} holds {answer[wrong]}, the solution has {solution[wrong]}"
    clashes = conflicts(answer)
    return describe(clashes[0]) if clashes else ""


def figures_of(run: Run) -> Figures:
    """The reader's run in figures."""
    return {
        "writes": run["writes"],
        "undos": run["undos"],
        "ms": run["seconds"] * 1000,
        "steps": run["steps"],
        "done": run["outcome"] == "returned",
    }


def builtin_figures(grid: Grid, strategy: str, max_steps: int = COMPARE_STEPS) -> Figures:
    """What the built-in ``strategy`` does on ``grid``, cut off after ``max_steps`` events."""
    counts = {"writes": 0, "undos": 0}
    steps, done = 0, True
    started = perf_counter()
    for event in trace(grid, strategy):
        if steps == max_steps:
            done = False
            break
        steps += 1
        if event["kind"] in WRITES:
            counts[WRITES[event["kind"]]] += 1
    ms = (perf_counter() - started) * 1000
    return {
        "writes": counts["writes"],
        "undos": counts["undos"],
        "ms": ms,
        "steps": steps,
        "done": done,
    }


def judge(
    code: str, grid: Grid, limits: Limits = LIMITS, compare_steps: int = COMPARE_STEPS
) -> Result:
    """The verdict on ``code`` for ``grid``, its figures, and the built-ins' beside them
    (none if ``compare_steps`` is 0, or the puzzle cannot be judged)."""
    problem, solution = expected(grid)
    if problem:
        return refused(grid, problem)
    run = watch(code, grid, limits)
    said = verdict(grid, run, solution)
    builtins = {
        strategy: builtin_figures(grid, strategy, compare_steps)
        for strategy in (STRATEGIES if compare_steps else ())
    }
    return {
        "grid": grid,
        "verdict": said,
        "passed": said.startswith("ok"),
        "figures": figures_of(run),
        "builtins": builtins,
        "board": board_at_end(run),
    }


def refused(grid: Grid, said: str) -> Result:
    """A puzzle not judged, and why (``said``): not passed, nothing run."""
    nothing: Figures = {"writes": 0, "undos": 0, "ms": 0.0, "steps": 0, "done": False}
    return {
        "grid": grid,
        "verdict": said,
        "passed": False,
        "figures": nothing,
        "builtins": {},
        "board": grid,
    }


def figures_said(figures: Figures) -> str:
    """``3.1 ms, 61 writes``; for a search cut off, the same units and where it stopped:
    ``stopped after 812.3 ms, 61,523 writes`` (a cap of the judge's, not a failure)."""
    said = f"{figures['ms']:.1f} ms, {grouped(figures['writes'])} writes"
    return said if figures["done"] else "stopped after " + said


def result_line(number: int, result: Result) -> str:
    """One puzzle's line: its number, the verdict, and the built-ins' figures beside it."""
    beside = "; ".join(
        f"{strategy} {figures_said(figures)}" for strategy, figures in result["builtins"].items()
    )
    return f"{number}: {result['verdict']}" + (f" | {beside}" if beside else "")


def totals_line(results: list[Result]) -> str:
    """The totals of a set: puzzles passed, the reader's time and writes on them, and each
    built-in strategy's on the same puzzles (or how many it did not finish)."""
    passed = sum(result["passed"] for result in results)
    said = f"{passed} of {len(results)} passed"
    mine = [result["figures"] for result in results if result["passed"]]
    if mine:
        said += f"; yours {total_said(mine)}"
    for strategy in STRATEGIES:
        theirs = [r["builtins"][strategy] for r in results if r["passed"] and r["builtins"]]
        if theirs:
            said += f"; {strategy} {total_said(theirs)}"
    return said


def total_said(figures: list[Figures]) -> str:
    """Total time and writes of finished searches, and how many did not finish."""
    done = [f for f in figures if f["done"]]
    said = f"{sum(f['ms'] for f in done):.1f} ms, {grouped(sum(f['writes'] for f in done))} writes"
    unfinished = len(figures) - len(done)
    return said + (f" ({unfinished} cut off)" if unfinished else "")
