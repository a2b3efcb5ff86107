"""Worst-case puzzles through the page: each gets its verdict and the page never freezes.

The empty grid, 16 givens and Norvig's hard1 (many solutions), a puzzle with no solution
whose givens do not clash (search must prove it), a grid full of clashes; the
anti-backtracking puzzle under the naive player at full speed (stops at any moment),
and compare mode's long count (shows progress, cancels at once).
"""

from __future__ import annotations

import pytest
from helpers import cell_classes, cell_values, frames_pass, paste, solve, wait_verdict
from playwright.sync_api import Page
from support import HARD as ANTI_BACKTRACKING
from unit.test_fuzz import ALL_ONES, HARD1, NO_SOLUTION, SIXTEEN

from sudoku.grid import EMPTY_GRID

PLAYER = "document.querySelector('#player')"
TRACE_MS = 60_000


def enter(page: Page, puzzle: str) -> None:
    """Put ``puzzle`` on the board (a paste; the empty grid by Clear, which the fixture did)."""
    if puzzle != EMPTY_GRID:
        paste(page, "#r1c1", puzzle)
        wait_verdict(page, "loaded")
    assert cell_values(page) == puzzle


@pytest.mark.parametrize(
    ("puzzle", "verdict", "opening"),
    [
        (EMPTY_GRID, "multiple", "More than one solution"),
        (SIXTEEN, "multiple", "More than one solution"),
        (HARD1, "multiple", "More than one solution"),
        (NO_SOLUTION, "none", "No solution"),
    ],
    ids=["empty grid", "16 givens", "hard1", "no solution, no clash"],
)
def test_worst_case_verdicts_on_the_page(
    board: Page, puzzle: str, verdict: str, opening: str
) -> None:
    """Each worst case gets its verdict; the board answers a click while the solve runs."""
    enter(board, puzzle)
    board.locator("#solve").click()
    board.locator("#r9c9").click()  # the main thread is free: focus moves at once
    assert board.evaluate("document.activeElement.id") == "r9c9"
    assert wait_verdict(board, "unique", "multiple", "none", "conflict", "error") == verdict
    assert (board.locator("#status").text_content() or "").startswith(opening)
    if verdict == "multiple":
        shown = cell_values(board)
        assert "." not in shown
        assert all(p in {".", s} for p, s in zip(puzzle, shown, strict=True))
    else:
        assert cell_values(board) == puzzle  # no solution: nothing is filled in


def test_a_grid_full_of_clashes_is_marked_and_refused(board: Page) -> None:
    """All ones: every cell marked, clashes listed (capped), Solve says fix them first."""
    enter(board, ALL_ONES)
    assert len(cell_classes(board, "conflict")) == 81
    items = board.locator("#messages li")
    assert items.first.text_content() == "Conflict: r1c1 and r1c2 both hold 1 in row 1."
    assert items.last.text_content() == "and 804 more"  # 810 pairs, six named
    assert solve(board) == "conflict"
    assert cell_values(board) == ALL_ONES


def player_flag(page: Page, name: str) -> str:
    """One of the player's data- flags."""
    return page.evaluate(f"{PLAYER}.dataset[{name!r}] || ''")


def watch_naive_anti_backtracking(page: Page) -> None:
    """The anti-backtracking puzzle under the naive strategy, ready at step 0, max speed."""
    before = int(player_flag(page, "trace") or 0)
    page.evaluate("document.querySelector('#p-strategy').value = 'naive'")
    enter(page, ANTI_BACKTRACKING)
    page.locator("#watch").click()
    page.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=TRACE_MS,
    )
    page.locator("#p-speed").fill("13")
    assert page.locator("#player [data-role='speed-label']").text_content() == (
        "as fast as possible"
    )


@pytest.mark.parametrize("past", [0, 10_000, 40_000])
def test_naive_player_at_full_speed_stops_at_any_moment(board: Page, past: int) -> None:
    """Play the anti-backtracking puzzle flat out; pause once past step ``past`` (at once,
    a moment later, seconds later): it stops there."""
    watch_naive_anti_backtracking(board)
    board.locator("#player [data-role='play']").click()
    board.wait_for_function(f"n => +{PLAYER}.dataset.steps > n", arg=past, timeout=TRACE_MS)
    assert player_flag(board, "state") == "playing"
    board.locator("#r1c1").click()  # the page answers while the search plays
    board.locator("#player [data-role='play']").click()
    assert player_flag(board, "state") == "paused"
    stopped = player_flag(board, "steps")
    frames_pass(board, 20)  # each would have been thousands of steps, were it playing
    assert player_flag(board, "steps") == stopped
    assert int(stopped) > 0
    assert cell_values(board) == ANTI_BACKTRACKING  # the main board is untouched


def test_compare_mode_shows_progress_and_cancels(board: Page) -> None:
    """Compare on the anti-backtracking puzzle: naive's count grows on screen, Stop ends it."""
    watch_naive_anti_backtracking(board)
    board.locator("#player [data-role='compare']").click()
    steps = board.locator("#player [data-role='cmp-naive-steps']")
    board.wait_for_function(
        "() => document.querySelector(\"[data-role='cmp-naive-outcome']\").textContent"
        " === 'running'",
        timeout=TRACE_MS,
    )
    first = steps.text_content()
    board.wait_for_function(
        "s => document.querySelector(\"[data-role='cmp-naive-steps']\").textContent !== s",
        arg=first,
        timeout=TRACE_MS,
    )
    board.locator("#player [data-role='compare-stop']").click()
    assert player_flag(board, "compare") == "stopped"
    counted = steps.text_content()
    # The worker answers in turn: once the main board's solve is answered, the count the
    # comparison had out has come back too, and it must have been dropped.
    assert solve(board) == "unique"
    assert steps.text_content() == counted
    assert player_flag(board, "compare") == "stopped"
