"""Write tests/data/puzzles/no_solution.txt: puzzles with no solution whose givens agree.

What a typo makes: every given is allowed by its peers, yet the puzzle has no solution,
and only search can prove it. A cell-by-cell search can take seconds on such a puzzle
(issue 11: one took 5.9 s in CPython), so the solver's tests and ``bench/solver.py``
run this set. Made from a fixed seed, so running the script again writes the same file.

Three kinds, one puzzle a line (81 characters, as the shared sets):

- **added**: a puzzle of a shared set (all of ``top95``, a spread of
  ``forum_hardest_1905_11plus`` and of ``17_clue``) with one more given on a blank, a
  digit its peers allow but not the solution's. The puzzle has exactly one solution, so
  the new given leaves none: no search is needed to know it.
- **changed**: the same puzzles with one given changed to another digit its peers allow;
  kept when the solver finds no solution (a change can also make a puzzle with some).
- **random**: givens placed one at a time on random cells, each a digit its peers allow,
  ``RANDOM_GIVENS`` of them; kept when the puzzle has no solution and propagation alone
  does not find it out (the search has to guess).
- **pigeonhole**: sparse puzzles whose contradiction sits inside one unit, where singles
  cannot see it: ``k`` digits with ``k - 1`` cells left for them, or ``k`` cells with
  ``k - 1`` digits (``pigeonhole``). A search that guesses in the open rest of the board
  first explodes on some of them (the previous solver: 42,000 nodes on one).
- **hunted**: pigeonhole puzzles changed one given at a time (added, removed or changed,
  never clashing, never leaving a solution), each change kept when the solver needs as
  many nodes or more: the puzzles that make the package's own solver work hardest.

The sources are read through ``tests/support.py`` and only their first 2,000 lines are
used, which the committed sample holds too: the file is the same with or without
``../shared/puzzles``.

``python scripts/no_solution_puzzles.py`` (writes the file and prints what it holds)
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from support import COMMITTED_PUZZLES, load_puzzles  # noqa: E402

from sudoku.grid import DIGITS, PEERS, UNITS  # noqa: E402
from sudoku.solver import Search, analyze, solve  # noqa: E402

TARGET = COMMITTED_PUZZLES / "no_solution.txt"
SEED = 11
"""Issue 11 asked for the set."""
SOURCES = {"top95": (95, 1), "forum_hardest_1905_11plus": (100, 20), "17_clue": (100, 20)}
"""Puzzles taken from each shared set: (how many, every how many-th of its first 2,000)."""
RANDOM_TRIES = 1000
"""Random puzzles made; the ones with no solution are kept."""
RANDOM_GIVENS = range(18, 31)
"""How many givens a random puzzle gets (chosen uniformly): sparse, where search is long."""
PIGEONHOLES = 200
"""Pigeonhole puzzles made."""
HUNTS, HUNT_STEPS, HUNT_CAP = 24, 150, 20_000
"""Hunted puzzles made, changes tried for each, and the nodes a try may take."""


def allowed(puzzle: str, cell: int, digit: str) -> bool:
    """Whether no peer of ``cell`` holds ``digit``."""
    return all(puzzle[peer] != digit for peer in PEERS[cell])


def with_given(puzzle: str, cell: int, digit: str) -> str:
    """``puzzle`` with ``digit`` at ``cell``."""
    return puzzle[:cell] + digit + puzzle[cell + 1 :]


def added(rng: random.Random, puzzle: str, solution: str) -> str:
    """``puzzle`` with one more given, allowed by its peers but not the solution's digit."""
    choices = [
        (cell, digit)
        for cell, char in enumerate(puzzle)
        if char == "."
        for digit in DIGITS
        if digit != solution[cell] and allowed(puzzle, cell, digit)
    ]
    return with_given(puzzle, *rng.choice(choices))


def changed(rng: random.Random, puzzle: str) -> str:
    """``puzzle`` with one given changed to another digit its peers allow."""
    choices = [
        (cell, digit)
        for cell, char in enumerate(puzzle)
        if char != "."
        for digit in DIGITS
        if digit != char and allowed(puzzle, cell, digit)
    ]
    return with_given(puzzle, *rng.choice(choices))


def sparse(rng: random.Random) -> str:
    """A random puzzle: ``RANDOM_GIVENS`` givens, each on a blank cell its peers allow."""
    puzzle = "." * 81
    count = rng.choice(RANDOM_GIVENS)
    while count:
        cell, digit = rng.randrange(81), rng.choice(DIGITS)
        if puzzle[cell] == "." and allowed(puzzle, cell, digit):
            puzzle = with_given(puzzle, cell, digit)
            count -= 1
    return puzzle


def pigeonhole(rng: random.Random) -> str:
    """A sparse puzzle with a contradiction inside one unit that singles cannot see.

    Either *hidden*: ``k`` digits (2-4) with only ``k - 1`` cells of a unit left for them
    (givens in the other cells' rows, columns and boxes, outside the unit, rule the
    digits out there), or *naked*: ``k`` cells of a unit with only ``k - 1`` digits left
    between them (their peers outside the unit hold the others). No solution either way
    (``k`` into ``k - 1`` does not go); then a few random givens more, where allowed.
    Tried until no given clashes and no empty cell or unit shows it at first sight.
    """
    while True:
        unit = UNITS[rng.randrange(27)]
        k = rng.choice((2, 3, 3, 4))
        digits = rng.sample(DIGITS, k)
        if rng.random() < 0.5:  # hidden: the digits kept out of all but k - 1 cells
            open_cells = set(rng.sample(unit, k - 1))
            bans = [(cell, digit) for cell in unit if cell not in open_cells for digit in digits]
        else:  # naked: k cells kept from every digit but k - 1
            digits = rng.sample(DIGITS, 9 - (k - 1))
            bans = [(cell, digit) for cell in rng.sample(unit, k) for digit in digits]
        puzzle = "." * 81
        for cell, digit in bans:  # each ban: a given of the digit on a peer off the unit
            if any(puzzle[peer] == digit for peer in PEERS[cell] if peer not in unit):
                continue
            blanks = [
                peer
                for peer in PEERS[cell]
                if peer not in unit and puzzle[peer] == "." and allowed(puzzle, peer, digit)
            ]
            if not blanks:
                break
            puzzle = with_given(puzzle, rng.choice(blanks), digit)
        else:
            for _ in range(rng.randrange(0, 8)):
                cell, digit = rng.randrange(81), rng.choice(DIGITS)
                if puzzle[cell] == "." and cell not in unit and allowed(puzzle, cell, digit):
                    puzzle = with_given(puzzle, cell, digit)
            if no_solution(puzzle, searched=True):
                return puzzle


def nodes(puzzle: str) -> int | None:
    """The nodes the package's solver takes to prove ``puzzle`` has no solution, at most
    ``HUNT_CAP``; None if it has one."""
    search = Search(puzzle, 1)
    search.run(HUNT_CAP)
    return None if search.solutions else search.nodes


def hunted(rng: random.Random) -> str:
    """A pigeonhole puzzle changed one given at a time (up to ``HUNT_STEPS`` tries), each
    change kept when the puzzle still has no solution and takes as many nodes or more."""
    puzzle = pigeonhole(rng)
    most = nodes(puzzle) or 0
    for _ in range(HUNT_STEPS):
        givens = [cell for cell, char in enumerate(puzzle) if char != "."]
        cell = rng.choice(givens) if rng.random() < 0.6 else rng.randrange(81)
        digit = rng.choice(DIGITS + ".")
        other = with_given(puzzle, cell, ".")
        if digit == puzzle[cell] or (digit != "." and not allowed(other, cell, digit)):
            continue
        other = with_given(other, cell, digit)
        count = nodes(other)
        if count is not None and count >= most and no_solution(other):
            puzzle, most = other, count
    return puzzle


def no_solution(puzzle: str, *, searched: bool = False) -> bool:
    """Whether ``puzzle`` has no solution (and, if ``searched``, the search had to guess)."""
    result = analyze(puzzle, limit=1)
    return result["solutions"] == 0 and (result["nodes"] > 0 or not searched)


def build() -> dict[str, list[str]]:
    """The set, by kind."""
    rng = random.Random(SEED)
    kinds: dict[str, list[str]] = {
        "added": [],
        "changed": [],
        "random": [],
        "pigeonhole": [],
        "hunted": [],
    }
    for name, (count, every) in SOURCES.items():
        for puzzle in load_puzzles(name, count, every=every):
            solution = solve(puzzle)
            assert solution is not None, puzzle
            kinds["added"].append(added(rng, puzzle, solution))
            other = changed(rng, puzzle)
            if no_solution(other):
                kinds["changed"].append(other)
    for _ in range(RANDOM_TRIES):
        puzzle = sparse(rng)
        if no_solution(puzzle, searched=True):
            kinds["random"].append(puzzle)
    kinds["pigeonhole"] = [pigeonhole(rng) for _ in range(PIGEONHOLES)]
    kinds["hunted"] = [hunted(rng) for _ in range(HUNTS)]
    return kinds


def main() -> int:
    """Write the set and say how many puzzles of each kind it holds."""
    kinds = build()
    lines = list(dict.fromkeys(puzzle for puzzles in kinds.values() for puzzle in puzzles))
    TARGET.write_text("".join(line + "\n" for line in lines), encoding="ascii")
    print(", ".join(f"{kind}: {len(puzzles)}" for kind, puzzles in kinds.items()))
    print(f"{len(lines)} puzzles with no solution in {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
