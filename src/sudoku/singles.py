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
the start state: a unit's other digits are the ones the rules check).

**Same verdict as the chains.** The singles only remove candidates, and one that
applies still applies once more are gone, so the state they reach (or their
contradiction: a cell without a candidate, a digit without a place in a unit that
needs it) does not depend on their order: ``close`` reaches a contradiction exactly when
``chains.assume``, which follows them round by round and records why, does. As there,
singles that the start state already holds are not looked for (it is taken to have
none): only cells and units that change are looked at again.
"""

from __future__ import annotations

from sudoku.grid import PEERS, UNITS, UNITS_OF
from sudoku.steps import SIZE as COUNT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Final

ALL: Final = 0x1FF
"""Every digit."""
PLACED: Final = 81
SIZE: Final = PLACED + 27
"""The length of a state: 81 cells, then the 27 units' digits done."""

UNIT_BITS: Final = tuple(sum([1 << unit for unit in UNITS_OF[cell]]) for cell in range(81))
"""Each cell's three units as bits of a 27-bit int (small in every interpreter)."""
UNIT_OF_BIT: Final = {1 << unit: unit for unit in range(27)}
"""Each unit's bit (``UNIT_BITS``) to the unit."""
PLACED_SLOTS: Final = tuple(tuple([PLACED + unit for unit in UNITS_OF[cell]]) for cell in range(81))
"""Each cell's three units' slots in a state."""


def start(masks: Sequence[int]) -> list[int]:
    """The state of 81 candidate masks (0 for a filled cell): each unit's digits done are
    those with no place in it."""
    state = list(masks) + [0] * 27
    for unit, cells in enumerate(UNITS):
        union = 0
        for cell in cells:
            union |= masks[cell]
        state[PLACED + unit] = ALL & ~union
    return state


def close(state: list[int], cell: int, bit: int) -> bool:
    """Write digit ``bit`` in ``cell`` (one of its candidates) and the naked and hidden
    singles that follow, in place, until none is left (True) or a rule breaks (False:
    the state is then half done, to be thrown away).

    Flat, tables in locals: the chains call it thousands of times a hint.
    """
    peers, units, count, unit_bits, slots = PEERS, UNITS, COUNT, UNIT_BITS, PLACED_SLOTS
    unit_of = UNIT_OF_BIT
    queue = [cell, bit]
    while True:
        dirty = 0
        while queue:
            bit = queue.pop()
            cell = queue.pop()
            if not state[cell] & bit:  # stale: the cell took another digit, or lost this
                continue  # one (its units' checks below see what that breaks)
            state[cell] = 0
            a, b, c = slots[cell]
            state[a] |= bit
            state[b] |= bit
            state[c] |= bit
            dirty |= unit_bits[cell]
            for peer in peers[cell]:
                mask = state[peer]
                if mask & bit:
                    mask ^= bit
                    if not mask:
                        return False
                    state[peer] = mask
                    dirty |= unit_bits[peer]
                    if count[mask] == 1:
                        queue.append(peer)
                        queue.append(mask)
        if not dirty:
            return True
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            unit = unit_of[low]
            once = twice = 0
            cells = units[unit]
            for cell in cells:
                mask = state[cell]
                twice |= once & mask
                once |= mask
            need = ALL & ~state[PLACED + unit]
            if need & ~once:
                return False
            hidden = need & once & ~twice
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for cell in cells:
                    if state[cell] & bit:
                        queue.append(cell)
                        queue.append(bit)
                        break
        if not queue:
            return True
