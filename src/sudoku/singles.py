"""Naked and hidden singles to a fixpoint on small ints: the contradiction chains' quick test.

A contradiction chain (``sudoku.chains``) assumes a candidate and writes the singles
that follow until a rule breaks. Most assumptions tried break nothing, and only the
ones that do need the chain itself (which placement led to which). So the chains first
ask this module, which only answers *whether* the singles break a rule, and the state
they stall in: no record of causes, one flat list copied per question, no dict or set,
nothing but small ints (MicroPython allocates every big int and frees nothing until a
call returns: ``sudoku.masks`` says more).

**State.** A list of ``SIZE`` ints: ``state[cell]`` the candidates of an open cell (bit
``d - 1`` for digit ``d``), 0 once it holds a digit; ``state[PLACED + unit]`` the digits
no longer to be placed in each of the 27 units (placed there, or with no place there in
the start state: a unit's other digits are the ones the rules check); ``state[PLACES +
9 * unit + d - 1]`` the places digit ``d`` still has in the unit, as a 9-bit mask of
positions in ``grid.UNITS[unit]`` (kept for the digits still to be placed there).

**Each removal looked at once.** A candidate removed takes its cell's position out of the
places of its digit in the cell's three units: a digit down to one place is a hidden
single, to none a broken rule, found there and then; a cell down to one candidate is a
naked single, to none a broken rule. So no unit is scanned again after a change (the
chains ask this tens of thousands of times a hint: on the 24 slowest hints of 8 forum
puzzles, about 5 placements, 15 removals and, before, 22 unit scans a question; this
took those hints 22-39% less time under MicroPython, 33% in CPython).

**Same verdict as the chains.** The singles only remove candidates, and one that
applies still applies once more are gone, so the state they reach (or their
contradiction: a cell without a candidate, a digit without a place in a unit that
needs it) does not depend on their order: ``close`` reaches a contradiction exactly when
``chains.assume``, which follows them round by round and records why, does. As there,
singles that the start state already holds are not looked for (it is taken to have
none): only what changes is looked at.
"""

from __future__ import annotations

from sudoku.grid import UNITS, UNITS_OF

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Final

ALL: Final = 0x1FF
"""Every digit."""
PLACED: Final = 81
PLACES: Final = PLACED + 27
SIZE: Final = PLACES + 27 * 9
"""The length of a state: 81 cells, the 27 units' digits done, each unit's places of each
digit."""

INDEX: Final = tuple([([i for i in range(9) if bit == 1 << i] or [-1])[0] for bit in range(257)])
"""A one-bit mask's bit number: a digit's (less one), a position's in its unit (-1 for
any other mask; found by looking, as MicroPython's ints have no ``bit_length``)."""
PLACED_SLOTS: Final = tuple(tuple([PLACED + unit for unit in UNITS_OF[cell]]) for cell in range(81))
"""Each cell's three units' slots in a state."""
PLACE_SLOTS: Final = tuple(
    tuple([x for u in UNITS_OF[cell] for x in (PLACES + 9 * u, 1 << UNITS[u].index(cell))])
    for cell in range(81)
)
"""Each cell's three units, flat: the unit's first places slot, the cell's position bit."""
UNIT_AT: Final = tuple([(slot - PLACES) // 9 for slot in range(SIZE)])
"""The unit of each places slot (meaningless below PLACES)."""
DONE_AT: Final = tuple([PLACED + unit for unit in UNIT_AT])
"""The slot of the digits done in the unit of each places slot (meaningless below PLACES)."""
DIGIT_AT: Final = tuple([1 << ((slot - PLACES) % 9) for slot in range(SIZE)])
"""The digit (its bit) of each places slot (meaningless below PLACES)."""
REACH: Final = tuple(
    tuple([(PLACES + 9 * u, 1 << UNITS[u].index(cell), UNITS[u]) for u in UNITS_OF[cell]])
    for cell in range(81)
)
"""Each cell's three units: the unit's first places slot, the cell's position bit, the
unit's cells."""


def start(masks: Sequence[int]) -> list[int]:
    """The state of 81 candidate masks (0 for a filled cell): each unit's digits done are
    those with no place in it; each unit's places of each digit."""
    state = list(masks) + [0] * (SIZE - 81)
    for unit, cells in enumerate(UNITS):
        union = 0
        for position, cell in enumerate(cells):
            mask = masks[cell]
            union |= mask
            while mask:
                low = mask & -mask
                mask ^= low
                state[PLACES + 9 * unit + INDEX[low]] |= 1 << position
        state[PLACED + unit] = ALL & ~union
    return state


def close(state: list[int], cell: int, bit: int) -> bool:  # noqa: PLR0911, PLR0915 (unrolled)
    """Write digit ``bit`` in ``cell`` (one of its candidates) and the naked and hidden
    singles that follow, in place, until none is left (True) or a rule breaks (False:
    the state is then half done, to be thrown away).

    Flat and unrolled, tables in locals: the chains call it thousands of times a hint,
    and under MicroPython each name looked up, call made or list grown costs as much as
    the arithmetic (a ``for`` over a unit's three slots instead of the three blocks below
    took 9% longer). A placement takes the cell's other digits out of its units' places,
    then finds the peers that lose the digit from the digit's places in each of the cell's
    units (a few cells, not its 20 peers) and takes each one's place out of its other
    units (the digit is done in this one, whose places become the cell's alone). The
    places are kept exact, so a peer found there still has the digit: no test (a peer
    in two of the cell's units left the second one's places with the first). Unrolling
    the other digits' loop over the cell's three units too took 4-7% off a close.
    """
    units, index, slots_of, placed, done_at, unit_at, reach = (
        UNITS,
        INDEX,
        PLACE_SLOTS,
        PLACED_SLOTS,
        DONE_AT,
        UNIT_AT,
        REACH,
    )
    queue = [cell, bit]
    while queue:
        bit = queue.pop()
        cell = queue.pop()
        mask = state[cell]
        if not mask & bit:  # stale: the cell took another digit, or lost this one (which
            continue  # took its last place in a unit: that broke the rule already)
        state[cell] = 0
        a, b, c = placed[cell]
        state[a] |= bit
        state[b] |= bit
        state[c] |= bit
        rest = mask ^ bit  # the cell's other digits lose this place
        if rest:
            s0, p0, s1, p1, s2, p2 = slots_of[cell]
            while rest:
                low = rest & -rest
                rest ^= low
                digit = index[low]
                at = s0 + digit
                left = state[at] ^ p0
                state[at] = left
                if not left & (left - 1) and not state[done_at[at]] & low:  # one place, or none
                    if not left:
                        return False
                    queue.append(units[unit_at[at]][index[left]])
                    queue.append(low)
                at = s1 + digit
                left = state[at] ^ p1
                state[at] = left
                if not left & (left - 1) and not state[done_at[at]] & low:
                    if not left:
                        return False
                    queue.append(units[unit_at[at]][index[left]])
                    queue.append(low)
                at = s2 + digit
                left = state[at] ^ p2
                state[at] = left
                if not left & (left - 1) and not state[done_at[at]] & low:
                    if not left:
                        return False
                    queue.append(units[unit_at[at]][index[left]])
                    queue.append(low)
        digit = index[bit]
        for first, spot, members in reach[cell]:  # the peers that had the digit lose it
            at = first + digit
            where = state[at] & ~spot
            if not where:
                continue
            state[at] ^= where
            while where:
                low = where & -where
                where ^= low
                peer = members[index[low]]
                mask = state[peer] ^ bit
                if not mask:
                    return False
                state[peer] = mask
                if not mask & (mask - 1):
                    queue.append(peer)
                    queue.append(mask)
                s0, p0, s1, p1, s2, p2 = slots_of[peer]  # its places in its other units
                if s0 != first:
                    at = s0 + digit
                    left = state[at] ^ p0
                    state[at] = left
                    if not left & (left - 1) and not state[done_at[at]] & bit:
                        if not left:
                            return False
                        queue.append(units[unit_at[at]][index[left]])
                        queue.append(bit)
                if s1 != first:
                    at = s1 + digit
                    left = state[at] ^ p1
                    state[at] = left
                    if not left & (left - 1) and not state[done_at[at]] & bit:
                        if not left:
                            return False
                        queue.append(units[unit_at[at]][index[left]])
                        queue.append(bit)
                if s2 != first:
                    at = s2 + digit
                    left = state[at] ^ p2
                    state[at] = left
                    if not left & (left - 1) and not state[done_at[at]] & bit:
                        if not left:
                            return False
                        queue.append(units[unit_at[at]][index[left]])
                        queue.append(bit)
    return True
