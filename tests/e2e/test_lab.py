"""The code lab (lab.html): your own solveSudoku written, run, watched, stopped, judged,
shared; run where it cannot reach the site's storage; offline after one visit.

One lab page serves the tests that only run code (Pyodide boots once); the share link,
the reload and the offline visit open their own. Run this file alone, on one process:
``.venv/bin/pytest -x -q tests/e2e/test_lab.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sitekit
from conftest import BOOT_MS, Host, load_script, off_origin, origin_of, record_requests
from helpers import wait_until
from playwright.sync_api import Browser, BrowserContext, Page
from test_a11y import axe_violations

from sudoku.plain import STARTING_POINTS, unmarked

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]
RUN_MS = 60_000
RUNNING_LINE = "t => document.querySelector('#code .cm-running-line')?.textContent === t"
"""Whether the editor marks the line ``t`` as the one running."""
HOSTILE = """import js

tried = []


def attempt(name, action):
    try:
        tried.append(f"{name}: reached {action()!r}")
    except Exception as error:
        tried.append(f"{name}: refused ({type(error).__name__})")


def xhr():
    request = js.XMLHttpRequest.new()
    request.open("GET", "SITE?stolen=xhr", False)
    request.withCredentials = True
    request.send()
    return request.status


attempt("caches", lambda: js.caches.open("sudoku-lab"))
attempt("indexedDB", lambda: js.indexedDB.open("sudoku-lab-stolen"))
attempt("xhr", xhr)
attempt("fetch", lambda: js.fetch("SITE?stolen=fetch", js.JSON.parse('{"credentials": "include"}')))
attempt("parent", lambda: js.parent.document.cookie)
attempt("localStorage", lambda: js.localStorage.getItem("sudoku-lab lab code"))
print("\\n".join(tried))


def solve(board):
    pass
"""
"""Code that tries the site's Cache Storage, IndexedDB, a request with its cookies (sync
XHR and fetch), the lab page's document and localStorage, and prints what each gave."""


def wait_python(page: Page) -> None:
    """Wait until the lab's Python (Pyodide in the sandbox) is ready and the page's data
    (starting points, the player's worker) handed over."""
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body.dataset.python)"
        " && document.body.dataset.ready === 'true' && document.body.dataset.editor === 'ready'",
        timeout=BOOT_MS,
    )
    assert page.evaluate("document.body.dataset.python") == "ready", page.text_content(
        "#lab-status"
    )


def editor_text(page: Page) -> str:
    """The code in the editor, as CodeMirror holds it (one DOM line per line)."""
    return page.evaluate(
        "[...document.querySelectorAll('#code .cm-content .cm-line')]"
        ".map(l => l.textContent).join('\\n')"
    )


JUDGE_BOX = """(() => {
    const right = selector => document.querySelector(selector).getBoundingClientRect().right;
    return {table: document.querySelector('.judge').scrollWidth, box: right('#judge-box'),
            caption: right('.judge caption'),
            verdict: document.querySelector('#judge-rows td:nth-child(2)').offsetWidth};
})()"""
"""The judge's table on the screen: its width, its box's, its caption's and the first
verdict's right edges or widths (px)."""


def set_code(page: Page, code: str) -> None:
    """Replace the editor's code as a paste does (no auto-indent on the way in)."""
    page.locator("#code .cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    page.wait_for_function(
        "t => window.localStorage.getItem('sudoku-lab lab code') === t", arg=code
    )


def run(page: Page) -> str:
    """Press Run; wait for the answer; the status line."""
    before = page.evaluate("document.body.dataset.run || '0'")
    page.locator("#run").click()
    page.wait_for_function(
        "n => (document.body.dataset.run || '0') !== n", arg=before, timeout=RUN_MS
    )
    return page.text_content("#lab-status") or ""


def wait_trace(page: Page, before: str) -> None:
    """Wait until the player has opened a recorded run other than ``before``."""
    page.wait_for_function(
        "n => { const p = document.querySelector('.player'); return p.dataset.recorded === 'true'"
        " && p.dataset.trace !== n && p.dataset.state === 'ready'; }",
        arg=before,
        timeout=RUN_MS,
    )


def trace_id(page: Page) -> str:
    """The player's current trace number ('' before any)."""
    return page.evaluate("document.querySelector('.player').dataset.trace || ''")


@pytest.fixture(scope="module")
def lab_context(browser: Browser, base_url: str) -> Iterator[tuple[BrowserContext, list[str]]]:
    """One context for the module's lab pages; its requests are recorded and must stay on
    the site's origin. With it: the URLs of the requests that got an answer, and of
    those that failed, with why (``url failure``)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    urls = record_requests(context)
    answered: list[str] = []
    context.on("requestfinished", lambda request: answered.append(request.url))
    context.on("requestfailed", lambda r: answered.append(f"{r.url} failed: {r.failure}"))
    yield context, answered
    context.close()
    assert off_origin(urls, origin_of(base_url)) == []


@pytest.fixture(scope="module")
def lab(lab_context: tuple[BrowserContext, list[str]], base_url: str) -> Page:
    """The lab, opened from the app with its puzzle, Python ready."""
    page = lab_context[0].new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}lab.html?puzzle={LEETCODE}&strategy=naive")
    wait_python(page)
    assert errors == []
    return page


def test_written_code_runs_and_plays_with_its_line_marked(lab: Page) -> None:
    """Code typed in the editor runs on the app's puzzle; the player plays its writes,
    each step marking the line that made it in the player's code panel and the editor."""
    assert lab.locator("#puzzle").input_value() == LEETCODE  # the app's puzzle, first
    shown = "[...document.querySelectorAll('#player .pcell')].map(c => c.textContent || '.')"
    assert "".join(lab.evaluate(shown)) == LEETCODE  # on the player's board before any run
    lab.locator("#code .cm-content").click()
    lab.keyboard.press("Control+a")
    lab.keyboard.press("Delete")
    lab.keyboard.type("def solve(board):\n")  # the editor indents the body itself
    lab.keyboard.type('board[0][2] = "4"\nboard[0][3] = "6"\nboard[0][2] = "."\n')
    assert editor_text(lab).splitlines()[1] == '    board[0][2] = "4"'
    before = trace_id(lab)
    status = run(lab)
    assert status.startswith("wrong answer: returned with 50 cells still blank"), status
    wait_trace(lab, before)
    lab.locator("[data-role=forward]").click()
    lab.wait_for_function("document.querySelector('.player').dataset.steps === '1'")
    assert lab.locator("#player [data-role=caption]").text_content() == "Line 2 writes 4 into r1c3."
    lab.wait_for_function(RUNNING_LINE, arg='    board[0][2] = "4"')
    lab.locator("[data-role=end]").click()
    lab.wait_for_function("document.querySelector('.player').dataset.steps === '3'")
    caption = lab.locator("#player [data-role=caption]").text_content()
    assert caption == "Line 4 sets r1c3 back to blank (it held 4)."
    lab.wait_for_function(RUNNING_LINE, arg='    board[0][2] = "."')


def test_the_editorial_solves_and_plays(lab: Page) -> None:
    """A starting point, picked, solves the puzzle; Play plays its search in the player."""
    lab.locator("#start-from").select_option("the editorial")
    assert editor_text(lab) == EDITORIAL
    before = trace_id(lab)
    status = run(lab)
    assert status.startswith("ok: "), status
    assert status.endswith(". Press Play to watch its 8,365 writes.")
    wait_trace(lab, before)
    lab.locator("[data-role=play]").click()
    lab.wait_for_function("Number(document.querySelector('.player').dataset.steps) >= 3")
    lab.locator("[data-role=play]").click()
    assert lab.locator("#code .cm-running-line").count() == 1


def test_stop_ends_an_infinite_loop_and_a_new_run_works(lab: Page) -> None:
    """``while True: pass`` on one line runs no new line: the tracer's caps never hear of
    it. Stop ends the worker at once, a fresh one boots, and the next Run works."""
    set_code(lab, "def solve(board):\n    while True: pass\n")
    lab.locator("#run").click()
    lab.wait_for_function("document.body.dataset.python === 'running'")
    assert lab.locator("#stop").is_enabled()
    lab.locator("#stop").click()
    lab.wait_for_function("document.body.dataset.stopMs !== undefined")
    assert float(lab.evaluate("document.body.dataset.stopMs")) < 1000  # terminate(): at once
    lab.wait_for_function("document.body.dataset.python === 'ready'", timeout=BOOT_MS)
    assert lab.evaluate("document.body.dataset.restartMs") is not None
    assert (lab.text_content("#lab-status") or "").startswith("Stopped. A fresh Python was ready")
    set_code(lab, EDITORIAL)
    assert run(lab).startswith("ok: ")


def test_an_error_shows_at_its_line(lab: Page) -> None:
    """An exception on line 3: the editor marks line 3 with the message, the traceback
    shows the reader's lines only."""
    set_code(lab, "def solve(board):\n    row = board[0]\n    return row[12]\n")
    assert run(lab).startswith("error on line 3: IndexError: list index out of range")
    marked = lab.evaluate(
        "[...document.querySelectorAll('#code .cm-content .cm-line')]"
        ".findIndex(l => l.querySelector('.cm-lintRange-error')) + 1"
    )
    assert marked == 3
    assert lab.text_content("#lab-error") == (
        "Traceback (your code only):\n  line 3, in solve\n    return row[12]\n"
        "IndexError: list index out of range"
    )
    lab.locator("#code .cm-content").click()
    lab.keyboard.type("x")
    lab.wait_for_function("!document.querySelector('#code .cm-lintRange-error')")


def test_judge_puts_the_code_beside_the_builtins(lab: Page) -> None:
    """Judge on the puzzle and the easy set: one row each, the verdict, the reader's
    figures and the three built-in strategies' beside them; on a phone the table scrolls
    sideways in its box, its caption whole on the screen and each verdict a few words a
    line. (The most constrained cell first: the editorial, watched, takes over 10 seconds
    on some of the easy ones.)"""
    set_code(lab, unmarked(STARTING_POINTS["most constrained cell first"])[0])
    lab.locator("#judge-set").select_option("easy")
    before = lab.evaluate("document.body.dataset.judged || '0'")
    lab.locator("#judge").click()
    lab.wait_for_function(
        "n => (document.body.dataset.judged || '0') !== n", arg=before, timeout=3 * RUN_MS
    )
    rows = lab.locator("#judge-rows tr")
    assert rows.count() == 4
    assert lab.text_content("#lab-status") == "Judged: 4 of 4 passed."
    for i in range(4):
        cells = rows.nth(i).locator("td").all_text_contents()
        assert cells[1].startswith("ok: "), cells
        assert all(" writes" in cell or "more than" in cell for cell in cells[2:]), cells
    assert rows.nth(0).locator("td").all_text_contents()[4].endswith(", 51 writes")  # mrv
    lab.set_viewport_size({"width": 360, "height": 740})  # a phone: the table scrolls sideways
    box = lab.evaluate(JUDGE_BOX)
    assert box["table"] > box["box"] <= 360  # wider than its box, which fits the screen
    assert box["caption"] <= 360  # the caption stays within the screen, whole
    assert box["verdict"] >= 11 * 16  # a verdict keeps room for a few words a line
    assert axe_violations(lab) == []  # the box that scrolls takes the focus (keys scroll it)


def test_hostile_code_cannot_reach_the_sites_storage(
    lab: Page, lab_context: tuple[BrowserContext, list[str]], base_url: str
) -> None:
    """Code that reaches for the site's Cache Storage, IndexedDB, a request with its
    cookies, the page's document and localStorage is refused each time; its requests
    never leave (the sandbox's policy blocks the XHR; its worker's fetch answers only the
    runtime's files), in the run and in the re-run that counts its lines (the heat map);
    the site's cache keeps its entry."""
    _, urls = lab_context
    lab.evaluate(
        "async () => (await caches.open('sudoku-lab canary')).put('canary', new Response('kept'))"
    )
    set_code(lab, HOSTILE.replace("SITE", base_url))
    heat = lab.evaluate("document.body.dataset.heat || '0'")
    assert run(lab).startswith("wrong answer")
    lab.wait_for_function("n => (document.body.dataset.heat || '0') !== n", arg=heat)
    printed = (lab.text_content("#lab-printed") or "").splitlines()
    names = ["caches", "indexedDB", "xhr", "fetch", "parent", "localStorage"]
    assert [line.split(":")[0] for line in printed] == names
    refused = [line for line in printed if ": refused (" in line]
    assert [line.split(":")[0] for line in refused] == [n for n in names if n != "fetch"], printed
    assert printed[3].startswith("fetch: reached ")  # a promise: its request is checked below
    stolen = [u for u in urls if "stolen" in u]
    assert stolen == [f"{base_url}?stolen=xhr failed: csp"] * 2  # blocked, never sent
    kept = "async () => (await (await caches.open('sudoku-lab canary')).match('canary')).text()"
    assert lab.evaluate(kept) == "kept"
    assert lab.evaluate("localStorage.getItem('sudoku-lab lab code')") == HOSTILE.replace(
        "SITE", base_url
    )


def test_a_shared_link_shows_its_code_and_runs_only_on_run(
    lab: Page, lab_context: tuple[BrowserContext, list[str]]
) -> None:
    """Share makes a link carrying the code; opened, it shows that code and runs nothing
    until Run is pressed; the code that was in the editor is kept as the previous code."""
    shared = "def solve(board):\n    board[0][2] = '4'\n"
    set_code(lab, shared)
    lab.locator("#share").click()
    lab.wait_for_function("document.getElementById('share-link').value.includes('#code=')")
    link = lab.locator("#share-link").input_value()
    set_code(lab, "# mine, not shared\n")
    page = lab_context[0].new_page()
    page.goto(link)
    wait_python(page)
    assert editor_text(page) == shared
    assert page.evaluate("document.body.dataset.fromLink") == "true"
    assert page.evaluate("document.body.dataset.run") is None
    assert page.evaluate("document.querySelector('.player').dataset.trace") is None
    assert page.locator("#start-from option[value=previous]").is_enabled()
    assert run(page).startswith("wrong answer")
    page.locator("#start-from").select_option("previous")
    assert editor_text(page) == "# mine, not shared\n"
    page.close()


def test_the_code_outlives_a_reload(
    lab_context: tuple[BrowserContext, list[str]], base_url: str
) -> None:
    """What the reader typed is there after a reload."""
    page = lab_context[0].new_page()
    page.goto(f"{base_url}lab.html")
    wait_python(page)
    set_code(page, "def solve(board):\n    pass\n")
    page.locator("#code .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("# kept")
    page.reload()
    page.wait_for_function("document.body.dataset.editor === 'ready'", timeout=BOOT_MS)
    assert editor_text(page).endswith("# kept")
    page.close()


def test_the_lab_works_offline_after_one_visit(browser: Browser, tmp_path: Path) -> None:
    """The built site: one visit to the lab online keeps Pyodide in the service worker's
    cache; with the network cut, the lab boots, runs and plays."""
    site = tmp_path / "_site"
    sitekit.build(site)
    host = Host(site, sitekit.PREFIX)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{host.url}lab.html")
    wait_python(page)
    sitekit.wait_installed(page)
    files = load_script("vendor").PYODIDE_FILES
    lazy = [f"{host.url}static/vendor/pyodide/{name}" for name in files]
    # Every file of Pyodide's stored, not only the first one. Polled with evaluate, which
    # awaits the promise: wait_for_function takes a returned promise for true at once.
    stored = "async urls => (await Promise.all(urls.map(u => caches.match(u)))).every(Boolean)"
    wait_until(
        page,
        lambda: page.evaluate(stored, lazy),
        "Pyodide in the offline cache",
        BOOT_MS,
    )
    host.stop()
    context.set_offline(True)
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    page.reload()
    wait_python(page)
    before = trace_id(page)
    assert run(page).startswith("ok: ")
    wait_trace(page, before)
    context.close()


def test_keyboard_and_axe(lab: Page) -> None:
    """Tab indents in the editor; Escape, then Tab, leaves it for Run; axe-core finds no
    violation in the lab with a run played and the judge's table shown."""
    set_code(lab, "def solve(board):\n")
    lab.locator("#code .cm-content").click()
    lab.keyboard.press("Control+End")
    lab.keyboard.press("Tab")
    lab.wait_for_function(
        "t => localStorage.getItem('sudoku-lab lab code') === t", arg="def solve(board):\n    "
    )
    lab.keyboard.press("Escape")
    lab.keyboard.press("Tab")
    assert lab.evaluate("document.activeElement.id") == "run"
    assert axe_violations(lab) == []
