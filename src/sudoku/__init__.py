"""Sudoku Lab's core: read, check, solve and trace Sudoku puzzles in pure Python.

Glossary (Norvig's words, used everywhere, UI messages included):

- **cell**: one of the 81 squares, named ``r{row}c{col}`` from ``r1c1`` to ``r9c9``;
  in code an index 0..80 in row-major order.
- **unit**: a row, a column or a 3x3 box: nine cells that must hold 1-9 once each.
- **peer**: a cell that shares a unit with another; every cell has 20 peers.
- **given**: a digit fixed by the puzzle; the other cells are blanks.
- **candidate**: a digit a blank may still take, because no peer holds it.
- **grid**: the one board value, an 81-character string of ``1``-``9`` and ``.``.
- **board**: the LeetCode 37 shape of a grid, 9 lists of 9 one-character strings.
- **node**: one guess placed by a search; **backtrack**: one guess taken back.
- **marks**: every cell's candidates as a person pencils them in, 81 strings of digits
  (``""`` for a filled cell); logic crosses more out than the peers alone do.
- **technique**: a rule a person applies by reasoning, not guessing (naked single,
  hidden single, pointing, ..., x-wing); one use of it is a **step**.
- **placement**: a step's digit written into a cell; **elimination**: a candidate a step
  crosses out of a cell. Both are (cell, digit) pairs.
- **level**: how hard a puzzle is for a person: easy, medium, hard or expert, after the
  hardest technique its logical path needs (``sudoku.logic`` has the mapping).

The package has no third-party or browser import: it runs unchanged in CPython 3.11+, in
MicroPython (every page and the app's and the widget's workers) and in Pyodide (the code
lab's runner and the app's deep worker). One module is the exception, and only for
CPython: ``gif``, whose animated GIFs need Pillow (the optional ``render`` extra),
imported when a GIF is made. What differs between the interpreters is handled in one
place, ``sudoku.compat``, imported first: it also lets MicroPython read ``from __future__
import annotations``.

Modules: ``grid`` (the glossary's tables), ``formats`` (reading and writing puzzles),
``validate`` (conflicts), ``solver`` (the fast search), ``tracing`` (the teaching
strategies, event by event), ``logic`` (the steps a person could take: hints, paths,
levels), ``generator`` (new puzzles of a level), ``render`` (a step, or a storyboard of
steps, as SVG), ``gif`` (steps as an animated GIF), ``leetcode`` (LeetCode 37's class),
``words`` (every phrase shown), ``recording`` (a run of a reader's code as data the
player plays: every interpreter), ``plain`` (LeetCode solutions as plain code: the strategies
as the player shows them, the code lab's starting points), ``watching`` (a reader's own
solution run and watched write by write) and ``judging`` (its verdict), both CPython and
Pyodide only (``sys.settrace``), ``cli``.

The names below load their module on first use (PEP 562's module ``__getattr__``, which
MicroPython has too): a page that needs only ``sudoku.grid``'s names does not compile the
solver. ``import sudoku`` itself loads ``compat`` only.
"""

from sudoku import compat  # noqa: F401  (first: the other modules rely on it)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from sudoku.formats import PuzzleError, parse, to_json, to_leetcode, to_line, to_pretty
    from sudoku.generator import from_bank, generate, puzzles
    from sudoku.grid import Board, Grid, cell_name, unit_name
    from sudoku.judging import judge, verdict
    from sudoku.leetcode import Solution
    from sudoku.logic import (
        Step,
        apply_step,
        chain_steps,
        marks_of,
        next_step,
        rate,
        rating_walk,
        say,
        solve_path,
        wrong_entry,
    )
    from sudoku.recording import RecordingError, read_recording, record
    from sudoku.render import Scene, scene, scenes, storyboard, svg
    from sudoku.solver import Analysis, analyze, count_solutions, solve
    from sudoku.tracing import Event, replay, trace
    from sudoku.validate import Conflict, conflicts, describe
    from sudoku.watching import Limits, watch
    from sudoku.words import LEVELS, STRATEGIES, TECHNIQUES

HOMES = {
    "formats": ("PuzzleError", "parse", "to_json", "to_leetcode", "to_line", "to_pretty"),
    "generator": ("from_bank", "generate", "puzzles"),
    "grid": ("Board", "Grid", "cell_name", "unit_name"),
    "judging": ("judge", "verdict"),
    "leetcode": ("Solution",),
    "logic": (
        "Step",
        "apply_step",
        "chain_steps",
        "marks_of",
        "next_step",
        "rate",
        "rating_walk",
        "say",
        "solve_path",
        "wrong_entry",
    ),
    "recording": ("RecordingError", "read_recording", "record"),
    "render": ("Scene", "scene", "scenes", "storyboard", "svg"),
    "solver": ("Analysis", "analyze", "count_solutions", "solve"),
    "tracing": ("Event", "replay", "trace"),
    "words": ("LEVELS", "STRATEGIES", "TECHNIQUES"),
    "validate": ("Conflict", "conflicts", "describe"),
    "watching": ("Limits", "watch"),
}
"""The module each public name of ``__all__`` lives in (a unit test keeps them equal)."""

HOME_OF = {name: module for module, names in HOMES.items() for name in names}

__all__ = [
    "LEVELS",
    "STRATEGIES",
    "TECHNIQUES",
    "Analysis",
    "Board",
    "Conflict",
    "Event",
    "Grid",
    "Limits",
    "PuzzleError",
    "RecordingError",
    "Scene",
    "Solution",
    "Step",
    "analyze",
    "apply_step",
    "cell_name",
    "chain_steps",
    "conflicts",
    "count_solutions",
    "describe",
    "from_bank",
    "generate",
    "judge",
    "marks_of",
    "next_step",
    "parse",
    "puzzles",
    "rate",
    "rating_walk",
    "read_recording",
    "record",
    "replay",
    "say",
    "scene",
    "scenes",
    "solve",
    "solve_path",
    "storyboard",
    "svg",
    "to_json",
    "to_leetcode",
    "to_line",
    "to_pretty",
    "trace",
    "unit_name",
    "verdict",
    "watch",
    "wrong_entry",
]


def __getattr__(name: str) -> object:
    """Load a public name's module on first use, and keep the name here.

    A submodule's own name loads it too: MicroPython's ``from sudoku import formats``
    asks this function before it looks for a submodule (CPython looks first).
    """
    module = HOME_OF.get(name)
    try:
        found = __import__("sudoku." + (module or name), None, None, [name])
    except ImportError:
        found = None
    if found is None or (module is not None and not hasattr(found, name)):
        raise AttributeError("module 'sudoku' has no attribute " + repr(name))
    value = getattr(found, name) if module else found
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the not yet loaded public ones included."""
    return sorted(set(globals()) | set(HOME_OF))
