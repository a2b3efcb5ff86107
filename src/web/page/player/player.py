"""The step-through player: watch depth-first search with backtracking fill the grid.

Shared by the app (index.html, wired by ``section.mount_section``) and the widget
(embed.html, src/web/page/widget/widget.py). Runs on the page's main thread (MicroPython); the
search runs in the solver worker, which sends it in pages of compact events
(``trace_pull``, in the wire's format: src/web/wire.py). The player keeps those pages (the first
``CAP`` events for good, with a checkpoint per page), steps through them forward and
back without asking the worker again, and paints the board, the counters, the open
guesses and the strategy's source with the current line marked.

The player is split by job: this module holds its state and its moves (open a trace,
play, step, seek, go to the end); ``feed.py`` fetches an open trace's pages, ``clock.py`` plays them
in animation frames, ``view.py`` paints, ``controls.py`` reads clicks and keys, and
``compare.py`` runs compare mode.

Where the page shows no Play button (the widget's ``controls=none``, or a list without
``play``), a click or tap on the board plays and pauses, and the captions say so: they
name only the controls shown (``use_controls``; options.py words them).

Flags for tests: ``.player[data-state]`` (loading, idle: Python ready but no trace,
ready, playing, paused, ended), ``[data-trace]`` (a number, new for each trace once
ready), ``[data-steps]`` (the step shown), ``[data-received]`` (events arrived),
``[data-pages]`` (pages held), ``[data-compare]`` (running, done, stopped),
``[data-ending]`` ("true" while End fetches the rest of the kept steps), ``[data-cost]``
(the search's length once counted: "N", or "N+" at the count's cap; "" before),
``[data-recorded]`` ("true" while a recorded run of a reader's code is open:
``open_recorded``).

Settings for tests, read when a trace or a comparison starts: ``data-cap`` on the
``.player`` root overrides ``CAP`` (rounded down to whole pages of the worker's
``TRACE_PAGE`` steps, at least one), ``data-compare-cap`` overrides
``compare.COMPARE_CAP``, ``data-cost-cap`` overrides ``COST_CAP``; a long search then
reaches its cap in a moment.
"""

import browser
import captions
import compare
import controls
import marks
import options
import timeline
import wire
from client import WorkerError
from clock import Clock
from compare import Compare
from feed import Feed, pages_wanted
from pyscript import window
from pyscript.events import Event
from treeview import TreeView
from view import View

from sudoku.words import grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterable
    from typing import Any

    from client import Opening, Solver

COST_CAP = 200000
"""Steps counted, at most, to say how long a search is before it plays (``measure``):
beyond them the widget says "more than 200,000 steps"."""

COST_CHUNK = 5000
"""Steps per worker call while counting (a tenth of a second or so in MicroPython): the
count stops once the reader presses Play, so it never slows what plays."""

CAP = 500000
"""Events kept for good, for stepping back and the timeline (8 bytes each: about 4 MB).
Past them the search plays on live, and the last ``timeline.BEHIND`` pages played stay."""


class Player:
    """One player bound to a ``.player`` element (see the module docstring)."""

    def __init__(
        self,
        root: "Any",
        keys_target: "Any" = None,
        *,
        frame: "Any" = window,
        board: "Callable[[], str] | None" = None,
        refuses: "Callable[[], str] | None" = None,
    ) -> None:
        """The player of the ``.player`` element ``root``, taking keys on ``keys_target``
        (default: ``root``); ``frame`` is the window ``root`` shows in, whose animation
        frames, timers and observers the player uses (another frame's, when a post's
        widgets share one Python: src/web/page/widget/widget.py; the browser pauses a
        frame's animation frames while it is out of view, whatever its siblings do). It
        is given, never found as ``root.ownerDocument.defaultView``: that second proxy of
        the interpreter's own window stalled the page's awaits under MicroPython 1.27 (a
        trace never opened);
        ``board()`` gives the puzzle to trace when a control is
        pressed before any trace (the app's main board; None where the page opens its
        trace itself, as the widget does); ``refuses()`` is asked before that board is
        traced (``trace_board``): why it may not be, already said where the page says
        such things ("": it may; the app refuses a board whose digits conflict, as
        Solve does). None: every board may."""
        self.view = View(root, frame)
        self.clock = Clock(frame, self.advance, self.after_frame)
        self.compare = Compare(self.view)
        self.solver: Solver | None = None
        self.feed: Feed | None = None
        """The open trace's pages from the worker (None before a trace is open)."""
        self.timeline: timeline.Timeline | None = None
        self.cursor = wire.Cursor("." * 81)
        """Where the open trace is (a new one with each trace; read only once one is open)."""
        self.grid = "." * 81
        self.strategy = "naive"
        self.controls: tuple[str, ...] = options.CONTROLS
        """The parts the page shows (the widget's ``controls=``): what the captions name."""
        self.touch = browser.touch_screen(frame)
        """Whether the page shows on a touch screen: the captions say "tap", not keys."""
        self.board = board
        self.refuses = refuses
        self.loop: tuple[int, int] | None = None
        """The step range ``(first, last)`` that play repeats (the widget's ``loop=``)."""
        self.generation = 0
        """Bumped by each trace opened: anything arriving for an older one is dropped."""
        self.ending = 0
        """The trace (``generation``) End is fetching the rest of, else 0."""
        self.goal = 0
        """The step ``go_to`` is fetching pages for (0: none; a newer call changes it)."""
        self.traced = Event()
        """Triggered with ``(grid, strategy)`` each time a trace of ours is ready (the
        app's Share panel, the widget's link to the app)."""
        self.painted = Event()
        """Triggered with the step shown after each paint of a step (the widget's
        reports to its host page, the code lab's marked line)."""
        self.tree = TreeView(self.view.part, self.jump, frame) if "tree" in self.view.part else None
        """The search tree's panel (both pages have it)."""
        self.quiet: Callable[[], Awaitable[None]] | None = None
        """Awaited before each call of a count (``measure``): the widget's waits while a
        sibling widget of the post starts, so that every widget is playable first."""
        controls.bind(self, keys_target or root)
        self.view.show_speed(self.clock.notch)
        self.show_grid(self.grid)

    # -- wiring ------------------------------------------------------------------------

    def connect(self, solver: "Solver") -> None:
        """The worker answered: the controls can work (the timeline once a trace is open)."""
        self.solver = solver
        for button in self.view.root.querySelectorAll("[data-needs-python]"):
            button.disabled = False
        if "scrub" in self.view.part and self.timeline is None:
            self.view.part["scrub"].disabled = True

    def use_controls(self, shown: "Iterable[str]") -> None:
        """Show only the parts ``shown`` names; without Play, the board plays and pauses.

        A click on the board (or Space, as anywhere) then plays or pauses, the board is a
        tab stop, and it says so: a widget with no buttons (``controls=none``) can still
        be started by a reader on a phone.
        """
        self.controls = tuple(shown)
        root = self.view.root
        for element in root.querySelectorAll("[data-part]"):
            element.hidden = element.dataset.part not in self.controls
        board = self.view.part.get("board")
        if "play" in self.controls or board is None:
            return
        root.dataset.boardPlays = "true"
        board.setAttribute("tabindex", "0")
        board.setAttribute("title", "Click to play or pause (Space)")
        board.setAttribute("aria-keyshortcuts", "Space ArrowLeft ArrowRight Home End")
        board.setAttribute(
            "aria-label",
            "The search's board: click it or press Space to play or pause, arrow keys step. "
            "The caption below says the current step.",
        )

    def idle(self, text: str) -> None:
        """Python is ready and no trace is open: say what to press."""
        if self.timeline is None:
            self.view.state("idle")
            self.view.say(text)

    def show_grid(self, grid: str) -> None:
        """Show ``grid`` as a static board (before a trace, or before Python)."""
        self.grid = grid
        self.view.show_grid(grid)

    def show_tree(self, shown: bool) -> None:
        """Show or hide the search tree's panel (its button says which)."""
        if self.tree is None:
            return
        self.tree.show(shown)
        if "tree-toggle" in self.view.part:
            self.view.part["tree-toggle"].setAttribute("aria-pressed", "true" if shown else "false")
        self.tree.paint(self.cursor.pos)

    def jump(self, step: int) -> None:
        """Show step ``step``, paused (a click in the search tree)."""
        self.pause()
        self.seek(step)

    def show_marks(self, shown: bool) -> None:
        """Show or hide each blank's candidates (and mrv's next cell), now and at each step."""
        self.view.show_marks(shown)
        self.paint()

    def set_speed(self, notch: int) -> None:
        """Choose a speed notch (0 .. len(SPEEDS) - 1)."""
        self.clock.set_notch(notch)
        self.view.show_speed(self.clock.notch)

    # -- opening a trace -----------------------------------------------------------------

    async def open_trace(self, board: str, strategy: str, quiet: bool = False) -> bool:
        """Open a trace of ``board`` (any shape the core reads: an 81-character grid, a
        link's text) by ``strategy``; False if bad, said in the note unless ``quiet``.

        Any trace open before is closed, and anything still arriving for it is dropped.
        """
        solver = self.solver
        assert solver is not None  # (the controls that open a trace wait for it)
        return await self.opening(
            "Starting the " + strategy + " search...",
            lambda: solver.trace_start(board, strategy, first=True),
            None if quiet else ("Cannot trace this puzzle: ", "This puzzle cannot be traced"),
        )

    async def open_recorded(self, text: str) -> bool:
        """Open a recorded run of a reader's own code (``sudoku.recording``'s text; the
        contract is src/web/recorded.py's) ready to play, as ``open_trace`` opens ours:
        the reader's code in the code panel, each write's own line marked as it plays.
        False, with the worker's one-line reason in the note, when it cannot play."""
        solver = self.solver
        assert solver is not None  # (the page opens a recording once the worker is ready)
        return await self.opening(
            "Reading the recorded run...",
            lambda: solver.trace_record(text, first=True),
            ("Cannot play this recording: ", "This recording cannot be played"),
        )

    async def opening(
        self,
        starting: str,
        ask: "Callable[[], Awaitable[Opening]]",
        refused: "tuple[str, str] | None",
    ) -> bool:
        """Open the trace the worker answers ``ask()`` with, its first page with it
        (``starting`` said meanwhile); False if it refuses (``refused``: the note's start
        and the caption; None: the caller says why)."""
        view = self.view
        self.generation += 1
        run = self.generation
        self.cancel_end()
        self.pause()
        self.close()
        view.state("loading")
        view.say(starting)
        try:
            answer, first = await ask()
        except WorkerError as error:
            if run == self.generation and refused is not None:
                view.note(refused[0] + str(error))
                view.state("ready" if self.timeline else "idle")
                view.say(refused[1] + ": see the note below.")
            return False
        if run != self.generation:
            return False
        recorded = "recorded" in answer
        self.strategy = answer["strategy"]
        view.chooser = self.strategy in marks.CHOOSERS
        if "strategy" in view.part and not recorded:
            view.part["strategy"].value = self.strategy
        cap = view.setting("cap", CAP)
        self.timeline = timeline.Timeline(answer["grid"], answer["page"], cap)
        self.cursor = wire.Cursor(answer["grid"])
        assert self.solver is not None  # (ask() went to it)
        self.feed = Feed(self.solver, answer["session"], self.timeline)
        if self.tree is not None:
            self.tree.reset(self.timeline)
        view.shown.pop("capped", None)
        view.show_cost("", "")
        self.show_grid(answer["grid"])
        view.label(recorded)
        view.show_code(answer["source"], answer["lines"])
        view.note(answer["message"] if "recorded" in answer else "")
        if "recorded" in answer:
            view.show_cost(captions.recorded_caption(answer), str(answer["steps"]))
        if self.feed.take(first):
            self.arrived(run)
        if "scrub" in view.part:
            view.part["scrub"].disabled = False
        view.state("ready")
        self.paint()
        view.say(captions.ready_caption(self.controls, self.touch))
        view.root.dataset.trace = str(run)
        view.root.dataset.recorded = "true" if recorded else "false"
        if recorded:
            view.say(captions.ready_caption(self.controls, self.touch) + " " + view.cost)
            return True
        self.traced.trigger((self.grid, self.strategy))
        browser.spawn(self.measure(run))
        return True

    async def measure(self, run: int) -> None:
        """Count the open search in the worker (up to ``COST_CAP`` steps) and say how long
        it is, before the reader presses Play (``view.View.show_cost``). Play ends the
        count: the worker's time then goes to the steps played. A search whose pages
        already came whole is counted from them (``timeline.tally``), with no call."""
        line = self.timeline
        assert line is not None  # (an open trace is measured)
        assert self.solver is not None
        cap = self.view.setting("cost-cap", COST_CAP)
        whole = timeline.tally(line)
        if whole is not None and whole["steps"] <= cap:  # arrived whole: no count needed
            result: compare.Tally | None = compare.tallied(whole, cap)
        else:
            result = await compare.count_search(
                self.solver,
                (line.grid, self.strategy),
                (cap, COST_CHUNK),
                lambda: run == self.generation and not self.clock.playing,
                wait=self.quiet,
            )
        if result is not None and run == self.generation:
            steps = str(result["steps"]) + ("+" if result["capped"] else "")
            self.view.show_cost(compare.cost_caption(result, cap), steps)
            self.paint_counters()
            if self.cursor.pos == 0 and not self.clock.playing:
                ready = captions.ready_caption(self.controls, self.touch)
                self.view.say(ready + " " + self.view.cost)

    def close(self) -> None:
        """Let the worker drop the open trace (if any)."""
        if self.feed is not None:
            self.feed.close()

    # -- fetching ----------------------------------------------------------------------

    async def fill(self, run: int) -> None:
        """Fetch the next pages of trace ``run`` (``Feed.pull``), then go on as the player
        is (``arrived``)."""
        feed = self.feed
        if feed is None or run != self.generation:
            return
        line, ending = feed.line, self.ending == run
        fast = self.clock.playing and self.clock.full_speed()
        try:
            arrived = await feed.pull(pages_wanted(line, ending, self.goal, fast))
        except WorkerError as error:
            if run == self.generation:
                self.view.note(str(error))
            return
        if arrived and run == self.generation:
            self.arrived(run)

    def arrived(self, run: int) -> None:
        """Pages of trace ``run`` arrived: go on as the player is: End under way (more
        pages), playing, or paused."""
        line = self.timeline
        assert line is not None  # (pages arrive for an open trace)
        if self.tree is not None:
            self.tree.grew()
        self.view.root.dataset.received = str(line.received)
        self.view.root.dataset.pages = str(len(line.pages))
        if self.ending == run:
            if line.done or line.received >= line.cap:
                self.finish_end()
            else:
                self.view.say("Going to the end: " + grouped(line.received) + " steps so far...")
                self.paint_counters()
                browser.spawn(self.fill(run))
        elif self.clock.playing:
            self.clock.request()
        else:
            self.paint_counters()  # the board shows the same step: keep its caption

    def want_more(self) -> None:
        """Start a fetch if the cursor is near the end of what arrived (``Feed.near_end``)."""
        if self.feed is not None and self.feed.near_end(self.cursor.pos):
            browser.spawn(self.fill(self.generation))

    async def trace_board(self) -> bool:
        """Open the trace of the page's board (``board``) by the strategy chosen, unless
        the page refuses that board (``refuses``: its reason is then the caption too);
        whether it opened."""
        if self.board is None or self.solver is None:
            self.view.say("The search is still starting: one moment.")
            return False
        refused = self.refuses() if self.refuses is not None else ""
        if refused:
            self.view.say(refused)
            return False
        part = self.view.part
        strategy = part["strategy"].value if "strategy" in part else self.strategy
        return await self.open_trace(self.board(), strategy)

    async def open_then(self, action: str) -> None:
        """A control pressed before any trace: open the trace of the page's board, then act."""
        if await self.trace_board():
            self.act(action)

    # -- moving ------------------------------------------------------------------------

    def act(self, role: str, steps: int = 1) -> None:
        """Do what the control or key ``role`` asks (``controls``' ``data-role`` names):
        the transport (``steps`` for forward and back), Compare, the candidates and the
        search tree. A transport role before any trace opens the trace of the page's
        board first (``open_then``), once the worker answers."""
        if role == "marks":
            self.show_marks(not self.view.marks_on)
        elif role == "tree":
            self.show_tree(self.tree is not None and not self.tree.shown)
        elif role in ("tree-in", "tree-out"):
            if self.tree is not None:
                self.tree.zoom(0.25 if role == "tree-in" else 4.0)
        elif role == "compare-stop":
            self.compare.stop("Stopped.")
        elif self.timeline is None or self.solver is None:
            if self.solver is not None:
                browser.spawn(self.open_then(role))
        elif role == "play":
            self.toggle()
        elif role in ("forward", "back"):
            self.step(steps if role == "forward" else -steps)
        elif role == "start":
            self.pause()
            self.seek(0)
        elif role == "end":
            self.to_end()
        elif role == "compare":
            browser.spawn(self.compare.start(self.solver, self.timeline.grid))

    def restrategy(self, strategy: str) -> None:
        """A new strategy chosen: trace the same puzzle again by it."""
        if self.solver is not None and self.timeline is not None:
            browser.spawn(self.open_trace(self.timeline.grid, strategy))

    def play(self) -> None:
        """Play from here at the chosen speed (from the start once the search has ended)."""
        if self.timeline is None or self.clock.playing:
            return
        self.cancel_end()
        if self.at_end() and not self.loop:
            timeline.seek(self.timeline, self.cursor, 0)
        self.view.state("playing")
        self.view.playing(True)
        self.clock.start()
        self.want_more()

    def pause(self) -> None:
        """Stop at once: no further frame plays anything."""
        if not self.clock.playing:
            return
        self.clock.playing = False
        self.view.state("paused")
        self.view.playing(False)
        self.paint()

    def toggle(self) -> None:
        """Play or pause."""
        if self.clock.playing:
            self.pause()
        else:
            self.play()

    def step(self, n: int) -> None:
        """Take ``n`` steps forward (negative: back), paused."""
        if self.timeline is None:
            return
        self.pause()
        self.cancel_end()
        if n > 0:
            timeline.advance(self.timeline, self.cursor, n)
        else:
            timeline.retreat(self.timeline, self.cursor, -n)
        self.paint()
        self.want_more()

    def seek(self, target: int) -> None:
        """Jump to step ``target`` (the nearest held step; see timeline.nearest)."""
        if self.timeline is None:
            return
        self.cancel_end()
        timeline.seek(self.timeline, self.cursor, target)
        self.paint()
        self.want_more()

    def to_end(self) -> None:
        """Jump to the end of the search; if it is longer than the kept steps, to the last
        kept step (and from there, or past it, to the furthest step arrived), said so.

        The kept pages not yet fetched are fetched first (``fill`` goes on while
        ``ending``).
        """
        line = self.timeline
        assert line is not None  # (End acts on an open trace)
        self.pause()
        if line.done or line.received >= line.cap or self.cursor.pos >= line.cap:
            self.finish_end()
            return
        self.ending = self.generation
        self.view.root.dataset.ending = "true"
        self.view.say("Going to the end: " + grouped(line.received) + " steps so far...")
        browser.spawn(self.fill(self.generation))

    async def go_to(self, step: int) -> None:
        """Show step ``step``, paused: fetch pages until it arrived (or the search ended
        first, or the kept steps are all in), then jump there. A step past the end of
        the search shows its last step. A call while one is fetching moves its goal (the
        timeline dragged on): the newest step wins."""
        run, line = self.generation, self.timeline
        assert line is not None  # the widget asks once its trace is open
        going, self.goal = self.goal, step
        if going:  # a fetch for an earlier goal is under way: it goes to this one
            return
        try:
            while (
                run == self.generation
                and not line.done
                and line.received < min(self.goal, line.cap)
            ):
                before = line.received
                await self.fill(run)
                if line.received == before:  # another fetch was out: jump to what is held
                    break
        finally:
            step, self.goal = self.goal, 0
        if run == self.generation:
            self.seek(step)

    def scrub(self, step: int) -> None:
        """The timeline moved to ``step``: shown at once if it arrived, else once its pages
        are fetched (``go_to``; the slider spans the whole search once it is counted)."""
        line = self.timeline
        if line is None:
            return
        if step <= line.received or line.done:
            self.seek(step)
        else:
            browser.spawn(self.go_to(step))

    def cancel_end(self) -> None:
        """Another move came: End stops fetching for itself."""
        if self.ending:
            self.ending = 0
            self.view.root.dataset.ending = "false"

    def finish_end(self) -> None:
        """Show the end (see ``to_end``) and say whether the search ends there."""
        line = self.timeline
        assert line is not None
        self.cancel_end()
        kept = self.cursor.pos < line.cap and not line.done
        timeline.seek(line, self.cursor, min(line.received, line.cap) if kept else line.received)
        self.paint()
        if not line.done:
            event = timeline.event_before(line, self.cursor)
            said = timeline.caption(event) + " " if event else ""
            cap = grouped(line.cap)
            if kept:
                where = "This is step " + cap + ", the last of the " + cap + " the player keeps"
            else:
                where = "This is as far as the search has gone"
            self.view.say(said + where + ": " + captions.goes_on_caption(self.controls, self.touch))
        self.want_more()

    def at_end(self) -> bool:
        """Whether nothing more can play: the search ended and this is its last step."""
        line = self.timeline
        assert line is not None  # (asked only while one plays)
        return line.done and self.cursor.pos >= line.received

    def advance(self, n: int) -> int:
        """Play up to ``n`` events (the clock's call), wrapping around the loop range if one
        is set; how many were played."""
        assert self.timeline is not None  # (the clock plays one)
        if self.loop:
            first, last = self.loop
            last = min(last, self.timeline.received) if self.timeline.done else last
            if self.cursor.pos >= last or self.cursor.pos < first:
                timeline.seek(self.timeline, self.cursor, first)
                return 1
            n = min(n, last - self.cursor.pos)
        return timeline.advance(self.timeline, self.cursor, n)

    def after_frame(self) -> None:
        """After a frame's steps: stop at the end of the search, paint, fetch ahead."""
        if self.at_end() and not self.loop:
            self.clock.playing = False
            self.view.state("ended")
            self.view.playing(False)
        self.paint()
        self.want_more()

    # -- painting ----------------------------------------------------------------------

    def paint(self) -> None:
        """Show the cursor's state (``view.View.paint``)."""
        if self.timeline is not None:
            self.view.paint(
                self.timeline, self.cursor, self.grid, self.controls, self.clock.playing
            )
            if self.tree is not None:
                self.tree.paint(self.cursor.pos)
            self.painted.trigger(self.cursor.pos)

    def paint_counters(self) -> None:
        """Show the counters and the timeline's position only (the board is unchanged)."""
        assert self.timeline is not None  # (a trace's pages came)
        self.view.paint_counters(self.timeline, self.cursor, self.controls, self.clock.playing)
