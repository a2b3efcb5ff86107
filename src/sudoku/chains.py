"""Chains: x-chains, xy-chains, and the last resort, contradiction chains.

**X-chain** (SE 6.6+, Explainer's forcing x-chain): one digit, cells joined in turn by
strong links (a conjugate pair: if one end is not the digit, the other is) and weak
links (two peers: if one is the digit, the other is not), strong first and last. If the
first cell is not the digit, the last one is: every cell seeing both loses it. Links:
the chain's cells.

**XY-chain** (SE 7.0+, Explainer's forcing chain of x- and y-links): cells with two
candidates each, each a peer of the next, the digit that ends one cell starting the
next: if the first cell is not x, its other digit is true, which rules it out of the
next cell, whose other digit is true, and so on until the last cell is x: every cell
seeing both ends loses x. Links: (cell, the digit it holds if the one before does not)
in order.

**Contradiction chain** (the last resort, 8.5+): assume a candidate, write the
singles that follow one after the other, until a cell has no candidate left or a digit
no place in a unit: the candidate is false. Only the implications the contradiction
needs are kept, in order. When singles stall without a contradiction, the chain
**splits** on a cell with the fewest candidates (a digit with the fewest places when
that is fewer) and follows each branch the same way: every branch must end in a
contradiction (a nested chain: 9.5+, and 1.0 more per level). On a puzzle with one
solution some wrong candidate always ends so (at worst the splits search the whole
puzzle), so hints never get stuck. The candidates tried are the wrong ones, those the
solution does not hold: a right one never leads to a contradiction. The shortest chain
of the first depth that has one is the step.

**Fast enough for the browser.** Most of the search asks only *whether* singles break
a rule; ``sudoku.singles`` answers that on small ints, recording nothing, and the links
are made (``assume``, which records why) only for the candidate refuted. Each
candidate's singles are followed once per hint; a depth-0 chain is followed only as many
rounds as could still make it shorter than the best so far (a chain's links are at least
its rounds plus one); at the last level of splits, a split is passed by without a look
when a state that breaks nothing already placed one of its options (``last_split``); and
at the first level each candidate first looks one level deeper (``ahead``): most fail
there, which settles both levels with one look, and the second level of the others
starts from that look; a candidate that such a failed look's state placed, with an
option of its first split, is settled by that state without a look (``settled``).
None of this changes which chain is found.

A link of a contradiction chain is a 5-tuple ``(kind, cell, digit, unit, branches)``:
``("assume", cell, digit, -1, ())``, ``("naked single", cell, digit, -1, ())``,
``("hidden single", cell, digit, unit, ())``, ``("no candidate", cell, "", -1, ())``,
``("no place", -1, digit, unit, ())``, or ``("split", cell, "", unit, branches)`` with
``branches`` a tuple of link tuples, one per candidate of the cell (``unit`` -1), or
per place of a digit in ``unit`` (``digit`` set, ``cell`` -1), each branch starting with
its own ``assume``.
"""

from __future__ import annotations

from sudoku.grid import PEERS, UNITS, UNITS_OF
from sudoku.singles import DIGIT_AT, INDEX, PLACE_SLOTS, PLACES, UNIT_AT, close
from sudoku.singles import SIZE as STATE_SIZE
from sudoku.singles import start as start_of
from sudoku.steps import (
    BIT,
    ONLY,
    SIZE,
    TEXT,
    Step,
    length_bonus,
    masks_of,
    new_step,
    places,
    removals,
    seeing,
    sees,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    Link = tuple[str, int, str, int, tuple[tuple["Link", ...], ...]]
    """A contradiction chain's link (see the module docstring)."""
    Split = tuple[int, list[tuple[int, int]]]
    """Where a stalled chain may split: (unit, options (cell, bit)) (see ``splits``)."""

RATINGS = {"x-chain": 66, "xy-chain": 70, "contradiction chain": 85}
"""Each chain's base rating in tenths; ``length_bonus`` adds for long chains, counted in
Explainer's nodes (a candidate on or off): an x-chain's cells (from the removed candidate
on to it off, every cell one node), two per cell of an xy-chain (its x off, its other
digit on), every candidate a contradiction chain turns on or off (``nodes_of``); and a
contradiction chain 10 tenths per level of splits. A contradiction chain follows singles
of every digit: Explainer's dynamic forcing chain, 8.5 (its Nishio chain, 7.5, follows
one digit only, and its static forcing chains, 8.0, no singles)."""

PAIRS: tuple[tuple[int, ...], ...] = tuple(
    [(m & -m, m ^ (m & -m)) if SIZE[m] == 2 else () for m in range(512)]
)
"""Each 9-bit mask with two bits: its two one-bit masks, lowest first; else empty."""
MAX_LINKS = 16
"""The longest x-chain or xy-chain looked for (cells): longer ones are past following."""


# --- x-chains and xy-chains ------------------------------------------------------------------


def x_chain(marks: Sequence[str]) -> Step | None:
    """The shortest x-chain that removes something (the first of that length, digits
    ascending, by its first cell): see the module docstring."""
    best: tuple[int, str, list[int], tuple[tuple[int, str], ...]] | None = None
    for digit in "123456789":
        spots = [cell for cell in range(81) if digit in marks[cell]]
        strong = strong_partners(marks, digit)
        for start in spots:
            for path in x_paths(start, strong, spots):
                if best is not None and len(path) >= best[0]:
                    break
                gone = removals(
                    marks, [c for c in seeing([path[0], path[-1]]) if c not in path], digit
                )
                if gone:
                    best = (len(path), digit, path, gone)
                    break
    if best is None:
        return None
    size, digit, path, gone = best
    tenths = RATINGS["x-chain"] + length_bonus(size)
    return new_step("x-chain", (), gone, path, (), (digit,), tenths, tuple([(c,) for c in path]))


def strong_partners(marks: Sequence[str], digit: str) -> dict[int, list[int]]:
    """Each cell's partners in the conjugate pairs of ``digit``."""
    partners: dict[int, list[int]] = {}
    for unit in range(27):
        where = places(marks, unit, digit)
        if len(where) == 2:
            a, b = where
            partners.setdefault(a, []).append(b)
            partners.setdefault(b, []).append(a)
    return partners


def x_paths(start: int, strong: dict[int, list[int]], spots: list[int]) -> list[list[int]]:
    """The shortest x-chain from ``start`` to each cell it can reach ending with a strong
    link, by length (cells: even counts), breadth first, up to ``MAX_LINKS`` cells."""
    if start not in strong:
        return []
    paths = []
    frontier = [[start]]
    reached = {start}
    while frontier and len(frontier[0]) < MAX_LINKS:
        ends = [
            path + [other]  # noqa: RUF005 (MicroPython)
            for path in frontier
            for other in strong.get(path[-1], ())
            if other not in path
        ]
        paths += [path for path in ends if path[-1] not in reached]
        reached |= {path[-1] for path in ends}
        frontier = unique_ends(
            [
                path + [weak]  # noqa: RUF005 (MicroPython)
                for path in ends
                for weak in spots
                if weak not in path and weak in strong and sees(path[-1], weak)
            ]
        )
    return paths


def unique_ends(paths: list[list[int]]) -> list[list[int]]:
    """One path per last cell (the first met): breadth first, the others are no shorter."""
    kept: dict[int, list[int]] = {}
    for path in paths:
        if path[-1] not in kept:
            kept[path[-1]] = path
    return [kept[end] for end in sorted(kept)]


def xy_chain(marks: Sequence[str]) -> Step | None:
    """The shortest xy-chain that removes something: see the module docstring."""
    masks = masks_of(marks)
    pairs = [cell for cell in range(81) if SIZE[masks[cell]] == 2]
    best: tuple[int, str, list[tuple[int, str]], tuple[tuple[int, str], ...]] | None = None
    for start in pairs:
        for x in TEXT[masks[start]]:
            for path in xy_paths(masks, pairs, start, x):
                if best is not None and len(path) >= best[0]:
                    break
                end = path[-1][0]
                cells = [cell for cell, _ in path]
                gone = removals(marks, [c for c in seeing([start, end]) if c not in cells], x)
                if gone:
                    best = (len(path), x, path, gone)
                    break
    if best is None:
        return None
    size, x, path, gone = best
    tenths = RATINGS["xy-chain"] + length_bonus(2 * size)
    cells = [cell for cell, _ in path]
    return new_step("xy-chain", (), gone, cells, (), (x,), tenths, tuple(path))


def xy_paths(masks: list[int], pairs: list[int], start: int, x: str) -> list[list[tuple[int, str]]]:
    """The xy-chains from ``start`` (if it is not ``x``) to each cell that then is ``x``,
    shortest first: lists of (cell, the digit it then holds)."""
    first = [(start, TEXT[masks[start] ^ BIT[x]])]
    frontier = [first]
    seen = {first[0]}
    found = []
    while frontier and len(frontier[0]) < MAX_LINKS:
        following = []
        for path in frontier:
            cell, digit = path[-1]
            for other in pairs:
                if masks[other] & BIT[digit] and sees(cell, other):
                    state = (other, TEXT[masks[other] ^ BIT[digit]])
                    if state not in seen:
                        seen.add(state)
                        following.append(path + [state])  # noqa: RUF005 (MicroPython)
        found += [path for path in following if path[-1][1] == x and path[-1][0] != start]
        frontier = following
    return found


# --- contradiction chains --------------------------------------------------------------------


class Outcome:
    """What assuming a candidate led to: the placements made (each ``(cell, bit, kind,
    unit, premises)``), which placement removed each candidate (``by``, keyed ``cell *
    512 + bit``), and a contradiction's link and premises, or the state it stalled in:
    ``masks``, ``need`` (each unit's digits not placed yet) and ``counts`` (the places
    of each of those digits in each unit, at ``9 * unit + digit - 1``)."""

    __slots__ = ("by", "contradiction", "counts", "filled", "found", "masks", "need", "placed")

    def __init__(self, masks: Sequence[int], need: Sequence[int], counts: Sequence[int]) -> None:
        self.placed: list[tuple[int, int, str, int, list[int]]] = []
        self.by: dict[int, int] = {}
        self.filled: set[int] = set()
        self.contradiction: tuple[Link, list[int]] | None = None
        self.found: list[tuple[int, int, str, int, list[int]]] = []
        self.masks = list(masks)
        self.need = list(need)
        self.counts = list(counts)


def needs_of(masks: Sequence[int]) -> tuple[list[int], list[int]]:
    """Each unit's digits still to be placed (those with a place in it), and how many
    places each digit has in each unit (``Outcome.counts``)."""
    need, counts = [], [0] * 243
    for unit, cells in enumerate(UNITS):
        union = 0
        for cell in cells:
            union |= masks[cell]
            for bit in bits_of(masks[cell]):
                counts[9 * unit + INDEX[bit]] += 1
        need.append(union)
    return need, counts


def assume(  # noqa: PLR0913, PLR0917 (the state's three parts, the candidate, a bound)
    masks: Sequence[int],
    need: Sequence[int],
    counts: Sequence[int],
    cell: int,
    bit: int,
    rounds: int = 81,
) -> Outcome:
    """Place ``bit`` at ``cell`` and follow the naked and hidden singles round by round
    until a contradiction (``contradiction`` set) or a stall, or for ``rounds`` rounds at
    most (the assumption's own is the first). Singles are noticed as they appear (a cell
    down to one candidate, a digit down to one place in a unit): the state given is
    taken to have none.

    Each round's singles were found in the round before, from one of its placements, so
    a contradiction in round ``k`` (from 0) rests on at least ``k + 1`` placements: its
    chain has ``k + 2`` links or more."""
    out = Outcome(masks, need, counts)
    todo: list[tuple[int, int, str, int, list[int]]] = [(cell, bit, "assume", -1, [])]
    while todo and rounds:
        rounds -= 1
        out.found = []
        for where, digit, kind, unit, premises in todo:
            if out.masks[where] & digit and where not in out.filled:
                put(out, masks, where, digit, (kind, unit, premises))
                if out.contradiction is not None:
                    return out
        todo = out.found
    return out


def put(
    out: Outcome, start: Sequence[int], cell: int, bit: int, why: tuple[str, int, list[int]]
) -> None:
    """Write ``bit`` at ``cell``: the cell's other digits go, and the digit leaves the
    peers; the singles and contradictions that makes are noted in ``out``."""
    index = len(out.placed)
    out.placed.append((cell, bit, why[0], why[1], why[2]))
    out.filled.add(cell)
    now = out.masks
    for unit in UNITS_OF[cell]:
        out.need[unit] &= ~bit
    rest = now[cell] ^ bit
    now[cell] = 0
    while rest:
        low = rest & -rest
        rest ^= low
        out.by[cell * 512 + low] = index
        lose_place(out, start, cell, low)
    for peer in PEERS[cell]:
        if now[peer] & bit and out.contradiction is None:
            now[peer] ^= bit
            out.by[peer * 512 + bit] = index
            lose_place(out, start, peer, bit)
            left = now[peer]
            if not left:
                link = ("no candidate", peer, "", -1, ())
                out.contradiction = link, causes(out, start, [peer], start[peer])
            elif SIZE[left] == 1:
                premises = causes(out, start, [peer], start[peer] ^ left)
                out.found.append((peer, left, "naked single", -1, premises))


def lose_place(out: Outcome, start: Sequence[int], cell: int, bit: int) -> None:
    """Count ``cell`` out of the places of ``bit`` in its units: a digit left with one
    place is a hidden single, with none a contradiction."""
    digit = INDEX[bit]
    for unit in UNITS_OF[cell]:
        if out.need[unit] & bit:
            key = 9 * unit + digit
            out.counts[key] -= 1
            if out.counts[key] == 1:
                cells = UNITS[unit]
                spot = next(c for c in cells if out.masks[c] & bit)
                others = [c for c in cells if c != spot]
                out.found.append(
                    (spot, bit, "hidden single", unit, causes(out, start, others, bit))
                )
            elif not out.counts[key] and out.contradiction is None:
                link = ("no place", -1, ONLY[bit], unit, ())
                out.contradiction = link, causes(out, start, UNITS[unit], bit)


def causes(out: Outcome, start: Sequence[int], cells: Sequence[int], bits: int) -> list[int]:
    """The placements that removed ``bits`` from ``cells`` (those the start allowed)."""
    found = []
    for cell in cells:
        rest = start[cell] & bits
        while rest:
            low = rest & -rest
            index = out.by.get(cell * 512 + low)
            if index is not None:
                found.append(index)
            rest ^= low
    return found


def needed(out: Outcome, premises: list[int]) -> list[int]:
    """The placements a contradiction rests on, all the way back, in order."""
    keep = set()
    todo = list(premises) + [0]  # noqa: RUF005 (MicroPython)
    while todo:
        index = todo.pop()
        if index not in keep:
            keep.add(index)
            todo += out.placed[index][4]
    return sorted(keep)


def chain_links(out: Outcome) -> tuple[Link, ...]:
    """The links of a contradiction: the placements it needs, then the broken rule."""
    assert out.contradiction is not None
    last, premises = out.contradiction
    links: list[Link] = []
    for index in needed(out, premises):
        cell, bit, kind, unit, _ = out.placed[index]
        links.append((kind, cell, ONLY[bit], unit, ()))
    links.append(last)
    return tuple(links)


if TYPE_CHECKING:
    Plan = tuple[tuple[int, list[tuple[int, int]]], list["Plan | None"]]
    """How an assumption is refuted by splitting: the split (``splits``' shape), then each
    option's own plan, None for an option whose singles break a rule at once."""
    Look = tuple[int, "Plan | None", list[int]]
    """What ``ahead`` saw: which option of the first split first breaks nothing, the
    last-level plan of the state it leads to, and that state."""


def plan_for(state: list[int], depth: int, look: Look | None = None) -> Plan | None:
    """How the stalled ``state`` (``singles.close``'s, after an assumption) breaks a rule
    whatever is split, splitting at most ``depth`` times along any branch: the first split
    (``splits``' order) whose every option breaks one; None if none does within that.

    ``look``: ``ahead``'s for this state, at ``depth`` 2: the options before its own break
    a rule, and its plan is that option's, so neither is worked out again."""
    if depth == 1:
        return last_split(state)
    first, known = (look[0], look[1]) if look is not None else (-1, None)
    for unit, options in splits(state, False):
        branches: list[Plan | None] = [None] * max(first, 0)
        for cell, bit in options[len(branches) :]:
            if len(branches) == first:
                deeper = known
            else:
                after = state[:]
                if not close(after, cell, bit):
                    branches.append(None)
                    continue
                deeper = plan_for(after, depth - 1)
            if deeper is None:
                return None
            branches.append(deeper)
        return (unit, options), branches
    return None


def last_split(state: list[int]) -> Plan | None:
    """``plan_for`` at the last level: the first split whose every option breaks a rule by
    singles alone.

    One option that does not is enough to pass a split by, and a **witness** shows one
    without a look: a state reached from this one by singles and options that breaks
    nothing. Each option it placed breaks nothing either (singles only remove, so a state
    with fewer removed than a witness cannot break a rule the witness keeps). Each option
    tried that breaks nothing is a witness: the splits it left open (``split_slots``) are
    the ones still to pass by."""
    slots = split_slots(state) or [fewest(state)]
    pairs = PAIRS
    while slots:
        split = split_at(state, slots[0])
        for cell, bit in split[1]:
            witness = state[:]
            if close(witness, cell, bit):
                slots = [slot for slot in slots if pairs[witness[slot]]]
                break
        else:
            return split, [None] * len(split[1])
    return None


SLOTS = tuple(range(81)) + tuple(range(PLACES, STATE_SIZE))
"""A state's slots where it may split: its cells, then each unit's places of each digit."""


def split_slots(state: list[int]) -> list[int]:
    """Where ``state`` may split, as slots (``splits``' order, cells first): the cells
    with two candidates, the places slots of the digits with two places in a unit.

    A state reached from this one by singles and options that breaks nothing left such a
    split open where the slot still holds two (its candidates, or places: both only
    shrink); it decided it where the slot holds fewer: it filled the cell, or placed the
    digit in the unit, whose places are then its cell's (a slot down to one would have
    been a single, down to none a broken rule)."""
    pairs = PAIRS
    return [slot for slot in SLOTS if pairs[state[slot]]]


def split_at(state: list[int], slot: int) -> Split:
    """The split of ``state`` at ``slot`` (``split_slots``'): a cell's two candidates or a
    digit's two places in a unit, as ``splits`` gives it; any cell's candidates."""
    if slot < 81:
        return -1, [(slot, low) for low in bits_of(state[slot])]
    low, high = PAIRS[state[slot]]
    members, bit = UNITS[UNIT_AT[slot]], DIGIT_AT[slot]
    return UNIT_AT[slot], [(members[INDEX[low]], bit), (members[INDEX[high]], bit)]


def ahead(state: list[int]) -> Look | None:
    """What ``plan_for`` finds at its second level's first state (the first split's first
    option that breaks nothing, as ``plan_for`` goes): that option's place in the split,
    the state's last-level plan, and the state; None when every option breaks a rule.

    A look whose plan is None shows that ``plan_for`` finds no plan of one level or two
    for ``state``: a state reached by options and singles that has no last-level plan
    shows that none of the states it came from has one (each of their splits is still
    one there, or was decided there by an option that breaks nothing), so the first
    level fails as the second does, at the cost of the second level's look. Otherwise
    the second level (``plan_for``'s ``look``) takes the look's plan as it is."""
    for _, options in splits(state, False):
        for at, (cell, bit) in enumerate(options):
            after = state[:]
            if close(after, cell, bit):
                return at, last_split(after), after
    return None


def settled(dead: list[list[int]], cell: int, bit: int, state: list[int]) -> bool:
    """Whether a state of ``dead`` shows, without a look, what a look whose plan is None
    shows (``ahead``): that ``plan_for`` finds no plan of one level or two for ``state``,
    the stalled state of ``bit`` at ``cell``. ``dead`` holds such looks' states: each
    breaks nothing and has no last-level plan.

    One that placed the candidate and an option of the state's first split, and left
    one of the state's splits of two options open, shows it: as singles only remove, it
    has fewer candidates left than the state and than the state that option leads to,
    which has that open split too. Each split of these two is then one it decided (the
    option it placed breaks nothing there) or a split of its own (one of whose options
    breaks nothing, as it has no last-level plan), so neither has a last-level plan. A
    wrong candidate's consequences are mostly wrong candidates, tried in turn: on forum
    puzzles one in ten candidates is settled so, each a look (a dozen ``close`` calls)
    saved. Each dead state is asked ``placed`` inline, without a call: under MicroPython
    a call per state costs more than the test."""
    first, spot = PLACE_SLOTS[cell][0] + INDEX[bit], PLACE_SLOTS[cell][1]
    holding = [other for other in dead if not other[cell] and other[first] == spot]  # placed
    if not holding:
        return False
    slots = split_slots(state)
    if not slots:
        return False  # no split of two options: the state's look splits on the fewest
    options = split_at(state, slots[0])[1]
    for other in holding:
        if any(placed(other, where, digit) for where, digit in options) and any(
            PAIRS[other[slot]] for slot in slots
        ):
            return True
    return False


def placed(state: list[int], cell: int, bit: int) -> bool:
    """Whether ``state`` placed ``bit`` in ``cell``: the cell is filled, and it is the
    digit's one place in the cell's row (the places of a digit placed in a unit are its
    cell's; another digit placed there took the cell out of this one's places)."""
    return not state[cell] and state[PLACE_SLOTS[cell][0] + INDEX[bit]] == PLACE_SLOTS[cell][1]


def chain_of(
    start: tuple[Sequence[int], Sequence[int], Sequence[int]],
    cell: int,
    bit: int,
    plan: Plan | None,
) -> tuple[Link, ...]:
    """The links refuting ``bit`` at ``cell`` from the ``Outcome`` state ``start`` (masks,
    needs, counts), by ``plan`` (None: its singles break a rule at once)."""
    out = assume(start[0], start[1], start[2], cell, bit)
    if plan is None:
        return chain_links(out)
    (unit, options), plans = plan
    after = (out.masks, out.need, out.counts)
    branches = tuple(
        [chain_of(after, where, digit, plans[i]) for i, (where, digit) in enumerate(options)]
    )
    return split_links(out, unit, options, branches)


def split_links(
    out: Outcome,
    unit: int,
    options: list[tuple[int, int]],
    branches: tuple[tuple[Link, ...], ...],
) -> tuple[Link, ...]:
    """The links of a refutation by a split (of a cell's candidates, ``unit`` -1, or of a
    digit's places in ``unit``): the assumption's singles, then the split."""
    head = [(kind, c, ONLY[b], u, ()) for c, b, kind, u, _ in out.placed]
    cell, bit = options[0]
    if unit < 0:
        tail: Link = ("split", cell, "", -1, branches)
    else:
        tail = ("split", -1, ONLY[bit], unit, branches)
    return tuple(head) + (tail,)  # noqa: RUF005 (MicroPython)


def bits_of(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


def splits(state: list[int], every: bool) -> list[tuple[int, list[tuple[int, int]]]]:
    """Where a stalled chain (a ``singles`` state) may split, each as (unit, options
    (cell, bit)): the cells with two candidates (unit -1), then the digits with two places
    in a unit (``every``: all of them; else the first), or the cell with the fewest
    candidates if there is neither.

    Comprehensions over the state's slots, with ``PAIRS`` (a mask's two bits, if it has
    two): under MicroPython a comprehension's loop costs a third of a ``for`` statement's
    with ``append``, and the chains ask this of every state they look at. A digit's
    places are kept only while it is to be placed in the unit, and once placed it has one
    place there (its cell): two places mean a split.
    """
    if every:
        slots = split_slots(state)
    else:
        pairs = PAIRS
        slots = [cell for cell in range(81) if pairs[state[cell]]][:1] or [
            at for at in range(PLACES, STATE_SIZE) if pairs[state[at]]
        ][:1]
    return [split_at(state, slot) for slot in slots or [fewest(state)]]


def fewest(state: list[int]) -> int:
    """The first open cell of ``state`` with the fewest candidates."""
    return min([c for c in range(81) if state[c]], key=lambda c: SIZE[state[c]])


def contradiction_chain(marks: Sequence[str], solution: str, max_depth: int = 9) -> Step | None:
    """The last resort: a contradiction chain refuting a wrong candidate (one ``solution``
    does not hold): with no split, the shortest; else the first found with the fewest
    levels of splits. None when no candidate is wrong (the marks hold only the solution)
    or none breaks within ``max_depth`` levels. Candidates are tried cells with fewer
    candidates first, then in reading order, digits ascending.

    ``refutations``' last value: see there."""
    found = None
    for value in refutations(marks, solution, max_depth):
        found = value
    return found


def refutations(marks: Sequence[str], solution: str, max_depth: int = 9) -> Iterator[Step | None]:
    """``contradiction_chain`` in small pieces, for a caller that must stay responsive (the
    rating in the app's worker): None before each candidate is tried, at each level (a
    pause: a few milliseconds apart under MicroPython, short of the deepest levels), then
    the step if one is found (the last value, either way, is ``contradiction_chain``'s).

    Each candidate's singles are followed once (``singles.close``), and the chain's links
    are made (``assume``, which records why) only for the one refuted. At the first level
    of splits each candidate looks one level further first (``ahead``), unless the state
    of a look that failed settles it (``settled``): when its own look fails, the
    candidate is passed by at the second level too, else the second level starts from
    that look."""
    masks = masks_of(marks)
    need, counts = needs_of(masks)
    state = start_of(masks)
    wrong = [
        (SIZE[masks[cell]], cell, bit)
        for cell in range(81)
        for bit in bits_of(masks[cell])
        if ONLY[bit] != solution[cell]
    ]
    wrong.sort()
    stalled = []
    best = None
    for _, cell, bit in wrong:
        yield None
        after = state[:]
        if close(after, cell, bit):
            stalled.append((cell, bit, after))
            continue
        shortest = 83 if best is None else len(best[2])  # a chain has 82 links at most
        out = assume(masks, need, counts, cell, bit, shortest - 2)
        if out.contradiction is not None:
            links = chain_links(out)
            if len(links) < shortest:
                best = (cell, bit, links)
    hopeless = [0] * len(stalled)  # the levels each is known to have no plan within
    looks: list[Look | None] = [None] * len(stalled)  # ahead's, for the second level
    dead: list[list[int]] = []  # the states of the looks without a plan (``settled``)
    depth = 0
    while best is None and depth < max_depth:
        depth += 1
        for i, (cell, bit, after) in enumerate(stalled):
            if hopeless[i] >= depth:
                continue
            yield None
            if depth == 1:
                if settled(dead, cell, bit, after):
                    hopeless[i] = 2
                    continue
                look = ahead(after)
                if look is not None and look[1] is None:
                    hopeless[i] = 2
                    dead.append(look[2])
                    continue
                looks[i] = look
            plan = plan_for(after, depth, looks[i] if depth == 2 else None)
            if plan is not None:
                best = (cell, bit, chain_of((masks, need, counts), cell, bit, plan))
                break
    if best is None:
        return
    cell, bit, links = best
    tenths = (
        RATINGS["contradiction chain"] + 10 * depth + length_bonus(len(nodes_of(links, marks)) - 2)
    )
    gone = ((cell, ONLY[bit]),)
    yield new_step("contradiction chain", (), gone, (cell,), (), (ONLY[bit],), tenths, links)


def nodes_of(links: Sequence[Link], marks: Sequence[str]) -> set[tuple[int, str, bool]]:
    """A contradiction chain's nodes as Explainer counts a chain's length: each candidate
    it turns on (``(cell, digit, True)``: the assumption, each single) or off (``False``:
    the others of a naked single's cell, a hidden single's other places, all of a cell
    or a unit left without one), branches included, each once. ``marks``: the candidates
    the chain starts from."""
    nodes: set[tuple[int, str, bool]] = set()
    for kind, cell, digit, unit, branches in links:
        if kind in ("assume", "naked single", "hidden single"):
            nodes.add((cell, digit, True))
        if kind in ("naked single", "no candidate"):
            nodes.update([(cell, d, False) for d in marks[cell] if d != digit])
        if kind in ("hidden single", "no place"):
            spots = [c for c in UNITS[unit] if c != cell and digit in marks[c]]
            nodes.update([(c, digit, False) for c in spots])
        for branch in branches:
            nodes.update(nodes_of(branch, marks))
    return nodes
