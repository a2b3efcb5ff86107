"""The app's own features under MicroPython (Node and the vendored runtime), one run.

``python bench/micropython.py [--quick]``

MicroPython is what the app's worker is to run (issue 23): it boots in a fraction of a
second where Pyodide takes seconds, but runs big-int bit tricks many times slower, and
the solver's default engine holds the board in one 810-bit int. This runs
``bench/mpy_timing.py`` inside the vendored MicroPython through Node
(``tests/unit/mpy_probe.mjs``, as the MicroPython unit test does) and prints, per measure,
the mean, median and max milliseconds a call:

- **solve** (``analyze``, limit 1) and **verdict** (limit 2) on ``top95``, ``hardest``, the
  first 200 of ``forum_hardest_1905_11plus`` and all of ``no_solution`` (the worst cases),
  by both engines (``solver.SMALL_INTS``): ``bits``, the 810-bit int, and ``masks``, the
  9-bit masks MicroPython uses; the ratio is bits over masks (total time), and CPython's
  time for the same verdicts (its own engine, the big int) is shown beside them. Both
  engines' answers are compared on every puzzle (they must be equal, nodes included).
- **first hint** (``next_step`` from the givens) on ``top95`` and ``hardest``, and **hint on
  the path**: ``next_step`` at every state of the logical path, until solved or stuck.
- **new puzzle**: ``from_bank`` per level (50 seeds), and the seeded ``generate`` per level
  (a few seeds: its hard level takes seconds here).

MicroPython in Chromium runs about as fast as in Node. MicroPython's times are the Node
process's CPU time (``process.cpuUsage``), which other busy processes hardly change; the
CPython column is wall clock. ``--quick`` takes fewer puzzles.
Takes about three minutes (``--quick``: under one).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from itertools import islice
from pathlib import Path

from sudoku.benchmark import summarize
from sudoku.solver import analyze

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "tests" / "data" / "puzzles"
"""The committed sample of the shared sets (the first 2,000 of each) and the worst cases."""
MICROPYTHON = ROOT / "static" / "vendor" / "micropython" / "micropython.mjs"
RUNNER = ROOT / "tests" / "unit" / "mpy_probe.mjs"
TIMING = ROOT / "bench" / "mpy_timing.py"


def load(name: str, limit: int | None) -> list[str]:
    """The first ``limit`` puzzles of a committed set (all when None)."""
    with (PUZZLES / f"{name}.txt").open(encoding="ascii") as lines:
        return list(islice((line.strip() for line in lines if line.strip()), limit))


def cases(quick: bool) -> dict[str, object]:
    """What the MicroPython side measures (see ``bench/mpy_timing.py``)."""
    few = 20 if quick else None
    return {
        "sets": {
            "top95": load("top95", few),
            "hardest": load("hardest", None),
            "forum_hardest (first 200)": load("forum_hardest_1905_11plus", few or 200),
            "no_solution": load("no_solution", 100 if quick else None),
        },
        "hint_sets": {"top95": load("top95", few), "hardest": load("hardest", None)},
        "path_sets": {"top95 (first 20)": load("top95", 5 if quick else 20)},
        "bank_seeds": 10 if quick else 50,
        "generate_seeds": {"easy": 3, "medium": 3, "expert": 3, "hard": 1 if quick else 3},
    }


def run_micropython(data: dict[str, object]) -> list[dict[str, object]]:
    """The RESULT lines of one MicroPython run; SystemExit with its stderr if it failed."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cases.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        command = ["node", str(RUNNER), str(MICROPYTHON), str(ROOT / "src" / "sudoku")]
        done = subprocess.run(
            [*command, str(TIMING), str(path)], capture_output=True, text=True, check=False
        )
    if done.returncode or "DONE" not in done.stdout:
        sys.exit(f"the MicroPython run failed:\n{done.stderr[-3000:]}")
    return [
        json.loads(line.removeprefix("RESULT "))
        for line in done.stdout.splitlines()
        if line.startswith("RESULT ")
    ]


def cpython_ms(grids: Sequence[str]) -> float:
    """CPython's mean milliseconds for the verdict (limit 2) on ``grids``."""
    analyze("." * 81)
    start = time.perf_counter()
    for grid in grids:
        analyze(grid, 2)
    return 1000 * (time.perf_counter() - start) / len(grids)


def row(result: dict[str, object]) -> str:
    """One table row's timing cells: calls, mean, median, max."""
    times = [ms / 1000 for ms in result["ms"]]  # type: ignore[attr-defined]
    if not times:
        return "| 0 | | | |"
    stats = summarize(times)
    return (
        f"| {stats['count']:,} | {stats['mean_ms']:,.1f} | {stats['median_ms']:,.1f}"
        f" | {stats['max_ms']:,.1f} |"
    )


def solver_table(results: list[dict[str, object]], sets: dict[str, list[str]]) -> list[str]:
    """Both engines per set and limit, with the ratio and CPython's verdict time."""
    header = "| set | call | engine | puzzles | mean ms | median ms | max ms | bits / masks"
    lines = [header + " | CPython verdict mean ms |", "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    by = {(r["set"], r["measure"], r["engine"]): r for r in results}
    for name, grids in sets.items():
        for measure in ("limit 1", "limit 2"):
            bits, masks = by[name, measure, "bits"], by[name, measure, "masks"]
            ratio = math.fsum(bits["ms"]) / math.fsum(masks["ms"])  # type: ignore[arg-type]
            call = "solve" if measure == "limit 1" else "verdict"
            cpython = f"{cpython_ms(grids):.2f}" if measure == "limit 2" else ""
            lines.append(f"| {name} | {call} | bits " + row(bits) + "  |  |")
            ratio_cells = f" {ratio:.2f}x | {cpython} |"
            lines.append(f"| {name} | {call} | masks " + row(masks) + ratio_cells)
    return lines


def other_table(results: list[dict[str, object]]) -> list[str]:
    """Hints and new puzzles, MicroPython with the masks engine."""
    lines = [
        "| call | set or level | calls | mean ms | median ms | max ms |",
        "|---|---|---:|---:|---:|---:|",
    ]
    lines.extend(
        f"| {result['measure']} | {result['set']} " + row(result)
        for result in results
        if not str(result["measure"]).startswith("limit")
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the MicroPython side once and print the two tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles and seeds")
    args = parser.parse_args(argv)
    if not MICROPYTHON.is_file():
        parser.error(f"no {MICROPYTHON.relative_to(ROOT)}: run `make vendor` first")
    data = cases(args.quick)
    results = run_micropython(data)
    sets: dict[str, list[str]] = data["sets"]  # type: ignore[assignment]
    print("## Solver engines under MicroPython (Node), and CPython's verdict\n")
    print("\n".join(solver_table(results, sets)))
    print("\n## Hints and new puzzles under MicroPython (masks engine)\n")
    print("\n".join(other_table(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
