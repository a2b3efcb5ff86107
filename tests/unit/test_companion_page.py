"""The app's companion state in CPython: the board as data (src/web/page/app/entries.py), its
undo history (history.py), and the worker's hint, check and generate calls."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from entries import Board
from history import History
from support import APP_WORKER, EASY, LEETCODE, load_file

from sudoku.generator import from_bank
from sudoku.logic import marks_of, next_step, rate, say
from sudoku.solver import count_solutions, solve


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
    board = Board()
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
    board = Board()
    board.load(EASY)
    assert [board.candidates(i) for i in range(81)] == marks_of(EASY)
    cell = EASY.index(".")
    digit = marks_of(EASY)[cell][0]
    board.toggle_mark(cell, digit)
    board.strike(cell, digit)
    assert digit not in board.candidates(cell)
    assert board.marks[cell] == ""


def test_snapshot_round_trip_and_bad_text() -> None:
    """A snapshot restores the same state; text that is not one leaves the board alone."""
    board = Board()
    board.load(EASY)
    board.write(0, "4")
    board.toggle_mark(1, "7")
    board.fill(solve(EASY) or "")
    other = Board()
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


def test_worker_hint_problems(worker: ModuleType) -> None:
    """A wrong entry, an empty board, a full one: each says what is wrong."""
    wrong = "531" + LEETCODE[3:]
    assert json.loads(worker.hint(leetcode(wrong), leetcode(LEETCODE)))["problem"] == "wrong"
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
    board = Board()
    board.load(LEETCODE)
    for cell in (3, 27 + 3, 11, 80):
        board.toggle_mark(cell, "7")
    board.tidy(2, "7")
    assert [board.marks[c] for c in (3, 30, 11, 80)] == ["", "7", "", "7"]
