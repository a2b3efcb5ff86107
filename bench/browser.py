"""Browser benchmark: boot times and solve latency in headless Chromium, against CPython.

``python bench/browser.py [--runs 5] [--set top95] [--limit N] [--json FILE]``

Measures, with medians over ``--runs`` visits:

- navigation to first paint (the board's 81 inputs are static HTML: typeable then),
- navigation to board-ready (the MicroPython main thread has put on the board's rules),
- navigation to conflicts shown: each visit opens a link whose puzzle has two clashing
  givens, which the page marks with the core as it puts the board on (before
  board-ready; typing is checked the same way from then on),
- navigation to solver-ready (the Pyodide worker answered), with a cold disk cache (a
  new browser profile each visit) and warm (the same profile visited again);

then, on one warm page, each puzzle of the set is pasted and solved through the UI:
the worker's own search time (``ms`` of its answer) and the click-to-verdict latency the
user sees. The same puzzles go through ``sudoku.analyze`` in this CPython, in the same
run, for the browser/CPython ratio. Last, the step-through player (the widget) plays a naive
search at full speed: the events per second the board receives from the worker, and
the main thread's longest task meanwhile (target: none over 50 ms). Needs ``make vendor``
and a Chromium (make bench).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

import sudoku

ROOT = Path(__file__).resolve().parents[1]

TIMEOUT_MS = 180_000
BOOT_MARKS = """() => {
    const mark = name => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const clashes = document.querySelectorAll('#board .conflict').length;
    return {paint: paint ? paint.startTime : null, board: mark('sudoku:board-ready'),
            conflicts: clashes === 2 ? mark('sudoku:board-ready') : null,
            solver: mark('sudoku:solver-ready')};
}"""
SOLVE_ONE = """async line => {
    const status = document.querySelector('#status');
    const settled = verdicts => new Promise(resolve => {
        const seen = new MutationObserver(() => {
            if (verdicts.includes(status.dataset.verdict)) { seen.disconnect(); resolve(); }
        });
        seen.observe(status, {attributes: true, attributeFilter: ['data-verdict']});
    });
    status.dataset.verdict = '';
    const loaded = settled(['loaded', 'unread']);
    const data = new DataTransfer();
    data.setData('text/plain', line);
    document.querySelector('#r1c1').dispatchEvent(new ClipboardEvent('paste',
        {clipboardData: data, bubbles: true, cancelable: true}));
    await loaded;
    const solved = settled(['unique', 'multiple', 'none', 'conflict', 'error']);
    const start = performance.now();
    document.querySelector('#solve').click();
    await solved;
    return {verdict: status.dataset.verdict, worker_ms: Number(status.dataset.ms),
            latency_ms: performance.now() - start};
}"""


sys.path.insert(0, str(ROOT / "tests"))
import support as SUPPORT  # noqa: E402, N812 (tests/ is not a package)

"""The tests' puzzle sets and Chromium choice: the benchmark runs what the tests run."""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile ``q`` (0-100) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def summary(values: list[float]) -> dict[str, float]:
    """Mean, median, p99 and max, rounded for the report."""
    return {
        "mean": round(statistics.fmean(values), 3),
        "median": round(statistics.median(values), 3),
        "p99": round(percentile(values, 99), 3),
        "max": round(max(values), 3),
    }


CLASH = "55" + "." * 79
"""A link's puzzle with two clashing givens (r1c1, r1c2): the boot marks them."""


def visit(context: BrowserContext, url: str) -> tuple[Page, dict[str, float]]:
    """Open the app on a clashing link and wait for the solver; return the page and its
    boot marks (ms)."""
    page = context.new_page()
    return page, boot(page, url)


def boot(page: Page, url: str) -> dict[str, float]:
    """Navigate ``page`` to the app on a clashing link, wait for the solver; its boot marks
    (ms). A page that says Python failed is an error."""
    page.goto(f"{url}?puzzle={CLASH}")
    page.wait_for_function(
        "document.body.dataset.ready !== 'false'", timeout=TIMEOUT_MS, polling=100
    )
    if page.evaluate("document.body.dataset.ready") != "true":
        raise RuntimeError(page.locator("#status").text_content())
    marks: dict[str, float] = page.evaluate(BOOT_MARKS)
    return marks


CHROMIUM_ARGS = [
    f"{arg}, EXCLUDE localhost" if "host-resolver" in arg else arg for arg in SUPPORT.CHROMIUM_ARGS
]
"""The tests' Chromium flags, with ``localhost`` resolved too: the benchmarks' other site
(a blog, the page a reader comes from) beside the app's 127.0.0.1."""


def open_profile(playwright: Playwright, folder: str, **options: Any) -> BrowserContext:
    """A Chromium with its own on-disk profile (the disk cache keeps the 9.6 MB wasm);
    ``options`` go to Playwright's context (viewport, is_mobile, has_touch...)."""
    return playwright.chromium.launch_persistent_context(
        folder,
        **SUPPORT.launch_options(whole=True),
        args=CHROMIUM_ARGS,
        headless=True,
        **options,
    )


READY_AT = """(() => {
    const seen = new MutationObserver(() => {
        if (document.body && document.body.dataset.ready === 'true' && !window.__readyAt) {
            window.__readyAt = performance.now();
            seen.disconnect();
        }
    });
    seen.observe(document, {attributes: true, attributeFilter: ['data-ready'], subtree: true});
})()"""
"""Init script: ``window.__readyAt`` = ms from navigation until ``body[data-ready]`` is "true"."""


SETTLE_MS = 1000
"""How long the page elsewhere is shown before the link is followed: the browser settles."""


def arrive(page: Page, url: str) -> None:
    """Show the page elsewhere at ``url`` (``embed.elsewhere``) and let the browser settle:
    the next navigation is a reader's following a link from it."""
    page.goto(url)
    page.wait_for_timeout(SETTLE_MS)


def boot_times(playwright: Playwright, url: str, runs: int) -> dict[str, list[dict[str, float]]]:
    """Boot marks of ``runs`` cold visits (fresh profile each) and ``runs`` warm ones."""
    cold, warm = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            context = open_profile(playwright, folder)
            page, marks = visit(context, url)
            cold.append(marks)
            page.close()
            context.close()
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder)
        visit(context, url)[0].close()  # fill the cache
        for _ in range(runs):
            page, marks = visit(context, url)
            warm.append(marks)
            page.close()
        context.close()
    return {"cold": cold, "warm": warm}


def browser_solves(playwright: Playwright, url: str, puzzles: list[str]) -> list[dict[str, Any]]:
    """Solve each puzzle through the page's UI; the worker's time and the user's latency."""
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder)
        page, _ = visit(context, url)
        page.evaluate(SOLVE_ONE, puzzles[0])  # first call warms the worker's code paths
        results = [page.evaluate(SOLVE_ONE, line) for line in puzzles]
        context.close()
    return results


PLAYER_PUZZLE = SUPPORT.HARD
"""A 17-clue puzzle built against the naive order: millions of steps, never done here."""
LONG_TASKS = """(() => {
    window.__longTasks = [];
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) {
            window.__longTasks.push([entry.startTime, entry.duration]);
        }
    }).observe({type: 'longtask', buffered: true});
})()"""


def play_at_full_speed(
    playwright: Playwright, url: str, seconds: float, settings: str = ""
) -> dict[str, Any]:
    """Play the naive search of ``PLAYER_PUZZLE`` in the widget as fast as possible
    (``settings``: more of the widget's URL parameters, e.g. ``&candidates=on``).

    Returns the steps the board showed, the seconds played, the animation frames drawn,
    and the durations (ms) of the main thread's long tasks (over 50 ms, as Chromium
    reports them) while playing.
    """
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder)
        context.add_init_script(script=LONG_TASKS)
        page = context.new_page()
        page.goto(f"{url}embed.html?puzzle={PLAYER_PUZZLE}&strategy=naive&speed=max{settings}")
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        start = page.evaluate(
            "() => { document.querySelector('#player [data-role=play]').click();"
            " window.__frames = 0; const count = () => { window.__frames += 1;"
            " requestAnimationFrame(count); }; requestAnimationFrame(count);"
            " return performance.now(); }"
        )
        page.wait_for_timeout(seconds * 1000)
        end, steps, frames = page.evaluate(
            "() => [performance.now(), +document.querySelector('#player').dataset.steps,"
            " window.__frames]"
        )
        page.locator("#player [data-role=play]").click()
        tasks = page.evaluate(
            "t0 => window.__longTasks.filter(([at]) => at >= t0).map(([, ms]) => ms)", start
        )
        context.close()
    return {
        "steps": steps,
        "seconds": (end - start) / 1000,
        "frames": frames,
        "long_tasks_ms": tasks,
    }


def player_events_per_second(played: dict[str, Any]) -> float:
    """Events the worker delivered and the board played, per second, at full speed."""
    return round(played["steps"] / played["seconds"])


def player_longest_task_ms(played: dict[str, Any]) -> float:
    """The main thread's longest task while playing (0: none reached Chromium's 50 ms)."""
    return round(max(played["long_tasks_ms"], default=0.0), 1)


def cpython_solves(puzzles: list[str]) -> list[float]:
    """``sudoku.analyze(grid, limit=2)`` per puzzle in this CPython, in ms (as the worker).

    The first puzzle is solved once before timing, as in the browser.
    """
    sudoku.analyze(sudoku.parse(puzzles[0]), limit=2)
    times = []
    for line in puzzles:
        grid = sudoku.parse(line)
        start = time.perf_counter()
        sudoku.analyze(grid, limit=2)
        times.append((time.perf_counter() - start) * 1000)
    return times


def median_of(marks: list[dict[str, float]], key: str) -> float | None:
    """Median of one boot mark over visits (None if a mark was missing)."""
    values = [m[key] for m in marks if m.get(key) is not None]
    return round(statistics.median(values), 1) if values else None


MAKE = """level => {
    const before = document.body.dataset.seed;
    document.querySelector('#level').value = level;
    document.querySelector('#new-puzzle').click();
    return before || '';
}"""


def puzzles_made(playwright: Playwright, url: str, runs: int) -> dict[str, dict[str, float]]:
    """New puzzle in the app, ``runs`` times a level: the ms the worker (Pyodide) took to
    make each (its own clock, ``generate``'s ``ms``), median and max per level."""
    made: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        for level in ("easy", "medium", "hard", "expert"):
            for _ in range(runs):
                before = page.evaluate(MAKE, level)
                page.wait_for_function(
                    "s => document.body.dataset.seed !== s"
                    " && document.body.dataset.making === 'false'",
                    arg=before,
                    timeout=TIMEOUT_MS,
                )
                made.setdefault(level, []).append(
                    float(page.evaluate("document.body.dataset.makeMs"))
                )
        context.close()
    return {
        level: {"median_ms": round(statistics.median(ms)), "max_ms": round(max(ms))}
        for level, ms in made.items()
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print a report and write it as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="visits per boot measure")
    parser.add_argument("--set", default="top95", help="puzzle set in shared/puzzles")
    parser.add_argument("--limit", type=int, default=None, help="first N puzzles only")
    parser.add_argument("--root", type=Path, default=ROOT, help="site to serve (a built one)")
    parser.add_argument("--play-seconds", type=float, default=10, help="player run length")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "browser.json")
    args = parser.parse_args(argv)

    puzzles = SUPPORT.load_puzzles(args.set, args.limit)
    server = SUPPORT.load_file(ROOT / "scripts" / "serve.py").make_server(
        args.root, 0, "/", quiet=True
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    import offline  # noqa: PLC0415 (bench/offline.py imports this module's helpers)

    with sync_playwright() as playwright:
        boots = boot_times(playwright, url, args.runs)
        browser = browser_solves(playwright, url, puzzles)
        offline_boots = offline.sw_boot_times(playwright, args.runs)
        played = play_at_full_speed(playwright, url, args.play_seconds)
        made = puzzles_made(playwright, url, args.runs)
    cpython = cpython_solves(puzzles)
    server.shutdown()

    worker_ms = [r["worker_ms"] for r in browser]
    ratio = statistics.fmean(worker_ms) / statistics.fmean(cpython)
    report = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "runs": args.runs,
        "boot_ms": {
            phase: {key: median_of(marks, key) for key in ("paint", "board", "conflicts", "solver")}
            for phase, marks in boots.items()
        },
        "offline_boot_ms": offline_boots,
        "set": args.set,
        "puzzles": len(puzzles),
        "verdicts": sorted({r["verdict"] for r in browser}),
        "browser_worker_ms": summary(worker_ms),
        "browser_click_to_verdict_ms": summary([r["latency_ms"] for r in browser]),
        "cpython_ms": summary(cpython),
        "ratio_browser_to_cpython": round(ratio, 2),
        "player_events_per_s": player_events_per_second(played),
        "player_longest_task_ms": player_longest_task_ms(played),
        "player_long_tasks": len(played["long_tasks_ms"]),
        "new_puzzle_worker_ms": made,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
