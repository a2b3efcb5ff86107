"""The wire (src/web/wire.py): its records round-trip, and replaying them is the core's
replay, step by step, for every strategy."""

from __future__ import annotations

from itertools import islice

import pytest
import wire
from support import HARD, LEETCODE

from sudoku.grid import cell_name, unit_name
from sudoku.tracing import apply, trace
from sudoku.words import STRATEGIES

CLASH = "55" + "." * 79
STEPS = 3000


def records(grid: str, strategy: str, limit: int = STEPS) -> tuple[list[dict], bytes]:
    """The first ``limit`` events of a trace, and the wire's bytes for them."""
    events = list(islice(trace(grid, strategy), limit))
    last = [0, 0]
    return events, "".join(wire.encode(event, last) for event in events).encode()


def shown(board: bytearray) -> str:
    """A cursor's board as a grid: forced digits (``a``-``i``) as their digits."""
    return "".join(chr(b - wire.FORCED_SHIFT) if b > 57 else chr(b) for b in board)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("grid", [LEETCODE, HARD, CLASH])
def test_records_decode_to_the_cores_events(grid: str, strategy: str) -> None:
    """Each record reads back as its event: kind, cell, digit, peer and unit."""
    events, data = records(grid, strategy)
    assert len(data) == wire.WIDTH * len(events)
    for n, event in enumerate(events):
        got = wire.fields(data, n * wire.WIDTH)
        assert got["kind"] == event["kind"]
        for key in ("cell", "digit", "peer", "unit"):
            assert got[key] == event.get(key, ""), (n, key)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("grid", [LEETCODE, HARD])
def test_replaying_records_is_the_cores_replay(grid: str, strategy: str) -> None:
    """Forward over the records gives the core's board and counters after every event;
    backward takes each one back to the board before it."""
    events, data = records(grid, strategy)
    cursor, cells = wire.Cursor(grid), list(grid)
    boards = [grid]
    for n, event in enumerate(events):
        wire.forward(cursor, data, n * wire.WIDTH, (n + 1) * wire.WIDTH)
        apply(cells, event)
        boards.append("".join(cells))
        assert shown(cursor.board) == boards[-1], n
        counts = [event[k] for k in ("nodes", "backtracks", "depth", "max_depth")]
        assert cursor.counts[:4] == counts, n
        assert cursor.counts[wire.FORCED] == event.get("forced", 0), n
    for n in reversed(range(len(events))):
        wire.backward(cursor, data, n * wire.WIDTH, (n + 1) * wire.WIDTH)
        assert shown(cursor.board) == boards[n], n
    assert cursor.counts == [0, 0, 0, 0, 0]
    assert cursor.stack == []


def test_an_answer_reads_back_as_its_pages() -> None:
    """``answer`` and ``read_answer`` round-trip: the header (the counters after the last
    event), each page's checkpoint and its events, cut at the page size."""
    _, data = records(HARD, "naive", 25)
    cursor = wire.Cursor(HARD)
    heads = [wire.checkpoint(cursor)]
    wire.forward(cursor, data, 0, 10 * wire.WIDTH)
    cursor.pos = 10
    heads.append(wire.checkpoint(cursor))
    open_at_ten = list(cursor.stack)
    wire.forward(cursor, data, 10 * wire.WIDTH, 20 * wire.WIDTH)
    cursor.pos = 20
    text = wire.answer(heads, data[: 20 * wire.WIDTH].decode(), done=False, cursor=cursor)
    header, pages = wire.read_answer(text, page=10)
    assert header == {"pages": heads, "done": False, "steps": 20, "counts": cursor.counts}
    assert pages == [(heads[0], data[: 10 * wire.WIDTH]), (heads[1], data[80:160])]
    assert wire.stack_codes(heads[1]["stack"]) == open_at_ten
    assert wire.read_answer('{"error":"no trace 7"}', page=10) == ({"error": "no trace 7"}, [])


def test_codes_name_every_cell_and_unit_once() -> None:
    """81 distinct two-character cell codes, 27 unit codes, each read back to its index."""
    assert len(set(wire.CELL_CODES.values())) == 81
    for cell in range(81):
        code = wire.CELL_CODES[cell_name(cell)].encode()
        assert wire.cell_at(code, 0) == cell
    for unit in range(27):
        assert wire.unit_at(wire.UNIT_CODES[unit_name(unit)].encode(), 0) == unit
    assert wire.cell_at(b"..", 0) == -1
    assert wire.unit_at(b"..", 0) == -1
