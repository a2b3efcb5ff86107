"""The new tracer against the old one (settrace_tracer.py, ``sys.settrace`` on every
line): on the code lab's starting points and on hostile code, the same writes (kind, cell,
digit, the line that wrote it, the depth), the same outcome, message, board and counters,
and each line's run count (``heat``) equal to the lines the old one counted. Prints one
line per case and "the end"; a difference is printed as ``DIFFERS`` with what differs.
test_tracer_compare.py runs it in CPython and in Pyodide (``sys.monitoring`` there)."""

from __future__ import annotations

import sys

import settrace_tracer as old

from sudoku import watching as new
from sudoku.plain import STARTING_POINTS, unmarked

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OLD = old.Limits(events=10**9, lines=10**12, seconds=60.0)
NEW = new.Limits(events=0, lines=0, seconds=60.0)

HOSTILE = {
    "an exception deep down": (
        "class Solution:\n    def solveSudoku(self, board):\n        self.go(board, 0)\n\n"
        "    def go(self, board, r):\n        board[r][0] = board[r][0]\n"
        "        return self.go(board, r + 1)\n"
    ),
    "exceptions caught": (
        "def solve(board):\n    for r in range(12):\n        try:\n"
        "            board[r][1] = '7'\n        except IndexError:\n            board[0][2] = '.'\n"
        "        finally:\n            board[0][3] = '2'\n"
    ),
    "deep recursion": (
        "def go(board, n):\n    if n:\n        board[0][2] = str(n % 9 + 1)\n"
        "        go(board, n - 1)\n        board[0][2] = '.'\n\n"
        "def solve(board):\n    go(board, 900)\n"
    ),
    "recursion past the limit": "def solve(board):\n    board[0][2] = '1'\n    solve(board)\n",
    "generators": (
        "def cells(board):\n    for r in range(9):\n        for c in range(9):\n"
        "            if board[r][c] == '.':\n                yield r, c\n\n"
        "def solve(board):\n    found = cells(board)\n    for r, c in found:\n"
        "        board[r][c] = '1'\n        if r > 2:\n            break\n"
        "    gen = (board[0].__setitem__(i, '9') for i in (2, 3))\n    next(gen)\n"
        "    try:\n        found.throw(ValueError('no'))\n    except ValueError:\n"
        "        board[0][2] = '.'\n"
    ),
    "rebinding board and its rows": (
        "def solve(board):\n    row = board[0]\n    board[0] = list(row)\n    row[2] = '1'\n"
        "    board[0][2] = '4'\n    board = [r[:] for r in board]\n    board[1][1] = '3'\n"
    ),
    "copies and aliases": (
        "import copy\n\ndef solve(board):\n    grid = copy.deepcopy(board)\n    grid[0][2] = '1'\n"
        "    alias = board\n    same = alias[2]\n    same[0] = '1'\n    same[0] = '.'\n"
        "    rows = [board[r] for r in range(9)]\n    rows[4][4] = '5'\n"
        "    board[5][:] = list('12345678.')\n    board[6].reverse()\n    board.sort()\n"
    ),
    "a lambda and a class writing": (
        "put = lambda b, r, c, d: b[r].__setitem__(c, d)\n\nclass Writer:\n"
        "    def __init__(self, board):\n        self.board = board\n\n"
        "    def __call__(self, r, c, d):\n        put(self.board, r, c, d)\n\n"
        "def solve(board):\n    w = Writer(board)\n    w(0, 2, '1')\n    w(0, 2, '.')\n"
        "    sorted([3, 1], key=lambda x: put(board, 0, 3, str(x)) or x)\n"
    ),
    "a write of no digit": "def solve(board):\n    board[0][2] = 7\n    board[0][3] = None\n",
}


STACK_BOUND = {"recursion past the limit"}
"""Cases that end where the interpreter's stack does: the old tracer's trace function took
a frame of it, so the new one gets a call further."""


def compared(name: str, code: str, grid: str) -> str:
    """One case's line: what both tracers say, or what differs."""
    olds: list[dict[str, object]] = []
    news: list[dict[str, object]] = []
    before = old.watch(code, grid, OLD, olds.append)
    after = new.watch(code, grid, NEW, news.append, heat=True)
    keys = ("step", "kind", "cell", "digit", "line", "depth")
    told, tells = [[e[k] for k in keys] for e in olds], [[e[k] for k in keys] for e in news]
    if name in STACK_BOUND:  # the tracers' own frames differ: compare up to the shorter
        told, tells = told[: len(tells)], tells[: len(told)]
        before["message"] = after["message"] = before["message"].split(" at line")[0]
    differs = []
    if told != tells:
        first = next((i for i, (a, b) in enumerate(zip(told, tells, strict=False)) if a != b), 0)
        differs.append(f"writes ({len(told)} against {len(tells)}; first at step {first})")
    if name in STACK_BOUND:
        said = f"{name}: {after['outcome']}, the first {len(tells)} writes"
        return said + (" DIFFERS: " + "; ".join(differs) if differs else " same")
    keys_said = ("outcome", "message", "traceback", "board", "steps", "writes", "undos")
    keys_said += ("lines", "calls", "max_depth", "at_end")
    differs.extend(
        f"{key}: {before[key]!r} against {after[key]!r}"  # type: ignore[literal-required]
        for key in keys_said
        if before[key] != after[key]  # type: ignore[literal-required]
    )
    if sum(after["heat"]) != before["lines"]:
        differs.append(f"heat sums to {sum(after['heat'])}, not {before['lines']}")
    said = f"{name}: {after['outcome']} {after['steps']} writes"
    return said + (" DIFFERS: " + "; ".join(differs) if differs else " same")


print("sys.monitoring" if new.MONITORING is not None else "sys.settrace", file=sys.stderr)
for name, text in STARTING_POINTS.items():
    for grid in (LEETCODE, EASY):
        print(compared(name, unmarked(text)[0], grid))
for name, code in HOSTILE.items():
    print(compared(name, code, LEETCODE))
print("the end")
