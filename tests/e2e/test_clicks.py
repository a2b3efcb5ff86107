"""No click anywhere shows an error (issue 11, item 1).

A click on any part of the player that is not a button (its board, caption, counters,
position label, source code...) put a Python traceback on the page: the click handler
asked every element with a ``data-role`` whether it was ``disabled``, and in MicroPython
an attribute JavaScript leaves undefined raises. Here every element of the page that is
not a control gets a click, before any trace, with a trace open and while it plays, in
the app and in the widget, at desktop and phone widths; nothing may show an error, log
one to the console or throw.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_ready
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

PLAYER = "document.querySelector('#player')"
TRACE_MS = 60_000
CONTROLS = "button, a, input, select, textarea, summary, label, option, [data-copy]"
CLICK_ALL = """([root, controls]) => {
    let clicked = 0;
    for (const element of document.querySelectorAll(root + ', ' + root + ' *')) {
        if (element.closest(controls)) continue;
        element.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
        clicked += 1;
    }
    return clicked;
}"""
PARTS = [
    ".pboard",
    ".pcell >> nth=40",
    "[data-role='caption']",
    "[data-role='nodes']",
    ".counters dt >> nth=0",
    "[data-role='position']",
    ".scrub",
    ".speed output",
    ".legend",
    "[data-role='stack']",
    "pre",
    ".line >> nth=3",
    ".player-intro >> nth=0",
    "h2, h1",
]
"""Parts a reader clicks with a real mouse (each one once, in view)."""
UNSEEN = ("Failed to load resource",)
"""Console errors that are not the page's: the dev tree has no version.json (offline.py)."""


class Watch:
    """What went wrong on a page since it was watched: page errors, console errors."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", self.on_error)
        page.on("console", self.on_console)

    def on_error(self, error: Exception) -> None:
        self.errors.append(f"pageerror: {error}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not message.text.startswith(UNSEEN):
            self.errors.append(f"console: {message.text}")

    def problems(self) -> list[str]:
        """Errors seen, and any error box or traceback PyScript put on the page."""
        shown = self.page.evaluate(
            "[...document.querySelectorAll('.py-error, .py-overlay, py-error')]"
            ".map(e => e.textContent.slice(0, 200))"
        )
        return self.errors + [f"shown: {text}" for text in shown]

    def stop(self) -> None:
        self.page.remove_listener("pageerror", self.on_error)
        self.page.remove_listener("console", self.on_console)


def click_everywhere(page: Page, root: str) -> int:
    """A click on every element under ``root`` that is not a control, then real mouse
    clicks on the parts a reader would click; returns how many elements got one."""
    clicked = page.evaluate(CLICK_ALL, [root, CONTROLS])
    for part in PARTS:
        target = page.locator(f"{root} {part}").first
        if target.count() and target.is_visible():
            target.click()
    return clicked


@pytest.fixture
def fresh(context: BrowserContext, base_url: str) -> Iterator[tuple[Page, Watch]]:
    """A new tab on the app, watched from its first byte, Python ready, no trace open."""
    page = context.new_page()
    watch = Watch(page)
    page.goto(base_url)
    wait_ready(page)
    yield page, watch
    watch.stop()
    page.close()


def test_no_click_in_the_app_shows_an_error(fresh: tuple[Page, Watch], shots: Path) -> None:
    """Clicks everywhere: idle, with a trace, while playing, and at 360 px."""
    page, watch = fresh
    page.wait_for_function(f"{PLAYER}.dataset.mounted === 'true'")
    assert click_everywhere(page, "body") > 200
    assert watch.problems() == []
    page.locator("#sample-leetcode").click()
    page.locator("#watch").click()
    page.wait_for_function(f"{PLAYER}.dataset.state === 'ready'", timeout=TRACE_MS)
    page.locator("#player [data-role='forward']").click()
    click_everywhere(page, "body")
    assert watch.problems() == []
    page.locator("#player [data-role='play']").click()
    click_everywhere(page, "#player")
    page.locator("#player [data-role='play']").click()
    assert watch.problems() == []
    page.screenshot(path=shots / "player-after-clicks.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    click_everywhere(page, "#player")
    assert watch.problems() == []
    page.screenshot(path=shots / "player-after-clicks-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_no_click_in_the_widget_shows_an_error(context: BrowserContext, base_url: str) -> None:
    """The widget shares the player: a click anywhere in it shows nothing either (it made
    the frame scroll to a red box)."""
    page = context.new_page()
    watch = Watch(page)
    try:
        page.goto(base_url + "embed.html?strategy=mrv")
        page.wait_for_function("document.body.dataset.ready !== 'false'", timeout=120_000)
        assert page.evaluate("document.body.dataset.ready") == "true"
        assert click_everywhere(page, "body") > 150
        page.locator("[data-role='play']").click()
        click_everywhere(page, "#player")
        assert watch.problems() == []
        assert page.evaluate("window.scrollY") == 0
    finally:
        watch.stop()
        page.close()
