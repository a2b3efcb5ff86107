"""Watch a reader's own LeetCode 37 code search: every write to the board, as an event.

``watch(code, grid)`` runs ``code`` (the text of a ``class Solution`` with LeetCode's
``def solveSudoku(self, board)``, or a ``def solve(board)`` function) on ``grid`` as a
LeetCode board, and returns what happened: the board at the end, the counters, how the
run ended (``returned``, ``error`` or ``stopped``) and its message. The board's rows are
lists that notice each write: ``board[r][c] = "5"`` is a ``place`` event, ``board[r][c]
= "."`` an ``undo``. Reads, and the reader's own data structures, are theirs alone:
code that searches on its own structures and copies its answer in at the end shows as
writes at the end, and ``Run["at_end"]`` says so.

Each event (passed to ``on_event`` as it happens) holds:

=========  ===================================================================
step       0-based
kind       ``place`` (a value written, not ``"."``) or ``undo`` (``"."`` written)
cell       ``r1c1`` .. ``r9c9``
digit      the value written (``place``) or the one taken out (``undo``), as text
line       the line of the reader's code that wrote it (1-based; 0: none of theirs)
depth      how many calls of the reader's code were open (the entry point is 1)
=========  ===================================================================

What it costs. The rows themselves tell of each write (the writer's line is read from its
frame), so nothing is called back on every line. Where the interpreter has PEP 669's
``sys.monitoring`` (CPython 3.12+, Pyodide) the run counts the reader's calls (and knows
how deep they are) from events on their code only, and switches off (``DISABLE``) every
jump but a ``while`` loop's; each line's run count (``heat``) is kept only when asked
(``watch(..., heat=True)``: a line event each, about 2.5 times the cost). Elsewhere
(CPython 3.11) ``sys.settrace`` calls back on every line, and the heat is always kept.

Caps are LeetCode's kind: a wall-clock limit per puzzle (``Limits.seconds``, 10 s: "took
more than 10 s: LeetCode would time out"); a cap on writes (steps) or lines only when
asked; recursion past the interpreter's limit and memory running out stop the run too.
The clock is read every so many calls, writes and turns of a ``while`` loop, and, where
CPython allows one (its main thread), a wall-clock alarm rings at the limit too (a ``for``
loop that calls nothing). Past the limit, the lines are counted for ``WINDOW`` seconds to
name the line that was running and how often it ran: ``stopped: took more than 10 s:
LeetCode would time out (line 7 was running, 2,400,000 times a second)``. The stop is
``Stopped``, a BaseException, so ``except Exception:`` does not catch it. Code that
catches BaseException (a bare ``except:``) and loops on can outlive it in Pyodide, whose
worker the page must end (so must a ``for`` loop there that calls and writes nothing). A
reader's exception is told as theirs: ``error on line 7: IndexError: list index out of
range`` and a traceback of their file's lines only.

CPython and Pyodide only: it needs ``sys.monitoring`` or ``sys.settrace`` (MicroPython
has neither), so ``import sudoku`` never loads this module.
"""

from __future__ import annotations

import builtins
import collections
import dis
import io
import math
import signal
import sys
import typing
from collections import namedtuple
from functools import partial
from time import perf_counter

from sudoku.formats import shown
from sudoku.grid import BLANK, Grid, checked_grid
from sudoku.tracing import NAMES
from sudoku.words import grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import CodeType, FrameType, TracebackType
    from typing import Any, TypedDict

    from _typeshed import TraceFunction

    Note = Callable[[int, object, object], None]

    class Counts(TypedDict):
        """A run's counters: ``reason`` it was stopped ("" if not), writes to the board
        (steps: writes of values and undos), lines run (0 if not counted), calls, the
        deepest, time, each line's run count (``heat``: [] if not counted), the work
        (lines if counted, else calls) done in all and before the first write (-1:
        none)."""

        reason: str
        steps: int
        writes: int
        undos: int
        lines: int
        calls: int
        max_depth: int
        seconds: float
        heat: list[int]
        work: int
        first_write: int

    """How a row tells of a write: the cell (0-80), the value before, the value written."""

    class Event(TypedDict):
        """One write to the board, as the reader's code made it."""

        step: int
        kind: str
        cell: str
        digit: str
        line: int
        depth: int

    class Run(TypedDict):
        """What a run did: how it ended, its board at the end and its counters."""

        outcome: str
        message: str
        traceback: list[str]
        board: list[object]
        steps: int
        writes: int
        undos: int
        lines: int
        calls: int
        max_depth: int
        seconds: float
        at_end: bool
        printed: str
        heat: list[int]

else:
    Event = Run = dict  # plain dicts at run time


FILENAME = "solution.py"
"""The name the reader's code is compiled under: how its frames are told from ours."""


MONITORING: Any = getattr(sys, "monitoring", None)
"""PEP 669's ``sys.monitoring`` (CPython 3.12+, Pyodide), or None: ``sys.settrace`` then."""


class Limits(namedtuple("Limits", ["events", "lines", "seconds"])):
    """Caps on a run: writes to the board (steps; 0: none), lines of the reader's code run
    (0: none; counted only with ``heat``, or under ``sys.settrace``), and seconds."""

    __slots__ = ()


LIMITS = Limits(events=0, lines=0, seconds=10.0)
"""The default caps: LeetCode's kind, a time limit per puzzle and no count of steps."""

WINDOW = 0.25
"""Seconds the lines are counted past the time limit, to name the line running and how
often it ran."""

ALARM_AFTER = 1.0
"""Seconds between two rings of the alarm (``arm_alarm``) after the first, at the limit."""

CLOCK_EVERY = 4096
"""Lines run or turns of a ``while`` loop between two looks at the clock (a power of two:
a mask, not a division)."""

CALLS_EVERY = 256
"""Calls, or writes, between two looks at the clock."""

TOOLS = (2, 3, 4, 5, 0)
"""The ``sys.monitoring`` tool ids a run may take, the first one free: the profiler's
first (2; the debugger's, 0, last; coverage's, 1, never)."""

FOR_ITER = dis.opmap["FOR_ITER"]
"""A ``for`` loop's next turn: the target of its jump back (a loop over a finite range
ends: its jumps are switched off, a ``while`` loop's are not)."""

PRELUDE: dict[str, object] = {
    "List": typing.List,  # noqa: UP006 (LeetCode's template spells the board's type so)
    "Dict": typing.Dict,  # noqa: UP006
    "Set": typing.Set,  # noqa: UP006
    "Tuple": typing.Tuple,  # noqa: UP006
    "Optional": typing.Optional,
    "defaultdict": collections.defaultdict,
    "deque": collections.deque,
    "Counter": collections.Counter,
    "math": math,
}
"""What LeetCode's judge has imported before the reader's code runs (a part of it)."""

MAX_PRINTED = 100_000
"""The characters of the reader's printed output a run keeps."""

AT_END_LINES = 20
"""Lines run per write, at most, from the first write on, for a run whose writes come
at its end: a copy of an answer made elsewhere, not a search on the board."""

MUTATORS = (
    "__delitem__",
    "__iadd__",
    "__imul__",
    "append",
    "clear",
    "extend",
    "insert",
    "pop",
    "remove",
    "reverse",
    "sort",
)
"""The list methods, besides ``__setitem__``, that can change what a list holds."""


class Printed(io.StringIO):
    """What the reader's code prints, kept up to ``MAX_PRINTED`` characters (the rest is
    dropped: code printing in a loop until a cap stops it would fill the memory)."""

    def write(self, text: str) -> int:
        room = MAX_PRINTED - self.tell()
        if room > 0:
            super().write(text[:room])
        return len(text)


class Stopped(BaseException):
    """Raised into the reader's code to stop it: a BaseException, so that their
    ``except Exception:`` does not catch it."""


class Row(list):  # type: ignore[type-arg]
    """A board row: a list in every way, that tells ``note`` of each write into it.

    ``number`` is its row on the board (0-8; -1 once it is not one of the board's first
    nine rows); ``note(cell, old, value)`` records a write.
    """

    __slots__ = ("note", "number")

    def __init__(self, values: object, note: Note) -> None:
        super().__init__(values)  # type: ignore[call-overload]
        self.note, self.number = note, -1

    def __setitem__(self, index: Any, value: Any) -> None:
        if type(index) is not int:  # a slice (or an int-like object): rare, so diffed
            before = list(self)
            list.__setitem__(self, index, value)
            self.changed(before)
            return
        try:
            old = self[index]
        except IndexError:
            old = None  # the write below raises the error a list gives
        list.__setitem__(self, index, value)
        column = index if index >= 0 else index + len(self)
        if self.number >= 0 and column < 9:
            self.note(self.number * 9 + column, old, value)

    def changed(self, before: list[object]) -> None:
        """The row held ``before`` and was changed: one write per cell whose value changed."""
        if self.number >= 0:
            for column, (old, value) in enumerate(zip(before[:9], list(self)[:9], strict=False)):
                if old != value:
                    self.note(self.number * 9 + column, old, value)

    def __copy__(self) -> list[object]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, object]) -> list[object]:
        return list(self)  # its values are strings: immutable


def row_mutator(name: str) -> Callable[..., object]:
    """``list.name`` for a ``Row``, followed by a write per changed cell."""
    method = getattr(list, name)

    def mutate(self: Row, *args: object) -> object:
        before = list(self)
        result = method(self, *args)
        self.changed(before)
        return result

    mutate.__name__ = name
    return mutate


for _name in MUTATORS:
    setattr(Row, _name, row_mutator(_name))


class Watched(list):  # type: ignore[type-arg]
    """The board handed to the reader's code: 9 ``Row`` lists. A list put into it becomes a
    ``Row`` (a copy: its writes are then seen), and a change of rows renumbers them."""

    __slots__ = ("note",)

    def __init__(self, rows: list[list[str]], note: Note) -> None:
        self.note = note
        super().__init__(Row(row, note) for row in rows)
        self.renumber([])

    def __setitem__(self, index: Any, value: Any) -> None:
        before, rows = self.values(), list(self)
        new = [self.as_row(v) for v in value] if isinstance(index, slice) else self.as_row(value)
        list.__setitem__(self, index, new)
        self.changed(before, rows)

    def as_row(self, value: object) -> object:
        """A list put into the board becomes a ``Row`` of its values."""
        return Row(value, self.note) if type(value) is list else value

    def values(self) -> list[list[object]]:
        """What each row holds now (``[]`` for one that is not a list)."""
        return [list(row) if isinstance(row, list) else [] for row in self]

    def renumber(self, gone: list[object]) -> None:
        """Number the first nine rows 0-8; rows in ``gone`` that are not among them, -1."""
        for row in gone:
            if isinstance(row, Row):
                row.number = -1
        for number, row in enumerate(list(self)[:9]):
            if isinstance(row, Row):
                row.number = number

    def changed(self, before: list[list[object]], rows: list[object]) -> None:
        """The board's ``rows`` held ``before`` and rows were changed: renumber them, and
        one write per cell whose value changed."""
        self.renumber(rows)
        after = self.values()
        for number in range(min(9, len(before), len(after))):
            for column in range(min(9, len(before[number]), len(after[number]))):
                if before[number][column] != after[number][column]:
                    self.note(number * 9 + column, before[number][column], after[number][column])

    def __copy__(self) -> list[object]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, object]) -> list[list[object]]:
        return [list(row) if isinstance(row, list) else row for row in self]


def board_mutator(name: str) -> Callable[..., object]:
    """``list.name`` for the board, followed by renumbering and a write per changed cell."""
    method = getattr(list, name)

    def mutate(self: Watched, *args: object) -> object:
        before, rows = self.values(), list(self)
        if name in ("append", "insert"):
            args = (*args[:-1], self.as_row(args[-1]))
        elif name in ("extend", "__iadd__"):
            args = ([self.as_row(row) for row in args[0]],)  # type: ignore[attr-defined]
        result = method(self, *args)
        self.changed(before, rows)
        return result

    mutate.__name__ = name
    return mutate


for _name in MUTATORS:
    setattr(Watched, _name, board_mutator(_name))


class Tally(namedtuple("Tally", ["hooks", "note", "stop", "late", "counts", "limits", "wake"])):
    """One run's hooks and counters (``tally``): ``hooks``, the functions the interpreter
    calls back (``Hooks``); ``note(cell, old, value)``, a write; ``stop(why)``, the
    exception that stops the run (the first reason is kept); ``late(line)``, called past
    the time limit (``line`` running); ``counts()``, the counters now; its ``limits``;
    ``wake``, a list of one function, called once past the limit: it switches the line
    events on where they are off."""

    __slots__ = ()


class Hooks(namedtuple("Hooks", ["called", "started", "ended", "jumped", "counted"])):
    """The call-backs of a run: ``called``, the global trace function (``sys.settrace``);
    for ``sys.monitoring``: ``started`` (a call or a generator resumed), ``ended`` (a
    return, a yield or an exception's way out), ``jumped`` (a jump), ``counted`` (a
    line)."""

    __slots__ = ()


def tally(  # noqa: PLR0915 (one run's hooks, closures over its counters)
    limits: Limits, on_event: Callable[[Event], None] | None, lines_in: int, counting: bool
) -> Tally:
    """The hooks of one run under ``limits`` (of code of ``lines_in`` lines), telling
    ``on_event`` of each write, ``counting`` each line's runs (``heat``) or not.

    These run for every call (and under ``sys.settrace`` every line) of the reader's
    code, so they are closures over plain local counters, which CPython reads faster
    than an object's attributes.
    """
    lines = calls = depth = max_depth = steps = writes = undos = 0
    first_write = -1  # work done before the first write (-1: no write yet)
    heat = [0] * (lines_in + 2)
    line_maps: dict[CodeType, dict[int, int]] = {}
    wake: list[Callable[[], None]] = [lambda: None]
    reason = ""
    started_at = perf_counter()
    deadline = started_at + limits.seconds
    window_ends = 0.0  # past the limit: when the window of counted lines ends (0: not yet)
    before = heat  # the heat when the window began
    max_lines, max_events = limits.lines, limits.events

    def stop(why: str) -> Stopped:
        nonlocal reason
        reason = reason or why
        return Stopped(reason)

    def late(line: int) -> bool:
        """Past the time limit (``line`` running): start the window of counted lines,
        or at its end stop the run, naming the line and how often it ran in the window.
        Whether the window had begun already."""
        nonlocal window_ends, before, counting
        now = perf_counter()
        if not window_ends:
            window_ends, before = now + WINDOW, list(heat)
            if not counting:
                counting = True
                wake[0]()
            return False
        if now > window_ends:
            said = f"took more than {limits.seconds:g} s: LeetCode would time out"
            if line > 0:
                ran = (heat[line] - before[line]) / WINDOW if line < len(heat) else 0
                rate = f", {grouped(round(ran))} times a second" if ran else ""
                said += f" (line {line} was running{rate})"
            raise stop(said)
        return True

    def started(code: CodeType, offset: int) -> None:  # noqa: ARG001
        nonlocal calls, depth, max_depth
        calls += 1
        depth += 1
        max_depth = max(depth, max_depth)
        if not calls & (CALLS_EVERY - 1) and perf_counter() > deadline:
            late(sys._getframe(1).f_lineno)

    def ended(code: CodeType, offset: int, value: object) -> None:  # noqa: ARG001
        nonlocal depth
        depth -= 1

    def counted(code: CodeType, line: int) -> None:  # noqa: ARG001
        nonlocal lines
        lines += 1
        heat[line] += 1
        if not lines & (CLOCK_EVERY - 1):
            if max_lines and lines > max_lines:
                raise stop(f"more than {grouped(max_lines)} lines run")
            if perf_counter() > deadline:
                late(line)

    def jumped(code: CodeType, source: int, target: int) -> object:
        nonlocal lines
        if window_ends:
            late(sys._getframe(1).f_lineno)  # a loop on one line makes no line event
            return None
        if target > source:
            return MONITORING.DISABLE
        if counting:  # a jump back within a line: a line run again, as sys.settrace counts
            where = line_maps.get(code) or line_map(code, line_maps)
            if where[target] != where[source]:
                return MONITORING.DISABLE  # the line event counts it
            counted(code, where[target])
            return None
        if code.co_code[target] == FOR_ITER:
            return MONITORING.DISABLE
        lines += 1  # a while loop's turn
        if not lines & (CLOCK_EVERY - 1) and perf_counter() > deadline:
            late(sys._getframe(1).f_lineno)
        return None

    def local(frame: FrameType, event: str, arg: object) -> TraceFunction:  # noqa: ARG001
        nonlocal lines, depth
        if event == "line":
            lines += 1
            heat[frame.f_lineno] += 1
            if not lines & (CLOCK_EVERY - 1):
                if max_lines and lines > max_lines:
                    raise stop(f"more than {grouped(max_lines)} lines run")
                if perf_counter() > deadline:
                    late(frame.f_lineno)
        elif event == "return":
            depth -= 1
        return local

    def called(frame: FrameType, event: str, arg: object) -> TraceFunction | None:  # noqa: ARG001
        nonlocal calls, depth, max_depth
        if frame.f_code.co_filename != FILENAME:
            return None
        calls += 1
        depth += 1
        max_depth = max(max_depth, depth)
        return local

    def note(cell: int, old: object, value: object) -> None:
        nonlocal steps, writes, undos, first_write
        if reason:
            raise stop(reason)  # stopped already: the reader's code caught it
        if max_events and steps >= max_events:
            raise stop(f"more than {grouped(max_events)} steps")
        undo = value == BLANK
        steps += 1
        if undo:
            undos += 1
        else:
            writes += 1
        if first_write < 0:
            first_write = lines if counting else calls
        frame: FrameType | None = sys._getframe(2)  # the writer's (``note``, a Row, then it)
        while frame is not None and frame.f_code.co_filename != FILENAME:
            frame = frame.f_back
        line = 0 if frame is None else frame.f_lineno
        if not steps & (CALLS_EVERY - 1) and perf_counter() > deadline:
            late(line)
        if on_event is None:
            return
        shown_value = old if undo else value
        on_event(
            {
                "step": steps - 1,
                "kind": "undo" if undo else "place",
                "cell": NAMES[cell],
                "digit": shown_value if type(shown_value) is str else shown(shown_value),
                "line": line,
                "depth": depth,
            }
        )

    def counts() -> Counts:
        return {
            "reason": reason,
            "steps": steps,
            "writes": writes,
            "undos": undos,
            "lines": lines if counting else 0,
            "calls": calls,
            "max_depth": max_depth,
            "seconds": perf_counter() - started_at,
            "heat": heat if counting else [],
            "work": lines if counting else calls,
            "first_write": first_write,
        }

    hooks = Hooks(called, started, ended, jumped, counted)
    return Tally(hooks, note, stop, late, counts, limits, wake)


def line_map(code: CodeType, maps: dict[CodeType, dict[int, int]]) -> dict[int, int]:
    """The line of each instruction's offset in ``code``, kept in ``maps``."""
    found = maps[code] = {}
    for start, end, line in code.co_lines():
        for offset in range(start, end, 2):
            found[offset] = line or 0
    return found


def wrote_at_end(counts: Counts) -> bool:
    """Whether every write came at the end, with no undo, after the search was done: the
    work (lines run, or calls where lines are not counted) from the first write on is
    little per write, and less than before it."""
    after = counts["work"] - counts["first_write"]
    return (
        counts["writes"] > 0
        and counts["undos"] == 0
        and after <= AT_END_LINES * counts["writes"]
        and after < counts["first_write"]
    )


def watch(
    code: str,
    grid: Grid,
    limits: Limits = LIMITS,
    on_event: Callable[[Event], None] | None = None,
    heat: bool = False,
) -> Run:
    """Run the reader's ``code`` on ``grid`` (as a LeetCode board) and tell what it did.

    ``on_event`` gets each write as it happens; with ``heat``, each line's run count is
    kept (``Run["heat"]``, by line number; always under ``sys.settrace``). Checks ``grid``
    at once (ValueError); the reader's mistakes (no entry point, a syntax error, an
    exception, runaway code) are not raised but told in the ``Run``: ``outcome`` ``error``
    or ``stopped``, and ``message``. What the code prints (``print``, unless to a file of
    its own) is kept in ``printed``.
    """
    rows = [list(checked_grid(grid)[start : start + 9]) for start in range(0, 81, 9)]
    tool = free_tool()
    traced = tally(limits, on_event, code.count("\n") + 1, heat or tool is None)
    board = Watched(rows, traced.note)
    printed = Printed()
    try:
        compiled = compile(code, FILENAME, "exec")
    except SyntaxError as error:
        outcome, message, traceback = "error", *syntax_error(error)
    else:
        watched = Watching(compiled, board, traced, printed, tool, heat)
        outcome, message, traceback = run_traced(watched, code)
    counts = traced.counts()
    if counts["reason"]:
        outcome, message = "stopped", f"stopped: {counts['reason']}"
    return {
        "outcome": outcome,
        "message": message,
        "traceback": traceback,
        "board": [list(row) if isinstance(row, list) else row for row in board],
        "steps": counts["steps"],
        "writes": counts["writes"],
        "undos": counts["undos"],
        "lines": counts["lines"],
        "calls": counts["calls"],
        "max_depth": counts["max_depth"],
        "seconds": counts["seconds"],
        "at_end": wrote_at_end(counts),
        "printed": printed.getvalue(),
        "heat": counts["heat"],
    }


def codes_of(compiled: CodeType) -> list[CodeType]:
    """``compiled`` and every code object inside it (functions, classes, lambdas, ...)."""
    found = [compiled]
    for constant in compiled.co_consts:
        if isinstance(constant, type(compiled)):
            found.extend(codes_of(constant))
    return found


def free_tool() -> int | None:
    """A ``sys.monitoring`` tool id no one uses (None: none, or no ``sys.monitoring``)."""
    if MONITORING is None:
        return None
    return next((tool for tool in TOOLS if MONITORING.get_tool(tool) is None), None)


def monitor(tool: int, codes: list[CodeType], traced: Tally, heat: bool) -> Callable[[], None]:
    """Switch on ``sys.monitoring``'s events as ``tool`` for the reader's ``codes`` (their
    lines too, with ``heat``); their switch-off."""
    events, hooks, ours = MONITORING.events, traced.hooks, set(codes)
    MONITORING.use_tool_id(tool, "sudoku watch")

    def unwound(code: CodeType, offset: int, error: object) -> None:
        if code in ours:
            hooks.ended(code, offset, error)

    def thrown(code: CodeType, offset: int, error: object) -> None:  # noqa: ARG001
        if code in ours:
            hooks.started(code, offset)

    callbacks = {
        events.PY_START: hooks.started,
        events.PY_RESUME: hooks.started,
        events.PY_THROW: thrown,
        events.PY_RETURN: hooks.ended,
        events.PY_YIELD: hooks.ended,
        events.PY_UNWIND: unwound,
        events.JUMP: hooks.jumped,
        events.LINE: hooks.counted,
    }
    for event, callback in callbacks.items():
        MONITORING.register_callback(tool, event, callback)
    local = events.PY_START | events.PY_RESUME | events.PY_RETURN | events.PY_YIELD
    local |= events.JUMP | (events.LINE if heat else 0)
    for code in codes:
        MONITORING.set_local_events(tool, code, local)
    MONITORING.set_events(tool, events.PY_UNWIND | events.PY_THROW)

    def lines_on() -> None:
        """Past the limit: every line's event on, and the jumps switched off on again
        (a loop on one line makes no line event)."""
        for code in codes:
            MONITORING.set_local_events(tool, code, local | events.LINE)
        MONITORING.restart_events()

    traced.wake[0] = lines_on

    def off() -> None:
        MONITORING.set_events(tool, 0)
        for code in codes:
            MONITORING.set_local_events(tool, code, 0)
        for event in callbacks:
            MONITORING.register_callback(tool, event, None)
        MONITORING.free_tool_id(tool)

    return off


class Watching(namedtuple("Watching", ["compiled", "board", "traced", "printed", "tool", "heat"])):
    """A run to make: the module ``compiled``, the ``board``, the hooks (``traced``), where
    its ``print`` writes (``printed``), the ``sys.monitoring`` tool to watch it as (None:
    ``sys.settrace``), and whether each line's runs are counted (``heat``)."""

    __slots__ = ()


def run_traced(watched: Watching, code: str) -> tuple[str, str, list[str]]:
    """Run ``watched`` (its module's text is ``code``): the outcome, message and traceback
    (a stop is left in its hooks' counts)."""
    traced = watched.traced
    before = sys.gettrace()
    switch_off: Callable[[], None]
    disarm = arm_alarm(traced)
    if watched.tool is None:
        sys.settrace(traced.hooks.called)
        switch_off = partial(sys.settrace, before)
    else:
        switch_off = monitor(watched.tool, codes_of(watched.compiled), traced, watched.heat)
    failure: BaseException | None = None
    try:
        entry = entry_point(watched.compiled, watched.printed)
        if isinstance(entry, str):
            return "error", entry, []
        entry(watched.board)
    except Stopped:
        pass
    except RecursionError as error:
        traced.stop(recursion_message(error.__traceback__))
    except MemoryError as error:
        traced.stop(f"out of memory{at_line(error.__traceback__)}")
    except (Exception, SystemExit) as error:  # the reader's own (exit() too), told as theirs
        failure = error
    finally:
        switch_off()
        disarm()
    if failure is not None:
        return "error", *exception_told(failure, code)
    return "returned", "", []


def arm_alarm(traced: Tally) -> Callable[[], None]:
    """Where the interpreter has one (CPython's main thread; not Pyodide), a wall-clock
    alarm at the time limit, and again every ``ALARM_AFTER`` seconds: for a loop that
    neither calls, writes nor turns as a ``while`` (under ``sys.monitoring``), or makes no
    line event (``while True: pass`` on one line, under ``sys.settrace``). Returns the
    alarm's disarm, which puts back the alarm that was set before (a test runner's
    timeout), less the time spent."""
    armed = [True]

    def ring(signal_number: int, frame: FrameType | None) -> None:  # noqa: ARG001
        while frame is not None and frame.f_code.co_filename != FILENAME:
            frame = frame.f_back
        if armed[0]:  # the first ring begins the window, the next one ends the run
            traced.late(0 if frame is None else frame.f_lineno)

    try:
        handler = signal.signal(signal.SIGALRM, ring)
        delay, interval = signal.setitimer(signal.ITIMER_REAL, traced.limits.seconds, ALARM_AFTER)
    except (AttributeError, OSError, ValueError):  # no such signal, or not the main thread
        return lambda: None
    started = perf_counter()

    def disarm() -> None:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)
        if delay:
            left = max(delay - (perf_counter() - started), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, interval)

    return disarm


def entry_point(compiled: CodeType, printed: Printed) -> Callable[[object], object] | str:
    """Run the module ``compiled`` (its ``print`` writing into ``printed``) and find its
    solver: ``Solution().solveSudoku`` or ``solve``; else the message saying what is
    missing (or has the wrong signature)."""
    namespace: dict[str, Any] = {"__name__": "solution", "__builtins__": builtins, **PRELUDE}
    namespace["print"] = partial(print, file=printed)
    exec(compiled, namespace)  # noqa: S102 (running the reader's code is the point)
    found = namespace.get("Solution")
    method = getattr(found, "solveSudoku", None) if isinstance(found, type) else None
    if method is not None:
        problem = signature_problem(method, 2, "def solveSudoku(self, board)")
        return problem or found().solveSudoku  # type: ignore[misc]
    function = namespace.get("solve")
    if callable(function):
        return signature_problem(function, 1, "def solve(board)") or function
    return (
        "error: no solver found: write class Solution with def solveSudoku(self, board) "
        "(LeetCode's), or def solve(board)"
    )


def signature_problem(function: object, arguments: int, wanted: str) -> str:
    """Why ``function`` cannot be called with ``arguments`` positional arguments ("" if it can)."""
    code = getattr(function, "__code__", None)
    if code is None:
        return f"error: {wanted} must be a function"
    positional = code.co_argcount
    defaults = len(getattr(function, "__defaults__", None) or ())
    varargs = bool(code.co_flags & 0x04)
    if positional - defaults <= arguments and (positional >= arguments or varargs):
        return ""
    return f"error on line {code.co_firstlineno}: the solver must be {wanted}"


def user_frames(tb: TracebackType | None) -> list[tuple[int, str, int]]:
    """The (line, function, the function's first line) of each frame of the reader's code
    in a traceback, outermost first."""
    found = []
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == FILENAME:
            found.append((tb.tb_lineno, code.co_name, code.co_firstlineno))
        tb = tb.tb_next
    return found


def at_line(tb: TracebackType | None) -> str:
    """`` at line N``: the innermost line of the reader's code in ``tb`` ("" if none); a
    frame stopped as it was called (at its ``def`` line) gives way to its caller's."""
    lines = [line for line, _, first in user_frames(tb) if line != first]
    lines = lines or [line for line, _, _ in user_frames(tb)]
    return f" at line {lines[-1]}" if lines else ""


def recursion_message(tb: TracebackType | None) -> str:
    """Why a RecursionError stopped the run, in words."""
    limit = grouped(sys.getrecursionlimit())
    return f"recursion deeper than {limit} calls{at_line(tb)}"


SHOWN_REPEATS = 2
"""Frames shown of a run of identical ones (a recursion calling itself from one line);
the rest are folded into one line that counts them."""


def exception_told(error: BaseException, code: str) -> tuple[str, list[str]]:
    """The reader's exception as a one-line message and a traceback of their lines only,
    a recursion's repeated frames folded: ``... 50 more calls of go``."""
    frames = user_frames(error.__traceback__)
    said = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    line = frames[-1][0] if frames else 0
    source = code.splitlines()
    told = ["Traceback (your code only):"]
    at = 0
    while at < len(frames):
        number, function, _ = frames[at]
        repeats = 1
        while at + repeats < len(frames) and frames[at + repeats][:2] == (number, function):
            repeats += 1
        where = "the module" if function == "<module>" else function
        shown = repeats if repeats <= SHOWN_REPEATS + 1 else SHOWN_REPEATS
        for _ in range(shown):
            told.append(f"  line {number}, in {where}")
            if 0 < number <= len(source):
                told.append("    " + source[number - 1].strip())
        if shown < repeats:
            told.append(f"  ... {grouped(repeats - shown)} more calls of {where}")
        at += repeats
    told.append(said)
    return f"error on line {line}: {said}", told


def syntax_error(error: SyntaxError) -> tuple[str, list[str]]:
    """A syntax error as a one-line message and the line with a caret under the spot."""
    said = f"{type(error).__name__}: {error.msg}"
    told = [f"  line {error.lineno}"]
    if error.text:
        text = error.text.rstrip("\n")
        stripped = text.lstrip()
        told.append("    " + stripped)
        if error.offset:
            told.append("    " + " " * max(0, error.offset - 1 - (len(text) - len(stripped))) + "^")
    told.append(said)
    return f"error on line {error.lineno}: {said}", told
