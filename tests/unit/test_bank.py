"""The bank of rated puzzles (``sudoku.bank``, ``scripts/make_bank.py``) and
``from_bank``: the rearrangements form a group of Sudoku symmetries (units onto units,
closed under composing and inverting), they keep solutions, uniqueness and level, the
bank is what the script writes, and the same seed gives the same puzzle.

Levels are ``sudoku.rate``'s, uniqueness the solver's count (each tested on its own).
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from support import ROOT, load_file, load_puzzles

from sudoku import from_bank
from sudoku.bank import BANK
from sudoku.generator import numbers, rearranged, rearrangement, shuffled
from sudoku.grid import DIGITS, UNITS
from sudoku.logic import marks_of, rate
from sudoku.solver import count_solutions, solve
from sudoku.words import LEVELS

make_bank = load_file(ROOT / "scripts" / "make_bank.py")

UNIT_SETS = {frozenset(unit) for unit in UNITS}
SOLVED = [solve(puzzle) for puzzle in load_puzzles("top95", 5)]


def inverse(sources: tuple[int, ...]) -> tuple[int, ...]:
    """The rearrangement that undoes ``sources`` (cell ``sources[i]`` goes back from ``i``)."""
    back = [0] * 81
    for cell, source in enumerate(sources):
        back[source] = cell
    return tuple(back)


def then(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    """``first`` rearranged by ``second``, as one rearrangement."""
    return tuple(first[source] for source in second)


def keeps_units(sources: tuple[int, ...]) -> bool:
    """Whether a permutation of the cells maps every unit onto a unit (a Sudoku symmetry)."""
    return sorted(sources) == list(range(81)) and all(
        frozenset(sources[cell] for cell in unit) in UNIT_SETS for unit in UNITS
    )


REARRANGEMENTS = [rearrangement(numbers(seed)) for seed in range(40)]


def test_rearrangements_map_units_onto_units() -> None:
    """Each is a permutation of the 81 cells taking rows, columns and boxes to units;
    transposed ones among them (row 1 to a column), and all of them different."""
    assert all(keeps_units(sources) for sources in REARRANGEMENTS)
    columns = {frozenset(unit) for unit in UNITS[9:18]}
    transposed = [frozenset(s[cell] for cell in UNITS[0]) in columns for s in REARRANGEMENTS]
    assert 5 < sum(transposed) < 35
    assert len(set(REARRANGEMENTS)) == len(REARRANGEMENTS)


def test_rearrangements_form_a_group() -> None:
    """Composing two, and inverting one, gives a symmetry again; an inverse undoes."""
    grid = SOLVED[0]
    assert grid is not None
    for first, second in pairwise(REARRANGEMENTS):
        assert keeps_units(then(first, second))
        assert keeps_units(inverse(first))
        assert rearranged(rearranged(grid, first), inverse(first)) == grid
        assert rearranged(rearranged(grid, first), second) == rearranged(grid, then(first, second))


def test_relabelling_is_a_bijection_and_undoes() -> None:
    """Digit ``d`` written as ``digits[d - 1]``; the inverse relabelling gives it back."""
    grid = load_puzzles("top95", 1)[0]
    same = tuple(range(81))
    for seed in range(10):
        digits = "".join(shuffled(numbers(seed), DIGITS))
        back = "".join(DIGITS[digits.index(d)] for d in DIGITS)
        moved = rearranged(grid, same, digits)
        assert [c == "." for c in moved] == [c == "." for c in grid]
        assert rearranged(moved, same, back) == grid


def test_solved_grids_stay_solved_and_solutions_follow() -> None:
    """A solution rearranged is the rearranged puzzle's solution."""
    puzzle = load_puzzles("top95", 1)[0]
    solution = solve(puzzle)
    assert solution is not None
    for seed, sources in enumerate(REARRANGEMENTS[:10]):
        digits = "".join(shuffled(numbers(seed), DIGITS))
        assert solve(rearranged(puzzle, sources, digits)) == rearranged(solution, sources, digits)


def test_candidates_follow_the_cells() -> None:
    """Pencil marks are a function of units: they are rearranged and relabelled too."""
    puzzle = BANK["hard"][0]
    marks = marks_of(puzzle)
    digits = "".join(shuffled(numbers(3), DIGITS))
    sources = REARRANGEMENTS[3]
    moved = marks_of(rearranged(puzzle, sources, digits))
    expected = ["".join(sorted(digits[int(d) - 1] for d in marks[source])) for source in sources]
    assert moved == expected


def test_the_bank_holds_rated_proper_puzzles() -> None:
    """Every level, 30 to 50 distinct puzzles, each with one solution and its level."""
    assert set(BANK) == set(LEVELS)
    for level, puzzles in BANK.items():
        assert 30 <= len(puzzles) <= 50
        assert len(set(puzzles)) == len(puzzles)
        for puzzle in puzzles:
            assert count_solutions(puzzle, 2) == 1, puzzle
            assert rate(puzzle).level == level, puzzle


def test_every_bank_puzzle_keeps_its_level_rearranged() -> None:
    """Each bank puzzle under one random rearrangement and relabelling: one solution,
    the same level."""
    for level, puzzles in BANK.items():
        for number, puzzle in enumerate(puzzles):
            stream = numbers(1000 + number)
            moved = rearranged(puzzle, rearrangement(stream), "".join(shuffled(stream, DIGITS)))
            assert moved != puzzle
            assert count_solutions(moved, 2) == 1
            assert rate(moved).level == level, (puzzle, moved)


@pytest.mark.parametrize("level", LEVELS)
def test_from_bank_gives_a_proper_puzzle_of_the_level(level: str) -> None:
    """One solution, the level asked; the same seed the same puzzle, others others."""
    made = [from_bank(level, seed) for seed in range(6)]
    for puzzle in made:
        assert count_solutions(puzzle, 2) == 1
        assert rate(puzzle).level == level
    assert [from_bank(level, seed) for seed in range(6)] == made
    assert len(set(made)) == len(made)
    assert not set(made) & set(BANK[level])


def test_from_bank_without_a_seed_draws_one() -> None:
    """No seed: still a proper puzzle of the level."""
    assert rate(from_bank("medium")).level == "medium"


@pytest.mark.parametrize(
    ("level", "seed", "error"),
    [("Easy", 1, ValueError), ("impossible", 1, ValueError), ("easy", -1, ValueError),
     ("easy", 2**64, ValueError), ("easy", 1.5, TypeError), (None, 1, ValueError)],
)  # fmt: skip
def test_from_bank_refuses_what_generate_refuses(level: object, seed: object, error: type) -> None:
    """Bad levels and seeds: the generator's messages."""
    with pytest.raises(error, match=r"level|seed"):
        from_bank(level, seed)  # type: ignore[arg-type]  # bad on purpose


def test_the_bank_file_is_the_scripts_output() -> None:
    """The committed module is the script's text for its puzzles, and the script's first
    puzzles of the fast levels are the bank's: nobody edited it by hand."""
    text = (ROOT / "src" / "sudoku" / "bank.py").read_text(encoding="utf-8")
    count = len(BANK["easy"])
    assert make_bank.module_text({k: list(v) for k, v in BANK.items()}, count, 0) == text
    for level in ("easy", "medium", "expert"):
        assert make_bank.made(level, 3, 0) == list(BANK[level][:3])
