"""The probe that ``test_micropython.py`` runs in CPython and in MicroPython: one answer of
the core a line, so that the two outputs can be compared line by line.

    python mpy_probe.py CASES.json

``CASES.json`` holds ``{"puzzles": [...], "bad": [...], "events": N}``: grids to read, solve,
count, check, trace (the first N events of each strategy) and reason about (the next
logical step, the logical path in words, the level), and inputs for ``parse``
(text, or a list given as is), most of them refused. The probe then asks the questions
whose answers must be the same everywhere: ``source()``, the API's refusals, the compat
shims, the generator's first puzzles for a few seeds, puzzles from the bank, and SVG
pictures of a few steps (``sudoku.render``). It prints with its own ``dump`` (sorted keys,
every character outside printable ASCII escaped), so no difference between the
interpreters' ``json`` or ``repr`` shows.
Written for both interpreters: no typing, no dict order, nothing MicroPython lacks.
"""

import json
import sys

import sudoku
from sudoku import logic
from sudoku.compat import (
    DIGIT_ZEROS,
    WHITESPACE,
    bit_count,
    bit_length,
    digit_value,
    quoted,
    splitlines,
    strip,
)
from sudoku.generator import numbers
from sudoku.tracing import apply, source


def dump(value):
    """``value`` as one line of JSON-like text: sorted keys, non-ASCII escaped."""
    if value is None or value is True or value is False:
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "float " + repr(value)
    if isinstance(value, str):
        out = []
        for char in value:
            code = ord(char)
            if char in '\\"':
                out.append("\\" + char)
            elif 0x20 <= code < 0x7F:
                out.append(char)
            else:
                out.append("\\u{" + hex(code)[2:] + "}")  # noqa: FURB116 - MicroPython
        return '"' + "".join(out) + '"'
    if isinstance(value, dict):
        keys = sorted(value)
        return "{" + ", ".join(dump(key) + ": " + dump(value[key]) for key in keys) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(dump(item) for item in value) + "]"
    return "<" + type(value).__name__ + ">"


def attempt(function, *args, **kwargs):
    """What a call answers: its value, or its error's type and message."""
    try:
        return dump(function(*args, **kwargs))
    except Exception as error:  # the answer is whatever it raises
        return "error " + type(error).__name__ + ": " + dump(str(error))


def say(*parts):
    """One line of the answer."""
    print(" ".join(str(part) for part in parts))


def first_events(grid, strategy, count):
    """The first ``count`` events of a trace."""
    events = []
    for event in sudoku.trace(grid, strategy):
        events.append(event)
        if len(events) == count:
            break
    return events


def solve_in_place(board):
    """``Solution().solveSudoku`` on ``board``: the board after it."""
    sudoku.Solution().solveSudoku(board)
    return board


def probe_puzzle(number, puzzle, events):
    """Everything the core says about one puzzle."""
    tag = "puzzle " + str(number)
    say(tag, "parse", attempt(sudoku.parse, puzzle))
    grid = sudoku.parse(puzzle)
    for write in (sudoku.to_line, sudoku.to_pretty, sudoku.to_json, sudoku.to_leetcode):
        text = write(grid)
        say(tag, write.__name__, dump(text))
        say(tag, write.__name__, "reads back", attempt(sudoku.parse, text))
    say(tag, "to_line 0", dump(sudoku.to_line(grid, "0")))
    say(tag, "solve", attempt(sudoku.solve, grid))
    for limit in (1, 2, 3):
        say(tag, "count", limit, attempt(sudoku.count_solutions, grid, limit))
    say(tag, "analyze", attempt(sudoku.analyze, grid))
    found = sudoku.conflicts(grid)
    say(tag, "conflicts", dump([list(conflict) for conflict in found]))
    for conflict in found[:20]:
        say(tag, "describe", dump(sudoku.describe(conflict)))
    say(tag, "leetcode", attempt(solve_in_place, sudoku.to_leetcode(grid)))
    for strategy in sudoku.STRATEGIES:
        trace = first_events(grid, strategy, events)
        for step, event in enumerate(trace):
            say(tag, strategy, step, dump(event))
        say(tag, strategy, "replay", attempt(sudoku.replay, grid, trace))
        cells = list(grid)
        for event in trace:
            apply(cells, event)
        for event in reversed(trace):
            apply(cells, event, backward=True)
        say(tag, strategy, "back to the start", "".join(cells) == grid)


def probe_logic(number, puzzle, steps, rated):
    """The logical steps for one puzzle: the first ``steps`` of the path (each the
    ``next_step`` of the one before) in words with their ratings, and (if ``rated``) the
    rating and level."""
    tag = "puzzle " + str(number)
    grid = start = sudoku.parse(puzzle)
    try:
        marks = sudoku.marks_of(grid)
        for _ in range(steps):
            step = sudoku.next_step(grid, marks)
            if step is None:
                break
            say(tag, "path", dump(sudoku.say(step)), dump(step.rating))
            grid, marks = sudoku.apply_step(grid, marks, step)
    except ValueError as error:
        say(tag, "path", "error " + type(error).__name__ + ": " + dump(str(error)))
    else:
        say(tag, "path reached", dump(grid))
    if rated:
        say(tag, "rate", attempt(sudoku.rate, start))


def probe_companion(cases):
    """Marks given by a caller, the generator's stream and puzzles, their refusals."""
    marks = ["123456789"] * 81
    marks[40] = "4"
    say("next_step marks", attempt(lambda: sudoku.say(sudoku.next_step("." * 81, marks))))
    say("next_step bad marks", attempt(sudoku.next_step, "." * 81, ["1"] * 80))
    givens = sudoku.parse(cases["puzzles"][0])
    solution = sudoku.solve(givens)
    blanks = [i for i in range(81) if givens[i] == "."]
    wrong = str(int(solution[blanks[1]]) % 9 + 1)
    for cell, digit in ((blanks[0], solution[blanks[0]]), (blanks[1], wrong)):
        board = givens[:cell] + digit + givens[cell + 1 :]
        found = logic.wrong_entry(givens, board)
        say("wrong_entry", cell, digit, dump(found and sudoku.say(found)))
    stream = numbers(0)
    say("splitmix64", dump([next(stream) for _ in range(4)]))
    for seed in (0, 1, 18446744073709551615):
        say("generate easy", seed, attempt(sudoku.generate, "easy", seed))
    say("generate medium", attempt(sudoku.generate, "medium", 2))
    for level in sudoku.LEVELS:
        for seed in (0, 1, 18446744073709551615):
            say("from_bank", level, seed, attempt(sudoku.from_bank, level, seed))
    say("from_bank refuses", attempt(sudoku.from_bank, "impossible", 1))
    for level, seed in (("Easy", 1), ("easy", -1), ("easy", 2**64), ("easy", 1.5)):
        say("generate refuses", dump(level), attempt(sudoku.generate, level, seed))


def probe_sources():
    """Each strategy's source text, line by line, and its event lines."""
    for strategy in sudoku.STRATEGIES:
        text, lines = source(strategy)
        for number, line in enumerate(text.split("\n"), 1):
            say("source", strategy, number, dump(line))
        say("source", strategy, "lines", dump(lines))


def probe_refusals(grid):
    """The public API's refusals of bad arguments."""
    for limit in (2.5, float("inf"), float("nan"), True, "2", None, [2], 0, -1):
        say("count limit", dump(limit), attempt(sudoku.count_solutions, grid, limit))
        say("analyze limit", dump(limit), attempt(sudoku.analyze, grid, limit))
    for bad in (None, "55", "x" * 81, "0" * 81, list(grid), grid + "."):
        say("bad grid", dump(bad)[:40])
        for function in (sudoku.solve, sudoku.count_solutions, sudoku.conflicts, sudoku.trace):
            say("  ", function.__name__, attempt(function, bad))
        say("  ", "replay", attempt(sudoku.replay, bad, []))
    for strategy in (["naive"], None, 1, "dfs", "Naive", ""):
        say("strategy", dump(strategy), attempt(sudoku.trace, grid, strategy))
        say("source", dump(strategy), attempt(source, strategy))
    rows = [grid[start : start + 9] for start in range(0, 81, 9)]
    say("solveSudoku strings", attempt(solve_in_place, rows))
    say("solveSudoku tuples", attempt(solve_in_place, [tuple(row) for row in rows]))
    say("solveSudoku short", attempt(solve_in_place, [list(row) for row in rows[:8]]))
    event = {"step": 7, "kind": "place", "cell": "r1c1", "digit": "9"}
    say("apply", attempt(apply, list("1" * 81), event))
    say("apply back", attempt(apply, list("1" * 81), event, backward=True))


def probe_compat():
    """The shims themselves, on the values where the interpreters differ."""
    for shift in (0, 1, 7, 63, 64, 65, 100, 809, 810):
        for number in ((1 << shift) - 1, 1 << shift, (1 << shift) | 5):
            say("bits", shift, bit_length(number), bit_count(number))
    for zero in DIGIT_ZEROS:
        say("digits", hex(zero), dump([digit_value(chr(zero + n)) for n in range(-1, 11)]))
    say("whitespace", dump([quoted(char) for char in WHITESPACE]))
    tricky = "a\r\nb\rc\nd\x0be\x0cf\x1cg\x1dh\x1ei\x85j\u2028k\u2029l\r\r\nm\n"
    say("splitlines", dump(splitlines(tricky)))
    say("strip", dump(strip(WHITESPACE + "x\u0660 \u0660" + WHITESPACE)))
    chars = "a'\"\\\t\n\r\x00\x1f\x7f\x80\xa0\xad\xe9\u0665\u200b\u202e\u2014\u3000\uff0e\ue000"
    say("quoted", dump([quoted(char) for char in chars]), dump(quoted('it\'s "x"')))


def probe_render(puzzles):
    """The pictures of a few steps (``sudoku.render``): SVG text, the same everywhere."""
    from sudoku import render

    for number, puzzle in enumerate(puzzles):
        grid = sudoku.parse(puzzle)
        for strategy in sudoku.STRATEGIES:
            tag = "render " + str(number) + " " + strategy
            for step in (0, 1, 7, 60):
                say(tag, step, dump(render.svg(render.scene(grid, strategy, step))))
            say(
                tag, "storyboard", dump(render.storyboard(render.scenes(grid, strategy, 0, 60, 15)))
            )
        say(
            "render",
            number,
            "to the end",
            dump(list(render.scenes(grid, "propagate", 0, 10**6, 7))),
        )
    for first, last, every in ((5, 2, 1), (-1, 3, 1), (0, 3, 0), (0, 3, True), (0, 2.5, 1)):
        say(
            "render range",
            first,
            last,
            every,
            attempt(render.scenes, puzzles[0], "mrv", first, last, every),
        )
    say("render none", attempt(render.storyboard, []))


def main():
    """Read the cases, print every answer."""
    with open(sys.argv[1]) as file:  # noqa: PTH123 - no pathlib in MicroPython
        cases = json.load(file)
    say("implementation", "CPython or MicroPython: the rest must not differ")
    for number, puzzle in enumerate(cases["puzzles"]):
        probe_puzzle(number, puzzle, cases["events"])
        probe_logic(number, puzzle, cases["steps"][number], number in cases["rated"])
    probe_companion(cases)
    probe_sources()
    for number, bad in enumerate(cases["bad"]):
        say("input", number, attempt(sudoku.parse, bad))
    probe_refusals(sudoku.parse(cases["puzzles"][0]))
    probe_compat()
    probe_render([cases["puzzles"][i] for i in (0, -5, -4, -1)])
    say("the end")


main()
