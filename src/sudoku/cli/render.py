"""``sudoku render``: the search at a step as SVG, or a range of steps as an SVG storyboard
or an animated GIF, for pages that allow no iframe (a post, a feed, a README).

``--step N`` is the board after the trace's first N events (0: the puzzle; a step past the
end is the last step), with the event just played marked and its caption. With ``--steps
A-B`` (and ``--every K``: steps A, A+K, ... up to B) a storyboard, every step a small board
labelled with its number and caption, two a row. ``--format gif`` writes an animated GIF
of the steps (``--delay`` ms a frame, looping), which needs Pillow (``pip install
'sudoku-lab[render]'``). A storyboard shows at most 60 boards and a GIF 500 frames: a
longer range is refused before any work, naming the ``--every`` that fits. Output goes to
stdout (a GIF only when stdout is not a terminal) or ``--output FILE``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sudoku import gif
from sudoku.cli.arguments import (
    PUZZLE_HELP,
    Commands,
    UsageError,
    delay,
    positive,
    step_number,
    step_range,
)
from sudoku.cli.inputs import one_puzzle
from sudoku.formats import parse
from sudoku.render import FRAME_MS, MAX_BOARDS, MAX_FRAMES, scenes, storyboard, svg
from sudoku.words import STRATEGIES, grouped


def add(commands: Commands) -> None:
    """Add ``render`` to the commands."""
    command = commands.add_parser(
        "render",
        help="a step as SVG, steps as an SVG storyboard or an animated GIF",
        description="Draw the search at a step, or over a range of steps, for pages that "
        "allow no iframe. Step N is the board after N events (0: the puzzle; past the "
        "end: the last step).",
    )
    command.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    command.add_argument(
        "--strategy", choices=STRATEGIES, default=STRATEGIES[0], help="default naive"
    )
    steps = command.add_mutually_exclusive_group(required=True)
    steps.add_argument("--step", type=step_number, metavar="N", help="one step")
    steps.add_argument(
        "--steps", type=step_range, metavar="A-B", help="steps A to B: a storyboard, or a GIF"
    )
    command.add_argument(
        "--every", type=positive, metavar="K", help="with --steps: every K-th step (default 1)"
    )
    command.add_argument("--format", choices=("svg", "gif"), default="svg", help="default svg")
    command.add_argument("--output", type=Path, metavar="FILE", help="default stdout")
    command.add_argument(
        "--delay", type=delay, metavar="MS", help=f"GIF: ms a frame (default {FRAME_MS})"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write a step as SVG, or steps as an SVG storyboard or an animated GIF."""
    first, last = args.steps or (args.step, args.step)
    every: int = args.every or 1
    making_gif = args.format == "gif"
    if args.every and args.steps is None:
        raise UsageError("--every needs --steps A-B")
    if args.delay and not making_gif:
        raise UsageError("--delay is for --format gif")
    cap, things, holder = (
        (MAX_FRAMES, "frames", "a GIF holds")
        if making_gif
        else (MAX_BOARDS, "boards", "a storyboard shows")
    )
    count = (last - first) // every + 1
    if count > cap:
        fits = -(-(last - first + 1) // cap)
        raise UsageError(
            f"steps {first}-{last} make {grouped(count)} {things}, more than the {cap} "
            f"{holder}: use --every {grouped(fits)} or more, or fewer steps"
        )
    if making_gif and args.output is None and sys.stdout.isatty():
        raise UsageError("a GIF is not written to a terminal: use --output FILE, or a pipe")
    if making_gif:
        try:
            gif.pillow()
        except ImportError as error:
            raise UsageError(str(error)) from None
    shown = scenes(parse(one_puzzle(args)), args.strategy, first, last, every)
    if making_gif:
        write_output(args.output, gif.gif(shown, args.delay or FRAME_MS))
    else:
        write_output(args.output, (storyboard(shown) if args.steps else svg(shown[0])).encode())
    return 0


def write_output(path: Path | None, data: bytes) -> None:
    """``data`` to the file at ``path``, or to stdout; a file that cannot be written is a
    one-line UsageError."""
    if path is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        path.write_bytes(data)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None
