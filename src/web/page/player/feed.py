"""The player's feed: one open trace's pages, fetched from the solver worker.

A ``Feed`` is made for each trace the worker opens (its session) and closed when the
player opens another: what still arrives for a closed feed is dropped. One fetch is out
at a time. How many pages a fetch asks for is ``pages_wanted``'s: while playing,
``AHEAD_PAGES`` pages stay fetched ahead of the cursor (twice that at full speed); while
End is under way, or a step far ahead is wanted, up to ``END_PAGES`` at a time. What the
player does once pages arrive is the player's (``Player.arrived``).

Runs on the page's main thread (MicroPython).
"""

import browser
import timeline

TYPE_CHECKING = False
if TYPE_CHECKING:
    from client import Solver

END_PAGES = 32
"""Pages fetched per worker call while End goes to the end of the kept steps."""

AHEAD_PAGES = 8
"""Pages fetched ahead of the cursor while playing."""


def pages_wanted(line: "timeline.Timeline", ending: bool, goal: int, fast: bool) -> int:
    """How many pages the next fetch asks for: as many as End needs (``ending``) and not
    one past the cap; as many as step ``goal`` needs (0: none); else ahead of a player
    playing, more at full speed (``fast``)."""
    if ending:
        return max(1, min(END_PAGES, (line.cap - line.received) // line.page))
    if goal:
        return max(1, min(END_PAGES, (min(goal, line.cap) - line.received) // line.page + 1))
    return AHEAD_PAGES * 2 if fast else 1


class Feed:
    """One open trace's pages from the worker (see the module's docstring)."""

    def __init__(self, solver: "Solver", session: int, line: "timeline.Timeline") -> None:
        """The worker's trace ``session``, whose pages go into ``line``."""
        self.solver = solver
        self.session = session
        self.line = line
        self.fetching = False
        """A fetch is out."""
        self.closed = False
        """The player let the trace go: what still arrives is dropped."""

    def close(self) -> None:
        """Let the worker drop the trace; anything still arriving is dropped."""
        if not self.closed:
            self.closed = True
            browser.spawn(self.solver.trace_stop(self.session))

    def near_end(self, pos: int) -> bool:
        """Whether a fetch should start for a cursor at step ``pos``: the trace goes on,
        none is out, and the cursor is within ``AHEAD_PAGES`` of the end of what
        arrived (with every step up to there held)."""
        line = self.line
        if line.done or self.fetching or self.closed:
            return False
        if timeline.contiguous_end(line, pos) < line.received:
            return False
        return line.received - pos < AHEAD_PAGES * line.page

    async def pull(self, pages: int) -> bool:
        """Fetch the next ``pages`` pages into the timeline: True when some arrived for
        this open feed; False when a fetch was out, the trace ended, or the feed closed
        meanwhile. A ``WorkerError`` is raised after the timeline is marked done (the
        worker let the trace go: nothing more will come)."""
        line = self.line
        if self.fetching or self.closed or line.done:
            return False
        self.fetching = True
        try:
            text = await self.solver.trace_pull(self.session, pages)
        except Exception:
            if not self.closed:
                line.done = True
            raise
        finally:
            self.fetching = False
        return self.take(text)

    def take(self, text: str) -> bool:
        """Put pages that came (``trace_pull``'s text: "" for none) into the timeline;
        whether any did, for this open feed."""
        if self.closed or not text:
            return False
        timeline.receive(self.line, text)
        return True
