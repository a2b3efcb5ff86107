"""Hint presses in the app: how long a reader waits for the next hint, in the browser.

``python bench/hint_press.py [--forum 3] [--read 1.0] [--deep auto|0|1]
[--readers both|at-once|cold] [--visits 3] [--arrive paste|link] [--react 0]``

The app is served from this tree and opened in headless Chromium (its MicroPython
worker; and its deep worker, Pyodide, once a puzzle's rating meets a nested chain and
the page has been left alone for a second, so while a reader reads, never while one
presses at once: ``--deep`` is the app's URL flag, ``auto`` none, so the browser's
connection decides, as for a reader: "4g" here; ``0`` MicroPython alone). Each puzzle
(hardest's first two,
top95's first two, and every 97th of the first ``--forum`` * 97 of forum_hardest) is
pasted, then solved by Hint alone as a reader does: look at the puzzle for ``--read``
seconds, press Hint (the step is shown), read for ``--read`` seconds, press again (it is
applied), and so on to the end. Each press that
shows a step is timed from the click to its answer (``body[data-answers]``), wall-clock
in the page.

Twice per puzzle (once with ``--readers at-once``): a reader who reads (while they read,
the page asks the worker ahead for the next board's hint: ``Companion.look_ahead``) and
one who presses again at once (``--read 0``: the worker then works each hint out while
the reader waits, as it did before the look-ahead). Prints a markdown table: presses,
median, p90 and max ms per set and reader. Not in ``make bench``: minutes.

``--readers cold`` times instead a visit's very first press. Each puzzle ``--visits``
times, each visit in a new browser (nothing of the app warm: no cache, no compiled
code): the app's page, the puzzle pasted once it is ready (``--arrive paste``) or in the
address (``--arrive link``: a link's puzzle, shown as the page opens), Hint pressed
``--react`` seconds after the puzzle is loaded (the app ready, for a link). With the
default 0, the moment it is: the worst first press there is, sooner than a person can
make one (it takes a person a quarter of a second or more to see the puzzle and press).
Then the rating has only begun (its solution search, its first slice), the deep worker
has not started (the reader has not paused), the browser is still compiling the
interpreter's busiest code, and the first step's whole search is MicroPython's while the
reader waits (a forum puzzle's: a contradiction chain two or three levels deep). ``--react
0.3``, a person's quickest press, gives the rating that long a start.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

import serve  # noqa: E402 (scripts/ is not a package)
import support  # noqa: E402

TIMEOUT_MS = 120_000
PRESS = """async () => {
    const body = document.body;
    const before = Number(body.dataset.answers || 0);
    const answered = new Promise(resolve => {
        const seen = new MutationObserver(() => {
            if (Number(body.dataset.answers || 0) > before) { seen.disconnect(); resolve(); }
        });
        seen.observe(body, {attributes: true, attributeFilter: ['data-answers']});
    });
    const start = performance.now();
    document.querySelector('#hint').click();
    const late = new Promise(resolve => setTimeout(() => resolve('late'), 60000));
    const status = document.querySelector('#status');
    return {late: (await Promise.race([answered, late])) === 'late',
            ms: performance.now() - start, verdict: status.dataset.verdict,
            text: status.textContent};
}"""
LOAD = """async line => {
    const status = document.querySelector('#status');
    status.dataset.verdict = '';
    const data = new DataTransfer();
    data.setData('text/plain', line);
    document.querySelector('#r1c1').dispatchEvent(new ClipboardEvent('paste',
        {clipboardData: data, bubbles: true, cancelable: true}));
}"""


def answer(page: Page) -> dict[str, Any]:
    """Press Hint; its answer, or an error saying what the page shows after a minute."""
    press: dict[str, Any] = page.evaluate(PRESS)
    if press["late"]:
        raise RuntimeError(f"no answer in a minute: {press['verdict']}: {press['text']}")
    return press


def solve_by_hints(page: Page, puzzle: str, read_s: float) -> list[float]:
    """Paste ``puzzle`` and press Hint to the end, reading ``read_s`` seconds before the
    first press and before each apply; the ms of each press that showed a step (a "hint"
    answer)."""
    page.evaluate(LOAD, puzzle)
    page.wait_for_function(
        "document.querySelector('#status').dataset.verdict === 'loaded'", timeout=TIMEOUT_MS
    )
    time.sleep(read_s)  # the reader looks at the new puzzle (its first hint may be asked)
    shown: list[float] = []
    for _ in range(400):
        press = answer(page)
        if press["verdict"] != "hint":
            return shown  # solved, or no hint (said on the page)
        shown.append(press["ms"])
        time.sleep(read_s)  # the reader reads the hint (the worker may work ahead)
        applied = answer(page)
        if applied["verdict"] not in ("hint-applied", "finished"):
            raise RuntimeError(f"the hint was not applied: {applied}")
        if applied["verdict"] == "finished":
            return shown
    raise RuntimeError("no end after 400 hints")


def first_press(page: Page, url: str, puzzle: str, arrive: str, react_s: float) -> float:
    """A cold visit's first press: open ``url``, with ``puzzle`` in the address (``arrive``
    "link") or pasted once the app is ready ("paste"), press Hint ``react_s`` seconds after
    it is loaded (the app ready, for a link); the ms to the step shown."""
    link = arrive == "link"
    page.goto(url + ("&" if "?" in url else "?") + f"puzzle={puzzle}" if link else url)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
    if not link:
        page.evaluate(LOAD, puzzle)
        page.wait_for_function(
            "document.querySelector('#status').dataset.verdict === 'loaded'",
            timeout=TIMEOUT_MS,
        )
    time.sleep(react_s)  # the reader sees the puzzle, then presses
    press = answer(page)
    if press["verdict"] != "hint":
        raise RuntimeError(f"the first press showed no step: {press}")
    ms: float = press["ms"]
    return ms


def cold_rows(  # noqa: PLR0913 (the run's options, each its own)
    playwright: Playwright,
    url: str,
    sets: dict[str, list[str]],
    visits: int,
    *,
    arrive: str,
    react_s: float,
) -> list[str]:
    """The table's rows for ``--readers cold``: each set's first presses, ``visits`` cold
    visits a puzzle, each in a new browser (``first_press``)."""
    rows = []
    how = "pasted" if arrive == "paste" else "from a link"
    when = "at once" if not react_s else f"after {react_s:g} s"
    for name, puzzles in sets.items():
        times = []
        for _ in range(visits):
            for puzzle in puzzles:
                browser = playwright.chromium.launch(**support.launch_options(whole=True))
                times.append(first_press(browser.new_page(), url, puzzle, arrive, react_s))
                browser.close()
        rows.append(row(name, f"first press, cold, {how}, {when}", times))
        print(rows[-1], file=sys.stderr)
    return rows


def row(name: str, reader: str, times: list[float]) -> str:
    """A markdown row: presses, median, p90 and max ms."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"| {name} | {reader} | {len(times)} | {statistics.median(times):.0f} ms"
        f" | {p90:.0f} ms | {max(times):.0f} ms |"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--forum", type=int, default=3, help="forum puzzles (every 97th)")
    parser.add_argument("--read", type=float, default=1.0, help="seconds a reader reads")
    parser.add_argument("--deep", choices=["auto", "0", "1"], default="auto", help="URL flag")
    parser.add_argument("--readers", choices=["both", "at-once", "cold"], default="both")
    parser.add_argument("--visits", type=int, default=3, help="cold visits a puzzle")
    parser.add_argument("--arrive", choices=["paste", "link"], default="paste", help="cold")
    parser.add_argument("--react", type=float, default=0.0, help="cold: seconds to press")
    args = parser.parse_args(argv)
    readers = [("at once", 0.0)]
    if args.readers == "both":
        readers.insert(0, (f"reads {args.read:g} s", args.read))
    sets = {
        "hardest": support.load_puzzles("hardest", 2),
        "top95": support.load_puzzles("top95", 2),
        "forum_hardest, every 97th": support.load_puzzles(
            "forum_hardest_1905_11plus", args.forum, every=97
        ),
    }
    server = serve.make_server(ROOT, 0, "/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    if args.deep != "auto":
        url += f"?deep={args.deep}"
    lines = ["| set | reader | presses | median | p90 | max |", "|---|---|---:|---:|---:|---:|"]
    with sync_playwright() as playwright:
        if args.readers == "cold":
            lines += cold_rows(
                playwright, url, sets, args.visits, arrive=args.arrive, react_s=args.react
            )
            server.shutdown()
            print("\n".join(lines))
            return 0
        browser = playwright.chromium.launch(**support.launch_options(whole=True))
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        for name, puzzles in sets.items():
            for reader, read_s in readers:
                times = [ms for puzzle in puzzles for ms in solve_by_hints(page, puzzle, read_s)]
                lines.append(row(name, reader, times))
                deep = page.evaluate("document.body.dataset.deep")
                print(lines[-1], f"(deep worker: {deep})", file=sys.stderr)
        browser.close()
    server.shutdown()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
