"""The player's pure logic (src/web/page/player/timeline.py, common/options.py) and the
worker's trace calls, checked against the core's own events: what the page shows at step k is the
trace's truth."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import quote

import pytest
import wire
from hypothesis import given
from hypothesis import strategies as st
from support import EASY, HARD, LEETCODE, WEB, WORKER, load_file

from sudoku.formats import parse, to_pretty
from sudoku.grid import UNITS, unit_name
from sudoku.tracing import trace
from sudoku.words import STRATEGIES

ROOT = Path(__file__).resolve().parents[2]
CLASH = "55" + "." * 79


def load(name: str) -> ModuleType:
    """``src/web/page/*/{name}.py`` as a module (in the browser these are top-level scripts)."""
    return load_file(next((WEB / "page").glob(f"*/{name}.py")))


timeline = load("timeline")
options = load("options")
captions = load("captions")
snippets = load("snippets")
worker = load_file(WORKER)


def expected_states(
    grid: str, strategy: str, limit: int
) -> list[tuple[bytes, list[int], list[int]]]:
    """Board bytes, counters and open-guess stack after each of the first ``limit`` events,
    computed straight from the core's event dicts (index 0: before any event)."""
    cells = bytearray(grid.encode())
    counts = [0, 0, 0, 0, 0]
    stack: list[int] = []
    states = [(bytes(cells), list(counts), list(stack))]
    for n, event in enumerate(trace(grid, strategy)):
        if n == limit:
            break
        kind = event["kind"]
        if kind in {"place", "force", "undo"}:
            cell = (int(event["cell"][1]) - 1) * 9 + int(event["cell"][3]) - 1
            digit = event["digit"]
            if kind == "place":
                cells[cell] = ord(digit)
                stack.append(cell * 16 + int(digit))
            elif kind == "force":
                cells[cell] = ord(digit) + 48
            else:
                cells[cell] = ord(".")
                if event["backtracks"] > counts[1]:
                    stack.pop()
        counts = [
            event["nodes"],
            event["backtracks"],
            event["depth"],
            event["max_depth"],
            event.get("forced", 0),
        ]
        states.append((bytes(cells), counts, list(stack)))
    return states


def state(cursor: Any) -> tuple[bytes, list[int], list[int]]:
    """A cursor's state in the shape of ``expected_states``."""
    return bytes(cursor.board), list(cursor.counts), list(cursor.stack)


def pulled(grid: str, strategy: str, pages: int, cap: int = 10**9) -> Any:
    """A timeline holding the first ``pages`` pages of a trace, pulled from the worker."""
    opened = json.loads(worker.trace_start(grid, strategy))
    line = timeline.Timeline(opened["grid"], opened["page"], cap)
    for _ in range(pages):
        timeline.receive(line, worker.trace_pull(opened["session"], 1))
        if line.done:
            break
    worker.trace_stop(opened["session"])
    return line


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("grid", [LEETCODE, EASY, HARD, CLASH])
def test_every_step_matches_the_core(grid: str, strategy: str) -> None:
    """Played one event at a time, board, counters and stack equal the core's at each step."""
    line = pulled(grid, strategy, pages=2)
    truth = expected_states(grid, strategy, line.received)
    cursor = wire.Cursor(line.grid)
    assert state(cursor) == truth[0]
    for k in range(1, line.received + 1):
        assert timeline.advance(line, cursor, 1) == 1
        assert state(cursor) == truth[k], f"step {k}"
    assert timeline.advance(line, cursor, 1) == 0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_step_back_restores_every_earlier_state(strategy: str) -> None:
    """Stepping back from the end passes through exactly the states seen going forward."""
    line = pulled(HARD, strategy, pages=2)
    truth = expected_states(HARD, strategy, line.received)
    cursor = wire.Cursor(line.grid)
    timeline.advance(line, cursor, line.received)
    for k in range(line.received - 1, -1, -1):
        assert timeline.retreat(line, cursor, 1) == 1
        assert state(cursor) == truth[k], f"step {k}"
    assert timeline.retreat(line, cursor, 1) == 0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_seek_lands_on_the_core_state_from_anywhere(strategy: str) -> None:
    """Jumps in any order (checkpoint + replay) land on the core's state."""
    line = pulled(HARD, strategy, pages=3)
    truth = expected_states(HARD, strategy, line.received)
    cursor = wire.Cursor(line.grid)
    rng = random.Random(37)
    targets = [rng.randrange(line.received + 1) for _ in range(60)]
    targets += [0, line.received, line.page, line.page - 1, line.page + 1]
    for target in [t for t in targets if t <= line.received]:
        timeline.seek(line, cursor, target)
        assert cursor.pos == target
        assert state(cursor) == truth[target], f"seek to {target}"


def played_past_the_cap(pages: int, behind: int = 1) -> tuple[Any, Any]:
    """A naive trace of HARD with a cap of two pages, played through ``pages`` pages."""
    opened = json.loads(worker.trace_start(HARD, "naive"))
    size = opened["page"]
    line = timeline.Timeline(opened["grid"], size, cap=2 * size, behind=behind)
    cursor = wire.Cursor(line.grid)
    for _ in range(pages):
        timeline.receive(line, worker.trace_pull(opened["session"], 1))
        timeline.advance(line, cursor, size)
        assert len(line.pages) <= 2 + behind + 1
    worker.trace_stop(opened["session"])
    return line, cursor


def test_past_the_cap_the_first_pages_and_the_last_played_stay() -> None:
    """Past the cap, pages are let go once the cursor is ``behind`` pages past them; the
    first ``cap`` steps stay, and the gap between is named."""
    line, cursor = played_past_the_cap(8)
    size = line.page
    assert cursor.pos == line.received == 8 * size
    assert line.dropped
    assert sorted(line.pages) == [0, 1, 6, 7]
    assert line.resume == 6 * size
    assert timeline.gap(line) == (2 * size + 1, 6 * size - 1)
    assert timeline.kept(line) == 2 * size


def test_stepping_back_past_the_cap_keeps_the_place() -> None:
    """One step back past the cap is one step back (issue 11, item 6): no jump to the cap;
    and forward again lands where the reader was, state for state."""
    line, cursor = played_past_the_cap(8)
    truth = expected_states(HARD, "naive", line.received)
    end = cursor.pos
    assert timeline.retreat(line, cursor, 1) == 1
    assert cursor.pos == end - 1
    assert state(cursor) == truth[end - 1]
    assert timeline.advance(line, cursor, 1) == 1
    assert cursor.pos == end
    assert state(cursor) == truth[end]
    assert timeline.retreat(line, cursor, 100) == 100
    assert state(cursor) == truth[end - 100]


def test_moves_skip_the_gap_like_a_cut_and_jumps_land_beside_it() -> None:
    """From the first held step past the gap one step back is the cap, and one step
    forward from the cap is that step again; a jump into the gap lands on its nearer side;
    no target, however wrong, raises."""
    line, cursor = played_past_the_cap(8)
    truth = expected_states(HARD, "naive", line.received)
    cap, resume = line.cap, line.resume
    timeline.seek(line, cursor, resume + 5)
    assert timeline.retreat(line, cursor, 100) == 5
    assert cursor.pos == resume
    assert timeline.retreat(line, cursor, 1) == 1
    assert cursor.pos == cap
    assert state(cursor) == truth[cap]
    assert timeline.advance(line, cursor, 1) == 1
    assert cursor.pos == resume
    assert state(cursor) == truth[resume]
    assert line.resume == resume
    assert timeline.retreat(line, cursor, 1) == 1  # and back across, as often as wanted
    assert cursor.pos == cap
    assert timeline.advance(line, cursor, 1) == 1
    assert cursor.pos == resume
    assert timeline.advance(line, cursor, 3) == 3
    assert state(cursor) == truth[resume + 3]
    timeline.seek(line, cursor, cap - 10)
    assert timeline.advance(line, cursor, 12) == 12  # 10 to the cap, 1 across, 1 more
    assert cursor.pos == resume + 1
    assert state(cursor) == truth[resume + 1]
    for target, landing in [
        (cap + 1, cap),
        (resume - 1, resume),
        (10**9, line.received),
        (-5, 0),
    ]:
        timeline.seek(line, cursor, target)
        assert cursor.pos == landing == timeline.nearest(line, target)
        assert state(cursor) == truth[landing]
    rng = random.Random(11)
    for target in (rng.randrange(-10, line.received + 10) for _ in range(80)):
        timeline.seek(line, cursor, target)
        assert state(cursor) == truth[timeline.nearest(line, target)]


def test_without_a_gap_nothing_is_skipped() -> None:
    """Until a page past the cap is let go there is no gap, and moves are plain."""
    line, cursor = played_past_the_cap(3, behind=4)
    assert timeline.gap(line) is None
    assert line.resume == 0
    timeline.seek(line, cursor, line.cap + 7)
    assert cursor.pos == line.cap + 7
    assert timeline.retreat(line, cursor, 10) == 10
    assert cursor.pos == line.cap - 3


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("grid", [LEETCODE, HARD, CLASH])
def test_fields_decode_each_event_as_the_core_made_it(grid: str, strategy: str) -> None:
    """Every compact event decodes to the core's kind, cell, digit, peer and unit."""
    line = pulled(grid, strategy, pages=1)
    events = list(islice(trace(grid, strategy), line.received))
    data = line.pages[0][0]
    for n, event in enumerate(events):
        got = wire.fields(data, n * wire.WIDTH)
        assert got["kind"] == event["kind"]
        assert got["cell"] == event.get("cell", "")
        assert got["digit"] == event.get("digit", "")
        assert got["peer"] == event.get("peer", "")
        assert got["unit"] == event.get("unit", "")


def test_captions_name_cells_digits_peers_and_units() -> None:
    """Captions say what happened in the project's words (r3c5, row 3)."""
    cases = {
        b"t354....": "Try 4 at r3c5.",
        b"r35431r3": "Reject 4 at r3c5: r3c1 holds it in row 3.",
        b"P354....": "Place 4 at r3c5 (a guess).",
        b"f354..b2": "Force 4 at r3c5: hidden single in box 2.",
        b"f354....": "Force 4 at r3c5: naked single.",
        b"s35.....": "Stuck: no candidate left for r3c5.",
        b"s..4..c7": "Stuck: no place left for 4 in column 7.",
        b"u354....": "Undo 4 at r3c5: backtrack.",
        b"v354....": "Undo the forced 4 at r3c5.",
        b"S.......": "Solved.",
    }
    for data, text in cases.items():
        assert timeline.caption(wire.fields(data, 0)) == text


def test_an_events_unit_is_the_cores() -> None:
    """A unit named by an event leads to the core's nine cells; no unit, no cells."""
    for unit, cells in enumerate(UNITS):
        data = b"f354.." + wire.UNIT_CODES[unit_name(unit)].encode()
        assert wire.fields(data, 0)["unit_cells"] == cells
        assert wire.fields(data, 0)["unit"] == unit_name(unit)
    assert wire.fields(b"t354....", 0)["unit_cells"] == ()


# -- the worker's trace calls ----------------------------------------------------------


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_trace_count_equals_the_cores_last_event(strategy: str) -> None:
    """Compare mode's totals are the core's counters after its last event."""
    events = list(trace(LEETCODE, strategy))
    last = events[-1]
    key = json.loads(worker.trace_start(LEETCODE, strategy))["session"]
    total: dict[str, Any] = {}
    while not total.get("done"):
        total = json.loads(worker.trace_count(key, 1000))
    assert total["steps"] == len(events)
    assert total["nodes"] == last["nodes"]
    assert total["backtracks"] == last["backtracks"]
    assert total["max_depth"] == last["max_depth"]
    assert total["outcome"] == "solved"


@pytest.mark.parametrize(
    ("grid", "strategy"),
    [
        (EASY, "naive"),
        (LEETCODE, "mrv"),
        (LEETCODE, "propagate"),
        (HARD, "propagate"),
        (CLASH, "naive"),
    ],
)
@pytest.mark.parametrize("page", [4000, 7])
def test_a_trace_that_came_whole_is_counted_as_the_worker_counts_it(
    grid: str, strategy: str, page: int
) -> None:
    """``timeline.tally`` of a trace whose pages all arrived (one or many) equals
    ``trace_count``'s answer (steps, counters, how it ended), and is None until the last
    page is in."""
    worker.TRACE_PAGE, kept = page, worker.TRACE_PAGE
    try:
        key = json.loads(worker.trace_start(grid, strategy))["session"]
        line = timeline.Timeline(grid, page, 500_000)
        timeline.receive(line, worker.trace_pull(key, 1))
        if not line.done:
            assert timeline.tally(line) is None
            timeline.receive(line, worker.trace_pull(key, 10**6))
    finally:
        worker.TRACE_PAGE = kept
    counted = json.loads(worker.trace_start(grid, strategy))["session"]
    assert line.done
    assert timeline.tally(line) == json.loads(worker.trace_count(counted, 10**6))


def test_trace_pull_pages_and_header() -> None:
    """Pages hold TRACE_PAGE events (the last fewer), each with its own checkpoint."""
    key = json.loads(worker.trace_start(LEETCODE, "naive"))["session"]
    text = worker.trace_pull(key, 1000)
    header, _, events = text.partition("\n")
    head = json.loads(header)
    total = len(list(trace(LEETCODE, "naive")))
    assert head["done"]
    assert head["steps"] == total
    assert len(events) == total * wire.WIDTH
    assert [page["start"] for page in head["pages"]] == list(range(0, total, worker.TRACE_PAGE))
    assert head["pages"][0] == {"start": 0, "board": LEETCODE, "counts": [0] * 5, "stack": ""}
    assert json.loads(worker.trace_pull(key, 1).partition("\n")[0])["pages"] == []


def test_trace_calls_refuse_bad_input_with_a_message() -> None:
    """Bad puzzle, unknown strategy, unknown session: an error message, no traceback."""
    assert "81" in json.loads(worker.trace_start(LEETCODE[:80], "naive"))["error"]
    assert "strategy" in json.loads(worker.trace_start(LEETCODE, "fastest"))["error"]
    assert "no trace" in json.loads(worker.trace_pull(987654, 1))["error"]
    assert "no trace" in json.loads(worker.trace_count(987654, 1))["error"]
    assert json.loads(worker.trace_stop(987654)) == {"closed": False}


def test_the_least_recently_used_sessions_are_dropped() -> None:
    """At most MAX_SESSIONS traces stay open (memory in the worker is bounded), and the one
    dropped is the one used least recently: a trace still being pulled stays open."""
    first = json.loads(worker.trace_start(LEETCODE, "mrv"))["session"]
    keys = [first]
    for _ in range(worker.MAX_SESSIONS + 2):
        assert "no trace" not in worker.trace_pull(first, 1)  # the wire's answer: not JSON
        keys.append(json.loads(worker.trace_start(LEETCODE, "mrv"))["session"])
    assert len(set(keys)) == len(keys)  # ids are never given twice
    assert set(worker.sessions) == {first, *keys[-worker.MAX_SESSIONS + 1 :]}
    assert "no trace" in json.loads(worker.trace_pull(keys[1], 1))["error"]
    assert json.loads(worker.trace_stop(keys[-1])) == {"closed": True}


# -- settings from the URL -------------------------------------------------------------


def test_no_query_gives_the_defaults_and_no_notes() -> None:
    """An empty query is the default widget, silently."""
    assert options.read_query("") == (options.DEFAULTS, [])


def test_every_parameter_is_read() -> None:
    """Each documented parameter, well formed, is taken."""
    query = (
        "?puzzle=" + EASY + "&strategy=propagate&speed=max&autoplay=true&loop=10-200"
        "&controls=play,code&theme=dark&step=120&note=The%20first%20backtrack&candidates=on"
        "&tree=yes"
    )
    settings, notes = options.read_query(query)
    assert notes == []
    assert settings == {
        "step": 120,
        "note": "The first backtrack",
        "puzzle": EASY,
        "strategy": "propagate",
        "speed": 0,
        "autoplay": True,
        "loop": (10, 200),
        "controls": ("play", "code"),
        "theme": "dark",
        "candidates": True,
        "tree": True,
    }


@pytest.mark.parametrize(
    ("query", "name", "value"),
    [
        ("strategy=fastest", "strategy", "naive"),
        ("candidates=maybe", "candidates", False),
        ("speed=fast", "speed", 10),
        ("speed=-3", "speed", 10),
        ("autoplay=maybe", "autoplay", False),
        ("loop=50-10", "loop", None),
        ("loop=a-b", "loop", None),
        ("loop=0-1000000001", "loop", None),  # past MAX_STEP
        ("loop=0-99999999999", "loop", None),
        ("theme=pink", "theme", "auto"),
    ],
)
def test_bad_values_fall_back_with_a_note(query: str, name: str, value: Any) -> None:
    """A bad value keeps the default and a note names the parameter and the value."""
    settings, notes = options.read_query("?" + query)
    assert settings[name] == value
    assert len(notes) == 1
    assert notes[0].startswith(query.partition("=")[0] + "=")


def test_unknown_parameters_and_controls_are_noted() -> None:
    """Unknown names are ignored, and said."""
    settings, notes = options.read_query("?colour=red&controls=play,fly")
    assert settings["controls"] == ("play",)
    assert len(notes) == 2
    assert "unknown parameter" in notes[0]
    assert "'fly'" in notes[1]


def test_unknown_names_are_cut_and_quoted_like_values() -> None:
    """A long unknown name is cut to ``SHOWN_CHARS`` and quoted, as a value is."""
    name = "n" * 300
    _, notes = options.read_query("?" + name + "=1&strategy=" + "s" * options.VALUE_CHARS)
    assert notes == [
        repr("n" * 37 + "...") + "='1': unknown parameter; using nothing (ignored).",
        "strategy=" + repr("s" * 37 + "...") + ": unknown strategy; using naive.",
    ]


@pytest.mark.parametrize(
    "name",
    [
        "\u202egnp.exe",  # RIGHT-TO-LEFT OVERRIDE: would show "exe.png"
        "%E2%80%AEgnp.exe",  # the same, percent-encoded as a URL carries it
        "a\u2066b\u2067c\u2068d\u2069e\u200ff\u200eg\u061ch",  # isolates and marks
        "line%0Abreak%00nul%1B[31m",  # controls
        "zero\u200bwidth\ufeffjoiner\u00adsoft",  # invisible format characters
    ],
)
def test_unknown_names_show_bidi_and_controls_escaped(name: str) -> None:
    """Bidi and control characters in an unknown name are shown as escapes, never as is."""
    _, notes = options.read_query("?" + name + "=x")
    assert len(notes) == 1
    assert notes[0].isprintable(), notes[0]
    assert notes[0].startswith("'")
    assert "\\u" in notes[0] or "\\x" in notes[0]


@given(st.text(), st.text())
def test_every_note_prints_and_is_short(name: str, value: str) -> None:
    """Whatever the name and the value: the note is printable text of bounded length."""
    _, notes = options.read_query("?" + quote(name) + "=" + quote(value))
    for text in notes:
        assert text.isprintable(), text
        assert len(text) <= 2 * (len(repr("\U000e0001")) * options.SHOWN_CHARS) + 80


def test_captions_name_play_only_when_it_shows() -> None:
    """Without a Play button the captions offer the board instead; with it, Play."""
    for controls in ((), ("step", "counters"), tuple(c for c in options.CONTROLS if c != "play")):
        for text in (captions.ready_caption(controls), captions.goes_on_caption(controls)):
            assert "Play" not in text
            assert "the board" in text
    for controls in (options.CONTROLS, ("play",)):
        assert captions.ready_caption(controls).startswith("Ready: press Play")
        assert "(Play continues it)" in captions.goes_on_caption(controls)


def test_touch_captions_say_tap_and_name_no_key() -> None:
    """On a touch screen (issue 21 item 18): a tap, the buttons shown, no key nor click."""
    for controls in ((), ("step",), ("play",), options.CONTROLS):
        for text in (
            captions.ready_caption(controls, touch=True),
            captions.goes_on_caption(controls, touch=True),
        ):
            assert not any(word in text for word in ("click", "Space", "arrow", "key")), text
            assert ("Play" in text) == ("play" in controls), text
            assert ("tap" in text) == ("play" not in controls), text
        assert ("\u25b6" in captions.ready_caption(controls, True)) == ("step" in controls)


def test_speed_snaps_to_a_notch_and_controls_words() -> None:
    """Speeds snap to the nearest slider notch; controls=all|none are words."""
    assert options.read_speed("300") in options.SPEEDS
    assert options.read_speed("1") == 1
    assert options.read_controls("all") == (options.CONTROLS, [])
    assert options.read_controls("none") == ((), [])


def test_compare_is_a_control_shown_by_default_and_by_all() -> None:
    """``compare`` is named like any part; the default and ``all`` include it, a list may not."""
    assert "compare" in options.DEFAULTS["controls"]
    assert "compare" in options.read_controls("all")[0]
    assert options.read_controls("compare,play") == (("play", "compare"), [])
    assert "compare" not in options.read_query("?controls=play,code")[0]["controls"]


def test_controls_are_the_widgets_parts() -> None:
    """Every control names a ``data-part`` of embed.html, and every part is a control."""
    html = load_file(ROOT / "scripts" / "serve.py").render(ROOT, "embed.html")
    parts = {chunk.partition('"')[0] for chunk in html.split('data-part="')[1:]}
    assert parts == set(options.CONTROLS)


def test_percent_decoding_and_leetcode_preview() -> None:
    """A URL-encoded LeetCode board arrives whole, as the core reads it."""
    rows = [list(LEETCODE[r * 9 : r * 9 + 9]) for r in range(9)]
    query = "?puzzle=" + "".join(f"%{b:02X}" for b in json.dumps(rows).encode())
    settings, _ = options.read_query(query)
    assert parse(settings["puzzle"]) == LEETCODE
    assert options.unquote("a+b%2") == "a b%2"


def test_share_query_and_snippets_restore_the_puzzle() -> None:
    """The share link and the tag carry the grid and strategy; the tag has a text board."""
    query = options.share_query(LEETCODE, "mrv")
    assert options.read_query(query) == ({**options.DEFAULTS, "strategy": "mrv"}, [])
    script = "https://x.test/static/js/embed.js"
    tag = snippets.tag_snippet(script, LEETCODE, "mrv", to_pretty(LEETCODE))
    assert f'puzzle="{LEETCODE}"' in tag
    assert "5 3 . | . 7 . | . . ." in tag
    snippet = snippets.iframe_snippet("https://x.test/embed.html" + query, 900, 1500)
    assert snippet.startswith("<iframe ")


def test_the_iframe_is_as_tall_as_the_widget_measured() -> None:
    """The snippet's height is the widget's as measured (section.py), with room to spare:
    the 40rem frame's, or on a narrow page the one-column widget's, in tens of px."""
    snippet = snippets.iframe_snippet("https://x.test/embed.html", 916, 1555)
    assert "height:clamp(970px, (700px - 100vw) * 100, 1640px)" in snippet
    assert "clamp(970px, (700px - 100vw) * 100, 970px)" in snippets.iframe_snippet("u", 916, 900)
    style = snippet.split('style="')[1].split('"')[0]
    docs = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    assert f'style="{style}"' in docs  # docs/embedding.md shows the panel's snippet


def test_grouped_numbers() -> None:
    """Counts read with thousands separators."""
    assert [options.grouped(n) for n in (0, 999, 1000, 1234567)] == [
        "0",
        "999",
        "1,000",
        "1,234,567",
    ]


def test_compare_summary_says_which_counts_are_lower_bounds() -> None:
    """Compare mode's last word: done, or which strategies stopped at the cap (their
    counts are lower bounds), or that none of the counts can rank the strategies."""
    assert captions.compare_summary([], 2000000) == "Done: the same puzzle, three ways to choose."
    one = captions.compare_summary(["naive"], 2000000)
    assert one.startswith("Done, but naive stopped at the cap of 2,000,000 steps: its count")
    assert "(≥)" in one
    two = captions.compare_summary(["naive", "mrv"], 40)
    assert "naive and mrv stopped at the cap of 40 steps: their counts are lower bounds" in two
    every = captions.compare_summary(list(STRATEGIES), 40)
    assert every.startswith("Every strategy stopped at the cap of 40 steps")
    assert "cannot say which search is shorter" in every


def test_a_step_and_a_caption_are_read_from_the_link() -> None:
    """``step`` is a whole number (anything else falls back to 0, said in a note); ``note``
    is one line of text, whitespace runs folded, capped at ``NOTE_CHARS``."""
    settings, notes = options.read_query("?step=57&note=Watch%20%20the%0Afirst%20backtrack")
    assert (settings["step"], settings["note"], notes) == (57, "Watch the first backtrack", [])
    for bad in ("-3", "1.5", "x", "99999999999"):
        settings, notes = options.read_query("?step=" + bad)
        assert settings["step"] == 0
        assert notes == [f"step={bad!r}: not a step number; using step 0."]
    long = options.read_query("?note=" + "a" * 500)[0]["note"]
    assert len(long) == options.NOTE_CHARS
    assert long.endswith("...")


def test_the_tag_passes_every_setting_on() -> None:
    """``<sudoku-lab>`` turns exactly the widget's settings into URL parameters: the
    attribute list in static/js/embed.js is options.DEFAULTS' names."""
    script = (ROOT / "static" / "js" / "embed.js").read_text(encoding="utf-8")
    names = script.split("var PARAMS = [", 1)[1].split("]", 1)[0]
    assert json.loads("[" + names + "]") == list(options.DEFAULTS)


@pytest.mark.parametrize(
    ("name", "value", "limit"),
    [
        ("step", "9" * 1_900_000, "16,000"),  # froze the widget 9 minutes (quadratic int())
        ("step", "9" * 300_000, "16,000"),
        ("loop", "1-" + "9" * 200, "100"),
        ("speed", "1" * 101, "100"),
        ("puzzle", "%2E" * 3_334, "10,000"),
        ("note", "a" * 2_401, "2,400"),
        ("colour", "r" * 101, "100"),
    ],
    ids=["step-1.9M", "step-300k", "loop", "speed", "puzzle", "note", "unknown"],
)
def test_long_values_are_ignored_unread_and_said(name: str, value: str, limit: str) -> None:
    """A value past its limit (the query past ``QUERY_CHARS``) is never decoded or read as
    a number: the setting keeps its default and one note says what was ignored."""
    settings, notes = options.read_query("?" + name + "=" + value + "&strategy=mrv")
    whole = len(name) + len(value) + 15 > options.QUERY_CHARS
    assert settings == options.DEFAULTS | ({} if whole else {"strategy": "mrv"})
    assert len(notes) == 1
    assert f"(at most {limit})" in notes[0]
    assert notes[0].endswith("ignored.")
    assert len(notes[0]) < 120


def test_parameters_past_the_limit_are_ignored_in_one_note() -> None:
    """600,000 unknown parameters took the widget 43 s: past ``PARAMETERS`` none is read,
    and one note counts them."""
    query = "?strategy=mrv" + "&a" * 7_000
    settings, notes = options.read_query(query)
    assert settings["strategy"] == "mrv"
    assert len(notes) == options.PARAMETERS
    assert notes[0] == f"6,971 parameters past the first {options.PARAMETERS}: ignored."
    longest = "?puzzle=" + "%22" * 3_300 + "&note=" + "%20" * 800
    assert len(longest) < options.QUERY_CHARS  # the longest values all fit in one query
    assert options.read_query(longest)[1] == []


@pytest.mark.parametrize(
    ("texts", "end", "read"),
    [
        (("60", "70", "2"), None, (60, 70, 2)),
        ((" 0", "79462 ", "1"), 79_462, (0, 79_462, 1)),
        (("0", str(options.MAX_STEP), "1"), None, (0, options.MAX_STEP, 1)),
        (("0", str(10**12), "1"), None, "Steps: write whole numbers from 0 to 1,000,000,000,"),
        (("0", "9" * 100_000, "1"), None, "Steps: write whole numbers from 0 to 1,000,000,000,"),
        (("0", "-5", "1"), None, "Steps: write whole numbers from 0"),
        (("0", "5", "0"), None, "Steps: write whole numbers, FROM to TO every K"),
        (("70", "60", "1"), None, "Steps: 60 comes before 70: write the earlier step first."),
        (("0", "79463", "1"), 79_462, "Steps: this search ends at step 79,462: choose TO up"),
    ],
)
def test_the_export_range_is_read_bounded(
    texts: tuple[str, str, str], end: int | None, read: tuple[int, int, int] | str
) -> None:
    """The Share panel's range: whole numbers up to ``MAX_STEP`` (below 2**31: nothing
    wraps crossing to the worker), low to high, K from 1, within the search if its end is
    known; anything else is one sentence, and a long text is never read as a number."""
    got = captions.read_range(texts, end)
    if isinstance(read, str):
        assert isinstance(got, str)
        assert got.startswith(read)
    else:
        assert got == read
    assert options.MAX_STEP < 2**31


def test_the_export_plan_says_the_limits_and_the_k_that_fits() -> None:
    """Each limit comes with the smallest K whose pictures fit it (the worker's count:
    ``(last - first) // every + 1``); the GIF's size is said when it can be made."""
    for first, last, most in ((0, 6000, 60), (0, 59, 60), (0, 60, 60), (5, 5, 60), (0, 10**9, 500)):
        every = captions.least_every(first, last, most)
        assert (last - first) // every + 1 <= most
        assert every == 1 or (last - first) // (every - 1) + 1 > most
    assert captions.export_plan((0, 6000, 1), (60, 500)) == (
        "Steps 0 to 6,000 every 1: 6,001 pictures. A storyboard holds 60 at most (here every"
        " 101 or more), a GIF 500 (every 13 or more)."
    )
    assert captions.export_plan((60, 70, 2), (60, 500)).endswith("The GIF: about 0.1 MB.")
    assert captions.megabytes(3_200_000) == "3.2 MB"
    assert captions.search_end_words(79_462, "") == "This search ends at step 79,462."
    assert captions.search_end_words(None, "200000+").startswith(
        "This search is longer than 200,000 steps"
    )
    assert captions.search_end_words(None, "") == ""
