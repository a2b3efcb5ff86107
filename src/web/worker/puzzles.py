"""New puzzles, in the app's worker: one of a level from the bank (``sudoku.generator``,
loaded on first use: only the app's worker needs it)."""

from contract import failure, reply

from sudoku.compat import ms_since, ticks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import Answer, Generated


def generate(level: "Any", seed: "Any" = None) -> "Answer[Generated]":
    """A new puzzle of ``level`` from ``seed`` (a whole number; None draws one):
    ``{"grid", "level", "seed", "givens", "ms"}``, or ``{"error"}`` for an unknown level
    or a bad seed. It comes from the bank (``generator.from_bank``: a rated puzzle
    rearranged: at once), not the seeded generator, which takes seconds and hundreds of
    MB for a hard puzzle under MicroPython (docs/benchmarks.md)."""
    from sudoku import generator  # noqa: PLC0415 (only the app's worker needs it)

    if isinstance(seed, float) and seed == int(seed):
        seed = int(seed)  # JS numbers arrive as floats
    start = ticks()
    try:
        grid = generator.from_bank(level, seed)
    except (TypeError, ValueError) as error:
        return failure(str(error))
    answer: Generated = {
        "grid": grid,
        "level": level,
        "seed": seed,
        "givens": 81 - grid.count("."),
        "ms": round(ms_since(start), 3),
    }
    return reply(answer)
