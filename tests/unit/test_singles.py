"""The contradiction chains' quick test (``sudoku.singles``) against the chains' own
record-keeping singles (``chains.assume``), the split search's shortcuts against the
plain search, and the hints' remembered solution."""

from __future__ import annotations

import pytest
from support import EASY
from test_logic import CHAIN_STATE, SPLIT_STATE, state

from sudoku import logic, proper
from sudoku.chains import (
    PAIRS,
    ahead,
    assume,
    bits_of,
    chain_links,
    contradiction_chain,
    last_split,
    needs_of,
    placed,
    plan_for,
    refutations,
    settled,
    split_at,
    split_slots,
    splits,
)
from sudoku.formats import PuzzleError
from sudoku.grid import UNITS
from sudoku.singles import ALL, PLACED, PLACES, close, start
from sudoku.singles import SIZE as STATE_SIZE
from sudoku.solver import solve
from sudoku.steps import BIT, SIZE, masks_of


def start_masks(given: tuple[str, str]) -> list[int]:
    """The masks of a test state (``test_logic.state``'s marks)."""
    return masks_of(state(given)[1])


def candidates(masks: list[int]) -> list[tuple[int, int]]:
    """Every (cell, bit) still open in ``masks``."""
    return [(cell, bit) for cell in range(81) for bit in bits_of(masks[cell])]


def test_start_counts_a_unit_done_with_a_digit_it_has_no_place_for() -> None:
    """Each unit's digits done are those placed in it: the marks give them no place."""
    grid, marks = state(CHAIN_STATE)
    began = start(masks_of(marks))
    assert began[:81] == masks_of(marks)
    for unit, cells in enumerate(UNITS):
        placed = 0
        for cell in cells:
            if grid[cell] != ".":
                placed |= BIT[grid[cell]]
        assert began[PLACED + unit] == placed


@pytest.mark.parametrize("given", [CHAIN_STATE, SPLIT_STATE])
def test_close_breaks_a_rule_exactly_when_assume_does(given: tuple[str, str]) -> None:
    """For every candidate, and every 7th candidate of the state it stalls in: close
    breaks a rule where assume finds a contradiction, and stalls in the same state where
    not."""
    masks = start_masks(given)
    need, counts = needs_of(masks)
    broken = 0
    for cell, bit in candidates(masks):
        after = start(masks)
        out = assume(masks, need, counts, cell, bit)
        assert close(after, cell, bit) == (out.contradiction is None)
        if out.contradiction is not None:
            broken += 1
            continue
        assert after[:81] == out.masks
        assert [ALL & ~after[PLACED + unit] for unit in range(27)] == out.need
        for other, other_bit in candidates(out.masks)[::7]:
            deeper = after[:]
            inner = assume(out.masks, out.need, out.counts, other, other_bit)
            assert close(deeper, other, other_bit) == (inner.contradiction is None)
            broken += inner.contradiction is not None
    assert broken  # both kinds met


def open_places(state: list[int]) -> list[tuple[int, int, int]]:
    """(unit, digit index, places) of each digit still to be placed in each unit, from the
    state's places table."""
    return [
        (unit, digit, state[PLACES + 9 * unit + digit])
        for unit in range(27)
        for digit in range(9)
        if not state[PLACED + unit] & (1 << digit)
    ]


def assert_places_as_the_cells_give(state: list[int]) -> None:
    """Each digit still to be placed in a unit has the places its cells give it (as
    ``start`` finds them from the masks alone), two or more: no single left behind; and
    a digit done in a unit has one place there at most (``chains.splits`` reads two
    places as a split without asking whether the digit is done)."""
    fresh = start(state[:81])
    kept = open_places(state)
    assert kept == [(unit, digit, fresh[PLACES + 9 * unit + digit]) for unit, digit, _ in kept]
    assert all(places & (places - 1) for _, _, places in kept)
    done = [
        state[PLACES + 9 * unit + digit]
        for unit in range(27)
        for digit in range(9)
        if state[PLACED + unit] & (1 << digit)
    ]
    assert not any(places & (places - 1) for places in done)


@pytest.mark.parametrize("given", [CHAIN_STATE, SPLIT_STATE])
def test_close_keeps_the_places_the_cells_give(given: tuple[str, str]) -> None:
    """After each close that breaks nothing (every candidate, and every 5th of the state it
    stalls in), the places table is what the cells give."""
    masks = start_masks(given)
    checked = 0
    for cell, bit in candidates(masks):
        after = start(masks)
        if not close(after, cell, bit):
            continue
        assert_places_as_the_cells_give(after)
        for other, other_bit in candidates(after[:81])[::5]:
            deeper = after[:]
            if close(deeper, other, other_bit):
                assert_places_as_the_cells_give(deeper)
                checked += 1
    assert checked


def test_a_chain_in_round_k_has_k_plus_2_links_or_more() -> None:
    """``assume``'s bound: followed for fewer rounds than its contradiction needs, it finds
    none; its chain has at least one link more than those rounds."""
    masks = start_masks(CHAIN_STATE)
    need, counts = needs_of(masks)
    checked = 0
    for cell, bit in candidates(masks):
        out = assume(masks, need, counts, cell, bit)
        if out.contradiction is None:
            continue
        rounds = 1
        while assume(masks, need, counts, cell, bit, rounds).contradiction is None:
            rounds += 1
        assert len(chain_links(out)) >= rounds + 1
        checked += 1
    assert checked


def plain_last_split(stalled: list[int]) -> tuple[int, list[tuple[int, int]]] | None:
    """The first split (no witness) whose every option breaks a rule by singles."""
    for unit, options in splits(stalled, True):
        if all(not close(stalled[:], cell, bit) for cell, bit in options):
            return unit, options
    return None


def test_witnesses_pass_by_only_splits_that_cannot_break() -> None:
    """last_split finds the same split as trying every split's options, on the stalled
    state of every candidate of a state whose chain splits."""
    masks = start_masks(SPLIT_STATE)
    found = 0
    for cell, bit in candidates(masks):
        stalled = start(masks)
        assert close(stalled, cell, bit)  # singles alone break nothing here
        plain = plain_last_split(stalled)
        plan = last_split(stalled)
        if plain is None:
            assert plan is None
        else:
            found += 1
            assert plan == (plain, [None] * len(plain[1]))
    assert found


def test_splits_come_cells_first_then_digits() -> None:
    """Two-candidate cells first, then digits with two places in a unit; ``every`` False
    gives the first only."""
    masks = start_masks(SPLIT_STATE)
    stalled = start(masks)
    every = splits(stalled, True)
    cells = [options[0][0] for unit, options in every if unit < 0]
    assert cells == [cell for cell in range(81) if SIZE[masks[cell]] == 2]
    assert all(len(options) == 2 for _, options in every)
    assert every[0][0] == -1
    assert any(unit >= 0 for unit, _ in every)
    assert splits(stalled, False) == every[:1]


def test_split_slots_name_the_splits_in_their_order() -> None:
    """split_slots and split_at give splits' splits, in order: a cell's split at the cell,
    a digit's at its places slot in the unit, the cells first."""
    stalled = start(start_masks(SPLIT_STATE))
    slots = split_slots(stalled)
    assert [split_at(stalled, slot) for slot in slots] == splits(stalled, True)
    cells = [slot for slot in slots if slot < 81]
    assert cells
    assert slots[: len(cells)] == cells
    assert all(PLACES <= slot < STATE_SIZE for slot in slots[len(cells) :])


def test_a_cell_with_no_two_candidates_and_no_digit_with_two_places_splits_on_the_fewest() -> None:
    """With no cell of two candidates and no digit of two places, the split is the first
    cell with the fewest candidates, each of its candidates an option."""
    masks = [ALL] * 81
    masks[3] = BIT["1"] | BIT["2"] | BIT["3"]
    stalled = start(masks)
    assert split_slots(stalled) == []
    assert splits(stalled, True) == [(-1, [(3, BIT["1"]), (3, BIT["2"]), (3, BIT["3"])])]


def test_a_witness_decides_the_splits_whose_slot_lost_its_two() -> None:
    """A state that breaks nothing decided a split (filled its cell, or placed its digit in
    its unit: it holds one of its options) exactly where the split's slot no longer holds
    two: the test last_split passes splits by with."""
    stalled = start(start_masks(SPLIT_STATE))
    seen = set()
    for cell, bit in candidates(stalled[:81]):
        after = stalled[:]
        if not close(after, cell, bit):
            continue
        for slot in split_slots(stalled):
            unit, options = split_at(stalled, slot)
            spot, digit = options[0]
            if unit < 0:
                expected = not after[spot]
            else:
                expected = any(not after[c] and after[PLACED + unit] & digit for c, _ in options)
            decided = not PAIRS[after[slot]]
            assert decided == expected
            seen.add((unit < 0, expected))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


@pytest.mark.parametrize("given", [CHAIN_STATE, SPLIT_STATE])
def test_a_look_ahead_settles_two_levels_or_starts_the_second(given: tuple[str, str]) -> None:
    """ahead's look has no plan only where plan_for finds none with one level of splits
    nor with two; any other look gives plan_for's second level the plan it finds itself;
    on the wrong candidates' stalled states (as the chains try them), both met."""
    grid, marks = state(given)
    solution = solve(grid)
    assert solution is not None
    masks = masks_of(marks)
    seen = set()
    for cell, bit in candidates(masks):
        stalled = start(masks)
        if BIT[solution[cell]] == bit:
            continue
        if not close(stalled, cell, bit):
            continue
        look = ahead(stalled)
        if look is not None and look[1] is None:
            seen.add("no plan")
            assert plan_for(stalled[:], 1) is None
            assert plan_for(stalled[:], 2) is None
        else:
            seen.add("a plan" if look is not None else "no look")
            assert plan_for(stalled[:], 2, look) == plan_for(stalled[:], 2)
    assert {"no plan", "a plan"} <= seen


def test_placed_names_the_digits_the_singles_wrote() -> None:
    """placed is true exactly for the candidates a stalled state's singles wrote, as
    assume records them, the assumption's own included."""
    masks = start_masks(SPLIT_STATE)
    need, counts = needs_of(masks)
    seen = 0
    for cell, bit in candidates(masks):
        after = start(masks)
        if not close(after, cell, bit):
            continue
        written = {(c, b) for c, b, *_ in assume(masks, need, counts, cell, bit).placed}
        assert {(c, b) for c, b in candidates(masks) if placed(after, c, b)} == written
        seen += 1
    assert seen


@pytest.mark.parametrize("given", [CHAIN_STATE, SPLIT_STATE])
def test_a_dead_look_settles_the_candidates_it_placed(given: tuple[str, str]) -> None:
    """Trying the wrong candidates in the chains' order, keeping the states of the looks
    without a plan: a candidate settled by one of them has no plan of one level or two,
    as its own look would show; on the state whose chain splits, some are."""
    grid, marks = state(given)
    solution = solve(grid)
    assert solution is not None
    masks = masks_of(marks)
    dead: list[list[int]] = []
    settled_ones = 0
    for _, cell, bit in sorted((SIZE[masks[c]], c, b) for c, b in candidates(masks)):
        stalled = start(masks)
        if BIT[solution[cell]] == bit or not close(stalled, cell, bit):
            continue
        if settled(dead, cell, bit, stalled):
            settled_ones += 1
            assert plan_for(stalled[:], 1) is None
            assert plan_for(stalled[:], 2) is None
            continue
        look = ahead(stalled)
        if look is not None and look[1] is None:
            dead.append(look[2])
    assert settled_ones


@pytest.mark.parametrize("given", [CHAIN_STATE, SPLIT_STATE])
def test_refutations_pause_then_give_the_chain(given: tuple[str, str]) -> None:
    """refutations: pauses (None) and last the contradiction chain's step."""
    grid, marks = state(given)
    solution = solve(grid)
    assert solution is not None
    walked = list(refutations(marks, solution))
    assert len(walked) > 2
    assert all(value is None for value in walked[:-1])
    assert walked[-1] == contradiction_chain(marks, solution)
    assert walked[-1] is not None


def test_a_path_searches_its_puzzle_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """After one search, a grid holding more of the solution's digits gets the solution
    without another; a grid with a digit the solution lacks is searched (and refused)."""
    monkeypatch.setattr(proper, "LAST_SOLVED", [])
    solution = solve(EASY)
    assert solution is not None
    assert proper.only_solution(EASY) == solution
    blank = EASY.index(".")
    further = EASY[:blank] + solution[blank] + EASY[blank + 1 :]

    def refuse(_grid: str) -> int:
        raise PuzzleError("searched")

    monkeypatch.setattr(proper, "solutions", refuse)
    assert proper.only_solution(further) == solution
    wrong = EASY[:blank] + str(int(solution[blank]) % 9 + 1) + EASY[blank + 1 :]
    with pytest.raises(PuzzleError, match="searched"):
        proper.only_solution(wrong)
    given = next(cell for cell in range(81) if EASY[cell] != ".")
    shorter = EASY[:given] + "." + EASY[given + 1 :]
    with pytest.raises(PuzzleError, match="searched"):
        proper.only_solution(shorter)


def test_a_rated_puzzle_is_not_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rating's walk remembers the one solution it found: the puzzle's hints (and a
    board with more of its digits) take it without another search."""
    monkeypatch.setattr(proper, "LAST_SOLVED", [])
    walk = logic.rating_walk(EASY)
    while not proper.LAST_SOLVED:
        next(walk)
    monkeypatch.setattr(proper, "solutions", lambda _grid: pytest.fail("searched again"))
    solution = proper.only_solution(EASY)
    assert solution == solve(EASY)
    assert proper.solved_before(EASY[:-1] + solution[-1]) == solution
    assert proper.solved_before(EASY[:-1] + str(int(solution[-1]) % 9 + 1)) is None


def test_extends_wants_the_smaller_grids_digits_and_the_solutions_only() -> None:
    """extends: every digit of the smaller grid kept, any other digit the solution's."""
    solution = solve(EASY)
    assert solution is not None
    assert proper.extends(EASY, EASY, solution)
    assert proper.extends(solution, EASY, solution)
    assert not proper.extends(EASY, solution, solution)
    assert not proper.extends(EASY[:80], EASY, solution)
    assert not proper.extends(["."] * 81, EASY, solution)  # type: ignore[arg-type]
