"""The solver's engine on small ints: a 9-bit candidate mask per cell, for MicroPython.

``sudoku.solver`` searches the same way with either of two engines and picks one by
interpreter (``solver.SMALL_INTS``): CPython and Pyodide hold the board in one 810-bit int
(``solver.py``), MicroPython in this module's list of small ints. MicroPython allocates
every big-int result on its heap and frees nothing until the call returns to JavaScript,
so there the same search runs faster on masks, most of all on the worst cases, and
allocates tens of times less (``bench/micropython.py``; docs/benchmarks.md). CPython,
where an operation costs about the same on any int, is faster on the big int.

**Same answers, node for node.** Both engines apply the same rules to a fixpoint:
naked singles, hidden singles in boxes, locked candidates (pointing and claiming), and
the no-place checks (a cell, or a digit in a unit, with no place left). Each rule only
removes candidates, and a rule that applies still applies once more are gone, so the
fixpoint (or the contradiction) does not depend on the order the rules run in: the two
engines reach the same boards. They guess alike too: on a two-candidate cell with the
most open peers, else on the cell with the fewest candidates (then the most open peers),
ties going to the first cell in box order (box by box, row by row inside a box: the
810-bit layout's order), digits tried from the lowest. The second search (``Search``'s
worst-case guard) branches first on a digit's two places in a unit, in the big int's
order: rows, then columns, then boxes, each from the highest digit and unit down, ties to
the first. So solutions, counts and nodes are equal (``tests/unit/test_masks.py`` checks
every shared set and ``no_solution`` against the big-int engine).

**State.** One flat list of 189 ints, copied at each guess (one C-level slice):

- ``state[cell]``: the candidates of an open cell (bit ``d - 1`` for digit ``d``); 0
  once the cell holds a digit;
- ``state[PLACED + unit]``: the digits placed in each of the 27 units;
- ``state[DIGIT + cell]``: the digit bit placed in each cell, 0 while it is open.

Propagation is the classic queue: a placed cell's digit leaves its 20 peers (a peer left
with one candidate is placed in turn); boxes, bands and stacks whose cells changed are
marked dirty and checked for hidden singles (boxes) and locked candidates (bands and
stacks, nine three-cell segments each).
"""

from __future__ import annotations

from sudoku.grid import BOX, COL, DIGITS, PEERS, ROW, UNITS, UNITS_OF, Grid, checked_grid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

ALL: Final = 0x1FF
"""Every digit: the candidates of a cell nothing constrains yet."""
PLACED: Final = 81
DIGIT: Final = PLACED + 27
STATE_SIZE: Final = DIGIT + 81

if TYPE_CHECKING:
    State = list[int]
    """A search state: the list of ints described in the module docstring."""
    Choice = tuple[tuple[int, int], ...]
    """A guess: the (cell, digit bit) pairs to try, in order."""

POPCOUNT: Final = bytes(bin(mask).count("1") for mask in range(512))  # noqa: FURB161 (MicroPython)
"""The number of candidates in each of the 512 candidate sets."""
BIT_DIGIT: Final = {1 << index: digit for index, digit in enumerate(DIGITS)}
"""The digit character of each single-candidate bit."""
DIGIT_BIT: Final = {digit: 1 << index for index, digit in enumerate(DIGITS)}
"""The candidate bit of each digit character."""

SLOTS: Final = tuple((PLACED + r, PLACED + c, PLACED + b) for r, c, b in UNITS_OF)
"""For each cell, the state slots of its row's, column's and box's placed digits."""

BOX_ORDER: Final = tuple(sorted(range(81), key=lambda cell: (BOX[cell], cell)))
"""The cells box by box, row by row inside a box: the order in which ties are broken."""

DOUBLES: Final = tuple(
    tuple(
        peer
        for peer in PEERS[cell]
        if BOX[peer] == BOX[cell] and (ROW[peer] == ROW[cell] or COL[peer] == COL[cell])
    )
    for cell in range(81)
)
"""For each cell, the 4 peers of its box that share its row or column: a placed one is
counted by two of the cell's units."""

NEIGHBOURS: Final = tuple(SLOTS[cell] + DOUBLES[cell] for cell in range(81))
"""For each cell, its three placed slots and its four doubles: what ``_open_peers`` reads."""

# Dirty bits say which areas changed since propagation last looked at them: bits 0-8
# the boxes (hidden singles), 9-11 the bands and 12-14 the stacks (locked candidates and
# the no-place checks of rows and columns).
BOX_BITS: Final = 0x1FF
EVERYTHING: Final = (1 << 15) - 1
DIRTY: Final = tuple(
    (1 << BOX[cell]) | (1 << (9 + ROW[cell] // 3)) | (1 << (12 + COL[cell] // 3))
    for cell in range(81)
)
"""For each cell, the dirty bits of its box, its band and its stack."""


def _segments(area: int) -> tuple[tuple[int, ...], ...]:
    """The 9 segments of a band (area 0-2) or stack (area 3-5): the 3 cells where a line
    meets a box, line by line, and box by box inside a line."""
    if area < 3:
        return tuple(
            tuple((3 * area + line) * 9 + 3 * box + k for k in range(3))
            for line in range(3)
            for box in range(3)
        )
    stack = area - 3
    return tuple(
        tuple((3 * box + k) * 9 + 3 * stack + line for k in range(3))
        for line in range(3)
        for box in range(3)
    )


def _line_slots(area: int) -> tuple[int, int, int]:
    """The placed slots of the 3 rows of a band, or the 3 columns of a stack."""
    first = PLACED + (3 * area if area < 3 else 9 + 3 * (area - 3))
    return first, first + 1, first + 2


AREAS: Final = tuple(
    (
        1 << (9 + area),
        tuple(cell for segment in _segments(area) for cell in segment),
        _segments(area),
        _line_slots(area),
    )
    for area in range(6)
)
"""Each band and stack: its dirty bit, its 27 cells in segment order, its 9 segments and
the placed slots of its 3 lines."""

BOXES: Final = tuple((UNITS[18 + box], PLACED + 18 + box) for box in range(9))
"""Each box: its 9 cells and its placed slot."""

SEGMENT_NEIGHBOURS: Final = tuple(
    (
        tuple(3 * other + segment % 3 for other in range(3) if other != segment // 3),
        tuple(3 * (segment // 3) + other for other in range(3) if other != segment % 3),
    )
    for segment in range(9)
)
"""For each segment of an area: the other 2 of its box, and the other 2 of its line."""

UNIT_ORDER: Final = tuple(
    (unit, bit) for kind in range(3) for bit in (256, 128, 64, 32, 16, 8, 4, 2, 1)
    for unit in range(9 * kind + 8, 9 * kind - 1, -1)
)  # fmt: skip
"""The (unit, digit bit) pairs in the order ``_two_places`` prefers them on a tie: rows,
then columns, then boxes; in each, from the highest digit down, then the highest unit."""

POSITION: Final = tuple(BOX_ORDER.index(cell) for cell in range(81))
"""Each cell's rank in ``BOX_ORDER``."""


def _place(state: State, cell: int, bit: int, queue: list[int]) -> bool:
    """Put digit ``bit`` in open ``cell`` and queue it for its peers; False on a clash
    (the digit already placed in the cell's row, column or box)."""
    row, col, box = SLOTS[cell]
    if (state[row] | state[col] | state[box]) & bit:
        return False
    state[row] |= bit
    state[col] |= bit
    state[box] |= bit
    state[cell] = 0
    state[DIGIT + cell] = bit
    queue.append(cell)
    return True


def start(grid: Grid) -> tuple[State, list[int]] | None:
    """The state holding the givens, with their cells queued; None if two givens clash.

    ValueError names what is wrong with a malformed ``grid`` (as ``checked_grid``).
    """
    if not isinstance(grid, str) or len(grid) != 81:
        checked_grid(grid)  # raises, naming what is wrong
    state: State = [ALL] * 81 + [0] * (STATE_SIZE - 81)
    queue: list[int] = []
    clash = False
    for cell, char in enumerate(grid):
        if char == ".":
            continue
        bit = DIGIT_BIT.get(char)
        if bit is None:
            checked_grid(grid)  # raises, naming the first cell that is not a digit or '.'
        elif not _place(state, cell, bit, queue):
            clash = True  # the rest is still read: a bad character must raise
    return None if clash else (state, queue)


def _propagate(s: State, queue: list[int], dirty: int) -> bool:
    """Apply the rules until none progresses; False on a contradiction (then the state
    is garbage). ``queue`` holds placed cells whose peers still have to lose their digit;
    ``dirty`` marks the boxes, bands and stacks to look at again.

    The loop is deliberately flat (rules inlined, tables in locals): it is where the
    solver spends its time, and every function call shows (in MicroPython even more).
    """
    peers, popcount, slots, dirty_of = PEERS, POPCOUNT, SLOTS, DIRTY
    digit_at, full, boxes, areas = DIGIT, ALL, BOXES, AREAS  # locals: no global lookups
    while True:
        # Naked singles: each queued cell's digit leaves its peers; a peer left with one
        # candidate is placed at once and queued in turn.
        while queue:
            cell = queue.pop()
            bit = s[digit_at + cell]
            dirty |= dirty_of[cell]
            for peer in peers[cell]:
                if s[peer] & bit:  # most peers lack it: read the mask again only if not
                    mask = s[peer] ^ bit
                    if not mask:
                        return False
                    dirty |= dirty_of[peer]
                    if popcount[mask] == 1:
                        row, col, box = slots[peer]
                        if (s[row] | s[col] | s[box]) & mask:
                            return False
                        s[row] |= mask
                        s[col] |= mask
                        s[box] |= mask
                        s[peer] = 0
                        s[digit_at + peer] = mask
                        queue.append(peer)
                    else:
                        s[peer] = mask
        # Hidden singles and no-place in changed boxes. A cell may still list a digit
        # placed by this very pass in another box: placed digits are masked out, and each
        # placement checks for a clash.
        if dirty & BOX_BITS:
            for box in range(9):
                if not dirty >> box & 1:
                    continue
                cells, placed = boxes[box]
                c0, c1, c2, c3, c4, c5, c6, c7, c8 = cells
                a, b = s[c0], s[c1]
                once = a | b  # digits in at least one cell
                twice = a & b  # digits in at least two cells
                a, b = s[c2], s[c3]
                twice |= (once & (a | b)) | (a & b)
                once |= a | b
                a, b = s[c4], s[c5]
                twice |= (once & (a | b)) | (a & b)
                once |= a | b
                a, b = s[c6], s[c7]
                twice |= (once & (a | b)) | (a & b)
                once |= a | b
                a = s[c8]
                twice |= once & a
                once |= a
                done = s[placed]
                if once | done != full:
                    return False
                hidden = once & ~twice & ~done
                while hidden:
                    bit = hidden & -hidden
                    hidden ^= bit
                    for cell in cells:
                        if s[cell] & bit:
                            break
                    else:  # its one cell took another hidden digit of this box
                        return False
                    row, col, unit = slots[cell]  # _place, inlined
                    if (s[row] | s[col] | s[unit]) & bit:
                        return False
                    s[row] |= bit
                    s[col] |= bit
                    s[unit] |= bit
                    s[cell] = 0
                    s[digit_at + cell] = bit
                    queue.append(cell)
            dirty &= ~BOX_BITS
            if queue:
                continue
        # Locked candidates, and no-place in rows and columns, in changed bands and
        # stacks. Here no cell lists a placed digit, so the segment unions are exact.
        for area_bit, cells, segments, lines in areas:
            if not dirty & area_bit:
                continue
            dirty ^= area_bit
            (i0, i1, i2, i3, i4, i5, i6, i7, i8,
             j0, j1, j2, j3, j4, j5, j6, j7, j8,
             k0, k1, k2, k3, k4, k5, k6, k7, k8) = cells  # fmt: skip
            s0, s1, s2 = s[i0] | s[i1] | s[i2], s[i3] | s[i4] | s[i5], s[i6] | s[i7] | s[i8]
            s3, s4, s5 = s[j0] | s[j1] | s[j2], s[j3] | s[j4] | s[j5], s[j6] | s[j7] | s[j8]
            s6, s7, s8 = s[k0] | s[k1] | s[k2], s[k3] | s[k4] | s[k5], s[k6] | s[k7] | s[k8]
            line0, line1, line2 = lines
            if (
                s0 | s1 | s2 | s[line0] != full
                or s3 | s4 | s5 | s[line1] != full
                or s6 | s7 | s8 | s[line2] != full
            ):
                return False
            # A digit of a segment that is in exactly one of (rest of its box, rest of
            # its line) is locked there: the other one must lose it.
            if (
                ((s3 | s6) ^ (s1 | s2)) & s0
                or ((s4 | s7) ^ (s0 | s2)) & s1
                or ((s5 | s8) ^ (s0 | s1)) & s2
                or ((s0 | s6) ^ (s4 | s5)) & s3
                or ((s1 | s7) ^ (s3 | s5)) & s4
                or ((s2 | s8) ^ (s3 | s4)) & s5
                or ((s0 | s3) ^ (s7 | s8)) & s6
                or ((s1 | s4) ^ (s6 | s8)) & s7
                or ((s2 | s5) ^ (s6 | s7)) & s8
            ):
                unions = (s0, s1, s2, s3, s4, s5, s6, s7, s8)
                changed = _eliminate_locked(s, unions, segments, queue)
                if changed < 0:
                    return False
                dirty |= changed
                break
        else:
            return True


def _eliminate_locked(
    state: State, unions: tuple[int, ...], segments: tuple[tuple[int, ...], ...], queue: list[int]
) -> int:
    """Remove the locked candidates of one band or stack: the dirty bits of the cells
    that lost some, or -1 on a contradiction.

    ``unions`` are the candidates of its 9 segments. Rare next to the check that calls
    it, so it is written for clarity.
    """
    changed = 0
    remove = [0] * 9
    for segment, (boxmates, linemates) in enumerate(SEGMENT_NEIGHBOURS):
        box1, box2 = boxmates
        line1, line2 = linemates
        rest_of_box = unions[box1] | unions[box2]
        rest_of_line = unions[line1] | unions[line2]
        locked = (rest_of_box ^ rest_of_line) & unions[segment]
        pointing = locked & rest_of_line  # the box keeps them here: not elsewhere in the line
        claiming = locked & rest_of_box  # the line keeps them here: not elsewhere in the box
        remove[line1] |= pointing
        remove[line2] |= pointing
        remove[box1] |= claiming
        remove[box2] |= claiming
    for segment, digits in enumerate(remove):
        if not digits:
            continue
        for cell in segments[segment]:
            mask = state[cell] & ~digits
            if mask == state[cell]:
                continue
            if not mask:
                return -1
            changed |= DIRTY[cell]
            if POPCOUNT[mask] == 1:
                if not _place(state, cell, mask, queue):
                    return -1
            else:
                state[cell] = mask
    return changed


def _open_peers(s: State, cell: int) -> int:
    """How many of ``cell``'s 20 peers are open: 20 less the placed ones, which its
    units' placed digits count (those in its box and row or column counted twice)."""
    popcount = POPCOUNT
    row, col, box, a, b, c, d = NEIGHBOURS[cell]
    placed = popcount[s[row]] + popcount[s[col]] + popcount[s[box]]
    return 20 - placed + (not s[a]) + (not s[b]) + (not s[c]) + (not s[d])


def _guess(s: State) -> Choice:
    """The cell to guess on, as its (cell, bit) pairs from the lowest digit; () when
    every cell is placed (a solution).

    A cell with two candidates if any, the one with the most open peers; else the
    fewest candidates, then the most open peers; ties to the first in box order.
    """
    popcount, neighbours = POPCOUNT, NEIGHBOURS
    best, most = -1, -21  # below any score: 20 less its open peers
    for cell in BOX_ORDER:
        if popcount[s[cell]] == 2:  # _open_peers inlined: the commonest call here
            row, col, box, a, b, c, d = neighbours[cell]
            score = (not s[a]) + (not s[b]) + (not s[c]) + (not s[d])  # open peers - 20
            score -= popcount[s[row]] + popcount[s[col]] + popcount[s[box]]
            if score > most:
                best, most = cell, score
    if best < 0:
        fewest, most = 10, -1
        for cell in BOX_ORDER:
            count = popcount[s[cell]]
            if count and count <= fewest:
                score = _open_peers(s, cell)
                if count < fewest or score > most:
                    best, fewest, most = cell, count, score
        if best < 0:
            return ()
    mask = s[best]
    choice = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        choice.append((best, bit))
    return tuple(choice)


def _guess_places(s: State) -> Choice:
    """The second search's choice: a digit's two places in a unit if any digit has only
    two in some row, column or box, else ``_guess``'s cell (as ``solver._guess_places``).

    Among such pairs, the most open peers (the two cells' counts added); ties to the
    first in ``UNIT_ORDER``; the place first in box order is tried first.
    """
    exactly_two = [0] * 27
    any_two = 0
    for unit in range(27):
        once = twice = three = 0
        for cell in UNITS[unit]:
            mask = s[cell]
            three |= twice & mask
            twice |= once & mask
            once |= mask
        exactly_two[unit] = twice & ~three
        any_two |= exactly_two[unit]
    if not any_two:
        return _guess(s)
    best: Choice = ()
    most = -1
    for unit, bit in UNIT_ORDER:
        if exactly_two[unit] & bit:
            one, other = [cell for cell in UNITS[unit] if s[cell] & bit]
            score = _open_peers(s, one) + _open_peers(s, other)
            if score > most:
                if POSITION[other] < POSITION[one]:
                    one, other = other, one
                best, most = ((one, bit), (other, bit)), score
    return best


def _grid_of(state: State) -> Grid:
    """The grid of a state whose every cell is placed."""
    return "".join([BIT_DIGIT[bit] for bit in state[DIGIT:]])


class Walk:
    """One depth-first search on masks, resumable: ``solver._Walk``'s twin (the same
    attributes and ``run``), over an explicit stack of (parent state, cell, digit bit,
    whether the child may take the parent's own list)."""

    def __init__(self, places: bool, limit: int, root: tuple[State, list[int]] | None) -> None:
        """A search from ``root`` (``start``'s answer), guessing on places first for the
        second search (``places``), stopping at ``limit`` solutions."""
        self.guess: Callable[[State], Choice] = _guess_places if places else _guess
        self.limit = limit
        self.found = 0
        self.first: Grid | None = None
        self.stack: list[tuple[State, int, int, bool]] = []
        self.root = root
        self.started = False
        self.finished = False
        self.nodes = 0

    def run(self, budget: int) -> int:
        """Search on for at most ``budget`` nodes: the nodes it ran. The solver's hot
        path: locals only in the loop."""
        guess, limit, stack, found = self.guess, self.limit, self.stack, self.found
        nodes = 0
        state: State | None = None  # resumed: the last node was expanded, pop the next
        if not self.started:
            self.started = True
            if self.root is not None:
                state = self.root[0][:]
                if not _propagate(state, list(self.root[1]), EVERYTHING):
                    state = None
        while True:
            if state is not None:
                choice = guess(state)
                if not choice:
                    found += 1
                    if found == 1:
                        self.first = _grid_of(state)
                    if found == limit:
                        break
                else:
                    last = len(choice) - 1  # pushed last first: the first is tried first
                    for index in range(last, -1, -1):
                        cell, bit = choice[index]
                        stack.append((state, cell, bit, index == last))
            if not stack:
                break
            if nodes == budget:
                self.found = found
                self.nodes += nodes
                return nodes
            parent, cell, bit, own = stack.pop()
            nodes += 1
            state = parent if own else parent[:]
            queue: list[int] = []
            if not _place(state, cell, bit, queue) or not _propagate(state, queue, 0):
                state = None
        self.found = found
        self.nodes += nodes
        self.finished = True
        self.stack = []
        return nodes
