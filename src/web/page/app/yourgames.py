"""Your games: the kept games in a menu, and the game brought back when the page opens.

What storage keeps is ``keeping``'s (``Keeper``) and its schema ``games``'s; this puts it
to use. When the page opens: a link's puzzle is shown with its own game if there is one,
and destroys none; without a link the game on the board when the reader left comes back;
what the reader typed before Python wins over both (``Arrival``). "Your games" opens any
kept game (Undo goes back).

Runs on the page's main thread (MicroPython through PyScript).
"""

import games
import options
from pyscript import document, window
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

    def __init__(self, query: str, navigation: str = "navigate") -> None:
        """``query``: the address's query the page was loaded with (a link's);
        ``navigation``: how the page was reached (the Navigation Timing entry's type)."""
        self.query = query
        self.link = any(name == "puzzle" for name, _ in options.parse_query(query)[0])
        """The address names a puzzle, read (a link, or the board kept in the address; a
        query too long to read names none)."""
        self.reloaded = navigation in ("reload", "back_forward")
        """The page was reloaded, or come back to: its address is the page's own, kept
        as the reader played (``keeping``), not a link opened."""
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
        self.names: list[tuple[str, bool]] = []
        """The menu's lines as last made (``show``), and whether each is the board's."""
        self.pictured = ""
        """The puzzle the picture shows (``describe``)."""

    def kept(self, kept: "games.Kept", bump: bool) -> "games.Kept":
        """``kept`` with the sheet's game in it (``games.played``: now, where its puzzle
        came from) and the view's choices: what the ``Keeper`` saves."""
        editor = self.editor
        sheet, (loaded, source, level) = editor.sheet, editor.origin
        if loaded != sheet.puzzle():  # typed, or its givens fixed: where it came from stays
            source, level = ("" if sheet.locked else "typed"), ""
        named = (now_ms(), source, level)
        kept = games.played(kept, sheet, editor.watch.ms(), bump, named)
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
        """Show the kept games in the menu (hidden while there are none), each named by
        what tells it apart (``games.label``), the one chosen kept chosen; and the chosen
        one's picture and facts (``describe``). The menu is made again only when a name
        changed: this runs each second the timer runs."""
        menu, puzzle = self.page["games"], self.editor.sheet.puzzle()
        now, offset = now_ms(), int(window.Date.new().getTimezoneOffset())
        names = [
            (games.label(game, now, offset), games.puzzle_of(game) == puzzle)
            for game in kept["games"]
        ]
        if names != self.names:
            self.names = names
            chosen = menu.value
            menu.replaceChildren()
            for number, (name, here) in enumerate(names):
                item = document.createElement("option")
                item.value = str(number)
                item.textContent = name
                if here:
                    item.dataset.here = "true"  # the board's game: its facts say so
                menu.append(item)
            if chosen and chosen.isdigit() and int(chosen) < len(names):
                menu.value = chosen  # a save (each second) keeps the reader's choice
        self.page["games-box"].hidden = not kept["games"]
        self.describe(kept)

    def describe(self, kept: "games.Kept") -> None:
        """The chosen game's picture (its givens, a dot each, drawn on a canvas: no text of
        it reaches the page as markup) and its facts: entries, time, whether it is the
        board's."""
        chosen = self.page["games"].value
        if not chosen or not chosen.isdigit() or int(chosen) >= len(kept["games"]):
            return
        game = kept["games"][int(chosen)]
        puzzle = games.puzzle_of(game)
        given, filled = games.counts(game)
        here = " · on the board" if puzzle == self.editor.sheet.puzzle() else ""
        facts = f"{filled} of {81 - given} filled · {clock_text(game['ms'])}{here}"
        self.page["game-facts"].textContent = facts
        if puzzle != self.pictured:
            self.pictured = puzzle
            draw_givens(document.getElementById("game-picture"), puzzle)

    def resume(self, kept: "games.Kept") -> None:
        """Open the game chosen in the menu, of those ``kept`` (Undo goes back)."""
        chosen = self.page["games"].value
        if not chosen or not chosen.isdigit() or int(chosen) >= len(kept["games"]):
            return
        game = kept["games"][int(chosen)]
        name = games.label(game, 0, 0).split(" · ")[0]
        if games.puzzle_of(game) == self.editor.sheet.puzzle():
            self.status.say(f"That game ({name}) is the one on the board.", "restored")
            return
        self.editor.play(game["board"], game["ms"], f"opening your game ({name})")
        given, filled = games.counts(game)
        self.status.say(
            f"Your game ({name}) is back: {given} givens, {filled} of {81 - given} filled"
            f" ({clock_text(game['ms'])}). Undo goes back.",
            "restored",
        )


def now_ms() -> int:
    """The time, in ms since 1970, read from the date's parts: MicroPython takes a JS
    number past 2**31, as ``Date.now()``'s, wrongly (it wraps), and each part is small."""
    date = window.Date.new()
    days = games.days_from_civil(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
    minutes = (days * 24 + date.getUTCHours()) * 60 + date.getUTCMinutes()
    return int(minutes * 60_000 + date.getUTCSeconds() * 1000)


CELL_PX = 4
"""A cell of a game's picture, in canvas pixels (the picture is 9 of them and 4 lines)."""


def draw_givens(canvas: "Any", puzzle: str) -> None:
    """Draw ``puzzle``'s givens on ``canvas``: a dot for each, in the canvas's text colour,
    and the boxes' lines faint, so two puzzles tell apart at a glance."""
    side = 9 * CELL_PX + 4
    canvas.width = canvas.height = side
    context = canvas.getContext("2d")
    context.clearRect(0, 0, side, side)
    context.fillStyle = window.getComputedStyle(canvas).color
    context.globalAlpha = 0.25
    for line in range(4):
        at = line * (3 * CELL_PX + 1)
        context.fillRect(at, 0, 1, side)
        context.fillRect(0, at, side, 1)
    context.globalAlpha = 1
    for cell, digit in enumerate(puzzle):
        if digit != BLANK:
            row, column = divmod(cell, 9)
            x = 1 + column * CELL_PX + column // 3
            y = 1 + row * CELL_PX + row // 3
            context.fillRect(x + 1, y + 1, CELL_PX - 1, CELL_PX - 1)
