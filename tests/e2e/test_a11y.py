"""Accessibility: axe-core on the app, the widget and every panel; keyboard-only use; cell
labels; polite, throttled live regions; reduced motion and dark mode; a 360x640 phone.

axe-core (npm devDependency, copied by scripts/vendor.py to the git-ignored tests/vendor/,
never shipped) is run with ``page.evaluate``: Playwright's evaluate is not subject to the
page's Content-Security-Policy, so the pages are audited as shipped, CSP on (an injected
<script> tag would be blocked, and ``bypass_csp`` would audit a different page).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, wait_ready
from helpers import cell_values, load, solve, tap, wait_verdict
from playwright.sync_api import BrowserContext, Page
from support import LEETCODE

AXE = ROOT / "tests" / "vendor" / "axe.min.js"
PLAYER = "document.querySelector('#player')"
READY_MS = 120_000
CELL_TRANSITION = "getComputedStyle(document.querySelector('#r1c1')).transitionDuration"


def axe_violations(page: Page) -> list[str]:
    """axe-core's violations on the page as shown now: rule id, impact and first targets."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'make vendor' (make e2e does)")
    page.wait_for_function("document.getAnimations().length === 0")  # colours settled
    if page.evaluate("typeof window.axe") == "undefined":
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(
             v => v.id + ' (' + v.impact + '): ' +
                  v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))"""
    )
    return list(found)


def player_flag(page: Page, name: str) -> str:
    """One of the player's data- flags."""
    return page.evaluate(f"{PLAYER}.dataset[{name!r}] || ''")


def open_panels(page: Page) -> None:
    """Open Import and export and Share / Embed; watch a search; fill the compare table."""
    load(page, "leetcode")
    for panel in ("#io", "#share"):
        if not page.locator(panel).evaluate("d => d.open"):
            page.locator(f"{panel} summary").click()
    before = int(player_flag(page, "trace") or 0)
    page.locator("#watch").click()
    page.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=READY_MS,
    )
    page.locator("#player [data-role='compare']").click()
    page.wait_for_function(f"{PLAYER}.dataset.compare === 'done'", timeout=READY_MS)


@pytest.fixture
def dark(app: Page) -> Iterator[Page]:
    """The test's app page in dark mode with reduced motion; back to the defaults after."""
    app.emulate_media(color_scheme="dark", reduced_motion="reduce")
    yield app
    app.emulate_media(color_scheme="light", reduced_motion="no-preference")


def test_axe_app_with_every_panel_open_light_and_dark(board: Page) -> None:
    """Zero axe violations: the app with a solution, the import/export and share panels
    open, a trace in the player and the compare table filled, in light and dark."""
    open_panels(board)
    assert solve(board) == "unique"
    assert axe_violations(board) == []
    board.emulate_media(color_scheme="dark")
    try:
        assert axe_violations(board) == []
    finally:
        board.emulate_media(color_scheme="light")
    for panel in ("#io", "#share"):
        board.locator(f"{panel} summary").click()


@pytest.fixture
def widget(context: BrowserContext, base_url: str) -> Iterator[Page]:
    """The widget, booted, with its trace ready and its compare table filled."""
    page = context.new_page()
    page.goto(base_url + "embed.html?strategy=mrv")
    page.wait_for_function("document.body.dataset.ready !== 'false'", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.ready") == "true"
    page.locator("#player [data-role='compare']").click()
    page.wait_for_function(f"{PLAYER}.dataset.compare === 'done'", timeout=READY_MS)
    yield page
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_widget(widget: Page, scheme: str) -> None:
    """Zero axe violations in the widget (compare table filled), in both colour schemes,
    at step 0 and after steps."""
    widget.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    assert axe_violations(widget) == []
    widget.keyboard.press("ArrowRight")
    widget.keyboard.press("ArrowRight")
    assert axe_violations(widget) == []


def test_widget_without_controls_keyboard_and_axe(context: BrowserContext, base_url: str) -> None:
    """controls=none: zero axe violations, and a keyboard reader can start it: the board
    is the tab stop after the title's link, and Space on it plays, then pauses."""
    page = context.new_page()
    page.goto(base_url + "embed.html?controls=none")
    page.wait_for_function("document.body.dataset.ready !== 'false'", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.ready") == "true"
    assert axe_violations(page) == []
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.role") == "board"
    page.keyboard.press("Space")
    page.wait_for_function(f"{PLAYER}.dataset.state === 'playing'", timeout=READY_MS)
    page.keyboard.press("Space")
    page.wait_for_function(f"{PLAYER}.dataset.state === 'paused'", timeout=READY_MS)
    page.close()


def label(page: Page, cell: str) -> str:
    """A board cell's accessible label."""
    return page.locator(f"#{cell}").get_attribute("aria-label") or ""


def test_cell_labels_say_where_and_what(board: Page) -> None:
    """Labels read "row 3, column 5, empty", "given 7", "solved 4", "your 7" (a digit
    typed on a loaded puzzle), and follow each change."""
    assert label(board, "r3c5") == "row 3, column 5, empty"
    load(board, "leetcode")
    assert label(board, "r1c1") == "row 1, column 1, given 5"
    assert label(board, "r1c3") == "row 1, column 3, empty"
    assert solve(board) == "unique"
    assert label(board, "r1c3") == "row 1, column 3, solved 4"
    board.locator("#r9c1").focus()
    board.keyboard.press("7")
    assert label(board, "r9c1") == "row 9, column 1, your 7"
    assert label(board, "r1c3") == "row 1, column 3, empty"  # the stale solution is gone


def test_axe_companion_controls_light_and_dark(board: Page) -> None:
    """Zero axe violations with the companion in use: candidates and pencil marks shown,
    a hint lit, a wrong entry marked by Check, the timer hidden; light and dark."""
    load(board, "easy")
    board.locator("#candidates").click()
    board.locator("#r1c1").click()
    for key in ("p", "4", "7", "p", "ArrowRight", "1"):  # r1c2 holds 8: 1 is wrong
        board.keyboard.press(key)
    before = int(board.evaluate("document.body.dataset.answers || 0"))
    board.locator("#check").click()
    board.wait_for_function("n => +document.body.dataset.answers > n", arg=before)
    assert board.locator("#r1c2").get_attribute("aria-invalid") == "true"
    board.locator("#timer-toggle").click()
    board.keyboard.press("Control+z")  # the wrong entry goes: a hint can be had
    board.locator("#r5c5").focus()
    board.keyboard.press("h")
    board.wait_for_function("n => +document.body.dataset.answers > n + 1", arg=before)
    assert board.evaluate("document.querySelectorAll('#board .hint-cell').length") > 0
    assert axe_violations(board) == []
    board.emulate_media(color_scheme="dark")
    assert axe_violations(board) == []


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until ``selector`` has focus: it is reachable by keyboard alone."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} not reached in {limit} Tab presses")


def test_keyboard_only_enter_solve_and_play(board: Page) -> None:
    """No mouse: type a puzzle, solve it, open the player, step, play and pause by keys."""
    board.evaluate("document.activeElement.blur()")
    board.keyboard.press("Tab")
    tab_to(board, "#board .cell")
    for row in range(9):  # a snake: rightwards on even rows, leftwards on odd ones
        cols = range(9) if row % 2 == 0 else range(8, -1, -1)
        for step, col in enumerate(cols):
            digit = LEETCODE[row * 9 + col]
            if digit != ".":
                board.keyboard.press(digit)
            if step < 8:
                board.keyboard.press("ArrowRight" if row % 2 == 0 else "ArrowLeft")
        if row < 8:
            board.keyboard.press("ArrowDown")
    assert cell_values(board) == LEETCODE
    tab_to(board, "#solve")
    board.keyboard.press("Enter")
    assert wait_verdict(board, "unique", "multiple", "none", "conflict", "error") == "unique"
    before = int(player_flag(board, "trace") or 0)
    tab_to(board, "#watch")
    board.keyboard.press("Enter")
    board.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=READY_MS,
    )
    tab_to(board, "#player [data-role='forward']")
    board.keyboard.press("Enter")
    board.keyboard.press("ArrowRight")
    assert player_flag(board, "steps") == "2"
    board.keyboard.press("End")  # fetches to the search's end, then lands there
    board.wait_for_function(f"+{PLAYER}.dataset.steps > 2", timeout=READY_MS)
    board.keyboard.press("Home")
    assert player_flag(board, "steps") == "0"
    tab_to(board, "#player pre")
    board.keyboard.press("Space")
    assert player_flag(board, "state") == "playing"
    board.keyboard.press("Space")
    assert player_flag(board, "state") == "paused"


def test_live_regions_are_polite_and_quiet_while_playing(board: Page) -> None:
    """Status and messages are polite live regions; a solve says two things (working, the
    verdict); the player's caption is silent while playing and polite when paused."""
    status = board.locator("#status")
    assert status.get_attribute("role") == "status"
    assert status.get_attribute("aria-live") == "polite"
    assert board.locator("#messages").get_attribute("aria-live") == "polite"
    load(board, "slow")
    board.evaluate(
        """window.__said = [];
           new MutationObserver(() => window.__said.push(
               document.querySelector('#status').textContent))
             .observe(document.querySelector('#status'), {childList: true, subtree: true,
                                                          characterData: true});"""
    )
    assert solve(board) == "unique"
    said = board.evaluate("window.__said")
    assert len(said) <= 2
    assert said[-1].startswith("Solved")
    caption = board.locator("#player [data-role='caption']")
    before = int(player_flag(board, "trace") or 0)
    board.locator("#watch").click()
    board.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=READY_MS,
    )
    board.locator("#player [data-role='play']").click()
    assert caption.get_attribute("aria-live") == "off"
    board.locator("#player [data-role='play']").click()
    assert caption.get_attribute("aria-live") == "polite"
    assert board.evaluate("document.querySelector('#status').textContent") == said[-1]


def luminance(page: Page, selector: str, prop: str) -> float:
    """The relative brightness (0 dark .. 1 light) of a colour property of an element."""
    rgb = page.evaluate(
        "([s, p]) => getComputedStyle(document.querySelector(s))[p].match(/\\d+/g).slice(0, 3)",
        [selector, prop],
    )
    red, green, blue = (int(c) / 255 for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_reduced_motion_and_dark_scheme_are_honoured(dark: Page) -> None:
    """Dark scheme: dark page, light text; reduced motion: no transitions on the cells."""
    assert luminance(dark, "body", "backgroundColor") < 0.3
    assert luminance(dark, "#r1c1", "color") > 0.6
    durations = dark.evaluate(CELL_TRANSITION)
    assert set(durations.split(", ")) == {"0s"}
    dark.emulate_media(color_scheme="light", reduced_motion="no-preference")
    assert luminance(dark, "body", "backgroundColor") > 0.7
    durations = dark.evaluate(CELL_TRANSITION)
    assert "0s" not in set(durations.split(", "))


def test_phone_with_touch_enter_by_pad_solve_and_play(
    browser: Any, base_url: str, shots: Path
) -> None:
    """360x640 with touch: tap each given in with the on-screen pad, solve, play, pause."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(base_url)
        wait_ready(page)
        for index, digit in enumerate(LEETCODE):
            if digit != ".":
                tap(page, f"#board .cell[data-index='{index}']")
                tap(page, f".pad-key[data-digit='{digit}']")
        assert cell_values(page) == LEETCODE
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.locator("#solve").tap()
        assert wait_verdict(page, "unique", "multiple", "none", "conflict", "error") == "unique"
        page.locator("#watch").tap()
        page.wait_for_function(f"{PLAYER}.dataset.state === 'ready'", timeout=READY_MS)
        page.locator("#player [data-role='play']").tap()
        page.wait_for_function(f"+{PLAYER}.dataset.steps > 2")
        page.locator("#player [data-role='play']").tap()
        assert player_flag(page, "state") == "paused"
        assert axe_violations(page) == []
        page.screenshot(path=shots / "a11y-phone-touch.png", full_page=True)
    finally:
        context.close()


def test_axe_dark_reduced_motion_app(dark: Page) -> None:
    """Zero axe violations in dark mode with reduced motion (the colour contrast rules)."""
    load(dark, "easy")
    assert json.dumps(axe_violations(dark)) == "[]"
