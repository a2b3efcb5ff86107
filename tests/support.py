"""What the tests and benchmarks share: the puzzle sets, a solution checker, Chromium.

The checker knows nothing of the package: it restates the rules so that a wrong
solver cannot pass by agreeing with itself.
"""

from __future__ import annotations

import importlib.util
import os
from itertools import islice
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SHARED_PUZZLES = ROOT.parent / "shared" / "puzzles"
COMMITTED_PUZZLES = ROOT / "tests" / "data" / "puzzles"
PUZZLES = Path(
    os.environ.get(
        "SUDOKU_PUZZLES", SHARED_PUZZLES if SHARED_PUZZLES.is_dir() else COMMITTED_PUZZLES
    )
)
"""The full sets beside the checkout, else the committed sample (scripts/sample_puzzles.py)."""

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""LeetCode 37's example: the app's "leetcode" sample and the widget's default puzzle."""
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""The app's "easy" sample."""
HARD = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
"""The app's "hard" sample, the anti-backtracking puzzle: built against the naive order
(its solution's first row is 987654321, so the naive search meets the wrong digits first
in every cell of it and runs to millions of steps)."""
REFUTED = "98.75.6.375..4.8.9..3.98.7.5..8.793...94......375291..3.897...1.9...5.8..7528..96"
"""A board whose next step is a contradiction chain without a split (forum_hardest's)."""

WEB = ROOT / "src" / "web"
"""The browser glue: top-level scripts, loaded with ``load_file`` under CPython."""
WORKER = WEB / "worker" / "worker.py"
APP_WORKER = WEB / "worker" / "app.py"
"""The solver worker's script (Pyodide in the app, MicroPython in the widget)."""


def load_file(path: Path) -> ModuleType:
    """Import a Python file that is not in a package (scripts/, the worker's script)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_puzzles(name: str, limit: int | None = None, *, every: int = 1) -> list[str]:
    """``limit`` puzzles (all when None) of ``shared/puzzles/{name}.txt``: its first, then
    every ``every``-th one after it."""
    with (PUZZLES / f"{name}.txt").open(encoding="ascii") as lines:
        chosen = islice((line.strip() for line in lines if line.strip()), 0, None, every)
        return list(islice(chosen, limit))


def solution_problems(puzzle: str, solution: str) -> list[str]:
    """Why ``solution`` does not solve ``puzzle`` (81-char strings), or ``[]`` when it does."""
    problems = []
    if len(solution) != 81 or not set(solution) <= set("123456789"):
        return [f"not a full grid of digits: {solution!r}"]
    problems += [
        f"given at index {i} changed"
        for i, c in enumerate(puzzle)
        if c in "123456789" and c != solution[i]
    ]
    rows = [range(r * 9, r * 9 + 9) for r in range(9)]
    cols = [range(c, 81, 9) for c in range(9)]
    boxes = [
        [r * 9 + c for r in range(br, br + 3) for c in range(bc, bc + 3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    problems += [
        f"unit {list(unit)} does not hold 1-9"
        for unit in rows + cols + boxes
        if sorted(solution[i] for i in unit) != list("123456789")
    ]
    return problems


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
"""Headless Chromium flags: no background traffic, and no host resolves but 127.0.0.1."""


HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
"""Debian's Chromium headless shell: Chromium's Blink and V8 without the whole browser
around them, what Playwright's own headless mode runs. The e2e tests run on it: the app
boots there in 0.6 s instead of 1.0 s (median of 10 warm boots), and the e2e suite took
6 min 3 s instead of 8 min 51 s, one after the other on this 2-core machine."""

CHROMIUM = "/usr/bin/chromium"
"""Debian's whole Chromium, the browser readers have: the benchmarks run on it, and the
tests of frames on another site (``whole``): the headless shell lets a cross-site frame
use the first site's service worker and storage, which Chromium keeps from it."""


def launch_options(whole: bool = False) -> dict[str, str]:
    """How to launch Chromium: $SUDOKU_CHROMIUM for everything; else Debian's headless
    shell, or its whole Chromium where ``whole`` (or when the shell is not installed);
    else Playwright's own build (its whole browser where ``whole``)."""
    chosen = os.environ.get("SUDOKU_CHROMIUM")
    if chosen:
        return {"executable_path": chosen}
    for path in [CHROMIUM] if whole else [HEADLESS_SHELL, CHROMIUM]:
        if Path(path).exists():
            return {"executable_path": path}
    return {"channel": "chromium"} if whole else {}


def debian_chromium() -> bool:
    """Whether the tests of other sites' frames run on Debian's Chromium (``CHROMIUM``),
    whose refusals there docs/offline.md reports."""
    return launch_options(whole=True) == {"executable_path": CHROMIUM}


FORGOT = """class Solution:
    def solveSudoku(self, board):
        self.rows = [set() for _ in range(9)]
        self.cols = [set() for _ in range(9)]
        self.boxes = [set() for _ in range(9)]
        for r in range(9):
            for c in range(9):
                if board[r][c] != ".":
                    self.take(r, c, board[r][c])
        self.fill(board, 0)

    def take(self, r, c, digit):
        self.rows[r].add(digit)
        self.cols[c].add(digit)
        self.boxes[r // 3 * 3 + c // 3].add(digit)

    def fill(self, board, i):
        if i == 81:
            return True
        r, c = divmod(i, 9)
        if board[r][c] != ".":
            return self.fill(board, i + 1)
        for digit in "123456789":
            b = r // 3 * 3 + c // 3
            if digit in self.rows[r] or digit in self.cols[c] or digit in self.boxes[b]:
                continue
            board[r][c] = digit
            self.take(r, c, digit)
            if self.fill(board, i + 1):
                return True
            board[r][c] = "."
        return False
"""
"""A set-based solution with the forgotten-undo bug: it takes a digit back off the board
but not out of its row, column and box sets (the lab's Variables panel shows the set).
"""
