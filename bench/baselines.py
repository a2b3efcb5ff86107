"""Two reference solvers the benchmark measures the fast solver against.

Neither is used by the package: they are yardsticks, kept plainly faithful to their sources.

- ``norvig_solve``: Peter Norvig's solver from his essay "Solving Every Sudoku Puzzle"
  (2006): a dict from square to a string of candidate digits, constraint propagation by
  elimination and "only choice" (a unit with one place left for a digit), and depth-first
  search on the square with the fewest candidates.
- ``editorial_solve``: the LeetCode 37 editorial's plain backtracking: visit the cells in
  row-major order, try digits 1-9 in order, place a digit if no peer holds it, recurse, and
  remove it on failure. It counts placements (nodes): the teaching trace's ``naive``
  strategy must report exactly this count.
- ``previous_analyze``: the package's own fast solver as it was before its search learned
  to branch on a digit's places in a unit (commit d790fc5), kept as it was (but for the
  names the two solvers share): the worst-case section of ``bench/solver.py`` measures
  the search against it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from sudoku.grid import BOX, COL, PEERS, ROW, Grid, checked_grid

DIGITS = "123456789"


def _cross(a: str, b: str) -> list[str]:
    """Norvig's cross product of row and column labels: the square names."""
    return [x + y for x in a for y in b]


ROWS = "ABCDEFGHI"
COLS = DIGITS
SQUARES = _cross(ROWS, COLS)
UNITLIST = (
    [_cross(ROWS, c) for c in COLS]
    + [_cross(r, COLS) for r in ROWS]
    + [_cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
NORVIG_UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
NORVIG_PEERS = {s: {s2 for u in NORVIG_UNITS[s] for s2 in u} - {s} for s in SQUARES}

Values = dict[str, str]


def _parse_grid(grid: str) -> Values | None:
    """Candidates per square after assigning every given, or None on a contradiction."""
    values = dict.fromkeys(SQUARES, DIGITS)
    for s, d in zip(SQUARES, grid, strict=True):
        if d in DIGITS and not _assign(values, s, d):
            return None
    return values


def _assign(values: Values, s: str, d: str) -> Values | None:
    """Eliminate every other digit from ``s``; None if that leads to a contradiction."""
    other_values = values[s].replace(d, "")
    if all(_eliminate(values, s, d2) for d2 in other_values):
        return values
    return None


def _eliminate(values: Values, s: str, d: str) -> Values | None:
    """Remove ``d`` from ``s`` and propagate (Norvig's two rules); None on contradiction."""
    if d not in values[s]:
        return values  # already eliminated
    values[s] = values[s].replace(d, "")
    # (1) A square reduced to one value d2: eliminate d2 from its peers.
    if len(values[s]) == 0:
        return None
    if len(values[s]) == 1:
        d2 = values[s]
        if not all(_eliminate(values, s2, d2) for s2 in NORVIG_PEERS[s]):
            return None
    # (2) A unit reduced to one place for d: put it there.
    for u in NORVIG_UNITS[s]:
        dplaces = [s2 for s2 in u if d in values[s2]]
        if len(dplaces) == 0:
            return None
        if len(dplaces) == 1 and not _assign(values, dplaces[0], d):
            return None
    return values


def _search(values: Values | None) -> Values | None:
    """Depth-first search, trying the square with the fewest candidates first."""
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        result = _search(_assign(values.copy(), s, d))
        if result is not None:
            return result
    return None


def norvig_solve(grid: str) -> str | None:
    """Solve an 81-char grid ('.' blanks) the Norvig way; None if it has no solution."""
    values = _search(_parse_grid(grid))
    return None if values is None else "".join(values[s] for s in SQUARES)


def editorial_solve(grid: str) -> tuple[str | None, int]:
    """Solve by the LeetCode 37 editorial's backtracking: (solution or None, placements).

    Placements are counted as nodes: every digit written into a blank cell, including
    those later removed. Conflicting givens are reported as unsolvable with 0 nodes.
    """
    board = [list(grid[r * 9 : r * 9 + 9]) for r in range(9)]
    rows: list[set[str]] = [set() for _ in range(9)]
    cols: list[set[str]] = [set() for _ in range(9)]
    boxes: list[set[str]] = [set() for _ in range(9)]
    for r in range(9):
        for c in range(9):
            d = board[r][c]
            if d != ".":
                b = (r // 3) * 3 + c // 3
                if d in rows[r] or d in cols[c] or d in boxes[b]:
                    return None, 0
                rows[r].add(d)
                cols[c].add(d)
                boxes[b].add(d)
    nodes = 0

    def could_place(d: str, r: int, c: int) -> bool:
        return not (d in rows[r] or d in cols[c] or d in boxes[(r // 3) * 3 + c // 3])

    def place(d: str, r: int, c: int) -> None:
        nonlocal nodes
        nodes += 1
        rows[r].add(d)
        cols[c].add(d)
        boxes[(r // 3) * 3 + c // 3].add(d)
        board[r][c] = d

    def remove(d: str, r: int, c: int) -> None:
        rows[r].remove(d)
        cols[c].remove(d)
        boxes[(r // 3) * 3 + c // 3].remove(d)
        board[r][c] = "."

    def backtrack(cell: int) -> bool:
        """Fill cells from ``cell`` on (row-major); True once the board is full.

        Recursion depth is at most the 81 cells, well under Python's limit.
        """
        while cell < 81 and board[cell // 9][cell % 9] != ".":
            cell += 1
        if cell == 81:
            return True
        r, c = divmod(cell, 9)
        for d in DIGITS:
            if could_place(d, r, c):
                place(d, r, c)
                if backtrack(cell + 1):
                    return True
                remove(d, r, c)
        return False

    solved = backtrack(0)
    return ("".join("".join(row) for row in board) if solved else None), nodes


# -- the previous fast solver (src/sudoku/solver.py at commit d790fc5) ------------------
# ``previous_analyze`` is ``sudoku.analyze`` as it was before its search learned to branch
# on a digit's places in a unit: the worst-case section of bench/solver.py measures the
# new search against it. Kept as it was, but for ``_previous_search`` (Norvig's search
# above is ``_search``) and the CPython-only ``bit_length``/``bit_count``.

Bits = int
T = TypeVar("T")
bit_length = int.bit_length
bit_count = int.bit_count


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


LAYER = (1 << 90) - 1
"""The first layer's bits (guards included)."""
EVERY_LAYER = _in_layers([0])
"""Bit 0 of each layer: multiplying a first-layer set by it copies the set to every layer."""
CELLS = _bits(_place_of(cell) for cell in range(81))
"""Every cell of the first layer."""
FULL = CELLS * EVERY_LAYER
"""Every candidate: the board nothing constrains yet."""
GUARDS = _field_places([9])
"""The guard bit of every field: never a candidate, it catches a field's carry."""
FIELD_LOW = GUARDS >> 9
"""The lowest place of every field."""
FIELD_ADD = FIELD_LOW * 0x1FF
"""``0x1FF`` in every field: adding it carries into the guard of each non-empty field."""
HALF = (1 << 360) - 1
"""Layers 0-3: folding layers 4-7 onto them is the layer fold's first step."""
QUARTER = (1 << 180) - 1
"""Layers 0-1: the fold's second step."""

ROW_TRIADS = _field_places([0, 3, 6])
"""The first place of each row triad of every box (each field's rows start at 0, 3, 6)."""
ROW_TRIADS_OF_STACK = tuple(_field_places([0, 3, 6], range(s, 9, 3)) for s in range(3))
"""Row triad starts in the boxes of one stack (box column): 0, 1 or 2."""
COL_TRIADS = _field_places([0, 1, 2])
"""The first place of each column triad of every box (columns start at 0, 1, 2)."""
COL_TRIADS_OF_BAND = tuple(_field_places([0, 1, 2], range(3 * b, 3 * b + 3)) for b in range(3))
"""Column triad starts in the boxes of one band (box row): 0, 1 or 2."""
COL_TRIADS_AT = tuple(_field_places([k]) for k in range(3))
"""Column triad starts at box column 0, 1 or 2."""
ROW_TRIAD = 0b111
"""Multiplying a triad's first place by it covers the triad's three places."""
COL_TRIAD = 1 | 1 << 3 | 1 << 6


BIT = tuple(tuple(1 << (90 * digit + _place_of(cell)) for digit in range(9)) for cell in range(81))
"""The bit of each (cell, digit - 1)."""


def _keep(cell: int, digit: int) -> Bits:
    """Everything but what placing ``digit`` (0-8) in ``cell`` removes: the digit from
    the cell's peers and the other digits from the cell."""
    peers = _bits(90 * digit + _place_of(peer) for peer in PEERS[cell])
    return FULL & ~(peers | (1 << _place_of(cell)) * EVERY_LAYER) | BIT[cell][digit]


# The tables below are read with a single bit's ``bit_length(bit)`` (its position + 1):
# a method call and a list index, where a dict would hash an 810-bit key. Measured on
# placements, the hot loop's commonest step: 2.6x faster.
SIZE = 90 * 9 + 1
"""Table length: one entry per possible ``bit_length`` of a board bit."""


def _by_length(entries: dict[Bits, T], default: T) -> tuple[T, ...]:
    """A table of ``entries`` (keyed by single bits) indexed by each key's ``bit_length``."""
    table = [default] * SIZE
    for bit, entry in entries.items():
        table[bit_length(bit)] = entry
    return tuple(table)


KEEP = _by_length(
    {BIT[cell][digit]: _keep(cell, digit) for cell in range(81) for digit in range(9)}, 0
)
"""The mask that places each candidate bit: ``board &= KEEP[bit_length(bit)]``."""
BELOW = tuple((1 << max(length - 1, 0)) - 1 for length in range(SIZE))
"""The bits below a bit: ``bits &= BELOW[bit_length(bits)]`` drops the highest one."""
CELL_OF = _by_length(
    {BIT[cell][digit]: (cell, DIGITS[digit]) for cell in range(81) for digit in range(9)},
    (0, ""),
)
"""The cell and digit character of each candidate bit."""
OPEN_PEERS = _by_length(
    {1 << _place_of(cell): _bits(map(_place_of, PEERS[cell])) for cell in range(81)}, 0
)
"""The 20 peers of each cell, both as first-layer bits."""


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

    Two candidates if any cell has two, and among those the most open peers: measured
    on the forum's hardest puzzles, a third fewer guesses than taking the first such cell
    (87 against 132).
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


def _previous_search(grid: Grid, limit: int, max_nodes: int | None) -> tuple[list[Grid], int, bool]:
    """Up to ``limit`` solutions of ``grid`` (the first found first), the guesses placed,
    and whether it stopped at ``max_nodes`` before its end (None: never stops).

    Depth-first over an explicit stack of (board, placements, candidate bit to try).
    """
    board, done = _start(grid)
    solutions: list[Grid] = []
    nodes = 0
    stack: list[tuple[Bits, Bits, Bits]] = []
    if board:
        board, done, open_cells = _propagate(board, done)
    while True:
        if board:
            if not open_cells:
                solutions.append(_grid_of(done))
                if len(solutions) == limit:
                    break
            else:
                candidates = _guess(board, open_cells)
                while candidates:  # pushed highest first: the lowest digit is tried first
                    bit = 1 << (bit_length(candidates) - 1)
                    candidates ^= bit
                    stack.append((board, done, bit))
        if not stack:
            break
        if nodes == max_nodes:
            return solutions, nodes, True
        board, done, bit = stack.pop()
        nodes += 1
        board, done, open_cells = _propagate(board & KEEP[bit_length(bit)], done | bit)
    return solutions, nodes, False


def _grid_of(done: Bits) -> Grid:
    """The grid of a solved board's 81 placements."""
    chars = ["."] * 81
    while done:
        length = bit_length(done)
        done &= BELOW[length]
        cell, char = CELL_OF[length]
        chars[cell] = char
    return "".join(chars)


def previous_analyze(grid: str, limit: int = 2, max_nodes: int | None = None) -> dict[str, object]:
    """The previous ``sudoku.analyze``: solutions up to ``limit``, the first, the guesses;
    and ``stopped``, True when it gave up at ``max_nodes`` guesses (its answer is then
    unknown: some worst cases take it minutes)."""
    solutions, nodes, stopped = _previous_search(grid, limit, max_nodes)
    return {
        "solutions": len(solutions),
        "solution": solutions[0] if solutions else None,
        "nodes": nodes,
        "stopped": stopped,
    }
