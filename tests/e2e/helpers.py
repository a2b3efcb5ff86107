"""What the e2e tests do to the page, in one place: read and fill cells, paste, solve."""

from __future__ import annotations

from playwright.sync_api import Page

SOLVE_MS = 120_000


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


def show_import_export(page: Page, *, shown: bool = True) -> None:
    """Open (or close) the Import and export section, whatever its state."""
    if page.locator("#io").evaluate("io => io.open") != shown:
        page.locator("#io summary").click()
