"""The code lab's Python side, in Pyodide in the sandboxed worker (static/js/lab-runner.js).

``run(code, grid)`` watches the reader's code on one puzzle (``sudoku.watching``) and
answers the run in words and figures (JSON text) and its writes as bytes: ``EVENT_BYTES``
per write, little-endian int32s ``kind`` (0 place, 1 undo), ``cell`` (0-80), ``digit``
(the written value's code point), ``line`` (of the reader's code; 0: none), ``depth``.
Bytes, not dicts: a million writes cross to the page as 20 MB in one transfer, where
JSON would be ten times that.

``judge(code, grids)`` judges the code on each puzzle beside the built-in strategies
(``sudoku.judging``), as JSON text.

Everything that crosses is plain data: the page (static/js/lab.js) checks it again
before it shows it, since the reader's code runs here too and could post anything.
"""

from __future__ import annotations

import json
import re
from array import array

from sudoku.grid import Grid
from sudoku.judging import Result, expected, verdict
from sudoku.judging import judge as judge_one
from sudoku.tracing import CELL_OF
from sudoku.watching import Event, watch

EVENT_FIELDS = 5
EVENT_BYTES = 4 * EVENT_FIELDS
"""Fields and bytes per write in ``run``'s event bytes."""

KINDS = {"place": 0, "undo": 1}
"""Each write's kind as its number in the event bytes."""

LINE = re.compile(r"\bline (\d+)")
"""Where a message names the reader's line: ``error on line 7: ...``, ``... at line 7``."""


def message_line(message: str) -> int:
    """The reader's line a run's message names (0 if none)."""
    found = LINE.search(message)
    return int(found.group(1)) if found else 0


def run(code: str, grid: Grid) -> tuple[str, bytes]:
    """Watch ``code`` on ``grid``: the run's summary as JSON text, and its writes as
    bytes (see the module docstring). A malformed ``grid`` is a summary with ``outcome``
    "refused" and the reason."""
    events = array("i")

    def keep(event: Event) -> None:
        digit = event["digit"]
        events.extend(
            (
                KINDS[event["kind"]],
                CELL_OF[event["cell"]],
                ord(digit[0]) if digit else 0,
                event["line"],
                event["depth"],
            )
        )

    try:
        solution = expected(grid).solution
        done = watch(code, grid, on_event=keep)
    except ValueError as error:
        return json.dumps({"outcome": "refused", "message": str(error)}), b""
    summary = {key: value for key, value in done.items() if key != "board"}
    summary["verdict"] = verdict(grid, done, solution)
    summary["line"] = message_line(done["message"])
    summary["grid"] = grid
    return json.dumps(summary), events.tobytes()


def judge(code: str, grids: list[str]) -> str:
    """``code`` judged on each of ``grids`` beside the built-in strategies, as JSON text:
    ``{"results": [...]}`` (see ``sudoku.judging.Result``)."""
    results: list[Result | dict[str, str]] = []
    for grid in grids:
        try:
            results.append(judge_one(code, grid))
        except ValueError as error:
            results.append({"grid": grid, "verdict": f"invalid: {error}"})
    return json.dumps({"results": results})
