"""The host page's remote control: the commands a widget takes from the page that frames
it, and the step reports it sends back (docs/embedding.md, "Drive the widget").

A blog post's prose can drive the widget ("click here to see the first backtrack"). The
parent page posts one of exactly these shapes to the widget's frame, and nothing else is
obeyed (an extra key, a step that is not a whole number, an unknown strategy: ignored)::

    {type: "sudoku-lab:goto", step: N}        show step N, paused (as ``step=N``)
    {type: "sudoku-lab:play"}                 play from here
    {type: "sudoku-lab:pause"}                pause
    {type: "sudoku-lab:strategy", strategy: "mrv"}   trace the same puzzle by another one

The widget answers where it is, at most every ``REPORT_MS`` and always with the last
step shown: ``{type: "sudoku-lab:step", step, kind, nodes}``; ``kind`` is the core's
name of the event just played (``try``, ``reject``, ``place``, ``force``, ``stuck``,
``undo``, ``solved``, ``exhausted``), or ``start`` at step 0. Its first report says the
widget is ready for commands (static/js/widget.js keeps those that come earlier).
static/js/embed.js turns all of it into methods and ``step`` events on ``<sudoku-lab>``.

Pure Python for MicroPython (the widget's main thread) and CPython (the unit tests).
"""

import json

from options import MAX_STEP

from sudoku.words import STRATEGIES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PREFIX = "sudoku-lab:"
"""What every message's ``type`` starts with, both ways."""

SHAPES = {
    "goto": ["step", "type"],
    "play": ["type"],
    "pause": ["type"],
    "strategy": ["strategy", "type"],
}
"""Each command and its keys, sorted: exactly these."""

START = "start"
"""The ``kind`` reported at step 0, where no event has played."""

KEPT = 16
"""The most commands kept waiting while the widget does one (static/js/widget.js keeps as
many before Python is ready): a page that posts more at once loses the rest."""

REPORT_MS = 100
"""The least time between two step reports: ten a second, whatever the speed."""


def read_command(text: str) -> "tuple[str, Any] | None":
    """``(name, value)`` for a message's data (as JSON text) that is exactly one of the
    shapes: the step for ``goto``, the strategy for ``strategy``, None for the others.
    None for anything else."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return None
    kind = data["type"]
    name = kind[len(PREFIX) :] if kind.startswith(PREFIX) else ""
    keys = SHAPES.get(name)
    if keys is None or sorted(data) != keys:
        return None
    if name == "goto":
        step = data["step"]
        valid = type(step) is int and 0 <= step <= MAX_STEP
        return (name, step) if valid else None
    if name == "strategy":
        return (name, data["strategy"]) if data["strategy"] in STRATEGIES else None
    return (name, None)


def step_report(step: int, kind: str | None, nodes: int) -> "dict[str, Any]":
    """The message that says where the widget is (``kind`` None: step 0, ``start``)."""
    return {"type": PREFIX + "step", "step": step, "kind": kind or START, "nodes": nodes}
