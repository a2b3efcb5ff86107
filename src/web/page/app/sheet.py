"""The app's puzzle sheet: what the reader sees on the board as data, the puzzle's givens,
the reader's entries, a solver's digits, pencil marks, and the candidates hints crossed
out (the puzzle companion). (The glossary's *board* is LeetCode's rows; this is
the sheet a person solves on.)

A puzzle loaded (a sample, a paste, a link, the import box, New puzzle) makes its digits
**givens**: read-only from then on (``locked``), and what the reader types is theirs, an
**entry**. On a board nobody loaded (empty at first, or after Clear) typing sets the
puzzle itself: typed digits are givens, and stay editable. **Solved** digits are a
solver's fill of the blanks; any edit takes them away (the solution may no longer hold).

**Pencil marks** (``pencil``) are the reader's own, per cell, digits ascending. The
automatic **candidates** of a blank are the digits no peer holds (the glossary's rule,
``sudoku.logic.marks_of``'s), less the ones an applied hint crossed out (``struck``):
an elimination is true of the solution, so it stays crossed out. (The glossary's *marks*
are the logic's candidates, never the reader's pencil marks.)

``snapshot()`` is the whole state as one JSON text, for undo (``history``) and storage;
``restore`` reads it back. Its keys are a stored format (games kept since 1.0): the
pencil marks are kept under "marks". Pure Python for MicroPython (the page) and CPython (tests).
"""

import json

from sudoku.grid import PEERS

DIGITS = "123456789"
BLANK = "."
MAX_SNAPSHOT = 4_000
"""More than any snapshot takes (81 cells of givens, entries, solved digits, and up to 9
pencil marks and 9 struck candidates each: about 2.5 kB)."""


def blank_layer() -> list[str]:
    """81 empty cells."""
    return [""] * 81


class Sheet:
    """Givens, entries, solved digits and pencil marks of 81 cells (see the module's docstring)."""

    def __init__(self) -> None:
        """An empty board nobody loaded: typing sets the puzzle."""
        self.givens = blank_layer()
        self.entries = blank_layer()
        self.solved = blank_layer()
        self.pencil = blank_layer()
        self.struck = blank_layer()
        self.locked = False

    # -- reading ---------------------------------------------------------------------

    def value(self, cell: int) -> str:
        """The digit the cell shows, or ""."""
        return self.givens[cell] or self.entries[cell] or self.solved[cell]

    def kind(self, cell: int) -> str:
        """What the cell holds: "given", "entry", "solved", or "" for a blank."""
        if self.givens[cell]:
            return "given"
        if self.entries[cell]:
            return "entry"
        return "solved" if self.solved[cell] else ""

    def grid(self, with_solved: bool = False) -> str:
        """Givens and entries (and solved digits when asked) as 81 characters, "." blanks."""
        return "".join(
            [
                self.givens[i] or self.entries[i] or (self.solved[i] if with_solved else "") or "."
                for i in range(81)
            ]
        )

    def puzzle(self) -> str:
        """The givens alone as 81 characters: what the address and a share link hold."""
        return "".join([digit or BLANK for digit in self.givens])

    def entries_grid(self) -> str:
        """The reader's entries alone as 81 characters."""
        return "".join([digit or BLANK for digit in self.entries])

    def count_entries(self) -> int:
        """How many entries the reader has on the board."""
        return sum(1 for digit in self.entries if digit)

    def full(self) -> bool:
        """Whether every cell shows a digit."""
        return all(self.value(i) for i in range(81))

    def candidates(self, cell: int) -> str:
        """The automatic candidates of a blank: digits no peer holds (solved digits aside),
        less those a hint crossed out; "" for a filled cell."""
        if self.givens[cell] or self.entries[cell]:
            return ""
        held = {self.givens[p] or self.entries[p] for p in PEERS[cell]}
        struck = self.struck[cell]
        return "".join([d for d in DIGITS if d not in held and d not in struck])

    # -- changing ---------------------------------------------------------------------

    def load(self, grid: str) -> None:
        """A new puzzle: ``grid``'s digits become the givens, locked; the rest goes."""
        self.givens = [ch if ch in DIGITS else "" for ch in grid]
        self.entries = blank_layer()
        self.solved = blank_layer()
        self.pencil = blank_layer()
        self.struck = blank_layer()
        self.locked = grid.strip(BLANK) != ""

    def lock(self) -> None:
        """Start solving a typed puzzle: its digits become givens, what the reader types
        next is theirs (an entry on a given's cell goes)."""
        self.locked = self.puzzle() != BLANK * 81
        self.entries = ["" if self.givens[i] else self.entries[i] for i in range(81)]
        self.forget_solution()

    def unlock(self) -> None:
        """Let the givens be edited (a typo fixed): typing sets givens again, the entries
        and pencil marks stay."""
        self.locked = False
        self.forget_solution()

    def forget_solution(self) -> bool:
        """Drop every solved digit; True if there were any."""
        had = any(self.solved)
        self.solved = blank_layer()
        return had

    def write(self, cell: int, digit: str) -> str:
        """Type ``digit`` ("" erases) into ``cell``: an entry on a loaded puzzle, a given
        while the reader sets one; solved digits go. Returns why not, or "" when done: a
        loaded puzzle's given cannot change."""
        if self.locked and self.givens[cell]:
            return "given"
        self.forget_solution()
        if self.locked:
            self.entries[cell] = digit
        else:
            self.givens[cell] = digit
        return ""

    def toggle_pencil(self, cell: int, digit: str) -> bool:
        """Add ``digit`` to the cell's pencil marks, or take it out; True when added."""
        pencil = self.pencil[cell]
        added = digit not in pencil
        kept = pencil + digit if added else pencil.replace(digit, "")
        self.pencil[cell] = "".join(sorted(kept))
        return added

    def tidy(self, cell: int, digit: str) -> None:
        """``digit`` placed in ``cell``: it leaves the pencil marks of the cell's peers."""
        for peer in PEERS[cell]:
            self.pencil[peer] = self.pencil[peer].replace(digit, "")

    def clear_pencil(self, cell: int) -> None:
        """Rub out the cell's pencil marks."""
        self.pencil[cell] = ""

    def fill(self, solution: str) -> None:
        """A solution's digits in every blank, as solved digits (givens, entries stay)."""
        for i in range(81):
            if not (self.givens[i] or self.entries[i]) and solution[i] in DIGITS:
                self.solved[i] = solution[i]

    def strike(self, cell: int, digit: str) -> None:
        """A hint's elimination: ``digit`` leaves the cell's candidates and pencil marks."""
        if digit not in self.struck[cell]:
            self.struck[cell] = "".join(sorted(self.struck[cell] + digit))
        self.pencil[cell] = self.pencil[cell].replace(digit, "")

    # -- as text -----------------------------------------------------------------------

    def snapshot(self, with_solved: bool = True) -> str:
        """The whole state as JSON text (without solved digits when not asked)."""
        return json.dumps(
            {
                "givens": self.puzzle(),
                "entries": self.entries_grid(),
                "solved": "".join([d or BLANK for d in self.solved]) if with_solved else "",
                "marks": self.pencil,
                "struck": self.struck,
                "locked": self.locked,
            }
        )

    def restore(self, text: object) -> bool:
        """Take the state of a ``snapshot``; False (the board unchanged) for anything that
        is not one (a stored value from another version or another page, say): checked
        cell by cell, and text over ``MAX_SNAPSHOT`` is not even parsed."""
        try:
            data = json.loads(text) if isinstance(text, str) and len(text) <= MAX_SNAPSHOT else {}
            layers = [layer_of(data[name]) for name in ("givens", "entries")]
            solved = layer_of(data["solved"]) if data["solved"] else blank_layer()
            pencil = [digits_of(m) for m in cells_of(data["marks"])]
            struck = [digits_of(m) for m in cells_of(data["struck"])]
            locked = data["locked"] is True
        except (ValueError, KeyError, TypeError):
            return False
        self.givens, self.entries = layers[0], layers[1]
        self.solved, self.pencil, self.struck, self.locked = solved, pencil, struck, locked
        return True


def layer_of(text: object) -> list[str]:
    """An 81-character layer as 81 cells; ValueError for anything else."""
    if not isinstance(text, str) or len(text) != 81:
        raise ValueError("a layer is 81 characters")
    return [ch if ch in DIGITS else "" for ch in text]


def cells_of(value: object) -> list[object]:
    """A per-cell list: exactly 81 items; ValueError for anything else."""
    if not isinstance(value, list) or len(value) != 81:
        raise ValueError("a per-cell list has 81 items")
    return value


def digits_of(text: object) -> str:
    """A cell's pencil marks or struck candidates: its digits 1-9, ascending, once each;
    ValueError if not text of at most 9 characters."""
    if not isinstance(text, str) or len(text) > 9:
        raise TypeError("a cell's digits are text of at most 9")
    return "".join([d for d in DIGITS if d in text])
