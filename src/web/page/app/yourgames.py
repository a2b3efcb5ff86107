"""Your games: the kept games in a menu, and the game brought back when the page opens.

What storage keeps is ``keeping``'s (``Keeper``) and its schema ``games``'s; this puts it
to use. When the page opens: a link's puzzle is shown with its own game if there is one,
and destroys none; without a link the game on the board when the reader left comes back;
what the reader typed before Python wins over both (``Arrival``). "Your games" opens any
kept game (Undo goes back).

Runs on the page's main thread (MicroPython through PyScript).
"""

import games
from pyscript import document
from sheet import BLANK
from stopwatch import clock_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from boardview import BoardView
    from editing import Editor
    from status import Status


class Arrival:
    """How the page opened: the flags that decide what comes back (see the module's
    docstring)."""

    def __init__(self, query: str) -> None:
        """``query``: the address's query the page was loaded with (a link's)."""
        self.query = query
        self.link = "puzzle=" in query
        """The address names a puzzle (a link, or the board kept in the address)."""
        self.from_link = False
        """The link's puzzle was shown before the worker answered."""
        self.typed = False
        """Digits were typed before Python: they stay."""


class YourGames:
    """The "Your games" menu and the game brought back (see the module's docstring)."""

    def __init__(
        self, editor: "Editor", view: "BoardView", status: "Status", page: "Any", arrival: Arrival
    ) -> None:
        """``editor`` puts a game on the sheet; ``view`` holds the choices kept with it
        (candidates shown); ``page`` is ``pyscript.web.page``."""
        self.editor = editor
        self.view = view
        self.status = status
        self.page = page
        self.arrival = arrival

    def kept(self, kept: "games.Kept", bump: bool) -> "games.Kept":
        """``kept`` with the sheet's game in it (``games.played``) and the view's choices:
        what the ``Keeper`` saves."""
        editor = self.editor
        kept = games.played(kept, editor.sheet, editor.watch.ms(), bump)
        kept["hidden"], kept["auto"] = editor.watch.hidden, self.view.auto
        kept["tidy"] = self.page["tidy"].checked is True
        return kept

    def bring_back(self, kept: "games.Kept") -> None:
        """Put the game the address asks for on the board, if it is kept (see the
        module's docstring)."""
        sheet, arrival = self.editor.sheet, self.arrival
        if arrival.typed:
            return
        if arrival.link:
            game = games.find(kept, sheet.puzzle()) if arrival.from_link else None
            if game is not None:
                self.editor.play(game["board"], game["ms"])
            return
        game = games.find(kept, kept["current"]) if kept["current"] else None
        if game is not None and sheet.puzzle() == BLANK * 81:
            self.editor.play(game["board"], game["ms"])
            others = len(kept["games"]) - 1
            more = f"; Your games has {others} more" if others else ""
            self.status.say(
                f"Your last game is back on the board (Clear empties it{more}).", "restored"
            )

    def show(self, kept: "games.Kept") -> None:
        """Show the kept games in the menu (hidden while there are none), the one chosen
        kept chosen."""
        menu, puzzle = self.page["games"], self.editor.sheet.puzzle()
        chosen = menu.value
        menu.replaceChildren()
        for number, game in enumerate(kept["games"], 1):
            given, filled = games.counts(game)
            item = document.createElement("option")
            item.value = str(number - 1)
            here = " (on the board)" if games.puzzle_of(game) == puzzle else ""
            time = clock_text(game["ms"])
            item.textContent = f"#{number}: {filled}/{81 - given} filled, {time}{here}"
            menu.append(item)
        if chosen and chosen.isdigit() and int(chosen) < len(kept["games"]):
            menu.value = chosen  # a save (each second) keeps the reader's choice
        self.page["games-box"].hidden = not kept["games"]

    def resume(self, kept: "games.Kept") -> None:
        """Open the game chosen in the menu, of those ``kept`` (Undo goes back)."""
        chosen = self.page["games"].value
        if not chosen or not chosen.isdigit() or int(chosen) >= len(kept["games"]):
            return
        number = int(chosen) + 1
        game = kept["games"][number - 1]
        if games.puzzle_of(game) == self.editor.sheet.puzzle():
            self.status.say(f"Game #{number} is the one on the board.", "restored")
            return
        self.editor.play(game["board"], game["ms"], f"opening game #{number}")
        given, filled = games.counts(game)
        self.status.say(
            f"Game #{number} is back: {given} givens, {filled} of {81 - given} filled"
            f" ({clock_text(game['ms'])}). Undo goes back.",
            "restored",
        )
