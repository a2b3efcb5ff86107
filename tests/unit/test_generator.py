"""The generator (src/sudoku/generator.py): every puzzle has one solution and the level
asked; the same seed gives the same puzzles, other seeds other ones; bad arguments are
refused. Uniqueness is the solver's count, the level ``logic.rate``'s (each tested on
its own), and the random stream is checked against SplitMix64's published values."""

from __future__ import annotations

from itertools import islice

import pytest
from support import solution_problems

from sudoku.generator import (
    below,
    candidate,
    full_grid,
    generate,
    numbers,
    puzzles,
    shuffled,
)
from sudoku.logic import rate, solve_path
from sudoku.solver import count_solutions, solve
from sudoku.words import LEVELS

SEEDS = {
    "easy": (0, 1, 2),
    "medium": (0, 1),
    "hard": (0, 1),
    "expert": (0, 1, 2),
    "extreme": (0, 1),
}
"""Seeds per level."""


@pytest.mark.parametrize(
    ("level", "seed"), [(level, seed) for level, seeds in SEEDS.items() for seed in seeds]
)
def test_a_puzzle_has_one_solution_and_the_level_asked(level: str, seed: int) -> None:
    """Exactly one solution (counted to 2), and rated at the level asked."""
    puzzle = generate(level, seed)
    assert len(puzzle) == 81
    assert set(puzzle) <= set("123456789.")
    assert count_solutions(puzzle, 2) == 1
    rating, rated = rate(puzzle)
    assert rated == level
    assert solve_path(puzzle)[1] == solve(puzzle)
    assert rating == max(step.rating for step in solve_path(puzzle)[0])


def test_the_same_seed_gives_the_same_puzzles() -> None:
    """Twice the same stream; generate is its first puzzle."""
    first = list(islice(puzzles("easy", 7), 3))
    assert list(islice(puzzles("easy", 7), 3)) == first
    assert generate("easy", 7) == first[0]
    assert len(set(first)) == 3


def test_other_seeds_and_levels_give_other_puzzles() -> None:
    """Different seeds differ; so do two levels from one seed (each level its own stream)."""
    assert len({generate("easy", seed) for seed in range(4)}) == 4
    assert len({generate(level, 3) for level in ("easy", "medium", "expert")}) == 3


def test_no_seed_draws_one() -> None:
    """Without a seed the puzzle is still a proper one of the level."""
    puzzle = generate("easy")
    assert count_solutions(puzzle, 2) == 1
    assert rate(puzzle).level == "easy"


def test_easy_needs_no_retry() -> None:
    """The first puzzle made for easy is always easy (thinned while singles solve it)."""
    stream = numbers(11)
    assert {rate(candidate(stream, 0)).level for _ in range(5)} == {"easy"}


def test_splitmix64_matches_its_published_values() -> None:
    """SplitMix64 from seed 0 (the reference C code's first outputs)."""
    assert list(islice(numbers(0), 3)) == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_and_shuffled_stay_in_range() -> None:
    """Draws are in range, and a shuffle is a permutation that does move things."""
    stream = numbers(5)
    assert {below(stream, 3) for _ in range(200)} == {0, 1, 2}
    orders = [shuffled(stream, range(9)) for _ in range(20)]
    assert all(sorted(order) == list(range(9)) for order in orders)
    assert len({tuple(order) for order in orders}) > 1


def test_full_grids_are_valid_and_varied() -> None:
    """A full grid breaks no rule (checked by the independent checker), and each differs."""
    stream = numbers(9)
    grids = [full_grid(stream) for _ in range(10)]
    for grid in grids:
        assert solution_problems("." * 81, grid) == []
    assert len(set(grids)) == 10


@pytest.mark.parametrize("level", ["Easy", "", "beginner", None, 1])
def test_an_unknown_level_is_refused(level: object) -> None:
    """Only the four levels: ValueError naming them, at once."""
    with pytest.raises(ValueError, match="expected one of easy, medium, hard, expert"):
        puzzles(level)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("1", TypeError), (True, TypeError)],
)
def test_a_bad_seed_is_refused(seed: object, error: type[Exception]) -> None:
    """A seed is an int from 0 to 2**64 - 1: anything else is refused at once."""
    with pytest.raises(error, match="seed"):
        puzzles("easy", seed)  # type: ignore[arg-type]


def test_the_largest_seed_works() -> None:
    """2**64 - 1 is a seed like any other."""
    assert count_solutions(generate("easy", 2**64 - 1), 2) == 1


def test_levels_are_the_five_words() -> None:
    """The levels the generator takes are words.LEVELS, easiest first."""
    assert LEVELS == ("easy", "medium", "hard", "expert", "extreme")
