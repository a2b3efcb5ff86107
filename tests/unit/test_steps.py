"""The helpers every technique shares (``sudoku.steps``), against plain restatements."""

from __future__ import annotations

import random

from sudoku.grid import UNITS
from sudoku.steps import SIZE, combinations, places, places_mask, subsets


def test_subsets_are_the_combinations_holding_exactly_size_bits() -> None:
    """subsets: the combinations (in their order) whose masks' union has ``size`` bits."""
    rng = random.Random(7)
    for _ in range(300):
        masks = [rng.randrange(1, 512) & rng.randrange(1, 512) for _ in range(rng.randrange(9))]
        for size in (1, 2, 3, 4):
            plain = []
            for picks in combinations(list(range(len(masks))), size):
                union = 0
                for index in picks:
                    union |= masks[index]
                if SIZE[union] == size:
                    plain.append(picks)
            assert subsets(masks, size) == plain


def test_places_mask_is_places_as_bits() -> None:
    """places_mask: bit k for the k-th cell of the unit holding the digit."""
    marks = [
        "".join(sorted({str(1 + (cell * 7 + k) % 9) for k in range(cell % 4)}))
        for cell in range(81)
    ]
    for unit, cells in enumerate(UNITS):
        for digit in "123456789":
            mask = places_mask(marks, cells, digit)
            assert tuple([cells[k] for k in range(9) if mask >> k & 1]) == places(
                marks, unit, digit
            )
