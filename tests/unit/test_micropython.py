"""The core answers the same in MicroPython as in CPython: one probe, two interpreters.

``mpy_probe.py`` prints what the core says about ~20 puzzles of the shared sets (a clash
and a puzzle with no solution among them): parse and every writer, solutions, counts up
to 1, 2 and 3, ``analyze``, conflicts, ``solveSudoku``, the first 120 events of each
strategy, the next logical step, the logical path in words and the level, a few generated
puzzles and puzzles from the bank, ``source()``, SVG pictures of a few steps
(``sudoku.render``), the refusals of bad arguments, and ``parse``'s answer to ~80 bad
inputs (unicode digits and spaces, nested lists, letters, wrong counts, broken literals).
It runs here in CPython and in PyScript's MicroPython, which the browser runs on the page
and in the widget (Node and the vendored ``micropython.mjs``, through ``mpy_probe.mjs``);
the two outputs must be equal line for line, and a failure shows the first difference.

MicroPython is the one the pages ship, from ``make vendor`` (``make unit`` runs it first:
npm's, with scripts/vendor.py's MICROPYTHON_FIXES), else npm's own; if neither is there
the test fails and says so: it never skips.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import COMMITTED_PUZZLES, LEETCODE, load_puzzles

from sudoku.words import LEVELS

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MICROPYTHON = (
    ROOT / "static" / "vendor" / "micropython" / "micropython.mjs",
    ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs",
)
"""Where the MicroPython that PyScript runs is: as the pages ship it (``make vendor``), else
npm's (``npm ci``)."""

EVENTS = 120
"""Events compared per strategy and puzzle: every kind comes up in them (backtracks
included), and 300 took a third of the probe's 35 s under MicroPython."""
KINDS = {"try", "place", "reject", "undo", "force", "stuck", "solved", "exhausted"}
"""Every kind of event a trace makes (``sudoku.tracing``)."""

ROWS = [LEETCODE[start : start + 9] for start in range(0, 81, 9)]
TOP95 = load_puzzles("top95", 5)
CLASH = "44" + TOP95[0][2:]
"""top95 #0 with a second 4 at r1c2: conflicting givens."""
UNSOLVABLE = "..3.7.948.8...9.3......3.25.1.5.......23...7.8.4.2....2.5.6.38167..........8....."
"""unbiased_1000 #28 with a wrong 8 at r2c2: no clash, and no solution."""
WORST = [
    line
    for number, line in enumerate((COMMITTED_PUZZLES / "no_solution.txt").read_text().split())
    if number in (332, 513)
]
"""Two worst cases over ``SECOND_AFTER`` nodes: both of the solver's searches run."""

HARDEST = load_puzzles("hardest", 4)
FORUM = load_puzzles("forum_hardest_1905_11plus", 3)
SEVENTEEN = load_puzzles("17_clue", 3)
UNBIASED = load_puzzles("unbiased_1000", 2)
PUZZLES = [
    *TOP95,
    *HARDEST,
    *SEVENTEEN,
    *FORUM,
    *UNBIASED,
    CLASH,
    UNSOLVABLE,
    *WORST,
    "." * 81,
]


STEPS = [
    (1 if puzzle == FORUM[0] else 0) if puzzle in FORUM else 12 if puzzle in HARDEST else 30
    for puzzle in PUZZLES
]
"""Logical steps compared per puzzle: enough for chains on the hardest ones (a split one
on the forum's first), whose whole paths take MicroPython seconds each (4 s median, 9 s
at most on the forum's: ``bench/hints.py --micropython``)."""
RATED = [
    number
    for number, puzzle in enumerate(PUZZLES)
    if puzzle in (*TOP95[:2], *SEVENTEEN, *UNBIASED, CLASH, UNSOLVABLE, "." * 81)
]
"""The puzzles rated in both (a whole path each): the quicker ones, and the refusals."""


def with_cell(cell: int, char: str) -> str:
    """LeetCode's example with one cell replaced."""
    return LEETCODE[:cell] + char + LEETCODE[cell + 1 :]


def in_script(zero: int) -> str:
    """LeetCode's example written in the digits whose zero is code point ``zero``."""
    return "".join(chr(zero + int(c)) if c != "." else chr(zero) for c in LEETCODE)


def json_with(value: object) -> str:
    """LeetCode JSON of the example with r1c1 replaced by ``value``."""
    board: list[list[object]] = [list(row) for row in ROWS]
    board[0][0] = value
    return json.dumps(board)


BAD_INPUTS: list[object] = [
    # text: counts, shapes and characters
    "",
    " \n\t\u3000",
    LEETCODE[:80],
    LEETCODE + "1",
    "-" * 9,
    "|+|+",
    with_cell(22, "x"),
    with_cell(0, "\x00"),
    with_cell(80, "\u2014"),
    with_cell(2, "\uff0e"),
    with_cell(4, "\u00b2"),
    with_cell(4, "\u00bd"),
    with_cell(4, "\u2167"),
    with_cell(4, "\u200b"),
    with_cell(4, "\u202e"),
    with_cell(4, "'"),
    with_cell(4, '"'),
    with_cell(4, "\\"),
    LEETCODE.replace(".", " ", 1),
    "Puzzle 1: " + LEETCODE,
    "\n".join([ROWS[0], "6..19x..", *ROWS[2:]]),
    "\n".join([*ROWS[:2], ROWS[2][:8], *ROWS[3:]]),
    "\n".join(ROWS[:8]),
    "\n".join([*ROWS, ROWS[0]]),
    "\n".join(" ".join(row.replace(".", " ")).rstrip() for row in ROWS),
    "\n".join(row.replace(".", " ").rstrip() for row in ROWS),
    "\n".join(["", "# from a newspaper", *ROWS]),
    LEETCODE[:40] + "\u00e9" + LEETCODE[42:],
    "." * 10_001,
    # text: unicode digits, spaces and line breaks (most of these read)
    in_script(0xFF10),
    in_script(0x0660),
    in_script(0x0966),
    in_script(0x1D7CE),
    in_script(0x1FBF0),
    with_cell(0, "\U0001d7d9"),
    "\u3000".join(LEETCODE),
    "\xa0".join(LEETCODE),
    "\u2028".join(ROWS),
    "\x85".join(ROWS),
    "\x0b".join(ROWS),
    "\x1c".join(ROWS),
    "\r".join(ROWS),
    "\r\n".join(ROWS),
    "\u2029\u2029".join(ROWS),
    "\n".join(" | ".join(" ".join(row[i : i + 3]) for i in (0, 3, 6)) for row in ROWS),
    "\n".join("\u2502".join(row[i : i + 3] for i in (0, 3, 6)) for row in ROWS),
    "\n".join([*ROWS[:3], "------+-------+------", *ROWS[3:]]),
    "\n".join([*ROWS[:3], "=====================", *ROWS[3:]]),
    # list literals
    "[]",
    "[[1]]",
    json.dumps([list(row) for row in ROWS]),
    repr([list(row) for row in ROWS]),
    repr([tuple(row) for row in ROWS]),
    repr([list(row) for row in ROWS])[:-1] + ",]",
    json.dumps([list(row) for row in ROWS], indent=2),
    json.dumps(ROWS),
    json_with(10),
    json_with(-1),
    json_with("x"),
    json_with("10"),
    json_with(""),
    json_with(value=True),
    json_with(None),
    json_with(5.0),
    json_with(1e5),
    json_with([5]),
    json_with([[5]]),
    json_with({"5": 5}),
    json_with("x" * 30),
    json_with("\u0665"),
    json_with("\u2014"),
    json_with(5).replace("5", "0x1F", 1),
    json_with(5).replace("5", "1" * 30, 1),
    json_with(5).replace('"5"', '"\\u0035"', 1),
    json_with(5).replace('"5"', "'\\x35'", 1),
    json_with(5).replace('"5"', '"\\q"', 1),
    json_with(5).replace('"5"', '"\\u12"', 1),
    json_with(5).replace('"5"', '"\\ud83d"', 1),
    '[["5]]',
    "[1, 2",
    "[[1, 2],\n [3 4]]",
    "[[1, 2)]",
    "[[1, 2]] [3]",
    "[[1, 2], , [3]]",
    '[["5"] * 9] * 9',
    "[__import__('os').getcwd()]",
    "[open('x', 'w')]",
    "[" * 5000,
    "[" * 40 + "]" * 40,
    "[[" + "1" * 5000 + "]]",
    "[(" * 3,
    "[{}]",
    # lists given as they are
    [],
    5,
    None,
    {"rows": 9},
    [[5] * 9] * 9,
    [[10**30] * 9] * 9,
    [[1.5] * 9] * 9,
    [[True] * 9] * 9,
    [["5"] * 9] * 8,
    [*ROWS[:8], 7],
    [*ROWS[:8], ROWS[8] + "1"],
    [[[5]] * 9] * 9,
    ROWS,
]
"""Inputs for ``parse``: text (a str) or a list given as is. Most are refused."""


def micropython() -> Path:
    """The vendored micropython.mjs (else npm's); fails (never skips) when it is missing."""
    for path in MICROPYTHON:
        if path.is_file():
            return path
    pytest.fail(
        "MicroPython is missing: run `npm ci` (`make unit` does) or `make vendor`; looked for "
        + ", ".join(str(path.relative_to(ROOT)) for path in MICROPYTHON)
    )


PROBE_S = 500
"""Seconds a probe may run: about 90 on a loaded 2-core machine (the hint engine's paths
under MicroPython are most of it); only a hung interpreter gets near this."""
pytestmark = pytest.mark.timeout(2 * PROBE_S)


def node() -> str:
    """The Node executable; fails when there is none (the README requires Node 20+)."""
    found = shutil.which("node")
    if not found:
        pytest.fail("Node is missing: it runs MicroPython for this test (Node 20+)")
    return found


def run(command: list[str]) -> list[str]:
    """The lines a probe printed; fails with its stderr if it did not finish cleanly."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        command,
        capture_output=True,
        check=False,
        timeout=PROBE_S,
        cwd=ROOT,
        env=env,
        encoding="utf-8",
    )
    if done.returncode != 0:
        pytest.fail(f"{command[0]} probe failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return done.stdout.split("\n")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[str]]:
    """The probe's output lines in CPython and in MicroPython, on the same cases."""
    cases = tmp_path_factory.mktemp("probe") / "cases.json"
    data = {
        "puzzles": PUZZLES,
        "bad": BAD_INPUTS,
        "events": EVENTS,
        "steps": STEPS,
        "rated": RATED,
    }
    cases.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # raw UTF-8:
    # MicroPython's json reads a surrogate pair escape as two characters
    probe = str(HERE / "mpy_probe.py")
    cpython = run([sys.executable, probe, str(cases)])
    mjs = str(HERE / "mpy_probe.mjs")
    package = str(ROOT / "src" / "sudoku")
    return cpython, run([node(), mjs, str(micropython()), package, probe, str(cases)])


def test_the_probe_asks_everything(outputs: tuple[list[str], list[str]]) -> None:
    """The CPython output covers every puzzle, strategy and input (no empty agreement)."""
    cpython, _ = outputs
    assert cpython[-2:] == ["the end", ""]
    for number in range(len(PUZZLES)):
        for strategy in ("naive", "mrv", "propagate"):
            assert f"puzzle {number} {strategy} replay" in "\n".join(cpython)
        assert (f"puzzle {number} rate " in "\n".join(cpython)) == (number in RATED)
    kinds = {line.split('"kind": "')[1].split('"')[0] for line in cpython if '"kind": "' in line}
    assert kinds == KINDS
    assert sum(" path " in line for line in cpython) > 300
    techniques = {line.split('"')[1].split(":")[0] for line in cpython if " path " in line}
    assert {"contradiction chain", "hidden single", "naked single", "pointing"} <= techniques
    assert sum(line.startswith("wrong_entry ") for line in cpython) == 2
    assert sum(line.startswith("generate easy") for line in cpython) == 3
    from_bank = [line for line in cpython if line.startswith("from_bank ")]
    assert sum(len(line.split()[-1]) == 83 for line in from_bank) == 3 * len(LEVELS)  # a grid each
    assert from_bank[-1].startswith("from_bank refuses error ValueError: ")
    assert sum(line.startswith("input ") for line in cpython) == len(BAD_INPUTS)
    assert sum(" error PuzzleError: " in line for line in cpython) > 60
    assert sum(line.startswith("render ") and "<svg " in line for line in cpython) == 4 * 3 * 5
    assert (
        sum(line.startswith("render range") and " error ValueError: " in line for line in cpython)
        == 5
    )


def test_micropython_answers_as_cpython_does(outputs: tuple[list[str], list[str]]) -> None:
    """Line for line the same; else the first line that differs, with its number."""
    cpython, micro = outputs
    for number, (expected, got) in enumerate(zip(cpython, micro, strict=False), 1):
        if expected != got:
            pytest.fail(
                f"line {number} differs:\n  CPython:     {expected[:500]}\n"
                f"  MicroPython: {got[:500]}"
            )
    assert len(micro) == len(cpython), (
        f"CPython printed {len(cpython)} lines, MicroPython {len(micro)}"
    )


COMPILE = """import sys
for path in sys.argv[1:]:
    try:
        compile(open(path).read(), path, "exec")
    except SyntaxError as error:
        print("cannot compile", path, error)
print("compiled", len(sys.argv) - 1)
"""
"""A probe that compiles each file it is given and names those MicroPython refuses."""


def test_the_browser_glue_compiles_in_micropython(tmp_path: Path) -> None:
    """Every file of src/web is Python that MicroPython reads (no star in a display, no
    syntax it lacks): a page whose module does not compile never gets ready."""
    files = sorted(str(path) for path in (ROOT / "src" / "web").rglob("*.py"))
    script = tmp_path / "compile_all.py"
    script.write_text(COMPILE, encoding="utf-8")
    mjs = str(HERE / "mpy_probe.mjs")
    package = str(ROOT / "src" / "sudoku")
    lines = run([node(), mjs, str(micropython()), package, str(script), *files])
    assert [line for line in lines if line] == [f"compiled {len(files)}"]
