"""The reader's state at a step of their run, as a debugger shows it.

``state_at(code, grid, step)`` runs the reader's code again (``sudoku.watching``) up to
its ``step``-th write to the board (the player's step: 1 is the first write) and answers
what was open then: the reader's frames, outermost first, each with its ``function``,
``line`` and ``locals`` (name -> the value as shown: ``shown_value``), and the module's
own data (its globals that are not functions, classes or modules) as a first frame named
``<module>`` with line 0. A frame's ``self`` (an object of the reader's class) is shown
by its attributes, ``self.rows`` and so on: a search's own structures are what give a bug
away (``rows[0] = {'3', '5', '7', '9'}`` after an undo that forgot them).

Values are shown compactly: sets and dicts sorted, long lists, strings and dicts cut
(``MAX_ITEMS``), nesting cut (``MAX_DEPTH``), the board left out (``the board``, and a
row of it ``board[3]``). A re-run is a fresh run: code that uses ``random`` or the time
may write otherwise; ``expected`` (the run's token of that step, as
``sudoku.recording.token`` writes it) is checked against the re-run's, and ``matches``
says whether it agreed (None: nothing to check).

CPython and Pyodide only, like ``sudoku.watching``.
"""

from __future__ import annotations

import sys
import types

from sudoku.recording import token
from sudoku.watching import FILENAME, LIMITS, PRELUDE, Event, Row, Watched, watch

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType
    from typing import TypedDict

    from sudoku.grid import Grid

    class Frame(TypedDict):
        """One open call of the reader's code: its function, its line, its locals shown."""

        function: str
        line: int
        locals: dict[str, str]

    class State(TypedDict):
        """The state at a step: the ``frames`` (outermost first), the write of that step
        (``write``, as a recording's token), whether it matches the one ``expected``
        (None: none given), and ``message``: why there is no state ("" if there is)."""

        step: int
        frames: list[Frame]
        write: str
        matches: bool | None
        message: str


MAX_ITEMS = 12
"""Items of a list, set or dict shown before ``...``."""

MAX_TEXT = 200
"""Characters of one value shown, at most."""

MAX_DEPTH = 3
"""Containers inside containers shown, at most."""

MAX_NAMES = 60
"""Names shown in one frame, at most."""

HIDDEN = (types.FunctionType, types.BuiltinFunctionType, types.ModuleType, type)
"""Globals that are code, not data: not shown in the ``<module>`` frame."""


def shown_value(value: object, depth: int = 0) -> str:
    """``value`` as the Variables panel shows it: short, sorted where order means
    nothing, the board left out."""
    text = picture(value, depth)
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."


def picture(value: object, depth: int) -> str:  # noqa: PLR0911 (one return per kind)
    """``shown_value`` before the cut to ``MAX_TEXT``."""
    if isinstance(value, Watched):
        return "the board"
    if isinstance(value, Row) and value.number >= 0:
        return f"board[{value.number}]"
    if value is None or isinstance(value, (bool, int, float, complex)):
        return repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge int"
    if isinstance(value, str):
        return repr(value if len(value) <= MAX_TEXT else value[:MAX_TEXT])
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return container(value, depth)
    if isinstance(value, types.GeneratorType):
        return f"a generator of {value.__name__}"
    if callable(value):
        return f"function {getattr(value, '__name__', '?')}"
    return f"a {type(value).__name__} object"


def container(
    value: list[object]
    | tuple[object, ...]
    | set[object]
    | dict[object, object]
    | frozenset[object],
    depth: int,
) -> str:
    """A list, tuple, set or dict, its items shown (sorted for a set or a dict), cut at
    ``MAX_ITEMS``; deeper than ``MAX_DEPTH``, only its size."""
    size = len(value)
    if depth >= MAX_DEPTH:
        return f"{type(value).__name__} of {size}"
    if isinstance(value, dict):
        keys = in_order(list(value)[: MAX_ITEMS * 20])
        items = [
            f"{picture(key, depth + 1)}: {picture(value[key], depth + 1)}"
            for key in keys[:MAX_ITEMS]
        ]
        ends = "{", "}"
    elif isinstance(value, (set, frozenset)):
        items = [
            picture(item, depth + 1) for item in in_order(list(value)[: MAX_ITEMS * 20])[:MAX_ITEMS]
        ]
        ends = ("{", "}") if size else ("set(", ")")
    else:
        items = [picture(item, depth + 1) for item in value[:MAX_ITEMS]]
        ends = ("[", "]") if isinstance(value, list) else ("(", ",)" if size == 1 else ")")
    if size > MAX_ITEMS:
        items.append(f"... {size} items")
    return ends[0] + ", ".join(items) + ends[1]


def in_order(items: list[object]) -> list[object]:
    """``items`` sorted, as Python sorts them where it can, else by their type and text."""
    try:
        return sorted(items)  # type: ignore[type-var]
    except TypeError:
        return sorted(items, key=lambda item: (type(item).__name__, repr(item)[:50]))


def frame_locals(frame: FrameType) -> dict[str, str]:
    """A frame's locals shown: its own, then ``self``'s attributes as ``self.name``."""
    found: dict[str, str] = {}
    for name, value in list(frame.f_locals.items())[:MAX_NAMES]:
        if name.startswith("__"):
            continue
        attributes = getattr(value, "__dict__", None) if name == "self" else None
        if isinstance(attributes, dict) and type(value).__module__ == "solution":
            found[name] = f"a {type(value).__name__} object"
            for attribute, held in list(attributes.items())[:MAX_NAMES]:
                put(found, f"self.{attribute}", held)
        else:
            put(found, name, value)
    return found


def put(found: dict[str, str], name: str, value: object) -> None:
    """``value`` shown under ``name``; a short list of sets or dicts (a set per row, ...)
    item by item, ``rows[0]``, ``rows[1]``, ...: the one that gives a bug away reads at
    a glance."""
    if (
        isinstance(value, (list, tuple))
        and 0 < len(value) <= MAX_ITEMS
        and all(isinstance(item, (set, frozenset, dict)) for item in value)
    ):
        for index, item in enumerate(value):
            found[f"{name}[{index}]"] = shown_value(item)
    else:
        found[name] = shown_value(value)


def module_data(namespace: dict[str, object]) -> dict[str, str]:
    """The reader's module's data: globals that are not code, nor the prelude's."""
    found: dict[str, str] = {}
    for name, value in namespace.items():
        if name.startswith("__") or name in PRELUDE or name == "print":
            continue
        if isinstance(value, HIDDEN) or len(found) >= MAX_NAMES:
            continue
        put(found, name, value)
    return found


def frames_now() -> list[Frame]:
    """The reader's frames open now, outermost first, and its module's data first."""
    frame: FrameType | None = sys._getframe(1)
    found: list[Frame] = []
    namespace: dict[str, object] | None = None
    while frame is not None:
        if frame.f_code.co_filename == FILENAME:
            namespace = frame.f_globals
            if frame.f_code.co_name != "<module>":
                found.append(
                    {
                        "function": frame.f_code.co_name,
                        "line": frame.f_lineno,
                        "locals": frame_locals(frame),
                    }
                )
        frame = frame.f_back
    found.reverse()
    for outer in found[:-1]:  # ``self``'s attributes once: in the innermost frame with them
        if any(name.startswith("self.") for name in outer["locals"]):
            outer["locals"] = {k: v for k, v in outer["locals"].items() if "self." not in k}
    data = module_data(namespace) if namespace is not None else {}
    module: Frame = {"function": "<module>", "line": 0, "locals": data}
    return ([module] if data else []) + found


def state_at(code: str, grid: Grid, step: int, expected: str = "") -> State:
    """The reader's state right after the ``step``-th write of ``code`` run on ``grid``
    (see the module's docstring). ValueError for a malformed ``grid``."""
    state: State = {"step": step, "frames": [], "write": "", "matches": None, "message": ""}
    reached = [False]

    def seen(event: Event) -> None:
        if event["step"] == step - 1:
            reached[0] = True
            state["frames"] = frames_now()
            try:
                state["write"] = token(event)
            except ValueError:
                state["write"] = ""

    run = watch(code, grid, LIMITS._replace(events=step), seen)
    if not reached[0]:
        made = run["steps"]
        state["message"] = f"this run makes {made} write{'' if made == 1 else 's'}: no step {step}"
        return state
    if expected:
        state["matches"] = expected == state["write"]
        if not state["matches"]:
            state["message"] = (
                f"run again, your code made another write at step {step} ({state['write']}, "
                f"not {expected}): does it use random numbers or the time? The variables "
                "shown are the new run's"
            )
    return state
