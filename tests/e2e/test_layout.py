"""How the page looks: desktop and phone screenshots; phone width fits with big targets."""

from __future__ import annotations

import struct
from pathlib import Path

from helpers import load, show_import_export, solve
from playwright.sync_api import Page

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 900}


def test_desktop_screenshot(board: Page, shots: Path) -> None:
    """A solved puzzle at desktop width, saved under test-results/screens/."""
    load(board, "leetcode")
    solve(board)
    show_import_export(board)
    board.wait_for_function("!document.querySelector('#games-box').hidden")  # the game kept
    png = board.screenshot(path=shots / "desktop.png", full_page=True)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk: the image's size
    assert width == DESKTOP["width"]
    assert height == board.evaluate("document.documentElement.scrollHeight")  # the whole page
    assert (shots / "desktop.png").read_bytes() == png
    show_import_export(board, shown=False)


def test_phone_width(board: Page, shots: Path) -> None:
    """At 360 px: no horizontal scroll, touch-sized cells and pad keys, a screenshot."""
    board.set_viewport_size(PHONE)
    try:
        load(board, "leetcode")
        board.locator("#r1c3").click()
        board.keyboard.press("4")
        width = board.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        cell = board.locator("#r5c5").bounding_box()
        assert cell
        assert min(cell["width"], cell["height"]) >= 36
        key = board.locator(".pad-key").first.bounding_box()
        assert key
        assert key["height"] >= 44
        assert board.locator(".pad").is_visible()
        board.screenshot(path=shots / "phone.png", full_page=True)
    finally:
        board.set_viewport_size(DESKTOP)


PLACES = "() => ['#board', '.pad'].map(s => document.querySelector(s).getBoundingClientRect().top)"
"""Where the board and the pad are on the screen (the page is not scrolled in between)."""


def test_the_board_and_pad_stay_put_while_the_page_answers(phone: Page) -> None:
    """At 360 px by touch: the first digit's answers (the status, a rating line saying
    why there is none, long enough for two lines) and a sample's rating move neither the
    board nor the pad: a cell tapped a moment later is the cell under the thumb."""
    before = phone.evaluate(PLACES)
    phone.locator("#r1c1").tap()
    phone.locator(".pad-key[data-digit='5']").tap()
    phone.evaluate("window.scrollTo(0, 0)")
    phone.wait_for_function("document.querySelector('#rating').dataset.state === 'unrated'")
    assert phone.evaluate("document.querySelector('#status').textContent") == "Given 5 in r1c1."
    assert phone.evaluate(PLACES) == before
    load(phone, "easy")
    phone.evaluate("window.scrollTo(0, 0)")
    phone.wait_for_function("document.querySelector('#rating').dataset.state === 'rated'")
    assert phone.evaluate(PLACES) == before
