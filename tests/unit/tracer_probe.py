"""What the tracer and the judge say, printed one fact a line, with no times: the same in
CPython and in Pyodide (test_pyodide.py runs it in both and compares). Lines run and calls
(and the deepest call) are not printed: from Python 3.12 a comprehension is no frame of
its own (PEP 709); nor is the line an endless loop was stopped on, and how often it ran."""

from __future__ import annotations

from sudoku.judging import judge
from sudoku.plain import STARTING_POINTS, unmarked
from sudoku.tracing import source, trace
from sudoku.watching import Limits, watch

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
WRITES = {"place": "place", "force": "place", "undo": "undo"}
RUNAWAY = Limits(events=10**9, lines=10**12, seconds=1.0)

for name, text in STARTING_POINTS.items():
    code = unmarked(text)[0]
    for grid in (LEETCODE, EASY):
        result = judge(code, grid, compare_steps=1000)
        verdict = result["verdict"].split(":")[0]
        figures = result["figures"]
        beside = {s: (f["writes"], f["undos"], f["done"]) for s, f in result["builtins"].items()}
        print(name, verdict, figures["writes"], figures["undos"], beside)

for strategy in ("naive", "mrv", "propagate"):
    text, lines = source(strategy)
    for grid in (LEETCODE, EASY):
        seen = []
        run = watch(text, grid, on_event=seen.append)
        want = [
            (WRITES[e["kind"]], e["cell"], e["digit"], lines[e["kind"]])
            for e in trace(grid, strategy)
            if e["kind"] in WRITES
        ]
        got = [(e["kind"], e["cell"], e["digit"], e["line"]) for e in seen]
        print(strategy, "plain writes as traced:", got == want, len(got))
        deepest = max(event["depth"] for event in seen)
        print(strategy, "counters", run["writes"], run["undos"], deepest)
        print(strategy, "first events", [(e["step"], e["depth"]) for e in seen[:5]])

CODES = [
    "def solve(board):\n    while True:\n        pass\n",
    "def solve(board):\n    while True: pass\n",
    (
        "def solve(board):\n    while True:\n        try:\n            pass\n"
        "        except Exception:\n            pass\n"
    ),
    "def solve(board):\n    solve(board)\n",
    "def solve(board):\n    board[0][2] = '4'\n    return board[9]\n",
    (
        "class Solution:\n    def solveSudoku(self, board):\n        self.go(board, 0)\n\n"
        "    def go(self, board, r):\n        return 1 / r\n"
    ),
    "def solve(board)\n    pass\n",
    "x = 1\n",
    "def solve(board):\n    print('hello')\n    board[:] = [list('123456789')] * 9\n",
]
for code in CODES:
    run = watch(code, LEETCODE, RUNAWAY)
    said = run["message"].split(" (line ")[0]  # the line running and its rate: by chance
    print(repr(code[:40]), run["outcome"], said, run["traceback"], run["printed"])
    print("  steps", run["steps"], run["writes"], run["undos"])
print("the end")
