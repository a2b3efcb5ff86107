"""The player's feed: a trace's pages, fetched from the solver worker ahead of the cursor.

One fetch is out at a time. While playing, ``AHEAD_PAGES`` pages stay fetched ahead of
the cursor (twice that at full speed); while End is under way, pages come
``END_PAGES`` at a time until the search ended or the kept steps are all in. Anything
arriving for a trace that was replaced since is dropped (``Player.generation``).

Runs on the page's main thread (MicroPython).
"""

import browser
import timeline
from client import WorkerError

from sudoku.words import grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from player import Player

END_PAGES = 8
"""Pages fetched per worker call while End goes to the end of the kept steps."""

AHEAD_PAGES = 2
"""Pages fetched ahead of the cursor while playing."""


def pages_wanted(player: "Player", run: int) -> int:
    """How many pages the next fetch asks for."""
    line = player.timeline
    assert line is not None  # (fill asks only for an open trace)
    if player.ending == run:  # as many as End needs, and not one past the cap
        return max(1, min(END_PAGES, (line.cap - line.received) // line.page))
    if player.goal:  # as many as the step ``go_to`` wants needs
        return max(1, min(END_PAGES, (min(player.goal, line.cap) - line.received) // line.page + 1))
    return AHEAD_PAGES * 2 if player.clock.playing and player.clock.full_speed() else 1


async def fill(player: "Player", run: int) -> None:
    """Fetch the next pages of the trace, unless a fetch is out or the trace ended; then
    go on as the player is: End under way, playing, or paused."""
    if player.fetching == run or player.timeline is None or player.timeline.done:
        return
    player.fetching = run
    line = player.timeline
    assert player.solver is not None  # (a trace is open)
    assert player.session is not None
    try:
        text = await player.solver.trace_pull(player.session, pages_wanted(player, run))
    except WorkerError as error:
        text = ""
        if run == player.generation:
            player.view.note(str(error))
            line.done = True  # the worker let the trace go: nothing more will come
    finally:
        if player.fetching == run:
            player.fetching = 0
    if run != player.generation or not text:
        return
    timeline.receive(line, text)
    if player.tree is not None:
        player.tree.grew()
    player.view.root.dataset.received = str(line.received)
    player.view.root.dataset.pages = str(len(line.pages))
    if player.ending == run:
        if line.done or line.received >= line.cap:
            player.finish_end()
        else:
            player.view.say("Going to the end: " + grouped(line.received) + " steps so far...")
            player.paint_counters()
            browser.spawn(fill(player, run))
    elif player.clock.playing:
        player.clock.request()
    else:
        player.paint_counters()  # the board shows the same step: keep its caption


def want_more(player: "Player") -> None:
    """Start a fetch if the cursor is near the end of what arrived (and can go on)."""
    line = player.timeline
    if line is None or line.done or player.fetching == player.generation:
        return
    if timeline.contiguous_end(line, player.cursor.pos) < line.received:
        return
    if line.received - player.cursor.pos < AHEAD_PAGES * line.page:
        browser.spawn(fill(player, player.generation))
