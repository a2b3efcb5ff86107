"""The tracer and the judge answer the same in Pyodide as in CPython: one probe, two
interpreters.

``tracer_probe.py`` prints what ``sudoku.watching`` and ``sudoku.judging`` say about the
code lab's starting points, the built-in strategies' plain code (its writes against the
trace's, line for line) and runaway or broken code (loops, one on a single line, deep
recursion, exceptions, a syntax error, no solver, printing). It runs here in CPython and
in the vendored Pyodide (Python 3.14, what the code lab runs a reader's code in) through
Node and ``pyodide_probe.mjs``; the outputs must be equal line for line.

Pyodide comes from ``npm ci`` (``make unit`` runs it first) or ``make vendor``; if neither
is there the test fails and says so: it never skips.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_micropython import node, run

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYODIDE = (ROOT / "node_modules" / "pyodide", ROOT / "static" / "vendor" / "pyodide")
"""Where the vendored Pyodide is: after ``npm ci``, or after ``make vendor``."""


def pyodide() -> Path:
    """The folder of the vendored pyodide.mjs; fails (never skips) when it is missing."""
    for folder in PYODIDE:
        if (folder / "pyodide.mjs").is_file():
            return folder
    pytest.fail("Pyodide is missing: run `npm ci` (`make unit` does) or `make vendor`")


@pytest.fixture(scope="module")
def outputs() -> tuple[list[str], list[str]]:
    """The probe's output lines in CPython and in Pyodide."""
    probe = str(HERE / "tracer_probe.py")
    cpython = run([sys.executable, probe])
    mjs = str(HERE / "pyodide_probe.mjs")
    return cpython, run([node(), mjs, str(pyodide()), str(ROOT / "src" / "sudoku"), probe])


def test_the_probe_asks_everything(outputs: tuple[list[str], list[str]]) -> None:
    """The CPython output covers every starting point, strategy and case (no empty
    agreement): each plain strategy writes as traced, runaway code is stopped."""
    cpython, _ = outputs
    assert cpython[-2:] == ["the end", ""]
    assert sum(" ok " in line for line in cpython) == 4 * 2
    assert sum("plain writes as traced: True" in line for line in cpython) == 3 * 2
    late = "stopped: took more than 1 s: LeetCode would time out"
    assert sum(late in line for line in cpython) == 3
    assert sum(" error error on line " in line for line in cpython) == 3


def test_pyodide_answers_as_cpython_does(outputs: tuple[list[str], list[str]]) -> None:
    """Line for line the same; else the first line that differs, with its number."""
    cpython, pyodide_lines = outputs
    for number, (expected, got) in enumerate(zip(cpython, pyodide_lines, strict=False), 1):
        if expected != got:
            pytest.fail(
                f"line {number} differs:\n  CPython: {expected[:500]}\n  Pyodide: {got[:500]}"
            )
    assert len(pyodide_lines) == len(cpython)
