"""Pyodide for the hardest puzzles' steps (src/web/page/app/deep.py, static/js/deep.js):
started once a puzzle's rating meets a nested chain, only where the connection allows
it; when it cannot start, MicroPython answers as before. (Its hints, the core's, online
and offline: test_offline.py's ``test_the_deep_worker_works_offline_once_it_was_used``.)"""

from __future__ import annotations

from conftest import BOOT_MS, wait_ready
from helpers import SOLVE_MS
from playwright.sync_api import BrowserContext, Page
from test_companion import hint, status

from sudoku.logic import chain_steps, marks_of, next_step, say

NESTED = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
"""hardest.txt's puzzle rated 9.2: its sixth step is a contradiction chain with a split."""
STATE = "document.body.dataset.deep"


def said(puzzle: str, count: int) -> list[str]:
    """What the status says for each of the first ``count`` hints of ``puzzle`` when each
    is applied in turn, from the core in CPython (companion.py's words for a chain)."""
    cells, struck, found = list(puzzle), [""] * 81, []
    for _ in range(count):
        grid = "".join(cells)
        marks = ["".join(d for d in m if d not in struck[i]) for i, m in enumerate(marks_of(grid))]
        step = next_step(grid, marks)
        assert step is not None
        text = say(step)
        chain = chain_steps(step, marks)
        found.append(text.split(" (")[0] + ". Why, step by step:" if chain else text)
        for cell, digit in step.placements:
            cells[cell] = digit
        for cell, digit in step.eliminations:
            struck[cell] += digit
    return found


def hints_shown(page: Page, count: int) -> list[str]:
    """Press Hint ``count`` times, applying each step (a second press) after reading it."""
    shown = []
    for _ in range(count):
        assert hint(page) == "hint"
        shown.append(status(page))
        assert hint(page) == "hint-applied"
    return shown


def opened(context: BrowserContext, base_url: str, query: str) -> Page:
    """The app at ``base_url + query``, its solver ready."""
    page = context.new_page()
    page.goto(base_url + query)
    wait_ready(page)
    return page


def test_a_slow_connection_keeps_micropython_until_it_is_fast(
    context: BrowserContext, base_url: str
) -> None:
    """No URL flag: on a connection the browser calls 3g the 9.2 puzzle's rating meets its
    nested chain and Pyodide is not fetched; once the connection is fast, the next slice
    of the rating starts the deep worker."""
    page = context.new_page()
    network = context.new_cdp_session(page)
    network.send("Network.enable")
    slow = {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1}
    network.send("Network.emulateNetworkConditions", slow)
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    page.goto(f"{base_url}?puzzle={NESTED}")
    wait_ready(page)
    assert page.evaluate("navigator.connection.effectiveType") == "3g"
    page.wait_for_function(
        "Number(document.querySelector('#rating').dataset.hardest) >= 85", timeout=SOLVE_MS
    )
    assert page.evaluate(STATE) == "off"
    assert [u for u in urls if "/pyodide/" in u or "/py-app-worker.pack" in u] == []
    network.send("Network.emulateNetworkConditions", {**slow, "latency": 0})
    page.wait_for_function(f"{STATE} !== 'off'", timeout=SOLVE_MS)


def test_a_deep_worker_that_cannot_start_leaves_the_hints_to_micropython(
    context: BrowserContext, base_url: str
) -> None:
    """Its sources missing (a 404): the flag says failed, no error shows, and Hint answers
    from MicroPython as before."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("**/py-app-worker.pack", lambda route: route.fulfill(status=404))
    page.goto(f"{base_url}?deep=1&puzzle={NESTED}")
    wait_ready(page)
    page.wait_for_function(f"{STATE} === 'failed'", timeout=BOOT_MS)
    assert hints_shown(page, 3) == said(NESTED, 3)
    assert errors == []


BROKEN = """self.postMessage({ready: 1});
self.onmessage = ({data: [id]}) => self.postMessage([id, null, "broken"]);
"""
"""A deep worker that starts, then throws at every call (as a Pyodide out of memory would)."""


def test_a_deep_worker_that_fails_its_calls_gives_them_back_to_micropython(
    context: BrowserContext, base_url: str
) -> None:
    """Its calls throw once it has taken the steps: each goes back to MicroPython, which
    answers the hints and goes on rating the puzzle (no "No rating"); the flag says
    failed, and no error shows."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route(
        "**/static/js/deep.js",
        lambda route: route.fulfill(body=BROKEN, content_type="text/javascript"),
    )
    page.goto(f"{base_url}?deep=1&puzzle={NESTED}")
    wait_ready(page)
    page.wait_for_function(f"{STATE} === 'ready' || {STATE} === 'failed'", timeout=BOOT_MS)
    assert hints_shown(page, 3) == said(NESTED, 3)
    assert page.evaluate(STATE) == "failed"
    assert page.locator("#rating").get_attribute("data-state") in {"rating", "rated"}
    assert errors == []


ACTS = """(() => {
    window.__acts = [];
    window.__states = [];
    for (const kind of ['pointerdown', 'keydown', 'click', 'input', 'paste']) {
        window.addEventListener(kind, () => window.__acts.push(performance.now()), true);
    }
    addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
        window.__states.push([document.body.dataset.deep, performance.now()]);
    }).observe(document.body, {attributes: true, attributeFilter: ['data-deep']}));
})()"""
"""JS (before the page's own): the time of each act of the reader's, and of each state the
deep worker's flag takes."""
ACTING = """addEventListener('DOMContentLoaded', () => {
    window.__acting = setInterval(() => document.body.dispatchEvent(
        new PointerEvent('pointerdown', {bubbles: true})), 100);
})"""
"""JS (before the page's own): a reader at work from the start, an act every 100 ms (a
pointer down on nothing in particular)."""


def test_the_deep_worker_waits_until_the_reader_leaves_the_page_alone(
    context: BrowserContext, base_url: str
) -> None:
    """Pyodide's start takes the cores for seconds: while the reader acts (a pointer down
    every 0.1 s) the deep worker waits, however long; it starts once the reader has done
    nothing for a second (``deep.IDLE_MS``), by the page's own clock."""
    page = context.new_page()
    page.add_init_script(ACTS)
    page.add_init_script(ACTING)
    page.goto(f"{base_url}?deep=1&puzzle={NESTED}")
    wait_ready(page)
    page.wait_for_function(f"{STATE} === 'waiting'", timeout=SOLVE_MS)
    waited = page.evaluate("performance.now()")
    page.wait_for_function(
        f"window.__acts.filter(t => t > {waited}).length >= 30", timeout=SOLVE_MS
    )
    assert page.evaluate(STATE) == "waiting"
    page.evaluate("clearInterval(window.__acting)")
    page.wait_for_function(f"{STATE} === 'ready' || {STATE} === 'failed'", timeout=BOOT_MS)
    assert page.evaluate(STATE) == "ready"
    started = next(t for state, t in page.evaluate("window.__states") if state == "starting")
    last_act = max(t for t in page.evaluate("window.__acts") if t <= started)
    assert last_act > waited
    assert started - last_act >= 1000
    assert float(page.evaluate("document.body.dataset.deepQuiet")) >= 1000


ORDER = """async ([url, calls]) => {
    const worker = new Worker(url, {type: "module"});
    const answered = [];
    const done = new Promise((resolve, reject) => {
        worker.onmessage = ({data}) => {
            if (data.failed) reject(new Error(data.failed));
            if (data.ready) calls.forEach((call) => worker.postMessage(call));
            if (Array.isArray(data)) answered.push(data[0]);
            if (answered.length === calls.length) resolve(answered);
        };
    });
    try { return await done; } finally { worker.terminate(); }
}"""
"""JS: start a deep worker, post ``calls`` at once when it is ready, the ids in the order
their answers came."""


def test_a_press_is_answered_before_the_background_slices_queued_before_it(
    context: BrowserContext, base_url: str
) -> None:
    """The deep worker runs the calls a reader waits for before the look-ahead's and the
    rating's slices that came first (static/js/deep.js), and those in their order."""
    page = context.new_page()
    page.goto(base_url + "version.json")
    calls = [
        [1, "rate_more", [10**6]],
        [2, "hint_ahead", [NESTED, NESTED]],
        [3, "parse", [NESTED]],
        [4, "rate_more", [10**6]],
        [5, "hint", [NESTED, NESTED]],
    ]
    order = page.evaluate(ORDER, [base_url + "static/js/deep.js", calls])
    assert order == [3, 5, 1, 2, 4]
