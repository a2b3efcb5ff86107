"""The app's own features under MicroPython (Node and the vendored runtime), one run.

``python bench/micropython.py [--quick]``

MicroPython is what the app's worker is to run (issue 23): it boots in a fraction of a
second where Pyodide takes seconds, but runs big-int bit tricks many times slower, and
the solver's default engine holds the board in one 810-bit int. This runs
``bench/mpy_timing.py``'s jobs in the vendored MicroPython through Node, one call each
(``bench/mpy_bench.mjs``: this MicroPython frees memory only between calls, as the app's
worker would between the page's calls), and prints, per measure, the mean, median and max
milliseconds a call, and the kilobytes a call allocates (a call's garbage stays until it
returns, so that is the heap a call needs):

- **solve** (``analyze``, limit 1) and **verdict** (limit 2) on ``top95``, ``hardest``, the
  first 200 of ``forum_hardest_1905_11plus`` and all of ``no_solution`` (the worst cases),
  by both engines (``solver.SMALL_INTS``): ``bits``, the 810-bit int, and ``masks``, the
  9-bit masks MicroPython uses; the ratio is bits over masks (total time), and CPython's
  time for the same verdicts (its own engine, the big int) is shown beside them. Both
  engines' answers must be equal on every puzzle, nodes included (else the run stops).
- **first hint** (``next_step`` from the givens) on ``top95`` and ``hardest``, and **hint on
  the path**: ``next_step`` at every state of the logical path, until solved or stuck.
- **new puzzle**: ``from_bank`` per level (50 seeds), and the seeded ``generate`` per level
  (a few seeds: its hard level takes seconds here).

MicroPython in Chromium runs about as fast as in Node. MicroPython's times are the Node
process's CPU time (``process.cpuUsage``), which other busy processes hardly change; the
CPython column is wall clock. ``--quick`` takes fewer puzzles.
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
from typing import Any

from sudoku.benchmark import summarize
from sudoku.logic import apply_step, marks_of, solve_path
from sudoku.solver import analyze

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "tests" / "data" / "puzzles"
"""The committed sample of the shared sets (the first 2,000 of each) and the worst cases."""
MICROPYTHON = ROOT / "static" / "vendor" / "micropython" / "micropython.mjs"
RUNNER = ROOT / "bench" / "mpy_bench.mjs"
TIMING = ROOT / "bench" / "mpy_timing.py"


def load(name: str, limit: int | None) -> list[str]:
    """The first ``limit`` puzzles of a committed set (all when None)."""
    with (PUZZLES / f"{name}.txt").open(encoding="ascii") as lines:
        return list(islice((line.strip() for line in lines if line.strip()), limit))


def path_states(grids: Sequence[str]) -> list[tuple[str, list[str] | None]]:
    """Every state of each puzzle's logical path (grid and marks), until solved or stuck:
    where a player may ask for a hint."""
    states: list[tuple[str, list[str] | None]] = []
    for puzzle in grids:
        steps, _ = solve_path(puzzle)
        grid, marks = puzzle, marks_of(puzzle)
        states.append((grid, None))
        for step in steps:
            grid, marks = apply_step(grid, marks, step)
            states.append((grid, marks))
    return states


def cases(quick: bool) -> dict[str, Any]:
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
        "path_sets": {
            "top95 (first 20)": path_states(load("top95", 5 if quick else 20)),
            "hardest": path_states(load("hardest", 3 if quick else None)),
        },
        "bank_seeds": 10 if quick else 50,
        "generate_seeds": {"easy": 3, "medium": 3, "expert": 3, "hard": 1 if quick else 3},
    }


def parts(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The cases split into one run per solver set, then one for the rest: each run is a
    fresh interpreter, whose heap holds only its own jobs. (The big-int engine's times
    depend on the heap: 4.0 ms a ``top95`` solve alone, 26.9 ms with every set's jobs
    loaded; the masks' hardly: 2.7 and 3.2 ms.)"""
    rest = {**data, "sets": {}}
    alone = [
        {**rest, "sets": {name: grids}, "hint_sets": {}, "path_sets": {}}
        for name, grids in data["sets"].items()
    ]
    for part in alone:
        part["bank_seeds"], part["generate_seeds"] = 0, {}
    return [*alone, rest]


def run_micropython(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The RESULT lines of one MicroPython run; SystemExit with its stderr if it failed."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cases.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        command = ["node", str(RUNNER), str(MICROPYTHON), str(ROOT / "src" / "sudoku")]
        done = subprocess.run(
            [*command, str(TIMING), str(path)], capture_output=True, text=True, check=False
        )
    if done.returncode:
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


def grouped(results: list[dict[str, Any]]) -> dict[tuple[str, str, str], list[dict[str, Any]]]:
    """The results by (measure, set, engine), in the order they ran."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for result in results:
        groups.setdefault((result["measure"], result["set"], result["engine"]), []).append(result)
    return groups


def cells(calls: list[dict[str, Any]]) -> str:
    """A row's timing and memory cells: calls, mean, median and max ms, mean and max KB."""
    stats = summarize([call["ms"] / 1000 for call in calls])
    kb = [call["kb"] for call in calls]
    return (
        f"| {stats['count']:,} | {stats['mean_ms']:,.1f} | {stats['median_ms']:,.1f}"
        f" | {stats['max_ms']:,.1f} | {sum(kb) / len(kb):,.0f} | {max(kb):,.0f} |"
    )


def solver_table(
    groups: dict[tuple[str, str, str], list[dict[str, Any]]], sets: dict[str, list[str]]
) -> list[str]:
    """Both engines per set and call, the time ratio, and CPython's verdict time; SystemExit
    if the engines answered differently on any puzzle."""
    header = "| set | call | engine | puzzles | mean ms | median ms | max ms | mean KB | max KB"
    lines = [
        header + " | bits / masks | CPython verdict ms |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, grids in sets.items():
        for call in ("solve", "verdict"):
            bits, masks = groups[call, name, "bits"], groups[call, name, "masks"]
            if [b["answer"] for b in bits] != [m["answer"] for m in masks]:
                sys.exit(f"the engines answered differently on {name} ({call})")
            ratio = math.fsum(b["ms"] for b in bits) / math.fsum(m["ms"] for m in masks)
            cpython = f"{cpython_ms(grids):.2f}" if call == "verdict" else ""
            lines.append(f"| {name} | {call} | bits " + cells(bits) + "  |  |")
            lines.append(
                f"| {name} | {call} | masks " + cells(masks) + f" {ratio:.2f}x | {cpython} |"
            )
    return lines


def other_table(groups: dict[tuple[str, str, str], list[dict[str, Any]]]) -> list[str]:
    """Hints and new puzzles, MicroPython with the masks engine."""
    lines = [
        "| call | set or level | calls | mean ms | median ms | max ms | mean KB | max KB |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    lines.extend(
        f"| {measure} | {name} " + cells(calls)
        for (measure, name, _), calls in groups.items()
        if measure not in ("solve", "verdict")
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
    groups = grouped([result for part in parts(data) for result in run_micropython(part)])
    sets: dict[str, list[str]] = data["sets"]
    print("## Solver engines under MicroPython (Node), and CPython's verdict\n")
    print("\n".join(solver_table(groups, sets)))
    print("\n## Hints and new puzzles under MicroPython (masks engine)\n")
    print("\n".join(other_table(groups)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
