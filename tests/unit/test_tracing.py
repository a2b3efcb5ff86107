"""The teaching trace: its events replay to a valid solution, tell the truth about the board
and the counters, step back exactly, cross JSON unchanged, and each kind has its source line.

The checks restate the rules independently (units, candidates, names) instead of asking
the package, so that a wrong trace cannot pass by agreeing with itself.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Iterator
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import HARD as ANTI_BACKTRACKING
from support import load_puzzles, solution_problems

from bench.baselines import editorial_solve
from sudoku.tracing import Event, apply, replay, source, trace
from sudoku.words import STRATEGIES


def pick(name: str, *indices: int) -> list[str]:
    """The puzzles of set ``name`` at 0-based ``indices``."""
    puzzles = load_puzzles(name)
    return [puzzles[i] for i in indices]


NAIVE_SETS = {
    "top95": pick("top95", 18, 64, 89),
    "hardest": pick("hardest", 7),
    "unbiased_1000": pick("unbiased_1000", 2, 7, 13, 15, 22, 24, 26, 28),
}
NAIVE_HARD = NAIVE_SETS["top95"] + NAIVE_SETS["hardest"]
NAIVE_SAMPLE = NAIVE_HARD + NAIVE_SETS["unbiased_1000"]
"""Puzzles the naive search solves in 92 to 2,436 placements (measured), so its tests run
in seconds: most of top95 takes the naive order hundreds of thousands to many millions."""

SAMPLES = {
    "naive": NAIVE_SAMPLE,
    "mrv": NAIVE_SAMPLE + pick("top95", 0, 7, 21, 31, 32, 52, 85, 87, 91) + load_puzzles("hardest"),
    "propagate": NAIVE_SAMPLE + load_puzzles("top95", every=5) + load_puzzles("hardest"),
}
"""Per strategy, puzzles it solves in a few thousand events at most: mrv still makes over
100,000 events on some of top95; propagate is quick on all of them (every 5th keeps tests short)."""

UNSOLVABLE = "..3.7.948.8...9.3......3.25.1.5.......23...7.8.4.2....2.5.6.38167..........8....."
"""unbiased_1000 #28 with a wrong 8 at r2c2: no clash among the givens, but no solution;
naive finds that out in 2,409 placements, propagate needs guesses (10) too."""

CLASH = "44" + load_puzzles("top95", limit=1)[0][2:]
"""top95 #0 with a second 4 at r1c2, next to the 4 at r1c1."""


COUNTERS = ("depth", "nodes", "backtracks", "max_depth")
KINDS = {
    "naive": {"try", "reject", "place", "undo", "solved", "exhausted"},
    "mrv": {"try", "place", "stuck", "undo", "solved", "exhausted"},
    "propagate": {"try", "place", "force", "stuck", "undo", "solved", "exhausted"},
}
KEYS = {"step", "kind", "cell", "digit", "peer", "unit", "reason", "grid", *COUNTERS, "forced"}
DIGITS = set("123456789")

# The rules, restated: units as (name, cells), cells named r1c1..r9c9.
ROWS = [(f"row {r + 1}", [r * 9 + c for c in range(9)]) for r in range(9)]
COLUMNS = [(f"column {c + 1}", [r * 9 + c for r in range(9)]) for c in range(9)]
BOXES = [
    (f"box {b + 1}", [(b // 3 * 3 + r) * 9 + b % 3 * 3 + c for r in range(3) for c in range(3)])
    for b in range(9)
]
UNITS = dict(ROWS + COLUMNS + BOXES)


def units_of(cell: int) -> list[tuple[str, list[int]]]:
    """The row, column and box of ``cell``, in that order."""
    return [unit for unit in ROWS + COLUMNS + BOXES if cell in unit[1]]


def index(name: str) -> int:
    """The cell index of a name like ``r3c5``."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def candidates(cells: list[str], cell: int) -> set[str]:
    """The digits no cell sharing a unit with ``cell`` holds."""
    return DIGITS - {cells[p] for _, members in units_of(cell) for p in members}


def events_of(puzzle: str, strategy: str) -> list[Event]:
    """The whole trace, as a list."""
    return list(trace(puzzle, strategy))


def sample_cases() -> Iterator[object]:
    """Every (strategy, puzzle) pair of SAMPLES, as pytest params."""
    for strategy, puzzles in SAMPLES.items():
        for n, puzzle in enumerate(puzzles):
            yield pytest.param(strategy, puzzle, id=f"{strategy}-{n}")


@pytest.mark.parametrize(("strategy", "puzzle"), sample_cases())
def test_replay_reaches_the_valid_solved_grid(strategy: str, puzzle: str) -> None:
    """The trace ends solved once, and replaying it gives that grid: a valid solution."""
    events = events_of(puzzle, strategy)
    assert [e["kind"] for e in events].count("solved") == 1
    assert events[-1]["kind"] == "solved"
    assert replay(puzzle, events) == events[-1]["grid"]
    assert solution_problems(puzzle, events[-1]["grid"]) == []


@pytest.mark.parametrize(
    "puzzle",
    [pytest.param(p, id=f"sample-{n}") for n, p in enumerate(NAIVE_SAMPLE)]
    + [pytest.param(UNSOLVABLE, id="unsolvable")],
)
def test_naive_is_the_editorial_placement_for_placement(puzzle: str) -> None:
    """naive places exactly as many digits as the plain editorial code, ending the same way."""
    solution, placements = editorial_solve(puzzle)
    last = events_of(puzzle, "naive")[-1]
    assert last["nodes"] == placements
    assert last.get("grid") == solution


def test_mrv_expands_fewer_nodes_than_naive() -> None:
    """On each sample set mrv needs fewer nodes than naive, and on every hard puzzle too."""
    # Per puzzle it is a heuristic, not a theorem: on easy puzzles the naive order can be
    # luckier (unbiased_1000 #15: 92 naive nodes, 262 for mrv).
    for name, puzzles in NAIVE_SETS.items():
        naive, mrv = (
            [events_of(p, strategy)[-1]["nodes"] for p in puzzles] for strategy in ("naive", "mrv")
        )
        assert sum(mrv) < sum(naive), name
        if name != "unbiased_1000":
            assert all(m <= n for m, n in zip(mrv, naive, strict=True)), name


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_counters_are_the_running_truth(strategy: str) -> None:
    """Counters recount exactly; every undo takes back the newest placement still on board."""
    for puzzle in [*NAIVE_HARD, UNSOLVABLE]:
        placed: list[tuple[str, str, str]] = []  # (kind, cell, digit) still on the board
        nodes = backtracks = forced = max_depth = 0
        for step, event in enumerate(trace(puzzle, strategy)):
            kind = event["kind"]
            if kind in {"place", "force"}:
                placed.append((kind, event["cell"], event["digit"]))
                nodes += kind == "place"
                forced += kind == "force"
            if kind == "undo":
                taken, cell, digit = placed.pop()
                assert (cell, digit) == (event["cell"], event["digit"])
                backtracks += taken == "place"
            depth = sum(kind == "place" for kind, _, _ in placed)
            max_depth = max(max_depth, depth)
            assert event["step"] == step
            assert [event[key] for key in COUNTERS] == [depth, nodes, backtracks, max_depth]
            assert event.get("forced") == (forced if strategy == "propagate" else None)
        assert event["kind"] == ("exhausted" if puzzle == UNSOLVABLE else "solved")
        assert (placed == []) == (event["kind"] == "exhausted")


def check_event(cells: list[str], event: Event, before: Event | None, strategy: str) -> None:
    """Assert that ``event`` is true of ``cells`` (the board just before it)."""
    kind = event["kind"]
    cell = index(event["cell"]) if "cell" in event else -1
    digit = event.get("digit", "")
    blanks = [i for i, value in enumerate(cells) if value == "."]
    again = before is not None and before["kind"] in {"reject", "undo"}
    again = again and before.get("cell") == event.get("cell")  # the same cell, next digit
    if kind == "try" and strategy == "naive":
        assert cell == blanks[0]
        assert digit == (str(int(before["digit"]) + 1) if before and again else "1")
    if kind == "try" and again:
        assert before is not None
        assert digit > before["digit"]
    if kind == "try" and strategy != "naive":
        fewest = min(blanks, key=lambda i: (len(candidates(cells, i)), i))
        assert (cell, digit in candidates(cells, cell)) == (fewest, True)
    if kind == "reject":
        assert before is not None
        assert (before["kind"], before["cell"], before["digit"]) == ("try", event["cell"], digit)
        units = units_of(cell)
        holders = [(name, p) for name, members in units for p in members if cells[p] == digit]
        assert (event["unit"], index(event["peer"])) == holders[0]
    if kind in {"place", "force"}:
        assert cells[cell] == "."
        assert digit in candidates(cells, cell)
    if kind == "place":
        assert before is not None
        assert (before["kind"], before["cell"], before["digit"]) == ("try", event["cell"], digit)
    if kind == "force" and event["reason"] == "naked single":
        assert candidates(cells, cell) == {digit}
    if kind == "force" and event["reason"] != "naked single":
        assert event["reason"] == f"hidden single in {event['unit']}"
        places = [
            i for i in UNITS[event["unit"]] if cells[i] == "." and digit in candidates(cells, i)
        ]
        assert places == [cell]
    if kind == "stuck" and "cell" in event:
        assert cells[cell] == "."
        assert candidates(cells, cell) == set()
        assert event["reason"] == f"no candidate left for {event['cell']}"
    if kind == "stuck" and "cell" not in event:
        members = UNITS[event["unit"]]
        assert digit not in {cells[i] for i in members}
        assert not [i for i in members if cells[i] == "." and digit in candidates(cells, i)]
        assert event["reason"] == f"no place left for {digit} in {event['unit']}"
    if kind == "undo":
        assert cells[cell] == digit
    if kind == "solved":
        assert event["grid"] == "".join(cells)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_event_is_true_of_the_board(strategy: str) -> None:
    """Each event checks out against the board before it: the trace is the truth."""
    for puzzle in [*NAIVE_SAMPLE, UNSOLVABLE]:
        cells, before = list(puzzle), None
        for event in trace(puzzle, strategy):
            check_event(cells, event, before, strategy)
            apply(cells, event)
            before = event


@pytest.mark.parametrize(("strategy", "puzzle"), sample_cases())
def test_stepping_back_through_every_event_restores_the_puzzle(strategy: str, puzzle: str) -> None:
    """Forward to the end then backward over every event gives the puzzle back exactly."""
    events, cells = events_of(puzzle, strategy), list(puzzle)
    for event in events:
        apply(cells, event)
    assert "".join(cells) == events[-1]["grid"]
    for event in reversed(events):
        apply(cells, event, backward=True)
    assert "".join(cells) == puzzle


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_an_unsolvable_puzzle_ends_exhausted_where_it_began(strategy: str) -> None:
    """No solution: the one "exhausted" is the last event and the board is back as given."""
    assert editorial_solve(UNSOLVABLE)[0] is None
    events = events_of(UNSOLVABLE, strategy)
    kinds = [event["kind"] for event in events]
    assert (kinds[-1], kinds.count("exhausted"), "solved" in kinds) == ("exhausted", 1, False)
    assert events[-1]["depth"] == 0
    assert replay(UNSOLVABLE, events) == UNSOLVABLE


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_conflicting_givens_end_at_once(strategy: str) -> None:
    """Clashing givens: one "stuck" naming the clash, then "exhausted", and no search."""
    stuck, exhausted = events_of(CLASH, strategy)
    assert {k: stuck[k] for k in ("kind", "cell", "peer", "digit", "unit", "reason")} == {
        "kind": "stuck",
        "cell": "r1c1",
        "peer": "r1c2",
        "digit": "4",
        "unit": "row 1",
        "reason": "r1c1 and r1c2 both hold 4 in row 1",
    }
    assert (exhausted["kind"], exhausted["step"], exhausted["nodes"]) == ("exhausted", 1, 0)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_events_are_small_plain_json(strategy: str) -> None:
    """Every event survives JSON unchanged and holds only known keys of str or int."""
    for puzzle in [*NAIVE_HARD, UNSOLVABLE, CLASH]:
        for event in trace(puzzle, strategy):
            assert json.loads(json.dumps(event)) == event
            assert set(event) <= KEYS
            assert all(type(value) in {str, int} for value in event.values())
            assert ("grid" in event) == (event["kind"] == "solved")


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_source_names_a_line_for_each_kind_the_trace_emits(strategy: str) -> None:
    """source() gives plain code (no generator, no event call) and a line, one per kind the
    strategy's trace emits, each a line of that code (test_plain: the right line)."""
    text, lines = source(strategy)
    assert "yield" not in text
    assert "#:" not in text
    compile(text, strategy, "exec")
    emitted = {
        event["kind"]
        for puzzle in [*SAMPLES[strategy], UNSOLVABLE]
        for event in trace(puzzle, strategy)
    }
    assert set(lines) == emitted == KINDS[strategy]
    rows = text.splitlines()
    assert len(set(lines.values())) == len(lines)
    assert all(rows[number - 1].strip() for number in lines.values())


def test_the_trace_is_lazy() -> None:
    """The first 1,000 events of a search far too long to finish come without the rest."""
    events = trace(ANTI_BACKTRACKING, "naive")
    assert inspect.isgenerator(events)
    first = list(islice(events, 1000))
    assert [event["step"] for event in first] == list(range(1000))
    assert {event["kind"] for event in first} <= {"try", "reject", "place", "undo"}
    assert (first[0]["kind"], first[0]["cell"], first[0]["digit"]) == ("try", "r1c1", "1")
    assert next(events)["step"] == 1000


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ("." * 80, "expected 81 cells, got 80"),
        ("." * 82, "expected 81 cells, got 82"),
        ("..x" + "." * 78, "r1c3: 'x' is not a digit 1-9 or '.'"),
        ("0" + "." * 80, "r1c1: '0' is not a digit 1-9 or '.'"),
    ],
)
def test_a_bad_grid_is_refused_at_once(grid: str, message: str) -> None:
    """trace and replay refuse a malformed grid before any event, naming what is wrong."""
    with pytest.raises(ValueError, match=message):
        trace(grid)
    with pytest.raises(ValueError, match=message):
        replay(grid, [])


def test_an_unknown_strategy_is_refused_naming_the_valid_ones() -> None:
    """trace and source refuse an unknown strategy and list naive, mrv, propagate."""
    message = "unknown strategy 'dfs': expected one of naive, mrv, propagate"
    with pytest.raises(ValueError, match=message):
        trace("." * 81, "dfs")
    with pytest.raises(ValueError, match=message):
        source("dfs")


@pytest.mark.parametrize(
    ("strategy", "shown"),
    [(["naive"], "a list"), (None, "None"), (1, "1"), ("Naive", "'Naive'"), ("", "''")],
)
def test_a_strategy_that_is_not_a_name_is_refused(strategy: object, shown: str) -> None:
    """trace and source take a strategy's name: a list or None is a ValueError naming the
    valid ones, not a TypeError about hashing (issue 11)."""
    message = f"^unknown strategy {re.escape(shown)}: expected one of naive, mrv, propagate$"
    with pytest.raises(ValueError, match=message):
        trace("." * 81, strategy)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        source(strategy)  # type: ignore[arg-type]


def test_apply_refuses_an_event_that_does_not_fit() -> None:
    """A placement into a filled cell, or stepping back what is not there, is an error."""
    place = trace(pick("unbiased_1000", 15)[0], "naive")
    event = next(e for e in place if e["kind"] == "place")
    cells = list("1" * 81)
    with pytest.raises(ValueError, match=f"{event['cell']} holds '1'"):
        apply(cells, event)
    with pytest.raises(ValueError, match="cannot be played backward"):
        apply(cells, event, backward=True)


def solved_grid(data: st.DataObject) -> str:
    """A random valid solved grid: a base pattern under random symmetries."""
    bands, stacks = data.draw(st.permutations(range(3))), data.draw(st.permutations(range(3)))
    rows = [b * 3 + r for b in bands for r in data.draw(st.permutations(range(3)))]
    cols = [s * 3 + c for s in stacks for c in data.draw(st.permutations(range(3)))]
    digits = data.draw(st.permutations("123456789"))
    return "".join(digits[(r % 3 * 3 + r // 3 + c) % 9] for r in rows for c in cols)


@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_random_easy_puzzles_solve_and_rewind(data: st.DataObject) -> None:
    """Random easy puzzles: every strategy solves them validly, and its trace rewinds exactly."""
    # 20 to 45 blanks in a random solved grid: any valid filling counts (several may exist).
    solution = solved_grid(data)
    blanks = data.draw(st.sets(st.integers(0, 80), min_size=20, max_size=45))
    puzzle = "".join("." if i in blanks else value for i, value in enumerate(solution))
    for strategy in STRATEGIES:
        events, cells = events_of(puzzle, strategy), list(puzzle)
        assert events[-1]["kind"] == "solved"
        assert solution_problems(puzzle, events[-1]["grid"]) == []
        for event in events:
            apply(cells, event)
        for event in reversed(events):
            apply(cells, event, backward=True)
        assert "".join(cells) == puzzle
