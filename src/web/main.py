"""The page's main thread (MicroPython through PyScript): board input, paste, verdicts.

The 81 inputs are static HTML, typeable before any Python runs. This module adds the
board's rules (one digit per cell, arrow keys, paste, digit pad) and shows answers.
Every question about a puzzle (parse it, find conflicts, solve it, export it) goes to
the solver worker (src/web/worker.py), which holds the core package: MicroPython cannot
import it, and a search must never block the thread that paints the page.

The board crosses to the worker in the LeetCode shape, ``list[list[str]]`` with "." for
blanks (what ``Solution().solveSudoku`` takes); answers come back as JSON text.

Messages never outlive what they describe: an edit drops a solve in flight, replaces a
verdict about the old board and clears a failed paste's error.

Flags for tests and for the modules that build on this one: ``body[data-board]`` is
"ready" once the handlers are on, ``body[data-ready]`` "true" once the worker answered,
``body[data-busy]`` "true" while a solve is out, ``#status[data-verdict]`` the last verdict,
``body[data-checked]`` equals ``body[data-edits]`` once conflicts are painted for the board,
``#status[data-ms]`` the worker's time for the last solve; performance marks
"sudoku:board-ready" and "sudoku:solver-ready" time the boot (bench/browser.py reads them).
"""

import asyncio
import json

from offline import keep_offline
from player import mount_app
from pyscript import web, when, window, workers
from pyscript.ffi import to_js

DIGITS = "123456789"
BLANK = "."
CLEAR_KEYS = ("Backspace", "Delete", "0", " ", "Spacebar")
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
MAX_MESSAGES = 6
STALE = (
    "unique",
    "multiple",
    "none",
    "conflict",
    "unread",
    "error",
    "exported",
    "stopped",
    "cleared",
)
"""Status verdicts about the board as it was: an edit replaces them."""

page = web.page
cells = list(page.find("#board .cell"))
state = {"solver": None, "active": 0, "job": 0, "check": 0}
"""The worker once it answered; the focused cell; the solve and check in flight."""
running = set()
"""Background tasks, referenced until they end."""


# -- the board ------------------------------------------------------------------------


def read_board(with_solution=False):
    """The board in the LeetCode shape; solved digits count only when asked."""
    values = [
        cell.value if cell.value and (with_solution or not is_solved(cell)) else BLANK
        for cell in cells
    ]
    return [values[r * 9 : r * 9 + 9] for r in range(9)]


def is_solved(cell):
    """Whether the cell shows a solver's digit rather than a given."""
    return "solved" in cell.classes


def label_cells():
    """Each cell's screen-reader label says where it is and what it holds, as now shown:
    "row 3, column 5, empty", "row 3, column 5, given 7", "row 3, column 5, solved 4"."""
    for i, cell in enumerate(cells):
        held = "solved" if is_solved(cell) else "given"
        what = f"{held} {cell.value}" if cell.value else "empty"
        cell.setAttribute("aria-label", f"row {i // 9 + 1}, column {i % 9 + 1}, {what}")


def show_puzzle(board):
    """Put a parsed board on the page: its digits become the givens."""
    forget_solution()
    for i, cell in enumerate(cells):
        digit = board[i // 9][i % 9]
        cell.value = digit if digit in DIGITS else ""
    label_cells()
    clear_messages()
    board_changed()
    check_conflicts()


def board_changed(edit=False):
    """After any change to the board: drop what no longer holds.

    A solve in flight is dropped (its answer is about the old board); for an ``edit`` (a
    typed digit) a verdict about the old board is replaced and a failed paste's error
    goes (a whole new puzzle says what it is itself).
    """
    if page.body.dataset.busy == "true":
        state["job"] += 1
        set_busy(False)
        say("The board changed: the solve was dropped. Press Solve again.", "edited")
    elif edit and page["status"].dataset.verdict in STALE:
        say("The board changed: press Solve for its verdict.", "edited")
    if edit and page["messages"].dataset.kind == "error":
        clear_messages()


def show_solution(board):
    """Fill the blanks from a solution, marked as solved digits (givens keep their look)."""
    for i, cell in enumerate(cells):
        if not cell.value:
            cell.value = board[i // 9][i % 9]
            cell.classes.add("solved")
    label_cells()


def forget_solution():
    """Blank every solved digit: an edit makes the old solution stale."""
    for cell in cells:
        if is_solved(cell):
            cell.value = ""
            cell.classes.remove("solved")
    label_cells()


def set_cell(index, digit):
    """Type ``digit`` ("" clears) into a cell, as the keyboard and the pad do."""
    forget_solution()
    cells[index].value = digit
    label_cells()
    board_changed(edit=True)
    check_conflicts()


def focus_cell(index, move_focus=True):
    """Make a cell the active one: the board's single tab stop (roving tabindex)."""
    cells[state["active"]].tabIndex = -1
    cells[state["active"]].classes.discard("active")
    state["active"] = index
    cells[index].tabIndex = 0
    cells[index].classes.add("active")
    if move_focus:
        cells[index].focus()


def moved(index, key):
    """The cell an arrow key leads to from ``index``, stopping at the edges."""
    dr, dc = MOVES[key]
    row = min(8, max(0, index // 9 + dr))
    col = min(8, max(0, index % 9 + dc))
    return row * 9 + col


def sanitized(text):
    """What a cell keeps of typed text: its last digit 1-9, or nothing."""
    digits = [ch for ch in text if ch in DIGITS]
    return digits[-1] if digits else ""


def cell_index(event):
    """The board index of the cell an event happened in, or None outside a cell."""
    index = event.target.getAttribute("data-index")
    return int(index) if index else None


# -- messages -------------------------------------------------------------------------


def say(text, verdict=""):
    """Show one line in the status region (read politely by screen readers)."""
    status = page["status"]
    status.textContent = text
    status.dataset.verdict = verdict


def show_messages(lines, kind):
    """List messages under the status: text only, never HTML (user text may be in it)."""
    box = page["messages"]
    clear_messages()
    box.dataset.kind = kind
    for line in lines[:MAX_MESSAGES]:
        item = web.li()
        item.textContent = line
        box.append(item)
    if len(lines) > MAX_MESSAGES:
        more = web.li()
        more.textContent = f"and {len(lines) - MAX_MESSAGES} more"
        box.append(more)


def clear_messages():
    """Empty the message list."""
    box = page["messages"]
    box.replaceChildren()
    box.dataset.kind = ""


def paint_conflicts(found):
    """Mark the clashing cells and name each clash (cell, digit and unit)."""
    clashing = {name for conflict in found for name in conflict["cells"]}
    for cell in cells:
        if cell.id in clashing:
            cell.classes.add("conflict")
            cell.setAttribute("aria-invalid", "true")
        else:
            cell.classes.discard("conflict")
            cell.removeAttribute("aria-invalid")
    if found:
        show_messages([f"Conflict: {c['message']}." for c in found], "conflict")
    elif page["messages"].dataset.kind == "conflict":
        clear_messages()


# -- talking to the worker -------------------------------------------------------------


def spawn(coro):
    """Run a coroutine in the background: handlers return at once, the page stays live."""
    running.add(asyncio.create_task(settle(coro)))


async def settle(coro):
    """Await a background coroutine; an unexpected error is said, not thrown at the user."""
    try:
        await coro
    except Exception as error:  # any failure ends here: the page must keep working
        set_busy(False)
        say(f"Something went wrong: {error}", "error")
    finally:
        running.discard(asyncio.current_task())


async def ask(call, *args):
    """Call the worker and decode its JSON answer."""
    return json.loads(await call(*[to_js(arg) for arg in args]))


def check_conflicts():
    """Re-check the givens in the background; only the latest check paints."""
    if state["solver"] is not None:
        state["check"] += 1
        page.body.dataset.edits = str(state["check"])
        spawn(run_check(state["check"]))


async def run_check(ticket):
    """Ask the worker for conflicts; drop the answer if the board changed since."""
    answer = await ask(state["solver"].conflicts, read_board())
    if ticket == state["check"]:
        paint_conflicts(answer.get("conflicts", []))
        page.body.dataset.checked = str(ticket)


async def load_text(text, source):
    """Parse pasted or imported text in the worker; on error keep the board as it is."""
    if state["solver"] is None:
        say("Python is still loading: try again in a moment.")
        return
    answer = await ask(state["solver"].parse, text)
    if "error" in answer:
        show_messages([f"Could not read the {source}: {answer['error']}"], "error")
        say("The board is unchanged.", "unread")
        return
    show_puzzle(answer["board"])
    say(f"Puzzle loaded from the {source}.", "loaded")


def set_busy(busy):
    """Show a solve in flight: Solve waits, Stop appears."""
    page.body.dataset.busy = "true" if busy else "false"
    page["solve"].disabled = busy
    page["stop"].hidden = not busy


def verdict_text(answer):
    """The status line for an analysis: verdict, browser time, nodes searched."""
    cost = f"{answer['ms']:.1f} ms in your browser, {answer['nodes']} nodes searched"
    return {
        "unique": f"Solved: the solution is unique ({cost}).",
        "multiple": f"More than one solution: showing one of them ({cost}).",
        "none": f"No solution: these givens cannot be completed ({cost}).",
    }[answer["verdict"]]


async def run_solve(job):
    """Analyze the board in the worker and show the verdict, unless Stop came first."""
    answer = await ask(state["solver"].analyze, read_board(), 2)
    if job != state["job"]:
        return
    set_busy(False)
    if "error" in answer:
        say(answer["error"], "error")
    elif answer["verdict"] == "conflict":
        paint_conflicts(answer["conflicts"])
        say("The givens conflict: fix the marked cells first.", "conflict")
    else:
        if answer["solution"]:
            show_solution(answer["solution"])
        page["status"].dataset.ms = str(answer["ms"])
        say(verdict_text(answer), answer["verdict"])


async def run_export(kind):
    """Export the board as shown (solved digits too) and copy it to the clipboard."""
    answer = await ask(state["solver"].export, read_board(with_solution=True))
    text = answer[kind]
    page["export-text"].value = text
    label = "81-char string" if kind == "line" else "LeetCode JSON"
    try:
        await window.navigator.clipboard.writeText(text)
        say(f"Copied the {label} to the clipboard.", "exported")
    except Exception:  # the clipboard may be refused: the box keeps the text
        say(f"The {label} is in the Exported box: copy it from there.", "exported")


async def connect():
    """Wait for the worker to answer, then open the solve controls (or say why not)."""
    try:
        solver = await workers["solver"]
        info = json.loads(await solver.ready())
    except Exception as error:  # said on the page, not left stuck
        page["solve"].textContent = "Solver unavailable"
        say(f"The Python solver could not start: {error}", "error")
        page.body.dataset.ready = "failed"
        return
    state["solver"] = solver
    for button in page.find("#solve, .needs-python"):
        button.disabled = False
    page["solve"].textContent = "Solve"
    say(f"Python {info['python']} is ready: type or paste a puzzle, then Solve.", "ready")
    mount_app(solver, read_board, load_text)
    page.body.dataset.ready = "true"
    window.performance.mark("sudoku:solver-ready")
    check_conflicts()
    spawn(keep_offline())


# -- event handlers ---------------------------------------------------------------------


@when("keydown", "#board")
def on_key(event):
    """Digits type, clear keys clear, arrows move; other printable keys are ignored."""
    index = cell_index(event)
    if index is None or event.ctrlKey or event.metaKey or event.altKey:
        return
    key = event.key
    if key in MOVES:
        event.preventDefault()
        focus_cell(moved(index, key))
    elif len(key) == 1 and key in DIGITS:
        event.preventDefault()
        set_cell(index, key)
    elif key in CLEAR_KEYS:
        event.preventDefault()
        set_cell(index, "")
    elif len(key) == 1:
        event.preventDefault()


@when("input", "#board")
def on_input(event):
    """Text that got in another way (phone keyboards, IME, autofill): keep one digit.

    The inserted text wins over what the cell held, wherever the caret was.
    """
    index = cell_index(event)
    if index is not None:
        typed = sanitized(event.data or "")
        set_cell(index, typed or sanitized(event.target.value))


@when("focusin", "#board")
def on_focus(event):
    """Track the active cell, for the pad and the tab stop."""
    index = cell_index(event)
    if index is not None:
        focus_cell(index, move_focus=False)


@when("paste", "#board")
def on_paste(event):
    """A digit pastes into the cell; anything longer is read as a whole puzzle."""
    event.preventDefault()
    text = event.clipboardData.getData("text")
    index = cell_index(event)
    if index is not None and len(text.strip()) <= 1:
        set_cell(index, sanitized(text.strip()))
    else:
        spawn(load_text(text, "paste"))


@when("click", ".pad-key")
def on_pad(event):
    """The on-screen pad types into the active cell (no phone keyboard pops up)."""
    set_cell(state["active"], event.currentTarget.dataset.digit)


@when("click", ".sample")
def on_sample(event):
    """Load a sample puzzle (81-char strings in the page's HTML)."""
    line = event.currentTarget.dataset.puzzle
    show_puzzle([list(line[r * 9 : r * 9 + 9]) for r in range(9)])
    say(f"Sample loaded: {event.currentTarget.textContent}.", "loaded")


@when("click", "#solve")
def on_solve():
    """Start a solve; the handler returns at once so the page stays live."""
    if state["solver"] is None or page.body.dataset.busy == "true":
        return
    forget_solution()
    if page["messages"].dataset.kind == "error":
        clear_messages()
    state["job"] += 1
    set_busy(True)
    say("Solving…", "solving")
    spawn(run_solve(state["job"]))


@when("click", "#stop")
def on_stop():
    """Drop the solve in flight: the worker finishes it unseen."""
    state["job"] += 1
    set_busy(False)
    say("Stopped. The board is as you left it.", "stopped")


@when("click", "#clear")
def on_clear():
    """Empty the board and the messages (a solve in flight is dropped)."""
    state["job"] += 1
    set_busy(False)
    show_puzzle([[BLANK] * 9 for _ in range(9)])
    page["export-text"].value = ""
    say("Board cleared.", "cleared")
    focus_cell(0)


@when("click", "#import")
def on_import():
    """Read the import box as a puzzle."""
    spawn(load_text(page["import-text"].value, "import box"))


@when("click", "#export-line")
def on_export_line():
    """Export as an 81-char string."""
    spawn(run_export("line"))


@when("click", "#export-json")
def on_export_json():
    """Export as LeetCode JSON."""
    spawn(run_export("json"))


def start():
    """Tidy what was typed before Python arrived, then connect to the worker."""
    for cell in cells:
        cell.value = sanitized(cell.value)
    label_cells()
    page.body.dataset.board = "ready"
    window.performance.mark("sudoku:board-ready")
    spawn(connect())


start()
