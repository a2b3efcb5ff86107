"""The code lab in Chromium: its cold start to the first Run's answer, tracing speed, Stop.

``python bench/lab.py [--runs 3]``, or ``python bench/lab.py --site [--runs 3]
[--profile desktop|phone]`` for the start on the built site (``site_main`` below).

Serves the work tree (scripts/serve.py, a free port) and, for each run, opens lab.html in
a fresh browser context (no HTTP cache, no service worker: a first visit) and measures:

- **cold start**: navigation to the lab's Python ready (Pyodide booted in the sandboxed
  frame's worker from the bytes the page fetched), and to the first Run's answer (the
  editorial on LeetCode's example: 8,365 writes) shown in the status line;
- **tracing speed**: the editorial on the anti-backtracking puzzle (the app's "Slow to
  search" sample), which stops at the recording's 200,000 writes: writes (events) per
  second under the tracer in the browser's Pyodide (the run's own clock), and the wall
  time from Run to the player ready to play them;
- **Stop**: ``while True: pass`` on one line (the tracer never hears of it), stopped:
  the worker's terminate, and Stop to a fresh Python ready for the next Run.

Prints a markdown table of medians over the runs. Measured numbers are in the README.

With ``--site``: the site is built twice (``scripts/build_site.py``, served as GitHub Pages
serves it: bench/embed.py's ``served_site``), once as it is and once without the lab's
Pyodide snapshot (its two files removed: the page then starts Python the long way), and
each visit, in a fresh browser profile (on disk, so the HTTP cache keeps the wasm), of
each in turn, measures: **cold** (navigation to Run enabled, ``body[data-python]``
"ready", timed in the page), **Stop to Run again** (``while True: pass`` run and stopped:
``body[data-restart-ms]``), and **second visit** (once the service worker holds Pyodide,
a new navigation to Run enabled). ``--profile phone`` throttles the page as bench/phone.py's
phone profile (its workers are not: a lower bound).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]

from serve import make_server  # noqa: E402 (scripts/ put on the path just above)
from support import launch_options  # noqa: E402

from sudoku.plain import STARTING_POINTS, unmarked  # noqa: E402

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SLOW = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]
LOOP = "def solve(board):\n    while True: pass\n"
WAIT_MS = 300_000


def set_code(page: Page, code: str) -> None:
    """Put ``code`` in the editor as a paste does."""
    page.locator("#code .cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)


def run(page: Page) -> dict[str, float]:
    """Press Run; the run's writes, its seconds under the tracer, and the wall seconds
    from the press to the player ready to play it."""
    before = page.evaluate("document.body.dataset.run || '0'")
    trace = page.evaluate("document.querySelector('.player').dataset.trace || ''")
    started = time.perf_counter()
    page.locator("#run").click()
    page.wait_for_function(
        "n => (document.body.dataset.run || '0') !== n", arg=before, timeout=WAIT_MS
    )
    page.wait_for_function(
        "n => { const p = document.querySelector('.player');"
        " return p.dataset.trace !== n && p.dataset.state === 'ready'; }",
        arg=trace,
        timeout=WAIT_MS,
    )
    wall = time.perf_counter() - started
    steps, seconds = page.evaluate(
        "[Number(document.body.dataset.runSteps), Number(document.body.dataset.runSeconds)]"
    )
    return {"steps": steps, "seconds": seconds, "wall": wall}


def one_visit(page: Page, url: str) -> dict[str, float]:
    """One cold visit: every measure of the module docstring."""
    started = time.perf_counter()
    page.goto(f"{url}lab.html?puzzle={LEETCODE}")
    page.wait_for_function(
        "document.body.dataset.python === 'ready' && document.body.dataset.editor === 'ready'",
        timeout=WAIT_MS,
    )
    ready = time.perf_counter() - started
    page.locator("#start-from").select_option("the editorial")
    first = run(page)
    first_answer = time.perf_counter() - started
    page.locator("#puzzle").evaluate(
        "(select, grid) => { select.add(new Option('slow', grid)); select.value = grid; }",
        SLOW,
    )
    slow = run(page)
    set_code(page, LOOP)
    page.locator("#run").click()
    page.wait_for_function("document.body.dataset.python === 'running'")
    page.locator("#stop").click()
    page.wait_for_function("document.body.dataset.restartMs !== undefined", timeout=WAIT_MS)
    return {
        "ready": ready,
        "first": first_answer,
        "first_steps": first["steps"],
        "events_per_s": slow["steps"] / slow["seconds"],
        "slow_steps": slow["steps"],
        "slow_wall": slow["wall"],
        "stop_ms": float(page.evaluate("document.body.dataset.stopMs")),
        "restart_ms": float(page.evaluate("document.body.dataset.restartMs")),
    }


READY_AT = """(() => {
    const seen = new MutationObserver(() => {
        if (document.body && document.body.dataset.python === 'ready' && !window.__labReadyAt) {
            window.__labReadyAt = performance.now();
            seen.disconnect();
        }
    });
    seen.observe(document, {attributes: true, attributeFilter: ['data-python'], subtree: true});
})()"""
"""Init script: ``window.__labReadyAt`` = ms from navigation to the lab's Run enabled."""

STORED = "async urls => (await Promise.all(urls.map(u => caches.match(u)))).every(Boolean)"
"""Whether the service worker's caches hold each of ``urls``."""


def ready_at(page: Page, url: str) -> float:
    """Navigate to ``url``; seconds from navigation to the lab's Python ready."""
    page.goto(url)
    page.wait_for_function("window.__labReadyAt !== undefined", timeout=WAIT_MS)
    return float(page.evaluate("window.__labReadyAt")) / 1000


def site_visit(playwright: Any, url: str, profile: dict[str, Any]) -> dict[str, float]:
    """One visit to the built site's lab in a fresh profile: cold, Stop to Run again, and
    a second visit once the service worker keeps Pyodide (seconds)."""
    import browser  # noqa: PLC0415 (bench/'s helpers, found on the path main sets)
    import phone  # noqa: PLC0415

    lab = f"{url}lab.html"
    with tempfile.TemporaryDirectory() as folder:
        context = browser.open_profile(playwright, folder, **profile["context"])
        context.add_init_script(script=READY_AT)
        page = context.new_page()
        phone.throttle(page, profile)
        cold = ready_at(page, lab)
        set_code(page, LOOP)
        page.locator("#run").click()
        page.wait_for_function("document.body.dataset.python === 'running'")
        page.locator("#stop").click()
        page.wait_for_function("document.body.dataset.restartMs !== undefined", timeout=WAIT_MS)
        restart = float(page.evaluate("document.body.dataset.restartMs")) / 1000
        files = [f"{url}static/vendor/pyodide/{name}" for name in PYODIDE]
        deadline = time.monotonic() + WAIT_MS / 1000
        while not page.evaluate(STORED, files) and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        second = ready_at(page, lab)
        context.close()
    return {"cold": cold, "restart": restart, "second": second}


PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""Pyodide's files the service worker keeps once the lab has run (the second visit's)."""


def site_main(runs: int, profile_name: str) -> int:
    """Build the site with and without the lab's snapshot, visit each ``runs`` times in
    turn, print the medians as a markdown table."""
    sys.path.insert(0, str(ROOT / "bench"))
    import embed  # noqa: PLC0415
    import phone  # noqa: PLC0415

    profile = phone.PROFILES[profile_name]
    visits: dict[str, list[dict[str, float]]] = {"snapshot": [], "no snapshot": []}
    with contextlib.ExitStack() as stack:
        served = {}
        for name in visits:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            url, site, _ = stack.enter_context(embed.served_site(ROOT, folder))
            if name == "no snapshot":
                for made in (site / "static" / "vendor" / "pyodide").glob("lab-snapshot.*"):
                    made.unlink()
            served[name] = url
        playwright = stack.enter_context(sync_playwright())
        for run_number in range(runs):
            for name, url in served.items():
                visit = site_visit(playwright, url, profile)
                visits[name].append(visit)
                print(f"{name}, visit {run_number + 1}: {visit}", flush=True)
    print(
        f"| lab on the built site, {profile_name} (median of {runs}) | cold | second visit "
        "| Stop to Run again |"
    )
    print("|---|---:|---:|---:|")
    for name, seen in visits.items():
        median = {key: statistics.median(v[key] for v in seen) for key in seen[0]}
        print(
            f"| {name} | {median['cold']:.2f} s | {median['second']:.2f} s "
            f"| {median['restart']:.2f} s |"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Measure ``--runs`` cold visits; print the medians as a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", action="store_true", help="the start on the built site")
    parser.add_argument("--profile", choices=("desktop", "phone"), default="desktop")
    args = parser.parse_args(argv)
    if args.site:
        return site_main(args.runs, args.profile)
    server = make_server(ROOT, 0, "/", quiet=True)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    results = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(**launch_options(whole=True))
        for _ in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            results.append(one_visit(context.new_page(), url))
            context.close()
        browser.close()
    server.shutdown()
    median = {key: statistics.median(r[key] for r in results) for key in results[0]}
    print(f"| measure (median of {args.runs} cold visits) | value |")
    print("|---|---:|")
    print(f"| navigation to the lab's Python ready | {median['ready']:.2f} s |")
    print(
        f"| navigation to the first Run's answer ({median['first_steps']:,.0f} writes) "
        f"| {median['first']:.2f} s |"
    )
    print(
        f"| tracing speed in the browser ({median['slow_steps']:,.0f} writes, the editorial) "
        f"| {median['events_per_s']:,.0f} events/s |"
    )
    print(f"| Run to the player ready, those writes | {median['slow_wall']:.2f} s |")
    print(f"| Stop: the worker terminated | {median['stop_ms']:.1f} ms |")
    print(f"| Stop to a fresh Python ready | {median['restart_ms'] / 1000:.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
