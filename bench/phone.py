"""Phone benchmark (issue 23): the app and the widget opened cold from a link, on a phone.

``python bench/phone.py [--runs 3] [--skip-desktop] [--skip-widget] [--before TREE]
[--check-workers] [--json FILE]``

The site is built (``scripts/build_site.py``, as ``make site``) into a temporary folder and
served under /sudoku-lab/ as GitHub Pages serves it (``scripts/serve.py``'s ``pages``: text,
JSON and wasm gzip-compressed; ``Cache-Control: max-age=600``, so the worker reuses what the
page fetched). Every visit is cold: a fresh browser profile, so no HTTP cache and no service
worker from before, in which the visit follows a link from a page of another site, shown
first (``browser.arrive``): a reader's browser is already running, so the browser's own
start is not timed (since 2026-11-29; before, the visit was the new browser's first
navigation: ``embed.elsewhere``). Profiles (``PROFILES``):

- **phone**: a 390x844 touch screen (scale 3, mobile), CDP
  ``Network.emulateNetworkConditions`` 10 Mbit/s down, 5 Mbit/s up, 40 ms round trip, and
  ``Emulation.setCPUThrottlingRate`` 4, set before navigating;
- **desktop**: 1280x900, no throttling.

Measured, in seconds from navigation start, medians of ``--runs`` visits:

- the app, opened on a link whose puzzle has two clashing givens (bench/browser.py's
  ``boot``): **typeable** (first contentful paint: the board's 81 inputs are static HTML),
  **board ready** (mark ``sudoku:board-ready``: MicroPython has put on the board's rules),
  **conflicts shown** (the two clashes marked by then, with the core), **usable** (mark
  ``sudoku:solver-ready``: the worker answered, so Solve, Hint, Check, New puzzle and the
  player work), and the bytes of every response finished by then: **on the wire**
  (Playwright's ``request.sizes()``: encoded body and headers) and **raw** (the sizes of
  the files whose body came over the network); on the phone, then usable on the desktop;
- the widget's own page, ``embed.html?puzzle=...``, on the phone: **playable** (its
  ``body[data-ready]`` turns "true": the player holds the trace; an init script notes
  ``performance.now()`` at that change) and its bytes. Its own page, not a post: CDP
  throttling set on a page does not reach a cross-site iframe's process, and a session
  on that frame stalls it (shared/ARCHITECTURE.md).

**Workers** (checked on Chromium 156 with a test page whose dedicated worker fetches 2 MB
and runs a fixed loop): the page's network conditions do reach its dedicated workers (page
and worker fetching 2 MB at once took 2.9 s each: 4 MB at 10 Mbit/s, against 0.06 s
unthrottled), so this script sets them on the page only. CPU throttling does not: at rate
20 the page's loop ran 17x slower and the worker's about as fast as unthrottled, and a
worker's own session (``Target.setAutoAttach``, then ``Target.sendMessageToTarget``)
refuses ``Emulation.setCPUThrottlingRate`` ("Operation is only supported for pages, not
workers"). So the solver worker runs at this machine's full speed: **usable is a lower
bound** for a real phone, whose worker would also compile the wasm and start its
interpreter about 4x slower. ``--check-workers`` re-runs both checks on the served site
first (``worker_check``), so a newer Chromium that throttles workers shows here.

``--before TREE`` measures another tree too (an older checkout, e.g. ``git archive`` of a
commit with ``static/vendor`` beside it), built by its own build script and served on its
own port; each run visits both, one after the other, so both see the same load.

Other differences from Pages: this server speaks HTTP/1.0 (a connection a request, at most
six at once), Pages HTTP/2. The machine has 2 cores shared with other work: the numbers are
noisy, hence medians. Needs ``make vendor`` and a Chromium (make bench).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Playwright, Request, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

import browser  # noqa: E402 (bench/ is not a package: this file's folder)
import embed  # noqa: E402
import serve  # noqa: E402 (scripts/ is not a package)
import support  # noqa: E402

PREFIX = embed.PREFIX
PROFILES: dict[str, dict[str, Any]] = {
    "phone": {
        "context": {
            "viewport": {"width": 390, "height": 844},
            "device_scale_factor": 3,
            "is_mobile": True,
            "has_touch": True,
        },
        "network": {
            "offline": False,
            "latency": 40,
            "downloadThroughput": 10_000_000 / 8,
            "uploadThroughput": 5_000_000 / 8,
        },
        "cpu_slowdown": 4,
    },
    "desktop": {"context": {"viewport": {"width": 1280, "height": 900}}},
}
"""Each profile: Playwright context options, CDP network conditions (bytes/s, ms) and CPU
slowdown; a profile without them is not throttled."""
TARGETS = {
    ("app", "phone", "usable_s"): 3.0,
    ("app", "phone", "wire_mb"): 1.5,
    ("app", "desktop", "usable_s"): 1.0,
    ("widget", "phone", "playable_s"): 2.0,
}
"""Issue 23's targets: at most this many seconds or MB."""
MB = 1_000_000


def throttle(page: Page, profile: dict[str, Any]) -> None:
    """Put ``profile``'s network conditions and CPU slowdown on ``page`` (CDP), if any."""
    if "network" not in profile:
        return
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", profile["network"])
    session.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu_slowdown"]})


def finished_by(requests: list[Request], until_ms: float) -> list[Request]:
    """The requests whose response ended by ``until_ms`` (ms since the epoch)."""
    return [r for r in requests if r.timing["startTime"] + r.timing["responseEnd"] <= until_ms]


def raw_size(site: Path, url: str) -> int:
    """The size of the site's file that ``url`` names (0 for anything else: a blob)."""
    path = urlsplit(url).path
    if not path.startswith(PREFIX):
        return 0
    file = site / (path.removeprefix(PREFIX) or "index.html")
    if file.is_dir():
        file = file / "index.html"
    return file.stat().st_size if file.is_file() else 0


def traffic(requests: list[Request], site: Path) -> dict[str, Any]:
    """Bytes on the wire (encoded bodies and headers), raw bytes (the files' sizes, of the
    responses whose body came over the network: not of cache hits or 304s) and the count
    of ``requests``."""
    wire = raw = 0
    for request in requests:
        sizes = request.sizes()
        body, headers = sizes["responseBodySize"], sizes["responseHeadersSize"]
        if body >= 0:  # a cache hit has 0 bytes received, so a body of minus its headers
            wire += body + headers
            raw += raw_size(site, request.url) if body else 0
    return {"wire_mb": round(wire / MB, 2), "raw_mb": round(raw / MB, 2), "requests": len(requests)}


def cold_visit(
    playwright: Playwright,
    profile: dict[str, Any],
    site: Path,
    load: Callable[[Page], dict[str, float]],
    came_from: str,
) -> dict[str, Any]:
    """One visit in a fresh profile, from the page at ``came_from`` (``browser.arrive``):
    ``load`` navigates and returns its times (ms from navigation); returned in seconds,
    with the traffic until the last of them."""
    with tempfile.TemporaryDirectory() as folder:
        context: BrowserContext = browser.open_profile(playwright, folder, **profile["context"])
        requests: list[Request] = []
        # Playwright marks its handler, which a builtin like ``requests.append`` refuses
        context.on("requestfinished", lambda request: requests.append(request))  # noqa: PLW0108
        context.add_init_script(script=browser.READY_AT)
        page = context.new_page()
        browser.arrive(page, came_from)
        requests.clear()  # the page elsewhere's
        throttle(page, profile)
        times = load(page)
        origin = page.evaluate("performance.timeOrigin")
        done = finished_by(requests, origin + max(times.values()))
        seen = traffic(done, site)
        context.close()
    return {key: round(ms / 1000, 3) for key, ms in times.items()} | seen


def app_times(url: str) -> Callable[[Page], dict[str, float]]:
    """Open the app at ``url`` on the clashing link: typeable, board, conflicts, usable (ms).
    A mark that is missing (no two conflicts shown) is an error."""

    def load(page: Page) -> dict[str, float]:
        marks = browser.boot(page, url)
        names = {
            "typeable": "paint",
            "board": "board",
            "conflicts": "conflicts",
            "usable": "solver",
        }
        missing = [name for name, key in names.items() if marks.get(key) is None]
        if missing:
            raise RuntimeError(f"the app's visit has no {', '.join(missing)} time: {marks}")
        return {f"{name}_s": marks[key] for name, key in names.items()}

    return load


def widget_times(url: str) -> Callable[[Page], dict[str, float]]:
    """Open the widget's page at ``url``: playable (ms). "failed" is an error."""

    def load(page: Page) -> dict[str, float]:
        page.goto(url)
        page.wait_for_function(
            "document.body && ['true', 'failed'].includes(document.body.dataset.ready)",
            timeout=browser.TIMEOUT_MS,
            polling=100,
        )
        if page.evaluate("document.body.dataset.ready") != "true":
            raise RuntimeError(f"the widget failed: {page.locator('body').inner_text()[:200]}")
        return {"playable_s": page.evaluate("window.__readyAt")}

    return load


def medians(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """Each measure's median over the visits, and every visit's numbers."""
    keys = visits[0].keys()
    return {key: round(statistics.median(v[key] for v in visits), 3) for key in keys} | {
        "visits": visits
    }


def table(sites: dict[str, dict[str, Any]]) -> str:
    """The README's markdown table: each measure, its median on each site, the target."""
    rows = [
        ("app", "phone", "typeable_s", "the app: board typeable"),
        ("app", "phone", "board_s", "the app: board ready (MicroPython page)"),
        ("app", "phone", "conflicts_s", "the app: conflicts shown (MicroPython page + core)"),
        ("app", "phone", "usable_s", "the app: Solve, Hint, Check, New puzzle, player usable"),
        ("app", "phone", "wire_mb", "the app: bytes on the wire before usable"),
        ("app", "desktop", "usable_s", "the app: usable"),
        ("widget", "phone", "playable_s", "the widget's page: playable"),
        ("widget", "phone", "wire_mb", "the widget's page: bytes on the wire before playable"),
    ]
    lines = [
        f"| measure (cold, median) | profile | {' | '.join(sites)} | target |",
        f"|---|---|{'---:|' * len(sites)}---:|",
    ]
    for page, profile, key, label in rows:
        if profile not in sites[next(iter(sites))].get(page, {}):
            continue
        unit = "MB" if key.endswith("_mb") else "s"
        values = []
        for found in (site[page][profile] for site in sites.values()):
            raw = f" ({found['raw_mb']:.2f} MB raw)" if key == "wire_mb" else ""
            values.append(f"{found[key]:.2f} {unit}{raw}")
        target = TARGETS.get((page, profile, key))
        goal = f"{target} {unit}" if target else ""
        lines.append(f"| {label} | {profile} | {' | '.join(values)} | {goal} |")
    return "\n".join(lines)


SPIN = (
    "n => { const t = performance.now(); let x = 0;"
    " for (let i = 0; i < n; i++) x += Math.sqrt(i); return performance.now() - t; }"
)
"""JS: the ms a fixed loop of ``n`` square roots takes, on whichever thread runs it."""
PROBE = f"""() => {{
    const code = `const spin = {SPIN};
        onmessage = async ({{data}}) => {{
            if (data.url) {{
                const t = performance.now();
                await (await fetch(data.url, {{cache: 'no-store'}})).arrayBuffer();
                postMessage(performance.now() - t);
            }} else {{ postMessage(spin(data.loops)); }}
        }};`;
    const worker = new Worker(URL.createObjectURL(new Blob([code])));
    window.spin = {SPIN};
    window.inWorker = data => new Promise(done => {{
        worker.onmessage = event => done(event.data);
        worker.postMessage(data);
    }});
}}"""
"""JS: a dedicated worker that times a loop or a download on demand (``window.inWorker``)."""


def worker_check(playwright: Playwright, url: str, site: Path) -> dict[str, Any]:
    """Does CDP throttling set on a page reach its dedicated worker? The median of 3 loops
    (0.1-0.5 s unthrottled here: longer than the throttler's slices) on the page and in a worker at
    CPU slowdown 1 and 20, and the worker's download of the
    site's largest file with the phone's network conditions off and on (throttled, it takes
    at least its bytes on the wire / 10 Mbit/s). The docstring's Workers finding, re-run."""
    largest = max((p for p in site.rglob("*") if p.is_file()), key=lambda p: p.stat().st_size)
    compresses = largest.suffix in serve.COMPRESSIBLE
    sent = len(serve.compressed(largest)) if compresses else largest.stat().st_size
    file = url + largest.relative_to(site).as_posix()
    phone = PROFILES["phone"]
    with tempfile.TemporaryDirectory() as folder:
        context = browser.open_profile(playwright, folder)
        page = context.new_page()
        page.goto(url + "version.json")
        page.evaluate(PROBE)
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        found: dict[str, Any] = {"file": largest.name, "wire_mb": round(sent / MB, 2)}
        for rate in (1, 20):
            session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            for where, call in (("page", "spin(5e7)"), ("worker", "inWorker({loops: 5e7})")):
                ms = statistics.median(page.evaluate(call) for _ in range(3))
                found[f"{where}_loop_ms_at_cpu_{rate}x"] = round(ms)
        session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        for state, conditions in (("open", None), ("phone", phone["network"])):
            if conditions:
                session.send("Network.emulateNetworkConditions", conditions)
            ms = page.evaluate("url => inWorker({url})", file)
            found[f"worker_download_s_{state}_network"] = round(ms / 1000, 2)
        context.close()
    found["worker_download_s_at_least_if_throttled"] = round(
        sent / phone["network"]["downloadThroughput"], 2
    )
    return found


def main(argv: list[str] | None = None) -> int:
    """Build, serve, visit; print the table (and JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold visits per measure (median)")
    parser.add_argument("--skip-desktop", action="store_true", help="no desktop visits")
    parser.add_argument("--skip-widget", action="store_true", help="no widget visits")
    parser.add_argument(
        "--before", type=Path, help="another tree (an older checkout) to measure alongside"
    )
    parser.add_argument(
        "--check-workers", action="store_true", help="first re-check what throttling reaches"
    )
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    plan = [("app", "phone")]
    plan += [] if args.skip_desktop else [("app", "desktop")]
    plan += [] if args.skip_widget else [("widget", "phone")]
    sources = ({"before": args.before.resolve()} if args.before else {}) | {"now": ROOT}
    results: dict[str, Any] = {"runs": args.runs, "chromium": support.launch_options(whole=True)}
    results["load_average_before"] = os.getloadavg()  # how busy the shared machine was
    sites: dict[str, dict[str, Any]] = {}
    with contextlib.ExitStack() as stack:
        served: dict[str, tuple[str, Path, str]] = {}
        for name, source in sources.items():
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            served[name] = stack.enter_context(embed.served_site(source, folder))
        came_from = stack.enter_context(embed.elsewhere())
        playwright = stack.enter_context(sync_playwright())
        if args.check_workers:
            url, site, _ = served["now"]
            results["worker_check"] = worker_check(playwright, url, site)
            print(f"worker check: {results['worker_check']}", flush=True)
        for name, (_, _, release) in served.items():
            sites[name] = {"source": str(sources[name]), "release": release}
        for page, profile in plan:
            visits: dict[str, list[dict[str, Any]]] = {name: [] for name in served}
            for run in range(args.runs):
                for name, (url, site, _) in served.items():  # interleaved: the same load
                    load = {
                        "app": app_times(url),
                        "widget": widget_times(f"{url}embed.html?puzzle={support.LEETCODE}"),
                    }[page]
                    visit = cold_visit(playwright, PROFILES[profile], site, load, came_from)
                    visits[name].append(visit)
                    print(f"{name}: {page}, {profile}, visit {run + 1}: {visit}")
            for name, seen in visits.items():
                sites[name].setdefault(page, {})[profile] = medians(seen)
    results["load_average_after"] = os.getloadavg()
    results["sites"] = sites
    print(table(sites))
    print(
        f"load average (1, 5, 15 min): before {results['load_average_before']}, after "
        f"{results['load_average_after']}"
    )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
