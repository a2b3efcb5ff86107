"""The widget's main thread (embed.html): settings from the URL, then the player.

Runs on MicroPython, like the widget's solver worker (src/web/worker/worker.py): a blog reader
never downloads Pyodide. static/js/widget.js has already painted the puzzle, reports the
widget's height to the host page, and started Python because the widget came into view.
Bad settings never blank the frame: each falls back to its default and a note says which
and why (text only). Inside another site's frame the widget registers no service worker:
the reader of a post downloads what the widget needs and nothing else.

A recording of a reader's own code in the fragment (``#trace=``, docs/embedding.md) plays
instead of the URL's strategy: the post's code in the code panel, each write's line
marked (``player.Player.open_recorded``); never run, only shown as text.

In a frame, the host page may drive the widget with ``postMessage`` commands, and hears
where it is (``host.py`` has the shapes; static/js/widget.js keeps the commands that
come before Python is ready and hands them over here).

The widgets of a post start before any counts its search (``quiet``): a long search's
count is seconds of its worker, and in a post of ten it slowed its siblings' start.

Flags for tests: ``body[data-ready]`` is "true" once the player holds a trace (or
"failed"); in a frame, ``body[data-step]`` is the step last told to the host page (a
widget whose borrowed worker ended reloads at it: static/js/widget.js).
"""

import json

import browser
import host
import options
import player
import timeline
import wire
from client import Solver, WorkerError
from offline import keep_offline
from pyscript import document, when, window
from pyscript.ffi import create_proxy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

settings, notes = options.read_query(window.location.search)
root = document.getElementById("player")
painted = "".join(cell.textContent or "." for cell in root.querySelectorAll(".pcell"))
"""The board widget.js painted from the URL (all blanks when it had nothing plain to read)."""
widget = player.Player(root, keys_target=document)
framed = document.documentElement.dataset.framed == "true"
reports: "dict[str, Any]" = {"timer": None, "last": 0.0, "sent": ""}
"""The step reports to the host page: the timer of the next one, when the last one went
and what it said."""


def show_notes() -> None:
    """Every setting that fell back to its default, in the note line."""
    widget.view.note(" ".join(notes))


def apply_layout() -> None:
    """Theme and the parts the ``controls`` setting shows."""
    document.documentElement.dataset.theme = settings["theme"]
    widget.use_controls(settings["controls"])
    widget.set_speed(options.SPEEDS.index(settings["speed"]))
    widget.show_marks(settings["candidates"])
    widget.show_tree(settings["tree"])
    caption = widget.view.part["host-caption"]
    caption.textContent = settings["note"]
    caption.hidden = not settings["note"]


def preview() -> None:
    """The board widget.js painted (LeetCode's example when the URL names no puzzle)."""
    unnamed = settings["puzzle"] == options.DEFAULT_PUZZLE
    widget.show_grid(options.DEFAULT_PUZZLE if unnamed else painted)
    widget.view.say("Loading Python...")


async def quiet() -> None:
    """Wait while a sibling widget of the post starts Python (static/js/widget.js): the
    player's count of its search waits for it, so that every widget is playable first."""
    await window.sudokuLabQuiet()


async def puzzle_grid(solver: "Solver") -> str:
    """The puzzle the URL names, read by the worker; the default one (and a note) if bad."""
    try:
        return (await solver.parse(settings["puzzle"]))["grid"]
    except WorkerError as error:
        notes.append(options.note("puzzle", settings["puzzle"], str(error), "LeetCode's example"))
        show_notes()
    return (await solver.parse(options.DEFAULT_PUZZLE))["grid"]


async def start() -> None:
    """Wait for the worker, open the trace, then play if asked to."""
    try:
        solver = Solver(await window.sudokuLabSolver())
        grid = await puzzle_grid(solver)
    except Exception as error:  # said in the frame, never a blank one
        widget.view.say("The Python solver could not start: " + str(error))
        document.body.dataset.ready = "failed"
        window.sudokuLabStarted()
        return
    widget.connect(solver)
    when(widget.traced)(link_app)
    if not await open_recording():
        await widget.open_trace(grid, settings["strategy"])
    show_notes()
    loop = settings["loop"]
    if loop:
        widget.loop = loop
    if settings["step"]:
        await widget.go_to(settings["step"])
    elif loop:
        widget.seek(loop[0])
    document.body.dataset.ready = "true"
    window.sudokuLabStarted()
    if framed:
        when(widget.painted)(report_soon)
        report_soon()
        window.sudokuLabHost(create_proxy(browser.guarded(obey)))
    else:
        browser.spawn(keep_offline())
    if settings["autoplay"]:
        widget.play()


async def open_recording() -> bool:
    """Play the recording of a reader's own code that the fragment holds (``#trace=``:
    static/js/recording.js unpacked it); whether it plays. The player's note (the run's
    message: an error, a stop) joins the notes; a recording that cannot play is said
    there, and the widget plays the URL's puzzle and strategy instead."""
    found = await window.sudokuLabRecording()
    if not found.text and not found.error:
        return False
    played = not found.error and await widget.open_recorded(found.text)
    said = found.error or widget.view.shown.get("note", "")
    if played:
        notes.extend([said] if said else [])
        return True
    notes.append(said + " Playing " + settings["strategy"] + " instead.")
    return False


commands: "list[tuple[str, Any]]" = []
"""The host page's commands not done yet, in order (at most ``host.KEPT``)."""
obeying = {"busy": False}
"""Whether ``obey_all`` is at work: a command that comes meanwhile waits its turn."""


def obey(text: str) -> None:
    """A message from the host page (its data as JSON text): queued if it is a command.

    Commands are done one at a time, each to its end (a new trace open, a step reached)
    before the next starts, so ``setStrategy("mrv"); goto(120)`` shows step 120 of mrv,
    and the last command always wins."""
    command = host.read_command(text)
    if command is None or len(commands) >= host.KEPT:
        return
    commands.append(command)
    if not obeying["busy"]:
        obeying["busy"] = True
        browser.spawn(obey_all())


async def obey_all() -> None:
    """Do the queued commands, in order, until none is left."""
    try:
        while commands:
            await do(commands.pop(0))
    finally:
        obeying["busy"] = False


async def do(command: "tuple[str, Any]") -> None:
    """One command of the host page, done to its end."""
    line = widget.timeline
    if line is None:
        return
    name, value = command
    if name == "goto":
        widget.pause()
        await widget.go_to(value)
    elif name == "play":
        widget.play()
    elif name == "pause":
        widget.pause()
    elif value != widget.strategy:
        await widget.open_trace(line.grid, value)


def report_soon() -> None:
    """After a step is painted: tell the host page within ``host.REPORT_MS``, at most
    that often (one timer at a time; it reports the step shown when it fires)."""
    if reports["timer"] is None:
        wait = max(0, reports["last"] + host.REPORT_MS - window.performance.now())
        reports["timer"] = window.setTimeout(report_proxy, wait, None)


def report() -> None:
    """Tell the host page the step shown, unless it was the last thing said."""
    reports["timer"] = None
    reports["last"] = window.performance.now()
    line = widget.timeline
    if line is None:
        return
    document.body.dataset.step = str(widget.cursor.pos)  # a reload keeps it (widget.js)
    event = timeline.event_before(line, widget.cursor)
    kind = event["kind"] if event else None
    text = json.dumps(host.step_report(widget.cursor.pos, kind, widget.cursor.counts[wire.NODES]))
    if text != reports["sent"]:
        reports["sent"] = text
        window.parent.postMessage(window.JSON.parse(text), "*")


def link_app(traced: "tuple[str, str]") -> None:
    """The title's link opens the puzzle and strategy ``traced`` in the full app."""
    grid, strategy = traced
    link = document.getElementById("open-app")
    if link is not None:
        link.href = browser.page_url("index.html" + options.share_query(grid, strategy))


report_proxy = create_proxy(browser.guarded(lambda _: report()))
widget.quiet = quiet
apply_layout()
preview()
show_notes()
browser.spawn(start())
