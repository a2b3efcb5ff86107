"""Chains said as steps a person can follow (``logic.chain_steps``) and the rating walked
a step at a time (``logic.rating_walk``): the app's hint list and rating line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support import COMMITTED_PUZZLES, EASY, LEETCODE, REFUTED

from sudoku import chains, rating
from sudoku.formats import PuzzleError
from sudoku.logic import (
    Step,
    apply_step,
    chain_steps,
    marks_of,
    next_step,
    rate,
    rating_walk,
    solve_path,
    state_key,
)
from sudoku.solver import solve

X_CHAIN_PUZZLE = "..3...4......7..8....3.4.1....6.17.....482.3..6...52...4...7...61...89..9.8....2."
"""A puzzle (unbiased_1000's) whose logical path takes an x-chain on 1."""
SPLIT = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52...96"
"""A board whose next step is a contradiction chain that splits (forum_hardest's)."""


def test_an_x_chain_is_said_link_by_link() -> None:
    """Each strong link names the unit where its two cells are the digit's only places,
    each weak link the cell it sees; the conclusion names the cells that lose the digit."""
    steps, _ = solve_path(X_CHAIN_PUZZLE)
    grid, marks = X_CHAIN_PUZZLE, marks_of(X_CHAIN_PUZZLE)
    for step in steps:
        if step.technique == "x-chain":
            break
        grid, marks = apply_step(grid, marks, step)
    assert step.technique == "x-chain"
    assert chain_steps(step, marks) == [
        "If r1c1 is not 1, r1c5 is 1: they are the only places for 1 in row 1.",
        "Then r7c5 is not 1: it sees r1c5.",
        "So r7c9 is 1: the only other place for 1 in row 7.",
        "Then r6c9 is not 1: it sees r7c9.",
        "So r6c3 is 1: the only other place for 1 in row 6.",
        "Either way r1c1 or r6c3 is 1: r2c3 and r5c1 see both, so they are not 1.",
    ]


def test_a_contradiction_chain_is_said_from_assumption_to_conclusion() -> None:
    """One step per link: the assumption, each single with its reason, the broken rule,
    then the conclusion; a split says its options, then one step per case."""
    step = next_step(REFUTED)
    assert step is not None
    said = chain_steps(step, marks_of(REFUTED))
    assert said[0] == "Suppose r3c1 were 1."
    assert said[1] == "Then r3c4 = 6: its only candidate left."
    assert said[2] == "Then r9c6 = 1: the only place for 1 in row 9."
    assert said[-2] == "Then row 4 has no place for 6: impossible."
    assert said[-1] == "So r3c1 is not 1: remove it."
    assert len(said) == len(step.links) + 1
    split = next_step(SPLIT)
    assert split is not None
    said = chain_steps(split, marks_of(SPLIT))
    assert "Then r7c8 is 4 or 5, and every case breaks a rule:" in said
    cases = [line for line in said if line.startswith("If r7c8 = ")]
    assert len(cases) == 2
    assert all(line.endswith("no place for 6.") for line in cases)


def test_other_steps_have_no_chain_steps() -> None:
    """A step that is no chain is said in one line only (``say``): no steps."""
    step = next_step(EASY)
    assert step is not None
    assert chain_steps(step, marks_of(EASY)) == []


@pytest.mark.parametrize("puzzle", [EASY, LEETCODE, REFUTED, SPLIT])
def test_rating_walk_ends_at_rates_rating(puzzle: str) -> None:
    """The walk's values never fall, and the last is ``rate``'s rating."""
    walked = list(rating_walk(puzzle))
    assert walked == sorted(walked)
    assert walked[-1] == rate(puzzle).rating


@pytest.mark.parametrize("puzzle", [X_CHAIN_PUZZLE, REFUTED, SPLIT])
def test_rating_walk_keeps_next_steps_and_takes_them_back(
    puzzle: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given ``known``, the walk puts there each step it finds past the singles, under
    its state's key, and each is ``next_step``'s for that state; a second walk with them
    searches for none and rates the same."""
    known: dict[str, Step] = {}
    walked = list(rating_walk(puzzle, known))
    assert known
    for key, step in known.items():
        grid, *marks = key.split("|")
        assert state_key(grid, marks) == key
        assert next_step(grid, marks) == step
    monkeypatch.setattr(rating, "first_step", lambda *_: pytest.fail("searched again"))
    monkeypatch.setattr(rating, "refutations", lambda *_: pytest.fail("searched again"))
    assert list(rating_walk(puzzle, dict(known)))[-1] == walked[-1]


def test_a_step_found_meanwhile_ends_the_walks_own_search() -> None:
    """Steps put into ``known`` while the walk searches (a hint found them first, in the
    app's worker) end that search at its next pause: the walk is over before a walk of
    its own would have found its first chain, with the same rating."""
    found: dict[str, Step] = {}
    alone = list(rating_walk(SPLIT, found))
    first_chain = next(i for i, tenths in enumerate(alone) if tenths > 0)
    known: dict[str, Step] = {}
    walked = []
    for tenths in rating_walk(SPLIT, known):
        walked.append(tenths)
        if len(walked) == first_chain // 2:  # deep in the first chain's search
            known.update(found)
    assert len(walked) < first_chain
    assert walked[-1] == alone[-1]


def test_a_hint_goes_on_with_the_walks_search_under_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the walk searches a state's chain, ``searching`` holds that search; run on
    from there by another (a hint, in the app's worker), it gives the state's step
    (``next_step``'s), and the walk takes that step: as many searches started as by the
    walk alone, the same rating."""
    started: list[str] = []

    def counted(marks: list[str], solution: str) -> object:
        started.append("|".join(marks))
        return chains.refutations(marks, solution)

    monkeypatch.setattr(rating, "refutations", counted)
    alone = list(rating_walk(SPLIT, {}, {}))
    searches, started[:] = len(started), []
    first_chain = next(i for i, tenths in enumerate(alone) if tenths > 0)
    known: dict[str, Step] = {}
    searching: dict[str, Iterator[Step | None]] = {}
    walk = rating_walk(SPLIT, known, searching)
    walked = [next(walk) for _ in range(first_chain // 2)]  # deep in the first search
    (key,) = searching
    step = next(piece for piece in searching.pop(key) if piece is not None)
    known[key] = step  # as the worker keeps what a hint found
    walked += list(walk)
    assert len(started) == searches
    assert walked[-1] == alone[-1]
    grid, *marks = key.split("|")
    assert next_step(grid, marks) == step


def test_rating_walk_refuses_what_rate_refuses() -> None:
    """Several solutions, none, or clashing givens: PuzzleError before any rating."""
    several = LEETCODE[:-9] + "." * 9
    for bad in (several, "55" + LEETCODE[2:]):
        with pytest.raises(PuzzleError):
            list(rating_walk(bad))
    assert list(rating_walk(solve(LEETCODE) or "")) == []


def test_a_long_proof_of_no_solution_comes_in_slices() -> None:
    """A puzzle whose search takes hundreds of guesses to prove it has no solution: the
    walk yields 0 between chunks of the search (the worker answers others meanwhile),
    then refuses it."""
    worst = (COMMITTED_PUZZLES / "no_solution.txt").read_text(encoding="ascii").split()[330]
    walk = rating_walk(worst)
    assert next(walk) == 0
    with pytest.raises(PuzzleError, match="no solution"):
        list(walk)
