"""What a widget playing the post's own code costs (issue 24): a recording in ``#trace=``.

``python bench/recorded.py [--runs 3] [--json FILE]``

Two recordings of the code lab's "sets per unit" starting point (a ``class Solution``
with a set per row, column and box over a list of the blanks: the naive order), made as
``sudoku watch --record=fragment`` makes them: on LeetCode's example (8,365 writes) and on
top95 #12 (112,002 writes, near the recording's cap of 200,000).

- **Cold visits on the phone** (bench/phone.py's profile and site: built, served as
  GitHub Pages serves it, a fresh profile each visit, the link followed from a page of
  another site: ``browser.arrive``): the widget's page with no
  recording, and with each recording in its fragment; **playable** (``body[data-ready]``
  "true": the player holds the first page of the recording), the bytes on the wire and
  raw before then, and the fragment's length; and, in a separate visit (not throttled),
  the **memory** the one widget adds to an idle browser once playable (the summed PSS of
  Chromium's processes, as bench/embed.py measures it). CPU throttling does not reach the worker
  (bench/phone.py, "Workers"), where the recording is checked and paged: so next,
- **the worker's work in MicroPython** (the vendored one, in Node, this machine's full
  speed; a phone is about 4x slower): ``worker.trace_record`` (read and check every
  write) and ``trace_pull`` of every page, in ms, and the events per second.

Needs ``make vendor`` and a Chromium (make bench).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

import embed  # noqa: E402 (bench/ is not a package: this file's folder)
import phone  # noqa: E402
import support  # noqa: E402

from sudoku.cli.watch import fragment  # noqa: E402
from sudoku.plain import STARTING_POINTS, unmarked  # noqa: E402
from sudoku.recording import record  # noqa: E402
from sudoku.watching import Event, Limits, watch  # noqa: E402

CODE = unmarked(STARTING_POINTS["sets per unit"])[0]
PUZZLES = {"leetcode": support.LEETCODE, "top95 #12": support.load_puzzles("top95", 13)[12]}
"""The puzzles recorded: 8,365 and 112,002 writes by CODE."""

TIMING = """import json, sys, time
sys.path.insert(0, "/probe")
import worker
for path in sys.argv[1:]:
    if not path.endswith(".json"):
        continue
    text = open(path).read()
    start = time.ticks_ms()
    answer = worker.trace_record(text)
    opened = time.ticks_diff(time.ticks_ms(), start)
    key = json.loads(answer)["session"]
    start = time.ticks_ms()
    while '"done":true' not in worker.trace_pull(key, 4).split("\\n")[0]:
        pass
    pulled = time.ticks_diff(time.ticks_ms(), start)
    print(path, opened, pulled)
"""
"""Run under MicroPython with worker.py, wire.py and recorded.py beside it: per recording
file, the ms of ``trace_record`` and of pulling every page."""


def recordings() -> dict[str, str]:
    """Each puzzle's recording of CODE (its JSON text)."""
    found = {}
    for name, grid in PUZZLES.items():
        events: list[Event] = []
        run = watch(CODE, grid, Limits(200_000, 10**9, 600.0), events.append)
        found[name] = record(CODE, grid, events, run)
    return found


def in_micropython(texts: dict[str, str]) -> dict[str, dict[str, float]]:
    """The worker's ms to open and to page each recording, under the vendored MicroPython."""
    web = ROOT / "src" / "web"
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for number, (name, text) in enumerate(texts.items()):
            paths[name] = Path(folder) / f"recording{number}.json"
            paths[name].write_text(text, encoding="utf-8")
        script = Path(folder) / "timing.py"
        script.write_text(TIMING, encoding="utf-8")
        mjs = ROOT / "tests" / "unit" / "mpy_probe.mjs"
        micropython = ROOT / "static" / "vendor" / "micropython" / "micropython.mjs"
        files = [
            web / "worker" / "worker.py",
            web / "wire.py",
            web / "contract.py",
            web / "recorded.py",
        ]
        command = ["node", mjs, micropython, ROOT / "src" / "sudoku", script]
        done = subprocess.run(
            [str(part) for part in [*command, *files, *paths.values()]],
            capture_output=True,
            check=False,
            text=True,
        )
        if done.returncode:
            raise RuntimeError("the MicroPython timing failed:\n" + done.stderr[-2000:])
    found = {}
    by_path = {f"/probe/{path.name}": name for name, path in paths.items()}
    for line in done.stdout.split("\n"):
        if line.strip():
            path, opened, pulled = line.split()
            steps = json.loads(texts[by_path[path]])["events"].count(" ") + 1
            found[by_path[path]] = {
                "steps": steps,
                "trace_record_ms": int(opened),
                "all_pages_ms": int(pulled),
                "events_per_s": round(steps / ((int(opened) + int(pulled)) / 1000)),
            }
    return found


def memory_mb(playwright: Any, url: str) -> float:
    """The browser memory (MB, the summed PSS of Chromium's processes, as ``embed.py``
    measures it) one widget at ``url`` adds over an idle browser once it is playable."""
    with tempfile.TemporaryDirectory() as folder:
        context = embed.open_profile(playwright, folder, 900)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto("about:blank")
        page.wait_for_timeout(1500)  # the idle browser settles
        idle = embed.browser_pss_kb(folder)
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=120_000)
        busy = embed.browser_pss_kb(folder)
        context.close()
    return round((busy - idle) / 1024, 1)


def main(argv: list[str] | None = None) -> int:
    """Record, build, serve, visit; print the numbers (and JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold visits per widget (median)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    texts = recordings()
    results: dict[str, Any] = {"micropython": in_micropython(texts), "phone": {}}
    print(f"worker, MicroPython in Node: {results['micropython']}", flush=True)
    queries = {"none": ""} | {name: "#" + fragment(text) for name, text in texts.items()}
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        url, site, _ = stack.enter_context(embed.served_site(ROOT, folder))
        came_from = stack.enter_context(embed.elsewhere())
        playwright = stack.enter_context(sync_playwright())
        for name, tail in queries.items():
            load = phone.widget_times(f"{url}embed.html{tail}")
            visits = [
                phone.cold_visit(playwright, phone.PROFILES["phone"], site, load, came_from)
                for _ in range(args.runs)
            ]
            seen = phone.medians(visits)
            seen["memory_mb"] = memory_mb(playwright, f"{url}embed.html{tail}")
            seen["json_chars"] = len(texts.get(name, ""))
            seen["fragment_chars"] = len(tail)
            results["phone"][name] = seen
            print(
                f"phone, recording {name}: "
                + json.dumps({k: v for k, v in seen.items() if k != "visits"}),
                flush=True,
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
