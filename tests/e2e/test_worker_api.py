"""The solver worker's calls, run in CPython: the JSON the page receives."""

from __future__ import annotations

import json
import sys
from types import ModuleType

import pytest
from conftest import ROOT, load_file

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def worker() -> ModuleType:
    """src/web/worker.py as a module (in the browser it is a PyScript worker's script)."""
    return load_file(ROOT / "src" / "web" / "worker.py")


def board(line: str) -> list[list[str]]:
    """The LeetCode shape of an 81-char line."""
    return [list(line[r * 9 : r * 9 + 9]) for r in range(9)]


def test_exports_the_page_calls(worker: ModuleType) -> None:
    """The worker exports the calls the page makes (the player adds its own)."""
    assert {"analyze", "conflicts", "export", "parse", "ready"} <= set(worker.__export__)


def test_ready_names_the_python(worker: ModuleType) -> None:
    """ready() tells which Python runs the core."""
    assert json.loads(worker.ready())["python"] == sys.version.split()[0]


def test_parse_returns_a_leetcode_board(worker: ModuleType) -> None:
    """parse() turns text into the LeetCode shape, and the grid string the player takes."""
    assert json.loads(worker.parse(LEETCODE)) == {"board": board(LEETCODE), "grid": LEETCODE}


def test_parse_error_is_a_message(worker: ModuleType) -> None:
    """parse() of bad text answers with the core's message, not a traceback."""
    answer = json.loads(worker.parse(LEETCODE[:80]))
    assert set(answer) == {"error"}
    assert "81" in answer["error"]


def test_conflicts_name_cells_digit_unit(worker: ModuleType) -> None:
    """conflicts() lists each clash with both cells, the digit, the unit and a message."""
    line = "5...5" + "." * 76
    assert json.loads(worker.conflicts(board(line))) == {
        "conflicts": [
            {
                "cells": ["r1c1", "r1c5"],
                "digit": "5",
                "unit": "row 1",
                "message": "r1c1 and r1c5 both hold 5 in row 1",
            }
        ]
    }


def test_analyze_unique(worker: ModuleType) -> None:
    """analyze() of the LeetCode example: unique, a full solution, nodes and time."""
    answer = json.loads(worker.analyze(board(LEETCODE), 2))
    assert answer["verdict"] == "unique"
    assert answer["solutions"] == 1
    assert all(ch in "123456789" for row in answer["solution"] for ch in row)
    assert answer["nodes"] >= 0
    assert answer["ms"] >= 0


def test_analyze_conflict_and_none(worker: ModuleType) -> None:
    """analyze() reports clashing givens, and no solution for a dead end."""
    clash = json.loads(worker.analyze(board("55" + "." * 79), 2))
    assert clash["verdict"] == "conflict"
    assert clash["conflicts"][0]["cells"] == ["r1c1", "r1c2"]
    dead = "531" + LEETCODE[3:]
    assert json.loads(worker.analyze(board(dead), 2))["verdict"] == "none"


def test_export_line_and_json(worker: ModuleType) -> None:
    """export() gives the 81-char line and LeetCode JSON text."""
    answer = json.loads(worker.export(board(LEETCODE)))
    assert answer["line"] == LEETCODE
    assert json.loads(answer["json"]) == board(LEETCODE)
