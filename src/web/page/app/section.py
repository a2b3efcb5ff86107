"""The app's player section (index.html): the player mounted (``mount_section``), Watch,
Compare, and the Share / Embed panel.

The widget has no share panel: this module is the app's only, and the one page module
that needs ``sudoku.formats`` (the tag's plain-text board), which the app's page loads
anyway. Runs on the page's main thread (MicroPython through PyScript).
"""

import asyncio

import browser
import exports
import options
import snippets
from player import Player
from pyscript import document, when, window

from sudoku.formats import to_pretty
from sudoku.words import grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from client import Solver
    from options import Settings

BOARD_LABEL = (
    "The search's board: see the caption below for the current step. "
    "Space plays or pauses, arrow keys step."
)
"""The app's player board, a tab stop: its keys work once it has focus."""

COPY_RESET_MS = 3000
"""How long a Copy button says "Copied" before its own label comes back."""


def setting_pairs(player: Player) -> list[tuple[str, str]]:
    """The player's speed, candidates and tree as link parameters (none at defaults)."""
    pairs = []
    speed = options.SPEEDS[player.clock.notch]
    if speed != options.DEFAULTS["speed"]:
        pairs.append(("speed", "max" if speed == 0 else str(speed)))
    if player.view.marks_on:
        pairs.append(("candidates", "on"))
    if player.tree is not None and player.tree.shown:
        pairs.append(("tree", "on"))
    return pairs


def make_part_boxes() -> None:
    """One checkbox per part a widget may show (``options.CONTROLS``), all checked."""
    box = document.getElementById("share-parts")
    if box is None or box.children.length:
        return
    for name in options.CONTROLS:
        label = document.createElement("label")
        check = document.createElement("input")
        check.type = "checkbox"
        check.checked = True
        check.value = name
        label.append(check)
        label.append(document.createTextNode(" " + name))
        box.append(label)


def widget_pairs() -> list[tuple[str, str]]:
    """The panel's widget options as link parameters (none at defaults); a loop that does
    not read is said in the panel and left out."""
    pairs: list[tuple[str, str]] = []
    checks = document.querySelectorAll("#share-parts input")
    shown = tuple(c.value for c in checks if c.checked) if checks.length else options.CONTROLS
    if shown != options.CONTROLS:
        pairs.append(("controls", ",".join(shown) or "none"))
    loop_field = document.getElementById("share-loop")
    text = loop_field.value.strip() if loop_field is not None else ""
    loop = options.read_loop(text) if text else None
    if loop is not None:
        pairs.append(("loop", str(loop[0]) + "-" + str(loop[1])))
    note = document.getElementById("share-options-note")
    if note is not None:
        bad = text and loop is None
        note.textContent = "Loop: write FROM-TO with FROM < TO, e.g. 0-200." if bad else ""
    return pairs


def show_share(player: Player) -> None:
    """Fill the Share / Embed panel for the player's trace: its puzzle, strategy, speed and
    overlay, and a link to the widget paused at the step shown. Refreshed as the panel opens and
    before each copy, so it follows the player."""
    if player.timeline is None:
        return
    grid, speed = player.grid, setting_pairs(player)
    extra = widget_pairs()
    query = options.share_query(grid, player.strategy, speed)
    settings = speed + extra
    at_step = list(settings)  # no star in a list display: MicroPython has none
    at_step.append(("step", str(player.cursor.pos)))
    step = options.share_query(grid, player.strategy, at_step)
    widget = browser.page_url("embed.html" + options.share_query(grid, player.strategy, settings))
    fields = {
        "share-link": browser.page_url("index.html" + query),
        "share-step": browser.page_url("embed.html" + step),
        "share-tag": snippets.tag_snippet(
            browser.page_url("static/js/embed.js"),
            grid,
            player.strategy,
            to_pretty(grid),
            settings,
        ),
    }
    for name, text in fields.items():
        show_field(name, text)
    if sizing["url"] != widget:
        sizing["url"] = widget
        show_field("share-iframe", "Measuring the widget...")
        document.getElementById("share-iframe").dataset.sized = ""
        browser.spawn(size_snippet(widget))
    exports.show_plan(player)
    label = document.getElementById("share-step-label")
    if label is not None:
        label.textContent = (
            "Link to step " + grouped(player.cursor.pos) + " (the widget, paused there)"
        )


def show_field(name: str, text: str) -> None:
    """Put ``text`` in the panel's field ``name`` (its Copy button says "Copy" again)."""
    element = document.getElementById(name)
    if element is not None and element.value != text:
        element.value = text
        relabel_for(name)


sizing: "dict[str, Any]" = {"url": ""}
"""The widget address the iframe snippet is sized for, last asked (``size_snippet``)."""


async def size_snippet(url: str) -> None:
    """The iframe snippet for the widget at ``url``, tall enough for it: the widget
    measured as it lays itself out, 40rem wide and a phone's width (``browser.measure_widget``),
    not a sum of its parts' heights, which another font or a loaded machine made wrong.
    ``#share-iframe[data-sized]`` is the address it was sized for (tests wait on it)."""
    heights = []
    for width in snippets.FRAME_WIDTHS:  # no await in a comprehension: MicroPython has none
        heights.append(await browser.measure_widget(url, width))  # noqa: PERF401
    if sizing["url"] != url:
        return  # asked again for other settings meanwhile: that answer is the one shown
    show_field("share-iframe", snippets.iframe_snippet(url, heights[0], heights[1]))
    document.getElementById("share-iframe").dataset.sized = url


copies: "dict[str, list[Any]]" = {}
"""Each Copy button's own label, and how many times it was pressed (by field name)."""


def relabel(button: "Any") -> None:
    """Give a Copy button its own label back ("Copy link"), after a while or a change."""
    own = copies.get(button.dataset.copy)
    if own is not None:
        button.textContent = own[0]


def relabel_for(name: str) -> None:
    """Give the Copy button of field ``name`` its own label back (its text changed)."""
    for button in document.querySelectorAll(f"[data-copy='{name}']"):
        relabel(button)


async def copy_field(player: Player, button: "Any") -> None:
    """Copy the field a Copy button names, as the player is now (the field keeps the text
    if refused); the button says so for ``COPY_RESET_MS``, or until the field changes."""
    show_share(player)
    name = button.dataset.copy
    own = copies.setdefault(name, [button.textContent, 0])
    own[1] += 1
    press = own[1]
    field = document.getElementById(name)
    if await browser.copy_text(field.value):
        button.textContent = "Copied"
    else:  # the field stays selectable
        field.select()
        button.textContent = "Select and copy"
    await asyncio.sleep(COPY_RESET_MS / 1000)
    if own[1] == press:
        relabel(button)


def mount_section(  # noqa: PLR0913 (the app's parts the player works with)
    solver: "Solver",
    read_board: "Callable[[], str]",
    load_text: "Callable[[str, str], Coroutine[Any, Any, None]]",
    *,
    refuses: "Callable[[], str]",
    traced: "Callable[[], object]",
    query: str | None = None,
) -> Player:
    """Wire the app's player section: Watch, Compare, Share; restore a shared link.

    ``read_board()`` is the main board as an 81-character grid; ``load_text(text, what)``
    reads a puzzle onto the main board; ``refuses()`` says why the board cannot be
    watched ("" when it can: ``Player.refuses``); ``traced()`` is told of each trace
    opened (main.py's own functions); ``query`` is the page's query as it was loaded
    (the address may follow the board since), by default the address's.
    """
    if query is None:
        query = window.location.search
    root = document.getElementById("player")
    player = Player(root, board=read_board, refuses=refuses)
    board = player.view.part["board"]  # the app's player takes keys once focused: a tab stop
    board.setAttribute("tabindex", "0")
    board.setAttribute("aria-keyshortcuts", "Space ArrowLeft ArrowRight Home End")
    board.setAttribute("aria-label", BOARD_LABEL)
    player.connect(solver)

    @when(player.traced)
    def on_trace() -> None:
        show_share(player)
        traced()

    share = document.getElementById("share")
    if share is not None:
        browser.listen(share, "toggle", lambda _e: show_share(player))
    player.idle(
        "Python is ready: press Watch the search (or Play) to trace the puzzle on the board."
    )

    watch = document.getElementById("watch")
    browser.listen(watch, "click", lambda _e: browser.spawn(player.trace_board()))
    for button in document.querySelectorAll("[data-copy]"):
        browser.listen(
            button, "click", lambda e: browser.spawn(copy_field(player, e.currentTarget))
        )
    wanted, notes = options.read_query(query)
    if notes:
        player.view.note(" ".join(notes))
    player.view.part["strategy"].value = wanted["strategy"]
    player.show_marks(wanted["candidates"])
    player.show_tree(wanted["tree"])
    if any(name == "puzzle" for name, _ in options.parse_query(query)[0]):
        browser.spawn(restore_link(player, wanted, " ".join(notes), read_board, load_text))
    exports.bind(player)
    make_part_boxes()
    for name in ("share-parts", "share-loop"):
        field = document.getElementById(name)
        if field is not None:
            browser.listen(field, "change", lambda _e: show_share(player))
    root.dataset.mounted = "true"
    return player


async def restore_link(
    player: Player,
    wanted: "Settings",
    notes: str,
    read_board: "Callable[[], str]",
    load_text: "Callable[[str, str], Coroutine[Any, Any, None]]",
) -> None:
    """A shared link: its puzzle on the board, its strategy in the player, ready to play.

    ``notes`` (the link's settings that fell back to defaults) stay shown: opening the
    trace clears the note line.
    """
    await load_text(wanted["puzzle"], "link")
    if await player.open_trace(read_board(), wanted["strategy"]) and notes:
        player.view.note(notes)
