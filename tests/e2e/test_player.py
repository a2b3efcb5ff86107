"""The step-through player on index.html: controls, keys, exact step-back, counters and
code line against the core's own trace, compare mode against the CLI, the share panel,
and a search of over a million steps that plays and stops without freezing the page."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import islice

import pytest
from conftest import ROOT, wait_ready
from helpers import load
from playwright.sync_api import Page

from sudoku.trace import replay, source, trace

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
PLAYER = "document.querySelector('#player')"
TRACE_MS = 60_000


def player_flag(page: Page, name: str) -> str:
    """One of the player's data- flags."""
    return page.evaluate(f"{PLAYER}.dataset[{name!r}] || ''")


def steps(page: Page) -> int:
    """The step the player shows."""
    return int(player_flag(page, "steps") or 0)


def counter(page: Page, role: str) -> int:
    """A counter's number as shown (thousands separators dropped)."""
    return int(
        (page.locator(f"#player [data-role='{role}']").text_content() or "0").replace(",", "")
    )


def watch(page: Page, sample: str, strategy: str) -> None:
    """Load a sample on the main board and watch it under ``strategy``, ready at step 0."""
    before = int(player_flag(page, "trace") or 0)
    page.evaluate("s => { document.querySelector('#p-strategy').value = s; }", strategy)
    load(page, sample)
    page.locator("#watch").click()
    page.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=TRACE_MS,
    )


def seek(page: Page, n: int) -> None:
    """Drag the timeline to step ``n``."""
    page.evaluate(
        """n => { const s = document.querySelector('#p-scrub'); s.value = n;
                  s.dispatchEvent(new Event('input', {bubbles: true})); }""",
        n,
    )
    page.wait_for_function(f"n => {PLAYER}.dataset.steps === n", arg=str(n))


def click(page: Page, role: str) -> None:
    """Click a player button by its role."""
    page.locator(f"#player [data-role='{role}']").click()


def snapshot(page: Page) -> list[str]:
    """Every board cell's text and classes: what the reader sees."""
    return page.evaluate(
        "[...document.querySelectorAll('#player .pcell')]"
        ".map(c => c.textContent + '|' + c.className)"
    )


def shown_grid(page: Page) -> str:
    """The board's digits (givens, guesses, forced), without the current cell's tried digit."""
    return page.evaluate(
        """[...document.querySelectorAll('#player .pcell')].map(c =>
             /given|guess|forced/.test(c.className) ? c.textContent : '.').join('')"""
    )


@pytest.fixture
def player(app: Page) -> Page:
    """The shared page, the player paused."""
    if player_flag(app, "state") == "playing":
        click(app, "play")
    return app


def test_buttons_step_jump_play_and_pause(player: Page) -> None:
    """Each button does its one job."""
    watch(player, "leetcode", "propagate")
    total = len(list(trace(LEETCODE, "propagate")))
    click(player, "forward")
    click(player, "forward")
    assert steps(player) == 2
    click(player, "back")
    assert steps(player) == 1
    click(player, "end")
    player.wait_for_function(f"n => {PLAYER}.dataset.steps === n", arg=str(total))
    assert player.locator("#player [data-role='caption']").text_content() == "Solved."
    click(player, "start")
    assert steps(player) == 0
    click(player, "play")
    assert player_flag(player, "state") == "playing"
    player.wait_for_function(f"{PLAYER}.dataset.steps !== '0'")
    click(player, "play")
    assert player_flag(player, "state") == "paused"
    paused_at = steps(player)
    player.wait_for_timeout(300)
    assert steps(player) == paused_at


def test_speed_slider_is_exponential_up_to_as_fast_as_possible(player: Page) -> None:
    """The speed notches go from 1 step/s to as fast as the browser allows."""
    slider = player.locator("#p-speed")
    label = player.locator("#player [data-role='speed-label']")
    slider.fill("0")
    assert label.text_content() == "1 step/s"
    slider.fill("13")
    assert label.text_content() == "as fast as possible"
    slider.fill("6")
    assert label.text_content() == "100 steps/s"


def test_strategy_selector_retraces_with_its_source(player: Page) -> None:
    """Choosing a strategy traces the same puzzle again and shows that strategy's code."""
    watch(player, "leetcode", "naive")
    before = int(player_flag(player, "trace"))
    player.select_option("#p-strategy", "mrv")
    player.wait_for_function(f"n => +{PLAYER}.dataset.trace > n", arg=before, timeout=TRACE_MS)
    code = player.locator("#player [data-role='code']").text_content() or ""
    assert code.startswith("def mrv(")
    assert code == source("mrv")[0]


def test_keyboard_shortcuts_and_their_legend(player: Page) -> None:
    """Space plays and pauses, arrows step (Shift: 100), Home and End jump; the legend says so."""
    watch(player, "hard", "naive")
    legend = player.locator("#player .legend").text_content() or ""
    for key in ("Space", "Shift", "Home", "End"):
        assert key in legend
    player.locator("#player [data-role='forward']").focus()
    player.keyboard.press("ArrowRight")
    assert steps(player) == 1
    player.keyboard.press("Shift+ArrowRight")
    assert steps(player) == 101
    player.keyboard.press("ArrowLeft")
    assert steps(player) == 100
    arrived = int(player_flag(player, "received"))
    player.keyboard.press("End")
    assert arrived <= steps(player) <= int(player_flag(player, "received"))
    player.keyboard.press("Home")
    assert steps(player) == 0
    player.keyboard.press("Space")  # on the focused step button: that button's own click
    assert steps(player) == 1
    assert player_flag(player, "state") != "playing"
    player.locator("#player pre").focus()
    player.keyboard.press("Space")
    assert player_flag(player, "state") == "playing"
    player.keyboard.press("Space")
    assert player_flag(player, "state") == "paused"


@pytest.mark.parametrize("strategy", ["naive", "propagate"])
def test_step_back_restores_exactly_the_earlier_board(player: Page, strategy: str) -> None:
    """Forward 40 steps then back 40: the board is the same, cell for cell, class for class."""
    watch(player, "hard" if strategy == "naive" else "leetcode", strategy)
    seek(player, 10)
    before = snapshot(player)
    for _ in range(40):
        click(player, "forward")
    assert snapshot(player) != before
    for _ in range(40):
        click(player, "back")
    assert steps(player) == 10
    assert snapshot(player) == before


@pytest.mark.parametrize("strategy", ["naive", "mrv", "propagate"])
def test_counters_and_board_after_n_steps_equal_the_core(player: Page, strategy: str) -> None:
    """After N steps the counters are the core's after its Nth event, and so is the board."""
    puzzle = HARD if strategy == "naive" else LEETCODE
    watch(player, "hard" if strategy == "naive" else "leetcode", strategy)
    received = int(player_flag(player, "received"))
    for n in sorted({1, 7, min(received, 45), min(received, 3999), received}):
        seek(player, n)
        events = list(islice(trace(puzzle, strategy), n))
        last = events[-1]
        assert counter(player, "steps") == n
        assert counter(player, "nodes") == last["nodes"]
        assert counter(player, "backtracks") == last["backtracks"]
        assert counter(player, "depth") == last["depth"]
        assert counter(player, "max-depth") == last["max_depth"]
        assert counter(player, "forced") == last.get("forced", 0)
        assert shown_grid(player) == replay(puzzle, events)


@pytest.mark.parametrize("strategy", ["naive", "propagate"])
def test_code_highlight_follows_the_events(player: Page, strategy: str) -> None:
    """At each step the marked source line is the one that made the event."""
    watch(player, "leetcode", strategy)
    text, lines = source(strategy)
    rows = text.splitlines()
    for event in islice(trace(LEETCODE, strategy), 25):
        click(player, "forward")
        marked = player.locator("#player .line.current")
        assert marked.count() == 1
        assert marked.text_content() == rows[lines[event["kind"]] - 1] + "\n"


def cli_totals(puzzle: str, strategy: str) -> dict[str, int]:
    """The CLI's trace of ``puzzle``: its number of events and last counters."""
    out = subprocess.run(
        [sys.executable, "-m", "sudoku", "trace", puzzle, "--strategy", strategy],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.splitlines()
    last = json.loads(out[-1])
    return {"steps": len(out), "nodes": last["nodes"], "backtracks": last["backtracks"]}


def test_compare_mode_numbers_equal_the_cli(player: Page) -> None:
    """Compare mode's steps, nodes and backtracks are the CLI trace's, for each strategy."""
    watch(player, "leetcode", "naive")
    click(player, "compare")
    player.wait_for_function(f"{PLAYER}.dataset.compare === 'done'", timeout=TRACE_MS * 2)
    for strategy in ("naive", "mrv", "propagate"):
        expected = cli_totals(LEETCODE, strategy)
        for field in ("steps", "nodes", "backtracks"):
            cell = player.locator(f"#player [data-role='cmp-{strategy}-{field}']")
            assert int((cell.text_content() or "").replace(",", "")) == expected[field]
        outcome = player.locator(f"#player [data-role='cmp-{strategy}-outcome']")
        assert outcome.text_content() == "solved"


def test_compare_mode_stops_on_request(player: Page) -> None:
    """Stop ends a long comparison at once; its table keeps what was counted."""
    watch(player, "hard", "naive")
    click(player, "compare")
    player.wait_for_function(f"{PLAYER}.dataset.compare === 'running'")
    player.wait_for_function(
        "document.querySelector(\"[data-role='cmp-naive-steps']\").textContent !== ''",
        timeout=TRACE_MS,
    )
    click(player, "compare-stop")
    assert player_flag(player, "compare") == "stopped"
    assert player.locator("#player [data-role='compare-status']").text_content() == "Stopped."
    counted = player.locator("#player [data-role='cmp-naive-steps']").text_content()
    player.wait_for_timeout(1500)
    assert player.locator("#player [data-role='cmp-naive-steps']").text_content() == counted
    assert player.locator("#player [data-role='cmp-mrv-steps']").text_content() == ""


def test_copy_buttons_put_the_snippets_on_the_clipboard(player: Page) -> None:
    """Each Copy button copies its field."""
    watch(player, "leetcode", "propagate")
    player.locator("#share summary").click()
    for field in ("share-link", "share-iframe", "share-tag"):
        button = player.locator(f"#share [data-copy='{field}']")
        button.click()
        player.wait_for_function(
            "f => document.querySelector(`[data-copy='${f}']`).textContent === 'Copied'",
            arg=field,
        )
        copied = player.evaluate("navigator.clipboard.readText()")
        assert copied == player.locator(f"#{field}").input_value()
    player.locator("#share summary").click()


def test_share_panel_link_restores_puzzle_and_strategy(player: Page) -> None:
    """The share link reopens the puzzle and strategy; the snippets name the widget."""
    watch(player, "easy", "mrv")
    player.locator("#share summary").click()
    link = player.locator("#share-link").input_value()
    assert "strategy=mrv" in link
    assert "embed.html?puzzle=" in player.locator("#share-iframe").input_value()
    tag = player.locator("#share-tag").input_value()
    assert "static/js/embed.js" in tag
    assert "<sudoku-lab " in tag
    assert "<pre>" in tag
    fresh = player.context.new_page()
    fresh.goto(link)
    wait_ready(fresh)
    fresh.wait_for_function(f"{PLAYER}.dataset.state === 'ready'", timeout=TRACE_MS)
    easy = player.locator("#sample-easy").get_attribute("data-puzzle")
    assert fresh.evaluate("document.querySelector('#p-strategy').value") == "mrv"
    assert shown_grid(fresh) == easy
    fresh.close()


def test_a_million_steps_play_and_stop_at_once(player: Page) -> None:
    """Over a million steps at full speed: the page answers throughout, keeps a bounded
    number of pages, says it shows only the first ones, and stops at once."""
    watch(player, "hard", "naive")
    player.locator("#p-speed").fill("13")
    click(player, "play")
    label = player.locator("#player [data-role='speed-label']")
    while steps(player) <= 1_000_000:
        player.locator("#p-speed").fill("12")
        assert label.text_content() == "10000 steps/s"
        player.locator("#p-speed").fill("13")
        assert label.text_content() == "as fast as possible"
        player.wait_for_timeout(500)
        assert player_flag(player, "state") == "playing"
    held = int(player_flag(player, "pages"))
    assert held <= 125 + 8  # the 125 kept, the one playing, and the few fetched ahead
    assert held < int(player_flag(player, "received")) // 4000
    note = player.locator("#player [data-role='note']")
    assert note.is_visible()
    assert "Showing the first 500,000 steps" in (note.text_content() or "")
    click(player, "play")
    assert player_flag(player, "state") == "paused"
    stopped = steps(player)
    player.wait_for_timeout(500)
    assert steps(player) == stopped
    click(player, "back")
    assert steps(player) == 500_000
