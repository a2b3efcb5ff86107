"""The host page's remote control (src/web/page/widget/host.py, static/js/embed.js): exactly the
documented shapes are obeyed, and the reports say where the widget is."""

from __future__ import annotations

import json
from pathlib import Path

import host
import pytest
import wire
from options import MAX_STEP

from sudoku.words import STRATEGIES

ROOT = Path(__file__).resolve().parents[2]
EMBED_JS = (ROOT / "static" / "js" / "embed.js").read_text(encoding="utf-8")


def js_list(name: str) -> list[str]:
    """The strings of ``var NAME = [...]`` in static/js/embed.js."""
    items: list[str] = json.loads(
        "[" + EMBED_JS.split(f"var {name} = [", 1)[1].split("]", 1)[0] + "]"
    )
    return items


@pytest.mark.parametrize(
    ("data", "command"),
    [
        ({"type": "sudoku-lab:goto", "step": 120}, ("goto", 120)),
        ({"type": "sudoku-lab:goto", "step": 0}, ("goto", 0)),
        ({"type": "sudoku-lab:goto", "step": MAX_STEP}, ("goto", MAX_STEP)),
        ({"type": "sudoku-lab:play"}, ("play", None)),
        ({"type": "sudoku-lab:pause"}, ("pause", None)),
        ({"strategy": "mrv", "type": "sudoku-lab:strategy"}, ("strategy", "mrv")),
    ],
)
def test_each_documented_shape_is_a_command(data: object, command: tuple[str, object]) -> None:
    """The four commands, keys in any order, read as (name, value)."""
    assert host.read_command(json.dumps(data)) == command


@pytest.mark.parametrize(
    "data",
    [
        {"type": "sudoku-lab:goto", "step": -1},
        {"type": "sudoku-lab:goto", "step": 1.5},
        {"type": "sudoku-lab:goto", "step": "12"},
        {"type": "sudoku-lab:goto", "step": True},
        {"type": "sudoku-lab:goto", "step": None},
        {"type": "sudoku-lab:goto", "step": MAX_STEP + 1},
        {"type": "sudoku-lab:goto"},
        {"type": "sudoku-lab:goto", "step": 3, "extra": 1},
        {"type": "sudoku-lab:play", "step": 3},
        {"type": "sudoku-lab:pause", "now": True},
        {"type": "sudoku-lab:strategy", "strategy": "bogo"},
        {"type": "sudoku-lab:strategy", "strategy": ["mrv"]},
        {"type": "sudoku-lab:strategy"},
        {"type": "sudoku-lab:height", "height": 300},
        {"type": "sudoku-lab:step", "step": 1, "kind": "try", "nodes": 0},
        {"type": "sudoku-lab:", "step": 1},
        {"type": "play"},
        {"type": ["sudoku-lab:play"]},
        {"type": None},
        {},
        ["sudoku-lab:play"],
        "sudoku-lab:play",
        None,
        7,
    ],
)
def test_anything_else_is_ignored(data: object) -> None:
    """Other keys, other types, unknown commands, and the widget's own messages: None."""
    assert host.read_command(json.dumps(data)) is None


@pytest.mark.parametrize("text", ["", "{", "undefined", "[1,", '{"type": "sudoku-lab:play"'])
def test_text_that_is_not_json_is_ignored(text: str) -> None:
    """What JSON.stringify cannot have made reads as no command, never an error."""
    assert host.read_command(text) is None


def test_a_report_names_the_step_the_kind_and_the_nodes() -> None:
    """The step report's exact shape, with ``start`` at step 0."""
    assert host.step_report(57, "reject", 9) == {
        "type": "sudoku-lab:step",
        "step": 57,
        "kind": "reject",
        "nodes": 9,
    }
    assert host.step_report(0, None, 0)["kind"] == host.START


def test_the_tag_knows_the_same_kinds_and_strategies() -> None:
    """embed.js accepts exactly the kinds a report can name, and offers the core's strategies."""
    kinds = [host.START, *dict.fromkeys(wire.KIND_NAMES.values())]
    assert sorted(js_list("KINDS")) == sorted(kinds)
    assert js_list("STRATEGIES") == list(STRATEGIES)


def test_the_widget_keeps_as_many_commands_as_python_does() -> None:
    """static/js/widget.js keeps ``host.KEPT`` commands before Python is ready, as the page
    keeps while it does one."""
    widget_js = (ROOT / "static" / "js" / "widget.js").read_text(encoding="utf-8")
    assert f"const KEPT_COMMANDS = {host.KEPT};" in widget_js
