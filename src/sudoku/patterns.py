"""The pattern techniques, past subsets and x-wings: fish, wings, single-digit patterns,
colouring and uniqueness.

Each finder takes the marks (81 strings, ``""`` for a filled cell) and returns the
first step that removes something, or None; ``sudoku.logic`` tries them in the order of
its table, by rating. Cells are scanned in reading order, digits ascending.

==================  ====  ===========================================================
technique           SE    the step
==================  ====  ===========================================================
x-wing              3.2   2 lines hold a digit only in the same 2 crossing lines: the
swordfish           3.8   digit leaves the rest of those crossing lines (3 lines for a
jellyfish           5.2   swordfish, 4 for a jellyfish)
skyscraper          4.0   two parallel conjugate pairs of a digit with one end each in
                          one crossing line: one of the other two ends holds it
two-string kite     4.1   a row's and a column's conjugate pairs with one end each in
                          one box: one of the other two ends holds it
xy-wing             4.2   pivot xy, pincers xz and yz: one pincer holds z
empty rectangle     4.3   a box holds a digit only in one row and one column; a
                          conjugate pair outside it sees that row: the far cell of
                          the pair's other end's line and the box's column loses it
xyz-wing            4.4   pivot xyz, pincers xz and yz: one of the three holds z
unique rectangle    4.5   type 1: three corners of a rectangle (two boxes) hold only
                          the same two digits: the fourth cannot hold either
bug+1               5.6   every blank but one holds two candidates: the third digit of
                          that one goes there (else two solutions)
simple colouring    6.6   a digit's conjugate pairs coloured in turn: a colour twice in
                          a unit is false (wrap); a cell seeing both colours loses it
                          (trap)
w-wing              7.1   two xy cells joined by a conjugate pair of x: one holds y
==================  ====  ===========================================================

The uniqueness techniques (unique rectangle, bug+1) hold only for a puzzle with one
solution: ``sudoku.logic`` leaves them out for any other.

A **conjugate pair** of a digit is a unit where it has exactly two places: one of them
holds it. Ratings on Sudoku Explainer's scale (tenths in ``RATINGS``), as its successor
Sukaku Explainer rates: the skyscraper, kite and empty rectangle are its "turbot fish"
(4.2-4.3 there, beside the wings); it has no w-wing or simple colouring and finds those
eliminations as forcing chains, so they are rated as those chains and tried with them.
Wings' links: (cell, its candidates) for the pivot and each pincer.
"""

from __future__ import annotations

from sudoku.grid import BOX, COL, DIGITS, PEERS, ROW, UNITS, UNITS_OF
from sudoku.steps import (
    BIT,
    ONLY,
    SIZE,
    TEXT,
    Step,
    combinations,
    masks_of,
    new_step,
    places,
    places_mask,
    removals,
    seeing,
    sees,
    subsets,
)
from sudoku.words import FISH

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    Finder = Callable[[Sequence[str]], "Step | None"]

RATINGS = {
    "x-wing": 32,
    "swordfish": 38,
    "jellyfish": 52,
    "skyscraper": 40,
    "two-string kite": 41,
    "xy-wing": 42,
    "empty rectangle": 43,
    "xyz-wing": 44,
    "unique rectangle": 45,
    "bug+1": 56,
    "simple colouring": 66,
    "w-wing": 71,
}
"""Each technique's rating, in tenths of Sudoku Explainer's scale. Explainer has no
w-wing or simple colouring: it finds their eliminations as forcing chains, and they are
rated as those chains are (a forcing x-chain 6.6; a w-wing is a chain of x- and y-links
of eight nodes, 7.0 and 0.1 for its length: ``sudoku.chains``)."""


def found(  # noqa: PLR0913, PLR0917 (a Step's fields, in their order)
    technique: str,
    gone: tuple[tuple[int, str], ...],
    cells: Sequence[int],
    units: Sequence[int],
    digits: Sequence[str],
    links: tuple[tuple[object, ...], ...] = (),
) -> Step:
    """An elimination step of one of this module's techniques."""
    return new_step(technique, (), gone, cells, units, digits, RATINGS[technique], links)


# --- fish ------------------------------------------------------------------------------------


def fish(size: int) -> Finder:
    """The finder of x-wings (2), swordfish (3) and jellyfish (4): ``size`` lines (rows,
    or columns) holding a digit only in ``size`` crossing lines between them; the digit
    leaves the rest of those crossing lines. Units: the base lines, then the covers."""

    def find(marks: Sequence[str]) -> Step | None:
        for digit in DIGITS:
            for first, offset in ((0, 9), (9, 0)):
                lines = []
                spots = []
                for line in range(first, first + 9):
                    where = places_mask(marks, UNITS[line], digit)
                    if 2 <= SIZE[where] <= size:
                        lines.append(line)
                        spots.append(where)
                for picks in subsets(spots, size):
                    group = tuple([lines[i] for i in picks])
                    union = 0
                    for i in picks:
                        union |= spots[i]
                    covers = [offset + k for k in range(9) if union >> k & 1]
                    corners = sorted(
                        [UNITS[lines[i]][k] for i in picks for k in range(9) if spots[i] >> k & 1]
                    )
                    others = [c for cover in covers for c in UNITS[cover] if c not in corners]
                    gone = removals(marks, others, digit)
                    if gone:
                        return found(FISH[size], gone, corners, group + tuple(covers), (digit,))
        return None

    return find


# --- wings -----------------------------------------------------------------------------------


def bivalues(masks: Sequence[int]) -> list[int]:
    """The cells with exactly two candidates, ascending."""
    return [cell for cell in range(81) if SIZE[masks[cell]] == 2]


def xy_wing(marks: Sequence[str]) -> Step | None:
    """A pivot with candidates xy and two peers of it, xz and yz: the pivot is x or y,
    so one of them is z, and z leaves every cell seeing both. Cells: pivot, pincers."""
    masks = masks_of(marks)
    pairs = bivalues(masks)
    for pivot in pairs:
        wings = [cell for cell in pairs if sees(pivot, cell)]
        for a, b in combinations(wings, 2):
            z = masks[a] & masks[b]
            if masks[a] ^ masks[b] == masks[pivot] and SIZE[z] == 1 and not z & masks[pivot]:
                digit = ONLY[z]
                gone = removals(marks, seeing([a, b]), digit)
                if gone:
                    wing = (pivot, a, b)
                    links = tuple([(c, TEXT[masks[c]]) for c in wing])
                    return found("xy-wing", gone, wing, (), (digit,), links)
    return None


def xyz_wing(marks: Sequence[str]) -> Step | None:
    """A pivot with candidates xyz and two peers of it, xz and yz: one of the three is z,
    and z leaves every cell seeing all three. Cells: pivot, pincers."""
    masks = masks_of(marks)
    pairs = bivalues(masks)
    for pivot in range(81):
        if SIZE[masks[pivot]] != 3:
            continue
        wings = [c for c in pairs if sees(pivot, c) and masks[c] & masks[pivot] == masks[c]]
        for a, b in combinations(wings, 2):
            z = masks[a] & masks[b]
            if masks[a] | masks[b] == masks[pivot] and SIZE[z] == 1:
                digit = ONLY[z]
                gone = removals(marks, seeing([pivot, a, b]), digit)
                if gone:
                    wing = (pivot, a, b)
                    links = tuple([(c, TEXT[masks[c]]) for c in wing])
                    return found("xyz-wing", gone, wing, (), (digit,), links)
    return None


def strong_links(marks: Sequence[str], digit: str) -> list[tuple[int, int, int]]:
    """The conjugate pairs of ``digit``: (unit, first cell, second cell), units in order."""
    links = []
    for unit in range(27):
        where = places(marks, unit, digit)
        if len(where) == 2:
            links.append((unit, where[0], where[1]))
    return links


def w_wing(marks: Sequence[str]) -> Step | None:
    """Two cells that are not peers, both holding only x and y, and a conjugate pair of x
    with one end seeing each: one of the two cells is y (if both were x, the pair would
    have no place for x), so y leaves every cell seeing both. Cells: the two, the pair's
    ends; units: the pair's."""
    masks = masks_of(marks)
    pairs = bivalues(masks)
    for a, b in combinations(pairs, 2):
        if masks[a] != masks[b] or sees(a, b):
            continue
        for x in TEXT[masks[a]]:
            y = TEXT[masks[a] ^ BIT[x]]
            for unit, p, q in strong_links(marks, x):
                if {p, q} & {a, b}:
                    continue
                if (sees(p, a) and sees(q, b)) or (sees(p, b) and sees(q, a)):
                    gone = removals(marks, seeing([a, b]), y)
                    if gone:
                        return found("w-wing", gone, (a, b, p, q), (unit,), (y, x))
    return None


# --- single-digit patterns ------------------------------------------------------------------


def two_links(marks: Sequence[str], name: str, kinds: Callable[[int, int], bool]) -> Step | None:
    """Two conjugate pairs of a digit (units ``u``, ``v`` with ``kinds(u, v)``), an end
    of one and an end of the other in one unit (``joined``): those two cannot both hold
    the digit, so one of the two far ends does, and it leaves every cell seeing both far
    ends. Cells: near end, far end of the first pair, then of the second."""
    for digit in DIGITS:
        links = strong_links(marks, digit)
        for (u, a1, a2), (v, b1, b2) in combinations(links, 2):
            if not kinds(u, v):
                continue
            for near_a, far_a in ((a1, a2), (a2, a1)):
                for near_b, far_b in ((b1, b2), (b2, b1)):
                    if not joined(name, near_a, near_b) or {near_a, near_b} & {far_a, far_b}:
                        continue
                    gone = removals(marks, seeing([far_a, far_b]), digit)
                    if gone:
                        cells = (near_a, far_a, near_b, far_b)
                        return found(name, gone, cells, (u, v), (digit,))
    return None


def joined(name: str, a: int, b: int) -> bool:
    """Whether two near ends join a skyscraper (one crossing line) or a kite (one box)."""
    if a == b:
        return False
    if name == "skyscraper":
        return ROW[a] == ROW[b] or COL[a] == COL[b]
    return BOX[a] == BOX[b] and ROW[a] != ROW[b] and COL[a] != COL[b]


def skyscraper(marks: Sequence[str]) -> Step | None:
    """Two rows (or two columns) each holding a digit in two places, one end of each in
    the same column (row): one of the other two ends holds it (``two_links``)."""
    return two_links(marks, "skyscraper", lambda u, v: u < 18 and v < 18 and u // 9 == v // 9)


def two_string_kite(marks: Sequence[str]) -> Step | None:
    """A row and a column each holding a digit in two places, one end of each in one box
    (not the cell they share): one of the other two ends holds it (``two_links``)."""
    return two_links(marks, "two-string kite", lambda u, v: u < 9 and 9 <= v < 18)


def empty_rectangle(marks: Sequence[str]) -> Step | None:
    """A box holding a digit only in one of its rows and one of its columns (in both),
    and a conjugate pair of the digit in a column (row) outside the box's stack (band),
    one end in the box's row (column): the cell where the pair's other end's row meets
    the box's column loses the digit (if it held it, the pair's first end would, and the
    box would have no place left). Cells: the box's places, then the pair's near and far
    ends; units: the box, its row and column, the pair's unit."""
    for digit in DIGITS:
        links = strong_links(marks, digit)
        for box in range(18, 27):
            spots = places(marks, box, digit)
            if len(spots) < 2:
                continue
            for row in sorted({ROW[c] for c in spots}):
                for col in sorted({COL[c] for c in spots}):
                    if any(ROW[c] != row and COL[c] != col for c in spots):
                        continue
                    if all(ROW[c] == row for c in spots) or all(COL[c] == col for c in spots):
                        continue
                    hit = rectangle_target(marks, links, box, row, col, digit)
                    if hit is not None:
                        target, unit, near, far = hit
                        units = (box, row, 9 + col, unit)
                        return found(
                            "empty rectangle",
                            ((target, digit),),
                            spots + (near, far),  # noqa: RUF005 (MicroPython)
                            units,
                            (digit,),
                        )
    return None


def rectangle_target(  # noqa: PLR0913, PLR0917 (the rectangle's parts)
    marks: Sequence[str],
    links: list[tuple[int, int, int]],
    box: int,
    row: int,
    col: int,
    digit: str,
) -> tuple[int, int, int, int] | None:
    """For an empty rectangle's box, row and column: the first cell it removes the digit
    from, with the conjugate pair's unit, near end and far end; None if there is none."""
    for unit, a, b in links:
        if unit >= 18:
            continue
        for near, far in ((a, b), (b, a)):
            if BOX[near] + 18 == box or BOX[far] + 18 == box:
                continue
            if unit >= 9 and ROW[near] == row:
                target = 9 * ROW[far] + col
            elif unit < 9 and COL[near] == col:
                target = 9 * row + COL[far]
            else:
                continue
            if BOX[target] + 18 != box and target != far and digit in marks[target]:
                return target, unit, near, far
    return None


def simple_colouring(marks: Sequence[str]) -> Step | None:
    """A digit's conjugate pairs, chained into a cluster and coloured in turn (the two
    ends of a pair differ): one colour holds the digit everywhere, the other nowhere. A
    colour met twice in one unit (a wrap) is the one that is out: the digit leaves all its
    cells. Else a cell seeing both colours (a trap) loses it. Cells: the cluster, the
    first colour first; links: ((cell, colour), ...) in that order."""
    for digit in DIGITS:
        links = strong_links(marks, digit)
        for cluster in clusters(links):
            hit = wrap_or_trap(marks, cluster, digit)
            if hit:
                ordered = sorted(cluster, key=lambda c: (cluster[c], c))
                coloured = tuple([(c, cluster[c]) for c in ordered])
                return found("simple colouring", hit, ordered, (), (digit,), coloured)
    return None


def clusters(links: list[tuple[int, int, int]]) -> list[dict[int, int]]:
    """The connected groups of conjugate pairs, each as {cell: colour 0 or 1}, the first
    cell (in reading order) colour 0; only those of three cells or more (two cells are
    one pair: nothing to find)."""
    neighbours: dict[int, list[int]] = {}
    for _, a, b in links:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    seen: set[int] = set()
    groups = []
    for start in sorted(neighbours):
        if start in seen:
            continue
        colour = {start: 0}
        todo = [start]
        while todo:
            cell = todo.pop()
            for other in neighbours[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    todo.append(other)
        seen |= set(colour)
        if len(colour) > 2:
            groups.append(colour)
    return groups


def wrap_or_trap(
    marks: Sequence[str], colour: dict[int, int], digit: str
) -> tuple[tuple[int, str], ...]:
    """What a colouring removes: a wrapped colour's cells, else the trapped cells."""
    for shade in (0, 1):
        mine = sorted([c for c in colour if colour[c] == shade])
        if any(sees(a, b) for a, b in combinations(mine, 2)):
            return removals(marks, mine, digit)
    trapped = [
        cell
        for cell in range(81)
        if cell not in colour
        and digit in marks[cell]
        and {colour[p] for p in PEERS[cell] if p in colour} == {0, 1}
    ]
    return removals(marks, trapped, digit)


# --- uniqueness ------------------------------------------------------------------------------


def unique_rectangle(marks: Sequence[str]) -> Step | None:
    """Type 1: four cells at the corners of a rectangle over two rows, two columns and
    two boxes; three hold only the digits x and y, the fourth x, y and more. If the fourth
    held x or y, the four could swap x and y: two solutions; so it holds neither. Cells:
    the three, then the fourth."""
    masks = masks_of(marks)
    for a, b in combinations(bivalues(masks), 2):
        if masks[a] != masks[b] or not (ROW[a] == ROW[b] or COL[a] == COL[b]):
            continue
        for c in bivalues(masks):
            if masks[c] != masks[a] or c in (a, b):
                continue
            corner = fourth_corner(a, b, c)
            if corner is None:
                continue
            corners = (a, b, c, corner)
            if masks[corner] & masks[a] and len({BOX[x] for x in corners}) == 2:
                gone = removals(marks, [corner], TEXT[masks[a]])
                return found("unique rectangle", gone, corners, (), tuple(TEXT[masks[a]]))
    return None


def fourth_corner(a: int, b: int, c: int) -> int | None:
    """The cell completing a rectangle with ``a`` and ``b`` (in one line) and ``c`` (at a
    right angle from ``a``), or None if the three are not so placed."""
    if ROW[a] == ROW[b] and COL[c] == COL[a] and ROW[c] != ROW[a]:
        return 9 * ROW[c] + COL[b]
    if COL[a] == COL[b] and ROW[c] == ROW[a] and COL[c] != COL[a]:
        return 9 * ROW[b] + COL[c]
    return None


def bug_plus_one(marks: Sequence[str]) -> Step | None:
    """Bivalue universal grave + 1: every blank holds two candidates but one, which holds
    three; the digit of those three that its row (column, box) holds three times goes
    there (without it, every digit would have two places in every unit: a deadly pattern
    with two solutions). Cells: that one; units: its row, column and box."""
    masks = masks_of(marks)
    blanks = [cell for cell in range(81) if masks[cell]]
    odd = [cell for cell in blanks if SIZE[masks[cell]] != 2]
    if len(odd) != 1 or SIZE[masks[odd[0]]] != 3:
        return None
    cell = odd[0]
    for digit in TEXT[masks[cell]]:
        if deadly_without(marks, cell, digit):
            placed = ((cell, digit),)
            return new_step(
                "bug+1", placed, (), (cell,), UNITS_OF[cell], (digit,), RATINGS["bug+1"]
            )
    return None


def deadly_without(marks: Sequence[str], cell: int, digit: str) -> bool:
    """Whether, ``digit`` taken out of ``cell``, every digit would have exactly two places
    (or none) in every unit: the grave, each unit's digits able to swap in pairs."""
    for unit in range(27):
        for d in DIGITS:
            count = len(places(marks, unit, d)) - (d == digit and cell in UNITS[unit])
            if count not in (0, 2):
                return False
    return True
