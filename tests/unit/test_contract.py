"""The workers answer each call with exactly the keys its type in src/web/contract.py
names (mypy checks the code; this checks the answers themselves)."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest
from support import APP_WORKER, LEETCODE, REFUTED, ROOT, load_file

from sudoku.recording import record
from sudoku.watching import watch

CONTRACT = ROOT / "src" / "web" / "contract.py"


@pytest.fixture(scope="module")
def types() -> dict[str, Any]:
    """contract.py's types: its source run with ``TYPE_CHECKING`` true (they exist only
    for the checker at run time)."""
    source = CONTRACT.read_text(encoding="utf-8").replace(
        "TYPE_CHECKING = False", "TYPE_CHECKING = True", 1
    )
    namespace: dict[str, Any] = {"__name__": "contract_types"}
    code = compile(source, str(CONTRACT), "exec", dont_inherit=True)  # not our __future__
    exec(code, namespace)  # noqa: S102 (our own file)
    return namespace


@pytest.fixture(scope="module")
def app() -> ModuleType:
    """The app's worker script (the widget's calls and its own)."""
    return load_file(APP_WORKER)


def keys(types: dict[str, Any], name: str) -> tuple[frozenset[str], frozenset[str]]:
    """A type's required and optional keys."""
    kind = types[name]
    return kind.__required_keys__, kind.__optional_keys__


def recording(grid: str) -> str:
    """A small recording of a reader's code run on ``grid`` (``sudoku.recording``)."""
    code = "def solve(board):\n    board[0][2] = '4'\n    board[0][2] = '.'\n"
    events: list[Any] = []
    return record(code, grid, events, watch(code, grid, on_event=events.append))


def answers(app: ModuleType) -> list[tuple[str, str]]:
    """One answer of every kind the workers give, with its type's name."""
    leetcode = LEETCODE
    opened = json.loads(app.trace_start(leetcode, "naive"))
    drawing = json.loads(app.render_start(leetcode, "naive", 0, 2, 1))
    chunk, app.drawings.chunk = app.drawings.chunk, 1  # a drawing that answers step by step
    slow = json.loads(app.render_start(leetcode, "naive", 30, 31, 1))
    app.drawings.chunk = chunk
    job = json.loads(app.analyze_start("." * 81, 1_000_000))
    wrong = "4" + leetcode[1:] if leetcode[0] == "." else leetcode
    mistaken = "531" + leetcode[3:]  # the solution has 4 at r1c3
    slice_ms, app.known.slice_ms = app.known.slice_ms, -1  # a rating that answers step by step
    started = json.loads(app.rate_start(leetcode))
    app.known.slice_ms = slice_ms
    rated = app.rate_more(started["answer"]["job"])  # the rest of an easy puzzle's path
    app.known.slice_ms = -1  # a look-ahead's chain search, one pause at a time
    pending = app.hint_ahead(REFUTED, REFUTED)
    app.known.slice_ms = slice_ms
    return [
        (app.ready(), "Ready"),
        (app.prepare(), "Prepared"),
        (app.parse(leetcode), "Parsed"),
        (app.parse("1"), "Failure"),
        (app.analyze_start(leetcode, 2), "Verdict"),
        (app.analyze_start("55" + "." * 79, 2), "Verdict"),
        (json.dumps(job), "Progress"),
        (app.analyze_stop(job["job"]), "Stopped"),
        (app.export(leetcode), "Exported"),
        (json.dumps(opened), "Opened"),
        (app.trace_start(leetcode, "mrv", True).partition("\n")[0], "Opened"),
        (app.trace_count(opened["session"], 10), "Counted"),
        (app.trace_stop(opened["session"]), "Closed"),
        (app.trace_record(recording(leetcode)), "Recorded"),
        (app.trace_record("{}"), "Failure"),
        (app.render_limits(), "Limits"),
        (json.dumps(drawing), "Drawing"),
        (app.render_more(drawing["render"]), "Pictures"),
        (app.render_stop(drawing["render"]), "Stopped"),
        (app.render_more(slow["render"]), "Drawn"),
        (app.hint(leetcode, leetcode), "Hinted"),
        (app.hint("55" + "." * 79, "55" + "." * 79), "Stuck"),
        (app.hint(mistaken, leetcode), "WrongEntry"),
        (pending, "Pending"),
        (json.dumps(started), "RatingStarted"),
        (json.dumps(started["answer"]), "Rating"),
        (rated, "Rated"),
        (app.rate_start(LEETCODE[:-9] + "." * 9), "Refusal"),
        (app.check(leetcode, wrong), "Checked"),
        (app.check("55" + "." * 79, "55" + "." * 79), "Refusal"),
        (app.reveal(leetcode, 2), "Revealed"),
        (app.generate("easy", 3), "Generated"),
    ]


def test_every_answer_has_its_types_keys(types: dict[str, Any], app: ModuleType) -> None:
    """Each answer holds every required key of its type and no key the type lacks; every
    answer type of the contract is seen."""
    seen = set()
    for text, name in answers(app):
        seen.add(name)
        answer = json.loads(text)
        required, optional = keys(types, name)
        assert required <= set(answer) <= required | optional, (name, sorted(answer))
    parts = {"Conflict", "Step"}  # inside answers (and the first slice of RatingStarted)
    assert seen | parts == {name for name, v in types.items() if hasattr(v, "__required_keys__")}


def test_a_failure_is_the_one_key_the_client_reads_first(app: ModuleType) -> None:
    """A ``Failure``'s text starts with its key (page/common/client.py tells it so)."""
    assert app.parse("1").startswith('{"error"')
    assert app.trace_pull(10**6, 1).startswith('{"error"')
