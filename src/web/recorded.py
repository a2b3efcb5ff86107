"""A recorded run of a reader's own code, played in the player like our strategies.

**The contract** (the code lab and the widget use it; ``tests/unit/test_recorded.py``
holds it). A recording is the text ``sudoku.recording`` defines and ``sudoku watch FILE
PUZZLE --record`` prints: the code, the puzzle, and every write the code made to the
board (``sudoku.watching``'s events). Whoever ran the code makes it: the CLI, or the
lab's Pyodide worker in its sandboxed frame, as ``events = []; run = watch(code, grid,
on_event=events.append); text = record(code, grid, events, run)`` (``sudoku.watching``,
``sudoku.recording``; ``record`` raises ValueError, one line, for a write the board cannot
show, such as ``"10"``). The text is then handed on (``postMessage``); it is data only,
and nothing here runs the code in it.

Worker side: ``worker.trace_record(text)`` (src/web/worker/worker.py; exported by the
widget's worker and the app's, whose configs map this module and ``sudoku.recording``:
pyscript-app-worker.toml, and pyscript-widget-worker.json's ``recorded_files``) checks the recording
(``sudoku.recording.read_recording``) and opens a session of the same protocol as
``trace_start``: ``trace_pull(session, pages)`` sends its pages in the wire's format
(src/web/wire.py: the recorded kinds ``w``, ``W``, ``e``, and each page's ``lines``),
``trace_stop(session)`` closes it; ``trace_count`` is refused (the answer already says
how long it is). Its answer is JSON text, for example ``{"session": 3, "grid":
"53..7....(81)", "strategy": "", "source": "class Solution: ...", "lines": {}, "page":
4000, "recorded": true, "steps": 4210, "undos": 2100, "outcome": "returned", "message":
"", "at_end": false}``,
or a ``Failure``, ``{"error": "recording: step 12 (...): ..."}``: one line, for the page to
show (the client raises it as ``WorkerError``).
``source`` is the reader's code (the page shows it with ``textContent`` only);
``steps`` the writes in all, ``undos`` the erases among them; ``outcome``, ``message``
and ``at_end`` as the recording says.

Page side: ``await player.open_recorded(text)`` (src/web/page/player/player.py, on a
``Player`` connected to its ``client.Solver``, whose ``trace_record(text)`` it calls) opens
the session, ready to play, as ``open_trace`` opens ours: steps, the timeline,
speeds, the board, the open writes as the depth strip, the counters (writes as
``nodes``, erases as ``backtracks``, open writes as ``depth``) and, in the code panel,
the reader's code with the line that made each write marked (from each event's own
line, not a table per kind), its counters and headings named for writes
(``captions.LABELS``), the run's message (an error, a stop) in the note and its length
in the caption; ``.player[data-recorded]`` is "true" while it is open. It answers False,
with the error in the player's note, when the worker refuses the text. The widget does
all this from its address's ``#trace=`` (static/js/recording.js; docs/embedding.md).

**On the wire** (src/web/wire.py: ``encode_write``, and ``forward`` and ``backward``
play them) a recorded run's events are its writes, in three kinds whose last bytes make
them invertible whatever order the code writes in::

    w3547..    write 4 into r3c5, which held 7, its entry 0 in the open writes ("..": none)
    W354...    write 4 into blank r3c5: a new open write, more than ever before
    e354.03.   erase r3c5 (write "."), taking out 4, entry 3 of the open writes

The open writes (the cursor's ``stack``) are the cells the code wrote a digit into and
has not blanked since, oldest first: an overwrite changes its entry in place, an erase
takes it out wherever it is. The counters: ``nodes`` the writes, ``backtracks`` the
erases, ``depth`` the open writes. Each page's checkpoint also holds ``lines``, the line
of the reader's code that made each of its events (``timeline.event_before`` adds it to
the event, and the code panel marks it).

Runs unchanged in CPython (tests), Pyodide and MicroPython (the workers); loaded only
when a recording is played (``worker.trace_record`` imports it). The answer's type is
``contract.Recorded``; the page calls ``trace_record`` through ``client.Solver``.
"""

import wire

from sudoku.recording import RecordingError, read_recording

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from contract import Recorded

    from sudoku.recording import Recording, Write

    Pages = Callable[[int], tuple[str, list[int]]]
    """Makes the next page of a session: up to ``count`` events' wire text, their lines."""


def writes(grid: str, events: "list[Write]") -> "Iterator[tuple[str, int]]":
    """Each event of a checked recording (``sudoku.recording.read_recording``) on
    ``grid``, as the wire's 8 characters and the line that made it; the open writes are
    tracked here as the cursor's stack tracks them (``wire.forward``)."""
    board = list(grid)
    cells: list[int] = []  # the open writes, oldest first
    is_open = bytearray(81)
    most = 0
    for kind, cell, digit, line in events:
        slot = -1
        if is_open[cell]:
            slot = len(cells) - 1 if cells[-1] == cell else cells.index(cell)
        if kind == "u":
            code = wire.encode_write(cell, ".", digit, slot, False)
            board[cell] = "."
            if slot >= 0:
                cells.pop(slot)
                is_open[cell] = 0
        else:
            if slot < 0:
                cells.append(cell)
                is_open[cell] = 1
            deeper = len(cells) > most
            most = max(most, len(cells))
            code = wire.encode_write(cell, digit, board[cell], slot, deeper)
            board[cell] = digit
        yield code, line


def pages(found: "Recording") -> "Pages":
    """The page maker of a session playing ``found``."""
    items = writes(found["puzzle"], found["events"])

    def page(count: int) -> "tuple[str, list[int]]":
        codes, lines = [], []
        for code, line in items:
            codes.append(code)
            lines.append(line)
            if len(codes) >= count:
                break
        return "".join(codes), lines

    return page


def session(text: str) -> "tuple[Recording, Pages] | str":
    """The recording in ``text``, checked, and the page maker of a session playing it;
    the one line saying why, when it cannot play."""
    try:
        found = read_recording(text)
    except RecordingError as error:
        return str(error)
    return found, pages(found)


def answer(found: "Recording", key: int, page: int) -> "Recorded":
    """``trace_record``'s answer for ``found``, open as session ``key`` with pages of
    ``page`` events (see the module's docstring)."""
    return {
        "session": key,
        "grid": found["puzzle"],
        "strategy": "",
        "source": found["code"],
        "lines": {},
        "page": page,
        "recorded": True,
        "steps": len(found["events"]),
        "undos": found["undos"],
        "outcome": found["outcome"],
        "message": found["message"],
        "at_end": found["at_end"],
    }
