"""Exports of a trace (sudoku.render, sudoku.gif): what they draw is what the trace says."""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import islice
from pathlib import Path

import pytest
import timeline
import wire
from support import EASY, HARD, LEETCODE, ROOT

from sudoku import gif, render
from sudoku.grid import cell_name
from sudoku.tracing import Event, replay, trace
from sudoku.words import AT_START, STRATEGIES, caption

NS = {"svg": "http://www.w3.org/2000/svg"}
CLASH = "55" + LEETCODE[2:]
"""Two 5s in row 1: a stuck event naming a peer, then exhausted."""


def parsed(text: str) -> ET.Element:
    """An SVG document's root, checked to be an SVG."""
    root = ET.fromstring(text)  # noqa: S314 (our own output)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def scene_groups(root: ET.Element) -> list[ET.Element]:
    """The ``g.scene`` of each step drawn."""
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "scene"]


def child_group(parent: ET.Element, name: str) -> ET.Element:
    """The one ``g`` under ``parent`` whose first class is ``name``."""
    found = [g for g in parent.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == name]
    assert len(found) == 1
    return found[0]


def drawn_board(group: ET.Element, cell: int) -> tuple[str, dict[str, str]]:
    """The digits a scene's board shows, as a grid (ghosts left out), and what its shaded
    cells are marked: ``{"r3c5": "cell blank now k-try ghost", ...}``."""
    board = child_group(group, "board")
    cells = ["."] * 81
    for digits in board.findall("svg:g", NS):
        kind = digits.get("class", "").split(" ")[1]
        if kind == "ghost":
            continue
        for text in digits.findall("svg:text", NS):
            col, row = int(text.get("x", "")) // cell, int(text.get("y", "")) // cell
            assert cells[row * 9 + col] == "."
            cells[row * 9 + col] = text.text or ""
    marks = {
        rect.get("data-cell", ""): rect.get("class", "")
        for rect in board.findall("svg:rect", NS)
        if rect.get("data-cell")
    }
    return "".join(cells), marks


def caption_of(group: ET.Element) -> str:
    """A scene's caption, its lines joined."""
    lines = child_group(group, "caption").findall("svg:text", NS)
    return " ".join(line.text or "" for line in lines)


def events_of(grid: str, strategy: str, count: int) -> list[Event]:
    """The first ``count`` events of a trace."""
    return list(islice(trace(grid, strategy), count))


def core_caption(events: list[Event], step: int) -> str:
    """The caption of ``step`` from the core's words, told by the counters alone."""
    if step == 0:
        return AT_START
    before = events[step - 2]["backtracks"] if step > 1 else 0
    return caption(events[step - 1], events[step - 1]["backtracks"] > before)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("grid", [LEETCODE, EASY, HARD, CLASH])
def test_a_step_shows_the_board_after_that_many_events(grid: str, strategy: str) -> None:
    """The digits drawn at step N are ``replay`` of the first N events; the caption is the
    core's for event N; the current cell, the peer and the unit are the event's."""
    events = events_of(grid, strategy, 400)
    for step in sorted({0, 1, 2, 5, 17, 64, 199, len(events)} & set(range(len(events) + 1))):
        group = scene_groups(parsed(render.svg(render.scene(grid, strategy, step))))[0]
        shown, marks = drawn_board(group, render.STEP.cell)
        assert shown == replay(grid, events[:step])
        assert caption_of(group) == core_caption(events, step)
        assert group.get("data-step") == str(step)
        if step == 0:
            assert not marks or all("now" not in mark for mark in marks.values())
            continue
        event = events[step - 1]
        now = [name for name, mark in marks.items() if " now k-" + event["kind"] in mark]
        assert now == ([event["cell"]] if "cell" in event else [])
        peers = [name for name, mark in marks.items() if " peer" in mark]
        assert peers == ([event["peer"]] if "peer" in event else [])
        units = sum(" unit" in mark for mark in marks.values())
        assert units == (9 if "unit" in event else 0)


def test_givens_guesses_and_forced_digits_are_drawn_apart() -> None:
    """Givens, guesses and forced digits sit in their own groups, each its own colour."""
    scene = render.scene(LEETCODE, "propagate", 30)
    group = scene_groups(parsed(render.svg(scene)))[0]
    board = child_group(group, "board")
    fills = {}
    for digits in board.findall("svg:g", NS):
        kind = digits.get("class", "").split(" ")[1]
        for text in digits.findall("svg:text", NS):
            col, row = int(text.get("x", "")) // 40, int(text.get("y", "")) // 40
            looked = scene.looks[row * 9 + col]
            assert looked == {"given": "g", "guess": "p", "forced": "f"}[kind]
        fills[kind] = digits.get("fill")
    assert {"given", "forced"} <= set(fills)
    assert len(set(fills.values())) == len(fills)
    guess = scenes_with(LEETCODE, "naive", "place")[0]
    kinds = {g.get("class") for g in child_group(svg_group(guess), "board").findall("svg:g", NS)}
    assert "digits guess" in kinds


def scenes_with(grid: str, strategy: str, kind: str) -> list[render.Scene]:
    """The scenes of the first 300 steps whose event is ``kind``."""
    return [s for s in render.scenes(grid, strategy, 0, 300) if s.kind == kind]


def svg_group(scene: render.Scene) -> ET.Element:
    """The ``g.scene`` of ``scene`` drawn alone."""
    return scene_groups(parsed(render.svg(scene)))[0]


def test_a_rejection_marks_the_cell_the_digit_and_the_peer() -> None:
    """At a reject, the current cell shows the digit tried (struck through) and the peer
    holding it is marked; the caption names both."""
    scene = scenes_with(LEETCODE, "naive", "reject")[0]
    group = svg_group(scene)
    _, marks = drawn_board(group, 40)
    cell, peer = cell_name(scene.cell), cell_name(scene.peer)
    assert "now k-reject ghost" in marks[cell]
    assert "peer" in marks[peer]
    ghost = child_group(group, "digits ghost").findall("svg:text", NS)
    assert [text.text for text in ghost] == [scene.digit]
    assert f"Reject {scene.digit} at {cell}: {peer} holds it" in caption_of(group)


def test_the_player_and_the_exports_caption_each_step_alike() -> None:
    """The page's caption (the wire's fields) and the export's (the core's event) are the
    same sentence at every step: forced undos and backtracks included."""
    for grid in (LEETCODE, HARD, CLASH):
        for strategy in STRATEGIES:
            last = [0, 0]
            shown = render.scenes(grid, strategy, 1, 1500)
            for event, scene in zip(trace(grid, strategy), shown, strict=False):
                fields = wire.fields(wire.encode(event, last).encode(), 0)
                assert timeline.caption(fields) == scene.caption


def test_text_is_escaped() -> None:
    """Markup in a caption or a name stays text: the document parses and says it as is."""
    odd = '<b>&amp; "quoted" & </b>'
    scene = render.scene(LEETCODE, "naive", 3)._replace(caption=odd, kind='"x"<')
    text = render.svg(scene)
    root = parsed(text)
    group = scene_groups(root)[0]
    assert caption_of(group) == odd
    assert group.get("data-kind") == '"x"<'
    assert "<b>" not in text


def test_an_svg_stands_alone() -> None:
    """Title, description, a viewBox of its size; no link, script, font or style sheet."""
    text = render.svg(render.scene(LEETCODE, "mrv", 9))
    root = parsed(text)
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None
    assert title.text == "Sudoku Lab: mrv search, step 9"
    assert desc is not None
    assert (desc.text or "").startswith(render.scene(LEETCODE, "mrv", 9).caption)
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    for banned in ("href", "url(", "<script", "<style", "@import", "<image", "<foreignObject"):
        assert banned not in text


def test_steps_past_the_end_show_the_last_step_once() -> None:
    """A step past the end is the last; a range past it ends with the last, once."""
    events = list(trace(LEETCODE, "propagate"))
    end = len(events)
    assert render.scene(LEETCODE, "propagate", end + 1000).step == end
    assert render.scene(LEETCODE, "propagate", 10**18).kind == "solved"
    assert end % 10
    steps = [s.step for s in render.scenes(LEETCODE, "propagate", 0, end + 50, 10)]
    assert steps == [*range(0, end + 1, 10), end]
    steps = [s.step for s in render.scenes(LEETCODE, "propagate", 0, end + 5, end)]
    assert steps == [0, end]
    assert [s.step for s in render.scenes(LEETCODE, "propagate", end + 5, end + 9)] == [end]
    assert [s.step for s in render.scenes(LEETCODE, "propagate", 0, 30, 7)] == [0, 7, 14, 21, 28]


def test_scenes_replay_the_trace_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A range of scenes is one pass over one trace, stopped at its last step."""
    pulled = []

    def counting(grid: str, strategy: str) -> object:
        for event in trace(grid, strategy):
            pulled.append(event["step"])
            yield event

    monkeypatch.setattr(render, "trace", counting)
    found = render.scenes(HARD, "naive", 100, 5000, 100)
    assert [s.step for s in found] == list(range(100, 5001, 100))
    assert pulled == list(range(5001))  # the one after the last tells it to stop


@pytest.mark.parametrize(
    ("first", "last", "every", "why"),
    [
        (5, 2, 1, "from low to high, got 5-2"),
        (-1, 3, 1, "from low to high"),
        (0, 3, 0, "every 0"),
        (0, 3, True, "whole numbers"),
        (0, 2.5, 1, "whole numbers"),
    ],
)
def test_a_bad_range_is_refused(first: int, last: int, every: int, why: str) -> None:
    """A range must go from low to high in whole steps, at least one at a time."""
    with pytest.raises(ValueError, match=why):
        render.scenes(LEETCODE, "naive", first, last, every)


def test_a_storyboard_labels_each_board_with_its_step_and_caption() -> None:
    """One ``g.scene`` a step, in order, each labelled ``Step N`` with the step's caption,
    its board the replayed one; two boards a row."""
    shown = render.scenes(LEETCODE, "naive", 0, 120, 24)
    root = parsed(render.storyboard(shown))
    groups = scene_groups(root)
    events = events_of(LEETCODE, "naive", 120)
    assert [g.get("data-step") for g in groups] == ["0", "24", "48", "72", "96", "120"]
    for group, scene in zip(groups, shown, strict=True):
        label = group.find("svg:text", NS)
        assert label is not None
        assert label.text == f"Step {scene.step}"
        assert caption_of(group) == core_caption(events, scene.step)
        assert drawn_board(group, render.BOARD.cell)[0] == replay(LEETCODE, events[: scene.step])
    places = [group.get("transform", "translate(0 0)") for group in groups]
    assert len(set(places)) == len(places)
    width = int(root.get("width", ""))
    panel = render.panel(shown[0], render.BOARD, "", 1)[1]
    assert width == 2 * panel


def test_a_storyboard_has_a_size_cap() -> None:
    """No steps, or more boards than the cap, are refused, naming the cap."""
    shown = render.scenes(LEETCODE, "naive", 0, render.MAX_BOARDS)
    assert len(shown) == render.MAX_BOARDS + 1
    with pytest.raises(ValueError, match=f"at most {render.MAX_BOARDS} boards"):
        render.storyboard(shown)
    with pytest.raises(ValueError, match="at least one step"):
        render.storyboard([])
    assert len(scene_groups(parsed(render.storyboard(shown[:-1])))) == render.MAX_BOARDS


def test_nothing_imports_pillow_until_a_gif_is_made() -> None:
    """The core, the GIF module and the CLI load without PIL; only making a GIF needs it."""
    probe = (
        "import sys, sudoku.render, sudoku.gif, sudoku.cli; "
        "print(any(m.split('.')[0] == 'PIL' for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_gif_without_pillow_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Pillow, one sentence naming the extra to install."""
    for name in [name for name in sys.modules if name.split(".")[0] == "PIL"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(ImportError, match=r"GIF needs Pillow: pip install 'sudoku-lab\[render\]'"):
        gif.gif(render.scenes(LEETCODE, "naive", 0, 3))


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a pixel."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_a_gif_has_a_frame_a_step_drawn_as_the_svg() -> None:
    """One frame a scene, all of the step panel's size, looping; in each frame the current
    cell is the player's yellow, the peer red, and the others keep their colours."""
    from PIL import Image

    shown = render.scenes(LEETCODE, "naive", 0, 40, 2)
    data = gif.gif(shown, delay=250)
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    assert image.n_frames == len(shown)
    shapes, width, height = render.step_panel(shown[0], 2)
    assert image.size == (width, height)
    assert image.info["loop"] == 0
    assert image.info["duration"] == 250
    origin = next(shape for shape in shapes if shape[0] == "group" and shape[3] == "board")
    x0, y0 = origin[1], origin[2]

    def corner(cell: int) -> tuple[int, int, int]:
        """The pixel just inside the edge of a cell's top left corner."""
        x, y = x0 + cell % 9 * 40 + 5, y0 + cell // 9 * 40 + 5
        pixel = image.convert("RGB").getpixel((x, y))
        assert isinstance(pixel, tuple)
        return pixel[0], pixel[1], pixel[2]

    for number, scene in enumerate(shown):
        image.seek(number)
        if scene.cell >= 0:
            assert corner(scene.cell) == rgb(render.COLOURS["now"])
        if scene.peer >= 0:
            assert corner(scene.peer) == rgb(render.COLOURS["peer-bg"])
        for cell in range(0, 81, 4):
            fill = render.cell_look(scene, cell, 40)[0] or render.COLOURS["surface"]
            assert corner(cell) == rgb(fill)
    assert any(scene.peer >= 0 for scene in shown)


def test_a_gif_has_a_frame_cap() -> None:
    """More frames than the cap are refused before anything is drawn."""
    too_many = [render.scene(LEETCODE, "naive", 0)] * (render.MAX_FRAMES + 1)
    with pytest.raises(ValueError, match=f"at most {render.MAX_FRAMES} frames"):
        gif.gif(too_many)


def test_the_docs_pictures_are_what_their_commands_make(tmp_path: Path) -> None:
    """docs/embedding.md shows step-example.svg and storyboard-example.svg beside the
    commands that make them: run now, the commands make the committed files."""
    from sudoku.cli import main

    docs = ROOT / "docs"
    text = (docs / "embedding.md").read_text(encoding="utf-8")
    block = text.split("<!-- render-examples:", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    puzzle = block.split("PUZZLE=", 1)[1].split("\n", 1)[0]
    made = []
    for line in block.splitlines():
        if line.startswith("sudoku render") and "--output docs/" in line:
            argv = line.replace("$PUZZLE", puzzle).split()[1:]
            name = Path(argv[-1]).name
            assert main([*argv[:-1], str(tmp_path / name)]) == 0
            assert (tmp_path / name).read_bytes() == (docs / name).read_bytes()
            assert f"]({name})" in text
            made.append(name)
    assert made == ["step-example.svg", "storyboard-example.svg"]


@pytest.mark.parametrize(
    ("first", "last", "every"), [(0, 30, 7), (500, 2_600, 700), (79_400, 90_000, 9)]
)
def test_filming_yields_the_scenes_and_where_it_is_between_them(
    first: int, last: int, every: int
) -> None:
    """``filming`` takes the same scenes as ``scenes`` (past the end too), and with a chunk
    says the step reached every ``chunk`` events between two scenes, in order: a caller can
    stop between any two yields."""
    shots = list(render.filming(LEETCODE, "naive", (first, last, every), 250))
    taken = [shot for shot in shots if not isinstance(shot, int)]
    assert taken == render.scenes(LEETCODE, "naive", first, last, every)
    steps = [shot if isinstance(shot, int) else shot.step for shot in shots]
    assert steps == sorted(steps)
    reached = [shot for shot in shots if isinstance(shot, int)]
    assert all(step % 250 == 0 for step in reached)
    assert len(reached) >= min(last, 79_462) // 250 - len(taken)
    with pytest.raises(ValueError, match="from low to high"):
        render.filming(LEETCODE, "naive", (5, 4, 1))
