"""The code lab's main thread (lab.html; MicroPython): the player, and what the editor's
script (static/js/lab.js) needs from the core.

The reader's code never runs here: it runs in Pyodide in a sandboxed frame
(static/js/lab-python.js). This page hands lab.js, through ``window.sudokuLabPage``
(then the "sudoku-lab:page" event), the starting points (``sudoku.plain``), the puzzles
Run can use (the app's, from ``?puzzle=``, then LeetCode's example and the bank's first
of each level), the judge's sets (the bank's first ``SET_SIZE`` puzzles of each level),
``preview(grid)``, which shows the puzzle chosen before any run, ``reset(grid)`` (Stop:
the player drops its run and shows the puzzle), ``play(run)``,
which plays a run's writes in the player with the reader's lines marked (lab.js marks
the same line in the editor through ``onLine``), ``own_puzzle(text)``, which reads a
puzzle the reader pasted, and what the Embed dialog needs for the widget it offers
(``embed``: its controls, and ``iframeSnippet(url)``, the app's iframe snippet, sized
for them).

The player has no search tree here (nor its T key): the tree draws the built-in
strategies' guesses, and a recording of the reader's code has none.

Like every page it registers the service worker once its Python is ready (``offline``);
lab.js then asks the worker to keep Pyodide, which it does not precache.

Flags for tests: ``body[data-ready]`` is "true" once the page's data is handed over.
"""

import json

import browser
import options
import player
import timeline
from client import Solver
from offline import keep_offline
from pyscript import document, when, window, workers
from pyscript.ffi import create_proxy, to_js
from snippets import FRAME_WIDTHS, iframe_snippet

from sudoku.bank import BANK
from sudoku.formats import PuzzleError, parse
from sudoku.grid import checked_grid
from sudoku.plain import STARTING_ORDER, STARTING_POINTS, unmarked
from sudoku.validate import conflicts, describe
from sudoku.words import LEVELS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SET_SIZE = 3
"""Puzzles per level in the judge's sets."""

PARTS = ("step", "play", "scrub", "speed", "legend", "counters", "depth", "candidates", "code")
"""The player's parts the lab shows: not Compare (our strategies) nor the search tree (of
guesses, which a recording does not name); the code panel only on a narrow screen (lab.css:
beside the editor, the editor marks the line)."""

EMBED_CONTROLS = ("play", "step", "scrub", "speed", "counters", "depth", "code")
"""The parts of the widget the Embed dialog offers (docs/embedding.md's example for a
recording): the player's, without the legend, which a post's reader does not need."""

lab = player.Player(document.getElementById("player"))
lab.use_controls(PARTS)
lab.tree = None  # no tree for a recording (see above): T does nothing
lab.view.part["tree-key"].hidden = True
shown = {"line": -1}
"""The line of the reader's code marked in the editor (-1: none yet)."""


def app_puzzle(query: str) -> str:
    """The grid the app sent (``?puzzle=`` as the app's address writes it); "" if none
    or not a grid."""
    settings, _ = options.read_query(query)
    given = settings["puzzle"]
    if given == options.DEFAULT_PUZZLE:
        return ""
    try:
        return checked_grid(given)
    except ValueError:
        return ""


def puzzles(from_app: str) -> "list[list[str]]":
    """Run's puzzles as [grid, label]: the app's first (if any), LeetCode's example, and
    the first of each level in the bank."""
    chosen = [[from_app, "The app's puzzle"]] if from_app else []
    chosen.append([options.DEFAULT_PUZZLE, "LeetCode example (easy)"])
    chosen.extend(
        [BANK[level][0], level[0].upper() + level[1:] + " (from the bank)"] for level in LEVELS
    )
    return chosen


def own_puzzle(text: str) -> "list[str]":
    """A puzzle the reader pasted (81 characters, grid art or LeetCode's JSON) as
    ``[grid, ""]``, or ``["", why]`` naming the cell and the rule it breaks (to lab.js as
    JSON text: a list handed over as a proxy came back undefined at every other call)."""
    try:
        grid = parse(str(text))
    except PuzzleError as error:
        return ["", str(error)]
    clash = conflicts(grid)
    if clash:
        return ["", describe(clash[0])]
    return [grid, ""]


async def embed_iframe(url: str) -> str:
    """The iframe snippet of the widget at ``url`` (with ``EMBED_CONTROLS``), tall enough
    for it: the widget measured 40rem wide and a phone's width, as the app's Share does."""
    heights = []
    for width in FRAME_WIDTHS:  # no await in a comprehension: MicroPython has none
        heights.append(await browser.measure_widget(str(url), width))  # noqa: PERF401
    return iframe_snippet(str(url), heights[0], heights[1])


def page_data() -> "dict[str, Any]":
    """Everything lab.js needs from this page: lists of [name, value] pairs (in order),
    and the Embed dialog's widget's ``controls``."""
    return {
        "starting": [[name, unmarked(STARTING_POINTS[name])[0]] for name in STARTING_ORDER],
        "puzzles": puzzles(app_puzzle(window.location.search)),
        "sets": [[level, list(BANK[level][:SET_SIZE])] for level in LEVELS],
        "embed": {"controls": ",".join(EMBED_CONTROLS)},
    }


def play(run: "Any") -> None:
    """Open ``run``'s recording (lab.js's checked answer of a run) in the player, ready
    to play; the player's worker checks the recording before it plays a step."""
    browser.spawn(lab.open_recorded(str(run.recording)))


def preview(grid: str) -> None:
    """Show ``grid`` (the puzzle Run will use) on the player's board, unless a run is open."""
    if lab.timeline is None:
        lab.show_grid(str(grid))


def reset(grid: str) -> None:
    """Stop: drop the run the player shows or is still reading (its answer, if it comes,
    is dropped too), and show ``grid`` again."""
    lab.generation += 1
    lab.cancel_end()
    lab.pause()
    lab.close()
    lab.timeline = None
    lab.show_grid(str(grid))
    lab.idle("Stopped. Press Run: your code's writes to the board play here.")


def mark_line() -> None:
    """After each paint: the line of the reader's code behind the step shown, marked in
    the editor too (lab.js's ``onLine``; 0: none)."""
    event = timeline.event_before(lab.timeline, lab.cursor) if lab.timeline else None
    line = event.get("line", 0) if event else 0
    on_line = getattr(window.sudokuLabPage, "onLine", None)
    if line != shown["line"] and on_line is not None:
        shown["line"] = line
        on_line(line)


async def start() -> None:
    """Give lab.js the page's data and ``play``, then start the player's worker (the
    app's: it plays recordings, ``trace_record``) and register the service worker."""
    data = to_js(page_data())
    data.play = create_proxy(browser.guarded(play))
    data.preview = create_proxy(browser.guarded(preview))
    data.ownPuzzle = create_proxy(lambda text: json.dumps(own_puzzle(text)))
    data.embed.iframeSnippet = create_proxy(embed_iframe)
    data.reset = create_proxy(browser.guarded(reset))
    window.sudokuLabPage = data
    window.dispatchEvent(window.CustomEvent.new("sudoku-lab:page"))
    when(lab.painted)(mark_line)
    lab.idle("Press Run: your code's writes to the board play here.")
    solver = Solver(await workers["solver"])
    lab.connect(solver)
    document.body.dataset.ready = "true"
    browser.spawn(keep_offline())


browser.spawn(start())
