"""Search cost at a glance: before Play, the player says how long the search is (steps,
guesses, backtracks, as the core counts them), or "more than N" at the count's cap; a
new strategy is counted anew. Compare mode gives it per strategy (test_embed.py)."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

from playwright.sync_api import BrowserContext, Page
from support import HARD, LEETCODE
from test_embed import PLAYER, core_totals, open_widget
from test_player import position, seek, timeline_view, watch

from sudoku.tracing import trace
from sudoku.words import AT_START

COST_MS = 60_000
NOTE = "LeetCode%27s%20example%2C%20solved%20the%20editorial%27s%20way%3A%20press%20Play."


def caption(page: Page) -> str:
    """The player's caption."""
    return page.locator("#player [data-role='caption']").text_content() or ""


def test_the_widget_says_how_long_each_strategy_searches(
    context: BrowserContext, base_url: str, shots: Path
) -> None:
    """Before Play: "This search takes N steps: G guesses, B backtracks.", the core's
    numbers, for the strategy shown and again for the next one chosen (with a blogger's
    caption above the board, for the docs' picture)."""
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=naive&note={NOTE}")
    for strategy in ("naive", "mrv"):
        if strategy != "naive":
            page.locator("#p-strategy").select_option(strategy)
        totals = core_totals(LEETCODE, strategy)
        steps = totals["steps"].replace(",", "")
        page.wait_for_function(f"{PLAYER}.dataset.cost === '{steps}'", timeout=COST_MS, polling=100)
        guesses = "1 guess" if totals["nodes"] == "1" else f"{totals['nodes']} guesses"
        back = totals["backtracks"]
        backtracks = "1 backtrack" if back == "1" else f"{back} backtracks"
        words = f"This search takes {totals['steps']} steps: {guesses}, {backtracks}."
        assert words in caption(page)
        if strategy == "naive":
            page.locator(".widget").screenshot(path=shots / "cost.png")
        page.locator("#player [data-role='forward']").click()
        page.locator("#player [data-role='back']").click()
        page.wait_for_function(f"{PLAYER}.dataset.steps === '0'")
        assert caption(page) == f"Step 0: {AT_START} {words}"
    page.close()


def test_past_the_cap_it_says_more_than(app: Page) -> None:
    """A search longer than the count's cap: "more than N steps", with the guesses so far."""
    app.evaluate("document.querySelector('#player').dataset.costCap = '20000'")
    watch(app, "slow", "naive")
    app.wait_for_function(f"{PLAYER}.dataset.cost === '20000+'", timeout=COST_MS, polling=100)
    assert "This search takes more than 20,000 steps (at least " in caption(app)
    assert sum(1 for _ in islice(trace(HARD, "naive"), 20001)) > 20000  # (it is longer)


def test_a_new_traces_total_replaces_the_last_ones(app: Page) -> None:
    """Issue 21 item 12: after a long search, a new one's position label and timeline say
    its own length once counted (not the last search's, nor the steps fetched so far),
    and the timeline reaches a step not fetched yet."""
    watch(app, "leetcode", "naive")
    first = sum(1 for _ in trace(LEETCODE, "naive"))
    app.wait_for_function(f"{PLAYER}.dataset.cost === '{first}'", timeout=COST_MS, polling=100)
    watch(app, "hard", "naive")
    total = sum(
        1 for _ in trace(app.locator("#sample-hard").get_attribute("data-puzzle") or "", "naive")
    )
    assert total != first
    app.wait_for_function(f"{PLAYER}.dataset.cost === '{total}'", timeout=COST_MS, polling=100)
    view = timeline_view(app)
    assert view["label"] == f"Step 0 of {total:,}"
    assert view["max"] == str(total)
    assert int(view["received"]) < total  # (the steps fetched are fewer: a page or two)
    target = total - 10
    seek(app, target, 2 * COST_MS)  # the worker makes the 71,174 steps first
    assert position(app) == f"Step {target:,} of {total:,}"
