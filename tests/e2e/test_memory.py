"""The board outlives a reload, Back, the next visit and Clear (issue 11, item 13).

Each change is written into the address (``?puzzle=...&strategy=...``, the share link's
form) and, where the browser allows it, into localStorage; Clear can be undone (a
button, and Ctrl+Z). Another site's iframe, refused all storage, still keeps the board in its
address and shows no error. Each test has its own browser context (its own storage),
as every e2e test does.
"""

from __future__ import annotations

from conftest import BOOT_MS, origin_of, wait_ready
from helpers import cell_values, load, wait_verdict
from playwright.sync_api import Browser, Page
from support import EASY, LEETCODE, debian_chromium

REFUSED = """(() => { try { return localStorage.length >= 0 && 'allowed'; }
                      catch (error) { return error.name; } })()"""
"""What the frame's own script gets from localStorage: Debian's Chromium refuses it."""
STORED = """() => Object.entries(localStorage)
    .filter(([key]) => key.startsWith('sudoku-lab games '))
    .map(([, kept]) => JSON.parse(kept).current)"""
"""The puzzle on the board as storage keeps it (src/web/page/app/games.py): "" when empty."""


def remembered(page: Page, grid: str) -> None:
    """Wait until the address holds ``grid`` (written a moment after the last change)."""
    page.wait_for_function(
        "g => new URLSearchParams(location.search).get('puzzle') === g", arg=grid
    )


def test_reload_keeps_the_board(app: Page) -> None:
    """A sample, then a reload: the same puzzle is on the board, said as the reader's own
    (the address holds it, but no link was opened)."""
    load(app, "leetcode")
    remembered(app, LEETCODE)
    assert "strategy=naive" in app.url
    app.reload()
    wait_ready(app)
    assert cell_values(app) == LEETCODE
    assert wait_verdict(app, "restored", "loaded") == "restored"


def test_typed_digits_and_back_keep_the_board(app: Page, base_url: str) -> None:
    """Digits typed one by one are in the address too; Back from another page finds them."""
    app.locator("#r1c1").click()
    app.keyboard.press("5")
    app.keyboard.press("ArrowRight")
    app.keyboard.press("3")
    typed = "53" + "." * 79
    remembered(app, typed)
    app.goto(base_url + "manifest.webmanifest")
    app.go_back()
    wait_ready(app)
    app.wait_for_function(
        "g => [...document.querySelectorAll('#board .cell')]"
        ".map(c => c.value || '.').join('') === g",
        arg=typed,
    )


def test_the_next_visit_finds_the_board_left(app: Page, base_url: str) -> None:
    """The board is stored: the app opened again without a link shows it, and says so;
    after Clear, the next visit starts empty."""
    load(app, "easy")
    remembered(app, EASY)
    app.wait_for_function(f"() => ({STORED})().includes({EASY!r})")
    again = app.context.new_page()
    again.goto(base_url)
    wait_ready(again)
    assert cell_values(again) == EASY
    assert wait_verdict(again, "restored") == "restored"
    assert again.locator("#status").text_content() == (
        "Your last game is back on the board (Clear empties it)."
    )
    again.locator("#clear").click()
    again.wait_for_function(f"() => ({STORED})().includes('')")
    last = app.context.new_page()
    last.goto(base_url)
    wait_ready(last)
    assert cell_values(last) == "." * 81


def test_clear_can_be_undone_by_its_button_or_ctrl_z(board: Page) -> None:
    """Clear is undone by the Undo button or Ctrl+Z, as every edit is (test_companion.py
    has the rest); a digit typed after Clear is undone first, then the Clear: the
    browser's own undo never runs on the board."""
    load(board, "leetcode")
    undo = board.locator("#undo")
    board.locator("#clear").click()
    wait_verdict(board, "cleared")
    assert cell_values(board) == "." * 81
    assert undo.is_enabled()
    assert "Undo" in (board.locator("#status").text_content() or "")
    undo.click()
    wait_verdict(board, "restored")
    assert cell_values(board) == LEETCODE
    board.locator("#clear").click()
    wait_verdict(board, "cleared")
    board.locator("#r5c5").focus()
    board.keyboard.press("Control+z")
    wait_verdict(board, "restored")
    assert cell_values(board) == LEETCODE
    board.locator("#clear").click()
    wait_verdict(board, "cleared")
    board.locator("#r1c1").click()
    board.keyboard.press("7")
    assert cell_values(board) == "7" + "." * 80
    board.keyboard.press("Control+z")
    assert cell_values(board) == "." * 81
    board.keyboard.press("Control+z")
    assert cell_values(board) == LEETCODE


def test_another_sites_frame_keeps_the_board_in_its_address(
    two_sites: Browser, base_url: str
) -> None:
    """In another site's iframe the browser refuses storage: the app still boots, takes
    typing, keeps the board in its own address and shows no error."""
    context = two_sites.new_context(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda m: (
            m.type == "error" and "Failed to load resource" not in m.text and errors.append(m.text)
        ),
    )
    try:
        blog = base_url.replace("127.0.0.1", "localhost")
        page.goto(blog + "no-such-post.html")
        page.set_content(
            f'<!doctype html><title>post</title><iframe src="{base_url}" width="1200" '
            'height="900"></iframe>'
        )
        frame = page.frame_locator("iframe")
        handle = page.wait_for_selector("iframe")
        inner = handle.content_frame() if handle else None
        assert inner
        inner.wait_for_function("document.body?.dataset.ready === 'true'", timeout=BOOT_MS)
        assert origin_of(inner.url) != origin_of(page.url)
        if debian_chromium():  # others may partition storage instead
            assert inner.evaluate(REFUSED) == "SecurityError"
        frame.locator("#r1c1").click()
        page.keyboard.press("4")
        inner.wait_for_function(
            "g => new URLSearchParams(location.search).get('puzzle') === g", arg="4" + "." * 80
        )
        assert inner.evaluate("document.querySelectorAll('.py-error').length") == 0
        status = inner.locator("#status")
        assert status.get_attribute("data-verdict") != "error", status.text_content()
        assert [e for e in errors if e != "Event"] == []  # "Event": PyScript's own IndexedDB
    finally:
        context.close()


def test_the_address_follows_the_strategy_watched(app: Page) -> None:
    """Watching the board under another strategy puts that strategy in the address."""
    load(app, "easy")
    app.select_option("#p-strategy", "mrv")
    app.locator("#watch").click()
    app.wait_for_function("location.search.includes('strategy=mrv')")
    assert remembered(app, EASY) is None
