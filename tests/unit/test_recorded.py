"""A recorded run of a reader's own code (sudoku.recording, src/web/recorded.py): it
round-trips, the worker plays it through the player's own protocol (trace_record, then
trace_pull's pages into the timeline), and at every step, forward, back and after a
jump, the player shows the board, counters, open writes and line the run had there;
hostile text gives one line, never a traceback."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
import wire
from hypothesis import given
from hypothesis import strategies as st
from support import LEETCODE, WEB, WORKER, load_file
from test_micropython import HERE, ROOT, micropython, node, run

from sudoku.grid import cell_name
from sudoku.plain import STARTING_POINTS, unmarked
from sudoku.recording import MAX_CODE, MAX_EVENTS, RecordingError, read_recording, record
from sudoku.watching import Event, Run, watch
from sudoku.words import written

timeline = load_file(WEB / "page" / "player" / "timeline.py")
captions = load_file(WEB / "page" / "player" / "captions.py")

EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]

OVERWRITE = """def solve(board):
    for r in range(9):
        for c in range(9):
            if board[r][c] == ".":
                for d in "123456789":
                    if fits(board, r, c, d):
                        board[r][c] = d
                        if solve(board):
                            return True
                board[r][c] = "."
                return False
    return True

def fits(board, r, c, d):
    box = [board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] for i in range(9)]
    return d not in board[r] and d not in [row[c] for row in board] and d not in box
"""
"""A search that writes each digit over the one before and blanks its cell once, after
the loop: overwrites of an open write."""

SHUFFLED = """def solve(board):
    board[0][2] = "4"
    board[0][3] = "6"
    board[0][2] = "."
    board[0][0] = "1"
    board[0][5] = "."
    board[0][3] = "2"
    board[0][0] = "."
    board[1][1] = "7"
    board[0][3] = "."
"""
"""Writes in no stack's order: an erase of an older write, an overwrite of a given and
of an older write, a blank written into a blank, a given blanked."""


def recorded(code: str, grid: str = LEETCODE) -> tuple[str, list[Event], Run]:
    """``code`` run on ``grid``: its recording, its events and the run."""
    seen: list[Event] = []
    run = watch(code, grid, on_event=seen.append)
    return record(code, grid, seen, run), seen, run


def truth(grid: str, events: list[Event]) -> list[tuple[str, list[int], list[int], int]]:
    """What the player must show before each event and after the last, restated from
    the events: board, counters (writes, erases, open writes, their most), the open
    writes (``cell * 16 + digit``, oldest first), the line (0 at the start)."""
    board, cells, most = list(grid), [], 0
    shown = [("".join(board), [0, 0, 0, 0, 0], [], 0)]
    places = undos = 0
    for event in events:
        cell = int(event["cell"][1]) * 9 + int(event["cell"][3]) - 10
        if event["kind"] == "place":
            places += 1
            board[cell] = event["digit"]
            if cell not in cells:
                cells.append(cell)
        else:
            undos += 1
            board[cell] = "."
            if cell in cells:
                cells.remove(cell)
        most = max(most, len(cells))
        stack = [c * 16 + int(board[c]) for c in cells]
        shown.append(("".join(board), [places, undos, len(cells), most, 0], stack, event["line"]))
    return shown


def opened(worker: ModuleType, text: str, page: int) -> tuple[dict, object]:
    """``text`` opened by the worker with pages of ``page`` events, every page pulled into
    a timeline; the answer and the timeline."""
    worker.TRACE_PAGE = page
    answer = json.loads(worker.trace_record(text))
    assert answer["page"] == page
    line = timeline.Timeline(answer["grid"], page, 10**6)
    while not line.done:
        timeline.receive(line, worker.trace_pull(answer["session"], 2))
    return answer, line


def seen(line: object, cursor: wire.Cursor) -> tuple[str, list[int], list[int], int]:
    """What the player shows at the cursor: board, counters, open writes, marked line."""
    event = timeline.event_before(line, cursor)
    return (
        cursor.board.decode(),
        list(cursor.counts),
        list(cursor.stack),
        event["line"] if event else 0,
    )


@pytest.fixture
def worker() -> ModuleType:
    """A fresh src/web/worker/worker.py (its TRACE_PAGE is set per test)."""
    return load_file(WORKER)


def test_a_recording_holds_each_write_and_the_run() -> None:
    """record then read: the puzzle, the code, one token per event (kind, cell, digit,
    line, depth) and how the run ended."""
    text, events, run = recorded(EDITORIAL)
    found = read_recording(text)
    assert "\n" not in text
    assert (found["puzzle"], found["code"], found["outcome"]) == (LEETCODE, EDITORIAL, "returned")
    assert len(found["events"]) == len(events) == run["steps"]
    tokens = json.loads(text)["events"].split(" ")
    assert found["undos"] == len([e for e in events if e["kind"] == "undo"])
    for token, read, event in zip(tokens, found["events"], events, strict=True):
        kind = "p" if event["kind"] == "place" else "u"
        cell = event["cell"][1] + event["cell"][3]
        assert token == f"{kind}{cell}{event['digit']}:{event['line']}:{event['depth']}"
        index = int(cell[0]) * 9 + int(cell[1]) - 10
        assert read == (kind, index, event["digit"], event["line"])


@pytest.mark.parametrize("code", [EDITORIAL, OVERWRITE, SHUFFLED])
@pytest.mark.parametrize("page", [7, 4000])
def test_the_player_shows_the_runs_truth_at_every_step(
    worker: ModuleType, code: str, page: int
) -> None:
    """Forward one step at a time, then back, then jumps: the board, counters, open writes
    and the line are the run's own, across pages and whatever order the code wrote in."""
    text, events, _ = recorded(code)
    answer, line = opened(worker, text, page)
    assert (answer["source"], answer["grid"], answer["recorded"]) == (code, LEETCODE, True)
    assert (answer["steps"], answer["undos"]) == (
        len(events),
        len([e for e in events if e["kind"] == "undo"]),
    )
    assert line.received == len(events)
    want = truth(LEETCODE, events)
    cursor = wire.Cursor(LEETCODE)
    for step in range(len(events)):
        assert seen(line, cursor) == want[step], step
        timeline.advance(line, cursor, 1)
    assert seen(line, cursor) == want[-1]
    for step in range(len(events), 0, -1):
        assert seen(line, cursor) == want[step], step
        timeline.retreat(line, cursor, 1)
    for step in random.Random(24).choices(range(len(events) + 1), k=50):
        timeline.seek(line, cursor, step)
        assert seen(line, cursor) == want[step], step


def test_captions_name_the_line_that_wrote() -> None:
    """The caption of a recorded write names its line, the cell and the digit."""
    place = {"kind": "place", "cell": "r3c5", "digit": "4", "line": 12}
    undo = {"kind": "undo", "cell": "r3c5", "digit": "4", "line": 14}
    assert written(place) == "Line 12 writes 4 into r3c5."
    assert written(undo) == "Line 14 sets r3c5 back to blank (it held 4)."
    assert written({**place, "line": 0}) == "Code outside yours writes 4 into r3c5."


def test_the_answer_says_how_the_run_ended(worker: ModuleType) -> None:
    """An error is told in the answer (the player's note); the length in words."""
    code = (
        "def solve(board):\n    for d in '12':\n        board[0][2] = d\n"
        "        board[0][2] = '.'\n    return 1 / 0\n"
    )
    text, _, _ = recorded(code)
    answer = json.loads(worker.trace_record(text))
    assert answer["outcome"] == "error"
    assert answer["message"] == "error on line 5: ZeroDivisionError: division by zero"
    assert captions.recorded_caption(answer) == (
        "Your code writes to the board 4 times: 2 digits, 2 blanks."
    )


def test_a_recorded_session_is_not_counted(worker: ModuleType) -> None:
    """trace_count refuses a recorded session (its length is in the answer); trace_stop
    closes it."""
    text, _, _ = recorded(SHUFFLED)
    session = json.loads(worker.trace_record(text))["session"]
    assert "error" in json.loads(worker.trace_count(session, 10))
    assert json.loads(worker.trace_stop(session)) == {"closed": True}


def good() -> dict[str, object]:
    """A small recording that plays, as a dict to spoil."""
    return json.loads(recorded(SHUFFLED)[0])


def spoiled(**changes: object) -> str:
    """``good()`` with ``changes`` (None removes a key), as text."""
    found = good()
    for key, value in changes.items():
        if value is None:
            del found[key]
        else:
            found[key] = value
    return json.dumps(found)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "recording: not JSON (paste all that --record printed)"),
        ("[1, 2]", "recording: not a recording of version 1"),
        (spoiled(recording=2), "recording: not a recording of version 1"),
        (spoiled(puzzle=None), "recording: 'puzzle' must be text"),
        (spoiled(puzzle="55" + "." * 79), None),
        (spoiled(puzzle="1" * 80), "recording: puzzle: expected 81 cells, found 80"),
        (spoiled(code=7), "recording: 'code' must be text"),
        (spoiled(code="x" * (MAX_CODE + 1)), "recording: 'code' is longer than 100000 characters"),
        (spoiled(events="p13x:1:1"), "recording: step 1 ('p13x:1:1'): 'x' is not a digit 1-9"),
        (
            spoiled(events="p134:1:1 u135:2:1"),
            "recording: step 2 ('u135:2:1'): undoes 5 at r1c3, which holds 4",
        ),
        (
            spoiled(events="p134:99:1"),
            "recording: step 1 ('p134:99:1'): line 99 is past the code's 11 lines",
        ),
        (
            spoiled(events="p034:1:1"),
            "recording: step 1 ('p034:1:1'): '03' is not a cell (row and column 1-9)",
        ),
        (
            spoiled(events="p134:-1:1"),
            "recording: step 1 ('p134:-1:1'): its line is not a whole number",
        ),
        (
            spoiled(events="p134:1"),
            "recording: step 1 ('p134:1'): not an event: expected like p133:12:2",
        ),
        (
            spoiled(events="<img src=x onerror=alert(1)>"),
            "recording: step 1 ('<img'): not an event: expected like p133:12:2",
        ),
        (
            spoiled(events=" ".join(["p134:1:1"] * (MAX_EVENTS + 1))),
            "recording: more than 200000 events",
        ),
        (spoiled(outcome="won"), "recording: 'outcome' must be returned, error or stopped"),
        (spoiled(message="m" * 501), "recording: 'message' is longer than 500 characters"),
        (spoiled(at_end="no"), "recording: 'at_end' must be true or false"),
    ],
    ids=lambda value: str(value)[-40:],
)
def test_a_bad_recording_is_one_line(worker: ModuleType, text: str, said: str | None) -> None:
    """Each wrong part is named in one line (a puzzle whose givens clash still plays: the
    reader's code ran on it)."""
    if said is None:
        assert read_recording(text)["puzzle"].startswith("55")
        return
    with pytest.raises(RecordingError) as raised:
        read_recording(text)
    assert str(raised.value) == said
    assert json.loads(worker.trace_record(text)) == {"error": said}


def test_any_json_spelling_reads_the_same() -> None:
    """The events cut apart from the JSON (MicroPython's json is slow on long strings) read
    as json.loads reads them: pretty-printed, with escapes in the events, keys reordered."""
    text = recorded(SHUFFLED)[0]
    found = json.loads(text)
    escaped = text.replace("p146", "\\u0070146")
    assert "\\u0070" in escaped
    same = [
        json.dumps(found, indent=1),
        escaped,
        json.dumps(dict(reversed(found.items())), separators=(",", ":")),
    ]
    for other in same:
        assert read_recording(other) == read_recording(text)
    twice = text[:-1] + ',"events":"p134:2:1"}'
    with pytest.raises(RecordingError, match=r"^recording: 'events' is given twice$"):
        read_recording(twice)


@given(st.data())
def test_spoiled_recordings_never_raise_anything_else(data: st.DataObject) -> None:
    """Any cut, or characters changed anywhere: the recording reads, or RecordingError."""
    text = recorded(SHUFFLED)[0]
    cut = data.draw(st.integers(0, len(text)))
    spots = data.draw(
        st.lists(st.tuples(st.integers(0, len(text) - 1), st.characters()), max_size=4)
    )
    chars = list(text[:cut] if data.draw(st.booleans()) else text)
    for at, char in spots:
        if at < len(chars):
            chars[at] = char
    try:
        read_recording("".join(chars))
    except RecordingError as error:
        said = str(error)
    else:
        said = ""
    assert said.count("\n") == 0


def test_a_write_that_is_not_a_digit_cannot_be_recorded() -> None:
    """A value the board cannot show (not one digit as text) is refused, with the step."""
    code = "def solve(board):\n    board[0][2] = '10'\n"
    with pytest.raises(ValueError, match=r"^step 1 writes '10' into r1c3: a recording holds"):
        recorded(code)


def test_each_cell_name_round_trips() -> None:
    """Every cell's token reads back as that cell."""
    grid = "." * 81
    events = " ".join(f"p{cell_name(c)[1]}{cell_name(c)[3]}1:0:1" for c in range(81))
    found = read_recording(json.dumps({**good(), "puzzle": grid, "events": events}))
    assert len(found["events"]) == 81


HUGE = [
    '{"recording": ' + "9" * 1_000_000 + "}",
    json.dumps({**good(), "code": "# " + "7" * 1001}),
    json.dumps({**good(), "message": "x" * 3_000_000}),
    json.dumps({**good(), "events": "\\" + "x" * 3_000_000}),
]
"""Recordings MicroPython's ``json.loads`` took minutes on (it is quadratic in a number's
and a string's length): a million-digit number, a 3 MB string, events that are not cut
out (a backslash); and a run of digits just past the cap inside the code."""


def test_huge_numbers_and_strings_are_refused_before_reading() -> None:
    """Lengths and runs of digits are checked before any JSON is read."""
    said = [
        "recording: a number of more than 1000 digits",
        "recording: a number of more than 1000 digits",
        f"recording: longer than {6 * MAX_CODE + 20_000} characters",
        f"recording: longer than {6 * MAX_CODE + 20_000} characters",
    ]
    for text, expected in zip(HUGE, said, strict=True):
        with pytest.raises(RecordingError) as caught:
            read_recording(text)
        assert str(caught.value) == expected
    code = f"{good()['code']}\n# {'7' * 1000}"  # the cap itself is read
    assert read_recording(json.dumps({**good(), "code": code}))["code"] == code


def test_micropython_plays_recordings_as_cpython_does(tmp_path: Path) -> None:
    """The widget's worker is MicroPython: on good recordings, spoiled ones and hostile
    text, it reads, pages and replays exactly as CPython does. (Its ``json`` reads some
    broken JSON that CPython refuses, a ":" for a ",": the spoils here are inside the
    values, which are checked the same whatever read them.)"""
    texts = [recorded(code)[0] for code in (SHUFFLED, OVERWRITE)]
    rng = random.Random(24)
    for _ in range(40):
        found = good()
        key = rng.choice(["events", "puzzle"])
        chars = list(str(found[key]))
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice("pu.:0179x\\\"'<> \u00e9\u0663")
        texts.append(json.dumps({**found, key: "".join(chars)}))
    texts += [spoiled(at_end=None), "{}", "[", "\u0000", '{"recording": 1e999}', *HUGE]
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"recordings": texts}, ensure_ascii=False), encoding="utf-8")
    probe = str(HERE / "recorded_probe.py")
    files = [str(WEB / "wire.py"), str(WEB / "recorded.py")]
    cpython = run([sys.executable, probe, str(cases), *files])
    mjs = str(HERE / "mpy_probe.mjs")
    package = str(ROOT / "src" / "sudoku")
    micro = run([node(), mjs, str(micropython()), package, probe, str(cases), *files])
    assert cpython[-2:] == ["the end", ""]
    assert sum(" forward " in line for line in cpython) > 1000
    assert sum(" error " in line for line in cpython) > 10
    for number, (expected, got) in enumerate(zip(cpython, micro, strict=False), 1):
        assert expected == got, f"line {number} differs"
    assert len(micro) == len(cpython)
