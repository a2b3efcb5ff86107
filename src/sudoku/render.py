"""Pictures of a trace for pages that allow no iframe: a step as SVG, a storyboard of steps.

``scene(grid, strategy, step)`` is what the player shows at ``step`` (its ``step=N``): the
board as after the trace's first ``step`` events (step 0 is the puzzle), the event just
played and its caption. ``scenes`` gives a range of them in one pass over the trace. A
step past the end of the trace is its last step (the range's steps past the end give it
once). ``svg(scene)`` draws one as a standalone SVG, ``storyboard(scenes)`` many in one
SVG, two boards a row, each labelled with its step and caption: two keep each board wide
enough to read in a phone's column. The animated GIF is ``sudoku.gif``'s (Pillow, CPython
only), drawn from the same shapes (``panel``).

The look is the player's light theme (``static/css/player.css``): givens dark and bold,
guesses blue, forced digits purple on lilac; the current cell yellow, the peer that
rejects red, the unit an event names shaded; the digit tried (or taken back) shown in a
blank current cell, struck through when rejected or undone.

The SVG needs nothing else: no fonts, no links, no script, no style sheet (colours are
attributes), text escaped. Its parts are marked for scripts and tests: each step is a
``g.scene`` with ``data-step`` and ``data-kind``, its board a ``g.board``, each shaded
cell a ``rect.cell`` with ``data-cell`` (``now k-<kind>``, ``peer``, ``unit``, ``forced``),
digits in ``g.digits`` (``given``, ``guess``, ``forced``; ``ghost`` the digit tried), and
the caption's lines in ``g.caption``.

Pure Python that runs in MicroPython too: integers for every coordinate, so both
interpreters write the same text.
"""

from __future__ import annotations

from collections import namedtuple

from sudoku.grid import BLANK, UNITS, cell_name
from sudoku.tracing import CELL_OF, UNIT_NAMES, apply, trace
from sudoku.words import AT_START, caption, counted, grouped, step_label, step_title

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, NamedTuple

    from sudoku.grid import Grid
    from sudoku.tracing import Event

    Shape = tuple[Any, ...]
    """``("rect", x, y, w, h, fill, stroke, width, classes, cell)``, ``("line", x1, y1, x2,
    y2, stroke, width)``, ``("text", x, y, text, size, fill, bold, anchor)`` or ``("group",
    x, y, classes, data, shapes)``: what ``svg`` writes and ``sudoku.gif`` draws."""

    class Scene(NamedTuple):
        """What the player shows at one step of a trace (see ``scene``)."""

        strategy: str
        step: int
        grid: Grid
        looks: str
        kind: str
        cell: int
        digit: str
        peer: int
        unit: int
        caption: str
        nodes: int
        backtracks: int
        depth: int

else:
    Scene = namedtuple(
        "Scene",
        [
            "strategy",
            "step",
            "grid",
            "looks",
            "kind",
            "cell",
            "digit",
            "peer",
            "unit",
            "caption",
            "nodes",
            "backtracks",
            "depth",
        ],
    )
"""A step of a trace: ``strategy``; ``step`` (events played); ``grid``, the board then;
``looks``, one letter a cell: ``g`` a given, ``p`` a guess placed, ``f`` a forced digit,
``.`` a blank; the event just played: ``kind`` ("" at step 0), its ``cell``, ``peer`` and
``unit`` as indexes (-1: none) and the ``digit`` it names; its ``caption``; the counters
``nodes``, ``backtracks`` and ``depth`` after it."""

MAX_BOARDS = 60
"""The most boards a storyboard draws: 30 rows of two, already a long page in a post."""
MAX_FRAMES = 500
"""The most frames an animated GIF holds (``sudoku.gif``)."""
FRAME_MS = 400
"""Milliseconds each frame of an animated GIF shows, unless told (``sudoku render
--delay``; the page's GIF, made in JavaScript, is told by the worker)."""

COLOURS = {
    "page": "#f5f6fa",
    "surface": "#ffffff",
    "text": "#1b1f2a",
    "muted": "#5b6478",
    "line": "#c9cfdc",
    "box-line": "#2b3245",
    "given": "#1b1f2a",
    "guess": "#2348b8",
    "forced": "#7a3db8",
    "forced-bg": "#f1e8fb",
    "now": "#ffe9a8",
    "now-line": "#d08a00",
    "reject": "#c62828",
    "peer-bg": "#fde1e1",
    "unit-bg": "#eef1f8",
    "undo": "#8a5a00",
}
"""The player's light theme (``--pl-*`` in ``static/css/player.css``)."""

FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
"""The player's fonts, the reader's own: an SVG that names a font loads nothing."""

LOOK_NAMES = {"g": "given", "p": "guess", "f": "forced", BLANK: "blank"}
"""Each letter of a scene's ``looks`` as its cell's class (and, for a digit, its colour)."""

GHOSTS = ("try", "reject", "undo")
"""Kinds whose digit shows in a blank current cell (the player's ``marks_for``)."""


# -- scenes ---------------------------------------------------------------------------------


def scene(grid: Grid, strategy: str, step: int) -> Scene:
    """What the player shows at ``step`` of ``grid``'s trace by ``strategy``: the board as
    after the first ``step`` events (0: the puzzle; past the end: the last step)."""
    return scenes(grid, strategy, step, step)[0]


def scenes(grid: Grid, strategy: str, first: int, last: int, every: int = 1) -> list[Scene]:
    """The scenes at steps ``first``, ``first + every``, ... up to ``last``, in one pass over
    the trace. Steps past its end give its last step, once. ValueError for a bad grid or
    strategy (``trace``'s), or a range that is not ``0 <= first <= last``, ``every >= 1``.
    """
    shots = filming(grid, strategy, (first, last, every))
    return [shot for shot in shots if not isinstance(shot, int)]


def filming(
    grid: Grid, strategy: str, steps: tuple[int, int, int], chunk: int = 0
) -> Iterator[Scene | int]:
    """``scenes`` of ``steps`` (first, last, every), each as the pass takes it, for a
    caller that must be able to stop: with ``chunk``, also the step reached (an int)
    after every ``chunk`` events that took no scene (a range far into a long search is
    millions of events away). ValueError as ``scenes``, before anything is yielded."""
    check_range(*steps)
    return roll(trace(grid, strategy), Replay(grid, strategy), steps, chunk)


def roll(
    events: Iterator[Event], state: Replay, steps: tuple[int, int, int], chunk: int
) -> Iterator[Scene | int]:
    """``filming``'s pass over ``events`` from ``state``."""
    first, last, every = steps
    taken = -1
    if first == 0:
        taken = 0
        yield state.scene()
    for event in events:
        if state.step == last:
            break
        state.play(event)
        if state.step >= first and (state.step - first) % every == 0:
            taken = state.step
            yield state.scene()
        elif chunk and state.step % chunk == 0:
            yield state.step
    wanted_last = first + (last - first) // every * every
    if state.step < wanted_last and taken != state.step:
        yield state.scene()  # the trace ended before the range did


def check_range(first: int, last: int, every: int) -> None:
    """ValueError unless ``0 <= first <= last`` and ``every >= 1``, all whole numbers."""
    for value in (first, last, every):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError("expected whole numbers of steps, got " + repr(value))
    if not 0 <= first <= last:
        raise ValueError(f"expected a range of steps from low to high, got {first}-{last}")
    if every < 1:
        raise ValueError(f"expected to show every 1st step or fewer, got every {every}")


UNIT_OF_NAME = {name: unit for unit, name in enumerate(UNIT_NAMES)}
"""``row 3`` -> 2: the unit an event names."""

LOOK_OF_KIND = {"place": "p", "force": "f", "undo": BLANK}
"""How an event that writes a cell changes its look."""


class Replay:
    """A trace played forward: the cells and their looks, the step and the event just
    played, and whether it took a guess back (its ``backtracks`` grew)."""

    def __init__(self, grid: Grid, strategy: str) -> None:
        self.strategy = strategy
        self.cells = list(grid)
        self.looks = ["g" if value != BLANK else BLANK for value in grid]
        self.step = 0
        self.event: Event | None = None
        self.backtracks = 0
        self.backtrack = False

    def play(self, event: Event) -> None:
        """Play the next event."""
        apply(self.cells, event)
        look = LOOK_OF_KIND.get(event["kind"])
        if look is not None:
            self.looks[CELL_OF[event["cell"]]] = look
        self.backtrack = event["backtracks"] > self.backtracks
        self.backtracks = event["backtracks"]
        self.event = event
        self.step += 1

    def scene(self) -> Scene:
        """What the player shows now."""
        event = self.event
        grid, looks = "".join(self.cells), "".join(self.looks)
        if event is None:
            return Scene(self.strategy, 0, grid, looks, "", -1, "", -1, -1, AT_START, 0, 0, 0)
        return Scene(
            self.strategy,
            self.step,
            grid,
            looks,
            event["kind"],
            CELL_OF.get(event.get("cell", ""), -1),
            event.get("digit", ""),
            CELL_OF.get(event.get("peer", ""), -1),
            UNIT_OF_NAME.get(event.get("unit", ""), -1),
            caption(event, self.backtrack),
            event["nodes"],
            event["backtracks"],
            event["depth"],
        )


# -- shapes ---------------------------------------------------------------------------------


def scaled(pixels: int, cell: int) -> int:
    """A width of ``pixels`` at the player's 40-pixel cell, for cells of ``cell`` pixels."""
    return max(1, (pixels * cell + 20) // 40)


def cell_look(scene: Scene, i: int, cell: int) -> tuple[str, str, int, str, str, str]:
    """How cell ``i`` looks: its fill and edge ("" for none), the edge's width, its text,
    the text's colour, and its classes (see the module's docstring)."""
    look = scene.looks[i]
    text = "" if scene.grid[i] == BLANK else scene.grid[i]
    classes = LOOK_NAMES[look]
    fill = COLOURS["forced-bg"] if look == "f" else ""
    ink = COLOURS[classes] if look != BLANK else COLOURS["guess"]
    edge, width = "", scaled(2, cell)
    if scene.unit >= 0 and i in UNITS[scene.unit]:
        fill, classes = COLOURS["unit-bg"], classes + " unit"
    if i == scene.peer:
        fill, edge, ink, classes = (
            COLOURS["peer-bg"],
            COLOURS["reject"],
            COLOURS["reject"],
            (classes + " peer"),
        )
    if i == scene.cell:
        kind = scene.kind
        fill, edge, classes = COLOURS["now"], COLOURS["now-line"], classes + " now k-" + kind
        if not text and kind in GHOSTS:
            text, classes = scene.digit, classes + " ghost"
        if kind == "try":
            ink = COLOURS["muted"]
        elif kind == "reject":
            ink = edge = COLOURS["reject"]
        elif kind == "undo":
            ink = COLOURS["undo"]
        elif kind == "stuck":
            edge, width = COLOURS["reject"], scaled(3, cell)
        elif kind == "force":
            fill, ink, edge = COLOURS["forced-bg"], COLOURS["forced"], COLOURS["forced"]
    return fill, edge, width, text, ink, classes


def board(scene: Scene, cell: int) -> list[Shape]:
    """The board of ``scene`` in cells of ``cell`` pixels, from (0, 0): cell fills, lines,
    the edges of the cells an event marks, digits."""
    side = 9 * cell
    fills: list[Shape] = [("rect", 0, 0, side, side, COLOURS["surface"], "", 0, "", "")]
    edges: list[Shape] = []
    strikes: list[Shape] = []
    digits: dict[str, list[Shape]] = {}
    size = cell * 11 // 20
    for i in range(81):
        fill, edge, width, text, ink, classes = cell_look(scene, i, cell)
        x, y = i % 9 * cell, i // 9 * cell
        if fill:
            fills.append(("rect", x, y, cell, cell, fill, "", 0, "cell " + classes, cell_name(i)))
        if edge:
            edges.append(("rect", x, y, cell, cell, "", edge, width, "", ""))
        if text:
            centre, baseline = x + cell // 2, y + cell // 2 + size * 7 // 20
            role = "ghost" if "ghost" in classes else classes.split(" ")[0]
            group = digits.setdefault(role + " " + ink, [])
            group.append(("text", centre, baseline, text, size, ink, role == "given", "middle"))
            if "ghost" in classes and scene.kind in ("reject", "undo"):
                reach, middle = size * 2 // 5, y + cell // 2
                strikes.append(("line", centre - reach, middle, centre + reach, middle, ink, width))
    lines: list[Shape] = []
    for k in (1, 2, 4, 5, 7, 8):
        lines.append(("line", k * cell, 0, k * cell, side, COLOURS["line"], 1))
        lines.append(("line", 0, k * cell, side, k * cell, COLOURS["line"], 1))
    thick = scaled(2, cell)
    for k in (3, 6):
        lines.append(("line", k * cell, 0, k * cell, side, COLOURS["box-line"], thick))
        lines.append(("line", 0, k * cell, side, k * cell, COLOURS["box-line"], thick))
    lines.append(("rect", 0, 0, side, side, "", COLOURS["box-line"], thick, "", ""))
    texts = [
        ("group", 0, 0, "digits " + key.split(" ")[0], "", shapes)
        for key, shapes in sorted(digits.items())
    ]
    return fills + lines + edges + texts + strikes


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces (a longer word
    stays whole on its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    lines.append(line)
    return lines


class Layout(namedtuple("Layout", ["cell", "pad", "title", "text", "counters"])):
    """A panel's measures: the board's ``cell`` size, the ``pad`` around its parts, and
    the font sizes of its ``title`` (bold), its caption ``text`` and its ``counters`` (0:
    none)."""

    __slots__ = ()


STEP = Layout(40, 12, 16, 16, 13)
"""One step, as ``svg`` and the GIF draw it: a board 360 pixels wide."""
BOARD = Layout(22, 8, 12, 11, 0)
"""One board of a storyboard: two a row make 428 pixels."""


def caption_lines(scene: Scene, layout: Layout) -> list[str]:
    """The caption of ``scene`` in lines that fit its board's width (a character is taken
    as half the font's size, about the usual sans-serif fonts' mean)."""
    return wrap(scene.caption, 9 * layout.cell * 2 // layout.text)


def panel(scene: Scene, layout: Layout, title: str, lines: int) -> tuple[list[Shape], int, int]:
    """``scene`` as one picture: ``title``, the board, the caption (room for ``lines`` lines
    at least) and the counters; its shapes, width and height."""
    pad, side = layout.pad, 9 * layout.cell
    ink, baseline = COLOURS["text"], pad + layout.title * 4 // 5
    shapes: list[Shape] = [("text", pad, baseline, title, layout.title, ink, True, "start")]
    top = pad + layout.title + pad * 2 // 3
    shapes.append(("group", pad, top, "board", "", board(scene, layout.cell)))
    leading = layout.text * 11 // 8
    y = top + side + pad // 2
    said = caption_lines(scene, layout)
    texts = []
    for line in said:
        y += leading
        texts.append(("text", pad, y, line, layout.text, COLOURS["text"], False, "start"))
    shapes.append(("group", 0, 0, "caption", "", texts))
    y += leading * max(0, lines - len(said))
    if layout.counters:
        y += layout.counters * 3 // 2
        words = counted(scene.nodes, scene.backtracks, scene.depth)
        shapes.append(("text", pad, y, words, layout.counters, COLOURS["muted"], False, "start"))
    return shapes, side + 2 * pad, y + pad + layout.text // 4


def step_panel(scene: Scene, lines: int = 2) -> tuple[list[Shape], int, int]:
    """``scene`` as ``svg`` and the GIF draw it: titled with its strategy and step."""
    return panel(scene, STEP, step_title(scene.strategy, scene.step), lines)


# -- SVG ------------------------------------------------------------------------------------


def escape(text: str) -> str:
    """``text`` safe in XML text and in a double-quoted attribute."""
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        text = text.replace(char, entity)
    return text


def svg(scene: Scene) -> str:
    """``scene`` as a standalone SVG document: the title names the search and the step,
    the description says the caption, the counters and the board, row by row."""
    shapes, width, height = step_panel(scene, max(2, len(caption_lines(scene, STEP))))
    rows = " ".join(scene.grid[start : start + 9] for start in range(0, 81, 9))
    described = (
        scene.caption
        + " "
        + counted(scene.nodes, scene.backtracks, scene.depth)
        + ". The board, row by row, dots for blanks: "
        + rows
        + "."
    )
    title = "Sudoku Lab: " + step_title(scene.strategy, scene.step)
    body = [scene_group(scene, 0, 0, shapes)]
    return document(title, described, width, height, body)


def storyboard(scenes: list[Scene], columns: int = 2) -> str:
    """``scenes`` as one SVG document: their boards ``columns`` a row, each labelled with
    its step and caption. ValueError for no scene, or more than ``MAX_BOARDS``."""
    if not scenes:
        raise ValueError("a storyboard needs at least one step")
    if len(scenes) > MAX_BOARDS:
        raise ValueError(f"a storyboard shows at most {MAX_BOARDS} boards, got {len(scenes)}")
    lines = max(len(caption_lines(each, BOARD)) for each in scenes)
    body = []
    width = height = 0
    for number, each in enumerate(scenes):
        shapes, width, height = panel(each, BOARD, step_label(each.step), lines)
        x, y = number % columns * width, number // columns * height
        body.append(scene_group(each, x, y, shapes))
    rows = (len(scenes) + columns - 1) // columns
    first, last = grouped(scenes[0].step), grouped(scenes[-1].step)
    shown = "step " + first if first == last else "steps " + first + " to " + last
    title = "Sudoku Lab: " + scenes[0].strategy + " search, " + shown
    described = " ".join(step_label(each.step) + ": " + each.caption for each in scenes)
    return document(title, described, min(columns, len(scenes)) * width, rows * height, body)


def document(title: str, described: str, width: int, height: int, body: list[str]) -> str:
    """An SVG document of ``width`` by ``height`` pixels (it scales: a ``viewBox``) holding
    ``body``, with its ``title`` and ``desc`` for screen readers, on the player's page colour."""
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'font-family="{FONTS}">\n'
        f"<title>{escape(title)}</title>\n<desc>{escape(described)}</desc>\n"
        f'<rect width="{width}" height="{height}" fill="{COLOURS["page"]}"/>\n'
    )
    return head + "".join(body) + "</svg>\n"


def scene_group(scene: Scene, x: int, y: int, shapes: list[Shape]) -> str:
    """One step's shapes as a ``g.scene`` at (``x``, ``y``), marked with its step and kind."""
    data = f'data-step="{scene.step}" data-kind="{escape(scene.kind or "start")}"'
    return write(("group", x, y, "scene", data, shapes)) + "\n"


def write(shape: Shape) -> str:
    """One shape as SVG markup (a group's texts of one style share it on the group)."""
    kind = shape[0]
    if kind == "rect":
        return write_rect(shape)
    if kind == "line":
        return path([shape])
    if kind == "text":
        where = ' x="' + str(shape[1]) + '" y="' + str(shape[2]) + '">'
        return "<text" + text_style(shape) + where + escape(shape[3]) + "</text>"
    x, y, classes, data, children = shape[1:]
    attributes = f' class="{escape(classes)}"' + (" " + data if data else "")
    if x or y:
        attributes += f' transform="translate({x} {y})"'
    styles = {text_style(child) for child in children if child[0] == "text"}
    if len(styles) == 1 and all(child[0] == "text" for child in children):
        attributes += styles.pop()
        inner = "".join(f'<text x="{c[1]}" y="{c[2]}">{escape(c[3])}</text>' for c in children)
    else:
        inner = "".join(write_all(children))
    return "<g" + attributes + ">" + inner + "</g>"


def write_all(shapes: list[Shape]) -> list[str]:
    """Shapes as SVG markup, each run of lines of one colour and width as one path."""
    out: list[str] = []
    run: list[Shape] = []
    for shape in shapes:
        if run and (shape[0] != "line" or shape[5:] != run[0][5:]):
            out.append(path(run))
            run = []
        if shape[0] == "line":
            run.append(shape)
        else:
            out.append(write(shape))
    if run:
        out.append(path(run))
    return out


def path(lines: list[Shape]) -> str:
    """Lines of one colour and width as one SVG path."""
    steps = "".join(f"M{a} {b}L{c} {d}" for a, b, c, d in (line[1:5] for line in lines))
    return f'<path d="{steps}" fill="none" stroke="{lines[0][5]}" stroke-width="{lines[0][6]}"/>'


def write_rect(shape: Shape) -> str:
    """A rectangle: a filled one, or an edge drawn inside its box (as the player's inset
    ``box-shadow``), with its classes and cell if any."""
    x, y, width, height, fill, stroke, line, classes, cell = shape[1:]
    attributes = f' class="{escape(classes)}" data-cell="{cell}"' if classes else ""
    if stroke:
        x2, y2, width2, height2 = (
            x * 2 + line,
            y * 2 + line,
            width * 2 - line * 2,
            height * 2 - line * 2,
        )
        geometry = f'x="{half(x2)}" y="{half(y2)}" width="{half(width2)}" height="{half(height2)}"'
        paint = f'fill="{fill or "none"}" stroke="{stroke}" stroke-width="{line}"'
    else:
        geometry = f'x="{x}" y="{y}" width="{width}" height="{height}"'
        paint = f'fill="{fill}"'
    return "<rect" + attributes + " " + geometry + " " + paint + "/>"


def half(doubled: int) -> str:
    """Half of a whole number, written exactly: ``7`` -> ``3.5``."""
    return str(doubled // 2) + (".5" if doubled % 2 else "")


def text_style(shape: Shape) -> str:
    """A text shape's size, colour, weight and anchor as SVG attributes."""
    size, fill, bold, anchor = shape[4:8]
    style = f' font-size="{size}" fill="{fill}"'
    if bold:
        style += ' font-weight="700"'
    if anchor == "middle":
        style += ' text-anchor="middle"'
    return style
