"""The player's view: its markup's parts, and a cursor painted onto them.

The markup is static HTML (a ``.player`` root, written once in ``src/web/page/player/player.html``
and included by both pages); elements are found by ``data-role`` and whole parts by
``data-part``. Text only ever goes in with ``textContent``, and only when it changed:
at full speed a frame paints 81 cells and a few counters, so the DOM work stays small.

Runs on the page's main thread (MicroPython).
"""

import browser
import captions
import marks
import options
import timeline
import wire
from pyscript.ffi import create_proxy

from sudoku.grid import cell_name
from sudoku.words import AT_START, grouped, next_choice

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from timeline import Timeline
    from wire import Cursor, Fields

ENDS = ("solved", "exhausted")
"""The events that end a search: after them no strategy picks a next cell."""

COUNTERS = (
    ("nodes", wire.NODES),
    ("backtracks", wire.BACKTRACKS),
    ("depth", wire.DEPTH),
    ("max-depth", wire.MAX_DEPTH),
    ("forced", wire.FORCED),
)
"""Counter element roles and their position in a cursor's counters."""


def digit_text(byte: int) -> str:
    """What a board byte shows: a digit, or "" for a blank (forced ``a``-``i`` -> 1-9)."""
    if byte == wire.DOT:
        return ""
    return chr(byte - wire.FORCED_SHIFT) if byte > 57 else chr(byte)


def base_class(byte: int, given: bool) -> str:
    """A cell's lasting look: a given, a guess, a forced digit, or a blank."""
    if given:
        return "pcell given"
    if byte == wire.DOT:
        return "pcell"
    return "pcell forced" if byte > 57 else "pcell guess"


def marks_for(event: "Fields | None") -> tuple[dict[int, str], str]:
    """Cell index -> extra classes for the event just played (the current cell, the peer
    that rejects, the unit involved), and the digit to show in a blank current cell."""
    marks: dict[int, str] = {}
    if event is None:
        return marks, ""
    for cell in event["unit_cells"]:
        marks[cell] = " in-unit"
    if event["peer_index"] >= 0:
        marks[event["peer_index"]] = " peer"
    if event["index"] >= 0:
        marks[event["index"]] = " now k-" + event["kind"]
    return marks, event["digit"] if event["kind"] in ("try", "reject", "undo") else ""


def cap_note(line: "Timeline", controls: tuple[str, ...] = options.CONTROLS) -> str:
    """The note for a search longer than the kept steps: what is held, what was let go
    (on the timeline, if ``controls`` shows it)."""
    text = (
        "Showing the first "
        + grouped(line.cap)
        + " steps and the last "
        + grouped(line.behind * line.page)
        + " played: the search is longer, and "
        "plays on live."
    )
    cut = timeline.gap(line)
    if cut:
        text += (
            " Steps "
            + grouped(cut[0])
            + " to "
            + grouped(cut[1])
            + (" were let go (hatched on the timeline)" if "scrub" in controls else " were let go")
            + ": stepping skips them."
        )
    return text


class View:
    """The parts of one ``.player`` element, and what each shows now."""

    def __init__(self, root: "Any", frame: "Any") -> None:
        self.root = root
        self.frame = frame
        """The window ``root`` shows in (``player.Player``'s ``frame``)."""
        self.document = frame.document
        self.part: dict[str, Any] = {}
        for element in root.querySelectorAll("[data-role]"):
            self.part[element.dataset.role] = element
        self.cells = list(root.querySelectorAll(".pcell"))
        self.shown: dict[str, str] = {}
        """What each text part shows (by role), so a repaint writes only what changed."""
        self.looks = [""] * 81
        self.texts = [""] * 81
        self.stack_items: list[Any] = []
        self.stack: list[int] = []
        """The open guesses shown (``paint_stack``)."""
        self.stack_room = 0
        """How many chips the depth strip holds (its CSS grid: columns times rows),
        measured each time it is resized (0 while hidden or not measured yet)."""
        if "stack" in self.part:
            resized = browser.guarded(lambda _: self.stack_resized())
            observer = create_proxy(lambda _entries, _observer: resized(None))
            self.frame.ResizeObserver.new(observer).observe(self.part["stack"])
        self.code_lines: list[Any] = []
        self.marked_line: int | None = None
        self.lines: dict[str, int] = {}
        """The source line of each event kind (``show_code``)."""
        self.cost = ""
        """How long the open search is, in words ("" until counted: ``show_cost``)."""
        self.length = 0
        """Its steps, once counted to its end (0: not known)."""
        self.marks_on = False
        """Whether blanks show their candidates (``show_marks``)."""
        self.chooser = False
        """Whether the open trace's strategy guesses at the fewest candidates (mrv)."""
        self.mark_texts = [""] * 81
        """Each cell's pencil marks as shown ("" for none)."""
        self.pick = -1
        """The cell marked as mrv's next one (-1: none)."""
        self.pick_left = 0
        """Its number of candidates, as shown."""

    # -- words and flags -------------------------------------------------------------------

    def set(self, role: str, text: str) -> None:
        """Write ``text`` into a part (if the page has it), only when it changed."""
        element = self.part.get(role)
        if element is not None and self.shown.get(role) != text:
            self.shown[role] = text
            element.textContent = text

    def say(self, text: str) -> None:
        """The caption under the board."""
        self.set("caption", text)

    def note(self, text: str) -> None:
        """The note line (limits, bad input); "" hides it."""
        self.set("note", text)
        if "note" in self.part:
            self.part["note"].hidden = not text

    def state(self, name: str) -> None:
        """The player's state flag (tests and CSS read it)."""
        self.root.dataset.state = name

    def playing(self, playing: bool) -> None:
        """The Play button's word, and whether the caption is read out at each step (not
        while playing: a screen reader would drown)."""
        self.set("play", "Pause" if playing else "Play")
        if "caption" in self.part:
            self.part["caption"].setAttribute("aria-live", "off" if playing else "polite")

    def setting(self, name: str, default: int) -> int:
        """A positive whole number from the root's ``data-{name}`` (tests), else ``default``."""
        value = self.root.getAttribute("data-" + name)
        return int(value) if value and value.isdigit() and int(value) > 0 else default

    # -- the board -------------------------------------------------------------------------

    def show_grid(self, grid: str) -> None:
        """Show ``grid`` as a static board (before a trace, or before Python)."""
        for i, cell in enumerate(self.cells):
            self.texts[i] = "" if grid[i] == "." else grid[i]
            self.looks[i] = "pcell" if grid[i] == "." else "pcell given"
            cell.textContent = self.texts[i]
            cell.className = self.looks[i]

    def paint(
        self,
        line: "Timeline",
        cursor: "Cursor",
        grid: str,
        controls: tuple[str, ...],
        playing: bool,
    ) -> None:
        """Show the cursor's state: board, current event, counters, stack, code line."""
        event = timeline.event_before(line, cursor)
        extra, ghost = marks_for(event)
        board, looks, texts = cursor.board, self.looks, self.texts
        for i in range(81):
            byte = board[i]
            mark = extra.get(i, "")
            text = ghost if mark.startswith(" now") and byte == wire.DOT else digit_text(byte)
            look = base_class(byte, grid[i] != ".") + mark
            if looks[i] != look:
                looks[i] = look
                self.cells[i].className = look
            if texts[i] != text:
                texts[i] = text
                self.cells[i].textContent = text
        ended = event is not None and event["kind"] in ENDS
        next_cell = self.paint_marks(board, ended) if self.marks_on else ""
        self.paint_counters(line, cursor, controls, playing)
        self.paint_stack(cursor.stack)
        self.paint_code(event)
        if event:
            self.say(timeline.caption(event) + next_cell)
        elif cursor.pos:
            self.say(
                "Step " + grouped(cursor.pos) + ": the steps just before it are "
                "not kept (see the note). Step on to see the search go on."
            )
        else:
            self.say("Step 0: " + AT_START + (" " + self.cost if self.cost else ""))
        self.root.dataset.steps = str(cursor.pos)

    def show_cost(self, words: str, steps: str) -> None:
        """How long the search is (``compare.cost_caption``), said at step 0; ``steps`` on
        the root for tests ("" while unknown, "N+" past the count's cap)."""
        self.cost = words
        self.root.dataset.cost = steps
        self.length = int(steps) if steps.isdigit() else 0

    def show_marks(self, shown: bool) -> None:
        """Show or hide the candidates overlay; its button says which (``aria-pressed``)."""
        self.marks_on = shown
        self.root.dataset.marks = "true" if shown else "false"
        if "marks" in self.part:
            self.part["marks"].setAttribute("aria-pressed", "true" if shown else "false")
        if not shown:
            for i in range(81):
                self.mark_cell(i, "")
            self.mark_pick(-1, 0)

    def paint_marks(self, board: "bytes | bytearray", ended: bool) -> str:
        """Each blank's candidates (not the current cell's while it shows a digit tried),
        and mrv's next cell with its count (none once the search ``ended``: it picks no
        more); that cell in words, for the caption."""
        seen = marks.seen_masks(board)
        texts = self.texts
        for i in range(81):
            blank = board[i] == wire.DOT and not texts[i]
            self.mark_cell(i, marks.marks_text(seen[i]) if blank else "")
        pick = marks.fewest(board, seen) if self.chooser and not ended else -1
        self.mark_pick(pick, marks.count(seen[pick]) if pick >= 0 else 0)
        if pick < 0:
            return ""
        return " " + next_choice(cell_name(pick), marks.candidates(seen[pick])) + "."

    def mark_cell(self, i: int, text: str) -> None:
        """Cell ``i``'s pencil marks (``data-marks``; "" removes them), if they changed."""
        if self.mark_texts[i] == text:
            return
        self.mark_texts[i] = text
        if text:
            self.cells[i].setAttribute("data-marks", text)
        else:
            self.cells[i].removeAttribute("data-marks")

    def mark_pick(self, cell: int, left: int) -> None:
        """Mark ``cell`` (-1: none) as mrv's next one, with its number of candidates."""
        if (cell, left) == (self.pick, self.pick_left):
            return
        if self.pick >= 0:
            self.cells[self.pick].removeAttribute("data-pick")
        self.pick, self.pick_left = cell, left
        if cell >= 0:
            self.cells[cell].setAttribute("data-pick", str(left))

    def paint_counters(
        self, line: "Timeline", cursor: "Cursor", controls: tuple[str, ...], playing: bool
    ) -> None:
        """Steps, nodes, backtracks, depth, max depth, forced; the timeline's position."""
        self.set("steps", grouped(cursor.pos))
        for role, index in COUNTERS:
            self.set(role, grouped(cursor.counts[index]))
        known = line.done or self.length > 0
        total = grouped(line.received if line.done else self.length or line.received)
        total += "" if known else "+"
        where = "Step " + grouped(cursor.pos) + " of " + total
        self.set("position", where)
        if "scrub" in self.part:
            scrub = self.part["scrub"]
            top = str(max(line.received, min(self.length, line.cap), 1))
            if self.shown.get("scrub-max") != top:
                self.shown["scrub-max"] = top
                scrub.max = top
            scrub.value = str(cursor.pos)
            scrub.setAttribute("aria-valuetext", where)
            scrub.style.setProperty("--pos", str(100 * cursor.pos / int(top)) + "%")
            self.paint_gap(line, scrub)
        if line.received > line.cap and not (playing and self.shown.get("note")):
            self.note(cap_note(line, controls))

    def paint_gap(self, line: "Timeline", scrub: "Any") -> None:
        """Hatch the stretch of the timeline whose steps were let go (see player.css)."""
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

    def paint_stack(self, stack: list[int]) -> None:
        """The depth strip: the open guesses, newest first, as many as its rows hold; when
        more are open, the last chip says how many more ("+17 more")."""
        self.stack = stack
        room = self.stack_room
        if not room:  # (painted once measured: ``stack_resized``)
            return
        key = str(len(stack)) + ":" + (str(stack[-1]) if stack else "") + "/" + str(room)
        if self.shown.get("stack") == key:
            return
        self.shown["stack"] = key
        box = self.part["stack"]
        while len(self.stack_items) < room:
            item = self.document.createElement("li")
            box.append(item)
            self.stack_items.append(item)
        depth = len(stack)
        shown = depth if depth <= room else room - 1
        for i, item in enumerate(self.stack_items):
            if i < shown:
                code = stack[depth - 1 - i]
                place = cell_name(code // 16) + "=" + str(code % 16)
                item.textContent = str(depth - i) + ": " + place
                item.className = "newest" if i == 0 else ""
            elif i == shown and depth > shown:
                item.textContent = "+" + grouped(depth - shown) + " more"
                item.className = "more"
            item.hidden = i > shown or (i == shown and depth == shown)

    def measure_stack(self) -> int:
        """The chips the depth strip holds: its grid's columns times its rows (``--rows``
        in player.css); 0 while it is hidden."""
        box = self.part["stack"]
        if not box.clientWidth:
            return 0
        style = self.frame.getComputedStyle(box)
        columns = len(str(style.gridTemplateColumns).split())
        return max(1, columns * int(style.getPropertyValue("--rows") or 1))

    def stack_resized(self) -> None:
        """The depth strip changed size (the observer's call, once at the start too):
        measure it again and show its chips anew."""
        self.stack_room = self.measure_stack()
        self.paint_stack(self.stack)

    # -- the code panel and the speed --------------------------------------------------------

    def show_code(self, text: str, lines: dict[str, int]) -> None:
        """The strategy's source, one element per line (text only, its indent in
        ``--indent`` for the CSS's hanging indent; a narrow panel wraps a long line at its
        spaces, else after a dot, a bracket or a comma: ``breakable``); ``lines`` maps each
        event kind to the line that makes it."""
        self.lines = lines
        box = self.part.get("code")
        if box is None:
            return
        box.replaceChildren()
        self.code_lines = []
        for number, line in enumerate(text.rstrip("\n").split("\n")):
            row = self.document.createElement("span")
            row.className = "line"
            row.dataset.line = str(number + 1)
            row.style.setProperty("--indent", str(len(line) - len(line.lstrip(" "))) + "ch")
            for piece in breakable(line + "\n"):
                if piece:
                    row.append(self.document.createTextNode(piece))
                else:
                    row.append(self.document.createElement("wbr"))
            box.append(row)
            self.code_lines.append(row)
        self.marked_line = None

    def paint_code(self, event: "Fields | None") -> None:
        """Mark the source line that made the current event (none at step 0): a recorded
        write's own line (none for line 0: not the reader's), else its kind's line."""
        number = None
        if event and "line" in event:
            number = event["line"] or None
        elif event:
            number = self.lines.get(event["kind"])
        if number == self.marked_line:
            return
        if self.marked_line is not None:
            self.code_lines[self.marked_line - 1].classList.remove("current")
        if number is not None and number <= len(self.code_lines):
            line = self.code_lines[number - 1]
            line.classList.add("current")
            keep_in_view(line)
            if event and "code" in self.part:  # (a line is marked only for an event)
                self.part["code"].dataset.current = event["kind"]
        self.marked_line = number

    def label(self, recorded: bool) -> None:
        """Name the counters and headings for a ``recorded`` run of a reader's code (its
        writes, undos and open writes; no forced digits) or for our strategies."""
        counters = [role for role, _ in COUNTERS]
        for role, (ours, theirs) in captions.LABELS.items():
            name = theirs if recorded else ours
            if role in counters and role in self.part:
                self.part[role].previousElementSibling.textContent = name
            else:
                self.set(role, name)
        if "forced" in self.part:
            self.part["forced"].parentElement.hidden = recorded

    def show_speed(self, notch: int) -> None:
        """The speed slider at ``notch`` (an index in ``options.SPEEDS``), and its label."""
        label = captions.speed_label(options.SPEEDS[notch])
        self.set("speed-label", label)
        if "speed" in self.part:
            slider = self.part["speed"]
            slider.value = str(notch)
            slider.setAttribute("aria-valuetext", label)
            fill = 100 * notch / (len(options.SPEEDS) - 1)
            slider.style.setProperty("--pos", str(fill) + "%")


def keep_in_view(line: "Any") -> None:
    """Scroll the code panel (not the page) so that ``line`` shows, when it is out of view:
    the panel holds about 20 lines of a longer source (player.css)."""
    box = line.offsetParent  # the <pre>, positioned for this
    if box is None:
        return
    top, height = line.offsetTop, line.offsetHeight
    if top < box.scrollTop or top + height > box.scrollTop + box.clientHeight:
        box.scrollTop = max(0, top - box.clientHeight // 3)


BREAK_AFTER = ".([,"
"""Where a long name may wrap in the code panel besides a space: after ``self.``,
``isValid(`` or ``board,``, never inside a name."""


def breakable(line: str) -> list[str]:
    """``line`` in pieces of text with ``""`` where a wrap may fall (a ``<wbr>``): after
    each of ``BREAK_AFTER`` that a letter follows, so names are never cut in two."""
    pieces, start = [], 0
    for i in range(len(line) - 1):
        if line[i] in BREAK_AFTER and line[i + 1].isalpha():
            pieces += [line[start : i + 1], ""]
            start = i + 1
    pieces.append(line[start:])
    return pieces
