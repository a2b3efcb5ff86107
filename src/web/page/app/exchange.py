"""Puzzles in and out as text: a paste, the import box or a link's puzzle read by the
worker (``sudoku.formats``: the 81-character line, LeetCode JSON, a grid drawn in
text); the board exported as a line or as LeetCode JSON, copied to the clipboard.

Text that cannot be read leaves the board as it is, and the message says why (which
line, which cell).

Runs on the page's main thread (MicroPython through PyScript).
"""

import browser
from client import LOADING, WorkerError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from client import Solver
    from editing import Editor
    from status import Status
    from yourgames import Arrival

ORIGINS = {"paste": "pasted", "import box": "imported", "link": "link"}
"""Each source's name for Your games (``games.SOURCES``)."""
LABELS = {"line": "81-char string", "json": "LeetCode JSON"}
"""What the status calls each export."""


class Exchange:
    """Reading puzzles from text and writing the board as text (see the module's
    docstring)."""

    def __init__(
        self, solver: "Solver", editor: "Editor", status: "Status", page: "Any", arrival: "Arrival"
    ) -> None:
        """``solver`` reads and writes (the worker's client); ``editor`` loads a puzzle read;
        ``page`` is ``pyscript.web.page``; ``arrival`` says whether a link's puzzle is
        already shown."""
        self.solver = solver
        self.editor = editor
        self.status = status
        self.page = page
        self.arrival = arrival

    async def load(self, text: str, source: str) -> None:
        """Parse pasted or imported text (``source``: "paste", "import box", "link") in
        the worker; on error keep the board as it is.

        A link's puzzle already shown before the worker answered (``Arrival.from_link``)
        is not read again, nor one that would replace what the reader typed before
        Python.
        """
        say, arrival = self.status.say, self.arrival
        if source == "link" and (arrival.from_link or arrival.typed):
            if arrival.from_link and arrival.reloaded:
                say("Your puzzle is back on the board, as you left it.", "restored")
            elif arrival.from_link:
                say("Puzzle loaded from the link.", "loaded")
            else:
                say("Kept what you typed: the link's puzzle was not loaded.", "loaded")
            return
        if not self.solver.connected:
            say(LOADING + ".")
            return
        try:
            answer = await self.solver.parse(text)
        except WorkerError as error:
            self.status.show([f"Could not read the {source}: {error}"], "error")
            say("The board is unchanged.", "unread")
            return
        origin = (ORIGINS.get(source, ""), "")
        self.editor.load(answer["grid"], f"the puzzle from the {source}", origin=origin)
        say(f"Puzzle loaded from the {source}.", "loaded")

    async def export(self, kind: str) -> None:
        """Export the board as shown (solved digits too) as ``kind`` ("line" or "json",
        ``LABELS``) and copy it to the clipboard (or leave it in the Exported box)."""
        answer = await self.solver.export(self.editor.sheet.grid(with_solved=True))
        text = answer["line"] if kind == "line" else answer["json"]
        self.page["export-text"].value = text
        label = LABELS[kind]
        if await browser.copy_text(text):
            self.status.say(f"Copied the {label} to the clipboard.", "exported")
        else:  # the box keeps the text
            self.status.say(f"The {label} is in the Exported box: copy it from there.", "exported")
