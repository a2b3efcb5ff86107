"""The widget's main thread (embed.html): settings from the URL, the board at once, the player.

Order matters for a blog reader: the theme and the puzzle show as soon as MicroPython
runs (well under a second), before the Pyodide worker is ready (seconds); the player
starts when the worker answers. Bad settings never blank the frame: each falls back to
its default and a note says which and why (text only). The host page learns the
widget's height from ``postMessage({type: "sudoku-lab:height", height})`` each time it
changes; static/js/embed.js sizes the iframe from it.

Flags for tests: ``body[data-ready]`` is "true" once the player holds a trace (or
"failed"); ``body[data-height]`` the last height sent.
"""

import json

import options
import player
from offline import keep_offline
from pyscript import document, window, workers
from pyscript.ffi import create_proxy, to_js

HEIGHT_MESSAGE = "sudoku-lab:height"

settings, notes = options.read_query(window.location.search)
root = document.getElementById("player")
widget = player.Player(root, keys_target=document)


def show_notes():
    """Every setting that fell back to its default, in the note line."""
    widget.note(" ".join(notes))


def apply_layout():
    """Theme and the parts the ``controls`` setting shows."""
    document.documentElement.dataset.theme = settings["theme"]
    shown = settings["controls"]
    for element in root.querySelectorAll("[data-part]"):
        element.hidden = element.dataset.part not in shown
    widget.set_speed(options.SPEEDS.index(settings["speed"]))


def report_height(*_args):
    """Tell the host page the widget's height (only when it changed); any host may know."""
    box = document.querySelector(".widget")
    height = int(box.getBoundingClientRect().height + 0.999)
    if document.body.getAttribute("data-height") == str(height):
        return
    document.body.dataset.height = str(height)
    message = window.JSON.parse(json.dumps({"type": HEIGHT_MESSAGE, "height": height}))
    window.parent.postMessage(message, "*")


def watch_height():
    """Report the height now and whenever the widget's box changes size."""
    observer = window.ResizeObserver.new(create_proxy(report_height))
    observer.observe(document.querySelector(".widget"))
    report_height()


def preview():
    """The puzzle as a static board before the solver is ready (when it is plain to read)."""
    grid = options.preview_grid(settings["puzzle"])
    widget.show_grid(grid or "." * 81)
    widget.say("Loading Python... the player starts in a few seconds.")


async def puzzle_board(solver):
    """The puzzle the URL names, read by the worker; the default one (and a note) if bad."""
    answer = json.loads(await solver.parse(to_js(settings["puzzle"])))
    if "error" in answer:
        problem = answer["error"]
        notes.append(options.note("puzzle", settings["puzzle"], problem, "LeetCode's example"))
        show_notes()
        answer = json.loads(await solver.parse(options.DEFAULT_PUZZLE))
    return answer["board"]


async def start():
    """Wait for the worker, open the trace, then play if asked to."""
    try:
        solver = await workers["solver"]
        board = await puzzle_board(solver)
    except Exception as error:  # said in the frame, never a blank one
        widget.say("The Python solver could not start: " + str(error))
        document.body.dataset.ready = "failed"
        return
    widget.connect(solver)
    widget.on_trace = link_app
    await widget.open_trace(board, settings["strategy"])
    show_notes()
    loop = settings["loop"]
    if loop:
        widget.loop = loop
        widget.seek(loop[0])
    document.body.dataset.ready = "true"
    player.spawn(keep_offline())
    if settings["autoplay"]:
        widget.play()


def link_app(grid, strategy):
    """The title's link opens this puzzle and strategy in the full app."""
    link = document.getElementById("open-app")
    if link is not None:
        link.href = player.page_url("index.html" + options.share_query(grid, strategy))


apply_layout()
preview()
show_notes()
watch_height()
player.spawn(start())
