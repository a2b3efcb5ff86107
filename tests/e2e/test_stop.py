"""Stop ends the search itself; conflicts are the page's own, before and during a solve.

A search made long on purpose: the worker's solver is served with its second search
switched off (``SECOND_AFTER`` out of reach), so a worst case of
``tests/data/puzzles/no_solution.txt`` takes the cell-only search minutes, as it took
the solver before issue 11. Stopped, it must not delay the next solve.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import BOOT_MS, load_script, wait_ready
from helpers import cell_classes, paste, wait_verdict
from playwright.sync_api import Browser, BrowserContext, Page, Route
from support import COMMITTED_PUZZLES, ROOT

from sudoku import cell_name, conflicts

LONG = (COMMITTED_PUZZLES / "no_solution.txt").read_text(encoding="ascii").split()[330]
"""A worst case the cell-only search needs millions of guesses for (minutes here)."""
PATCH = ("SECOND_AFTER: Final = 512", "SECOND_AFTER: Final = 10**12")
"""The solver's source with its second search out of reach."""
NEXT_MS = 30_000
"""Deadline for the next solve's verdict after Stop: the stopped search, had it gone
on, would hold the worker for minutes."""


pyconfig = load_script("pyconfig")


def patched(context: BrowserContext, source: str, change: tuple[str, str]) -> None:
    """Serve the app's worker's pack (what it loads: ``scripts/pyconfig.py``) with the
    module of ``source`` (``./src/...py``) compiled from its text with ``change`` made
    (it must apply)."""
    text = (ROOT / source).read_text(encoding="utf-8")
    assert change[0] in text
    name = pyconfig.module_path(source)
    code = pyconfig.compile_text(text.replace(*change), name)
    files, packed = pyconfig.packed_files("pyscript-app-worker.toml"), name[:-3] + ".mpy"
    assert f"./{packed}" in files.values()
    body = pyconfig.pack(files, swap={packed: code})
    url = "**/" + pyconfig.pack_path("pyscript-app-worker.toml").as_posix()
    context.route(
        url, lambda route: route.fulfill(body=body, content_type="application/octet-stream")
    )


@pytest.fixture
def slow_app(browser: Browser, base_url: str) -> Iterator[Page]:
    """A fresh app whose solver cannot escape a worst case, with the long puzzle loaded."""
    context = browser.new_context(service_workers="block")
    patched(context, "./src/sudoku/solver.py", PATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}?puzzle={LONG}")
    wait_ready(page)
    yield page
    context.close()
    assert errors == []


def type_digit(page: Page, cell: str, digit: str) -> None:
    """Click a cell and type one key."""
    page.locator(f"#{cell}").click()
    page.keyboard.press(digit)


def test_stop_ends_the_search_and_the_next_solve_does_not_wait(slow_app: Page) -> None:
    """Solve shows the guesses so far; Stop ends it; a sample then solves at once, and
    conflicts are marked while the long search runs."""
    page = slow_app
    page.locator("#solve").click()
    page.wait_for_function("+document.body.dataset.nodes > 0", timeout=BOOT_MS)
    assert "guesses so far" in (page.locator("#status").text_content() or "")
    first = int(page.evaluate("document.body.dataset.nodes"))
    page.wait_for_function(f"+document.body.dataset.nodes > {first}", timeout=BOOT_MS)
    page.locator("#stop").click()
    assert wait_verdict(page, "stopped") == "stopped"
    assert page.evaluate("document.body.dataset.busy") == "false"
    page.locator("#sample-leetcode").click()
    page.locator("#solve").click()
    page.wait_for_function(
        "document.querySelector('#status').dataset.verdict === 'unique'", timeout=NEXT_MS
    )
    paste(page, "#r1c1", LONG)
    wait_verdict(page, "loaded")
    page.locator("#solve").click()
    page.wait_for_function("+document.body.dataset.nodes > 0", timeout=BOOT_MS)
    first, second = [cell for cell in range(81) if LONG[cell] == "."][:2]
    for cell in (first, second):  # an edit while solving: conflicts at once, solve dropped
        type_digit(page, cell_name(cell), "5")
    typed = LONG[:first] + "5" + LONG[first + 1 : second] + "5" + LONG[second + 1 :]
    clashing = {cell_name(cell) for clash in conflicts(typed) for cell in clash[:2]}
    assert {cell_name(first), cell_name(second)} <= clashing
    assert sorted(cell_classes(page, "conflict")) == sorted(clashing)
    assert wait_verdict(page, "edited") == "edited"


def test_conflicts_are_marked_before_the_solver_worker_is_up(
    browser: Browser, base_url: str
) -> None:
    """With the worker held back, the page (MicroPython and the core) still marks clashes."""
    context = browser.new_context(service_workers="block")
    held: list[Route] = []

    def hold(route: Route) -> None:
        """Keep the request unanswered (a bound ``held.append`` cannot be a handler)."""
        held.append(route)

    context.route("**/src/web/worker/app_script.py", hold)
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_function("document.body.dataset.board === 'ready'", timeout=BOOT_MS)
    type_digit(page, "r4c4", "8")
    type_digit(page, "r6c6", "8")
    assert cell_classes(page, "conflict") == ["r4c4", "r6c6"]
    assert page.locator("#messages li").all_text_contents() == [
        "Conflict: r4c4 and r6c6 both hold 8 in box 5."
    ]
    assert held  # the worker asked for its script and is still waiting
    assert page.evaluate("document.body.dataset.ready") != "true"
    context.close()


ENTRY = 'def analyze_start(board: "Any", limit: "Any" = 2) -> "Answer[Verdict | Progress]":\n'
BROKEN = (
    ENTRY,
    ENTRY + '    raise MemoryError("Pyodide already fatally failed")  # the test breaks it\n',
)
"""The worker's source with its solve entry point failing as a dead Pyodide does."""


def test_a_failing_worker_is_said_in_words(browser: Browser, base_url: str) -> None:
    """A worker call that fails says to reload the page: no error type, no raw tuple."""
    context = browser.new_context(service_workers="block")

    patched(context, "./src/web/worker/worker.py", BROKEN)
    page = context.new_page()
    page.goto(base_url)
    wait_ready(page)
    page.locator("#sample-leetcode").click()
    page.locator("#solve").click()
    assert wait_verdict(page, "error") == "error"
    status = page.locator("#status").text_content() or ""
    assert "reload the page" in status
    assert "MemoryError" not in status
    assert "(" not in status
    assert page.evaluate("document.body.dataset.busy") == "false"
    context.close()
