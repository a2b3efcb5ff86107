"""What the e2e tests do to the page, in one place: read and fill cells, paste, solve;
and how they wait: on a condition, with a deadline, never for a fixed time."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Frame, Page

SOLVE_MS = 120_000
WAIT_MS = 10_000
"""The deadline of a wait for what should come at once (frames, a message)."""
BARRIER = "sudoku-lab-test:barrier"
"""A message no page code knows: sent after others, it arrives after them."""


def cell_values(page: Page) -> str:
    """The board as shown: 81 chars, '.' for an empty cell."""
    return page.evaluate(
        "[...document.querySelectorAll('#board .cell')].map(c => c.value || '.').join('')"
    )


def cell_classes(page: Page, name: str) -> list[str]:
    """Every cell's id that has CSS class ``name``."""
    return page.evaluate(
        "name => [...document.querySelectorAll('#board .cell')]"
        ".filter(c => c.classList.contains(name)).map(c => c.id)",
        name,
    )


def verdict(page: Page) -> str | None:
    """The status line's last verdict."""
    return page.locator("#status").get_attribute("data-verdict")


def wait_verdict(page: Page, *verdicts: str) -> str:
    """Wait until the status shows one of ``verdicts``; return the one shown."""
    page.wait_for_function(
        "vs => vs.includes(document.querySelector('#status').dataset.verdict)",
        arg=list(verdicts),
        timeout=SOLVE_MS,
    )
    return verdict(page) or ""


def load(page: Page, sample: str) -> str:
    """Click a sample button; return its puzzle."""
    button = page.locator(f"#sample-{sample}")
    button.click()
    wait_verdict(page, "loaded")
    return button.get_attribute("data-puzzle") or ""


def solve(page: Page) -> str:
    """Click Solve and wait for the verdict."""
    page.locator("#solve").click()
    return wait_verdict(page, "unique", "multiple", "none", "conflict", "error")


def paste(page: Page, selector: str, text: str) -> None:
    """Fire a real paste event carrying ``text`` at an element, as a user's Ctrl+V does."""
    page.locator(selector).dispatch_event("focus")
    page.evaluate(
        """([selector, text]) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            const event = new ClipboardEvent('paste', {clipboardData: data, bubbles: true,
                                                       cancelable: true});
            document.querySelector(selector).dispatchEvent(event);
        }""",
        [selector, text],
    )


TAP_POINT = """selector => {
    const element = document.querySelector(selector);
    element.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const box = element.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
}"""
"""The middle of an element, in the viewport (scrolled into it first, as a reader does)."""


def tap(page: Page, selector: str) -> None:
    """A finger's tap at the middle of ``selector``'s element: whatever the page shows at
    that point gets it, as a reader's would (a cover over the element takes the tap). One
    look at the page instead of ``Locator.tap``'s actionability checks: ~45 ms a tap here
    instead of ~120 ms, for tests that tap dozens of times and check what they entered."""
    x, y = page.evaluate(TAP_POINT, selector)
    page.touchscreen.tap(x, y)


PRELOADED = """() => {
    const entries = performance.getEntriesByType('resource');
    return Object.fromEntries([...document.querySelectorAll('link[rel=preload]')].map(
        link => [link.href, entries.filter(e => e.name === link.href).map(e => e.initiatorType)]));
}"""


def preloaded(page: Page | Frame, config: str = "") -> dict[str, list[str]]:
    """Each file the page preloads (its address): who asked for it, a request each, from
    the page's resource timing. Asserted: each preload was its file's first request, and
    its only one (so the script or fetch it stands for used it: one that does not match
    makes a second request), but for the address ``config``, which a page's
    ``<py-config>`` and its script both read (the second read asks again on the tests'
    server, which says no-cache; on GitHub Pages it is a cache hit)."""
    found: dict[str, list[str]] = page.evaluate(PRELOADED)
    assert {url: kinds[0] for url, kinds in found.items() if kinds} == dict.fromkeys(found, "link")
    assert {url for url, kinds in found.items() if len(kinds) > 1} <= {config}
    return found


def show_import_export(page: Page, *, shown: bool = True) -> None:
    """Open (or close) the Import and export section, whatever its state."""
    if page.locator("#io").evaluate("io => io.open") != shown:
        page.locator("#io summary").click()


def frames_pass(page: Page | Frame, count: int) -> None:
    """Wait until the page has run ``count`` more animation frames.

    The player steps once per animation frame while it plays, so a step count that holds
    across frames is a player that stopped; a sleep would prove nothing more.
    """
    page.evaluate("() => { window.__frames = 0; }")
    page.wait_for_function("n => ++window.__frames > n", arg=count, polling="raf", timeout=WAIT_MS)


def wait_until(page: Page, check: Callable[[], object], what: str, timeout_ms: int) -> None:
    """Poll ``check()`` (state on this side, such as a route handler's list) once an
    animation frame, while Playwright delivers its events, until it holds; fail naming
    ``what`` after ``timeout_ms``."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not check():
        assert time.monotonic() < deadline, f"no {what} within {timeout_ms} ms"
        page.evaluate("new Promise(requestAnimationFrame)")


def expect_barrier(receiver: Page | Frame) -> None:
    """Make ``receiver`` note the arrival of BARRIER (call it before sending anything)."""
    receiver.evaluate(
        """b => { window.__barrier = false;
                  addEventListener('message', e => { if (e.data === b) window.__barrier = true; });
        }""",
        BARRIER,
    )


def wait_barrier(receiver: Page | Frame) -> None:
    """Wait until BARRIER has arrived: messages sent before it by the same sender to the
    same window have been dispatched to every listener (postMessage keeps their order)."""
    receiver.wait_for_function("window.__barrier === true", timeout=WAIT_MS)
