"""The solver worker's calls, run in CPython: the JSON the page receives.

src/web/worker.py is a browser script, loaded here from ``support.WORKER``."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from client import opened
from support import APP_WORKER, HARD, LEETCODE, WORKER, load_file, solution_problems

from sudoku.render import FRAME_MS, MAX_BOARDS, MAX_FRAMES, scenes, storyboard, svg
from sudoku.solver import analyze


@pytest.fixture(scope="module")
def worker() -> ModuleType:
    """src/web/worker/worker.py as a module (in the browser it is a PyScript worker's script)."""
    return load_file(WORKER)


def board(line: str) -> list[list[str]]:
    """The LeetCode shape of an 81-char line."""
    return [list(line[r * 9 : r * 9 + 9]) for r in range(9)]


def test_exports_the_page_calls(worker: ModuleType) -> None:
    """The worker exports the calls the page makes (the player adds its own)."""
    assert {"export", "parse", "ready"} <= set(worker.__export__)
    assert {"analyze_start", "analyze_more", "analyze_stop"} <= set(worker.__export__)


def test_ready_names_the_python(worker: ModuleType) -> None:
    """ready() tells which Python runs the core."""
    assert json.loads(worker.ready())["python"] == f"CPython {platform.python_version()}"


def test_parse_returns_a_leetcode_board(worker: ModuleType) -> None:
    """parse() reads the LeetCode shape (any shape the core reads) as the core's grid."""
    assert json.loads(worker.parse(board(LEETCODE))) == {"grid": LEETCODE}


def test_parse_error_is_a_message(worker: ModuleType) -> None:
    """parse() of bad text answers with the core's message, not a traceback."""
    answer = json.loads(worker.parse(LEETCODE[:80]))
    assert set(answer) == {"error"}
    assert "81" in answer["error"]


def run_to_end(worker: ModuleType, line: str, limit: int) -> tuple[dict[str, Any], int]:
    """analyze_start, then analyze_more until the verdict: the verdict and the calls made."""
    answer = json.loads(worker.analyze_start(board(line), limit))
    calls = 1
    while "verdict" not in answer:
        assert set(answer) == {"job", "nodes", "ms"}
        answer = json.loads(worker.analyze_more(answer["job"]))
        calls += 1
    return answer, calls


def test_conflicts_name_cells_digit_unit(worker: ModuleType) -> None:
    """A search of clashing givens lists each clash: both cells, digit, unit, message."""
    line = "5...5" + "." * 76
    answer, _ = run_to_end(worker, line, 2)
    assert answer["verdict"] == "conflict"
    assert {"conflicts": answer["conflicts"]} == {
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
    """A search of the LeetCode example: unique, its solution, the core's guesses, and
    the search's time in ms (within the calls' own)."""
    started = time.perf_counter()
    answer, _ = run_to_end(worker, LEETCODE, 2)
    call_ms = (time.perf_counter() - started) * 1000
    assert answer["verdict"] == "unique"
    assert answer["solutions"] == 1
    assert solution_problems(LEETCODE, answer["solution"]) == []
    assert answer["nodes"] == analyze(LEETCODE)["nodes"]
    assert 0 <= answer["ms"] <= call_ms


def test_analyze_conflict_and_none(worker: ModuleType) -> None:
    """A search reports clashing givens, and no solution for a dead end."""
    clash, _ = run_to_end(worker, "55" + "." * 79, 2)
    assert clash["verdict"] == "conflict"
    assert clash["conflicts"][0]["cells"] == ["r1c1", "r1c2"]
    dead = "531" + LEETCODE[3:]
    assert run_to_end(worker, dead, 2)[0]["verdict"] == "none"


def test_export_line_and_json(worker: ModuleType) -> None:
    """export() gives the 81-char line and LeetCode JSON text."""
    answer = json.loads(worker.export(board(LEETCODE)))
    assert answer["line"] == LEETCODE
    assert json.loads(answer["json"]) == board(LEETCODE)


# -- the sliced search: analyze_start, analyze_more, analyze_stop (issue 11) -------------

EMPTY = "." * 81
HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
FORUM = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
"""The first of the forum's hardest list: the search guesses."""


@pytest.mark.parametrize(
    ("line", "limit"),
    [(LEETCODE, 2), (FORUM, 2), ("531" + LEETCODE[3:], 2), (HARD1, 2), (EMPTY, 1), (EMPTY, 3000)],
    ids=["leetcode", "forum", "dead end", "hard1", "empty", "empty to 3000"],
)
def test_sliced_analyze_answers_as_the_core(worker: ModuleType, line: str, limit: int) -> None:
    """Slice by slice, the search ends with the core's count, solution and nodes."""
    started = time.perf_counter()
    answer, calls = run_to_end(worker, line, limit)
    calls_ms = (time.perf_counter() - started) * 1000
    core = analyze(line, limit=limit)
    assert isinstance(answer.pop("job"), int)
    assert 0 <= answer.pop("ms") <= calls_ms  # the slices' time, within the calls'
    assert answer == {
        "verdict": ("none", "unique", "multiple")[min(core["solutions"], 2)],
        "solutions": core["solutions"],
        "solution": core["solution"],
        "nodes": core["nodes"],
        "conflicts": [],
    }
    if limit == 3000:  # a long search: several slices
        assert calls > 1


def test_a_conflict_or_a_bad_board_answers_at_once(worker: ModuleType) -> None:
    """Clashing givens get the conflict verdict at once, an unreadable board its error."""
    clash = json.loads(worker.analyze_start(board("55" + "." * 79), 2))
    assert clash["verdict"] == "conflict"
    assert "job" not in clash
    assert set(json.loads(worker.analyze_start("5" * 80, 2))) == {"error"}
    assert set(json.loads(worker.analyze_start(board(EMPTY), 0))) == {"error"}


def test_a_long_search_runs_in_short_slices_and_stops(worker: ModuleType) -> None:
    """The empty grid counted to a million solutions: each call returns after a slice,
    with more nodes each time; stopped, the job is gone and a new search starts."""
    first = json.loads(worker.analyze_start(board(EMPTY), 1_000_000))
    job, nodes = first["job"], first["nodes"]
    assert nodes > 0
    for _ in range(3):
        answer = json.loads(worker.analyze_more(job))
        assert answer["job"] == job
        assert answer["nodes"] > nodes
        assert answer["ms"] >= worker.SLICE_MS
        nodes = answer["nodes"]
    assert json.loads(worker.analyze_stop(job)) == {"stopped": True}
    assert json.loads(worker.analyze_stop(job)) == {"stopped": False}
    assert "error" in json.loads(worker.analyze_more(job))
    answer, _ = run_to_end(worker, LEETCODE, 2)
    assert answer["verdict"] == "unique"
    assert answer["job"] > job


def test_abandoned_searches_are_dropped(worker: ModuleType) -> None:
    """A page that stops calling leaves its job: only the latest MAX_JOBS are kept."""
    jobs = [
        json.loads(worker.analyze_start(board(EMPTY), 1_000_000))["job"]
        for _ in range(worker.MAX_JOBS + 1)
    ]
    assert "error" in json.loads(worker.analyze_more(jobs[0]))
    for job in jobs[1:]:
        assert json.loads(worker.analyze_more(job))["job"] == job
        assert json.loads(worker.analyze_stop(job)) == {"stopped": True}


def test_the_apps_worker_exports_the_shared_calls_and_its_own() -> None:
    """app.py exports every call of worker.py (the widget's), then the app's own, and has
    each one it names."""
    shared = load_file(WORKER)
    app = load_file(APP_WORKER)
    assert set(shared.__export__) < set(app.__export__)
    assert set(app.__export__) - set(shared.__export__) == {
        "check",
        "generate",
        "hint",
        "hint_ahead",
        "prepare",
        "rate_more",
        "rate_start",
        "render_limits",
        "render_more",
        "render_start",
        "render_stop",
        "reveal",
    }
    assert all(callable(getattr(app, name)) for name in app.__export__)


def test_each_worker_exports_its_protocols_calls() -> None:
    """Each worker exports exactly the calls its protocol in contract.py declares, and
    the page's client makes each of the app's (the widget's a subset)."""
    contract = load_file(WORKER.parent.parent / "contract.py")
    assert load_file(WORKER).__export__ == contract.calls(contract.WidgetCalls)
    assert load_file(APP_WORKER).__export__ == contract.calls(contract.AppCalls)
    client = load_file(WORKER.parent.parent / "page" / "common" / "client.py")
    assert set(contract.calls(contract.AppCalls)) <= set(dir(client.Solver))


PREPARED = """
import sys
from support import APP_WORKER, load_file
from sudoku import solver
solver.SMALL_INTS = True  # the engine MicroPython's search runs on
app = load_file(APP_WORKER)
before = [name in sys.modules for name in ("sudoku.logic", "sudoku.masks")]
print(app.prepare(), *before, *[name in sys.modules for name in ("sudoku.logic", "sudoku.masks")])
"""
"""Python: load the app's worker in a fresh interpreter, then call ``prepare``."""


def test_prepare_loads_the_companions_modules_the_boot_does_not() -> None:
    """The app's worker starts without ``sudoku.logic`` and the search's engine of small
    ints (MicroPython's: ``sudoku.masks``); ``prepare`` loads both."""
    tests = str(Path(__file__).resolve().parents[1])
    done = subprocess.run(
        [sys.executable, "-c", PREPARED],
        capture_output=True,
        text=True,
        check=True,
        cwd=tests,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([tests, *sys.path])},
        timeout=60,
    )
    assert done.stdout.split() == ['{"prepared":true}', "False", "False", "True", "True"]


def polyscript(monkeypatch: pytest.MonkeyPatch, **config: Any) -> None:
    """What a PyScript worker's ``polyscript`` module gives its script: the ``config`` it
    was made with (static/js/widget.js's, for the widget's worker)."""
    module = SimpleNamespace(config=SimpleNamespace(**config))
    monkeypatch.setitem(sys.modules, "polyscript", module)


@pytest.mark.parametrize(
    ("script", "module"), [("app_script.py", APP_WORKER), ("worker_script.py", WORKER)]
)
def test_the_script_pyscript_starts_exports_its_modules_calls(
    script: str, module: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker's script (source, which PyScript reads) brings in its compiled module's
    calls and exports the same names."""
    polyscript(monkeypatch, opening=None)
    started = load_file(module.parent / script)
    calls = load_file(module).__export__
    assert started.__export__ == calls
    assert all(callable(getattr(started, name)) for name in calls)


def drawn(app: ModuleType, key: int) -> tuple[int, dict[str, Any]]:
    """``render_more`` on drawing ``key`` until it is done: the calls taken, the answer."""
    calls = 1
    answer = json.loads(app.render_more(key))
    while "step" in answer:
        calls += 1
        answer = json.loads(app.render_more(key))
    return calls, answer


def test_a_drawing_comes_in_chunks_and_can_be_stopped() -> None:
    """The Share panel's pictures: ``render_start`` opens a drawing, each ``render_more``
    plays at most ``Drawings.chunk`` events, the last gives the core's pictures (the
    storyboard too when it fits); ``render_stop`` drops it; the limits are the core's."""
    app = load_file(APP_WORKER)
    assert json.loads(app.render_limits()) == {"boards": MAX_BOARDS, "frames": MAX_FRAMES}
    key = json.loads(app.render_start(LEETCODE, "naive", 60, 70, 2))["render"]
    assert drawn(app, key) == (
        1,
        {
            "svgs": [svg(shot) for shot in scenes(LEETCODE, "naive", 60, 70, 2)],
            "storyboard": storyboard(scenes(LEETCODE, "naive", 60, 70, 2)),
            "delay": FRAME_MS,
        },
    )
    assert "error" in json.loads(app.render_more(key))  # done: closed
    key = json.loads(app.render_start(LEETCODE, "naive", 79_000, 79_462, 1))["render"]
    calls, answer = drawn(app, key)
    assert calls == 79_000 // app.drawings.chunk + 1
    assert len(answer["svgs"]) == 463
    assert answer["storyboard"] == ""  # more than MAX_BOARDS
    key = json.loads(app.render_start(LEETCODE, "naive", 79_000, 79_001, 1))["render"]
    assert json.loads(app.render_more(key)) == {"step": app.drawings.chunk}
    assert json.loads(app.render_stop(key)) == {"stopped": True}
    assert "error" in json.loads(app.render_more(key))
    for bad in ((5, 4, 1), (0, 10**6, 1)):
        assert "error" in json.loads(app.render_start(LEETCODE, "naive", *bad))


def test_a_trace_opens_with_its_first_page_when_asked(worker: ModuleType) -> None:
    """``trace_start`` with ``first``: the answer, then the very page ``trace_pull`` gives
    first, and the trace goes on from there (one call to a playable player)."""
    answer, page = opened(worker.trace_start(HARD, "mrv", True))
    plain, none = opened(worker.trace_start(HARD, "mrv"))
    assert none == ""
    assert {**answer, "session": 0} == {**plain, "session": 0}
    assert page == worker.trace_pull(plain["session"], 1)
    assert worker.trace_pull(answer["session"], 1) == worker.trace_pull(plain["session"], 1)
    assert worker.trace_start(HARD[:80], "mrv", True).startswith('{"error"')


def test_a_trace_opened_early_answers_its_own_call_once(worker: ModuleType) -> None:
    """``open_early`` (the widget's worker, as it starts) opens the trace before the page
    asks: the call with those arguments gets it, made before a trace opened meanwhile;
    the next such call, and any other, open their own."""
    worker.open_early(LEETCODE, "mrv")
    meanwhile = json.loads(worker.trace_start(HARD, "mrv"))["session"]
    early, page = opened(worker.trace_start(LEETCODE, "mrv", True))
    again, same = opened(worker.trace_start(LEETCODE, "mrv", True))
    assert early["session"] < meanwhile < again["session"]
    assert page == same
    worker.open_early(LEETCODE, "mrv")
    other = json.loads(worker.trace_start(LEETCODE, "naive", True).partition("\n")[0])
    assert other["strategy"] == "naive"
    worker.open_early("55" + "." * 79 + "x", "naive")
    assert worker.trace_start("55" + "." * 79 + "x", "naive", True).startswith('{"error"')


def test_the_widgets_worker_opens_early_the_trace_its_config_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """static/js/widget.js names the page's first trace in the worker's config: the
    worker's script opens it before it answers any call."""
    polyscript(monkeypatch, opening=[LEETCODE, "propagate"])
    started = load_file(WORKER.parent / "worker_script.py")
    assert set(started.early) == {(LEETCODE, "propagate")}
    answer, page = opened(started.trace_start(LEETCODE, "propagate", True))
    assert answer["strategy"] == "propagate"
    assert page
    assert started.early == {}
