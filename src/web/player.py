"""The step-through player: watch depth-first search with backtracking fill the grid.

Shared by the app (index.html, wired by main.py through ``mount_app``) and the widget
(embed.html, src/web/embed.py). Runs on the page's main thread (MicroPython); the
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

Flags for tests: ``.player[data-state]`` (loading, ready, playing, paused, ended),
``[data-trace]`` (a number, new for each trace once ready), ``[data-steps]`` (the step
shown), ``[data-received]`` (events arrived), ``[data-pages]`` (pages held),
``[data-compare]`` (running, done, stopped).
"""

import asyncio
import json

import options
import timeline
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

CAP = 500000
"""Events kept for stepping back and the timeline (8 bytes each: about 4 MB)."""

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

COUNTERS = (
    ("nodes", timeline.NODES),
    ("backtracks", timeline.BACKTRACKS),
    ("depth", timeline.DEPTH),
    ("max-depth", timeline.MAX_DEPTH),
    ("forced", timeline.FORCED),
)
"""Counter element roles and their position in a cursor's counters."""

running = set()
"""Background tasks, referenced until they end."""


def guarded(handler):
    """A DOM event handler that never shows the reader a traceback: an error goes to the
    console (where tests see it) and the page goes on."""

    def run(event):
        try:
            handler(event)
        except Exception as error:  # a handler must never put a traceback on the page
            window.console.error("player: " + repr(error))

    return run


def spawn(coro):
    """Run a coroutine in the background (handlers return at once)."""
    running.add(asyncio.create_task(settle(coro)))


async def settle(coro):
    """Await a background coroutine; a failure goes to the console, the page goes on."""
    try:
        await coro
    except Exception as error:  # the player must survive anything a worker call throws
        window.console.error("player: " + str(error))
    finally:
        running.discard(asyncio.current_task())


def digit_text(byte):
    """What a board byte shows: a digit, or "" for a blank (forced ``a``-``i`` -> 1-9)."""
    if byte == timeline.DOT:
        return ""
    return chr(byte - timeline.FORCED_SHIFT) if byte > 57 else chr(byte)


def base_class(byte, given):
    """A cell's lasting look: a given, a guess, a forced digit, or a blank."""
    if given:
        return "pcell given"
    if byte == timeline.DOT:
        return "pcell"
    return "pcell forced" if byte > 57 else "pcell guess"


def marks_for(event):
    """Cell index -> extra classes for the event just played (the current cell, the peer
    that rejects, the unit involved), and the digit to show in a blank current cell."""
    marks = {}
    if event is None:
        return marks, ""
    for cell in timeline.unit_cells(event["unit"]):
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
        self.compare_run = 0
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
        self.root.addEventListener("click", create_proxy(guarded(self.on_click)))
        keys_target.addEventListener("keydown", create_proxy(guarded(self.on_key)))
        if "scrub" in self.part:
            self.part["scrub"].addEventListener("input", create_proxy(guarded(self.on_scrub)))
        if "speed" in self.part:
            self.part["speed"].addEventListener("input", create_proxy(guarded(self.on_speed)))
        if "strategy" in self.part:
            strategy = create_proxy(guarded(self.on_strategy))
            self.part["strategy"].addEventListener("change", strategy)

    def connect(self, solver):
        """The worker answered: the controls can work."""
        self.solver = solver
        for button in self.root.querySelectorAll("[data-needs-python]"):
            button.disabled = False

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
        self.pause()
        self.close()
        self.state("loading")
        self.say("Starting the " + strategy + " search...")
        answer = json.loads(await self.solver.trace_start(to_js(board), strategy))
        if run != self.generation:
            return False
        if "error" in answer:
            self.note("Cannot trace this puzzle: " + answer["error"])
            self.state("ready")
            return False
        self.session = answer["session"]
        self.strategy = answer["strategy"]
        if "strategy" in self.part:
            self.part["strategy"].value = self.strategy
        self.timeline = timeline.Timeline(answer["grid"], answer["page"], CAP)
        self.cursor = timeline.Cursor(answer["grid"])
        self.lines = answer["lines"]
        self.show_grid(answer["grid"])
        self.show_code(answer["source"])
        self.note("")
        await self.fill(run)
        if run != self.generation:
            return False
        self.state("ready")
        self.paint()
        self.say("Ready: press Play, or the right arrow key to take one step.")
        self.root.dataset.trace = str(run)
        if self.on_trace:
            self.on_trace(self.grid, self.strategy)
        return True

    def close(self):
        """Let the worker drop the open trace (if any)."""
        if self.session is not None and self.solver is not None:
            spawn(self.solver.trace_stop(self.session))
        self.session = None

    async def fill(self, run):
        """Fetch the next pages of the trace, unless a fetch is out or the trace ended."""
        if self.fetching == run or self.timeline is None or self.timeline.done:
            return
        self.fetching = run
        pages = AHEAD_PAGES * 2 if self.playing and options.SPEEDS[self.speed] == 0 else 1
        try:
            text = await self.solver.trace_pull(self.session, pages)
        finally:
            if self.fetching == run:
                self.fetching = 0
        if run != self.generation:
            return
        header = timeline.receive(self.timeline, text)
        if "error" in header:
            self.note(header["error"])
        self.root.dataset.received = str(self.timeline.received)
        self.root.dataset.pages = str(len(self.timeline.pages))
        if self.playing:
            self.request_frame()
        else:
            self.paint()

    def want_more(self):
        """Start a fetch if the cursor is near the end of what arrived (and can go on)."""
        line = self.timeline
        if line is None or line.done or self.fetching == self.generation:
            return
        if timeline.contiguous_end(line, self.cursor.pos) < line.received:
            return
        if line.received - self.cursor.pos < AHEAD_PAGES * line.page:
            spawn(self.fill(self.generation))

    # -- moving ------------------------------------------------------------------------

    def play(self):
        """Play from here at the chosen speed."""
        if self.timeline is None or self.playing:
            return
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
        if n > 0:
            timeline.advance(self.timeline, self.cursor, n)
        else:
            timeline.retreat(self.timeline, self.cursor, -n)
        self.paint()
        self.want_more()

    def seek(self, target):
        """Jump to step ``target`` (a checkpoint, then at most one page of replay)."""
        if self.timeline is None:
            return
        timeline.seek(self.timeline, self.cursor, target)
        self.paint()
        self.want_more()

    def to_end(self):
        """Jump to the last step that arrived (the search's end, once it has ended)."""
        self.pause()
        self.seek(self.reach())

    def reach(self):
        """The furthest step the cursor can reach from where it is."""
        line = self.timeline
        return max(timeline.kept(line), timeline.contiguous_end(line, self.cursor.pos))

    def at_end(self):
        """Whether nothing more can play: the trace ended, or its kept part did."""
        line = self.timeline
        end = timeline.contiguous_end(line, self.cursor.pos)
        return self.cursor.pos >= end and (line.done or end < line.received)

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
        self.paint()
        self.want_more()
        if self.playing:
            self.request_frame()

    def advance(self, n):
        """Play up to ``n`` events, wrapping around the loop range if one is set."""
        if self.loop:
            first, last = self.loop
            last = min(last, self.reach()) if self.timeline.done else last
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
            text = ghost if mark.startswith(" now") and byte == timeline.DOT else digit_text(byte)
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
        self.say(timeline.caption(event) if event else "Step 0: the puzzle as given.")
        self.root.dataset.steps = str(cursor.pos)

    def paint_counters(self):
        """Steps, nodes, backtracks, depth, max depth, forced; the timeline's position."""
        line, cursor = self.timeline, self.cursor
        self.set("steps", options.grouped(cursor.pos))
        for role, index in COUNTERS:
            self.set(role, options.grouped(cursor.counts[index]))
        total = options.grouped(timeline.kept(line))
        more = "" if line.done else "+"
        self.set("position", "Step " + options.grouped(cursor.pos) + " of " + total + more)
        if "scrub" in self.part:
            scrub = self.part["scrub"]
            top = str(max(self.reach(), 1))
            if self.shown.get("scrub-max") != top:
                self.shown["scrub-max"] = top
                scrub.max = top
            scrub.value = str(min(cursor.pos, self.reach()))
            scrub.setAttribute("aria-valuetext", "step " + str(cursor.pos))
        if line.received > line.cap and not self.shown.get("capped"):
            self.shown["capped"] = True
            self.note(
                "Showing the first "
                + options.grouped(line.cap)
                + " steps: the search is longer. Past them it plays on live, "
                "but only the first " + options.grouped(line.cap) + " can be stepped back through."
            )

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
                place = timeline.cell_name(code // 16) + "=" + str(code % 16)
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
            self.part["speed"].value = str(self.speed)
            self.part["speed"].setAttribute("aria-valuetext", options.speed_label(speed))

    def set_speed(self, notch):
        """Choose a speed notch (0 .. len(SPEEDS) - 1)."""
        self.speed = max(0, min(len(options.SPEEDS) - 1, notch))
        self.show_speed()

    # -- handlers ----------------------------------------------------------------------

    def on_click(self, event):
        """The buttons, by their ``data-role``; a click anywhere else is only a click."""
        target = event.target.closest("button[data-role]")
        if target is None or target.disabled:
            return
        role = target.dataset.role
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
            spawn(self.compare())
        elif role == "compare-stop":
            self.stop_compare("Stopped.")

    def on_key(self, event):
        """Space plays or pauses, arrows step (Shift: 100), Home and End jump.

        Space on a focused button, link or summary is that control's own: it activates it
        (Compare, Copy, a step button), as keyboard users expect.
        """
        if event.ctrlKey or event.metaKey or event.altKey or self.timeline is None:
            return
        tag = event.target.tagName
        key = event.key
        if tag in ("SELECT", "TEXTAREA") or (tag == "INPUT" and event.target.type != "range"):
            return
        if key == " " and tag in ("BUTTON", "A", "SUMMARY"):
            return
        if tag == "INPUT" and key != " ":
            return
        big = 100 if event.shiftKey else 1
        if key == " ":
            self.toggle()
        elif key == "ArrowRight":
            self.step(big)
        elif key == "ArrowLeft":
            self.step(-big)
        elif key == "Home":
            self.pause()
            self.seek(0)
        elif key == "End":
            self.to_end()
        else:
            return
        event.preventDefault()

    def on_scrub(self, event):
        """The timeline slider: jump there."""
        self.seek(int(event.target.value))

    def on_speed(self, event):
        """The speed slider."""
        self.set_speed(int(event.target.value))
        self.last_time = window.performance.now()

    def on_strategy(self, event):
        """A new strategy: trace the same puzzle again."""
        if self.solver is not None and self.timeline is not None:
            spawn(self.open_trace(self.timeline.grid, event.target.value))

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
        if "compare-table" in self.part:
            self.part["compare-table"].hidden = False
        self.root.dataset.compare = "running"
        self.part["compare-stop"].hidden = False
        self.part["compare-status"].textContent = "Comparing..."
        results = {}
        for strategy in options.STRATEGIES:
            for field in ("steps", "nodes", "backtracks", "max_depth", "outcome"):
                self.compare_cell(strategy, field, "")
        for strategy in options.STRATEGIES:
            result = await self.compare_one(run, grid, strategy)
            if result is None:
                return
            results[strategy] = result
            self.compare_bars(results)
        self.root.dataset.compare = "done"
        self.part["compare-stop"].hidden = True
        self.part["compare-status"].textContent = "Done: the same puzzle, three ways to choose."

    async def compare_one(self, run, grid, strategy):
        """Count one strategy's trace up to ``COMPARE_CAP`` steps; None if stopped."""
        answer = json.loads(await self.solver.trace_start(grid, strategy))
        session = answer["session"]
        result = {}
        try:
            while True:
                result = json.loads(await self.solver.trace_count(session, COMPARE_CHUNK))
                if run != self.compare_run:
                    return None
                capped = not result["done"] and result["steps"] >= COMPARE_CAP
                more = "more than " if capped else ""
                self.compare_cell(strategy, "steps", more + options.grouped(result["steps"]))
                self.compare_cell(strategy, "nodes", more + options.grouped(result["nodes"]))
                self.compare_cell(strategy, "backtracks", options.grouped(result["backtracks"]))
                self.compare_cell(strategy, "max_depth", str(result["max_depth"]))
                outcome = result["outcome"] or ("stopped at the cap" if capped else "running")
                self.compare_cell(strategy, "outcome", outcome)
                if result["done"] or capped:
                    return result
        finally:
            spawn(self.solver.trace_stop(session))

    def compare_cell(self, strategy, field, text):
        """One cell of the compare table."""
        element = self.part.get("cmp-" + strategy + "-" + field)
        if element is not None:
            element.textContent = text

    def compare_bars(self, results):
        """Bars of nodes, relative to the largest so far (the lesson is in the ratio)."""
        top = max([result["nodes"] for result in results.values()] + [1])
        for strategy, result in results.items():
            bar = self.part.get("cmp-" + strategy + "-bar")
            if bar is not None:
                bar.style.width = str(max(0.5, 100 * result["nodes"] / top)) + "%"

    def stop_compare(self, text):
        """Stop compare mode: its next answer is dropped and its traces closed."""
        self.compare_run += 1
        self.root.dataset.compare = "stopped"
        self.part["compare-stop"].hidden = True
        self.part["compare-status"].textContent = text


# -- the app's share panel and wiring -------------------------------------------------------


def page_url(path):
    """``path`` resolved against this page (the site may live under any sub-path)."""
    return window.URL.new(path, window.location.href).href


def show_share(grid, strategy):
    """Fill the Share / Embed panel for ``grid`` and ``strategy``."""
    query = options.share_query(grid, strategy)
    link = page_url("index.html" + query)
    widget = page_url("embed.html" + query)
    fields = {
        "share-link": link,
        "share-iframe": options.iframe_snippet(widget),
        "share-tag": options.tag_snippet(page_url("static/js/embed.js"), grid, strategy),
    }
    for name, text in fields.items():
        element = document.getElementById(name)
        if element is not None:
            element.value = text


async def copy_field(button):
    """Copy the field a Copy button names (the field keeps the text if refused)."""
    field = document.getElementById(button.dataset.copy)
    try:
        await window.navigator.clipboard.writeText(field.value)
        button.textContent = "Copied"
    except Exception:  # the clipboard may be refused: the field stays selectable
        field.select()
        button.textContent = "Select and copy"


def mount_app(solver, read_board, load_text):
    """Wire the app's player section: Watch, Compare, Share; restore a shared link.

    ``read_board()`` is the main board in the LeetCode shape; ``load_text(text, what)``
    reads a puzzle onto the main board (main.py's own functions).
    """
    root = document.getElementById("player")
    player = Player(root)
    player.connect(solver)
    player.on_trace = show_share

    def on_watch(_event):
        spawn(player.open_trace(read_board(), player.part["strategy"].value))

    document.getElementById("watch").addEventListener("click", create_proxy(on_watch))
    for button in document.querySelectorAll("[data-copy]"):
        button.addEventListener("click", create_proxy(lambda e: spawn(copy_field(e.currentTarget))))
    wanted, notes = options.read_query(window.location.search)
    if notes:
        player.note(" ".join(notes))
    player.part["strategy"].value = wanted["strategy"]
    if "puzzle=" in window.location.search:
        spawn(restore_link(player, wanted, " ".join(notes), read_board, load_text))
    root.dataset.mounted = "true"
    return player


async def restore_link(player, wanted, notes, read_board, load_text):
    """A shared link: its puzzle on the board, its strategy in the player, ready to play.

    ``notes`` (the link's settings that fell back to defaults) stay shown: opening the
    trace clears the note line.
    """
    await load_text(wanted["puzzle"], "link")
    if await player.open_trace(read_board(), wanted["strategy"]) and notes:
        player.note(notes)
