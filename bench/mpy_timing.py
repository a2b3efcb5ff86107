"""The jobs ``bench/micropython.py`` times, run inside MicroPython (Node).

    node bench/mpy_bench.mjs MICROPYTHON_MJS src/sudoku bench/mpy_timing.py CASES.json

``setup(path)`` reads the cases, ``{"sets": {name: [grid, ...]}, "hint_sets": {name:
[grid, ...]}, "path_sets": {name: [[grid, marks or null], ...]}, "bank_seeds": N,
"generate_seeds": {level: N}}``, into ``COUNT`` jobs; ``run(job)`` runs one of them, one
call each (``mpy_bench.mjs``: memory is freed between calls only). Each prints one line,
``RESULT`` and a JSON object: the measure, its set (or level) and engine, the call's
milliseconds of CPU time (Node's ``process.cpuUsage``: MicroPython's own ticks count whole
milliseconds in Node, and a wall clock counts other processes' work), the kilobytes it
allocated (nothing is freed during a call, so ``gc.mem_alloc`` grows by all of it), and for
the solver its answer (``bench/micropython.py`` checks both engines agree).
Written for MicroPython: no typing, nothing it lacks.
"""

import gc
import json

import js  # PyScript's MicroPython: JavaScript's globals (Node's process here)

from sudoku import LEVELS, from_bank, generate, next_step, solver

ENGINES = (("bits", False), ("masks", True))
"""Each engine's name in the results, and ``solver.SMALL_INTS`` for it."""

JOBS = []
"""(measure, set or level, engine, function, arguments) for each job."""
COUNT = 0


def cpu_ms():
    """Milliseconds of CPU time this process has used (user and system)."""
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1000


def analyze(small, grid, limit):
    """``solver.analyze`` by one engine."""
    solver.SMALL_INTS = small
    return solver.analyze(grid, limit)


def setup(path):
    """The jobs of the cases file: solver, hints, new puzzles."""
    global COUNT  # noqa: PLW0603 (read by mpy_bench.mjs)
    with open(path) as file:  # noqa: PTH123 - no pathlib in MicroPython
        cases = json.load(file)
    JOBS.extend(
        ("solve" if limit == 1 else "verdict", name, engine, analyze, (small, grid, limit))
        for name in cases["sets"]
        for limit in (1, 2)
        for engine, small in ENGINES
        for grid in cases["sets"][name]
    )
    JOBS.extend(
        ("first hint", name, "masks", next_step, (grid,))
        for name in cases["hint_sets"]
        for grid in cases["hint_sets"][name]
    )
    JOBS.extend(
        ("hint on the path", name, "masks", next_step, (grid, marks))
        for name in cases["path_sets"]
        for grid, marks in cases["path_sets"][name]
    )
    JOBS.extend(
        ("from_bank", level, "masks", from_bank, (level, seed))
        for level in LEVELS
        for seed in range(cases["bank_seeds"])
    )
    JOBS.extend(
        ("generate", level, "masks", generate, (level, seed))
        for level in LEVELS
        for seed in range(cases["generate_seeds"].get(level, 0))
    )
    COUNT = len(JOBS)
    solver.SMALL_INTS = False
    solver.analyze("." * 81)  # the big int's tables built, both engines' code loaded
    solver.SMALL_INTS = True
    solver.analyze("." * 81)


def run(job):
    """Run one job and print its result line."""
    measure, name, engine, function, args = JOBS[job]
    solver.SMALL_INTS = True
    memory = gc.mem_alloc()
    start = cpu_ms()
    answer = function(*args)
    ms = cpu_ms() - start
    kb = (gc.mem_alloc() - memory) / 1024
    result = {"measure": measure, "set": name, "engine": engine, "ms": ms, "kb": kb}
    if function is analyze:
        result["answer"] = answer
    print("RESULT " + json.dumps(result))
