"""Undo and redo for every edit of the app's board (issue 14).

Each edit (a typed digit, an erase, a pencil mark, a paste, a hint applied, Clear, a new
puzzle, a solve's fill) is kept as the board's state before it (``entries.Board``'s
snapshot, JSON text) and a few words naming it ("4 in r3c5", "Clear"). Undo puts the
state before back and keeps the state after for Redo; a new edit forgets what Redo had.

Pure Python for MicroPython (the page) and CPython (the unit tests).
"""

LIMIT = 500
"""Edits kept for undo; the oldest go first (a snapshot is about 1 KB)."""


class History:
    """The undo and redo stacks: (snapshot, what the edit was) pairs."""

    def __init__(self) -> None:
        """Nothing to undo or redo."""
        self.done: list[tuple[str, str]] = []
        self.undone: list[tuple[str, str]] = []

    def record(self, before: str, what: str) -> None:
        """An edit was made from state ``before``: it can be undone; redo is forgotten."""
        self.done.append((before, what))
        if len(self.done) > LIMIT:
            self.done.pop(0)
        self.undone = []

    def undo(self, now: str) -> tuple[str, str] | None:
        """The state before the last edit and its name (``now`` is kept for redo), or None."""
        if not self.done:
            return None
        before, what = self.done.pop()
        self.undone.append((now, what))
        return before, what

    def redo(self, now: str) -> tuple[str, str] | None:
        """The state after the last undone edit and its name (``now`` kept for undo), or None."""
        if not self.undone:
            return None
        after, what = self.undone.pop()
        self.done.append((now, what))
        return after, what

    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self.done)

    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self.undone)
