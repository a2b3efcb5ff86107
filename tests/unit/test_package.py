"""The package's front door (src/sudoku/__init__.py): every public name, loaded lazily."""

from __future__ import annotations

import subprocess
import sys

import pytest

import sudoku


def test_every_public_name_has_one_home() -> None:
    """``__all__`` and the table of homes name the same names, each in its module."""
    assert sorted(sudoku.HOME_OF) == sorted(sudoku.__all__)
    for name, module in sudoku.HOME_OF.items():
        home = __import__(f"sudoku.{module}", fromlist=[name])
        assert getattr(sudoku, name) is getattr(home, name)


def test_import_loads_only_compat_and_a_name_only_its_module() -> None:
    """``import sudoku`` compiles no search; ``sudoku.cell_name`` loads the grid alone."""
    probe = (
        "import sys, sudoku; a = sorted(m for m in sys.modules if m.startswith('sudoku')); "
        "sudoku.cell_name(0); b = sorted(m for m in sys.modules if m.startswith('sudoku')); "
        "print(a, b)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [
        "['sudoku',",
        "'sudoku.compat']",
        "['sudoku',",
        "'sudoku.compat',",
        "'sudoku.grid']",
    ]


def test_the_trace_function_is_not_shadowed_by_its_module() -> None:
    """``sudoku.trace`` stays the function once the teaching module is imported."""
    import sudoku.tracing

    assert callable(sudoku.trace)
    assert sudoku.trace is sudoku.tracing.trace


def test_an_unknown_name_is_an_attribute_error() -> None:
    """A name the package does not have fails as any module's would."""
    with pytest.raises(AttributeError, match="nothing"):
        sudoku.nothing  # noqa: B018  (the access under test)
    assert set(sudoku.__all__) <= set(dir(sudoku))
