"""Widget benchmark: blog posts with 1, 5 and 10 widgets on another site, cold cache.

``python bench/embed.py [--runs 3] [--json FILE]``

The site is built (``scripts/build_site.py``) and served as GitHub Pages serves it
(``served_site``: gzip, ``max-age=600``; since 2026-11-29, before: the work tree,
uncompressed, ``no-cache``, so each of a post's frames asked again for every file). A host
page (a blog post, served as ``localhost``: another site than the widget's 127.0.0.1)
holds N ``<sudoku-lab>`` tags. For each N, with a fresh browser profile each
run (cold cache), in a viewport tall enough that every widget is in view, the post opened
from another page of the blog (``browser.arrive``: the browser already running):

- **playable**: seconds from the post's navigation until the last widget's player holds
  its trace (each frame notes when its ``body[data-ready]`` turns "true":
  ``browser.READY_AT``; since 2026-11-29, before: when a loop asking every frame every
  20 ms saw them all, in a new browser's first navigation);
- **sent**: bytes the widget's site sent (counted by the server: response bodies, gzip
  where Pages compresses), and
  whether any Pyodide file was among them;
- **memory**: the PSS of all of Chromium's processes once every widget is playable,
  minus the same browser idle on ``about:blank`` (Linux ``/proc/*/smaps_rollup``).

Then: a post of 10 tags in an ordinary viewport that the reader never scrolls (what
it costs: the site's bytes, and how many widgets started Python), and the widget alone
playing a naive search at full speed (events per second the board shows, and the main
thread's longest task). Targets (issue 10): one widget at most 1.5 MB and playable in
1.0 s; five within 3.0 s and 200 MB; at least 30,000 events/s and no task over 50 ms.
Needs ``make vendor`` and a Chromium (make bench).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

import browser  # noqa: E402 (bench/ is not a package: this file's folder)
import serve  # noqa: E402 (scripts/ is not a package)
import support  # noqa: E402

TIMEOUT_MS = 120_000
POLL_MS = 250
"""How often the widgets are asked whether they are ready: each question is a task on the
renderer's main thread that the widgets share, so not often (the times are their own)."""
PREFIX = "/sudoku-lab/"
PUZZLES = (support.LEETCODE, support.EASY)
STRATEGIES = ("naive", "mrv", "propagate")
POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post with {count} widgets</title>
<style>body {{ max-width: 44rem; margin: 0 auto; font: 16px/1.5 sans-serif }}</style></head>
<body><h1>Backtracking, {count} ways</h1>
<script src="{site}static/js/embed.js"></script>
{tags}
</body></html>
"""
TAG = (
    '<p>Paragraph {n} of the post.</p>\n<sudoku-lab puzzle="{puzzle}" strategy="{strategy}">'
    "<pre>a plain-text board</pre></sudoku-lab>"
)


class Counter:
    """Bytes of response bodies a server sent, by path."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int]] = []
        self.lock = threading.Lock()

    def total(self) -> int:
        """All bytes sent so far."""
        with self.lock:
            return sum(size for _, size in self.sent)

    def paths(self) -> list[str]:
        """Every path requested so far."""
        with self.lock:
            return [path for path, _ in self.sent]

    def reset(self) -> None:
        """Forget what was sent."""
        with self.lock:
            self.sent.clear()


@contextmanager
def serving(
    root: Path, prefix: str, counter: Counter | None = None, *, pages: bool = False
) -> Iterator[int]:
    """scripts/serve.py's server on a free port (counting what it sends; ``pages``:
    compressed and cached as GitHub Pages does), until done."""
    server = serve.make_server(root, 0, prefix, quiet=True, pages=pages)
    if counter is not None:
        made = server.RequestHandlerClass
        assert isinstance(made, functools.partial)

        class Counting(made.func):  # type: ignore[misc,name-defined]
            def copyfile(self, source: Any, outputfile: Any) -> None:
                start = source.tell()
                super().copyfile(source, outputfile)
                with counter.lock:
                    counter.sent.append((self.path, source.tell() - start))

        server.RequestHandlerClass = functools.partial(Counting, **made.keywords)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def open_profile(playwright: Playwright, folder: str, height: int) -> BrowserContext:
    """A Chromium with its own on-disk profile, ``height`` px tall (``browser.open_profile``:
    it resolves localhost, the blog)."""
    return browser.open_profile(playwright, folder, viewport={"width": 1000, "height": height})


def browser_pss_kb(folder: str) -> int:
    """The summed PSS (kB) of the Chromium whose profile is ``folder`` and its children."""
    parents: dict[int, int] = {}
    root = None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        if f"--user-data-dir={folder}".encode() in cmdline and root is None:
            root = int(entry.name)
    if root is None:
        raise RuntimeError("Chromium's browser process not found")
    family, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    total = 0
    for pid in family:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def write_post(folder: Path, count: int, site: str) -> None:
    """The blog post with ``count`` widgets, alternating puzzles and strategies."""
    tags = "\n".join(
        TAG.format(n=n, puzzle=PUZZLES[n % 2], strategy=STRATEGIES[n % 3]) for n in range(count)
    )
    (folder / f"post{count}.html").write_text(
        POST.format(count=count, site=site, tags=tags), encoding="utf-8"
    )


READY_TIMES = """() => ({origin: performance.timeOrigin, ready: window.__readyAt ?? null})"""
"""JS: when a frame's document started (ms since the epoch) and became ready (ms after)."""


def ready_at(context: BrowserContext, count: int) -> float | None:
    """When the last of the page's ``count`` widget frames held its trace (ms since the
    epoch: ``browser.READY_AT`` in each frame), or None while any is not ready."""
    frames = context.pages[0].frames[1:]
    seen = []
    for frame in frames:
        with contextlib.suppress(Exception):  # a frame navigating or detached: not ready
            seen.append(frame.evaluate(READY_TIMES))
    ready = [s["origin"] + s["ready"] for s in seen if s["ready"] is not None]
    return max(ready) if len(frames) == count and len(ready) == count else None


def visit_post(
    playwright: Playwright, url: str, count: int, counter: Counter, came_from: str
) -> dict[str, Any]:
    """One cold visit of a post of ``count`` widgets, all in view (a window 1,000 px
    taller for each), followed from the page at ``came_from`` (``browser.arrive``): time,
    bytes, memory."""
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder, 1000 * count + 500)
        context.add_init_script(script=browser.READY_AT)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto("about:blank")
        page.wait_for_timeout(1500)  # the idle browser settles
        idle = browser_pss_kb(folder)
        browser.arrive(page, came_from)
        counter.reset()
        page.goto(url)
        deadline = time.perf_counter() + TIMEOUT_MS / 1000
        while (last := ready_at(context, count)) is None:
            if time.perf_counter() > deadline:
                raise RuntimeError(f"not all of the {count} widgets ready")
            page.wait_for_timeout(POLL_MS)
        playable = (last - page.evaluate("performance.timeOrigin")) / 1000
        busy = browser_pss_kb(folder)
        paths = counter.paths()
        context.close()
    return {
        "playable_s": round(playable, 3),
        "sent_bytes": counter.total(),
        "requests": len(paths),
        "pyodide_files": sorted({p for p in paths if "pyodide" in p}),
        "memory_mb": round((busy - idle) / 1024, 1),
    }


def unscrolled_post(playwright: Playwright, url: str, counter: Counter) -> dict[str, Any]:
    """A post of 10 tags the reader never scrolls: bytes sent and widgets started."""
    with tempfile.TemporaryDirectory() as folder:
        context = open_profile(playwright, folder, 900)
        page = context.pages[0] if context.pages else context.new_page()
        counter.reset()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1500)  # anything lazy that was going to start has started
        started = 0
        for frame in page.frames[1:]:
            if frame.evaluate("document.body && document.body.dataset.python") == "started":
                started += 1
        loaded = len(page.frames) - 1
        context.close()
    return {"sent_bytes": counter.total(), "frames_loaded": loaded, "python_started": started}


def full_speed(
    playwright: Playwright, site: str, seconds: float, settings: str = ""
) -> dict[str, Any]:
    """The widget alone playing a naive search as fast as possible for ``seconds``
    (bench/browser.py's measure, the same code), with more URL ``settings`` (the
    candidates overlay: ``&candidates=on``): events and frames per second, long tasks."""
    played = browser.play_at_full_speed(playwright, site, seconds, settings)
    return {
        "events_per_s": round(browser.player_events_per_second(played)),
        "frames_per_s": round(played["frames"] / played["seconds"], 1),
        "longest_task_ms": browser.player_longest_task_ms(played),
        "long_tasks": len(played["long_tasks_ms"]),
    }


TREE_CLICK = """role => {
    const button = document.querySelector(`#player [data-role=${role}]`);
    const t0 = performance.now();
    button.click();
    return performance.now() - t0;
}"""
"""Press a tree button; the ms its (synchronous) handler took: one whole drawing."""


def tree_at_cap(playwright: Playwright, site: str) -> dict[str, Any]:
    """The search tree of the player's first 500,000 steps (the hard puzzle, naive): the
    seconds until all of it is read and drawn, the main thread's long tasks meanwhile, and
    the ms one whole drawing takes (Zoom in, Zoom out: the tree's whole redraw)."""
    with tempfile.TemporaryDirectory() as folder:
        context = browser.open_profile(playwright, folder)
        context.add_init_script(script=browser.LONG_TASKS)
        page = context.new_page()
        page.goto(f"{site}embed.html?puzzle={browser.PLAYER_PUZZLE}&strategy=naive&tree=on")
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=TIMEOUT_MS)
        start = page.evaluate(
            "() => { document.querySelector('#player [data-role=end]').click();"
            " return performance.now(); }"
        )
        panel = "document.querySelector('#player [data-role=tree-panel]')"
        page.wait_for_function(
            f"+{panel}.dataset.steps >= 500000", timeout=TIMEOUT_MS * 3, polling=250
        )
        end = page.evaluate("performance.now()")
        tasks = page.evaluate(
            "t0 => window.__longTasks.filter(([at]) => at >= t0).map(([, ms]) => ms)", start
        )
        draws = [page.evaluate(TREE_CLICK, role) for role in ("tree-in", "tree-out") * 3]
        blocks = page.evaluate(f"{panel}.querySelector('[data-role=tree-summary]').textContent")
        context.close()
    return {
        "read_and_drawn_s": round((end - start) / 1000, 1),
        "long_tasks": len(tasks),
        "longest_task_ms": round(max(tasks, default=0)),
        "whole_draw_ms": round(statistics.median(draws), 1),
        "summary": blocks,
    }


ELSEWHERE = b"<!doctype html><meta charset=utf-8><title>Elsewhere</title><p>A link to the app."
"""The page a reader follows the link from (``elsewhere``)."""


@contextmanager
def elsewhere() -> Iterator[str]:
    """Serve ``ELSEWHERE`` on ``localhost`` (another site than the app's 127.0.0.1) until
    done; yields its address.

    A cold visit starts there (``browser.arrive``), as a reader's does: in a browser that
    is already running, whose cache has nothing of the app's site. A visit that is a new
    browser's first navigation also times the browser's own start (its first renderer,
    its network service and disk cache coming up: the two ways measured in the README,
    Benchmarks, 2026-11-29). Nothing of the app is warm: Chromium keys its HTTP cache (and
    the compiled code kept in it) by the top-level site, and the app's site was never
    visited in that profile."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "index.html").write_bytes(ELSEWHERE)
        with serving(Path(folder), "/") as port:
            yield f"http://localhost:{port}/"


@contextmanager
def served_site(
    source: Path, folder: Path, counter: Counter | None = None
) -> Iterator[tuple[str, Path, str]]:
    """The site built from the tree ``source`` by that tree's own scripts/build_site.py into
    ``folder``, every compressible file compressed before any visit is timed, served as
    GitHub Pages does (gzip, max-age) under PREFIX, counting what it sends (``counter``):
    its URL, its folder and its release."""
    site = folder / "_site"
    release = support.load_file(source / "scripts" / "build_site.py").build(source, site)
    for path in site.rglob("*"):
        if path.suffix in serve.COMPRESSIBLE and path.is_file():
            serve.compressed(path)
    with serving(site, PREFIX, counter, pages=True) as port:
        yield f"http://127.0.0.1:{port}{PREFIX}", site, release


def main(argv: list[str] | None = None) -> int:
    """Run every measure and print a table (and JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold visits per post (median)")
    parser.add_argument("--seconds", type=float, default=8.0, help="full-speed play time")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    counter = Counter()
    results: dict[str, Any] = {"chromium": support.launch_options(whole=True)}
    with (
        tempfile.TemporaryDirectory() as built,
        served_site(ROOT, Path(built), counter) as (site, _, _),
        tempfile.TemporaryDirectory() as blog,
        serving(Path(blog), "/") as blog_port,
        sync_playwright() as playwright,
        elsewhere() as came_from,
    ):
        for count in (1, 5, 10):
            write_post(Path(blog), count, site)
            url = f"http://localhost:{blog_port}/post{count}.html"
            visits = [
                visit_post(playwright, url, count, counter, came_from) for _ in range(args.runs)
            ]
            results[f"post_{count}"] = {
                key: statistics.median(v[key] for v in visits)
                for key in ("playable_s", "sent_bytes", "requests", "memory_mb")
            } | {"pyodide_files": sorted({p for v in visits for p in v["pyodide_files"]})}
            print(f"{count:>2} widget(s) in view: {results[f'post_{count}']}", flush=True)
        results["post_10_unscrolled"] = unscrolled_post(
            playwright, f"http://localhost:{blog_port}/post10.html", counter
        )
        print(f"10 widgets, never scrolled: {results['post_10_unscrolled']}", flush=True)
        results["full_speed"] = full_speed(playwright, site, args.seconds)
        print(f"full speed, naive: {results['full_speed']}", flush=True)
        results["full_speed_marks"] = full_speed(playwright, site, args.seconds, "&candidates=on")
        print(f"full speed, naive, candidates on: {results['full_speed_marks']}", flush=True)
        results["full_speed_tree"] = full_speed(playwright, site, args.seconds, "&tree=on")
        print(f"full speed, naive, tree shown: {results['full_speed_tree']}", flush=True)
        results["tree_at_cap"] = tree_at_cap(playwright, site)
        print(f"the tree of 500,000 steps: {results['tree_at_cap']}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
