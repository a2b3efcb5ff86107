"""What the Share panel gives a blogger: the iframe and ``<sudoku-lab>`` tag snippets, and
the frame heights they carry (measured per part of the widget, see ``FRAME_WIDE``).

Pure functions of the chosen controls, so CPython tests them as MicroPython runs them.
Runs on the app's page (MicroPython).
"""

from options import CONTROLS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

FRAME_WIDE = {
    "base": 454,
    "strategy": 35,
    "transport": 39,
    "views": 45,
    "scrub": 60,
    "speed": 60,
    "legend": 129,
    "compare": 78,
}
"""Pixels each part adds to the widget in a frame 40rem (640 px) wide, where the board
column (the parts above) sits beside the counters column (``FRAME_RIGHT``). Measured in
Chromium (tests/e2e/test_share_snippet.py holds the sums to the real widget)."""


FRAME_RIGHT = {"counters": 127, "depth": 113, "code": 368}
"""The counters column's parts in a 40rem frame; it adds height only where it outgrows
the board column (``FRAME_BOARD_COLUMN`` plus that column's parts)."""


FRAME_BOARD_COLUMN = 395
"""The board and its caption, in a 40rem frame."""


FRAME_NARROW = {
    "base": 538,
    "strategy": 63,
    "transport": 39,
    "views": 45,
    "scrub": 60,
    "speed": 60,
    "legend": 129,
    "counters": 127,
    "depth": 112,
    "code": 368,
    "compare": 78,
}
"""Pixels each part adds in a frame narrower than 640 px (one column; the most measured
from 360 to 639 px: at 320 the code wraps to more lines, which the other parts' room
to spare still covers)."""


FRAME_MARGIN = 16
"""Room to spare: a font a little larger than Chromium's, a longer caption."""


NARROW_BELOW = 700
"""A host page narrower than this (px) is taken to give the frame less than 40rem."""


def frame_parts(controls: tuple[str, ...]) -> list[str]:
    """The sized parts a widget with ``controls`` shows (play and step share one row, the
    candidates and tree buttons another)."""
    parts = [name for name in controls if name not in ("play", "step", "candidates", "tree")]
    if "play" in controls or "step" in controls:
        parts.append("transport")
    if "candidates" in controls or "tree" in controls:
        parts.append("views")
    return parts


def frame_heights(controls: tuple[str, ...] = CONTROLS) -> tuple[int, int]:
    """The widget's height in px with ``controls`` shown: in a 40rem frame, in a narrow one.

    The compare table that appears once Compare is pressed is not counted (the frame
    scrolls then): the iframe is sized for what a reader sees first.
    """
    parts = frame_parts(controls)
    left = sum(FRAME_WIDE.get(name, 0) for name in parts if name not in ("strategy", "compare"))
    right = sum(FRAME_RIGHT.get(name, 0) for name in parts)
    wide = FRAME_WIDE["base"] + max(left, right - FRAME_BOARD_COLUMN)
    wide += sum(FRAME_WIDE[name] for name in parts if name in ("strategy", "compare"))
    narrow = FRAME_NARROW["base"] + sum(FRAME_NARROW.get(name, 0) for name in parts)
    return round_up(wide + FRAME_MARGIN), round_up(narrow + FRAME_MARGIN)


def round_up(px: int) -> int:
    """``px`` rounded up to a multiple of 10."""
    return -(-px // 10) * 10


def iframe_snippet(url: str, controls: tuple[str, ...] = CONTROLS) -> str:
    """An ``<iframe>`` for ``url`` (the widget with its query), tall enough for the widget.

    Its height is the widget's with ``controls`` shown: the 40rem frame's, or on a host
    page narrower than ``NARROW_BELOW`` px (a phone) the one-column widget's; CSS
    ``clamp`` picks one of the two, as the ``vw`` term is far below or far above both.
    """
    wide, narrow = frame_heights(controls)
    tall = max(wide, narrow)
    height = f"clamp({wide}px, ({NARROW_BELOW}px - 100vw) * 100, {tall}px)"
    return (
        f'<iframe src="{url}" title="Sudoku Lab: backtracking, step by step" '
        f'style="width:100%;max-width:40rem;height:{height};border:0" loading="lazy"></iframe>'
    )


def tag_snippet(
    script_url: str,
    grid: str,
    strategy: str,
    board_text: str,
    extra: "Iterable[tuple[str, str]]" = (),
) -> str:
    """The ``<sudoku-lab>`` tag (and its script), with ``board_text`` (the grid as plain
    text art: ``sudoku.formats.to_pretty``) for readers without JS; ``extra`` settings
    (name, value: plain words and numbers) become attributes too."""
    attributes = "".join(f' {name}="{value}"' for name, value in extra)
    return (
        f'<script src="{script_url}" defer></script>\n'
        f'<sudoku-lab puzzle="{grid}" strategy="{strategy}"{attributes}>\n'
        f"<pre>{board_text}</pre>\n"
        "</sudoku-lab>"
    )
