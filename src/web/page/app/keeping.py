"""Keeping the reader's game: the page's address, and localStorage where it is allowed.

Each change is written into the address (``history.replaceState``, ``?puzzle=...&
strategy=...``, the share link's form) and the game into storage (``games`` says what is
kept, its schema and its checks when read back), once the typing pauses (``QUIET_MS``),
and at once when the page is hidden (a reload, a link, another tab: ``flush``). A
refusal of storage, as in another site's iframe, is caught (``stored``): the address
still keeps the board.

Saves run one at a time (``save``): a save asked while one is out runs once that one has
written, with the bumps asked meanwhile, so no save reads what another is about to
overwrite (a link's game was lost so, to the next tick's save). The timer's second writes
the clock alone (``tick``, ``games.CLOCK``), never the games.
A save asked is ``due`` until written: ``flush`` writes it at once, also while a save
waits for storage (a reload then lost the entry typed just before, on a loaded machine).

Runs on the page's main thread (MicroPython through PyScript).
"""

import browser
import games
import options
from pyscript import window
from pyscript.ffi import create_proxy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from sheet import Sheet


QUIET_MS = 300
"""Quiet time before a change is written to the address and storage (typing is fast)."""

BLANK = "."


def site_key(prefix: str) -> str:
    """A storage key of this site (forks on one origin keep their own games)."""
    site: str = window.URL.new("./", window.location.href).href
    return prefix + site


def kept_in(storage: "Any") -> "games.Kept":
    """What ``storage`` keeps, checked (``games.read``); the previous version's, once,
    if none."""
    text = storage.getItem(site_key(games.KEY))
    if not text:
        old = [storage.getItem(site_key(key)) for key in games.OLD_KEYS]
        text = games.migrated(old[0] or None, old[1] or None)
    return games.timed(games.read(text), storage.getItem(site_key(games.CLOCK)))


async def stored() -> "Any":
    """localStorage, or None where the browser refuses it.

    Reading ``window.localStorage`` in a frame denied storage throws synchronously, and
    MicroPython cannot catch a JS throw that unwinds through its wasm (``try`` does not
    help). So JavaScript reads it, in a promise (``Reflect.get`` bound to the window): a
    refusal rejects the promise, and an awaited rejection is catchable.
    """
    read = window.Reflect.get.bind(None, window, "localStorage")
    try:
        return await window.Promise.resolve().then(read)
    except Exception:  # storage refused: the address still keeps the board
        return None


ignore = create_proxy(lambda *_args: None)
"""A promise's rejection that needs no answer (a save refused: the address keeps it)."""


class Keeper:
    """The game of one board, kept in the address and in storage."""

    def __init__(
        self,
        sheet: "Sheet",
        game: "Callable[[games.Kept, bool], games.Kept]",
        strategy: "Callable[[], str]",
        shown: "Callable[[games.Kept], object]",
    ) -> None:
        """``game(kept, bump)`` is what storage keeps with the board's game in it (and
        the view's choices); ``strategy()`` the player's, for the address; ``shown(kept)``
        shows what is kept (the games menu) after each read and write."""
        self.sheet = sheet
        self.game = game
        self.strategy = strategy
        self.shown = shown
        self.kept = games.empty()
        """What storage keeps, as last read or written."""
        self.pending = False
        """A change not yet written (``remember``)."""
        self.bump = False
        """The change pending was the reader's play (``games.played``'s bump)."""
        self.saving = False
        self.due: bool | None = None
        """A save asked and not yet written, and its bump; None: none (``save``)."""
        self.storage: Any = None
        """localStorage once read (``stored``): ``flush`` cannot wait for it."""
        self.later = create_proxy(self.write)

    def remember(self, bump: bool = False) -> None:
        """Write the board to the address and the game to storage soon (once, however
        fast the typing); ``bump``: the reader played it (see ``games.played``)."""
        self.bump = self.bump or bump
        if not self.pending:
            self.pending = True
            window.setTimeout(self.later, QUIET_MS)

    def write(self, *_args: "Any") -> None:
        """The board (givens) into the address, as a share link has it; the game to
        storage (in the background)."""
        self.pending = False
        grid = self.sheet.puzzle()
        query = options.share_query(grid, self.strategy()) if grid != BLANK * 81 else ""
        if window.location.search != query:
            window.history.replaceState(
                None, "", window.location.pathname + query + window.location.hash
            )
        bump, self.bump = self.bump, False
        self.save(bump)

    def flush(self) -> None:
        """Write a pending change and a save not yet written now (the page is being
        hidden: it may never run again), without waiting for storage."""
        if self.pending:
            self.write()
        if self.due is not None and self.storage is not None:
            self.put(self.storage)

    async def read(self) -> "games.Kept":
        """What storage keeps (``kept_in``), or nothing where it is refused."""
        storage = await self.open()
        self.kept = games.empty() if storage is None else kept_in(storage)
        return self.kept

    async def open(self) -> "Any":
        """localStorage (``stored``), kept for ``flush``; None where refused."""
        self.storage = await stored()
        return self.storage

    def save(self, bump: bool) -> None:
        """Save the board's game soon (read, change, write: another tab's games stay),
        one save at a time (see the module's docstring); due from now (``flush``)."""
        self.due = bool(self.due) or bump
        if not self.saving:
            self.saving = True
            browser.spawn(self.saves())

    async def saves(self) -> None:
        """Write the saves due, one after another, until none is (``save``)."""
        try:
            while self.due is not None:
                storage = await self.open()
                if self.due is not None:  # not written by ``flush`` meanwhile
                    self.put(storage)
        finally:
            self.saving = False

    def put(self, storage: "Any") -> None:
        """Write the save due into ``storage`` now (None: refused; what is kept is
        still shown), and the clock with it (``stamp``)."""
        bump, self.due = bool(self.due), None
        self.kept = self.game(games.empty() if storage is None else kept_in(storage), bump)
        self.shown(self.kept)
        if storage is None:
            return
        write = storage.setItem.bind(storage, site_key(games.KEY), games.text_of(self.kept))
        window.Promise.resolve().then(write).catch(ignore)  # quota: the address keeps it
        self.stamp(storage)

    def refresh(self, key: "str | None") -> None:
        """Another tab wrote storage's ``key`` (None: cleared): what is kept is read
        again and shown (its games in the menu), unless storage was never opened here; the
        clock alone (another tab's timer, each second) only moves its game's time."""
        storage, clock = self.storage, site_key(games.CLOCK)
        if storage is None or key not in (None, site_key(games.KEY), clock):
            return
        if key == clock:
            self.kept = games.timed(self.kept, storage.getItem(clock))
        else:
            self.kept = kept_in(storage)
        self.shown(self.kept)

    def tick(self) -> None:
        """The timer's second: its time on the board's game in what is kept (shown), and
        in storage's clock alone (``stamp``): a tab left open never writes the games back
        as it read them before another tab's save (see ``games``)."""
        self.kept = self.game(self.kept, False)
        self.shown(self.kept)
        if self.storage is not None:
            self.stamp(self.storage)

    def stamp(self, storage: "Any") -> None:
        """Write the clock: the time kept on the board's game, if it is kept."""
        puzzle = self.sheet.puzzle()
        game = games.find(self.kept, puzzle)
        if game is None:
            return
        text = games.time_text(puzzle, game["ms"])
        write = storage.setItem.bind(storage, site_key(games.CLOCK), text)
        window.Promise.resolve().then(write).catch(ignore)
