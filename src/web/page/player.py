"""The step-through player: watch depth-first search with backtracking fill the grid.

Shared by the app (index.html, wired by main.py through ``mount_app``) and the widget
(embed.html, src/web/page/embed.py). Runs on the page's main thread (MicroPython); the
search runs in the solver worker, which sends it in pages of compact events
(``trace_pull``, decoded by timeline.py). The player keeps those pages (the first
``CAP`` events for good, with a checkpoint per page), steps through them forward and
back without asking the worker again, and paints the board, the counters, the open
guesses and the strategy's source with the current line marked.

Speed: at a set number of steps per second each event is painted; "as fast as
possible" plays events for ``BUDGET_MS`` per animation frame and paints once per frame,
so the main thread never runs a long task. Stopping is instant: the next frame does
not come, and the worker is simply not asked for more.

The markup is static HTML in both pages (a ``.player`` root); elements are found by
``data-role`` and whole parts by ``data-part`` (the widget hides the parts its
``controls=`` leaves out). Text only ever goes in with ``textContent``.

Keys: the player's region (the app's ``#player`` section, the widget's whole page) but
its compare and share parts, which keep their own keys. A click anywhere in it focuses
it (``tabindex="-1"`` on the section), and its board is a tab stop, so the keys work
after a click on the board, the caption or the counters. Space plays or pauses, also on
a focused transport button (Enter presses the button); a control with its own use of
Space (a select, a text field, a link, Watch, Compare, Copy) keeps it.

Where the page shows no Play button (the widget's ``controls=none``, or a list without
``play``), a click or tap on the board plays and pauses, and the captions say so: they
name only the controls shown (``use_controls``; options.py words them).

A control pressed before any trace is open does its job on the puzzle of the page's
board (``Player.board``: the app's main board): Play opens that trace and plays it.

Flags for tests: ``.player[data-state]`` (loading, idle: Python ready but no trace,
ready, playing, paused, ended), ``[data-trace]`` (a number, new for each trace once
ready), ``[data-steps]`` (the step shown), ``[data-received]`` (events arrived),
``[data-pages]`` (pages held), ``[data-compare]`` (running, done, stopped),
``[data-ending]`` ("true" while End fetches the rest of the kept steps).

Settings for tests, read when a trace or a comparison starts: ``data-cap`` on the
``.player`` root overrides ``CAP`` (rounded down to whole pages of 4,000 steps, at least
one), ``data-compare-cap`` overrides ``COMPARE_CAP``; a long search then reaches its cap
in a moment.
"""

import json

import browser
import options
import timeline
import wire
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from sudoku.grid import cell_name
from sudoku.words import STRATEGIES

CAP = 500000
"""Events kept for good, for stepping back and the timeline (8 bytes each: about 4 MB).
Past them the search plays on live, and the last ``timeline.BEHIND`` pages played stay."""

END_PAGES = 8
"""Pages fetched per worker call while End goes to the end of the kept steps."""

BUDGET_MS = 8
"""Main-thread time per frame for playing events at full speed."""

CHUNK = 1024
"""Events played between two looks at the clock at full speed."""

AHEAD_PAGES = 2
"""Pages fetched ahead of the cursor while playing."""

STACK_SHOWN = 24
"""Open guesses listed in the depth strip (the newest ones; its fixed height shows fewer)."""

COMPARE_CAP = 2000000
"""Steps compare mode runs each strategy for, at most."""

COMPARE_CHUNK = 100000
"""Steps per worker call in compare mode: one call is the longest wait for Stop."""

TRANSPORT = ("start", "back", "play", "forward", "end")
"""The transport buttons: Space on one of them plays or pauses, as anywhere in the player."""

COUNTERS = (
    ("nodes", wire.NODES),
    ("backtracks", wire.BACKTRACKS),
    ("depth", wire.DEPTH),
    ("max-depth", wire.MAX_DEPTH),
    ("forced", wire.FORCED),
)
"""Counter element roles and their position in a cursor's counters."""


def digit_text(byte):
    """What a board byte shows: a digit, or "" for a blank (forced ``a``-``i`` -> 1-9)."""
    if byte == wire.DOT:
        return ""
    return chr(byte - wire.FORCED_SHIFT) if byte > 57 else chr(byte)


def base_class(byte, given):
    """A cell's lasting look: a given, a guess, a forced digit, or a blank."""
    if given:
        return "pcell given"
    if byte == wire.DOT:
        return "pcell"
    return "pcell forced" if byte > 57 else "pcell guess"


def marks_for(event):
    """Cell index -> extra classes for the event just played (the current cell, the peer
    that rejects, the unit involved), and the digit to show in a blank current cell."""
    marks = {}
    if event is None:
        return marks, ""
    for cell in event["unit_cells"]:
        marks[cell] = " in-unit"
    if event["peer_index"] >= 0:
        marks[event["peer_index"]] = " peer"
    if event["index"] >= 0:
        marks[event["index"]] = " now k-" + event["kind"]
    return marks, event["digit"] if event["kind"] in ("try", "reject", "undo") else ""


class Player:
    """One player bound to a ``.player`` element (see the module docstring)."""

    def __init__(self, root, keys_target=None):
        self.root = root
        self.part = {}
        for element in root.querySelectorAll("[data-role]"):
            self.part[element.dataset.role] = element
        self.cells = list(root.querySelectorAll(".pcell"))
        self.solver = None
        self.session = None
        self.timeline = None
        self.cursor = None
        self.grid = "." * 81
        self.strategy = "naive"
        self.controls = options.CONTROLS
        """The parts the page shows (the widget's ``controls=``): what the captions name."""
        self.board = None
        """A function giving the puzzle to trace when a control is pressed before any trace
        (the app's main board); None where the page opens its trace itself (the widget)."""
        self.lines = {}
        self.code_lines = []
        self.marked_line = None
        self.speed = options.SPEEDS.index(options.DEFAULTS["speed"])
        self.loop = None
        self.playing = False
        self.frame_pending = False
        self.last_time = 0
        self.carry = 0.0
        self.generation = 0
        self.fetching = 0
        self.ending = 0
        self.compare_run = 0
        self.compare_now = None
        self.shown = {}
        self.looks = [""] * 81
        self.texts = [""] * 81
        self.stack_items = []
        self.on_trace = None
        self.frame_proxy = create_proxy(self.on_frame)
        self.bind(keys_target or root)
        self.show_speed()
        self.show_grid(self.grid)

    # -- wiring ----------------------------------------------------------------------

    def bind(self, keys_target):
        """Listen to the controls (one delegated click), the sliders and the keys."""
        self.root.addEventListener("click", create_proxy(browser.guarded(self.on_click)))
        keys_target.addEventListener("keydown", create_proxy(browser.guarded(self.on_key)))
        if "scrub" in self.part:
            self.part["scrub"].addEventListener(
                "input", create_proxy(browser.guarded(self.on_scrub))
            )
        if "speed" in self.part:
            self.part["speed"].addEventListener(
                "input", create_proxy(browser.guarded(self.on_speed))
            )
        if "strategy" in self.part:
            strategy = create_proxy(browser.guarded(self.on_strategy))
            self.part["strategy"].addEventListener("change", strategy)

    def connect(self, solver):
        """The worker answered: the controls can work (the timeline once a trace is open)."""
        self.solver = solver
        for button in self.root.querySelectorAll("[data-needs-python]"):
            button.disabled = False
        if "scrub" in self.part and self.timeline is None:
            self.part["scrub"].disabled = True

    def use_controls(self, controls):
        """Show only the parts ``controls`` names; without Play, the board plays and pauses.

        A click on the board (or Space, as anywhere) then plays or pauses, the board is a
        tab stop, and it says so: a widget with no buttons (``controls=none``) can still
        be started by a reader on a phone.
        """
        self.controls = tuple(controls)
        for element in self.root.querySelectorAll("[data-part]"):
            element.hidden = element.dataset.part not in self.controls
        board = self.part.get("board")
        if "play" in self.controls or board is None:
            return
        self.root.dataset.boardPlays = "true"
        board.setAttribute("tabindex", "0")
        board.setAttribute("title", "Click to play or pause (Space)")
        board.setAttribute("aria-keyshortcuts", "Space ArrowLeft ArrowRight Home End")
        board.setAttribute(
            "aria-label",
            "The search's board: click it or press Space to play or pause, arrow keys step. "
            "The caption below says the current step.",
        )

    def idle(self, text):
        """Python is ready and no trace is open: say what to press."""
        if self.timeline is None:
            self.state("idle")
            self.say(text)

    def set(self, role, text):
        """Write ``text`` into a part (if the page has it), only when it changed."""
        element = self.part.get(role)
        if element is not None and self.shown.get(role) != text:
            self.shown[role] = text
            element.textContent = text

    def say(self, text):
        """The caption under the board."""
        self.set("caption", text)

    def note(self, text):
        """The note line (limits, bad input); "" hides it."""
        self.set("note", text)
        if "note" in self.part:
            self.part["note"].hidden = not text

    def state(self, name):
        """The player's state flag (tests and CSS read it)."""
        self.root.dataset.state = name

    def setting(self, name, default):
        """A positive whole number from the root's ``data-{name}`` (tests), else ``default``."""
        value = self.root.getAttribute("data-" + name)
        return int(value) if value and value.isdigit() and int(value) > 0 else default

    # -- loading a trace ---------------------------------------------------------------

    def show_grid(self, grid):
        """Show ``grid`` as a static board (before a trace, or before Python)."""
        self.grid = grid
        for i, cell in enumerate(self.cells):
            self.texts[i] = "" if grid[i] == "." else grid[i]
            self.looks[i] = "pcell" if grid[i] == "." else "pcell given"
            cell.textContent = self.texts[i]
            cell.className = self.looks[i]

    async def open_trace(self, board, strategy):
        """Open a trace of ``board`` (LeetCode shape or text) by ``strategy``; False if bad.

        Any trace open before is closed, and anything still arriving for it is dropped.
        """
        self.generation += 1
        run = self.generation
        self.cancel_end()
        self.pause()
        self.close()
        self.state("loading")
        self.say("Starting the " + strategy + " search...")
        answer = json.loads(await self.solver.trace_start(to_js(board), strategy))
        if run != self.generation:
            return False
        if "error" in answer:
            self.note("Cannot trace this puzzle: " + answer["error"])
            self.state("ready" if self.timeline else "idle")
            self.say("This puzzle cannot be traced: see the note below.")
            return False
        self.session = answer["session"]
        self.strategy = answer["strategy"]
        if "strategy" in self.part:
            self.part["strategy"].value = self.strategy
        cap = self.setting("cap", CAP)
        self.timeline = timeline.Timeline(answer["grid"], answer["page"], cap)
        self.cursor = wire.Cursor(answer["grid"])
        self.lines = answer["lines"]
        self.shown.pop("capped", None)
        self.show_grid(answer["grid"])
        self.show_code(answer["source"])
        self.note("")
        await self.fill(run)
        if run != self.generation:
            return False
        if "scrub" in self.part:
            self.part["scrub"].disabled = False
        self.state("ready")
        self.paint()
        self.say(options.ready_caption(self.controls))
        self.root.dataset.trace = str(run)
        if self.on_trace:
            self.on_trace(self.grid, self.strategy)
        return True

    def close(self):
        """Let the worker drop the open trace (if any)."""
        if self.session is not None and self.solver is not None:
            browser.spawn(self.solver.trace_stop(self.session))
        self.session = None

    async def fill(self, run):
        """Fetch the next pages of the trace, unless a fetch is out or the trace ended.

        While End is under way (``ending``) it fetches on, page after page, until the
        search ended or the kept steps are all in, then shows the last of them.
        """
        if self.fetching == run or self.timeline is None or self.timeline.done:
            return
        self.fetching = run
        line = self.timeline
        pages = AHEAD_PAGES * 2 if self.playing and options.SPEEDS[self.speed] == 0 else 1
        if self.ending == run:  # as many as End needs, and not one past the cap
            pages = max(1, min(END_PAGES, (line.cap - line.received) // line.page))
        try:
            text = await self.solver.trace_pull(self.session, pages)
        finally:
            if self.fetching == run:
                self.fetching = 0
        if run != self.generation:
            return
        header = timeline.receive(line, text)
        if "error" in header:
            self.note(header["error"])
            line.done = True  # the worker let the trace go: nothing more will come
        self.root.dataset.received = str(line.received)
        self.root.dataset.pages = str(len(line.pages))
        if self.ending == run:
            if line.done or line.received >= line.cap:
                self.finish_end()
            else:
                self.say("Going to the end: " + options.grouped(line.received) + " steps so far...")
                self.paint_counters()
                browser.spawn(self.fill(run))
        elif self.playing:
            self.request_frame()
        else:
            self.paint_counters()  # the board shows the same step: keep its caption

    def want_more(self):
        """Start a fetch if the cursor is near the end of what arrived (and can go on)."""
        line = self.timeline
        if line is None or line.done or self.fetching == self.generation:
            return
        if timeline.contiguous_end(line, self.cursor.pos) < line.received:
            return
        if line.received - self.cursor.pos < AHEAD_PAGES * line.page:
            browser.spawn(self.fill(self.generation))

    async def open_then(self, action):
        """A control pressed before any trace: open the trace of the page's board, then act."""
        if self.board is None or self.solver is None:
            self.say("The search is still starting: one moment.")
            return
        strategy = self.part["strategy"].value if "strategy" in self.part else self.strategy
        if await self.open_trace(self.board(), strategy):
            self.act(action)

    # -- moving ------------------------------------------------------------------------

    def act(self, role):
        """Do what the control ``role`` does (a transport button or Compare)."""
        if role == "play":
            self.toggle()
        elif role == "forward":
            self.step(1)
        elif role == "back":
            self.step(-1)
        elif role == "start":
            self.pause()
            self.seek(0)
        elif role == "end":
            self.to_end()
        elif role == "compare":
            browser.spawn(self.compare())

    def play(self):
        """Play from here at the chosen speed (from the start once the search has ended)."""
        if self.timeline is None or self.playing:
            return
        self.cancel_end()
        if self.at_end() and not self.loop:
            timeline.seek(self.timeline, self.cursor, 0)
        self.playing = True
        self.carry = 0.0
        self.last_time = window.performance.now()
        self.state("playing")
        self.set("play", "Pause")
        if "caption" in self.part:
            self.part["caption"].setAttribute("aria-live", "off")
        self.request_frame()
        self.want_more()

    def pause(self):
        """Stop at once: no further frame plays anything."""
        if not self.playing:
            return
        self.playing = False
        self.state("paused")
        self.set("play", "Play")
        if "caption" in self.part:
            self.part["caption"].setAttribute("aria-live", "polite")
        self.paint()

    def toggle(self):
        """Play or pause."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def step(self, n):
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

    def seek(self, target):
        """Jump to step ``target`` (the nearest held step; see timeline.nearest)."""
        if self.timeline is None:
            return
        self.cancel_end()
        timeline.seek(self.timeline, self.cursor, target)
        self.paint()
        self.want_more()

    def to_end(self):
        """Jump to the end of the search; if it is longer than the kept steps, to the last
        kept step (and from there, or past it, to the furthest step arrived), said so.

        The kept pages not yet fetched are fetched first (``fill`` goes on while
        ``ending``).
        """
        line = self.timeline
        self.pause()
        if line.done or line.received >= line.cap or self.cursor.pos >= line.cap:
            self.finish_end()
            return
        self.ending = self.generation
        self.root.dataset.ending = "true"
        self.say("Going to the end: " + options.grouped(line.received) + " steps so far...")
        browser.spawn(self.fill(self.generation))

    def cancel_end(self):
        """Another move came: End stops fetching for itself."""
        if self.ending:
            self.ending = 0
            self.root.dataset.ending = "false"

    def finish_end(self):
        """Show the end (see ``to_end``) and say whether the search ends there."""
        line = self.timeline
        self.cancel_end()
        kept = self.cursor.pos < line.cap and not line.done
        timeline.seek(line, self.cursor, min(line.received, line.cap) if kept else line.received)
        self.paint()
        if not line.done:
            event = timeline.event_before(line, self.cursor)
            said = timeline.caption(event) + " " if event else ""
            cap = options.grouped(line.cap)
            if kept:
                where = "This is step " + cap + ", the last of the " + cap + " the player keeps"
            else:
                where = "This is as far as the search has gone"
            self.say(said + where + ": " + options.goes_on_caption(self.controls))
        self.want_more()

    def at_end(self):
        """Whether nothing more can play: the search ended and this is its last step."""
        line = self.timeline
        return line.done and self.cursor.pos >= line.received

    def request_frame(self):
        """Ask for one animation frame (at most one pending)."""
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(self.frame_proxy)

    def on_frame(self, now):
        """One frame of play: advance by the speed (or the time budget), paint once."""
        self.frame_pending = False
        if not self.playing:
            return
        speed = options.SPEEDS[self.speed]
        if speed == 0:
            started = window.performance.now()
            while window.performance.now() - started < BUDGET_MS:
                if self.advance(CHUNK) == 0:
                    break
        else:
            self.carry += min(now - self.last_time, 250) * speed / 1000
            due = int(self.carry)
            self.carry -= due
            self.advance(due)
        self.last_time = now
        if self.at_end() and not self.loop:
            self.playing = False
            self.state("ended")
            self.set("play", "Play")
            if "caption" in self.part:
                self.part["caption"].setAttribute("aria-live", "polite")
        self.paint()
        self.want_more()
        if self.playing:
            self.request_frame()

    def advance(self, n):
        """Play up to ``n`` events, wrapping around the loop range if one is set."""
        if self.loop:
            first, last = self.loop
            last = min(last, self.timeline.received) if self.timeline.done else last
            if self.cursor.pos >= last or self.cursor.pos < first:
                timeline.seek(self.timeline, self.cursor, first)
                return 1
            n = min(n, last - self.cursor.pos)
        return timeline.advance(self.timeline, self.cursor, n)

    # -- painting ----------------------------------------------------------------------

    def paint(self):
        """Show the cursor's state: board, current event, counters, stack, code line."""
        line, cursor = self.timeline, self.cursor
        if line is None:
            return
        event = timeline.event_before(line, cursor)
        marks, ghost = marks_for(event)
        board, grid, looks, texts = cursor.board, self.grid, self.looks, self.texts
        for i in range(81):
            byte = board[i]
            mark = marks.get(i, "")
            text = ghost if mark.startswith(" now") and byte == wire.DOT else digit_text(byte)
            look = base_class(byte, grid[i] != ".") + mark
            if looks[i] != look:
                looks[i] = look
                self.cells[i].className = look
            if texts[i] != text:
                texts[i] = text
                self.cells[i].textContent = text
        self.paint_counters()
        self.paint_stack()
        self.paint_code(event)
        if event:
            self.say(timeline.caption(event))
        elif cursor.pos:
            self.say(
                "Step " + options.grouped(cursor.pos) + ": the steps just before it are "
                "not kept (see the note). Step on to see the search go on."
            )
        else:
            self.say("Step 0: the puzzle as given.")
        self.root.dataset.steps = str(cursor.pos)

    def paint_counters(self):
        """Steps, nodes, backtracks, depth, max depth, forced; the timeline's position."""
        line, cursor = self.timeline, self.cursor
        self.set("steps", options.grouped(cursor.pos))
        for role, index in COUNTERS:
            self.set(role, options.grouped(cursor.counts[index]))
        total = options.grouped(line.received) + ("" if line.done else "+")
        where = "Step " + options.grouped(cursor.pos) + " of " + total
        self.set("position", where)
        if "scrub" in self.part:
            scrub = self.part["scrub"]
            top = str(max(line.received, 1))
            if self.shown.get("scrub-max") != top:
                self.shown["scrub-max"] = top
                scrub.max = top
            scrub.value = str(cursor.pos)
            scrub.setAttribute("aria-valuetext", where)
            scrub.style.setProperty("--pos", str(100 * cursor.pos / int(top)) + "%")
            self.paint_gap(scrub)
        if line.received > line.cap and not (self.playing and self.shown.get("note")):
            self.note(cap_note(line, self.controls))

    def paint_gap(self, scrub):
        """Hatch the stretch of the timeline whose steps were let go (see player.css)."""
        line = self.timeline
        cut = timeline.gap(line)
        key = str(cut) + "/" + str(line.received)
        if self.shown.get("gap") == key:
            return
        self.shown["gap"] = key
        top = max(line.received, 1)
        first, last = cut or (top, top)
        size = (last + 1 - first) / top
        at = first / top / (1 - size) if size < 1 else 0
        scrub.style.setProperty("--gap-size", str(100 * size) + "%")
        scrub.style.setProperty("--gap-at", str(100 * at) + "%")

    def paint_stack(self):
        """The depth strip: the open guesses, newest first (as many as fit its two rows)."""
        if "stack" not in self.part:
            return
        stack = self.cursor.stack
        key = str(len(stack)) + ":" + (str(stack[-1]) if stack else "")
        if self.shown.get("stack") == key:
            return
        self.shown["stack"] = key
        box = self.part["stack"]
        while len(self.stack_items) < STACK_SHOWN:
            item = document.createElement("li")
            box.append(item)
            self.stack_items.append(item)
        depth = len(stack)
        for i, item in enumerate(self.stack_items):
            if i < depth:
                code = stack[depth - 1 - i]
                place = cell_name(code // 16) + "=" + str(code % 16)
                item.textContent = str(depth - i) + ": " + place
                item.hidden = False
                item.className = "newest" if i == 0 else ""
            else:
                item.hidden = True

    def show_code(self, text):
        """The strategy's source, one element per line (text only)."""
        box = self.part.get("code")
        if box is None:
            return
        box.replaceChildren()
        self.code_lines = []
        for number, line in enumerate(text.rstrip("\n").split("\n")):
            row = document.createElement("span")
            row.className = "line"
            row.dataset.line = str(number + 1)
            row.textContent = line + "\n"
            box.append(row)
            self.code_lines.append(row)
        self.marked_line = None

    def paint_code(self, event):
        """Mark the source line that made the current event (none at step 0)."""
        number = self.lines.get(event["kind"]) if event else None
        if number == self.marked_line:
            return
        if self.marked_line is not None:
            self.code_lines[self.marked_line - 1].classList.remove("current")
        if number is not None and number <= len(self.code_lines):
            self.code_lines[number - 1].classList.add("current")
            if "code" in self.part:
                self.part["code"].dataset.current = event["kind"]
        self.marked_line = number

    def show_speed(self):
        """The speed slider's label."""
        speed = options.SPEEDS[self.speed]
        self.set("speed-label", options.speed_label(speed))
        if "speed" in self.part:
            slider = self.part["speed"]
            slider.value = str(self.speed)
            slider.setAttribute("aria-valuetext", options.speed_label(speed))
            fill = 100 * self.speed / (len(options.SPEEDS) - 1)
            slider.style.setProperty("--pos", str(fill) + "%")

    def set_speed(self, notch):
        """Choose a speed notch (0 .. len(SPEEDS) - 1)."""
        self.speed = max(0, min(len(options.SPEEDS) - 1, notch))
        self.show_speed()

    # -- handlers ----------------------------------------------------------------------

    def on_click(self, event):
        """The buttons, by their ``data-role``; the board plays or pauses where no Play
        button shows (``use_controls``); a click anywhere else is only a click."""
        target = event.target.closest("button[data-role]")
        if target is None and "play" not in self.controls:
            target = event.target.closest("[data-role='board']")
            if target is None or self.solver is None:
                return
            if self.timeline is None:
                browser.spawn(self.open_then("play"))
            else:
                self.act("play")
            return
        if target is None or target.disabled:
            return
        role = target.dataset.role
        if role == "compare-stop":
            self.stop_compare("Stopped.")
        elif role == "compare" and self.timeline is not None:
            browser.spawn(self.compare())
        elif self.timeline is None:
            browser.spawn(self.open_then(role))
        else:
            self.act(role)

    def on_key(self, event):
        """Space plays or pauses, arrows step (Shift: 100), Home and End jump.

        Everywhere in the player but its compare and share parts. Space on a focused
        transport button plays or pauses too (Enter presses the button); a control with
        its own use of Space (a select, a text field, a link, a summary, any other button)
        keeps it, and so do arrows on a slider (it moves).
        """
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        key = event.key
        tag = target.tagName
        if tag in ("SELECT", "TEXTAREA", "A", "SUMMARY"):
            return
        if tag == "INPUT" and (target.type != "range" or key != " "):
            return
        if tag == "BUTTON" and key == " " and target.getAttribute("data-role") not in TRANSPORT:
            return
        if target.closest(".compare, .share"):
            return
        big = 100 if event.shiftKey else 1
        if key == " ":
            action = "play"
        elif key == "ArrowRight":
            action = "forward"
        elif key == "ArrowLeft":
            action = "back"
        elif key == "Home":
            action = "start"
        elif key == "End":
            action = "end"
        else:
            return
        event.preventDefault()
        if self.solver is None:
            return
        if self.timeline is None:
            browser.spawn(self.open_then(action))
        elif action == "forward":
            self.step(big)
        elif action == "back":
            self.step(-big)
        else:
            self.act(action)

    def on_scrub(self, event):
        """The timeline slider: jump there (the nearest held step)."""
        self.seek(int(event.target.value))

    def on_speed(self, event):
        """The speed slider."""
        self.set_speed(int(event.target.value))
        self.last_time = window.performance.now()

    def on_strategy(self, event):
        """A new strategy: trace the same puzzle again."""
        if self.solver is not None and self.timeline is not None:
            browser.spawn(self.open_trace(self.timeline.grid, event.target.value))

    # -- compare mode ------------------------------------------------------------------

    async def compare(self):
        """Run the puzzle under every strategy (in worker chunks) and show their counts.

        A compact page (the widget) keeps its table, ``data-role="compare-table"``,
        hidden until the first comparison: it shows from then on.
        """
        if self.solver is None or self.timeline is None:
            return
        self.compare_run += 1
        run = self.compare_run
        grid = self.timeline.grid
        cap = self.setting("compare-cap", COMPARE_CAP)
        if "compare-table" in self.part:
            self.part["compare-table"].hidden = False
        self.root.dataset.compare = "running"
        self.part["compare-stop"].hidden = False
        self.part["compare-status"].textContent = "Comparing..."
        results = {}
        for strategy in STRATEGIES:
            for field in ("steps", "nodes", "backtracks", "max_depth", "outcome"):
                self.compare_cell(strategy, field, "")
            self.compare_bar(strategy, None, 1)
        for strategy in STRATEGIES:
            self.compare_now = strategy
            result = await self.compare_one(run, grid, strategy, cap)
            if result is None:
                return
            results[strategy] = result
            self.compare_bars(results)
        self.compare_now = None
        self.part["compare-stop"].hidden = True
        self.part["compare-status"].textContent = options.compare_summary(
            [name for name, result in results.items() if result["capped"]], cap
        )
        self.root.dataset.compare = "done"

    async def compare_one(self, run, grid, strategy, cap):
        """Count one strategy's trace up to ``cap`` steps; None if stopped."""
        answer = json.loads(await self.solver.trace_start(grid, strategy))
        if run != self.compare_run:
            browser.spawn(self.solver.trace_stop(answer["session"]))
            return None
        session = answer["session"]
        result = {}
        self.compare_cell(strategy, "outcome", "running")
        try:
            while True:
                chunk = min(COMPARE_CHUNK, cap - result.get("steps", 0))
                result = json.loads(await self.solver.trace_count(session, chunk))
                if run != self.compare_run:
                    return None
                capped = not result["done"] and result["steps"] >= cap
                result["capped"] = capped
                more = "≥ " if capped else ""
                self.compare_cell(strategy, "steps", more + options.grouped(result["steps"]))
                self.compare_cell(strategy, "nodes", more + options.grouped(result["nodes"]))
                backtracks = more + options.grouped(result["backtracks"])
                self.compare_cell(strategy, "backtracks", backtracks)
                self.compare_cell(strategy, "max_depth", more + str(result["max_depth"]))
                outcome = result["outcome"] or ("stopped at the cap" if capped else "running")
                self.compare_cell(strategy, "outcome", outcome)
                if result["done"] or capped:
                    return result
        finally:
            browser.spawn(self.solver.trace_stop(session))

    def compare_cell(self, strategy, field, text):
        """One cell of the compare table."""
        element = self.part.get("cmp-" + strategy + "-" + field)
        if element is not None:
            element.textContent = text

    def compare_bars(self, results):
        """Bars of nodes, relative to the largest so far (the lesson is in the ratio); a
        count stopped at the cap is a lower bound: its bar is hatched and open-ended."""
        top = max([result["nodes"] for result in results.values()] + [1])
        for strategy, result in results.items():
            self.compare_bar(strategy, result, top)

    def compare_bar(self, strategy, result, top):
        """One strategy's bar (``result`` None: empty), with words for screen readers."""
        fill = self.part.get("cmp-" + strategy + "-bar")
        if fill is None:
            return
        bar = fill.parentElement
        if result is None:
            fill.style.width = "0"
            fill.className = ""
            bar.setAttribute("aria-hidden", "true")
            bar.removeAttribute("role")
            bar.removeAttribute("aria-label")
            return
        fill.style.width = str(max(0.5, 100 * result["nodes"] / top)) + "%"
        nodes = options.grouped(result["nodes"])
        if result["capped"]:
            fill.className = "capped"
            bar.removeAttribute("aria-hidden")
            bar.setAttribute("role", "img")
            words = ": at least " + nodes + " nodes (stopped at the cap: the search goes on)"
            bar.setAttribute("aria-label", strategy + words)
        else:
            fill.className = ""
            bar.setAttribute("aria-hidden", "true")
            bar.removeAttribute("role")
            bar.removeAttribute("aria-label")

    def stop_compare(self, text):
        """Stop compare mode: its next answer is dropped and its traces closed; the row
        that was running says so."""
        self.compare_run += 1
        if self.compare_now is not None:
            self.compare_cell(self.compare_now, "outcome", "stopped")
            for strategy in STRATEGIES[STRATEGIES.index(self.compare_now) + 1 :]:
                self.compare_cell(strategy, "outcome", "not run")
        self.compare_now = None
        self.root.dataset.compare = "stopped"
        self.part["compare-stop"].hidden = True
        self.part["compare-status"].textContent = text


def cap_note(line, controls=options.CONTROLS):
    """The note for a search longer than the kept steps: what is held, what was let go
    (on the timeline, if ``controls`` shows it)."""
    text = (
        "Showing the first "
        + options.grouped(line.cap)
        + " steps and the last "
        + options.grouped(line.behind * line.page)
        + " played: the search is longer, and "
        "plays on live."
    )
    cut = timeline.gap(line)
    if cut:
        text += (
            " Steps "
            + options.grouped(cut[0])
            + " to "
            + options.grouped(cut[1])
            + (" were let go (hatched on the timeline)" if "scrub" in controls else " were let go")
            + ": stepping skips them."
        )
    return text
