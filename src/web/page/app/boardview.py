"""The app's board on the page: the 81 inputs painted from the board's data.

The board is data (``entries.Board``); this paints it onto the static inputs, only the
cells that changed: each cell's digit, its classes (given, entry, solved; the selected
cell, its row, column and box and the cells holding its digit; a conflict; the
companion's look), what a screen reader hears, and whether it can be typed in. The
pencil marks and candidates are ``pencil``'s layer; the printed solution is painted here
too. The selected cell is the board's one tab stop (roving tabindex).

Runs on the page's main thread (MicroPython through PyScript).
"""

from pencil import words as mark_words
from pyscript import document

from sudoku.grid import PEERS, cell_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from entries import Board
    from pencil import Layer

    Look = tuple[str, str, str, bool]
    """An input's value, classes, label and read-only."""

UNPAINTED: "Look" = ("", "", "", False)

LOOK_WORDS = {
    "wrong": ", disagrees with the solution",
    "hint-cell": ", in the hint",
    "hint-target": ", the hint crosses out candidates here",
}
"""What a screen reader hears of the companion's look at a cell."""


class BoardView:
    """The 81 inputs of the app's board (see the module's docstring)."""

    def __init__(self, board: "Board", layer: "Layer") -> None:
        """Paint ``board``'s data, its marks on ``layer``."""
        self.board = board
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

    def label(self, i: int, look: str) -> str:
        """What a screen reader hears for a cell: where it is, what it holds, its marks:
        "row 3, column 5, empty, candidates 1 4 7", "given 7", "your 4", "solved 4"."""
        board = self.board
        value, kind = board.value(i), board.kind(i)
        what = {"given": "given ", "entry": "your ", "solved": "solved "}.get(kind, "") + value
        label = f"row {i // 9 + 1}, column {i % 9 + 1}, {what or 'empty'}"
        return label + mark_words(board, i, self.auto) + LOOK_WORDS.get(look, "")

    def paint(self, look: "Callable[[int], str]", gone: "dict[int, str]") -> None:
        """Show the board on the inputs (only what changed), ``look(cell)`` being the
        companion's class of each and ``gone`` the candidates a hint crosses out; the
        marks layer and the print sheet."""
        board, active = self.board, self.active
        peers, digit = PEERS[active], board.value(active)
        for i, cell in enumerate(self.cells):
            kind, seen = board.kind(i), look(i)
            near = "same" if digit and board.value(i) == digit else "peer" if i in peers else ""
            classes = " ".join(
                ["cell"] + [x for x in (kind, "active" if i == active else near, seen) if x]
            )
            if cell.id in self.clashing:
                classes += " conflict"
            now = (board.value(i), classes, self.label(i, seen), board.locked and kind == "given")
            if now != self.painted[i]:
                self.show(cell, now, self.painted[i], cell.id in self.clashing or seen == "wrong")
                self.painted[i] = now
        self.layer.paint(board, self.auto, gone)
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
        board = self.board
        sheet = document.getElementById("print-solution")
        solved = any(board.solved)
        sheet.parentElement.dataset.solved = "true" if solved else "false"
        if not solved:
            return
        while sheet.children.length < 81:
            sheet.append(document.createElement("div"))
        for i in range(81):
            box = sheet.children[i]
            box.className = "cell given" if board.givens[i] else "cell solved"
            box.textContent = board.value(i)

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
