"""sudoku render: a step as SVG, a storyboard, a GIF; caps and one-line errors."""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support import LEETCODE

from cli.kit import (
    LEETCODE_GRID,
    TYPO,
    run,
)
from sudoku import render
from sudoku.cli import main
from sudoku.tracing import trace


def svg_root(text: str) -> ET.Element:
    """An SVG document's root element."""
    root = ET.fromstring(text)  # noqa: S314 (our own output)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_render_writes_a_step_as_svg(capsys: pytest.CaptureFixture[str]) -> None:
    """render --step N prints the core's SVG of step N; mrv's search as asked."""
    code, out, err = run(capsys, "render", LEETCODE, "--strategy", "mrv", "--step", "9")
    assert (code, err) == (0, "")
    assert out == render.svg(render.scene(LEETCODE, "mrv", 9))
    assert svg_root(out).findtext("{http://www.w3.org/2000/svg}title") == (
        "Sudoku Lab: mrv search, step 9"
    )


def test_render_reads_stdin_and_clamps_a_step_past_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without PUZZLE, render reads stdin; a step past the end shows the last step."""
    monkeypatch.setattr("sys.stdin", io.StringIO(LEETCODE_GRID))
    code, out, err = run(capsys, "render", "--strategy", "propagate", "--step", "1" + "0" * 18)
    assert (code, err) == (0, "")
    end = len(list(trace(LEETCODE, "propagate")))
    assert f'data-step="{end}" data-kind="solved"' in out


def test_render_steps_as_svg_is_a_storyboard(capsys: pytest.CaptureFixture[str]) -> None:
    """--steps A-B --every K with SVG: one storyboard of steps A, A+K, ... up to B."""
    code, out, err = run(capsys, "render", LEETCODE, "--steps", "3-70", "--every", "20")
    assert (code, err) == (0, "")
    assert out == render.storyboard(render.scenes(LEETCODE, "naive", 3, 70, 20))
    assert out.count('class="scene"') == 4


def test_render_gif_to_a_pipe_and_to_a_file(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    """--format gif writes GIF bytes to stdout (not a terminal) or to --output, with
    --delay ms a frame; --output leaves stdout empty."""
    from PIL import Image

    code = main(["render", LEETCODE, "--steps", "0-9", "--format", "gif"])
    out, err = capsysbinary.readouterr()
    assert (code, err) == (0, b"")
    image = Image.open(io.BytesIO(out))
    assert (image.format, image.n_frames, image.info["duration"]) == ("GIF", 10, 400)
    path = tmp_path / "steps.gif"
    argv = ["render", LEETCODE, "--steps", "0-9", "--every", "3", "--format", "gif"]
    code = main([*argv, "--delay", "120", "--output", str(path)])
    assert (code, capsysbinary.readouterr()) == (0, (b"", b""))
    with Image.open(path) as image:
        assert (image.n_frames, image.info["duration"]) == (4, 120)


def test_render_svg_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--output FILE gets the SVG, stdout nothing."""
    path = tmp_path / "step.svg"
    assert run(capsys, "render", LEETCODE, "--step", "4", "--output", str(path)) == (0, "", "")
    assert path.read_text(encoding="utf-8") == render.svg(render.scene(LEETCODE, "naive", 4))


def test_render_gif_is_not_written_to_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIF bytes on a terminal would garble it: one line saying what to do, exit 2."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, out, err = run(capsys, "render", LEETCODE, "--step", "1", "--format", "gif")
    assert (code, out) == (2, "")
    assert err == "sudoku: a GIF is not written to a terminal: use --output FILE, or a pipe\n"


def test_render_gif_without_pillow_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Pillow: ``sudoku: GIF needs Pillow: pip install 'sudoku-lab[render]'``, exit 2."""
    for name in [name for name in sys.modules if name.split(".")[0] == "PIL"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "PIL", None)
    code, out, err = run(capsys, "render", LEETCODE, "--steps", "0-3", "--format", "gif")
    assert (code, out) == (2, "")
    assert err == "sudoku: GIF needs Pillow: pip install 'sudoku-lab[render]'\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--steps", "5-2"], "argument --steps: expected steps from low to high, found '5-2'"),
        (["--steps", "7"], "argument --steps: expected steps A-B, whole numbers from 0"),
        (["--steps", "1-x"], "argument --steps: expected steps A-B"),
        (["--steps=-1-3"], "argument --steps: expected steps A-B"),
        (["--step", "-1"], "argument --step: expected a whole number from 0 to"),
        (["--steps", "0-9", "--every", "0"], "argument --every: expected a whole number"),
        (["--step", "3", "--steps", "0-9"], "argument --steps: not allowed with argument --step"),
        ([], "one of the arguments --step --steps is required"),
        (["--step", "3", "--every", "2"], "--every needs --steps A-B"),
        (["--step", "3", "--delay", "100"], "--delay is for --format gif"),
        (
            ["--step", "3", "--format", "gif", "--delay", "5"],
            "argument --delay: expected milliseconds from 20",
        ),
        (["--step", "3", "--format", "png"], "argument --format: invalid choice: 'png'"),
        (
            ["--steps", "0-60"],
            (
                "steps 0-60 make 61 boards, more than the 60 a storyboard shows: "
                "use --every 2 or more, or fewer steps"
            ),
        ),
        (
            ["--steps", "100-1000", "--every", "3"],
            (
                "steps 100-1000 make 301 boards, more than the 60 a storyboard shows: "
                "use --every 16 or more, or fewer steps"
            ),
        ),
        (
            ["--steps", "10-5009", "--every", "2", "--format", "gif"],
            (
                "steps 10-5009 make 2,500 frames, more than the 500 a GIF holds: "
                "use --every 10 or more, or fewer steps"
            ),
        ),
    ],
)
def test_render_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """Each bad range, number or mix of options: one line naming it on stderr, exit 2."""
    code, out, err = run(capsys, "render", LEETCODE, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"sudoku: {message}")
    assert err.count("\n") == 1


def test_render_unwritable_output_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that cannot be written: one line naming it and why, exit 2."""
    path = tmp_path / "missing" / "step.svg"
    code, out, err = run(capsys, "render", LEETCODE, "--step", "1", "--output", str(path))
    assert (code, out) == (2, "")
    assert err == f"sudoku: cannot write {path}: No such file or directory\n"


def test_render_bad_puzzle_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """An unreadable puzzle is the same one line as for the other commands."""
    assert run(capsys, "render", TYPO, "--step", "1") == (
        2,
        "",
        "sudoku: r3c5: 'x' is not a digit\n",
    )
