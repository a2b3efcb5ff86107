"""Pencil marks and candidates on the app's board: the layer that shows them.

The board's 81 inputs cannot hold a second text, so the marks live in a sibling layer
(``#marks``, index.html) laid over the board, cell for cell, that lets clicks and taps
through to the inputs and is hidden from screen readers: each cell's label says its
marks instead (``words``). A blank shows the reader's own pencil marks when it has any;
else, with Candidates on, its automatic candidates (``sheet.Sheet.candidates``). The
text is three lines of three characters (digit d at row (d-1) // 3, column (d-1) % 3),
laid out by CSS (``white-space: pre``), as the player's overlay does (marks.py).

Runs on the page's main thread (MicroPython).
"""

from pyscript import document
from sheet import DIGITS, Sheet

TEXTS: dict[str, str] = {}
"""The 3 x 3 text of each set of digits already seen."""


def grid_text(digits: str) -> str:
    """Three lines of three characters: each digit of ``digits`` in its place."""
    text = TEXTS.get(digits)
    if text is None:
        chars = [d if d in digits else " " for d in DIGITS]
        text = TEXTS[digits] = "\n".join(["".join(chars[r * 3 : r * 3 + 3]) for r in range(3)])
    return text


def shown(sheet: Sheet, cell: int, auto: bool) -> tuple[str, str]:
    """What a cell's marks show: (digits, "mine" | "auto" | "")."""
    if sheet.value(cell):
        return "", ""
    if sheet.pencil[cell]:
        return sheet.pencil[cell], "mine"
    if auto:
        return sheet.candidates(cell), "auto"
    return "", ""


def words(sheet: Sheet, cell: int, auto: bool) -> str:
    """The marks for the cell's label: ", pencil marks 2 and 5", ", candidates 1, 4, 7"."""
    digits, whose = shown(sheet, cell, auto)
    if not whose:
        return ""
    name = "pencil marks" if whose == "mine" else "candidates"
    if not digits:
        return f", no {name} left"
    return f", {name} {' '.join(digits)}"


class Layer:
    """The ``#marks`` layer: 81 boxes over the board's cells, painted only where changed."""

    def __init__(self) -> None:
        """Fill the layer with its 81 boxes."""
        self.root = document.getElementById("marks")
        self.root.replaceChildren()
        self.boxes = []
        for _ in range(81):
            box = document.createElement("div")
            box.className = "mark"
            self.root.append(box)
            self.boxes.append(box)
        self.painted = [("", "", "")] * 81

    def paint(self, sheet: Sheet, auto: bool, gone: "dict[int, str] | None" = None) -> None:
        """Show each blank's marks (see the module's docstring); the digits in ``gone``
        (a cell's candidates the hint shown crosses out) in their own colour, struck."""
        for cell in range(81):
            digits, whose = shown(sheet, cell, auto)
            struck = (gone or {}).get(cell, "")
            now = (digits, whose, struck)
            if now != self.painted[cell]:
                self.painted[cell] = now
                box = self.boxes[cell]
                box.className = "mark " + whose if whose else "mark"
                if not struck:
                    box.textContent = grid_text(digits) if whose else ""
                    continue
                box.replaceChildren()
                for d in DIGITS:  # digit by digit: the struck ones in a span of their own
                    if d in struck:
                        mark = document.createElement("span")
                        mark.className = "gone"
                        mark.textContent = d
                        box.append(mark)
                    else:
                        box.append(d if d in digits else " ")
                    if d in "36":
                        box.append("\n")
