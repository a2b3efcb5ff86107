"""The reference tracer: ``sudoku.watching`` as it was when it ran ``sys.settrace`` on
every line, kept unchanged (but for this paragraph) so that tracer_compare.py can prove the
new tracer's writes, their lines and depths, and its counters equal to it.

Watch a reader's own LeetCode 37 code search: every write to the board, as an event.

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
writes     values written so far (``place`` events); ``undos``: ``"."`` written
lines      lines of the reader's code run so far; ``calls``: its calls so far
ms         milliseconds since the run started
=========  ===================================================================

Runaway code is stopped, and said so (``stopped: more than 1,000,000 steps``): past the
``Limits`` on writes (steps), lines run and seconds, recursion past the interpreter's
limit, or memory running out. The trace function checks the caps as lines run and raises
``Stopped``, a BaseException, so ``except Exception:`` does not catch it; where CPython
allows it, a wall-clock alarm also stops code that runs no new line (``while True: pass``
on one line). Code that catches BaseException (a bare ``except:``) and loops on can
outlive both in Pyodide, whose worker the page must end. A reader's exception is told as
theirs: ``error on line 7: IndexError: list index out of range`` and a traceback of
their file's lines only.

CPython and Pyodide only: it needs ``sys.settrace`` (MicroPython has none), so
``import sudoku`` never loads this module.
"""

from __future__ import annotations

import builtins
import collections
import io
import math
import signal
import sys
import typing
from collections import namedtuple
from functools import partial
from time import perf_counter

from sudoku import watching
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
        (steps: writes of values and undos), lines run, calls, the deepest, time, and
        the lines run before the first write (-1: none)."""

        reason: str
        steps: int
        writes: int
        undos: int
        lines: int
        calls: int
        max_depth: int
        seconds: float
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
        writes: int
        undos: int
        lines: int
        calls: int
        ms: float

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

else:
    Event = Run = dict  # plain dicts at run time


FILENAME = "solution.py"
"""The name the reader's code is compiled under: how its frames are told from ours."""


class Limits(namedtuple("Limits", ["events", "lines", "seconds"])):
    """Caps on a run: writes to the board (steps), lines of the reader's code run, seconds."""

    __slots__ = ()


LIMITS = Limits(events=1_000_000, lines=50_000_000, seconds=10.0)
"""The default caps: far above what honest code needs on a puzzle with one solution, and
an infinite loop stops within ``LIMITS.seconds``."""

ALARM_AFTER = 1.0
"""Seconds between the seconds' cap and the alarm (``arm_alarm``), and between alarms."""

CLOCK_EVERY = 4096
"""Lines run between two looks at the clock (a power of two: a mask, not a division)."""

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


class Tally(namedtuple("Tally", ["called", "note", "stop", "counts", "limits"])):
    """One run's trace functions and counters (``tally``): ``called``, the global trace
    function; ``note(cell, old, value)``, a write; ``stop(why)``, the exception that stops
    the run (the first reason is kept); ``counts()``, the counters now; its ``limits``."""

    __slots__ = ()


def tally(limits: Limits, on_event: Callable[[Event], None] | None) -> Tally:
    """The trace functions of one run under ``limits``, telling ``on_event`` of each write.

    ``called`` traces only frames of the reader's file (it returns None for the others);
    ``local`` counts their lines run and their ends; a cap reached raises ``Stopped``.
    These run for every line of the reader's code, so they are closures over plain local
    counters: 1.4x as fast as methods on an object (measured with CPython 3.11).
    """
    lines = calls = depth = max_depth = steps = writes = undos = 0
    first_write = -1  # lines run before the first write (-1: no write yet)
    reason = ""
    started = perf_counter()
    deadline = started + limits.seconds
    max_lines, max_events = limits.lines, limits.events

    def stop(why: str) -> Stopped:
        nonlocal reason
        reason = reason or why
        return Stopped(reason)

    def local(frame: FrameType, event: str, arg: object) -> TraceFunction:  # noqa: ARG001
        nonlocal lines, depth
        if event == "line":
            lines += 1
            if lines > max_lines:
                raise stop(f"more than {grouped(max_lines)} lines run")
            if not lines & (CLOCK_EVERY - 1) and perf_counter() > deadline:
                raise stop(f"still running after {limits.seconds:g} seconds")
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
        if steps >= max_events:
            raise stop(f"more than {grouped(max_events)} steps")
        undo = value == BLANK
        steps += 1
        if undo:
            undos += 1
        else:
            writes += 1
        if first_write < 0:
            first_write = lines
        if on_event is None:
            return
        frame: FrameType | None = sys._getframe(2)  # the writer's (``note``, a Row, then it)
        while frame is not None and frame.f_code.co_filename != FILENAME:
            frame = frame.f_back
        shown_value = old if undo else value
        on_event(
            {
                "step": steps - 1,
                "kind": "undo" if undo else "place",
                "cell": NAMES[cell],
                "digit": shown_value if type(shown_value) is str else shown(shown_value),
                "line": 0 if frame is None else frame.f_lineno,
                "depth": depth,
                "writes": writes,
                "undos": undos,
                "lines": lines,
                "calls": calls,
                "ms": round((perf_counter() - started) * 1000, 3),
            }
        )

    def counts() -> Counts:
        return {
            "reason": reason,
            "steps": steps,
            "writes": writes,
            "undos": undos,
            "lines": lines,
            "calls": calls,
            "max_depth": max_depth,
            "seconds": perf_counter() - started,
            "first_write": first_write,
        }

    return Tally(called, note, stop, counts, limits)


def wrote_at_end(counts: Counts) -> bool:
    """Whether every write came at the end, with no undo, after the search was done: the
    lines run from the first write on are few per write, and fewer than before it."""
    after = counts["lines"] - counts["first_write"]
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
) -> Run:
    """Run the reader's ``code`` on ``grid`` (as a LeetCode board) and tell what it did.

    ``on_event`` gets each write as it happens. Checks ``grid`` at once (ValueError); the
    reader's mistakes (no entry point, a syntax error, an exception, runaway code) are not
    raised but told in the ``Run``: ``outcome`` ``error`` or ``stopped``, and ``message``.
    What the code prints (``print``, unless to a file of its own) is kept in ``printed``.
    """
    rows = [list(checked_grid(grid)[start : start + 9]) for start in range(0, 81, 9)]
    traced = tally(limits, on_event)
    board = Watched(rows, traced.note)
    printed = Printed()
    try:
        compiled = compile(code, FILENAME, "exec")
    except SyntaxError as error:
        outcome, message, traceback = "error", *syntax_error(error)
    else:
        outcome, message, traceback = run_traced(compiled, code, board, traced, printed)
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
    }


def run_traced(
    compiled: CodeType, code: str, board: Watched, traced: Tally, printed: Printed
) -> tuple[str, str, list[str]]:
    """Run the module ``compiled`` (of text ``code``) and its solver on ``board`` under
    ``traced``'s trace, its ``print`` into ``printed``: the outcome, message and traceback
    (a stop is left in ``traced``'s counts)."""
    before = sys.gettrace()
    disarm = arm_alarm(traced)
    sys.settrace(traced.called)
    failure: BaseException | None = None
    try:
        entry = entry_point(compiled, printed)
        if isinstance(entry, str):
            return "error", entry, []
        entry(board)
    except Stopped:
        pass
    except RecursionError as error:
        traced.stop(recursion_message(error.__traceback__))
    except MemoryError as error:
        traced.stop(f"out of memory{at_line(error.__traceback__)}")
    except (Exception, SystemExit) as error:  # the reader's own (exit() too), told as theirs
        failure = error
    finally:
        sys.settrace(before)
        disarm()
    if failure is not None:
        return "error", *exception_told(failure, code)
    return "returned", "", []


def arm_alarm(traced: Tally) -> Callable[[], None]:
    """Where the interpreter has one (CPython's main thread; not Pyodide), a wall-clock
    alarm that stops the run ``ALARM_AFTER`` seconds past the seconds' cap, and again every
    ``ALARM_AFTER`` seconds: for a loop the trace function never hears from (``while True:
    pass`` on one line is one jump to itself: no line event). Returns the alarm's disarm,
    which puts back the alarm that was set before (a test runner's timeout), less the time
    spent."""
    armed = [True]

    def ring(signal_number: int, frame: object) -> None:  # noqa: ARG001
        if armed[0]:
            raise traced.stop(f"still running after {traced.limits.seconds:g} seconds")

    try:
        handler = signal.signal(signal.SIGALRM, ring)
        delay, interval = signal.setitimer(
            signal.ITIMER_REAL, traced.limits.seconds + ALARM_AFTER, ALARM_AFTER
        )
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


def exception_told(error: BaseException, code: str) -> tuple[str, list[str]]:
    """The reader's exception in the words of the tracer under test (``sudoku.watching``):
    what is compared is what each tracer saw, not how a traceback is worded."""
    return watching.exception_told(error, code)


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
