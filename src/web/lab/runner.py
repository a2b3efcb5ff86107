"""The code lab's Python side, in Pyodide in the sandboxed worker (static/js/lab-runner.js).

``run(code, grid)`` watches the reader's code on one puzzle (``sudoku.watching``, under its
time limit only) and answers the run in words and figures (JSON text) and its recording
(``sudoku.recording``'s text: the code, the puzzle and its first
``sudoku.recording.MAX_EVENTS`` writes, what the player and a post's widget carry; the
summary's ``recorded`` says how many), which the page's player plays
(``Player.open_recorded``; the contract is src/web/recorded.py's). ``judge(code, grids)``
judges the code on each puzzle beside the built-in strategies (``sudoku.judging``), as
JSON text. After a run, ``state(code, grid, step, expected)`` answers the reader's frames
and locals right after that write (a re-run: ``sudoku.inspecting``, checked against the
run's write ``expected``), and ``heat(code, grid)`` each line's run count (a re-run with
line events: the editor's heat map).

Everything that crosses is plain text: the page (static/js/lab-python.js) checks the
summary again, and the player's worker checks the recording (``read_recording``), since
the reader's code runs here too and could post anything.
"""

from __future__ import annotations

import json
import re

from sudoku.grid import Grid
from sudoku.inspecting import state_at
from sudoku.judging import Result, board_at_end, expected, verdict
from sudoku.judging import judge as judge_one
from sudoku.recording import MAX_EVENTS, record
from sudoku.watching import LIMITS, Event, watch

LAB_LIMITS = LIMITS
"""The lab's caps: the tracer's, a time limit as LeetCode's (no count of writes)."""

TIMED_OUT = "stopped: took more than"
"""How a verdict begins when the run ran out of time: the judge runs no more puzzles (as
LeetCode stops at the first one that fails)."""

LINE = re.compile(r"\bline (\d+)")
"""Where a message names the reader's line: ``error on line 7: ...``, ``... at line 7``."""


def message_line(message: str) -> int:
    """The reader's line a run's message names (0 if none)."""
    found = LINE.search(message)
    return int(found.group(1)) if found else 0


def run(code: str, grid: Grid) -> tuple[str, str]:
    """Watch ``code`` on ``grid``: the run's summary as JSON text (with the board at its
    end, ``board``, which the page checks the verdict against), and its recording
    ("" if it cannot be recorded: ``unplayable`` in the summary says why). A malformed
    ``grid`` is a summary with ``outcome`` "refused" and the reason."""
    events: list[Event] = []

    def kept(event: Event) -> None:
        if len(events) < MAX_EVENTS:
            events.append(event)

    try:
        solution = expected(grid).solution
        done = watch(code, grid, LAB_LIMITS, kept)
    except ValueError as error:
        return json.dumps({"outcome": "refused", "message": str(error)}), ""
    summary = {key: value for key, value in done.items() if key != "board"}
    summary["verdict"] = verdict(grid, done, solution)
    summary["line"] = message_line(done["message"])
    summary["grid"] = grid
    summary["board"] = board_at_end(done)
    summary["recorded"] = len(events)
    try:
        recording = record(code, grid, events, done)
    except ValueError as error:
        summary["unplayable"], recording = str(error), ""
    else:
        summary["unplayable"] = ""
    return json.dumps(summary), recording


def judge(code: str, grids: list[str]) -> str:
    """``code`` judged on each of ``grids`` beside the built-in strategies, as JSON text:
    ``{"results": [...]}`` (see ``sudoku.judging.Result``); after a puzzle that ran out
    of time, the rest are not run (each says so)."""
    results: list[Result | dict[str, str]] = []
    late = ""  # the verdict of the first puzzle that ran out of time
    for number, grid in enumerate(grids, 1):
        if late:
            results.append({"grid": grid, "verdict": f"not run: puzzle {late} took too long"})
            continue
        try:
            results.append(judge_one(code, grid))
        except ValueError as error:
            results.append({"grid": grid, "verdict": f"invalid: {error}"})
        else:
            late = str(number) if results[-1]["verdict"].startswith(TIMED_OUT) else ""
    return json.dumps({"results": results})


def state(code: str, grid: Grid, step: int, expected: str) -> str:
    """The reader's state right after write ``step`` of ``code`` on ``grid``, as JSON text
    (``sudoku.inspecting.State``); ``expected`` is the run's token of that step."""
    try:
        return json.dumps(state_at(code, grid, step, expected))
    except ValueError as error:
        return json.dumps({"step": step, "frames": [], "message": str(error)})


def heat(code: str, grid: Grid) -> str:
    """Each line's run count of ``code`` on ``grid`` as JSON text: ``{"heat": [count by
    line number, 0 unused], "seconds": ..., "complete": whether the run ended of itself}``."""
    try:
        done = watch(code, grid, LAB_LIMITS, heat=True)
    except ValueError as error:
        return json.dumps({"heat": [], "seconds": 0, "complete": False, "message": str(error)})
    complete = done["outcome"] != "stopped"
    return json.dumps({"heat": done["heat"], "seconds": done["seconds"], "complete": complete})
