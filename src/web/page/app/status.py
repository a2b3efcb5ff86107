"""The app's status line and the messages under it: what the page says, and its verdict.

The status (``#status``, a polite live region) says one line at a time, with a verdict
naming what it is about ("unique", "edited", "hint", ...): ``#status[data-verdict]`` is
for tests and styles, ``Status.verdict`` for the page, which never reads it back from the
DOM. The messages (``#messages``) list what one action found (conflicts, a paste's
errors), as text only: user text may be in them, and never reaches the DOM as HTML.

Runs on the page's main thread (MicroPython through PyScript).
"""

from pyscript import web

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_MESSAGES = 6
"""Messages listed at most; the rest are counted ("and 3 more")."""


class Status:
    """The status line and the message list of one page."""

    def __init__(self, line: "Any", box: "Any") -> None:
        """``line`` is the status element, ``box`` the message list."""
        self.line = line
        self.box = box
        self.verdict = "loading"
        """What the status line is about (see the module's docstring)."""
        self.kind = ""
        """What the messages are: "conflict", "error", or "" (none)."""

    def say(self, text: str, verdict: str = "") -> None:
        """Show one line in the status region (read politely by screen readers)."""
        self.line.textContent = text
        self.line.dataset.verdict = verdict
        self.verdict = verdict

    def show(self, lines: list[str], kind: str) -> None:
        """List messages under the status, of ``kind``."""
        self.clear()
        self.kind = self.box.dataset.kind = kind
        for line in lines[:MAX_MESSAGES]:
            item = web.li()
            item.textContent = line
            self.box.append(item)
        if len(lines) > MAX_MESSAGES:
            more = web.li()
            more.textContent = f"and {len(lines) - MAX_MESSAGES} more"
            self.box.append(more)

    def clear(self) -> None:
        """Empty the message list."""
        self.box.replaceChildren()
        self.kind = self.box.dataset.kind = ""
