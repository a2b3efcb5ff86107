"""Undo and redo for every edit of the app's board.

Each edit (a typed digit, an erase, a pencil mark, a paste, a hint applied, Clear, a new
puzzle, a solve's fill) is kept as the board's state before it (``sheet.Sheet``'s
snapshot, JSON text), a few words naming it ("4 in r3c5", "Clear") and the timer's ms
then. Undo puts the state before back and keeps the state after for Redo; a new edit
forgets what Redo had. The ms let Undo of a new puzzle bring back the old one's time.

Pure Python for MicroPython (the page) and CPython (the unit tests).
"""

LIMIT = 500
"""Edits kept for undo; the oldest go first (a snapshot is about 1 KB)."""


TYPE_CHECKING = False
if TYPE_CHECKING:
    Moment = tuple[str, str, float]
    """A state to go back to: the board's snapshot, the edit's name, the timer's ms."""


class History:
    """The undo and redo stacks of ``Moment``s."""

    def __init__(self) -> None:
        """Nothing to undo or redo."""
        self.done: list[Moment] = []
        self.undone: list[Moment] = []

    def record(self, before: str, what: str, ms: float) -> None:
        """An edit was made from state ``before`` at ``ms`` on the timer: it can be undone;
        redo is forgotten."""
        self.done.append((before, what, ms))
        if len(self.done) > LIMIT:
            self.done.pop(0)
        self.undone = []

    def undo(self, now: str, ms: float) -> "Moment | None":
        """The state before the last edit, its name and its time (``now`` and ``ms`` are
        kept for redo), or None."""
        if not self.done:
            return None
        before, what, then = self.done.pop()
        self.undone.append((now, what, ms))
        return before, what, then

    def redo(self, now: str, ms: float) -> "Moment | None":
        """The state after the last undone edit, its name and its time (``now`` and ``ms``
        kept for undo), or None."""
        if not self.undone:
            return None
        after, what, then = self.undone.pop()
        self.done.append((now, what, ms))
        return after, what, then

    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self.done)

    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self.undone)
