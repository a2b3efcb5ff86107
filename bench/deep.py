"""The hardest hints' search in MicroPython and in Pyodide (Node, the vendored runtimes).

``python bench/deep.py [--puzzles 10]``

Why the app has a deep worker (src/web/page/app/deep.py): a forum_hardest puzzle's first
step is a contradiction chain nested two or three levels deep (10.2-11.4), whose search
is plain Python on small ints. This times it in both interpreters the app runs, one
call a puzzle (``bench/deep.mjs``: ``chains.refutations`` to its end from the givens,
the solution known), on every 97th of the first ``--puzzles`` * 97 of forum_hardest,
and each runtime's start in Node (Pyodide's in the browser takes longer: it downloads
6.3 MB). Both must find the same step on every puzzle. Prints a markdown table: the
median and max milliseconds in each, and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import support  # noqa: E402

RUNNER = ROOT / "bench" / "deep.mjs"
RUNTIMES = {
    "micropython": ROOT / "static" / "vendor" / "micropython" / "micropython.mjs",
    "pyodide": ROOT / "node_modules" / "pyodide" / "pyodide.mjs",
}


def timed(kind: str, puzzles: Path) -> dict[str, Any]:
    """``bench/deep.mjs``'s answer for runtime ``kind``."""
    command = ["node", str(RUNNER), kind, str(RUNTIMES[kind]), str(ROOT / "src" / "sudoku")]
    done = subprocess.run(
        [*command, str(puzzles)], capture_output=True, text=True, check=True, timeout=600
    )
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def main(argv: list[str] | None = None) -> int:
    """Time both runtimes and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=10, help="forum puzzles (every 97th)")
    args = parser.parse_args(argv)
    chosen = support.load_puzzles("forum_hardest_1905_11plus", args.puzzles, every=97)
    with tempfile.TemporaryDirectory() as folder:
        puzzles = Path(folder) / "puzzles.txt"
        puzzles.write_text("\n".join(chosen) + "\n", encoding="ascii")
        runs = {kind: timed(kind, puzzles) for kind in RUNTIMES}
    micro, pyodide = runs["micropython"], runs["pyodide"]
    if micro["steps"] != pyodide["steps"]:
        sys.exit("the two interpreters found different steps")
    print(f"{len(chosen)} forum_hardest puzzles (every 97th), first step: {pyodide['steps']}")
    print("| interpreter | start | median | max |")
    print("|---|---:|---:|---:|")
    for kind, run in runs.items():
        print(
            f"| {kind} | {run['boot_ms']:.0f} ms | {statistics.median(run['ms']):.0f} ms"
            f" | {max(run['ms']):.0f} ms |"
        )
    ratio = statistics.median(micro["ms"]) / statistics.median(pyodide["ms"])
    print(f"MicroPython / Pyodide, medians: {ratio:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
