"""The app's board on the page: the 81 inputs painted from the board's data.

The board is data (``sheet.Sheet``); this paints it onto the static inputs, only the
cells that changed: each cell's digit, its classes (given, entry, solved; the selected
cell, its row, column and box and the cells holding its digit; a conflict; what the
companion lights, ``Lit``), what a screen reader hears, and whether it can be typed in. The
pencil marks and candidates are ``pencil``'s layer; the printed solution is painted here
too. The selected cell is the board's one tab stop (roving tabindex).

Runs on the page's main thread (MicroPython through PyScript).
"""

from pencil import words as mark_words
from pyscript import document

from sudoku.grid import PEERS, cell_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pencil import Layer
    from sheet import Sheet

    Look = tuple[str, str, str, bool]
    """An input's value, classes, label and read-only."""

UNPAINTED: "Look" = ("", "", "", False)

LOOK_WORDS = {
    "wrong": ", disagrees with the solution",
    "hint-cell": ", in the hint",
    "hint-target": ", the hint crosses out candidates here",
}
"""What a screen reader hears of the companion's look at a cell."""


class Lit:
    """What the companion lights on the board: the hint's cells (``cells``), the units it
    uses (``units``, their cells), the cells whose candidates it crosses out
    (``targets``; the digits by cell in ``gone``), and the entries Check or Hint found
    wrong (``wrong``; with their digits in ``mistakes``, kept for Undo to first mistake
    after the marks go)."""

    def __init__(self) -> None:
        """Nothing lit."""
        self.cells: set[int] = set()
        self.units: set[int] = set()
        self.targets: set[int] = set()
        self.gone: dict[int, str] = {}
        self.wrong: set[int] = set()
        self.mistakes: dict[int, str] = {}

    def clear(self) -> bool:
        """Light nothing (``mistakes`` stay); True if something was lit."""
        had = bool(self.cells or self.units or self.targets or self.wrong)
        self.cells, self.units, self.targets, self.wrong = set(), set(), set(), set()
        self.gone = {}
        return had

    def look(self, cell: int) -> str:
        """The cell's class: "wrong", "hint-target", "hint-cell", "hint-unit", or ""."""
        if cell in self.wrong:
            return "wrong"
        if cell in self.targets:
            return "hint-target"
        if cell in self.cells:
            return "hint-cell"
        return "hint-unit" if cell in self.units else ""


class BoardView:
    """The 81 inputs of the app's board (see the module's docstring)."""

    def __init__(self, sheet: "Sheet", layer: "Layer") -> None:
        """Paint ``board``'s data, its marks on ``layer``."""
        self.sheet = sheet
        self.layer = layer
        self.cells = [document.getElementById(cell_name(i)) for i in range(81)]
        self.painted: list[Look] = [UNPAINTED] * 81
        """What each input shows: value, classes, label, read-only (``paint`` writes
        what changed)."""
        self.active = 0
        """The selected cell."""
        self.clashing: set[str] = set()
        """The cells whose digits clash (their names)."""
        self.auto = False
        """Candidates shown."""
        self.lit = Lit()
        """What the companion lights (``Lit``)."""

    def label(self, i: int, look: str) -> str:
        """What a screen reader hears for a cell: where it is, what it holds, its marks:
        "row 3, column 5, empty, candidates 1 4 7", "given 7", "your 4", "solved 4"."""
        sheet = self.sheet
        value, kind = sheet.value(i), sheet.kind(i)
        what = {"given": "given ", "entry": "your ", "solved": "solved "}.get(kind, "") + value
        label = f"row {i // 9 + 1}, column {i % 9 + 1}, {what or 'empty'}"
        return label + mark_words(sheet, i, self.auto) + LOOK_WORDS.get(look, "")

    def paint(self) -> None:
        """Show the sheet on the inputs (only what changed), with what the companion
        lights; the marks layer (the candidates a hint crosses out struck) and the print
        sheet."""
        sheet, active = self.sheet, self.active
        peers, digit = PEERS[active], sheet.value(active)
        for i, cell in enumerate(self.cells):
            kind, seen = sheet.kind(i), self.lit.look(i)
            near = "same" if digit and sheet.value(i) == digit else "peer" if i in peers else ""
            classes = " ".join(
                ["cell"] + [x for x in (kind, "active" if i == active else near, seen) if x]
            )
            if cell.id in self.clashing:
                classes += " conflict"
            now = (sheet.value(i), classes, self.label(i, seen), sheet.locked and kind == "given")
            if now != self.painted[i]:
                self.show(cell, now, self.painted[i], cell.id in self.clashing or seen == "wrong")
                self.painted[i] = now
        self.layer.paint(sheet, self.auto, self.lit.gone)
        self.print_sheet()

    @staticmethod
    def show(cell: "Any", now: "Look", before: "Look", invalid: bool) -> None:
        """Write one input's new look (``now``; ``before`` what it showed); ``invalid``:
        it clashes or disagrees with the solution."""
        if now[0] != before[0] or cell.value != now[0]:
            cell.value = now[0]
        cell.className = now[1]
        cell.setAttribute("aria-label", now[2])
        cell.readOnly = now[3]
        if invalid:
            cell.setAttribute("aria-invalid", "true")
        else:
            cell.removeAttribute("aria-invalid")

    def print_sheet(self) -> None:
        """The printed solution (index.html's print sheet): the board's digits, givens
        bold, once it holds a solution; printing shows it only then (app.css)."""
        sheet = self.sheet
        printed = document.getElementById("print-solution")
        solved = any(sheet.solved)
        printed.parentElement.dataset.solved = "true" if solved else "false"
        if not solved:
            return
        while printed.children.length < 81:
            printed.append(document.createElement("div"))
        for i in range(81):
            box = printed.children[i]
            box.className = "cell given" if sheet.givens[i] else "cell solved"
            box.textContent = sheet.value(i)

    def select(self, index: int) -> bool:
        """Make a cell the selected one, the board's single tab stop: True if the
        selection moved (paint then: the lit row, column, box and digit follow it)."""
        old, cells = self.active, self.cells
        cells[old].tabIndex = -1
        cells[old].classList.remove("active")
        self.painted[old] = self.painted[index] = UNPAINTED
        self.active = index
        cells[index].tabIndex = 0
        cells[index].classList.add("active")
        return index != old
