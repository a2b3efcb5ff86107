"""What the Share panel gives a blogger: the iframe and ``<sudoku-lab>`` tag snippets; the
iframe's height from the widget's own, measured (section.py, ``size_snippet``).

Pure functions of the chosen controls, so CPython tests them as MicroPython runs them.
Runs on the app's page (MicroPython).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

FRAME_WIDTHS = (640, 360)
"""The widths (px) a widget is measured at for the iframe snippet: a frame 40rem wide
(the snippet's ``max-width``), and a phone's."""

SPARE = 0.05
"""Room to spare, of the widget's height measured: a reader's font a little larger."""

NARROW_BELOW = 700
"""A host page narrower than this (px) is taken to give the frame less than 40rem."""


def roomy(px: int) -> int:
    """``px`` and ``SPARE`` of it, rounded up to a multiple of 10."""
    return -(-int(px * (1 + SPARE)) // 10) * 10


def iframe_snippet(url: str, wide: int, narrow: int) -> str:
    """An ``<iframe>`` for ``url`` (the widget with its query), tall enough for the widget.

    ``wide`` and ``narrow`` are the widget's heights measured in a frame 40rem wide and in
    a phone's (``FRAME_WIDTHS``); the frame takes the first, or on a host page narrower
    than ``NARROW_BELOW`` px (a phone) the second, each with room to spare (``roomy``):
    CSS ``clamp`` picks one of the two, as the ``vw`` term is far below or far above both.
    A plain iframe cannot follow the widget's height (the tag snippet does): its height is
    an upper bound.
    """
    low, tall = roomy(wide), roomy(max(wide, narrow))
    height = f"clamp({low}px, ({NARROW_BELOW}px - 100vw) * 100, {tall}px)"
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
