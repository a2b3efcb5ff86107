"""Animated GIFs of a trace (``sudoku render --format gif``): Pillow draws ``render``'s shapes.

Each frame is ``render.step_panel`` of one scene, the very shapes ``render.svg`` writes,
drawn with Pillow's ``ImageDraw`` in its default font (``ImageFont.load_default``): the
GIF shows what the SVG shows. Every frame has one palette, the player's colours and the
shades between its inks and its backgrounds, so flat colours stay exact and text stays
smooth; Pillow's GIF writer does the encoding.

CPython only, and Pillow is optional (``pip install 'sudoku-lab[render]'``): it is imported
when a GIF is made, never when this module is, so ``import sudoku.gif`` costs nothing
without it, and ``gif`` says in one line how to get it.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from sudoku.render import COLOURS, FRAME_MS, MAX_FRAMES, STEP, caption_lines, step_panel

if TYPE_CHECKING:
    from collections.abc import Callable

    from sudoku.render import Scene, Shape

PILLOW_MISSING = "GIF needs Pillow: pip install 'sudoku-lab[render]'"
"""Why a GIF cannot be made without Pillow, and how to get it."""

INKS = (
    "text",
    "muted",
    "line",
    "box-line",
    "given",
    "guess",
    "forced",
    "now-line",
    "reject",
    "undo",
)
GROUNDS = ("page", "surface", "now", "peer-bg", "unit-bg", "forced-bg")
"""The colours drawn on (inks) and drawn over (grounds): the palette holds the shades
between each pair, for the edges of smooth text."""


def pillow() -> Any:
    """Pillow's ``PIL`` package, with ``Image``, ``ImageDraw`` and ``ImageFont`` loaded;
    ImportError with ``PILLOW_MISSING`` when it is not installed."""
    try:
        import PIL.Image  # noqa: PLC0415  (optional: only a GIF needs it)
        import PIL.ImageDraw  # noqa: PLC0415
        import PIL.ImageFont  # noqa: PLC0415
    except ImportError:
        raise ImportError(PILLOW_MISSING) from None
    return PIL


def gif(scenes: list[Scene], delay: int = FRAME_MS) -> bytes:
    """``scenes`` as an animated GIF, each shown ``delay`` milliseconds, looping forever.

    ValueError for no scene or more than ``MAX_FRAMES``; ImportError (``PILLOW_MISSING``)
    without Pillow."""
    if not scenes:
        raise ValueError("a GIF needs at least one step")
    if len(scenes) > MAX_FRAMES:
        raise ValueError(f"a GIF holds at most {MAX_FRAMES} frames, got {len(scenes)}")
    pil = pillow()
    lines = max(2, *(len(caption_lines(scene, STEP)) for scene in scenes))
    palette = palette_image(pil)
    fonts: dict[int, Any] = {}
    frames = []
    for scene in scenes:
        shapes, width, height = step_panel(scene, lines)
        image = pil.Image.new("RGB", (width, height), COLOURS["page"])
        draw_all(pil.ImageDraw.Draw(image), shapes, 0, 0, lambda size: font(pil, fonts, size))
        frames.append(image.quantize(palette=palette, dither=pil.Image.Dither.NONE))
    out = io.BytesIO()
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=delay, loop=0
    )
    return out.getvalue()


def font(pil: Any, fonts: dict[int, Any], size: int) -> Any:
    """Pillow's default font at ``size`` pixels, loaded once."""
    if size not in fonts:
        fonts[size] = pil.ImageFont.load_default(size=size)
    return fonts[size]


def palette_image(pil: Any) -> Any:
    """A palette image of the player's colours, and three shades between each ink and each
    ground (at most 256 colours: a GIF's)."""
    colours = [rgb(value) for value in COLOURS.values()]
    colours += [
        shade(rgb(COLOURS[ink]), rgb(COLOURS[ground]), part)
        for ink in INKS
        for ground in GROUNDS
        for part in (1, 2, 3)
    ]
    unique = list(dict.fromkeys(colours))[:256]
    image = pil.Image.new("P", (1, 1))
    flat = [channel for colour in unique for channel in colour]
    image.putpalette(flat + flat[:3] * (256 - len(unique)))
    return image


def shade(ink: tuple[int, ...], ground: tuple[int, ...], part: int) -> tuple[int, ...]:
    """``part`` quarters of ``ink`` over ``ground``."""
    return tuple((a * part + b * (4 - part)) // 4 for a, b in zip(ink, ground, strict=True))


def rgb(colour: str) -> tuple[int, ...]:
    """``#rrggbb`` as three numbers."""
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def draw_all(draw: Any, shapes: list[Shape], dx: int, dy: int, sized: Callable[[int], Any]) -> None:
    """Draw ``shapes`` moved by (``dx``, ``dy``) as ``render.write`` writes them in SVG."""
    for shape in shapes:
        kind = shape[0]
        if kind == "group":
            draw_all(draw, shape[5], dx + shape[1], dy + shape[2], sized)
        elif kind == "rect":
            x, y, width, height, fill, stroke, line = shape[1:8]
            box = (dx + x, dy + y, dx + x + width - 1, dy + y + height - 1)
            if fill:
                draw.rectangle(box, fill=fill)
            if stroke:
                draw.rectangle(box, outline=stroke, width=line)
        elif kind == "line":
            x1, y1, x2, y2, stroke, width = shape[1:]
            draw.line((dx + x1, dy + y1, dx + x2, dy + y2), fill=stroke, width=width)
        else:
            x, y, text, size, fill, bold, anchor = shape[1:]
            where = "ms" if anchor == "middle" else "ls"
            for shift in (0, 1) if bold else (0,):
                xy = (dx + x + shift, dy + y)
                draw.text(xy, text, fill=fill, font=sized(size), anchor=where)
