"""The page's main thread (MicroPython through PyScript): board input, paste, verdicts.

The 81 inputs are static HTML, typeable before any Python runs. This module adds the
board's rules (one digit per cell, arrow keys, paste, digit pad) and shows answers.
Conflicts are checked here, with the core package (``sudoku``, the same code in
MicroPython), as the reader types: no round trip per keystroke, and from the moment
MicroPython is up, seconds before the solver worker. Every other question about a puzzle
(parse it, solve it, export it) goes to the solver worker (src/web/worker/app.py, through
``client.Solver``): a search must never block the thread that paints the page. A solve runs there in
slices (``analyze_start``/``analyze_more``): Stop, Clear or an edit end it between two,
and the worker is free for the next request at once.

The board crosses to the worker as the core's grid, 81 characters with "." for blanks;
answers come back typed (``contract``).

Before Python the cells behave as plain inputs, each a tab stop: what is typed then is
read when the handlers attach (its last digit per cell), and the board becomes a single
tab stop (roving tabindex) with arrow keys.

The board outlives a reload and Back: ``keeping`` writes each change into the page's
address and the reader's games into localStorage where the browser allows it: the last
few games, each with its entries, pencil marks and time, and the one on the board
(``games`` says what is kept, and checks it when read back). A link's puzzle is shown
with its own game if there is one, and destroys none; without a link the game on the
board when the reader left comes back; what the reader typed before Python wins over
both. "Your games" opens any kept game.

A puzzle typed on an empty board is the reader's to set: Start solving makes its digits
the givens (refused while they clash or have no solution) and starts the timer; Edit
givens unlocks a puzzle's givens again, to fix a typo.

**The puzzle companion** (issue 14). The board is data (``entries.Board``: givens,
the reader's entries, solved digits, pencil marks) painted onto the 81 inputs
(``paint``, only the cells that changed). Every edit goes through ``edit``, so it can
be undone and redone (``history``: Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z, and the buttons).
Hint, Check and New puzzle ask the worker (``companion``); pencil marks and candidates show
in a layer over the board (``pencil``); the timer is ``stopwatch``'s.

Messages never outlive what they describe: an edit drops a solve in flight, says what
it did (or that the puzzle is solved) in place of whatever the status said, and clears a
failed paste's error.

Flags for tests and for the modules that build on this one: ``body[data-board]`` is
"ready" once the handlers are on, ``body[data-ready]`` "true" once the worker answered,
``#status[data-verdict]`` the last verdict (``status``; the solve's own flags are
``solving``'s); performance marks "sudoku:board-ready" and
"sudoku:solver-ready" time the boot (bench/browser.py reads them).
"""

import browser
import games
import options
from boardview import BoardView
from client import LOADING, Solver, WorkerError
from companion import Companion
from entries import Board
from history import History
from keeping import Keeper
from offline import keep_offline
from pencil import Layer
from pyscript import document, web, when, window, workers
from share import mount_app
from solving import Solving
from status import Status
from stopwatch import Stopwatch, clock_text, spoken

from sudoku.formats import PuzzleError, parse
from sudoku.grid import cell_name
from sudoku.validate import conflicts, describe

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any, TypedDict

    from player import Player

    from sudoku.validate import Conflict

    class State(TypedDict):
        """What ``state`` holds (see there)."""

        pencil: bool
        from_link: bool
        typed: bool
        player: Player | None


DIGITS = "123456789"
BLANK = "."
CLEAR_KEYS = ("Backspace", "Delete", "0", " ", "Spacebar")
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
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
    "restored",
)
"""Status verdicts about the board as it was (or its Undo): an edit replaces them."""

page = web.page
QUERY = window.location.search
"""The query the page was loaded with (a link's); the address then follows the board."""
state: "State" = {
    "pencil": False,
    "from_link": False,
    "typed": False,
    "player": None,
}
"""Pencil mode on; the link's puzzle shown before Python; digits typed before Python;
the player once mounted. The selected cell, the clashes and whether candidates show are
``view``'s (``BoardView``)."""
board = Board()
view = BoardView(board, Layer())
cells = view.cells
past = History()
status = Status(page["status"], page["messages"])
say, show_messages, clear_messages = status.say, status.show, status.clear
solver = Solver()
"""The worker's client (connected once the worker answers: ``connect``)."""


# -- the board ------------------------------------------------------------------------


def read_board(with_solution: bool = False) -> str:
    """The board as the core's grid (81 characters), givens and entries; solved digits
    only when asked."""
    return board.grid(with_solved=with_solution)


def givens() -> str:
    """The puzzle's givens as an 81-character grid ("." for blanks)."""
    return board.puzzle()


def paint() -> None:
    """Show the board (``BoardView.paint``), Rewind, Undo, Redo, Start solving and Edit
    givens as they apply; run or pause the timer."""
    view.paint(companion.look, companion.gone())
    companion.rater.follow()
    page["rewind"].hidden = not companion.mistakes or not companion.wrong
    page["undo"].disabled = not past.can_undo()
    page["redo"].disabled = not past.can_redo()
    page["start-solving"].hidden = board.locked or board.puzzle() == BLANK * 81
    page["edit-givens"].hidden = not board.locked
    watch.run(board.locked and not board.full())


def refresh() -> None:
    """After a change: conflicts found again, then everything painted."""
    find_conflicts()
    paint()


def edit(
    what: str,
    change: "Callable[[], object]",
    typed: bool = True,
    said: str = "",
    verdict: str = "edited",
) -> bool:
    """Make a change to the board that Undo can take back: ``what`` names it ("your 4 in
    r3c5", "Clear"), ``said`` and ``verdict`` are the status for it (default: ``what``,
    "edited"). False (nothing recorded) when it changed nothing."""
    before = board.snapshot()
    change()
    if board.snapshot() == before:
        return False
    past.record(before, what, watch.ms())
    companion.forget()
    refresh()
    board_changed(edit=typed, what=what, said=said, verdict=verdict)
    return True


def load_grid(grid: str, what: str, record: bool = True) -> None:
    """Put a puzzle on the page: its digits become the givens, the timer starts at zero.
    ``record``: the reader loaded it (Undo takes it back, and it is their game now)."""
    before = board.snapshot()
    board.load(grid)
    if record and board.snapshot() != before:
        past.record(before, what, watch.ms())
    companion.forget()
    clear_messages()
    watch.reset()
    refresh()
    board_changed(bump=record)


def finished() -> bool:
    """Whether the reader has just completed the puzzle: every cell theirs or a given,
    nothing clashing (a solver's fill is not theirs)."""
    return board.locked and board.full() and not view.clashing and not any(board.solved)


def board_changed(
    edit: bool = False, what: str = "", said: str = "", verdict: str = "edited", bump: bool = True
) -> None:
    """After any change to the board: drop what no longer holds, remember the new board
    (``bump``: as the reader's game, see ``games``).

    A solve in flight is dropped (its answer is about the old board), a failed paste's
    error goes; an ``edit`` (a typed digit, a mark, a hint applied) says what it did, or
    that the puzzle is solved, in place of what the status said (a verdict about the old
    board asks for a new solve); a whole new puzzle says what it is itself.
    """
    if solving.drop():
        say("The board changed: the solve was dropped. Press Solve again.", "edited")
    elif edit and finished():
        say(f"Solved! Every cell is filled and nothing clashes: {spoken(watch.ms())}.", "finished")
    elif edit and status.verdict in STALE:
        said = "The board changed: press Solve for its verdict."
        say(f"{sentence(what)} {said}" if what else said, "edited")
    elif edit and (said or what):
        say(said or sentence(what), verdict)
    if edit and status.kind == "error":
        clear_messages()
    keeper.remember(bump)


def sentence(what: str) -> str:
    """An edit's name as a sentence: "your 4 in r3c5" -> "Your 4 in r3c5."."""
    return what[:1].upper() + what[1:] + "." if what else ""


def set_cell(index: int, digit: str) -> None:
    """Type ``digit`` ("" clears) into a cell, as the keyboard and the pad do: a digit,
    or in pencil mode a pencil mark; a loaded puzzle's givens stay."""
    name = cell_name(index)
    if state["pencil"] and digit and board.value(index):
        say(f"{name} holds {board.value(index)}: erase it to pencil marks there.", "mark")
        return
    if state["pencil"] and not board.value(index):
        if digit:
            done = "no pencil mark" if digit in board.marks[index] else "pencil mark"
            edit(f"{done} {digit} in {name}", lambda: board.toggle_mark(index, digit))
        else:
            edit(f"no pencil marks in {name}", lambda: board.clear_marks(index))
        return
    if board.locked and board.givens[index]:
        cells[index].value = board.value(index)
        say(f"{name} is a given ({board.givens[index]}): it stays as it is.", "given")
        return
    mine = "your " if board.locked else "given "
    what = f"{mine}{digit} in {name}" if digit else f"erasing {name}"

    def change() -> None:
        board.write(index, digit)
        if digit and board.locked and page["tidy"].checked:
            board.tidy(index, digit)

    if not edit(what, change):
        cells[index].value = board.value(index)


# -- remembering the game: the address, and storage where allowed ---------------------


def kept_game(kept: "games.Kept", bump: bool) -> "games.Kept":
    """``kept`` with the board's game in it (``games.played``) and the view's choices:
    what ``keeper`` saves."""
    kept = games.played(kept, board, watch.ms(), bump)
    kept["hidden"], kept["auto"] = watch.hidden, view.auto
    kept["tidy"] = page["tidy"].checked is True
    return kept


async def restore_game() -> None:
    """Bring back what storage keeps: the view's choices, and a game: the link's puzzle's
    own, or (no link) the one on the board when the reader left; what the reader typed
    before Python stays."""
    kept = await keeper.read()
    watch.set_hidden(kept["hidden"])
    show_candidates(kept["auto"])
    page["tidy"].checked = kept["tidy"]
    if not state["typed"]:
        bring_back(kept)
    list_games(kept)


def bring_back(kept: "games.Kept") -> None:
    """Put the game the address asks for on the board, if it is kept (see
    ``restore_game``)."""
    if "puzzle=" in QUERY:
        game = games.find(kept, givens()) if state["from_link"] else None
        if game is not None:
            play(game)
        return
    game = games.find(kept, kept["current"]) if kept["current"] else None
    if game is not None and givens() == BLANK * 81:
        play(game)
        others = len(kept["games"]) - 1
        more = f"; Your games has {others} more" if others else ""
        say(f"Your last game is back on the board (Clear empties it{more}).", "restored")


def play(game: "games.Game") -> None:
    """Put a kept game on the board as it was: puzzle, entries, marks, time."""
    board.restore(game["board"])
    watch.reset(game["ms"])
    companion.forget()
    clear_messages()
    refresh()


def list_games(kept: "games.Kept") -> None:
    """Show the kept games in "Your games" (hidden while there are none), the one chosen
    kept chosen."""
    menu = page["games"]
    chosen = menu.value
    menu.replaceChildren()
    for number, game in enumerate(kept["games"], 1):
        given, filled = games.counts(game)
        item = document.createElement("option")
        item.value = str(number - 1)
        here = " (on the board)" if games.puzzle_of(game) == board.puzzle() else ""
        time = clock_text(game["ms"])
        item.textContent = f"#{number}: {filled}/{81 - given} filled, {time}{here}"
        menu.append(item)
    if chosen and chosen.isdigit() and int(chosen) < len(kept["games"]):
        menu.value = chosen  # a save (each second) keeps the reader's choice
    page["games-box"].hidden = not kept["games"]


def focus_cell(index: int, move_focus: bool = True) -> None:
    """Make a cell the selected one (``BoardView.select``), and give it the focus unless
    not ``move_focus``."""
    if view.select(index):
        paint()
    if move_focus:
        cells[index].focus()


def moved(index: int, key: str) -> int:
    """The cell an arrow key leads to from ``index``, stopping at the edges."""
    dr, dc = MOVES[key]
    row = min(8, max(0, index // 9 + dr))
    col = min(8, max(0, index % 9 + dc))
    return row * 9 + col


def sanitized(text: str) -> str:
    """What a cell keeps of typed text: its last digit 1-9, or nothing."""
    digits = [ch for ch in text if ch in DIGITS]
    return digits[-1] if digits else ""


def cell_index(event: "Any") -> int | None:
    """The board index of the cell an event happened in, or None outside a cell."""
    index = event.target.getAttribute("data-index")
    return int(index) if index else None


# -- messages -------------------------------------------------------------------------


def find_conflicts() -> None:
    """Find the clashing digits (givens and entries) at once, with the core on this thread
    (81 cells and their peers take well under a millisecond): ``paint`` marks them, and
    each clash is named (cell, digit and unit)."""
    found: list[Conflict] = conflicts(board.grid())
    view.clashing = {cell_name(cell) for conflict in found for cell in conflict[:2]}
    if found:
        show_messages([f"Conflict: {describe(c)}." for c in found], "conflict")
    elif status.kind == "conflict":
        clear_messages()


# -- talking to the worker -------------------------------------------------------------


def failed(error: Exception) -> None:
    """A background task's unexpected error, said in the status line, not thrown at the user."""
    solving.show_busy(False)
    say(f"Something went wrong: {error}", "error")


def spawn(coro: "Coroutine[Any, Any, object]") -> None:
    """Run a coroutine in the background: handlers return at once, the page stays live."""
    browser.spawn(coro, failed)


def check_conflicts() -> None:
    """Mark the digits that clash, at once."""
    refresh()


CLASHING = "The digits conflict: fix the marked cells first."
"""What Solve and Watch say of a board whose digits clash (neither searches it)."""


def refuse_clash() -> str:
    """Refuse a board whose digits clash (Solve, Watch): the clashes marked, the status
    says so; what it said ("" when nothing clashes: nothing said)."""
    check_conflicts()
    if not view.clashing:
        return ""
    say(CLASHING, "conflict")
    return CLASHING


async def load_text(text: str, source: str) -> None:
    """Parse pasted or imported text in the worker; on error keep the board as it is.

    A link's puzzle already shown before Python (``from_link``) is not read again, nor
    one that would replace what the reader typed before Python.
    """
    if source == "link" and (state["from_link"] or state["typed"]):
        if state["from_link"]:
            say("Puzzle loaded from the link.", "loaded")
        else:
            say("Kept what you typed: the link's puzzle was not loaded.", "loaded")
        return
    if not solver.connected:
        say(LOADING + ".")
        return
    try:
        answer = await solver.parse(text)
    except WorkerError as error:
        show_messages([f"Could not read the {source}: {error}"], "error")
        say("The board is unchanged.", "unread")
        return
    load_grid(answer["grid"], f"the puzzle from the {source}")
    say(f"Puzzle loaded from the {source}.", "loaded")


async def run_export(kind: str) -> None:
    """Export the board as shown (solved digits too) and copy it to the clipboard."""
    answer = await solver.export(read_board(with_solution=True))
    text = answer["line"] if kind == "line" else answer["json"]
    page["export-text"].value = text
    label = "81-char string" if kind == "line" else "LeetCode JSON"
    if await browser.copy_text(text):
        say(f"Copied the {label} to the clipboard.", "exported")
    else:  # the box keeps the text
        say(f"The {label} is in the Exported box: copy it from there.", "exported")


async def connect() -> None:
    """Wait for the worker to answer, then open the solve controls (or say why not)."""
    try:
        solver.connect(await workers["solver"])
        info = await solver.ready()
    except Exception as error:  # said on the page, not left stuck
        page["solve"].textContent = "Solver unavailable"
        say(f"The Python solver could not start: {error}", "error")
        page.body.dataset.ready = "failed"
        return
    companion.rater.connect()
    for button in page.find("#solve, .needs-python"):
        button.disabled = False
    page["solve"].textContent = "Solve"
    if status.verdict == "loading":
        say(f"{info['python']} is ready: type or paste a puzzle, then Solve.", "ready")
    state["player"] = mount_app(
        solver, read_board, load_text, refuses=refuse_clash, traced=keeper.remember, query=QUERY
    )
    page.body.dataset.ready = "true"
    window.performance.mark("sudoku:solver-ready")
    check_conflicts()
    spawn(keep_offline())


# -- event handlers ---------------------------------------------------------------------


@when("keydown", "#board")
def on_key(event: "Any") -> None:
    """Digits type (or pencil), clear keys clear, arrows move, H hints, P toggles pencil
    mode; other printable keys are ignored."""
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
    elif key in ("h", "H"):
        event.preventDefault()
        on_hint()
    elif key in ("p", "P"):
        event.preventDefault()
        on_pencil()
    elif len(key) == 1:
        event.preventDefault()


@when("input", "#board")
def on_input(event: "Any") -> None:
    """Text that got in another way (phone keyboards, IME, autofill): keep one digit.

    The inserted text wins over what the cell held, wherever the caret was.
    """
    index = cell_index(event)
    if index is not None:
        typed = sanitized(event.data or "")
        set_cell(index, typed or sanitized(event.target.value))


@when("focusin", "#board")
def on_focus(event: "Any") -> None:
    """Track the active cell, for the pad and the tab stop."""
    index = cell_index(event)
    if index is not None:
        focus_cell(index, move_focus=False)


@when("paste", "#board")
def on_paste(event: "Any") -> None:
    """A digit pastes into the cell; anything longer is read as a whole puzzle."""
    event.preventDefault()
    text = event.clipboardData.getData("text")
    index = cell_index(event)
    if index is not None and len(text.strip()) <= 1:
        set_cell(index, sanitized(text.strip()))
    else:
        spawn(load_text(text, "paste"))


@when("click", ".pad-key")
def on_pad(event: "Any") -> None:
    """The on-screen pad types into the active cell (no phone keyboard pops up)."""
    set_cell(view.active, event.currentTarget.dataset.digit)


@when("click", ".sample")
def on_sample(event: "Any") -> None:
    """Load a sample puzzle (81-char strings in the page's HTML)."""
    name = event.currentTarget.textContent
    load_grid(event.currentTarget.dataset.puzzle, f"the {name} sample")
    say(f"Sample loaded: {name}.", "loaded")


@when("click", "#solve")
def on_solve() -> None:
    """Start a solve; the handler returns at once so the page stays live."""
    if not solver.connected or solving.busy:
        return
    if board.forget_solution():
        paint()
    if status.kind == "error":
        clear_messages()
    spawn(solving.run(solving.start()))


@when("click", "#stop")
def on_stop() -> None:
    """End the solve in flight: ``Solving.run`` drops the search before its next slice."""
    solving.drop()
    say("Stopped. The board is as you left it.", "stopped")


@when("click", "#clear")
def on_clear() -> None:
    """Empty the board and the messages (a solve in flight is dropped); Undo brings it
    back."""
    empty = board.snapshot() == Board().snapshot()
    solving.drop()
    load_grid(BLANK * 81, "Clear")
    page["export-text"].value = ""
    if empty:
        say("Board cleared.", "cleared")
    else:
        say("Board cleared. Undo (or Ctrl+Z) brings it back.", "cleared")
    focus_cell(0)


@when("click", "#undo")
def on_undo() -> None:
    """Take back the last edit."""
    undo(redo=False)


@when("click", "#redo")
def on_redo() -> None:
    """Make the last undone edit again."""
    undo(redo=True)


def undo(redo: bool) -> bool:
    """Undo (or redo) the last edit and say which it was; False if there was none."""
    now, puzzle = board.snapshot(), board.puzzle()
    got = past.redo(now, watch.ms()) if redo else past.undo(now, watch.ms())
    if got is None:
        say("Nothing to redo." if redo else "Nothing to undo.", "history")
        return False
    board.restore(got[0])
    if board.puzzle() != puzzle:  # another puzzle: its own time comes back
        watch.reset(got[2])
    companion.forget()
    refresh()
    board_changed()
    say(("Redone: " if redo else "Undone: ") + got[1] + ".", "restored")
    return True


@when("keydown", "body")
def on_page_key(event: "Any") -> None:
    """Ctrl+Z (Cmd+Z) undoes, Ctrl+Y or Ctrl+Shift+Z redoes, except in a text box, which
    keeps its own undo. On the board the browser's own undo never runs: it would bring
    back digits typed long ago into cells the board's rules have since changed."""
    if event.key not in ("z", "Z", "y", "Y") or not (event.ctrlKey or event.metaKey):
        return
    target = event.target
    if target.tagName in ("TEXTAREA", "SELECT") or (
        target.tagName == "INPUT" and not is_cell(target)
    ):
        return
    event.preventDefault()
    undo(redo=event.key in ("y", "Y") or event.shiftKey)


def is_cell(element: "Any") -> bool:
    """Whether ``element`` is one of the board's cells."""
    return element.classList.contains("cell") and element.closest("#board") is not None


@when("click", "#hint")
def on_hint() -> None:
    """Show the easiest step; a second press applies it."""
    if solver.connected:
        spawn(companion.hint())


@when("click", "#check")
def on_check() -> None:
    """Name the entries that disagree with the solution."""
    if solver.connected:
        spawn(companion.check())


@when("click", "#new-puzzle")
def on_new_puzzle() -> None:
    """Make a puzzle of the chosen level in the worker."""
    if solver.connected and page.body.dataset.making != "true":
        spawn(companion.make(page["level"].value))


@when("click", "#pencil")
def on_pencil() -> None:
    """Pencil mode on or off: digits then toggle pencil marks instead of writing."""
    state["pencil"] = not state["pencil"]
    page["pencil"].setAttribute("aria-pressed", "true" if state["pencil"] else "false")
    page.body.dataset.pencil = "true" if state["pencil"] else "false"
    if state["pencil"]:
        say("Pencil on: digits toggle pencil marks in an empty cell (P switches back).", "mark")
    else:
        say("Pencil off: digits write into the cell again.", "mark")


@when("click", "#candidates")
def on_candidates() -> None:
    """Show or hide every blank's candidates (where the reader has no marks of their own)."""
    show_candidates(not view.auto)
    if view.auto:
        say("Candidates on: each empty cell shows the digits no peer holds.", "mark")
    else:
        say("Candidates off.", "mark")
    keeper.remember()


def show_candidates(on: bool) -> None:
    """Candidates shown (True) or not, and the button saying so."""
    view.auto = on
    page["candidates"].setAttribute("aria-pressed", "true" if on else "false")
    paint()


@when("click", "#timer-toggle")
def on_timer_toggle() -> None:
    """Hide or show the timer (it keeps counting); remembered."""
    watch.set_hidden(not watch.hidden)
    keeper.remember()


@when("click", "#import")
def on_import() -> None:
    """Read the import box as a puzzle."""
    spawn(load_text(page["import-text"].value, "import box"))


@when("click", "#export-line")
def on_export_line() -> None:
    """Export as an 81-char string."""
    spawn(run_export("line"))


@when("click", "#export-json")
def on_export_json() -> None:
    """Export as LeetCode JSON."""
    spawn(run_export("json"))


def on_tick() -> None:
    """Each second the timer runs: keep its time in storage."""
    spawn(keeper.save(False))


@when("visibilitychange", document)
def on_leave() -> None:
    """The page is hidden or shown (hidden: another tab, or leaving, as a reload or a link
    hides it first; a phone may end a hidden tab unannounced): a change not yet saved is
    saved now (``Keeper.flush``)."""
    keeper.flush()


@when("change", "#tidy")
def on_tidy() -> None:
    """Auto-erase on or off: remembered."""
    keeper.remember()


@when("click", "#reveal")
def on_reveal() -> None:
    """Reveal the selected cell's digit (see ``reveal``)."""
    if solver.connected:
        spawn(reveal(view.active))


async def reveal(cell: int) -> None:
    """Write the solution's digit into ``cell`` as the reader's entry (Undo takes it
    back), for a reader who wants one answer and no more."""
    name = cell_name(cell)
    if not board.locked:
        say("Reveal works on a puzzle being solved: press Start solving first.", "revealed")
        return
    if board.kind(cell) == "given":
        say(f"{name} is a given ({board.value(cell)}): select an empty cell.", "revealed")
        return
    before = board.snapshot()
    try:
        answer = await solver.reveal(board.puzzle(), cell)
    except WorkerError as error:
        answer = {"problem": str(error)}
    if board.snapshot() != before:
        return  # the reader moved on
    if "problem" in answer:
        say(f"Cannot reveal: {answer['problem']}.", "revealed")
        return
    digit = answer["digit"]
    if board.entries[cell] == digit:
        say(f"{name} is {digit}: your entry is right.", "revealed")
        return

    def change() -> None:
        board.write(cell, digit)
        board.tidy(cell, digit)

    edit(f"revealing {name}", change, said=f"{name} is {digit}.", verdict="revealed")


@when("click", "#rewind")
def on_rewind() -> None:
    """Undo back to before the wrong entries Check found (Redo brings them back)."""
    mistakes = dict(companion.mistakes)
    first = min(mistakes) if mistakes else None
    undone = 0
    while any(board.entries[c] == d for c, d in mistakes.items()) and past.can_undo():
        undo(redo=False)
        undone += 1
    companion.mistakes = {}
    paint()
    edits = "1 edit" if undone == 1 else f"{undone} edits"
    where = f" ({cell_name(first)} first)" if first is not None else ""
    say(f"Undid {edits}: back before your wrong entries{where}. Redo brings them back.", "restored")


@when("click", "#start-solving")
def on_start_solving() -> None:
    """Start solving the puzzle typed on the board (see ``start_solving``)."""
    if solver.connected:
        spawn(start_solving())


async def start_solving() -> None:
    """Make the typed digits the givens and start the timer, once the worker says they
    have a solution: a clash or no solution is said, and the givens stay editable."""
    if refuse_clash():
        return
    before = board.snapshot()
    try:
        answer = await solver.check(read_board(), BLANK * 81)
    except WorkerError as error:
        answer = {"problem": str(error)}
    if board.snapshot() != before:
        return  # the reader typed on meanwhile
    if "problem" in answer:
        say(f"Cannot start: {answer['problem']}. Fix the givens and try again.", "unstarted")
        return
    several = " It has more than one solution: Check compares with one of them." * (
        answer["solutions"] > 1
    )
    count = 81 - board.puzzle().count(BLANK)
    edit("start solving", board.lock, typed=False)
    watch.reset()
    say(
        f"Solving started: your {count} digits are the givens, what you type now is yours."
        f" The timer has started.{several}",
        "started",
    )


@when("click", "#edit-givens")
def on_edit_givens() -> None:
    """Let the puzzle's givens be changed (a typo fixed): Start solving locks them again."""
    edit("editing the givens", board.unlock, typed=False)
    say(
        "Editing the givens: type to fix them (your entries stay), then press Start solving.",
        "editing",
    )


@when("click", "#resume")
def on_resume() -> None:
    """Open the game chosen in "Your games" (Undo goes back)."""
    chosen = page["games"].value
    kept = keeper.kept["games"]
    if not chosen or not chosen.isdigit() or int(chosen) >= len(kept):
        return
    number = int(chosen) + 1
    game = kept[number - 1]
    before, ms = board.snapshot(), watch.ms()
    if games.puzzle_of(game) == board.puzzle():
        say(f"Game #{number} is the one on the board.", "restored")
        return
    past.record(before, f"opening game #{number}", ms)
    play(game)
    board_changed()
    given, filled = games.counts(game)
    say(
        f"Game #{number} is back: {given} givens, {filled} of {81 - given} filled"
        f" ({clock_text(game['ms'])}). Undo goes back.",
        "restored",
    )


watch = Stopwatch(on_tick)
solving = Solving(
    solver,
    board,
    status,
    page,
    fill=lambda solution: edit("the solve", lambda: board.fill(solution), typed=False),
    refuse=refuse_clash,
)
keeper = Keeper(board, kept_game, lambda: page["p-strategy"].value, list_games)
companion = Companion(board, solver, say, edit=edit, repaint=paint, load_grid=load_grid)


def start() -> None:
    """Take over the board: keep what was typed before Python (its last digit per cell)
    as the givens of a puzzle being typed, and the focus; make the board one tab stop,
    restore the board the reader left or the link's puzzle, then connect to the worker."""
    for i, cell in enumerate(cells):
        board.givens[i] = sanitized(cell.value)
        cell.tabIndex = -1
    state["typed"] = givens() != BLANK * 81
    focused = document.activeElement
    index = focused.getAttribute("data-index") if focused and is_cell(focused) else None
    focus_cell(int(index) if index else 0, move_focus=False)
    refresh()
    restore_board()
    page.body.dataset.board = "ready"
    window.performance.mark("sudoku:board-ready")
    spawn(connect())


def readable(text: str) -> "str | None":
    """The grid of ``text`` as the core reads it, else None (the worker says why once the
    puzzle is loaded through it)."""
    try:
        return parse(text)
    except PuzzleError:
        return None


def restore_board() -> None:
    """The link's puzzle, read by the core on the page at once; then what storage keeps
    (``restore_game``): the link's puzzle's own game, or without a link the last game."""
    wanted, _notes = options.read_query(QUERY)
    page["p-strategy"].value = wanted["strategy"]
    grid = readable(wanted["puzzle"]) if "puzzle=" in QUERY else None
    if grid and not state["typed"]:
        load_grid(grid, "", record=False)
        state["from_link"] = True
    spawn(restore_game())


start()
