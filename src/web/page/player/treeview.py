"""The search tree's panel: ``tree.py``'s icicle on a canvas, the current path, clicks.

The tree shows the search up to the step shown, as the board does: a guess the player
has not reached yet is not drawn, nor counted in the panel's words (the steps fetched
ahead are not the reader's yet: "642 guesses" at step 41 would be wrong). Drawn across
the panel's width, it grows as the player goes on; stepping back takes it back.

Two stacked canvases: the tree (redrawn when the step shown or what was read changed,
at most every ``REDRAW_MS``, or when the view zooms) and an overlay with the open
guesses at the step shown and a line at that step (redrawn with each step: a few dozen
rectangles). A click on a node jumps the player to its guess; a click between nodes, to
that step. Zoom shows the last steps up to the step shown; the window follows the player.

The tree covers the kept steps (the player's first ``CAP``): pages are read once, as
they arrive, a page per turn of the event loop while catching up.

Flags for tests, on the panel: ``data-steps`` (the step the drawing is at: the step
shown, or the last step read while the tree catches up), ``data-window`` (``lo-hi``,
the steps shown), ``data-rows`` (the deepest row of the steps read: the canvas's rows).

Runs on the page's main thread (MicroPython).
"""

import asyncio

import browser
import timeline
import tree
from pyscript.ffi import create_proxy

from sudoku.words import grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from timeline import Timeline

REDRAW_MS = 250
"""The least time between two drawings of the whole tree while it grows (ten times the
last drawing's, if that is longer: a big tree's drawing takes a tenth of the time at most)."""

SWATCHES = {
    tree.OPEN: "guess",
    tree.DEAD: "dead",
    tree.FAILED: "failed",
    tree.SOLUTION: "solution",
    tree.FOLDED: "folded",
}
"""Each look's swatch in the panel's key: its colour (player.css, light or dark, as the
page shows it) is the colour drawn, so the key and the drawing always agree."""

PAUSE_S = 0.001
"""The wait between two turns of reading: a timer, so the page paints and answers between."""

READ_STEPS = 4000
"""The steps read in one turn (whole pages: ``read_steps``)."""

MIN_SPAN = 40
"""The fewest steps a zoomed window shows."""


class TreeView:
    """The tree panel of one player (``root`` its ``.player`` element)."""

    def __init__(self, part: "dict[str, Any]", seek: "Callable[[int], None]", frame: "Any") -> None:
        self.part = part
        self.seek = seek
        self.frame = frame
        """The window the panel shows in (``player.Player``'s ``frame``)."""
        self.canvas = part["tree"]
        self.overlay = part["tree-overlay"]
        self.tree = tree.Tree()
        self.line: Timeline | None = None
        self.shown = False
        self.span: int | None = None
        """How many steps a zoomed view shows (the last ones up to the step shown); None:
        all of them."""
        self.drawn_at = -REDRAW_MS * 1.0
        self.draw_ms = 0.0
        """How long the last whole drawing took: a big tree is redrawn less often."""
        self.drawn: tuple[int, int, int] | None = None
        """What the canvas shows: its window ``(lo, hi)`` and the steps read then."""
        self.reading = False
        self.timer: Any = None
        """The pending drawing's timer (``draw_soon``), or None."""
        self.later = create_proxy(browser.guarded(self.draw_later))
        self.pos = 0
        self.rows = 1
        browser.listen(self.overlay, "click", self.on_click)
        self.ink = {"path": "orange", "cursor": "black"}
        """The overlay's colours, read from the CSS at each drawing of the tree."""

    # -- the data ------------------------------------------------------------------------

    def reset(self, line: "Timeline | None") -> None:
        """A new trace (or none): an empty tree, the whole view."""
        self.tree = tree.Tree()
        self.line = line
        self.span = None
        self.drawn = None
        if self.shown:
            self.draw()

    def kept(self) -> int:
        """The steps the tree may read: the kept ones that arrived."""
        return 0 if self.line is None else timeline.kept(self.line)

    def read_page(self) -> bool:
        """Read the next page's events (up to what arrived); False when none is left."""
        line = self.line
        top = self.kept()
        if line is None or self.tree.steps >= top:
            return False
        index = self.tree.steps // line.page
        page = line.pages.get(index)
        if page is None:
            return False
        base = index * line.page
        stop = min(top, base + line.page)
        tree.grow(self.tree, page[0], (self.tree.steps - base) * 8, (stop - base) * 8)
        return True

    def read_steps(self, steps: int) -> bool:
        """Read pages until ``steps`` steps were read or none is left; whether any was."""
        start = self.tree.steps
        while self.tree.steps - start < steps and self.read_page():
            pass
        return self.tree.steps > start

    async def catch_up(self) -> None:
        """Read every page that arrived, ``READ_STEPS`` per turn of the browser's event
        loop (a timer: the frames and clicks between turns go first), then draw."""
        if self.reading:
            return
        self.reading = True
        try:
            while self.shown and self.read_steps(READ_STEPS):
                await asyncio.sleep(PAUSE_S)
        finally:
            self.reading = False
        self.draw_soon()

    def grew(self) -> None:
        """Pages arrived (the feed's call): read them in the background if the panel shows."""
        if self.shown and not self.reading:
            browser.spawn(self.catch_up())

    # -- showing -------------------------------------------------------------------------

    def show(self, shown: bool) -> "asyncio.Task[None] | None":
        """Show or hide the panel; showing reads what arrived (in the background)."""
        self.shown = shown
        self.part["tree-panel"].hidden = not shown
        if shown:
            return asyncio.create_task(self.catch_up())
        return None

    def upto(self) -> int:
        """The step the tree is drawn at: the step shown (fewer while catching up)."""
        return min(self.pos, self.tree.steps)

    def window(self) -> tuple[int, int]:
        """The steps to show: every one up to the step shown, or a zoomed span's last."""
        upto = self.upto()
        if self.span is None or self.span >= upto:
            return 0, max(1, upto)
        return upto - self.span, upto

    def wanted(self) -> tuple[int, int, int]:
        """What the canvas should show (``drawn`` once it does)."""
        lo, hi = self.window()
        return lo, hi, self.tree.steps

    def zoom(self, factor: float) -> None:
        """Zoom in (``factor`` < 1) or out, to the last steps up to the step shown; out
        to all of them."""
        lo, hi = self.window()
        size = int((hi - lo) * factor)
        self.span = None if size >= self.upto() else max(MIN_SPAN, size)
        self.draw()

    def draw_soon(self) -> None:
        """Draw the tree if it changed: now if the last drawing is ``REDRAW_MS`` old, else
        once that time is up (one timer at a time), so the last change is always drawn."""
        if self.wanted() == self.drawn or self.timer is not None:
            return
        gap = max(REDRAW_MS, 10 * self.draw_ms)  # drawing takes at most a tenth of the time
        wait = self.drawn_at + gap - self.frame.performance.now()
        if wait <= 0:
            self.draw()
        else:
            self.timer = self.frame.setTimeout(self.later, wait, None)

    def draw_later(self, _: "Any") -> None:
        """The timer of ``draw_soon``: draw what changed since."""
        self.timer = None
        if self.shown:
            self.draw_soon()

    def draw(self) -> None:
        """Draw the tree (the window shown), then the overlay."""
        self.drawn_at = self.frame.performance.now()
        try:
            self.paint_tree()
        finally:
            self.draw_ms = self.frame.performance.now() - self.drawn_at

    def paint_tree(self) -> None:
        """``draw``'s work: the blocks of the window shown, the words, the overlay."""
        self.drawn = self.wanted()
        lo, hi, _ = self.drawn
        box = self.canvas.parentElement
        width, height = max(1, int(box.clientWidth)), max(1, int(box.clientHeight))
        deepest = max(1, tree.deepest(self.tree))
        self.rows = deepest
        row = height / deepest  # the rows fill the panel's fixed height
        for canvas in (self.canvas, self.overlay):
            if canvas.width != width or canvas.height != height:
                canvas.width, canvas.height = width, height
        context = self.canvas.getContext("2d")
        context.clearRect(0, 0, width, height)
        by_look: dict[int, list[tuple[float, float, int, int]]] = {}
        for block in tree.layout(self.tree, lo, hi, width, self.upto()):
            by_look.setdefault(block[3], []).append(block)
        self.ink = {
            "path": self.swatch("path").outlineColor,
            "cursor": self.frame.getComputedStyle(self.canvas).color,
        }
        for look, blocks in by_look.items():
            context.fillStyle = self.swatch(SWATCHES[look]).backgroundColor
            for x, w, depth, _ in blocks:
                context.fillRect(x, (depth - 1) * row, max(w, 1), max(1, row - 1))
        self.summary()
        panel = self.part["tree-panel"]
        panel.dataset.steps = str(self.upto())
        panel.dataset.window = str(lo) + "-" + str(hi)
        panel.dataset.rows = str(deepest)
        self.paint_overlay()

    def swatch(self, name: str) -> "Any":
        """The computed style of the key's swatch ``name`` (its colours, resolved)."""
        key = self.part["tree-panel"].querySelector(".tree-key .swatch." + name)
        return self.frame.getComputedStyle(key)

    def paint(self, pos: int) -> None:
        """The player shows step ``pos``: the tree up to it (redrawn soon, see
        ``draw_soon``) and the overlay."""
        self.pos = pos
        if not self.shown:
            return
        self.draw_soon()
        self.paint_overlay()

    def paint_overlay(self) -> None:
        """The overlay on the drawing shown: the open guesses at the step shown outlined,
        and a line at that step (at the drawing's right end while it catches up)."""
        if self.drawn is None:
            return
        lo, hi, _ = self.drawn
        at = min(self.pos, hi)
        width, height = self.overlay.width, self.overlay.height
        row = height / max(1, self.rows)
        context = self.overlay.getContext("2d")
        context.clearRect(0, 0, width, height)
        scale = width / max(1, hi - lo)
        context.strokeStyle = self.ink["path"]
        context.lineWidth = 2
        for node in tree.path_at(self.tree, at):
            start = max(self.tree.start[node], lo)
            x, w = (start - lo) * scale, max(2, (at - start) * scale)
            context.strokeRect(x + 1, (self.tree.depth[node] - 1) * row + 1, w - 2, row - 2)
        context.fillStyle = self.ink["cursor"]
        context.fillRect(min(width - 1, int((at - lo) * scale)), 0, 1, height)

    def summary(self) -> None:
        """The panel's words (and the canvas's label): the step drawn at, its guesses and
        dead ends so far, the window when zoomed."""
        upto = self.upto()
        lo, hi = self.window()
        nodes, dead = tree.guesses(self.tree, upto), tree.dead_ends(self.tree, upto)
        text = (
            "Up to step "
            + grouped(upto)
            + ": "
            + ("1 guess" if nodes == 1 else grouped(nodes) + " guesses")
            + ", "
            + ("1 dead end" if dead == 1 else grouped(dead) + " dead ends")
            + ", deepest "
            + str(tree.deepest(self.tree, upto))
            + "."
        )
        if lo > 0:
            text += " Showing steps " + grouped(lo) + " to " + grouped(hi) + "."
        if self.tree.solved and upto == self.tree.steps:
            text += " Green: the solution's path."
        self.part["tree-summary"].textContent = text
        self.canvas.setAttribute(
            "aria-label", "The search tree: " + text + " Click a guess to jump the player there."
        )

    def on_click(self, event: "Any") -> None:
        """A click: the player jumps to the guess clicked, or to the step under it."""
        if self.tree.steps == 0 or self.drawn is None:
            return
        lo, hi, _ = self.drawn
        box = self.overlay.getBoundingClientRect()
        x = (event.clientX - box.left) / max(1, box.width)
        y = (event.clientY - box.top) / max(1, box.height)
        step = int(lo + x * (hi - lo))
        depth = int(y * self.rows) + 1
        node = tree.node_at(self.tree, step, depth)
        self.seek(self.tree.start[node] if node >= 0 else step)
