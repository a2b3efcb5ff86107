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

The widgets of a post share one Python (and one solver worker): the first to start makes
them and lends them; each sibling frame that starts later is a ``Widget`` of this same
interpreter, bound to its own frame's page (``adopt``), rather than a MicroPython of its
own, whose start would take the main thread every frame of the post shares
(docs/benchmarks.md, "Widgets in a post"). Each widget's player uses its own frame's
animation frames and timers (``player.Player``'s ``frame``): a frame out of view has its
own paused, not its siblings'.

Flags for tests: ``body[data-ready]`` is "true" once the player holds a trace (or
"failed"); in a frame, ``body[data-step]`` is the step last told to the host page (a
widget whose borrowed worker ended reloads at it: static/js/widget.js); in the lender's
frame, ``body[data-adopted]`` is how many siblings' widgets its Python plays now.
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
from pyscript import window
from pyscript.ffi import create_proxy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Widget:
    """The widget of the page in the window ``frame``: this interpreter's own, or a sibling
    frame's of the same post (``adopt``)."""

    def __init__(self, frame: "Any") -> None:
        self.frame = frame
        self.document = frame.document
        self.settings, self.notes = options.read_query(frame.location.search)
        root = self.document.getElementById("player")
        self.painted = "".join(cell.textContent or "." for cell in root.querySelectorAll(".pcell"))
        """The board widget.js painted from the URL (all blanks when it had nothing plain
        to read)."""
        self.player = player.Player(root, keys_target=self.document, frame=frame)
        self.framed = self.document.documentElement.dataset.framed == "true"
        self.reports: dict[str, Any] = {"timer": None, "last": 0.0, "sent": ""}
        """The step reports to the host page: the timer of the next one, when the last
        one went and what it said."""
        self.commands: list[tuple[str, Any]] = []
        """The host page's commands not done yet, in order (at most ``host.KEPT``)."""
        self.obeying = False
        """Whether ``obey_all`` is at work: a command that comes meanwhile waits its turn."""
        self.report_proxy = create_proxy(browser.guarded(lambda _: self.report()))
        self.player.quiet = self.quiet
        self.apply_layout()
        self.preview()
        self.show_notes()
        browser.spawn(self.start())

    def show_notes(self) -> None:
        """Every setting that fell back to its default, in the note line."""
        self.player.view.note(" ".join(self.notes))

    def apply_layout(self) -> None:
        """Theme and the parts the ``controls`` setting shows."""
        settings = self.settings
        self.document.documentElement.dataset.theme = settings["theme"]
        self.player.use_controls(settings["controls"])
        self.player.set_speed(options.SPEEDS.index(settings["speed"]))
        self.player.show_marks(settings["candidates"])
        self.player.show_tree(settings["tree"])
        caption = self.player.view.part["host-caption"]
        caption.textContent = settings["note"]
        caption.hidden = not settings["note"]

    def preview(self) -> None:
        """The board widget.js painted (LeetCode's example when the URL names no puzzle)."""
        unnamed = self.settings["puzzle"] == options.DEFAULT_PUZZLE
        self.player.show_grid(options.DEFAULT_PUZZLE if unnamed else self.painted)
        self.player.view.say("Loading Python...")

    async def quiet(self) -> None:
        """Wait while a sibling widget of the post starts Python (static/js/widget.js): the
        player's count of its search waits for it, so that every widget is playable first."""
        await self.frame.sudokuLabQuiet()

    async def puzzle_grid(self, solver: "Solver") -> str:
        """The puzzle the URL names, read by the worker; the default one (and a note) if bad."""
        puzzle = self.settings["puzzle"]
        try:
            return (await solver.parse(puzzle))["grid"]
        except WorkerError as error:
            self.notes.append(options.note("puzzle", puzzle, str(error), "LeetCode's example"))
            self.show_notes()
        return (await solver.parse(options.DEFAULT_PUZZLE))["grid"]

    async def open_puzzle(self, solver: "Solver") -> None:
        """Trace the puzzle the URL names: the worker reads it as it opens the trace, one
        call where reading it first made two, one after the other, on the way to playable.
        Only a puzzle it cannot read is read again, for the note that says why
        (``puzzle_grid``), and LeetCode's example traced instead; not when another trace
        was opened meanwhile."""
        player, strategy = self.player, self.settings["strategy"]
        run = player.generation + 1  # the opening's own (``Player.opening`` counts it)
        if await player.open_trace(self.settings["puzzle"], strategy, quiet=True):
            return
        if player.generation == run:
            await player.open_trace(await self.puzzle_grid(solver), strategy)

    async def start(self) -> None:
        """Wait for the worker, open the recording or the trace, then play if asked to."""
        frame, settings, widget = self.frame, self.settings, self.player
        try:
            solver = Solver(await frame.sudokuLabSolver())
        except Exception as error:  # said in the frame, never a blank one
            widget.view.say("The Python solver could not start: " + str(error))
            self.document.body.dataset.ready = "failed"
            frame.sudokuLabStarted()
            return
        widget.connect(solver)
        widget.traced.add_listener(self.link_app)
        if not await self.open_recording():
            await self.open_puzzle(solver)
        self.show_notes()
        loop = settings["loop"]
        if loop:
            widget.loop = loop
        if settings["step"]:
            await widget.go_to(settings["step"])
        elif loop:
            widget.seek(loop[0])
        self.document.body.dataset.ready = "true"
        frame.sudokuLabStarted()
        if self.framed:
            widget.painted.add_listener(self.report_soon)
            self.report_soon()
            frame.sudokuLabHost(create_proxy(browser.guarded(self.obey)))
        else:
            browser.spawn(keep_offline())
        if settings["autoplay"]:
            widget.play()

    async def open_recording(self) -> bool:
        """Play the recording of a reader's own code that the fragment holds (``#trace=``:
        static/js/recording.js unpacked it); whether it plays. The player's note (the
        run's message: an error, a stop) joins the notes; a recording that cannot play is
        said there, and the widget plays the URL's puzzle and strategy instead."""
        found = await self.frame.sudokuLabRecording()
        if not found.text and not found.error:
            return False
        played = not found.error and await self.player.open_recorded(found.text)
        said = found.error or self.player.view.shown.get("note", "")
        if played:
            self.notes.extend([said] if said else [])
            return True
        self.notes.append(said + " Playing " + self.settings["strategy"] + " instead.")
        return False

    def obey(self, text: str) -> None:
        """A message from the host page (its data as JSON text): queued if it is a command.

        Commands are done one at a time, each to its end (a new trace open, a step
        reached) before the next starts, so ``setStrategy("mrv"); goto(120)`` shows step
        120 of mrv, and the last command always wins."""
        command = host.read_command(text)
        if command is None or len(self.commands) >= host.KEPT:
            return
        self.commands.append(command)
        if not self.obeying:
            self.obeying = True
            browser.spawn(self.obey_all())

    async def obey_all(self) -> None:
        """Do the queued commands, in order, until none is left."""
        try:
            while self.commands:
                await self.do(self.commands.pop(0))
        finally:
            self.obeying = False

    async def do(self, command: "tuple[str, Any]") -> None:
        """One command of the host page, done to its end."""
        widget = self.player
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

    def report_soon(self, _step: "object" = None) -> None:
        """After a step is painted (``_step``): tell the host page within
        ``host.REPORT_MS``, at most that often (one timer at a time; it reports the step
        shown when it fires)."""
        reports = self.reports
        if reports["timer"] is None:
            wait = max(0, reports["last"] + host.REPORT_MS - self.frame.performance.now())
            reports["timer"] = self.frame.setTimeout(self.report_proxy, wait, None)

    def report(self) -> None:
        """Tell the host page the step shown, unless it was the last thing said."""
        reports, widget = self.reports, self.player
        reports["timer"] = None
        reports["last"] = self.frame.performance.now()
        line = widget.timeline
        if line is None:
            return
        self.document.body.dataset.step = str(widget.cursor.pos)  # a reload keeps it
        event = timeline.event_before(line, widget.cursor)
        kind = event["kind"] if event else None
        report = host.step_report(widget.cursor.pos, kind, widget.cursor.counts[wire.NODES])
        text = json.dumps(report)
        if text != reports["sent"]:
            reports["sent"] = text
            self.frame.parent.postMessage(self.frame.JSON.parse(text), "*")

    def link_app(self, traced: "tuple[str, str]") -> None:
        """The title's link opens the puzzle and strategy ``traced`` in the full app."""
        grid, strategy = traced
        link = self.document.getElementById("open-app")
        if link is not None:
            query = options.share_query(grid, strategy)
            link.href = browser.page_url("index.html" + query, self.frame)

    def close(self) -> None:
        """The frame's page went away (the host page removed it, or it reloads): stop
        playing and let the worker drop its trace."""
        self.player.pause()
        self.player.close()
        opened.remove(self)
        count_adopted()


opened: "list[Widget]" = []
"""The widgets this interpreter plays: its own frame's, then each sibling's it adopted."""


def adopt(frame: "Any") -> None:
    """Play the widget of the page in ``frame``, a sibling frame of the post that borrows
    this Python (static/js/widget.js): until its page goes away."""
    widget = Widget(frame)
    opened.append(widget)
    count_adopted()

    def gone(event: "Any") -> None:
        """The frame's page went away for good (not into the back-forward cache, from
        which it may come back as it was)."""
        if not event.persisted:
            widget.close()

    frame.addEventListener("pagehide", create_proxy(browser.guarded(gone)))


def count_adopted() -> None:
    """``body[data-adopted]``: the siblings' widgets this Python plays (all but its own)."""
    window.document.body.dataset.adopted = str(len(opened) - 1)


def main() -> None:
    """This page's widget, then each sibling's that borrows this Python (static/js/widget.js
    hands them over: ``sudokuLabAdopter``)."""
    opened.append(Widget(window))
    window.sudokuLabAdopter(create_proxy(browser.guarded(adopt)))
