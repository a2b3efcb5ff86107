"""The teaching search: depth-first search with backtracking, told one event at a time.

``trace(grid, strategy)`` is a lazy generator of small event records: what the search
tries, places, rejects, deduces, takes back, and how it ends. A player steps through
them while it shows the strategy as plain code (``source(strategy)``: the LeetCode
reader's own style, from ``sudoku.plain``) with the line of the current event
highlighted, and plays the events on its board with ``apply`` (forward, or backward to
step back). The trace is the truth: each strategy below is the real code that makes the
events, each event kind comes from one ``yield`` line of it, and the counters are the
algorithm's own (``naive`` places exactly as many digits as the LeetCode 37 editorial's
code). The plain code writes the same digits into the same cells in the same order, each
from the line ``source`` names for its kind (a unit test runs it under
``sudoku.watching`` to prove it): the marks are data, so they hold in MicroPython too.

Strategies (each a generator over a stack of open levels: one per open guess, at most 81):

- ``naive``: the LeetCode 37 editorial. The first blank in reading order, digits 1 to 9;
  a digit a peer already holds is rejected, naming that peer.
- ``mrv``: minimum remaining values. The blank with the fewest candidates (the lowest
  cell on ties), only its candidates, ascending; a blank with none is a dead end.
- ``propagate``: ``mrv`` plus singles. Before the first guess and after every guess,
  place every forced digit (naked and hidden singles) until none is left or a
  contradiction shows; a dead end takes back the forced digits, then the guess.

Every event has ``step`` (0-based), ``kind`` and the running counters after it:
``depth`` (open guesses), ``nodes`` (guesses placed), ``backtracks`` (guesses taken
back), ``max_depth``, and for ``propagate`` ``forced`` (forced digits placed). The
other keys by kind:

=========  ==============================================================
try        cell, digit: the search considers this digit here
reject     cell, digit, peer, unit: ``peer`` already holds it in ``unit``
place      cell, digit: a guess, written into the cell
force      cell, digit, reason (+ unit for a hidden single): a forced digit
stuck      reason, and the cell, or the digit and unit, of the contradiction
undo       cell, digit: the digit taken out again (a backtrack if it was a guess)
solved     grid: the solution
exhausted  (nothing else): every option failed, the puzzle has no solution
=========  ==============================================================

Conflicting givens never reach a strategy: ``trace`` says so at once with one
``stuck`` event (cell, peer, digit, unit, reason) and then ``exhausted``. Those two
events are the only ones no strategy line produces.

Each strategy keeps its open levels on a stack, one loop, where the textbook (and the
plain code the reader sees) recurses: a generator recursing with ``yield from`` passes
each event up through one frame per open guess, and under MicroPython, where the app's
and the widget's traces run, that was most of a deep search's time.
"""

from __future__ import annotations

from collections import namedtuple

from sudoku.formats import shown
from sudoku.grid import (
    BLANK,
    COL,
    DIGITS,
    PEERS,
    ROW,
    UNITS,
    UNITS_OF,
    Grid,
    cell_name,
    checked_grid,
    shared_unit,
    unit_name,
)
from sudoku.plain import PLAIN, unmarked
from sudoku.words import NAKED_SINGLE, STRATEGIES, both_hold, hidden_single, no_candidate, no_place

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterable, Iterator
    from typing import TypedDict


NAMES = tuple(cell_name(i) for i in range(81))
CELL_OF = {name: i for i, name in enumerate(NAMES)}
UNIT_NAMES = tuple(unit_name(u) for u in range(27))
SHARED_UNIT = tuple({p: shared_unit(i, p) for p in PEERS[i]} for i in range(81))


def scan_order(cell: int) -> tuple[int, ...]:
    """The 20 peers of ``cell`` in the order a reject looks at them: its row, column, then
    box, each ascending, each peer once (the box's own: those in neither line)."""
    row, column, box = UNITS_OF[cell]
    order = [peer for peer in UNITS[row] if peer != cell]
    order += [peer for peer in UNITS[column] if peer != cell]
    order += [peer for peer in UNITS[box] if ROW[peer] != ROW[cell] and COL[peer] != COL[cell]]
    return tuple(order)


SCAN = tuple(scan_order(i) for i in range(81))
"""Each cell's 20 peers in the order a reject looks at them: its row, column, then box."""

VALUE_BIT = dict([(BLANK, 0)] + [(digit, 1 << i) for i, digit in enumerate(DIGITS)])
"""Each value's bit in a unit's mask of the digits it holds (a blank holds none)."""

ALL_DIGITS = (1 << len(DIGITS)) - 1
"""The mask of every digit."""

FREE: dict[int, str] = {}
"""The digits a blank may take, by the mask of those its three units hold: a lookup, not
a loop. Filled as masks are met (at most 512): built whole at import it would cost
MicroPython's ``import sudoku`` on the app's page, which only checks conflicts."""

if TYPE_CHECKING:

    class Event(TypedDict, total=False):
        """One step of a trace: plain JSON-able data (it crosses a web-worker boundary)."""

        step: int
        kind: str
        cell: str
        digit: str
        peer: str
        unit: str
        reason: str
        grid: Grid
        depth: int
        nodes: int
        backtracks: int
        max_depth: int
        forced: int

else:
    Event = dict  # a plain dict at run time: MicroPython has no typing.TypedDict


class Search:
    """The state a strategy walks (``s`` in its source): cells, counters, and their events.

    The methods that write a cell (``place``, ``force``, ``undo``) also count and return
    the event, so a strategy shows one line per event and its counters cannot drift.
    """

    def __init__(self, grid: Grid, *, counts_forced: bool = False) -> None:
        self.cells = list(grid)
        self.guessed = [False] * 81
        self.step = self.depth = self.nodes = self.backtracks = self.max_depth = self.forced = 0
        self.counts_forced = counts_forced

    def event(self, kind: str, cell: int | None = None, digit: str = "", **details: str) -> Event:
        """A ``kind`` event about ``cell`` and ``digit`` (if any), with the counters now."""
        event: Event = {"step": self.step, "kind": kind}
        self.step += 1
        if cell is not None:
            event["cell"] = NAMES[cell]
        if digit:
            event["digit"] = digit
        if details:
            event.update(details)  # type: ignore[typeddict-item]
        event["depth"] = self.depth
        event["nodes"] = self.nodes
        event["backtracks"] = self.backtracks
        event["max_depth"] = self.max_depth
        if self.counts_forced:
            event["forced"] = self.forced
        return event

    def reject(self, cell: int, digit: str, peer: int) -> Event:
        """``digit`` cannot go in ``cell``: ``peer`` holds it, in the unit they share."""
        unit = UNIT_NAMES[SHARED_UNIT[cell][peer]]
        return self.event("reject", cell, digit, peer=NAMES[peer], unit=unit)

    def place(self, cell: int, digit: str) -> Event:
        """Guess ``digit`` at ``cell``: one more node, one level deeper."""
        self.cells[cell] = digit
        self.guessed[cell] = True
        self.nodes += 1
        self.depth += 1
        self.max_depth = max(self.max_depth, self.depth)
        return self.event("place", cell, digit)

    def force(self, cell: int, digit: str, **details: str) -> Event:
        """Write a forced ``digit`` at ``cell``: not a guess, so no node and no deeper."""
        self.cells[cell] = digit
        self.forced += 1
        return self.event("force", cell, digit, **details)

    def undo(self, cell: int) -> Event:
        """Take ``cell``'s digit back out; taking back a guess is a backtrack."""
        digit, self.cells[cell] = self.cells[cell], BLANK
        if self.guessed[cell]:
            self.guessed[cell] = False
            self.backtracks += 1
            self.depth -= 1
        return self.event("undo", cell, digit)

    def solution(self) -> Grid:
        """The cells as a grid."""
        return "".join(self.cells)


def first_peer_holding(cells: list[str], cell: int, digit: str) -> int | None:
    """The first peer of ``cell`` that holds ``digit``: its row, column, then box, ascending.

    A plain loop that stops at the first: under MicroPython, which has no
    ``operator.itemgetter``, reading all 20 peers first took several times as long (most
    of a naive ``try``), and in CPython the loop is faster too."""
    for peer in SCAN[cell]:
        if cells[peer] == digit:
            return peer
    return None


def unit_masks(cells: list[str]) -> list[int]:
    """Each unit's mask of the digits its cells hold (``VALUE_BIT``), by unit number.

    One pass over the 27 units serves every blank's candidates: before, each blank read
    its 20 peers into a set, 20 times the work, and most of a ``propagate`` step's time
    under MicroPython (the widget's first page of a trace)."""
    bits = [VALUE_BIT[value] for value in cells]
    masks = []
    for members in UNITS:
        mask = 0
        for cell in members:
            mask |= bits[cell]
        masks.append(mask)
    return masks


def free_digits(held: int) -> str:
    """The digits not in the mask ``held``, ascending (``FREE``)."""
    found = FREE.get(held)
    if found is None:
        found = FREE[held] = "".join(d for i, d in enumerate(DIGITS) if not held >> i & 1)
    return found


def candidates(masks: list[int], cell: int) -> str:
    """The digits no peer of ``cell`` holds, ascending, from the ``unit_masks`` of its
    cells (``cell`` itself must be blank)."""
    row, column, box = UNITS_OF[cell]
    return free_digits(masks[row] | masks[column] | masks[box])


def lowest_digit(bits: int) -> str:
    """The lowest digit of a non-empty mask of digits."""
    return free_digits(ALL_DIGITS ^ (bits & -bits))


def most_constrained(cells: list[str]) -> tuple[int, str]:
    """The blank with the fewest candidates (the lowest cell on ties), and its candidates.

    Stops looking at the first blank with no candidate: a dead end, nothing beats it.
    """
    masks = unit_masks(cells)
    best, options = -1, DIGITS + BLANK
    for cell, value in enumerate(cells):
        if value == BLANK:
            found = candidates(masks, cell)
            if len(found) < len(options):
                best, options = cell, found
                if not found:
                    break
    return best, options


class Forced(namedtuple("Forced", ["cell", "digit", "details"])):
    """A digit that must go in a cell: a naked or a hidden single. ``details`` holds the
    event's reason, and the unit for a hidden single."""

    __slots__ = ()


class Contradiction(namedtuple("Contradiction", ["cell", "digit", "details"])):
    """A dead end: a blank with no candidate (``cell``, else None), or a ``digit`` with no
    place. ``details`` holds the event's reason, and the unit for a digit with no place."""

    __slots__ = ()


def deduce(cells: list[str]) -> Forced | Contradiction | None:
    """The first contradiction, else the first naked single, else the first hidden single.

    A contradiction is a blank with no candidate left (the lowest such cell), or a digit
    with no place left in a unit. A naked single is a blank with one candidate (the lowest
    such cell); a hidden single a digit with one place left in a unit. Units go in their
    numbering order (rows, columns, boxes), digits ascending. None: nothing to deduce.
    """
    blanks = [cell for cell, value in enumerate(cells) if value == BLANK]  # ascending
    masks = unit_masks(cells)
    free = {}  # each blank's candidates, as a mask
    for cell in blanks:
        row, column, box = UNITS_OF[cell]
        free[cell] = ALL_DIGITS & ~(masks[row] | masks[column] | masks[box])
    empty = next((cell for cell in blanks if not free[cell]), None)
    if empty is not None:
        return Contradiction(empty, "", {"reason": no_candidate(NAMES[empty])})
    hidden = None
    for unit, members in enumerate(UNITS):
        once = twice = 0  # the digits one blank of the unit may take; more than one
        for cell in members:
            bits = free.get(cell, 0)
            twice |= once & bits
            once |= bits
        missing = ALL_DIGITS & ~masks[unit] & ~once
        if missing:
            digit = lowest_digit(missing)
            reason = no_place(digit, UNIT_NAMES[unit])
            return Contradiction(None, digit, {"reason": reason, "unit": UNIT_NAMES[unit]})
        single = once & ~twice
        if single and hidden is None:
            bit = single & -single
            cell = next(cell for cell in members if free.get(cell, 0) & bit)
            reason = hidden_single(UNIT_NAMES[unit])
            hidden = Forced(cell, lowest_digit(bit), {"reason": reason, "unit": UNIT_NAMES[unit]})
    naked = next((cell for cell in blanks if not free[cell] & (free[cell] - 1)), None)
    if naked is not None:
        return Forced(naked, lowest_digit(free[naked]), {"reason": NAKED_SINGLE})
    return hidden


def naive(s: Search) -> Generator[Event, None, bool]:
    """LeetCode 37's editorial: the first blank in reading order, digits 1 to 9 in turn."""
    cells, deeper = s.cells, True
    opened: list[int] = []  # each open level's cell
    tried: list[int] = []  # and how many digits it tried
    while True:
        if deeper:  # a new level: the first blank, or the end
            if BLANK not in cells:
                yield s.event("solved", grid=s.solution())
                return True
            opened.append(cells.index(BLANK))
            tried.append(0)
        cell = opened[-1]
        if cells[cell] != BLANK:  # back from a dead end below this level's guess
            yield s.undo(cell)
        deeper = False
        while tried[-1] < 9 and not deeper:
            digit = DIGITS[tried[-1]]
            tried[-1] += 1
            yield s.event("try", cell, digit)
            peer = first_peer_holding(cells, cell, digit)
            if peer is not None:
                yield s.reject(cell, digit, peer)
                continue
            yield s.place(cell, digit)
            deeper = True  # the rest of the grid, one level down
        if not deeper:  # every digit failed here
            opened.pop()
            tried.pop()
            if not opened:
                yield s.event("exhausted")
                return False


def mrv(s: Search) -> Generator[Event, None, bool]:
    """Minimum remaining values: the blank with the fewest candidates, and only those."""
    cells, deeper = s.cells, True
    opened: list[tuple[int, str]] = []  # each open level's cell and candidates
    tried: list[int] = []  # and how many of them it tried
    while True:
        if deeper:  # a new level: the most constrained blank, or the end
            if BLANK not in cells:
                yield s.event("solved", grid=s.solution())
                return True
            cell, options = most_constrained(cells)
            if not options:
                yield s.event("stuck", cell, reason=no_candidate(NAMES[cell]))
            opened.append((cell, options))
            tried.append(0)
        cell, options = opened[-1]
        if cells[cell] != BLANK:  # back from a dead end below this level's guess
            yield s.undo(cell)
        deeper = tried[-1] < len(options)
        if deeper:
            digit = options[tried[-1]]
            tried[-1] += 1
            yield s.event("try", cell, digit)
            yield s.place(cell, digit)  # the rest of the grid, one level down
        else:  # every candidate failed here
            opened.pop()
            tried.pop()
            if not opened:
                yield s.event("exhausted")
                return False


def propagate(s: Search) -> Generator[Event, None, bool]:
    """``mrv`` plus singles: place the guess (none at the start), then every forced digit.

    A level owns what it placed, so a dead end takes it all back, newest first: the
    forced digits, then the guess that led here.
    """
    cells, deeper = s.cells, True
    guess: tuple[int, str] | None = None
    opened: list[tuple[list[int], int, str]] = []  # each open level's placed, cell, options
    tried: list[int] = []  # and how many options it tried
    while True:
        if deeper:  # a new level: the guess, then every forced digit
            placed: list[int] = []
            if guess:
                yield s.place(*guess)
                placed.append(guess[0])
            while isinstance(found := deduce(cells), Forced):
                yield s.force(found.cell, found.digit, **found.details)
                placed.append(found.cell)
            cell, options = -1, ""
            if found:  # a contradiction
                yield s.event("stuck", found.cell, found.digit, **found.details)
            elif BLANK not in cells:
                yield s.event("solved", grid=s.solution())
                return True
            else:
                cell, options = most_constrained(cells)
            opened.append((placed, cell, options))
            tried.append(0)
        placed, cell, options = opened[-1]
        deeper = tried[-1] < len(options)
        if deeper:
            guess = (cell, options[tried[-1]])
            tried[-1] += 1
            yield s.event("try", *guess)  # the rest, one level down
        else:  # every candidate failed here, or a contradiction: take it all back
            for cell in reversed(placed):
                yield s.undo(cell)
            opened.pop()
            tried.pop()
            if not opened:
                yield s.event("exhausted")
                return False


RUN: dict[str, Callable[[Search], Generator[Event, None, bool]]] = {
    "naive": naive,
    "mrv": mrv,
    "propagate": propagate,
}


def strategy_function(strategy: str) -> Callable[[Search], Generator[Event, None, bool]]:
    """The function that runs ``strategy`` (a name); ValueError naming the valid ones otherwise."""
    if not isinstance(strategy, str) or strategy not in RUN:
        valid = ", ".join(STRATEGIES)
        raise ValueError(f"unknown strategy {shown(strategy)}: expected one of {valid}")
    return RUN[strategy]


def first_clash(cells: list[str]) -> tuple[int, int] | None:
    """The first given (reading order) that a peer repeats, and that peer; None if none."""
    for cell, value in enumerate(cells):
        if value != BLANK and (peer := first_peer_holding(cells, cell, value)) is not None:
            return cell, peer
    return None


def trace(grid: Grid, strategy: str = "naive") -> Iterator[Event]:
    """The events of solving ``grid`` by ``strategy``, made lazily as they are pulled.

    Checks ``grid`` and ``strategy`` at once (ValueError). Conflicting givens give two
    events and no search: ``stuck`` naming the first clash, then ``exhausted``.
    """
    run = strategy_function(strategy)
    s = Search(checked_grid(grid), counts_forced=strategy == "propagate")
    clash = first_clash(s.cells)
    if clash is None:
        return run(s)
    cell, peer = clash
    digit, unit = s.cells[cell], UNIT_NAMES[SHARED_UNIT[cell][peer]]
    reason = both_hold(NAMES[cell], NAMES[peer], digit, unit)
    stuck = s.event("stuck", cell, digit, peer=NAMES[peer], unit=unit, reason=reason)
    return iter([stuck, s.event("exhausted")])


def apply(cells: list[str], event: Event, *, backward: bool = False) -> None:
    """Play one event on ``cells`` (a mutable 81-list), or take it back when ``backward``.

    ``place`` and ``force`` write their digit, ``undo`` clears it; the other kinds change
    nothing. Backward is the exact inverse. ValueError if the event does not fit the
    cells (a write into a filled cell, an undo of a digit the cell does not hold).
    """
    kind = event["kind"]
    if kind not in {"place", "force", "undo"}:
        return
    cell, digit = CELL_OF[event["cell"]], event["digit"]
    writes = (kind == "undo") == backward
    before, after = (BLANK, digit) if writes else (digit, BLANK)
    if cells[cell] != before:
        way = "backward" if backward else "forward"
        raise ValueError(
            f"step {event['step']} ({kind} {digit} at {event['cell']}) cannot be played "
            f"{way}: {event['cell']} holds {shown(cells[cell])}"
        )
    cells[cell] = after


def replay(grid: Grid, events: Iterable[Event]) -> Grid:
    """``grid`` after playing ``events`` forward: the solution, once a trace has ended solved."""
    cells = list(checked_grid(grid))
    for event in events:
        apply(cells, event)
    return "".join(cells)


def source(strategy: str) -> tuple[str, dict[str, int]]:
    """``strategy`` as the plain code a LeetCode reader writes (``sudoku.plain``: no
    generators, no events), and the 1-based line in it that does what each event kind of
    the strategy's trace tells: the writes (``place``, ``force``, ``undo``) are that
    code's own writes, line for line (a unit test runs it under ``sudoku.watching``).
    """
    return unmarked(PLAIN[strategy_function(strategy).__name__])
