"""Offline benchmark: reload-to-solver-ready served by a warm service worker vs a cold visit.

``python bench/offline.py [--runs 5]`` (bench/browser.py runs it too, in the same run)

The built site (scripts/build_site.py, as deployed) is served under /sudoku-lab/. Medians
over ``--runs`` of the page's own marks (ms from navigation start):

- cold: a first visit in a fresh browser profile: no service worker, empty HTTP cache;
- warm_sw: a reload of a page its service worker controls: every file from the
  release's cache (the network is not even asked).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from browser import ROOT, SUPPORT, median_of, open_profile, visit
from playwright.sync_api import Playwright, sync_playwright

PREFIX = "/sudoku-lab/"
SW_ACTIVE = """async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    while (worker.state !== 'activated') {
        await new Promise(done => worker.addEventListener('statechange', done, {once: true}));
    }
}"""


def cold_visits(playwright: Playwright, url: str, runs: int) -> list[dict[str, float]]:
    """Boot marks of ``runs`` first visits, each in a fresh profile."""
    marks = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            context = open_profile(playwright, folder)
            marks.append(visit(context, url)[1])
            context.close()
    return marks


def warm_reloads(playwright: Playwright, url: str, runs: int) -> list[dict[str, float]]:
    """Boot marks of ``runs`` reloads served by an installed service worker."""
    marks = []
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder)
        page, _ = visit(context, url)
        page.wait_for_function("document.body.dataset.release")
        page.evaluate(SW_ACTIVE)
        for _ in range(runs):
            page.close()
            page, boot = visit(context, url)
            if not page.evaluate("!!navigator.serviceWorker.controller"):
                raise RuntimeError("the reload was not served by the service worker")
            marks.append(boot)
        context.close()
    return marks


def sw_boot_times(playwright: Playwright, runs: int) -> dict[str, Any]:
    """Build and serve the site; median boot marks, cold first visit vs warm service worker."""
    build_site = SUPPORT.load_file(ROOT / "scripts" / "build_site.py")
    serve = SUPPORT.load_file(ROOT / "scripts" / "serve.py")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "_site"
        release = build_site.build(ROOT, site)
        server = serve.make_server(site, 0, PREFIX, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
        phases = {
            "cold": cold_visits(playwright, url, runs),
            "warm_sw": warm_reloads(playwright, url, runs),
        }
        server.shutdown()
        server.server_close()
    return {
        "release": release,
        **{
            phase: {key: median_of(marks, key) for key in ("paint", "board", "solver")}
            for phase, marks in phases.items()
        },
    }


def main(argv: list[str] | None = None) -> int:
    """Run the offline benchmark alone and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="visits per measure")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright:
        report = {"runs": args.runs, "offline_boot_ms": sw_boot_times(playwright, args.runs)}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
