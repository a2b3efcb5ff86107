"""The app's page (MicroPython through PyScript): its parts, made and wired together.

The 81 inputs are static HTML, typeable before any Python runs: what is typed then is
read when the handlers attach (its last digit per cell), and the board becomes a single
tab stop (roving tabindex) with arrow keys. Each part has one job, and gets the parts it
works with when it is made:

- ``sheet.Sheet``: the board as data (givens, entries, solved digits, pencil marks);
  ``boardview.BoardView`` paints it onto the inputs (``pencil`` the marks layer);
- ``editing.Editor``: every change to the sheet (typing, pencil marks, undo, load,
  Solve's fill, Start solving), with conflicts found as the reader types;
- ``solving.Solving``: Solve and Stop, slice by slice in the worker;
- ``companion.Companion``: Hint, Check, Reveal and New puzzle; ``rating.Rater`` the
  puzzle's rating line; ``deep.Deep``: Pyodide for the hardest puzzles' steps;
- ``keeping.Keeper``: the game in the address and in storage; ``yourgames``: what comes
  back when the page opens, and the "Your games" menu; ``exchange``: puzzles read from
  text (a paste, the import box, a link) and the board exported;
- ``status.Status``, ``stopwatch.Stopwatch``, ``section.mount_section`` (the player,
  Watch, Compare, Share).

Every question about a puzzle that needs a search goes to the solver worker
(src/web/worker/app.py, through ``client.Solver``): a search must never block the
thread that paints the page. The parts talk through their constructors and events: the
editor's ``changed`` (after every change to the sheet), the timer's ``ticked``, the
rating's ``proper`` and ``hardest``;
this module's handlers only route the page's events to them.

Flags for tests: ``body[data-board]`` is "ready" once the handlers are on,
``body[data-ready]`` "true" once the worker answered (``body[data-prepared]`` "true" once
it loaded the companion's modules after), ``#status[data-verdict]`` the last
verdict (``status``; the solve's own flags are ``solving``'s); performance marks
"sudoku:board-ready" and "sudoku:solver-ready" time the boot (bench/browser.py reads them).
"""

import browser
import keys
import options
from boardview import BoardView
from client import Solver
from companion import Companion
from deep import Deep
from editing import Editor
from exchange import Exchange
from keeping import Keeper
from offline import keep_offline
from pencil import Layer
from pyscript import document, web, when, window, workers
from rating import Rater
from section import mount_section
from sheet import BLANK, Sheet
from solving import Solving
from status import Status
from stopwatch import Stopwatch
from yourgames import Arrival, YourGames

from sudoku.formats import PuzzleError, parse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Coroutine
    from typing import Any


def navigation() -> str:
    """How the page was reached: "navigate", "reload", "back_forward" (Navigation Timing)."""
    entries = window.performance.getEntriesByType("navigation")
    return str(entries[0].type) if entries.length else "navigate"


page = web.page
arrival = Arrival(window.location.search, navigation())
sheet = Sheet()
view = BoardView(sheet, Layer())
status = Status(page["status"], page["messages"])
watch = Stopwatch()
solver = Solver()
"""The worker's client (connected once the worker answers: ``connect``)."""
solving = Solving(solver, sheet, status, page)
editor = Editor(sheet, view, status, watch, solving=solving, solver=solver, page=page)
rater = Rater(sheet, solver)
deep = Deep(solver, rater.hand_over)
companion = Companion(sheet, solver, status.say, editor=editor, lit=view.lit, rater=rater)
your_games = YourGames(editor, view, status, page, arrival)
exchange = Exchange(solver, editor, status, page, arrival)
keeper = Keeper(sheet, your_games.kept, lambda: page["p-strategy"].value, your_games.show)


def failed(error: Exception) -> None:
    """A background task's unexpected error, said in the status line, not thrown at the user."""
    solving.show_busy(False)
    status.say(f"Something went wrong: {error}", "error")


def spawn(coro: "Coroutine[Any, Any, object]") -> None:
    """Run a coroutine in the background: handlers return at once, the page stays live."""
    browser.spawn(coro, failed)


def focus_cell(index: int, move_focus: bool = True) -> None:
    """Make a cell the selected one (``BoardView.select``), and give it the focus unless
    not ``move_focus``."""
    if view.select(index):
        editor.paint()
    if move_focus:
        view.cells[index].focus()


def cell_index(event: "Any") -> int | None:
    """The board index of the cell an event happened in, or None outside a cell."""
    index = event.target.getAttribute("data-index")
    return int(index) if index else None


def is_cell(element: "Any") -> bool:
    """Whether ``element`` is one of the board's cells."""
    return element.classList.contains("cell") and element.closest("#board") is not None


def show_candidates(on: bool) -> None:
    """Candidates shown (True) or not, and the button saying so."""
    view.auto = on
    page["candidates"].setAttribute("aria-pressed", "true" if on else "false")
    editor.paint()


# -- the parts' events -------------------------------------------------------------------


@when(editor.changed)
def on_change(bump: "bool | None") -> None:
    """The sheet changed: a hint or check shown is stale, the rating line follows the
    puzzle, and the game is kept (unless brought back as it was: ``bump`` None)."""
    companion.forget()
    rater.follow()
    if bump is not None:
        keeper.remember(bump)


@when(editor.leaving)
def on_leaving(_nothing: None) -> None:
    """Another puzzle or game is about to replace the board: a change still waiting for
    the typing to pause (``keeping.QUIET_MS``) is kept now, on its own puzzle's game
    (``Keeper.flush``), not lost under the next puzzle's."""
    keeper.flush()


@when(rater.proper)
def on_proper(_puzzle: str) -> None:
    """The puzzle has one solution (its rating under way or come): ask ahead for its
    first hint, so the first press is answered from the worker's memory."""
    companion.look_ahead(lambda _sheet: None, 1)


@when(rater.hardest)
def on_hardest(tenths: int) -> None:
    """The puzzle's hardest step so far: Pyodide for its hints, if it earns its cost."""
    deep.consider(tenths)


@when("pointerdown", window)
@when("keydown", window)
@when("click", window)
@when("input", window)
@when("paste", window)
def on_reader_act(_event: "Any") -> None:
    """The reader is at work on the page: it is not idle (``Deep.touch``)."""
    deep.touch()


@when(watch.ticked)
def on_tick() -> None:
    """Each second the timer runs: keep its time (``Keeper.tick``)."""
    keeper.tick()


@when("storage", window)
def on_storage(event: "Any") -> None:
    """Another tab of the site saved: Your games shows what it kept (``Keeper.refresh``)."""
    keeper.refresh(event.key)


@when("visibilitychange", document)
def on_leave() -> None:
    """The page is hidden or shown (hidden: another tab, or leaving, as a reload or a link
    hides it first; a phone may end a hidden tab unannounced): a change not yet saved is
    saved now (``Keeper.flush``)."""
    keeper.flush()


# -- the board -------------------------------------------------------------------------


@when("keydown", "#board")
def on_key(event: "Any") -> None:
    """A key in a cell does what ``keys.action`` names; other printable keys are
    swallowed."""
    index = cell_index(event)
    if index is None or event.ctrlKey or event.metaKey or event.altKey:
        return
    key = event.key
    action = keys.action(key)
    if action:
        event.preventDefault()
    if action == "move":
        focus_cell(keys.moved(index, key))
    elif action in ("digit", "clear"):
        editor.set_cell(index, key if action == "digit" else "")
    elif action == "hint":
        on_hint()
    elif action == "pencil":
        editor.switch_pencil()


@when("input", "#board")
def on_input(event: "Any") -> None:
    """Text that got in another way (phone keyboards, IME, autofill): keep one digit.

    The inserted text wins over what the cell held, wherever the caret was.
    """
    index = cell_index(event)
    if index is not None:
        typed = keys.sanitized(event.data or "")
        editor.set_cell(index, typed or keys.sanitized(event.target.value))


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
        editor.set_cell(index, keys.sanitized(text.strip()))
    else:
        spawn(exchange.load(text, "paste"))


@when("click", ".pad-key")
def on_pad(event: "Any") -> None:
    """The on-screen pad types into the active cell (no phone keyboard pops up)."""
    editor.set_cell(view.active, event.currentTarget.dataset.digit)


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
    editor.undo(redo=event.key in ("y", "Y") or event.shiftKey)


# -- the buttons ---------------------------------------------------------------------------


@when("click", ".sample")
def on_sample(event: "Any") -> None:
    """Load a sample puzzle (81-char strings in the page's HTML)."""
    button = event.currentTarget
    name, level = button.textContent, button.getAttribute("data-level") or ""
    editor.load(button.dataset.puzzle, f"the {name} sample", origin=("sample", level))
    status.say(f"Sample loaded: {name}.", "loaded")


@when("click", "#solve")
def on_solve() -> None:
    """Start a solve; the handler returns at once so the page stays live."""
    if solver.connected and not solving.busy:
        spawn(editor.solve())


@when("click", "#stop")
def on_stop() -> None:
    """End the solve in flight: ``Solving.run`` drops the search before its next slice."""
    solving.drop()
    status.say("Stopped. The board is as you left it.", "stopped")


@when("click", "#clear")
def on_clear() -> None:
    """Empty the board (Undo brings it back) and select its first cell."""
    editor.clear()
    focus_cell(0)


@when("click", "#undo")
def on_undo() -> None:
    """Take back the last edit."""
    editor.undo()


@when("click", "#redo")
def on_redo() -> None:
    """Make the last undone edit again."""
    editor.undo(redo=True)


@when("click", "#rewind")
def on_rewind() -> None:
    """Undo back to before the wrong entries Check found (Redo brings them back)."""
    editor.rewind()


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


@when("click", "#reveal")
def on_reveal() -> None:
    """Reveal the selected cell's digit (``Companion.reveal``)."""
    if solver.connected:
        spawn(companion.reveal(view.active))


@when("click", "#new-puzzle")
def on_new_puzzle() -> None:
    """Make a puzzle of the chosen level in the worker."""
    if solver.connected and page.body.dataset.making != "true":
        spawn(companion.make(page["level"].value))


@when("click", "#pencil")
def on_pencil() -> None:
    """Pencil mode on or off."""
    editor.switch_pencil()


@when("click", "#candidates")
def on_candidates() -> None:
    """Show or hide every blank's candidates (where the reader has no marks of their own)."""
    show_candidates(not view.auto)
    if view.auto:
        status.say("Candidates on: each empty cell shows the digits no peer holds.", "mark")
    else:
        status.say("Candidates off.", "mark")
    keeper.remember()


@when("click", "#timer-toggle")
def on_timer_toggle() -> None:
    """Hide or show the timer (it keeps counting); remembered."""
    watch.set_hidden(not watch.hidden)
    keeper.remember()


@when("change", "#tidy")
def on_tidy() -> None:
    """Auto-erase on or off: remembered."""
    keeper.remember()


@when("click", "#start-solving")
def on_start_solving() -> None:
    """Make the typed digits the givens (``Editor.start_solving``)."""
    if solver.connected:
        spawn(editor.start_solving())


@when("click", "#edit-givens")
def on_edit_givens() -> None:
    """Let the givens be changed: Start solving locks them again."""
    editor.edit_givens()


@when("change", "#games")
def on_game_chosen() -> None:
    """A game chosen in "Your games": its picture and facts beside the menu."""
    your_games.describe(keeper.kept)


@when("click", "#resume")
def on_resume() -> None:
    """Open the game chosen in "Your games" (Undo goes back)."""
    your_games.resume(keeper.kept)


@when("click", "#import")
def on_import() -> None:
    """Read the import box as a puzzle."""
    spawn(exchange.load(page["import-text"].value, "import box"))


@when("click", "#export-line")
def on_export_line() -> None:
    """Export as an 81-char string."""
    spawn(exchange.export("line"))


@when("click", "#export-json")
def on_export_json() -> None:
    """Export as LeetCode JSON."""
    spawn(exchange.export("json"))


# -- starting ------------------------------------------------------------------------------


def readable(text: str) -> "str | None":
    """The grid of ``text`` as the core reads it, else None (the worker says why once the
    puzzle is loaded through it)."""
    try:
        return parse(text)
    except PuzzleError:
        return None


async def restore_game() -> None:
    """Bring back what storage keeps: the view's choices, and a game (``YourGames``)."""
    kept = await keeper.read()
    watch.set_hidden(kept["hidden"])
    show_candidates(kept["auto"])
    page["tidy"].checked = kept["tidy"]
    your_games.bring_back(kept)
    your_games.show(kept)


def restore_board() -> None:
    """The link's puzzle, read by the core on the page at once; then what storage keeps
    (``restore_game``)."""
    wanted, _notes = options.read_query(arrival.query)
    page["p-strategy"].value = wanted["strategy"]
    grid = readable(wanted["puzzle"]) if arrival.link else None
    if grid and not arrival.typed:
        editor.load(grid, "", record=False, origin=("link", ""))
        arrival.from_link = True
    spawn(restore_game())


async def connect() -> None:
    """Wait for the worker to answer, then open the solve controls (or say why not)."""
    try:
        solver.connect(await workers["solver"])
        info = await solver.ready()
    except Exception as error:  # said on the page, not left stuck
        page["solve"].textContent = "Solver unavailable"
        status.say(f"The Python solver could not start: {error}", "error")
        page.body.dataset.ready = "failed"
        return
    rater.connect()
    for button in page.find("#solve, .needs-python"):
        button.disabled = False
    page["solve"].textContent = "Solve"
    if status.verdict == "loading":
        status.say(f"{info['python']} is ready: type or paste a puzzle, then Solve.", "ready")
    mount_section(
        solver,
        sheet.grid,
        exchange.load,
        refuses=editor.refuse_clash,
        traced=keeper.remember,
        query=arrival.query,
    )
    page.body.dataset.ready = "true"
    window.performance.mark("sudoku:solver-ready")
    editor.refresh()
    spawn(keep_offline())
    browser.spawn(prepare())  # a failure is the first real call's to say: logged only


async def prepare() -> None:
    """Have the worker load the companion's modules while the reader starts reading, not
    when they first press (``hints.prepare``)."""
    await solver.prepare()
    page.body.dataset.prepared = "true"


def start() -> None:
    """Take over the board: keep what was typed before Python (its last digit per cell)
    as the givens of a puzzle being typed, and the focus; make the board one tab stop,
    restore the board the reader left or the link's puzzle, then connect to the worker."""
    for i, cell in enumerate(view.cells):
        sheet.givens[i] = keys.sanitized(cell.value)
        cell.tabIndex = -1
    arrival.typed = sheet.puzzle() != BLANK * 81
    focused = document.activeElement
    index = focused.getAttribute("data-index") if focused and is_cell(focused) else None
    focus_cell(int(index) if index else 0, move_focus=False)
    rater.follow()
    editor.refresh()
    restore_board()
    page.body.dataset.board = "ready"
    window.performance.mark("sudoku:board-ready")
    spawn(connect())


start()
