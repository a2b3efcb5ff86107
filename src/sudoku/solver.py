"""The fast solver: the whole board in one int, each rule a few dozen whole-board bit steps.

**Layout.** Bit ``90 * d + 10 * b + k`` is set while digit ``d + 1`` may still go in place
``k`` of box ``b`` (places 0-8 row by row inside a box, boxes 0-8 row by row). The int
holds nine 90-bit *layers*, one per digit; a layer holds nine 10-bit *fields*, one per
box: its nine places and a guard bit that is always 0. A placed cell keeps only its
digit's bit. ``done`` holds the bits already placed.

**Why one int.** CPython pays per operation, hardly per bit: ``&`` on this 810-bit int
costs about what it costs on a small int, yet does the work of a loop over the board.
So a rule applied to the whole board at once beats the classic queue of changed cells (a
9-bit mask per cell, each placement visiting its 20 peers, ``sudoku.masks``) in CPython
and Pyodide, with the same rules and the same guesses (docs/benchmarks.md, "Solver").

Propagation repeats four rules until none makes progress:

- **naked single**: a cell with one candidate holds it. The nine layers are folded onto
  one, keeping "at least one" and "at least two" candidates per cell (bit-sliced counting).
- **hidden single** (in boxes): a field with exactly one bit. Adding ``0x1FF`` to every
  field carries into the guard of each non-empty one; ``v & (v - 1)`` clears the lowest
  bit of each; the two guard sets give "exactly one" for all 81 (digit, box) pairs at once.
- **locked candidates**: a *triad* is the three cells where a row or column meets a box.
  A digit the box can only place in one triad leaves the rest of that line (pointing); a
  digit the line can only place in one triad leaves the rest of the box (claiming).
- **no place**: a digit with no place left in a box, a row or a column is a contradiction,
  and so is a cell with no candidate.

Hidden singles in rows and columns are not checked apart: a digit the row can only put
in one cell is claimed into that cell's box, where it becomes a box hidden single.

Placing a candidate bit is one ``&`` with its ``KEEP`` mask, which clears the digit from
the 20 peers and the other digits from the cell. Placements found in the same round are
made one after the other without checks: two that clash (one digit twice in a unit, two digits
in one cell) wipe each other's bit, and the next round sees an empty cell.

When propagation is stuck the search guesses on a cell with two candidates, the one with
the most open peers (its guess settles most); with none, on a cell with the fewest. The
search is a loop over an explicit stack of board ints, so nothing is copied but ints and
no puzzle can reach the recursion limit. It can be run in slices and resumed (``Search``).

Preferring open peers, then locked candidates, bring the guesses on hard puzzles to about
half of what singles with the first fewest-candidates cell (Norvig's choice) make.

**Worst cases.** A puzzle with no solution whose givens agree (a typo) must be searched
to the end, and the cell rule can explode on one: when the contradiction sits in a few
cells of one unit, it keeps guessing in the open rest of the board. So a search that has
not ended after ``SECOND_AFTER`` nodes is joined by a second one, from the givens, that
branches on the most constrained choice of either kind, DLX-style: a digit with two
places left in a row, column or box before any cell (``_two_places`` counts every
(digit, unit) pair at once in bit-sliced counters). The two take turns and the first to
end answers (``Search`` says why both, with the numbers). On the worst-case set
(``tests/data/puzzles/no_solution.txt``; ``bench/solver.py``) the cell search alone
needs over 100,000 guesses on some, where the two together stay small, and on the hard
sets the second search never starts.
"""

from __future__ import annotations

from sudoku.compat import MICROPYTHON, bit_count, bit_length
from sudoku.formats import shown
from sudoku.grid import BOX, COL, DIGITS, PEERS, ROW, Grid, checked_grid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, Final, Protocol, TypedDict

Bits = int
"""A set of bits of the layout above: candidates, placements, or a mask of them."""

if TYPE_CHECKING:

    class Analysis(TypedDict):
        """What ``analyze`` learns about a grid."""

        solutions: int
        """How many solutions, counted up to the limit (so 2 means "2 or more" at limit 2)."""
        solution: Grid | None
        """The first solution found, None when there is none."""
        nodes: int
        """Guesses the search placed, failed ones included; 0 if propagation alone solved it."""

    class AnyWalk(Protocol):
        """One depth-first search of either engine: ``_Walk`` here, ``masks.Walk``."""

        found: int
        first: Grid | None
        finished: bool
        nodes: int

        def run(self, budget: int) -> int:
            """Search on for at most ``budget`` nodes: the nodes it ran."""
            ...

else:
    Analysis = dict  # a plain dict at run time: MicroPython has no typing.TypedDict

SMALL_INTS = MICROPYTHON
"""Which engine the search runs on, chosen here, once, by interpreter: the board as one
810-bit int (this module) in CPython and Pyodide, where it is the faster; a 9-bit mask
per cell (``sudoku.masks``) in MicroPython, whose big ints are slow and fill its heap
(faster there, and far less memory a call: ``bench/micropython.py``). Both give
the same answers, node for node (see ``sudoku.masks``). A module variable, not a
constant: the tests and ``bench/micropython.py`` run either engine in either interpreter
by setting it."""


def _place_of(cell: int) -> int:
    """The bit of ``cell`` in the first layer: its box's field, its place in the box."""
    return 10 * BOX[cell] + 3 * (ROW[cell] % 3) + COL[cell] % 3


def _bits(positions: Iterable[int]) -> Bits:
    """The int with exactly these bits set."""
    return sum(1 << position for position in set(positions))


def _in_layers(positions: Iterable[int]) -> Bits:
    """Bits at these first-layer positions, repeated in all nine layers."""
    return _bits(90 * digit + position for position in positions for digit in range(9))


def _field_places(places: Iterable[int], boxes: Iterable[int] = range(9)) -> Bits:
    """These places of these boxes' fields, in all nine layers."""
    return _in_layers(10 * box + place for box in boxes for place in places)


LAYER: Final = (1 << 90) - 1
"""The first layer's bits (guards included)."""
EVERY_LAYER: Final = _in_layers([0])
"""Bit 0 of each layer: multiplying a first-layer set by it copies the set to every layer."""
CELLS: Final = _bits(_place_of(cell) for cell in range(81))
"""Every cell of the first layer."""
FULL: Final = CELLS * EVERY_LAYER
"""Every candidate: the board nothing constrains yet."""
GUARDS: Final = _field_places([9])
"""The guard bit of every field: never a candidate, it catches a field's carry."""
FIELD_LOW: Final = GUARDS >> 9
"""The lowest place of every field."""
FIELD_ADD: Final = FIELD_LOW * 0x1FF
"""``0x1FF`` in every field: adding it carries into the guard of each non-empty field."""
HALF: Final = (1 << 360) - 1
"""Layers 0-3: folding layers 4-7 onto them is the layer fold's first step."""
QUARTER: Final = (1 << 180) - 1
"""Layers 0-1: the fold's second step."""

ROW_TRIADS: Final = _field_places([0, 3, 6])
"""The first place of each row triad of every box (each field's rows start at 0, 3, 6)."""
ROW_TRIADS_OF_STACK: Final = tuple(_field_places([0, 3, 6], range(s, 9, 3)) for s in range(3))
"""Row triad starts in the boxes of one stack (box column): 0, 1 or 2."""
COL_TRIADS: Final = _field_places([0, 1, 2])
"""The first place of each column triad of every box (columns start at 0, 1, 2)."""
COL_TRIADS_OF_BAND: Final = tuple(
    _field_places([0, 1, 2], range(3 * b, 3 * b + 3)) for b in range(3)
)
"""Column triad starts in the boxes of one band (box row): 0, 1 or 2."""
COL_TRIADS_AT: Final = tuple(_field_places([k]) for k in range(3))
"""Column triad starts at box column 0, 1 or 2."""
ROW_TRIAD: Final = 0b111
"""Multiplying a triad's first place by it covers the triad's three places."""
COL_TRIAD: Final = 1 | 1 << 3 | 1 << 6

ROW_STARTS: Final = ROW_TRIADS_OF_STACK[0]
"""Where each (digit, row) is counted: its first place (the row's triad in its band's first box)."""
COL_STARTS: Final = COL_TRIADS_OF_BAND[0]
"""Where each (digit, column) is counted: its first place (in its stack's top box)."""
ROW_SPAN: Final = ROW_TRIAD * (1 | 1 << 10 | 1 << 20)
"""A row's nine places from its first: a triad in each box of the band."""
COL_SPAN: Final = COL_TRIAD * (1 | 1 << 30 | 1 << 60)
"""A column's nine places from its first: a triad in each box of the stack."""
BOX_SPAN: Final = 0x1FF
"""A box's nine places, from its field's first."""


# The tables below are built on first use, by ``_build_tables`` (every search starts with
# ``_start``, which calls it): the widget's worker imports the package and never solves,
# and under MicroPython building them is a large part of the import (``KEEP`` most of
# it). Until then they are empty.
#
# They are read with a single bit's ``bit_length(bit)`` (its position + 1): a method call
# and a list index, where a dict would hash an 810-bit key: placements, the hot loop's
# commonest step, are several times faster so.
SIZE: Final = 90 * 9 + 1
"""Table length: one entry per possible ``bit_length`` of a board bit."""

BIT: tuple[tuple[Bits, ...], ...] = ()
"""The bit of each (cell, digit - 1)."""
KEEP: tuple[Bits, ...] = ()
"""The mask that places each candidate bit: ``board &= KEEP[bit_length(bit)]``: everything
but the digit in the cell's 20 peers and the other digits in the cell."""
BELOW: tuple[Bits, ...] = ()
"""The bits below a bit: ``bits &= BELOW[bit_length(bits)]`` drops the highest one."""
CELL_OF: tuple[tuple[int, str], ...] = ()
"""The cell and digit character of each candidate bit."""
OPEN_PEERS: tuple[Bits, ...] = ()
"""The 20 peers of each cell, both as first-layer bits."""


def _build_tables() -> None:
    """Build ``BIT``, ``KEEP``, ``BELOW``, ``CELL_OF`` and ``OPEN_PEERS`` (once)."""
    global BIT, KEEP, BELOW, CELL_OF, OPEN_PEERS  # noqa: PLW0603 (built on first use)
    if KEEP:
        return
    places = [_place_of(cell) for cell in range(81)]
    peers = [_bits(places[peer] for peer in PEERS[cell]) for cell in range(81)]
    keep, cell_of, open_peers = [0] * SIZE, [(0, "")] * SIZE, [0] * SIZE
    for cell in range(81):
        place = places[cell]
        open_peers[place + 1] = peers[cell]
        others = FULL & ~((1 << place) * EVERY_LAYER)  # the cell holds no digit...
        for digit in range(9):
            length = 90 * digit + place + 1  # the bit_length of (cell, digit)'s bit
            bit = 1 << (length - 1)
            keep[length] = others & ~(peers[cell] << (90 * digit)) | bit  # ...but this one
            cell_of[length] = (cell, DIGITS[digit])
    BIT = tuple(tuple(1 << (90 * digit + places[cell]) for digit in range(9)) for cell in range(81))
    BELOW = tuple((1 << max(length - 1, 0)) - 1 for length in range(SIZE))
    CELL_OF = tuple(cell_of)
    OPEN_PEERS = tuple(open_peers)
    KEEP = tuple(keep)  # last: a non-empty KEEP means every table is there


def _propagate(board: Bits, done: Bits) -> tuple[Bits, Bits, Bits]:
    """Apply the rules until none progresses: (board, done, open cells), or board 0 on a
    contradiction. Open cells (the ones with two candidates or more) are first-layer bits.

    The loop is deliberately flat (rules inlined, tables as globals read once): it is where
    the solver spends its time, and every function call shows.
    """
    x, keep, below = board, KEEP, BELOW
    while True:
        # Naked singles: fold layers 4-7 onto 0-3, then 2-3 onto 0-1, then 1 onto 0, then
        # add layer 8, keeping the cells with at least one (o) and two (t) candidates.
        a = x & HALF
        b = (x >> 360) & HALF
        o = a | b
        t = a & b
        a = o & QUARTER
        b = o >> 180
        t = (t & QUARTER) | (t >> 180) | (a & b)
        o = a | b
        a = o & LAYER
        b = o >> 90
        t = (t & LAYER) | (t >> 90) | (a & b)
        o = a | b
        b = x >> 720
        t |= o & b
        o |= b
        if o != CELLS:
            return 0, 0, 0
        # Hidden singles in boxes: fields with one bit (see the module docstring).
        some = (x + FIELD_ADD) & GUARDS
        if some != GUARDS:
            return 0, 0, 0
        two = ((x & ((x | GUARDS) - FIELD_LOW)) + FIELD_ADD) & GUARDS
        new = x & ((((some ^ two) >> 9) * 0x1FF) | ((o & ~t) * EVERY_LAYER)) & ~done
        if new:
            done |= new
            while new:
                length = bit_length(new)
                new &= below[length]
                x &= keep[length]
            continue
        # Locked candidates in row triads. A triad's flag (at its first place) says the
        # digit may go in it; shifting flags by 3 or 6 inside a field reaches the box's
        # other triads, by 10 or 20 (one or two fields) the same row's triads in the
        # other boxes of the band.
        f = (x | (x >> 1) | (x >> 2)) & ROW_TRIADS
        s0, s1, s2 = ROW_TRIADS_OF_STACK
        f0, f1, f2 = f & s0, f & s1, f & s2
        in_line = ((f1 | f2) >> 10) | (f0 << 20) | (f2 >> 20) | ((f0 | f1) << 10)
        in_box = ((f >> 3) | (f << 6) | (f >> 6) | (f << 3)) & ROW_TRIADS
        if f | in_line != ROW_TRIADS:
            return 0, 0, 0
        p = f & ~in_box  # the box's digit is only here: it leaves the rest of the row
        c = f & ~in_line  # the row's digit is only here: it leaves the rest of the box
        p0, p1, p2 = p & s0, p & s1, p & s2
        gone = ((p1 | p2) >> 10) | (p0 << 20) | (p2 >> 20) | ((p0 | p1) << 10)
        gone |= ((c >> 3) | (c << 6) | (c >> 6) | (c << 3)) & ROW_TRIADS
        y = x & ~(gone * ROW_TRIAD)
        if y != x:  # singles first: they are cheaper than the column triads
            x = y
            continue
        # The same in column triads: by 1 or 2 places inside a field to the box's other
        # triads, by 30 or 60 (a band of 3 fields) to the same column's other boxes.
        f = (x | (x >> 3) | (x >> 6)) & COL_TRIADS
        b0, b1, b2 = COL_TRIADS_OF_BAND
        f0, f1, f2 = f & b0, f & b1, f & b2
        in_line = ((f1 | f2) >> 30) | (f0 << 60) | (f2 >> 60) | ((f0 | f1) << 30)
        k0, k1, k2 = COL_TRIADS_AT
        f0, f1, f2 = f & k0, f & k1, f & k2
        in_box = ((f1 | f2) >> 1) | (f0 << 2) | (f2 >> 2) | ((f0 | f1) << 1)
        if f | in_line != COL_TRIADS:
            return 0, 0, 0
        p = f & ~in_box
        c = f & ~in_line
        p0, p1, p2 = p & b0, p & b1, p & b2
        gone = ((p1 | p2) >> 30) | (p0 << 60) | (p2 >> 60) | ((p0 | p1) << 30)
        p0, p1, p2 = c & k0, c & k1, c & k2
        gone |= ((p1 | p2) >> 1) | (p0 << 2) | (p2 >> 2) | ((p0 | p1) << 1)
        y = x & ~(gone * COL_TRIAD)
        if y == x:
            return x, done, t
        x = y


def _three_or_more(board: Bits) -> Bits:
    """The cells (first-layer bits) with three candidates or more: the layer fold of
    ``_propagate`` with a third count."""
    a = board & HALF
    b = (board >> 360) & HALF
    o = a | b
    t = a & b
    a = o & QUARTER
    b = o >> 180
    ta = t & QUARTER
    tb = t >> 180
    h = (ta & b) | (tb & a)
    t = ta | tb | (a & b)
    o = a | b
    a = o & LAYER
    b = o >> 90
    ta = t & LAYER
    tb = t >> 90
    h = (h & LAYER) | (h >> 90) | (ta & b) | (tb & a)
    t = ta | tb | (a & b)
    return h | (t & (board >> 720))


def _guess(board: Bits, open_cells: Bits) -> Bits:
    """The candidate bits of the cell to guess on (``open_cells`` is not empty).

    Two candidates if any cell has two, and among those the most open peers: on the
    forum's hardest puzzles, a third fewer guesses than taking the first such cell (80
    against 129 a puzzle, as the module docstring measures them).
    """
    pairs = open_cells & ~_three_or_more(board)
    if not pairs:
        return board & (_fewest(board, open_cells) * EVERY_LAYER)
    peers, below = OPEN_PEERS, BELOW
    best, most = 0, -1
    while pairs:  # highest first; ties go to the lowest cell
        length = bit_length(pairs)
        pairs &= below[length]
        score = bit_count(open_cells & peers[length])
        if score >= most:
            best, most = length, score
    return board & (1 << (best - 1)) * EVERY_LAYER


def _guess_places(board: Bits, open_cells: Bits) -> Bits:
    """The second search's choice: a digit's two places in a unit if any digit has only
    two in some row, column or box (``_two_places``), else ``_guess``'s cell.

    Two options is the fewest a guess can have (one would be a single), so this is the
    most constrained choice of either kind, ties going to the places.
    """
    return _two_places(board, open_cells) or _guess(board, open_cells)


def _two_places(board: Bits, open_cells: Bits) -> Bits:
    """The two candidate bits of a digit that has two places left in a unit, or 0.

    Among those, the one whose two cells have the most open peers. Each (digit, unit) is
    counted at its first place at once: the nine places are added in bit-sliced counters
    (at least one, two, three), first the three of each triad (shifts of 1 and 2 in a
    row, 3 and 6 in a column), then the three triads (shifts of 10 and 20 fields' bits in
    a row, 30 and 60 in a column); a box is a field, done as ``_propagate``'s hidden
    singles are, with one more step.
    """
    starts = []
    for step, far, first, span in ((1, 10, ROW_STARTS, ROW_SPAN), (3, 30, COL_STARTS, COL_SPAN)):
        a = board >> step
        b = board >> (2 * step)
        o = board | a | b  # per triad: at least one place,
        t = (board & a) | ((board | a) & b)  # two,
        h = board & a & b  # three
        o1, o2, t1, t2 = o >> far, o >> (2 * far), t >> far, t >> (2 * far)
        two = t | t1 | t2 | (o & o1) | ((o | o1) & o2)
        three = (
            h
            | (h >> far)
            | (h >> (2 * far))
            | (t & (o1 | o2))
            | (t1 & (o | o2))
            | (t2 & (o | o1))
            | (o & o1 & o2)
        )
        starts.append((two & ~three & first, 1, span))
    y = board & ((board | GUARDS) - FIELD_LOW)  # each field without its lowest bit
    z = y & ((y | GUARDS) - FIELD_LOW)  # and without its second
    guards = ((y + FIELD_ADD) & GUARDS) & ~((z + FIELD_ADD) & GUARDS)
    starts.append((guards, 10, BOX_SPAN))
    peers, below = OPEN_PEERS, BELOW
    best, most = 0, -1
    for counted, back, span in starts:
        rest = counted
        while rest:
            length = bit_length(rest)
            rest &= below[length]
            places = board & (span << (length - back))
            layer = (length - 1) // 90 * 90
            one = bit_length(places) - layer
            other = bit_length(places & below[one + layer]) - layer
            score = bit_count(open_cells & peers[one]) + bit_count(open_cells & peers[other])
            if score > most:
                best, most = places, score
    return best


def _fewest(board: Bits, open_cells: Bits) -> Bits:
    """The open cell with the fewest candidates, then the most open peers (rare: every
    cell has three or more)."""
    best, key = 0, (10, 0)
    rest = open_cells
    while rest:
        length = bit_length(rest)
        rest &= BELOW[length]
        cell = 1 << (length - 1)
        count = bit_count(board & (cell * EVERY_LAYER))
        this = (count, -bit_count(open_cells & OPEN_PEERS[length]))
        if this <= key:
            best, key = cell, this
    return best


def _start(grid: Grid) -> tuple[Bits, Bits]:
    """The board and placements after the givens alone; board 0 if two givens clash.

    ValueError names the first cell that is not a digit or ``.``.
    """
    if not isinstance(grid, str) or len(grid) != 81:
        checked_grid(grid)  # raises, naming what is wrong
    if not KEEP:
        _build_tables()
    board, done = FULL, 0
    for cell, char in enumerate(grid):
        if char == ".":
            continue
        digit = DIGITS.find(char)
        if digit < 0:
            checked_grid(grid)  # raises, naming the first cell that is not a digit or '.'
        bit = BIT[cell][digit]
        if not board & bit:  # a peer given earlier holds this digit
            board = 0
        board &= KEEP[bit_length(bit)]
        done |= bit
    return board, done


SECOND_AFTER: Final = 512
"""Nodes the first search runs alone before the second one starts (see ``Search``)."""
TURN: Final = 16
"""Nodes each search runs in its turn once both run."""


class _Walk:
    """One depth-first search, resumable: its guess rule, stack and what it found.

    It counts solutions and keeps only the first, so counting to a large limit costs no
    memory per solution. The root's propagation is made on the first ``run`` and costs
    no node.
    """

    def __init__(self, places: bool, limit: int, root: tuple[Bits, Bits]) -> None:
        """A search from ``root`` (``_start``'s board and placements), guessing on places
        first for the second search (``places``), stopping at ``limit`` solutions."""
        self.guess: Callable[[Bits, Bits], Bits] = _guess_places if places else _guess
        self.limit = limit
        self.found = 0
        self.first: Grid | None = None
        self.stack: list[tuple[Bits, Bits, Bits]] = []
        self.root: tuple[Bits, Bits] | None = root
        self.finished = False
        self.nodes = 0

    def run(self, budget: int) -> int:
        """Search on for at most ``budget`` nodes: the nodes it ran. The solver's hot
        path: locals only in the loop."""
        guess, limit, stack, found, keep = self.guess, self.limit, self.stack, self.found, KEEP
        nodes = 0
        board = done = open_cells = 0  # resumed: the last node was expanded, pop the next
        if self.root is not None:
            board, done = self.root
            self.root = None
            if board:
                board, done, open_cells = _propagate(board, done)
        while True:
            if board:
                if not open_cells:
                    found += 1
                    if found == 1:
                        self.first = _grid_of(done)
                    if found == limit:
                        break
                else:
                    candidates = guess(board, open_cells)
                    while candidates:  # pushed highest first: the lowest is tried first
                        bit = 1 << (bit_length(candidates) - 1)
                        candidates ^= bit
                        stack.append((board, done, bit))
            if not stack:
                break
            if nodes == budget:
                self.found = found
                self.nodes += nodes
                return nodes
            board, done, bit = stack.pop()
            nodes += 1
            board, done, open_cells = _propagate(board & keep[bit_length(bit)], done | bit)
        self.found = found
        self.nodes += nodes
        self.finished = True
        self.stack = []
        return nodes


class Search:
    """One search, run to its end at once or in slices, resumed where it stopped.

    ``run(budget)`` places at most ``budget`` more guesses (the search's nodes) and says
    whether the search is over; ``result()`` is what ``analyze`` returns. Run to its end,
    in one call or in many slices of any size, a search finds the same solutions with the
    same node count: ``analyze``, ``solve`` and ``count_solutions`` are one ``run()``.
    The app's solver worker runs it in slices of ~40 ms, so that a page can stop a long
    search between two of them (Stop stops the search itself, not just its display).

    **Two searches, one answer.** Each is depth-first over an explicit stack of (board,
    placements, candidate bit to try), and each alone is complete. The first guesses on
    cells (``_guess``); if it has not ended after ``SECOND_AFTER`` nodes, a second one
    starts from the givens that branches on the most constrained choice of either kind
    (``_guess_places``: a digit's two places in a unit before any cell, as DLX would),
    and the two take turns of ``TURN`` nodes: whichever ends first gives the answer (the
    same count: each is complete; the first solution may differ when there are several).

    Why: puzzles with no solution whose givens agree (what a typo makes) must be searched
    to the end. The cell rule settles most and is the fastest on puzzles that have a
    solution, but when the contradiction sits in a few cells of one unit it keeps guessing
    in the open rest of the board, and explodes (a 16-given puzzle: 42,000 nodes where
    the places rule needs 2). The places rule alone is not the answer: it makes over three
    times the cell rule's guesses on the forum's hardest puzzles (271 against 80 a puzzle
    for a first solution), and explodes where the cell rule does not (a puzzle the cell
    rule refutes in 3 nodes: more than 50,000). Every puzzle of the forum's hardest list
    (the first 2,000) and of top95 has its first solution within ``SECOND_AFTER`` nodes
    (the most: 459), so solving them is the cell rule alone. The verdict (``limit=2``)
    starts the second search on 8 of those 2,000, where the cell rule needs up to 854
    nodes to rule out a second solution; it still answers first. A worst case costs at
    most ``SECOND_AFTER`` more nodes plus twice what the better rule needs.

    A slice's time follows from its budget: a node is one placement and one propagation,
    about the same work each. A bad ``limit`` or
    ``grid`` is refused when the search is made, as ``analyze`` refuses it.
    """

    def __init__(self, grid: Grid, limit: int = 2) -> None:
        self.limit = _checked_limit(limit)
        """Stop at this many solutions."""
        self._walk, start = engine()
        self._givens = start(grid)
        self._walks: list[AnyWalk] = [self._walk(False, self.limit, self._givens)]
        self._turn = 0  # which walk runs, and its nodes left in this turn
        self._left = SECOND_AFTER
        self._answer: AnyWalk | None = None

    @property
    def finished(self) -> bool:
        """Whether the search is over: at the limit, or every branch tried."""
        return self._answer is not None

    @property
    def nodes(self) -> int:
        """Guesses placed so far by both searches, failed ones included."""
        return sum(walk.nodes for walk in self._walks)

    def run(self, budget: int | None = None) -> bool:
        """Search on, placing at most ``budget`` more guesses (None: to the end).

        Returns ``finished``. A budget of 0 places none.
        """
        if budget is not None and (
            not isinstance(budget, int) or isinstance(budget, bool) or budget < 0
        ):
            raise ValueError(f"budget must be None or a whole number >= 0, got {shown(budget)}")
        while self._answer is None:
            if budget == 0:
                return False
            walk = self._walks[self._turn]
            ran = walk.run(self._left if budget is None else min(self._left, budget))
            self._left -= ran
            if budget is not None:
                budget -= ran
            if walk.finished:
                self._answer = walk
            elif not self._left:  # the turn is over: the other search's turn
                if len(self._walks) == 1:
                    self._walks.append(self._walk(True, self.limit, self._givens))
                self._turn = 1 - self._turn
                self._left = TURN
        return True

    def result(self) -> Analysis:
        """Solutions counted (so far, by the first search, while unfinished), the first
        one, the guesses."""
        walk = self._answer or self._walks[0]
        return Analysis(solutions=walk.found, solution=walk.first, nodes=self.nodes)


def _grid_of(done: Bits) -> Grid:
    """The grid of a solved board's 81 placements."""
    chars = ["."] * 81
    while done:
        length = bit_length(done)
        done &= BELOW[length]
        cell, char = CELL_OF[length]
        chars[cell] = char
    return "".join(chars)


def _checked_limit(limit: int) -> int:
    """``limit`` if it is a whole number of solutions, at least 1.

    TypeError for anything but an int (a float such as 2.5 or inf could never be reached,
    and the search would not stop); ValueError below 1.
    """
    if not isinstance(limit, int) or isinstance(limit, bool):
        raise TypeError(f"limit must be a whole number (an int), got {shown(limit)}")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    return limit


def engine() -> tuple[Callable[[bool, int, Any], AnyWalk], Callable[[Grid], Any]]:
    """The engine ``SMALL_INTS`` chooses: its walk and the start it walks from (a grid's
    board, refusing a bad grid). ``sudoku.masks`` loads on first use, since only
    MicroPython needs it: a caller may ask ahead of its first search (the app's worker,
    once it is ready, so that the first search does not wait for the import)."""
    if SMALL_INTS:
        from sudoku import masks  # noqa: PLC0415 (only MicroPython needs it)

        return masks.Walk, masks.start
    return _Walk, _start


def solve(grid: Grid) -> Grid | None:
    """The first solution of ``grid``, or None if it has none (conflicting givens included).

    ``grid`` is 81 characters of ``1``-``9`` and ``.`` (ValueError otherwise, naming the
    cell); it is never changed. For a puzzle with several solutions this is one of them.
    """
    return analyze(grid, 1)["solution"]


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``.

    The search stops at the ``limit``-th solution, so the default answers the usual
    question (none, one, or more than one) quickly even for an empty grid. ``limit`` must
    be an int (TypeError otherwise: 2.5 or inf would never be reached), at least 1
    (ValueError); a malformed ``grid`` is a ValueError, as for ``solve``.
    """
    return analyze(grid, limit)["solutions"]


def analyze(grid: Grid, limit: int = 2) -> Analysis:
    """Solutions counted up to ``limit``, the first one, and the guesses it took."""
    search = Search(grid, limit)
    search.run()
    return search.result()
