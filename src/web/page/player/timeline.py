"""The player's timeline: a trace's compact events, their checkpoints, a cursor over them.

The solver worker sends a trace in pages, in the wire's format (``wire.py``: a
checkpoint and 8-byte events per page).

The cursor steps forward and back without asking the worker (``wire.forward``,
``wire.backward``). A jump replays from the nearest checkpoint, at most one page.
Memory stays bounded: the first ``cap`` events are kept for good; past them the search
plays on live, and a page is let go once the cursor is ``behind`` pages past it. The
steps let go leave one gap, between the cap and the first page still held
(``Timeline.resume``): moves skip it as a film skips a cut (one step forward from the
cap lands on ``resume``, one step back from ``resume`` on the cap), and a jump into it
lands on the nearer side.

Pure Python that runs in MicroPython (the page's main thread) and CPython (the unit
tests).
"""

from wire import EXHAUSTED, SOLVED, WIDTH, backward, fields, forward, read_answer, stack_codes

from sudoku import words

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import Counted
    from wire import Cursor, Fields


def caption(event: "Fields") -> str:
    """What the event means, in a sentence (the player's caption): the core's words; a
    recorded write (one with a ``line``) says which line of the reader's code made it."""
    if "line" in event:
        return words.written(event)
    return words.caption(event, event["code"] != "v")


# -- the timeline and its cursor -----------------------------------------------------------


BEHIND = 16
"""Pages past the cap kept behind the cursor, to step back through (16,000 steps)."""


class Timeline:
    """The pages received so far, by index: ``[events, board, counts, stack, lines]``
    each (``lines``: the line of the reader's code behind each event of a recorded run,
    None for our strategies).

    ``page`` events per page (the worker's page size), ``cap`` events kept for good
    (a multiple of ``page``), ``behind`` pages past the cap kept behind the cursor;
    ``received`` counts every event that arrived, ``done`` once the trace ended,
    ``dropped`` once a page past the cap was let go, ``resume`` the first step held past
    the steps let go (0 while there is no gap); ``counts`` the counters after the last
    event received (``wire.Cursor``'s).
    """

    def __init__(self, grid: str, page: int, cap: int, behind: int = BEHIND) -> None:
        self.grid = grid
        self.page = page
        self.cap = max(page, cap - cap % page)
        self.behind = behind
        self.pages: dict[int, list[Any]] = {}
        self.received = 0
        self.done = False
        self.dropped = False
        self.resume = 0
        self.counts = [0, 0, 0, 0, 0]


def receive(timeline: Timeline, text: str) -> None:
    """Store one ``trace_pull`` answer (``wire.read_answer``)."""
    header, pages = read_answer(text, timeline.page)
    for head, events in pages:
        timeline.pages[head["start"] // timeline.page] = [
            events,
            bytes(head["board"].encode()),
            list(head["counts"]),
            stack_codes(head["stack"]),
            head.get("lines"),
        ]
        timeline.received = head["start"] + len(events) // WIDTH
    timeline.done = header["done"]
    timeline.counts = list(header["counts"])


def tally(timeline: Timeline) -> "Counted | None":
    """A trace that arrived whole, counted as ``trace_count`` counts it (steps, counters,
    how it ended), without running the search again; None before it ended, or once its
    last page was let go."""
    last = timeline.pages.get((timeline.received - 1) // timeline.page)
    if not timeline.done or not timeline.received or last is None:
        return None
    nodes, backtracks, _, max_depth, forced = timeline.counts
    kind = last[0][-WIDTH]
    return {
        "steps": timeline.received,
        "nodes": nodes,
        "backtracks": backtracks,
        "max_depth": max_depth,
        "forced": forced,
        "outcome": "solved" if kind == SOLVED else "exhausted" if kind == EXHAUSTED else "",
        "done": True,
    }


def kept(timeline: Timeline) -> int:
    """How many events stay for good: the first ``cap`` (or all, if fewer arrived)."""
    return min(timeline.received, timeline.cap)


def gap(timeline: Timeline) -> tuple[int, int] | None:
    """The steps let go, as ``(first, last)`` (inclusive); None while every step is held."""
    if not timeline.resume:
        return None
    return timeline.cap + 1, timeline.resume - 1


def nearest(timeline: Timeline, target: int) -> int:
    """The held step closest to ``target``: within what arrived, never inside the gap."""
    target = max(0, min(target, timeline.received))
    resume, cap = timeline.resume, timeline.cap
    if resume and cap < target < resume:
        return cap if target - cap <= resume - target else resume
    return target


def contiguous_end(timeline: Timeline, pos: int) -> int:
    """The last step playable from ``pos`` on: the end of the unbroken run of pages."""
    index = pos // timeline.page
    while index in timeline.pages:
        index += 1
    return min(timeline.received, index * timeline.page)


def restore(timeline: Timeline, cursor: "Cursor", index: int) -> None:
    """Put the cursor at the start of page ``index``, from its checkpoint."""
    _, board, counts, stack, _ = timeline.pages[index]
    cursor.board[:] = board
    cursor.counts[:] = counts
    cursor.stack[:] = stack
    cursor.pos = index * timeline.page


def advance(timeline: Timeline, cursor: "Cursor", n: int) -> int:
    """Play up to ``n`` events forward (fewer at the end of what arrived); return how many.

    Reaching the cap with steps let go after it, the next step crosses the gap (to
    ``resume``) and counts as one. Past the cap, pages the cursor left ``behind`` pages
    ago are let go.
    """
    played = 0
    start = cursor.pos
    while n > 0:
        if timeline.resume and cursor.pos == timeline.cap:
            restore(timeline, cursor, timeline.resume // timeline.page)
            played, n = played + 1, n - 1
            continue
        goal = min(cursor.pos + n, contiguous_end(timeline, cursor.pos))
        if goal <= cursor.pos:
            break
        played, n = played + goal - cursor.pos, n - (goal - cursor.pos)
        while cursor.pos < goal:
            index = cursor.pos // timeline.page
            base = index * timeline.page
            stop = min(goal, base + timeline.page)
            forward(
                cursor, timeline.pages[index][0], (cursor.pos - base) * WIDTH, (stop - base) * WIDTH
            )
            cursor.pos = stop
    size = timeline.page
    if cursor.pos > timeline.cap and (cursor.pos - 1) // size != (start - 1) // size:
        drop_played(timeline, cursor.pos)
    return played


def drop_played(timeline: Timeline, pos: int) -> None:
    """Let go of the pages past the cap more than ``behind`` pages before the one holding
    the event that led to step ``pos``; note where the held steps resume."""
    size, first = timeline.page, timeline.cap // timeline.page
    keep_from = (pos - 1) // size - timeline.behind
    for index in [i for i in timeline.pages if first <= i < keep_from]:
        del timeline.pages[index]
        timeline.dropped = True
    held = [i for i in timeline.pages if i >= first]
    if timeline.dropped and held:
        timeline.resume = min(held) * size if min(held) > first else 0


def retreat(timeline: Timeline, cursor: "Cursor", n: int) -> int:
    """Take back up to ``n`` events, down to the first held step of this run; return how
    many. From ``resume`` (the first step held past the gap) one step back is the cap."""
    if n > 0 and timeline.resume and cursor.pos == timeline.resume:
        seek(timeline, cursor, timeline.cap)
        return 1
    floor = timeline.resume if timeline.resume and cursor.pos > timeline.resume else 0
    goal = max(floor, cursor.pos - n)
    start = cursor.pos
    while cursor.pos > goal:
        index = (cursor.pos - 1) // timeline.page
        base = index * timeline.page
        stop = max(goal, base)
        events = timeline.pages[index][0]
        backward(
            cursor,
            events,
            (stop - base) * WIDTH,
            (cursor.pos - base) * WIDTH,
        )
        cursor.pos = stop
    return start - cursor.pos


def seek(timeline: Timeline, cursor: "Cursor", target: int) -> None:
    """Move the cursor to step ``target`` (the nearest held step, see ``nearest``).

    Within a page going forward it plays on; otherwise it restores the checkpoint of
    ``target``'s page and plays at most one page: a jump costs the same anywhere.
    """
    target = nearest(timeline, target)
    if target == cursor.pos:
        return
    index = target // timeline.page
    if index not in timeline.pages:
        index -= 1
    same_page = cursor.pos // timeline.page == index and cursor.pos <= target
    if not same_page:
        restore(timeline, cursor, index)
    advance(timeline, cursor, target - cursor.pos)


def event_before(timeline: Timeline, cursor: "Cursor") -> "Fields | None":
    """The event just played (the one the board shows), as ``fields``, with its ``line``
    for a recorded run's; None at step 0."""
    if cursor.pos == 0:
        return None
    index = (cursor.pos - 1) // timeline.page
    page = timeline.pages.get(index)
    if page is None:
        return None
    at = cursor.pos - 1 - index * timeline.page
    event = fields(page[0], at * WIDTH)
    if page[4] is not None:
        event["line"] = page[4][at]
    return event
