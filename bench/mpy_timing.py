"""The timings ``bench/micropython.py`` asks for, run inside MicroPython (Node).

    node tests/unit/mpy_probe.mjs MICROPYTHON_MJS src/sudoku bench/mpy_timing.py CASES.json

``CASES.json`` holds ``{"sets": {name: [grid, ...]}, "hint_sets": {name: [grid, ...]},
"path_sets": {name: [grid, ...]}, "bank_seeds": N, "generate_seeds": {level: N}}``. Each
answer is one line, ``RESULT`` and a JSON object: the measure, its set and engine, and the
milliseconds of each call: CPU time, from Node's ``process.cpuUsage`` (MicroPython's own
ticks count whole milliseconds in Node, and a wall clock counts other processes' work).
Both engines' answers are compared on every puzzle: a difference stops the run. Written
for MicroPython: no typing, nothing it lacks.
"""

import json
import sys

import js  # PyScript's MicroPython: JavaScript's globals (Node's process here)

from sudoku import LEVELS, apply_step, from_bank, generate, next_step, solver

ENGINES = (("bits", False), ("masks", True))
"""Each engine's name in the results, and ``solver.SMALL_INTS`` for it."""


def now():
    """Milliseconds of CPU time this process has used (user and system), to the
    microsecond: unlike the wall clock, other busy processes on a shared machine hardly
    change it."""
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1000


def report(measure, name, engine, times):
    """One result line."""
    print("RESULT " + json.dumps({"measure": measure, "set": name, "engine": engine, "ms": times}))


def timed(function, *args):
    """``function(*args)`` and its milliseconds."""
    start = now()
    answer = function(*args)
    return answer, now() - start


def solver_runs(sets):
    """First solution (limit 1) and the verdict (limit 2) per puzzle, by both engines."""
    for name in sets:
        grids = sets[name]
        for limit in (1, 2):
            answers = {}
            for engine, small in ENGINES:
                solver.SMALL_INTS = small
                solver.analyze("." * 81)  # tables built, code loaded
                times = []
                found = []
                for grid in grids:
                    answer, ms = timed(solver.analyze, grid, limit)
                    times.append(ms)
                    found.append(answer)
                answers[engine] = found
                report("limit " + str(limit), name, engine, times)
            if answers["bits"] != answers["masks"]:
                raise SystemExit("the engines differ on " + name)
    solver.SMALL_INTS = True


def hint_runs(sets):
    """``next_step`` from the givens, per puzzle (the masks engine counts the solutions)."""
    for name in sets:
        report("first hint", name, "masks", [timed(next_step, grid)[1] for grid in sets[name]])


def path_runs(sets):
    """``next_step`` at every state of the logical path, until solved or stuck: the
    hint a player asks at any point (with the marks the hints left)."""
    for name in sets:
        times = []
        for puzzle in sets[name]:
            grid, marks = puzzle, None
            while True:
                step, ms = timed(next_step, grid, marks)
                times.append(ms)
                if step is None:
                    break
                grid, marks = apply_step(grid, marks or _marks(grid), step)
        report("hint on the path", name, "masks", times)


def _marks(grid):
    """The candidates the placed digits leave (``next_step``'s own when none are given)."""
    from sudoku.logic import marks_of  # noqa: PLC0415 (MicroPython script, loaded late)

    return marks_of(grid)


def new_puzzles(bank_seeds, generate_seeds):
    """``from_bank`` and the seeded ``generate`` per level, seeds from 0."""
    for level in LEVELS:
        times = [timed(from_bank, level, seed)[1] for seed in range(bank_seeds)]
        report("from_bank", level, "masks", times)
    for level in LEVELS:
        count = generate_seeds.get(level, 0)
        report("generate", level, "masks", [timed(generate, level, s)[1] for s in range(count)])


def main():
    """Read the cases, print every result."""
    with open(sys.argv[1]) as file:  # noqa: PTH123 - no pathlib in MicroPython
        cases = json.load(file)
    solver_runs(cases["sets"])
    hint_runs(cases["hint_sets"])
    path_runs(cases["path_sets"])
    new_puzzles(cases["bank_seeds"], cases["generate_seeds"])
    print("DONE")


main()
