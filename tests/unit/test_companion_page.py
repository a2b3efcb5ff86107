"""The app's companion state in CPython: the board as data (src/web/page/app/sheet.py), its
undo history (history.py), and the worker's hint, check and generate calls."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import hints
import known
import pytest
from history import History
from sheet import Sheet
from support import APP_WORKER, EASY, LEETCODE, REFUTED, WEB, load_file, load_puzzles

from sudoku import chains, logic, proper, rating, solver
from sudoku.generator import from_bank
from sudoku.grid import cell_name
from sudoku.logic import (
    Step,
    chain_steps,
    marks_of,
    next_step,
    rate,
    rating_walk,
    say,
    solve_path,
    state_key,
)
from sudoku.solver import count_solutions, solve
from sudoku.words import rating as rating_text


def leetcode(grid: str) -> list[list[str]]:
    """An 81-char grid in the LeetCode shape."""
    return [list(grid[r * 9 : r * 9 + 9]) for r in range(9)]


@pytest.fixture(scope="module")
def worker() -> ModuleType:
    """src/web/worker/app.py (the app's worker: the shared calls and the companion's) as a
    module."""
    return load_file(APP_WORKER)


def test_loaded_givens_stay_and_typing_makes_entries() -> None:
    """A loaded puzzle's givens refuse typing; blanks take entries; an unloaded board's
    typing sets givens."""
    board = Sheet()
    assert board.write(0, "5") == ""
    assert board.kind(0) == "given"
    board.load(LEETCODE)
    assert board.locked
    assert board.write(0, "1") == "given"
    assert board.write(2, "4") == ""
    assert (board.kind(2), board.value(2)) == ("entry", "4")
    assert board.grid() == "534" + LEETCODE[3:]
    assert board.puzzle() == LEETCODE
    assert board.count_entries() == 1


def test_candidates_are_the_cores_less_what_hints_struck() -> None:
    """Automatic candidates equal sudoku.logic.marks_of; a struck digit stays out."""
    board = Sheet()
    board.load(EASY)
    assert [board.candidates(i) for i in range(81)] == marks_of(EASY)
    cell = EASY.index(".")
    digit = marks_of(EASY)[cell][0]
    board.toggle_pencil(cell, digit)
    board.strike(cell, digit)
    assert digit not in board.candidates(cell)
    assert board.pencil[cell] == ""


def test_snapshot_round_trip_and_bad_text() -> None:
    """A snapshot restores the same state; text that is not one leaves the board alone."""
    board = Sheet()
    board.load(EASY)
    board.write(0, "4")
    board.toggle_pencil(1, "7")
    board.fill(solve(EASY) or "")
    other = Sheet()
    assert other.restore(board.snapshot())
    assert other.snapshot() == board.snapshot()
    assert not other.restore("not json")
    assert not other.restore(json.dumps({"givens": "1"}))
    assert other.snapshot() == board.snapshot()


def test_history_undoes_and_redoes_in_order() -> None:
    """Undo walks back, redo forward, each with the timer's ms of its state; a new edit
    forgets redo."""
    past = History()
    past.record("a", "first", 1000)
    past.record("b", "second", 2000)
    assert past.undo("c", 3000) == ("b", "second", 2000)
    assert past.undo("b", 2500) == ("a", "first", 1000)
    assert past.undo("a", 1500) is None
    assert past.redo("a", 1500) == ("b", "first", 2500)
    assert past.redo("b", 2600) == ("c", "second", 3000)
    assert past.can_undo()
    assert not past.can_redo()
    past.undo("c", 3100)
    assert past.can_redo()
    past.record("b", "third", 3200)
    assert not past.can_redo()


def test_worker_hint_is_the_cores_next_step(worker: ModuleType) -> None:
    """hint() says sudoku.logic.say(next_step(grid)); struck candidates are honoured."""
    answer = json.loads(worker.hint(leetcode(EASY), leetcode(EASY)))
    step = next_step(EASY)
    assert step is not None
    assert answer["text"] == say(step)
    assert answer["step"]["cells"] == list(step.cells)


def test_worker_hint_asked_ahead_is_answered_from_memory(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request asked lately is answered with the very answer worked out, without
    working it out again; only the last ``HINTS_KEPT`` are remembered."""
    worked: list[str] = []
    work = worker.hints.work
    monkeypatch.setattr(worker.hints, "work", lambda *args: worked.append(args[0]) or work(*args))
    monkeypatch.setattr(worker.hints, "kept", [])
    givens = [i for i, digit in enumerate(EASY) if digit != "."]
    others = [EASY[:i] + "." + EASY[i + 1 :] for i in givens[: hints.HINTS_KEPT]]
    first = worker.hint(EASY, EASY, "")
    assert worker.hint(EASY, EASY, "") == first == work(EASY, EASY, "", None)
    assert worked == [EASY]  # asked twice, worked out once
    for grid in others:
        worker.hint(grid, grid, "")
    assert len(worker.hints.kept) == hints.HINTS_KEPT
    worked.clear()
    worker.hint(EASY, EASY, "")  # pushed out by HINTS_KEPT newer requests: worked out again
    assert worked == [EASY]


def refuted_hint_searching_no_more(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch, expected: Step
) -> dict[str, Any]:
    """The worker's hint on ``REFUTED``, where a search under way must give it (starting
    one fails the test), checked to be ``expected``: the answer's step."""
    with monkeypatch.context() as searching:
        for name in ("next_step", "step_search", "refutations"):
            searching.setattr(logic, name, lambda *_: pytest.fail("searched again"))
        searching.setattr(rating, "refutations", lambda *_: pytest.fail("searched again"))
        answer: dict[str, Any] = json.loads(worker.hint(REFUTED, REFUTED, ""))["step"]
    assert answer["technique"] == expected.technique == "contradiction chain"
    assert answer["eliminations"] == [list(pair) for pair in expected.eliminations]
    return answer


def test_a_look_ahead_goes_a_slice_at_a_time_and_a_press_goes_on_with_it(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hint_ahead`` on a board whose chain takes a while answers ``pending`` after a
    slice, its search kept; asked again, it goes on; a ``hint`` for that board goes on
    with that search (none started again) and gives ``next_step``'s step."""
    expected = next_step(REFUTED)
    assert expected is not None
    monkeypatch.setattr(worker.hints, "kept", [])
    worker.known.steps_of(EASY)  # another puzzle's steps and searches, dropped
    monkeypatch.setattr(worker.known, "slice_ms", -1)  # a slice is one pause of the search
    for _ in range(2):
        assert json.loads(worker.hint_ahead(REFUTED, REFUTED, "")) == {"pending": True}
        assert len(worker.known.searching) == 1
    answer = refuted_hint_searching_no_more(worker, monkeypatch, expected)
    assert not worker.known.searching
    assert json.loads(worker.hint_ahead(REFUTED, REFUTED, ""))["step"] == answer  # kept


def test_the_searches_the_reader_left_are_let_go(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Look-aheads on boards the reader left keep at most ``SEARCHES_KEPT`` searches under
    way, the latest among them (each search here one that never ends)."""

    def endless(*_: object) -> Iterator[None]:
        while True:
            yield None

    monkeypatch.setattr(worker.hints, "kept", [])
    monkeypatch.setattr(worker.known, "slice_ms", -1)
    monkeypatch.setattr(logic, "step_search", endless)
    worker.known.steps_of(EASY)  # another puzzle's steps and searches, dropped
    derived = marks_of(REFUTED)
    boards = []
    for cell in [cell for cell in range(81) if len(derived[cell]) > 2][:6]:
        struck = [""] * 81
        struck[cell] = derived[cell][0]  # another board: one candidate struck
        boards.append("|".join(struck))
    for struck in boards:
        assert json.loads(worker.hint_ahead(REFUTED, REFUTED, struck)) == {"pending": True}
        assert 1 <= len(worker.known.searching) <= known.SEARCHES_KEPT
    marks = marks_of(REFUTED)
    last = boards[-1].split("|")
    latest = [m.replace(last[i], "") if last[i] else m for i, m in enumerate(marks)]
    assert state_key(REFUTED, latest) in worker.known.searching


def test_the_worker_keeps_every_hint_the_page_asks_ahead() -> None:
    """The worker remembers more hint answers than the app asks ahead of the reader
    (``companion.AHEAD`` boards, then the press's own), so none is worked out twice."""
    source = (WEB / "page" / "app" / "companion.py").read_text()
    (ahead,) = (
        node.value.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign)
        and [getattr(target, "id", "") for target in node.targets] == ["AHEAD"]
        and isinstance(node.value, ast.Constant)
    )
    assert ahead + 2 <= hints.HINTS_KEPT


def test_a_rated_puzzles_hints_take_the_steps_its_walk_found(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step a hint finds is kept for the puzzle (another puzzle's are dropped); once
    the worker has rated it, a hint on any state its walk reached past the singles (a
    reader who applied each hint) is that state's step, searched (and solved) no more."""
    worker.known.steps_of(EASY)
    worker.hint(REFUTED, REFUTED, "")
    assert list(worker.known.steps_of(REFUTED)) == [state_key(REFUTED, marks_of(REFUTED))]
    walk = list(rating_walk(REFUTED))
    monkeypatch.setattr(worker.known, "slice_ms", 10_000)
    assert json.loads(worker.rate_start(REFUTED))["answer"]["rating"] == walk[-1]
    states = dict(worker.known.steps_of(REFUTED))
    assert states
    monkeypatch.setattr(logic, "next_step", lambda *_: pytest.fail("searched again"))
    monkeypatch.setattr(proper, "Search", lambda *_: pytest.fail("solved again"))
    for key, step in states.items():
        grid, *marks = key.split("|")
        derived = marks_of(grid)
        struck = ["".join(d for d in derived[i] if d not in marks[i]) for i in range(81)]
        answer = json.loads(worker.hint(grid, REFUTED, "|".join(struck)))["step"]
        assert answer["technique"] == step.technique
        assert answer["eliminations"] == [list(pair) for pair in step.eliminations]
        assert answer["placements"] == [list(pair) for pair in step.placements]


def test_a_hint_goes_on_with_the_ratings_search_for_its_board(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint on the board whose chain the puzzle's rating is searching, between its
    slices, goes on with that search (searching no more) and gives that board's step;
    the rating then takes it and ends as a rating alone does."""
    rated = json.loads(worker.rate_start(EASY))  # another puzzle's rating, dropped
    assert "answer" in rated
    walk = list(rating_walk(REFUTED))
    expected = next_step(REFUTED)
    assert expected is not None
    monkeypatch.setattr(worker.known, "slice_ms", -1)  # a slice is one step or pause
    job = json.loads(worker.rate_start(REFUTED))["answer"]["job"]
    while not worker.known.searching:
        assert "job" in json.loads(worker.rate_more(job))
    refuted_hint_searching_no_more(worker, monkeypatch, expected)
    more = json.loads(worker.rate_more(job))
    while "job" in more:
        more = json.loads(worker.rate_more(job))
    assert more["rating"] == walk[-1]


def test_a_press_the_instant_a_puzzle_loads_searches_its_solutions_once(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A check or a hint asked while the puzzle's rating is still searching its solutions
    (a press the instant the puzzle loads) runs that search on instead of searching
    again (``logic.verdict``); the hint is the puzzle's first step, and the rating goes on."""
    puzzle = load_puzzles("forum_hardest_1905_11plus", 2, every=97)[1]
    expected = next_step(puzzle)
    assert expected is not None
    monkeypatch.setattr(proper, "SOLVING", [])  # nothing searched or solved before
    monkeypatch.setattr(proper, "LAST_SOLVED", [])
    monkeypatch.setattr(worker.known, "slice_ms", -1)  # a slice is one step or pause
    job = json.loads(worker.rate_start(puzzle))["answer"]["job"]
    search = logic.search_of(puzzle)
    assert not search.finished
    for module in (proper, solver):  # no search but the rating's
        monkeypatch.setattr(module, "Search", lambda *_: pytest.fail("searched again"))
    checked = json.loads(worker.check(puzzle, puzzle))
    assert checked == {"wrong": [], "entries": 0, "solutions": 1}
    assert search.finished
    step = json.loads(worker.hint(puzzle, puzzle, ""))["step"]
    assert step["technique"] == expected.technique == "contradiction chain"
    assert step["eliminations"] == [list(pair) for pair in expected.eliminations]
    assert "job" in json.loads(worker.rate_more(job))


def test_worker_hint_problems(worker: ModuleType) -> None:
    """A wrong entry, an empty board, a full one: each says what is wrong."""
    wrong = "531" + LEETCODE[3:]
    answer = json.loads(worker.hint(leetcode(wrong), leetcode(LEETCODE)))
    assert (answer["problem"], answer["cell"], answer["digit"]) == ("wrong-entry", 2, "1")
    assert answer["text"].startswith("r1c3: your 1 is not right here")
    several = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5........."
    guess = several[:2] + "1" + several[3:]  # a wrong guess of one solution may fit another
    kind = json.loads(worker.hint(leetcode(guess), leetcode(several))).get("problem")
    assert kind != "wrong-entry"
    empty = "." * 81
    assert json.loads(worker.hint(leetcode(empty), leetcode(empty)))["problem"] == "stuck"
    full = solve(LEETCODE) or ""
    assert json.loads(worker.hint(leetcode(full), leetcode(LEETCODE)))["problem"] == "full"


def test_worker_check_names_the_wrong_entries(worker: ModuleType) -> None:
    """check() lists exactly the entries that differ from the solution."""
    solution = solve(LEETCODE) or ""
    entries = ["."] * 81
    entries[2] = solution[2]
    entries[3] = "1" if solution[3] != "1" else "2"
    answer = json.loads(worker.check(leetcode(LEETCODE), leetcode("".join(entries))))
    assert answer == {"wrong": [3], "entries": 2, "solutions": 1}


def test_worker_generate_makes_a_proper_puzzle_of_the_level(worker: ModuleType) -> None:
    """generate() gives a puzzle with one solution, rated at the level asked: the bank's,
    rearranged (the same as generator.from_bank for the seed)."""
    answer = json.loads(worker.generate("medium", 3))
    assert answer["grid"] == from_bank("medium", 3)
    assert count_solutions(answer["grid"], 2) == 1
    assert rate(answer["grid"]).level == "medium"
    assert answer["givens"] == 81 - answer["grid"].count(".")
    assert "error" in json.loads(worker.generate("impossible", 3))


def test_worker_reveal_gives_the_solutions_digit(worker: ModuleType) -> None:
    """reveal() names the solution's digit at a cell; clashes, no solution and bad cells
    are said, never raised."""
    solution = solve(LEETCODE) or ""
    for cell in (2, 40, 80):
        assert json.loads(worker.reveal(LEETCODE, cell)) == {
            "digit": solution[cell],
            "solutions": 1,
        }
    assert "conflict" in json.loads(worker.reveal("55" + LEETCODE[2:], 2))["problem"]
    assert (
        "no solution"
        in json.loads(worker.reveal("12345678." + "." * 8 + "9" + "." * 63, 0))["problem"]
    )
    for bad in (81, -1, "3", True, None):
        assert "error" in json.loads(worker.reveal(LEETCODE, bad))


def test_tidy_erases_a_placed_digit_from_the_peers_marks() -> None:
    """A digit placed leaves its row's, column's and box's pencil marks, no one else's."""
    board = Sheet()
    board.load(LEETCODE)
    for cell in (3, 27 + 3, 11, 80):
        board.toggle_pencil(cell, "7")
    board.tidy(2, "7")
    assert [board.pencil[c] for c in (3, 30, 11, 80)] == ["", "7", "", "7"]


XY_CHAIN = "123567894456839721789421365835..2649264...15797165423831..4..76647....8.59...641."
"""A board whose next step is an xy-chain (four cells; unbiased_1000's)."""


def test_worker_hint_lists_a_chain_step_by_step(worker: ModuleType) -> None:
    """A chain's hint carries its links as numbered steps (``logic.chain_steps``), the last
    the conclusion; a contradiction chain lights every cell its links write or break."""
    for board, technique in ((XY_CHAIN, "xy-chain"), (REFUTED, "contradiction chain")):
        answer = json.loads(worker.hint(leetcode(board), leetcode(board)))
        step = next_step(board)
        assert step is not None
        assert answer["step"]["technique"] == technique == step.technique
        assert answer["steps"] == chain_steps(step, marks_of(board))
        assert len(answer["steps"]) >= 4
        target = step.eliminations[0]
        assert f"{cell_name(target[0])}" in answer["steps"][-1]
        assert f"is not {target[1]}" in answer["steps"][-1]
    cells = json.loads(worker.hint(leetcode(REFUTED), leetcode(REFUTED)))["step"]["cells"]
    assert cells[0] == 18  # the refuted candidate's cell, r3c1, then the chain's
    assert {cell_name(cell) for cell in cells[1:]} == {
        "r3c4",
        "r9c6",
        "r2c3",
        "r7c6",
        "r7c2",
        "r5c6",
    }
    easy = json.loads(worker.hint(leetcode(EASY), leetcode(EASY)))
    assert easy["steps"] == []


def test_xy_chain_steps_follow_the_chain() -> None:
    """Each step of an xy-chain names the cell, the digit it loses and the one it keeps."""
    step = next_step(XY_CHAIN)
    assert step is not None
    assert chain_steps(step, marks_of(XY_CHAIN)) == [
        "If r5c4 is not 9, it is 3: its only candidates are 3 and 9.",
        "Then r5c6 is not 3 (it sees r5c4), so it is 8.",
        "Then r7c6 is not 8 (it sees r5c6), so it is 5.",
        "Then r7c7 is not 5 (it sees r7c6), so it is 9.",
        "Either way r5c4 or r7c7 is 9: r7c4 sees both, so it is not 9.",
    ]


def test_worker_rates_in_slices_as_rate_does(
    worker: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rate_start / rate_more walk the path in slices (here one step each) and end with
    ``rate``'s rating and level, and what it means, naming the technique of the path's
    first step of that rating; a new start drops the old job; a puzzle without one
    solution has no rating."""
    monkeypatch.setattr(worker.known, "slice_ms", -1)
    for puzzle in (EASY, LEETCODE, REFUTED):
        started = json.loads(worker.rate_start(puzzle))
        assert "Levels: easy up to 2.3, medium 2.4 to 3.4" in started["scale"]
        answer = started["answer"]
        slices = 1
        walk = list(rating_walk(puzzle))
        while "job" in answer:
            assert answer["steps"] == slices
            assert answer["proper"] == (walk[slices - 1] > 0)  # the search over: the path
            assert answer["tenths"] == walk[slices - 1]  # the hardest step so far
            answer = json.loads(worker.rate_more(answer["job"]))
            slices += 1
        expected = rate(puzzle)
        assert (answer["rating"], answer["level"]) == (expected.rating, expected.level)
        assert answer["steps"] == len(walk)
        steps, _ = solve_path(puzzle)
        hardest = next(s.technique for s in steps if s.rating == expected.rating)
        number = rating_text(expected.rating)
        assert answer["why"] == (
            f"SE {number}: the hardest step this puzzle needs is a{'n' * (hardest[0] in 'aeioux')}"
            f" {hardest}, rated {number} on Sudoku Explainer's scale."
        )
    first = json.loads(worker.rate_start(REFUTED))["answer"]["job"]
    json.loads(worker.rate_start(EASY))
    assert "error" in json.loads(worker.rate_more(first))
    several = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5........."
    assert "more than one solution" in json.loads(worker.rate_start(several))["problem"]
    assert "both hold 5" in json.loads(worker.rate_start("55" + LEETCODE[2:]))["problem"]


def test_the_deep_worker_starts_at_a_nested_chains_rating() -> None:
    """deep.py's ``NESTED`` (the page does not import the chains) is a contradiction chain's
    rating with one level of splits."""
    tree = ast.parse((WEB / "page" / "app" / "deep.py").read_text(encoding="utf-8"))
    nested = next(
        node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == "NESTED"
        and isinstance(node.value, ast.Constant)
    )
    assert nested == chains.RATINGS["contradiction chain"] + 10
