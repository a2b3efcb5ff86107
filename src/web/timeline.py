"""The player's timeline: a trace's compact events, their checkpoints, a cursor over them.

The solver worker (src/web/worker.py, ``trace_pull``) sends a trace in pages: each page
is a checkpoint (the board, the counters and the open guesses at its first step) and
its events, 8 bytes each: kind, cell, digit, peer, unit, with dots where none::

    t354....   try 4 at r3c5
    r354317r3  reject 4 at r3c5: r3c1 holds it in row 3 ("r3" is row 3)
    p354....   place 4 at r3c5 (a guess); "P" when the guess deepens max_depth
    f354..b2   force 4 at r3c5 (hidden single in box 2; no unit: a naked single)
    s35.....   stuck: no candidate left for r3c5 ("s..4..r3": no place for 4 in row 3)
    u354....   undo 4 at r3c5, a backtrack; "v" when it takes back a forced digit
    S.......   solved;  x....... exhausted

Every event is invertible and every counter follows from the letters alone, so the
cursor steps forward and back without asking the worker. A jump replays from the
nearest checkpoint, at most one page. Memory stays bounded: the first ``cap`` events
are kept for good; past them the search plays on live, and a page is let go once the
cursor is ``behind`` pages past it. The steps let go leave one gap, between the cap and
the first page still held (``Timeline.resume``): moves skip it as a film skips a cut
(one step forward from the cap lands on ``resume``, one step back from ``resume`` on the
cap), and a jump into it lands on the nearer side.

Pure Python that runs in MicroPython (the page's main thread) and CPython (the unit
tests). Events stay in ``bytes``: MicroPython indexes bytes ~60x faster than ``str``.
A board is a ``bytearray`` of 81: ``.`` blank, ``1``-``9`` a given or a guess, ``a``-``i``
a forced 1-9 (the checkpoints' spelling too).
"""

import json

WIDTH = 8
"""Bytes per event."""

DOT, ZERO, FORCED_SHIFT = 46, 48, 48
"""``.``; ``0``; a forced digit's byte is its digit's byte + 48 (``1`` -> ``a``)."""

TRY, REJECT, PLACE, DEEPER, FORCE, STUCK, UNDO, UNFORCE, SOLVED, EXHAUSTED = b"trpPfsuvSx"
"""The kind bytes."""

KIND_NAMES = {
    TRY: "try",
    REJECT: "reject",
    PLACE: "place",
    DEEPER: "place",
    FORCE: "force",
    STUCK: "stuck",
    UNDO: "undo",
    UNFORCE: "undo",
    SOLVED: "solved",
    EXHAUSTED: "exhausted",
}
"""The core's kind name (``sudoku.trace``) of each kind byte."""

UNIT_WORDS = {"r": "row", "c": "column", "b": "box"}

NODES, BACKTRACKS, DEPTH, MAX_DEPTH, FORCED = range(5)
"""Positions in a counters list (the worker's order)."""


# -- one event ---------------------------------------------------------------------------


def cell_at(data, o):
    """The board index of the cell at ``data[o:o+2]`` (``35`` -> r3c5 -> 22); -1 if none."""
    if data[o] == DOT:
        return -1
    return (data[o] - 49) * 9 + data[o + 1] - 49


def cell_name(index):
    """22 -> ``r3c5``."""
    return "r" + str(index // 9 + 1) + "c" + str(index % 9 + 1)


def unit_text(code):
    """``r3`` -> ``row 3``; ``..`` -> ""."""
    word = UNIT_WORDS.get(code[:1], "")
    return word + " " + code[1:] if word else ""


def fields(data, o):
    """The event at offset ``o`` as a dict (kind, cell, digit, peer, unit; "" where none).

    For captions, tests and the code panel: the hot loops read the bytes directly.
    """
    cell, peer = cell_at(data, o + 1), cell_at(data, o + 4)
    digit = chr(data[o + 3])
    return {
        "code": chr(data[o]),
        "kind": KIND_NAMES[data[o]],
        "cell": cell_name(cell) if cell >= 0 else "",
        "index": cell,
        "digit": "" if digit == "." else digit,
        "peer": cell_name(peer) if peer >= 0 else "",
        "peer_index": peer,
        "unit": unit_text(bytes(data[o + 6 : o + 8]).decode()),
    }


def caption(event):
    """What the event means, in a sentence (the player's caption)."""
    code, cell, digit, unit, peer = (
        event[key] for key in ("code", "cell", "digit", "unit", "peer")
    )
    if code == "t":
        return f"Try {digit} at {cell}."
    if code == "r":
        return f"Reject {digit} at {cell}: {peer} holds it in {unit}."
    if code in "pP":
        return f"Place {digit} at {cell} (a guess)."
    if code == "f":
        why = f"hidden single in {unit}" if unit else "naked single"
        return f"Force {digit} at {cell}: {why}."
    if code == "s" and peer:
        return f"Stuck: {cell} and {peer} both hold {digit} in {unit}."
    if code == "s" and cell:
        return f"Stuck: no candidate left for {cell}."
    if code == "s":
        return f"Stuck: no place left for {digit} in {unit}."
    if code == "u":
        return f"Undo {digit} at {cell}: backtrack."
    if code == "v":
        return f"Undo the forced {digit} at {cell}."
    if code == "S":
        return "Solved."
    return "Exhausted: every option failed, no solution."


# -- many events: the hot loops ----------------------------------------------------------


def forward(cursor, data, start, stop):
    """Play the events at byte offsets ``start``..``stop`` of ``data`` on the cursor."""
    board, counts, stack = cursor.board, cursor.counts, cursor.stack
    for o in range(start, stop, WIDTH):
        k = data[o]
        if k in (TRY, REJECT):
            continue
        if k in (PLACE, DEEPER):
            cell = (data[o + 1] - 49) * 9 + data[o + 2] - 49
            board[cell] = data[o + 3]
            stack.append(cell * 16 + data[o + 3] - ZERO)
            counts[NODES] += 1
            counts[DEPTH] += 1
            if k == DEEPER:
                counts[MAX_DEPTH] += 1
        elif k == UNDO:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
            stack.pop()
            counts[BACKTRACKS] += 1
            counts[DEPTH] -= 1
        elif k == FORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = data[o + 3] + FORCED_SHIFT
            counts[FORCED] += 1
        elif k == UNFORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT


def backward(cursor, data, start, stop):
    """Take back the events at byte offsets ``start``..``stop`` of ``data``, newest first."""
    board, counts, stack = cursor.board, cursor.counts, cursor.stack
    for o in range(stop - WIDTH, start - WIDTH, -WIDTH):
        k = data[o]
        if k in (TRY, REJECT):
            continue
        if k in (PLACE, DEEPER):
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
            stack.pop()
            counts[NODES] -= 1
            counts[DEPTH] -= 1
            if k == DEEPER:
                counts[MAX_DEPTH] -= 1
        elif k == UNDO:
            cell = (data[o + 1] - 49) * 9 + data[o + 2] - 49
            board[cell] = data[o + 3]
            stack.append(cell * 16 + data[o + 3] - ZERO)
            counts[BACKTRACKS] -= 1
            counts[DEPTH] += 1
        elif k == FORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = DOT
            counts[FORCED] -= 1
        elif k == UNFORCE:
            board[(data[o + 1] - 49) * 9 + data[o + 2] - 49] = data[o + 3] + FORCED_SHIFT


def stack_codes(text):
    """A checkpoint's open guesses (``354127``: 4 at r3c5, 7 at r1c2) as stack entries."""
    raw = text.encode()
    return [
        ((raw[i] - 49) * 9 + raw[i + 1] - 49) * 16 + raw[i + 2] - ZERO
        for i in range(0, len(raw), 3)
    ]


# -- the timeline and its cursor -----------------------------------------------------------


BEHIND = 4
"""Pages past the cap kept behind the cursor, to step back through (16,000 steps)."""


class Timeline:
    """The pages received so far, by index: ``[events, board, counts, stack]`` each.

    ``page`` events per page (the worker's page size), ``cap`` events kept for good
    (a multiple of ``page``), ``behind`` pages past the cap kept behind the cursor;
    ``received`` counts every event that arrived, ``done`` once the trace ended,
    ``dropped`` once a page past the cap was let go, ``resume`` the first step held past
    the steps let go (0 while there is no gap).
    """

    def __init__(self, grid, page, cap, behind=BEHIND):
        self.grid = grid
        self.page = page
        self.cap = max(page, cap - cap % page)
        self.behind = behind
        self.pages = {}
        self.received = 0
        self.done = False
        self.dropped = False
        self.resume = 0


class Cursor:
    """Where the player is: the board, counters and open guesses after ``pos`` events.

    ``stack`` holds the open guesses, oldest first, as ``cell * 16 + digit``.
    """

    def __init__(self, grid):
        self.board = bytearray(grid.encode())
        self.counts = [0, 0, 0, 0, 0]
        self.stack = []
        self.pos = 0


def receive(timeline, text):
    """Store one ``trace_pull`` answer (header line, newline, events); return its header.

    An answer with an ``error`` stores nothing and returns the header as is.
    """
    raw = text.encode()
    cut = raw.find(b"\n")
    header = json.loads(raw if cut < 0 else raw[:cut])
    if "error" in header:
        return header
    at = cut + 1
    for head in header["pages"]:
        size = timeline.page * WIDTH
        events = raw[at : at + size]
        at += len(events)
        board = bytes(head["board"].encode())
        timeline.pages[head["start"] // timeline.page] = [
            events,
            board,
            list(head["counts"]),
            stack_codes(head["stack"]),
        ]
        timeline.received = head["start"] + len(events) // WIDTH
    timeline.done = header["done"]
    return header


def kept(timeline):
    """How many events stay for good: the first ``cap`` (or all, if fewer arrived)."""
    return min(timeline.received, timeline.cap)


def gap(timeline):
    """The steps let go, as ``(first, last)`` (inclusive); None while every step is held."""
    if not timeline.resume:
        return None
    return timeline.cap + 1, timeline.resume - 1


def nearest(timeline, target):
    """The held step closest to ``target``: within what arrived, never inside the gap."""
    target = max(0, min(target, timeline.received))
    resume, cap = timeline.resume, timeline.cap
    if resume and cap < target < resume:
        return cap if target - cap <= resume - target else resume
    return target


def contiguous_end(timeline, pos):
    """The last step playable from ``pos`` on: the end of the unbroken run of pages."""
    index = pos // timeline.page
    while index in timeline.pages:
        index += 1
    return min(timeline.received, index * timeline.page)


def restore(timeline, cursor, index):
    """Put the cursor at the start of page ``index``, from its checkpoint."""
    _, board, counts, stack = timeline.pages[index]
    cursor.board[:] = board
    cursor.counts[:] = counts
    cursor.stack[:] = stack
    cursor.pos = index * timeline.page


def advance(timeline, cursor, n):
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


def drop_played(timeline, pos):
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


def retreat(timeline, cursor, n):
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


def seek(timeline, cursor, target):
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


def event_before(timeline, cursor):
    """The event just played (the one the board shows), as ``fields``; None at step 0."""
    if cursor.pos == 0:
        return None
    index = (cursor.pos - 1) // timeline.page
    page = timeline.pages.get(index)
    if page is None:
        return None
    return fields(page[0], (cursor.pos - 1 - index * timeline.page) * WIDTH)


def unit_cells(text):
    """The nine cells of a unit named ``row 3``, ``column 5`` or ``box 9``; [] for ""."""
    if not text:
        return []
    word, number = text.split()
    n = int(number) - 1
    if word == "row":
        return [n * 9 + c for c in range(9)]
    if word == "column":
        return [r * 9 + n for r in range(9)]
    top, left = n // 3 * 3, n % 3 * 3
    return [(top + r) * 9 + left + c for r in range(3) for c in range(3)]
