"""The new tracer (the rows tell of writes; ``sys.monitoring`` for calls and, when asked,
lines) writes, lines and counts what the old one did (``sys.settrace`` on every line,
settrace_tracer.py): tracer_compare.py, on the code lab's starting points and on hostile
code, in this CPython (3.11: the settrace fallback), in every other CPython 3.12+ pyenv
holds on this machine, and in the vendored Pyodide (3.14: ``sys.monitoring``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from test_micropython import node, run
from test_pyodide import pyodide

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYENV = Path(os.environ.get("PYENV_ROOT", "/root/.pyenv")) / "versions"
OTHERS = sorted(str(p) for p in PYENV.glob("3.1[2-9]*/bin/python3")) if PYENV.is_dir() else []
"""CPython 3.12+ interpreters beside this one (sys.monitoring), where there are any."""


def checked(lines: list[str]) -> None:
    """Every case the same in both tracers, and all of them there."""
    assert lines[-2:] == ["the end", ""], lines[-5:]
    cases = lines[:-2]
    assert len(cases) == 4 * 2 + 9
    differing = [line for line in cases if not line.endswith(" same")]
    assert not differing, "\n".join(differing)


@pytest.mark.parametrize("python", [sys.executable, *OTHERS])
def test_cpython_writes_as_the_old_tracer(python: str) -> None:
    """In CPython (this one, and any 3.12+ beside it): the probe's folder is its path."""
    checked(run([python, str(HERE / "tracer_compare.py")]))


def test_pyodide_writes_as_the_old_tracer(tmp_path: Path) -> None:
    """In Pyodide, whose 3.14 has sys.monitoring: both tracers copied beside the probe."""
    script = tmp_path / "probe.py"
    reference = (HERE / "settrace_tracer.py").read_text()
    compare = (HERE / "tracer_compare.py").read_text()
    script.write_text(
        "import sys, types\n"
        f"module = types.ModuleType('settrace_tracer')\nexec(compile({reference!r}, "
        "'settrace_tracer.py', 'exec'), module.__dict__)\n"
        "sys.modules['settrace_tracer'] = module\n"
        f"exec(compile({compare!r}, 'tracer_compare.py', 'exec'), {{'__name__': '__main__'}})\n"
    )
    mjs = str(HERE / "pyodide_probe.mjs")
    checked(run([node(), mjs, str(pyodide()), str(ROOT / "src" / "sudoku"), str(script)]))
