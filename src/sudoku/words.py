"""The core's names and sentences: every strategy name, verdict and phrase about a board
that the CLI, the worker and the pages show is written here once (the pages import it:
it is small, and needs nothing else).

Names come in as the glossary spells them (``r3c5``, ``row 3``): these functions only
put them in words.
"""

from __future__ import annotations

STRATEGIES = ("naive", "mrv", "propagate")
"""The teaching strategies, in the order pages list them (``sudoku.tracing`` runs them)."""

VERDICTS = ("none", "unique", "multiple")
"""``analyze``'s verdict for 0, 1 and 2 or more solutions (the worker's answer too)."""

VERDICT_WORDS = {
    "none": "no solution",
    "unique": "unique solution",
    "multiple": "more than one solution",
}
"""Each verdict as people read it (the CLI's ``count`` and the app's status)."""

NAKED_SINGLE = "naked single"


def both_hold(first: str, second: str, digit: str, unit: str) -> str:
    """Two peers with one digit: ``r1c1 and r1c5 both hold 5 in row 1``."""
    return f"{first} and {second} both hold {digit} in {unit}"


def no_candidate(cell: str) -> str:
    """A blank no digit fits: ``no candidate left for r3c5``."""
    return f"no candidate left for {cell}"


def no_place(digit: str, unit: str) -> str:
    """A digit no cell of a unit can take: ``no place left for 4 in row 3``."""
    return f"no place left for {digit} in {unit}"


def hidden_single(unit: str) -> str:
    """Why a digit is forced when it has one place left: ``hidden single in box 2``."""
    return f"hidden single in {unit}"


def holds_it(peer: str, unit: str) -> str:
    """Why a try is rejected: ``r3c1 holds it in row 3``."""
    return f"{peer} holds it in {unit}"


def next_choice(cell: str, digits: str) -> str:
    """The blank mrv chooses next and its candidates: ``mrv's next cell: r3c5, 2 candidates,
    4 and 7`` (``1 candidate, 5``; ``no candidate``: a dead end)."""
    if not digits:
        return f"mrv's next cell: {cell}, no candidate"
    if len(digits) == 1:
        return f"mrv's next cell: {cell}, 1 candidate, {digits}"
    listed = ", ".join(digits[:-1]) + " and " + digits[-1]
    return f"mrv's next cell: {cell}, {len(digits)} candidates, {listed}"
