"""The board's rules for change: every change to the sheet goes through ``Editor``.

So each can be undone and redone (``history``: Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z, and the
buttons), and after each what no longer holds goes: the ``changed`` event tells the
page's parts (a hint shown, the rating line, what is kept), a solve in flight is dropped
(its answer is about the old board), conflicts are found again, and the status says what
the change did, or that the puzzle is solved, in place of a verdict about the old board.

The typing rules: one digit per cell; a loaded puzzle's givens stay; in pencil mode a
digit toggles a pencil mark in an empty cell; with Auto-erase on, a placed digit leaves
its peers' pencil marks. A puzzle typed on an empty board is the reader's to set: Start
solving makes its digits the givens (refused while they clash or have no solution) and
starts the timer; Edit givens unlocks them again, to fix a typo.

Conflicts are checked here, with the core package (the same code in MicroPython), as the
reader types: no round trip per keystroke, and from the moment MicroPython is up, seconds
before the solver worker.

Runs on the page's main thread (MicroPython through PyScript).
"""

from client import WorkerError
from history import History
from pyscript.events import Event
from sheet import BLANK, Sheet
from stopwatch import spoken

from sudoku.grid import cell_name
from sudoku.validate import conflicts, describe

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from boardview import BoardView
    from client import Solver
    from contract import Verdict
    from solving import Solving
    from status import Status
    from stopwatch import Stopwatch

    from sudoku.validate import Conflict

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

CLASHING = "The digits conflict: fix the marked cells first."
"""What Solve and Watch say of a board whose digits clash (neither searches it)."""


def sentence(what: str) -> str:
    """An edit's name as a sentence: "your 4 in r3c5" -> "Your 4 in r3c5."."""
    return what[:1].upper() + what[1:] + "." if what else ""


class Editor:
    """Every change to the app's sheet (see the module's docstring)."""

    def __init__(  # noqa: PLR0913 (the page's parts it works with, each one job)
        self,
        sheet: "Sheet",
        view: "BoardView",
        status: "Status",
        watch: "Stopwatch",
        *,
        solving: "Solving",
        solver: "Solver",
        page: "Any",
    ) -> None:
        """``view`` paints ``sheet``; ``status`` says what a change did; ``watch`` is the
        timer (an edit is timed, a new puzzle starts it); ``solving`` the solve a change
        drops; ``solver`` the worker's client (Start solving asks it); ``page`` is
        ``pyscript.web.page``."""
        self.sheet = sheet
        self.view = view
        self.status = status
        self.watch = watch
        self.solving = solving
        self.solver = solver
        self.page = page
        self.past = History()
        self.pencil = False
        """Pencil mode: digits toggle pencil marks instead of writing."""
        self.changed = Event()
        """Triggered after every change to the sheet, before it is painted, with
        ``bump``: True when the reader played (``games.played``), False for a change that
        is not their play, None for a game brought back exactly as it was kept (nothing
        to keep)."""
        self.origin = ("", "", "")
        """The puzzle last loaded, where it came from and its level (``load``)."""
        self.leaving = Event()
        """Triggered before another puzzle or a kept game replaces the board (``load``,
        ``play``), the board still as the reader left it: a change still waiting to be
        kept is kept now, with its own puzzle (main.py)."""

    # -- painting ------------------------------------------------------------------------

    def paint(self) -> None:
        """Show the sheet (``BoardView.paint``), Rewind, Undo, Redo, Start solving and Edit
        givens as they apply; run or pause the timer."""
        sheet, lit, page = self.sheet, self.view.lit, self.page
        self.view.paint()
        page["rewind"].hidden = not lit.mistakes or not lit.wrong
        page["undo"].disabled = not self.past.can_undo()
        page["redo"].disabled = not self.past.can_redo()
        page["start-solving"].hidden = sheet.locked or sheet.puzzle() == BLANK * 81
        page["edit-givens"].hidden = not sheet.locked
        self.watch.run(sheet.locked and not sheet.full())

    def find_conflicts(self) -> None:
        """Find the clashing digits (givens and entries) at once, with the core on this
        thread (81 cells and their peers take well under a millisecond): ``paint`` marks
        them, and each clash is named (cell, digit and unit)."""
        found: list[Conflict] = conflicts(self.sheet.grid())
        self.view.clashing = {cell_name(cell) for conflict in found for cell in conflict[:2]}
        if found:
            self.status.show([f"Conflict: {describe(c)}." for c in found], "conflict")
        elif self.status.kind == "conflict":
            self.status.clear()

    def refresh(self) -> None:
        """After a change: conflicts found again, then everything painted."""
        self.find_conflicts()
        self.paint()

    def refuse_clash(self) -> str:
        """Refuse a board whose digits clash (Solve, Watch): the clashes marked, the status
        says so; what it said ("" when nothing clashes: nothing said)."""
        self.refresh()
        if not self.view.clashing:
            return ""
        self.status.say(CLASHING, "conflict")
        return CLASHING

    def finished(self) -> bool:
        """Whether the reader has just completed the puzzle: every cell theirs or a given,
        nothing clashing (a solver's fill is not theirs)."""
        sheet = self.sheet
        return sheet.locked and sheet.full() and not self.view.clashing and not any(sheet.solved)

    # -- changing --------------------------------------------------------------------------

    def settle(
        self,
        bump: "bool | None" = True,
        edit: bool = False,
        what: str = "",
        said: str = "",
        verdict: str = "edited",
    ) -> None:
        """After any change to the sheet: ``changed`` (``bump``, see there), conflicts
        found again and the sheet painted, a solve in flight dropped, and the status.

        An ``edit`` (a typed digit, a mark, a hint applied) says what it did (``said``
        with ``verdict``, or ``what`` as a sentence), or that the puzzle is solved, in
        place of what the status said (a verdict about the old board asks for a new
        solve), and clears a failed paste's error; a whole new puzzle says what it is
        itself.
        """
        say, status = self.status.say, self.status
        self.changed.trigger(bump)
        self.refresh()
        if self.solving.drop():
            say("The board changed: the solve was dropped. Press Solve again.", "edited")
        elif edit and self.finished():
            say(
                f"Solved! Every cell is filled and nothing clashes: {spoken(self.watch.ms())}.",
                "finished",
            )
        elif edit and status.verdict in STALE:
            said = "The board changed: press Solve for its verdict."
            say(f"{sentence(what)} {said}" if what else said, "edited")
        elif edit and (said or what):
            say(said or sentence(what), verdict)
        if edit and status.kind == "error":
            status.clear()

    def edit(
        self,
        what: str,
        change: "Callable[[], object]",
        typed: bool = True,
        said: str = "",
        verdict: str = "edited",
    ) -> bool:
        """Make a change to the sheet that Undo can take back: ``what`` names it ("your 4
        in r3c5", "Clear"), ``said`` and ``verdict`` are the status for it (default:
        ``what``, "edited"); ``typed``: the reader's own edit (``settle``'s ``edit``).
        False (nothing recorded) when it changed nothing."""
        before = self.sheet.snapshot()
        change()
        if self.sheet.snapshot() == before:
            return False
        self.past.record(before, what, self.watch.ms())
        self.settle(edit=typed, what=what, said=said, verdict=verdict)
        return True

    def load(
        self, grid: str, what: str, record: bool = True, origin: "tuple[str, str]" = ("", "")
    ) -> None:
        """Put a puzzle on the sheet: its digits become the givens, the timer starts at
        zero. ``record``: the reader loaded it (Undo takes it back, and it is their game
        now); ``origin``: where it came from and its level, for its name in Your games
        (``games.SOURCES``, ``games.LEVELS``)."""
        self.leaving.trigger(None)
        before = self.sheet.snapshot()
        self.sheet.load(grid)
        self.origin = (self.sheet.puzzle(), origin[0], origin[1])
        if record and self.sheet.snapshot() != before:
            self.past.record(before, what, self.watch.ms())
        self.status.clear()
        self.watch.reset()
        self.settle(bump=record)

    def play(self, board: str, ms: float, what: str = "") -> None:
        """Put a kept game on the sheet as it was (``board``: its ``Sheet.snapshot``, and
        its time); ``what``: the reader opened it (Undo goes back), else it comes back
        as it was kept."""
        self.leaving.trigger(None)
        if what:
            self.past.record(self.sheet.snapshot(), what, self.watch.ms())
        self.sheet.restore(board)
        self.watch.reset(ms)
        self.status.clear()
        self.settle(bump=True if what else None)

    def undo(self, redo: bool = False) -> bool:
        """Undo (or redo) the last edit and say which it was; False if there was none."""
        sheet, watch, say = self.sheet, self.watch, self.status.say
        now, puzzle = sheet.snapshot(), sheet.puzzle()
        got = self.past.redo(now, watch.ms()) if redo else self.past.undo(now, watch.ms())
        if got is None:
            say("Nothing to redo." if redo else "Nothing to undo.", "history")
            return False
        sheet.restore(got[0])
        if sheet.puzzle() != puzzle:  # another puzzle: its own time comes back
            watch.reset(got[2])
        self.settle()
        say(("Redone: " if redo else "Undone: ") + got[1] + ".", "restored")
        return True

    def rewind(self) -> None:
        """Undo back to before the wrong entries Check found (Redo brings them back)."""
        lit = self.view.lit
        mistakes, lit.mistakes = lit.mistakes, {}
        first = min(mistakes) if mistakes else None
        undone = 0
        while any(self.sheet.entries[c] == d for c, d in mistakes.items()) and self.past.can_undo():
            self.undo()
            undone += 1
        self.paint()
        edits = "1 edit" if undone == 1 else f"{undone} edits"
        where = f" ({cell_name(first)} first)" if first is not None else ""
        self.status.say(
            f"Undid {edits}: back before your wrong entries{where}. Redo brings them back.",
            "restored",
        )

    def clear(self) -> None:
        """Empty the sheet and the messages (a solve in flight is dropped); Undo brings it
        back."""
        empty = self.sheet.snapshot() == Sheet().snapshot()
        self.solving.drop()
        self.load(BLANK * 81, "Clear")
        self.page["export-text"].value = ""
        if empty:
            self.status.say("Board cleared.", "cleared")
        else:
            self.status.say("Board cleared. Undo (or Ctrl+Z) brings it back.", "cleared")

    # -- typing ----------------------------------------------------------------------------

    def set_cell(self, index: int, digit: str) -> None:
        """Type ``digit`` ("" clears) into a cell, as the keyboard and the pad do: a digit,
        or in pencil mode a pencil mark; a loaded puzzle's givens stay."""
        sheet, say, name = self.sheet, self.status.say, cell_name(index)
        if self.pencil and digit and sheet.value(index):
            say(f"{name} holds {sheet.value(index)}: erase it to pencil marks there.", "mark")
            return
        if self.pencil and not sheet.value(index):
            if digit:
                done = "no pencil mark" if digit in sheet.pencil[index] else "pencil mark"
                self.edit(f"{done} {digit} in {name}", lambda: sheet.toggle_pencil(index, digit))
            else:
                self.edit(f"no pencil marks in {name}", lambda: sheet.clear_pencil(index))
            return
        if sheet.locked and sheet.givens[index]:
            self.view.cells[index].value = sheet.value(index)
            say(f"{name} is a given ({sheet.givens[index]}): it stays as it is.", "given")
            return
        mine = "your " if sheet.locked else "given "
        what = f"{mine}{digit} in {name}" if digit else f"erasing {name}"
        tidy = bool(digit) and sheet.locked and self.page["tidy"].checked is True

        def change() -> None:
            sheet.write(index, digit)
            if tidy:
                sheet.tidy(index, digit)

        if not self.edit(what, change):
            self.view.cells[index].value = sheet.value(index)

    def switch_pencil(self) -> None:
        """Pencil mode on or off: digits then toggle pencil marks instead of writing."""
        self.pencil = not self.pencil
        on = "true" if self.pencil else "false"
        self.page["pencil"].setAttribute("aria-pressed", on)
        self.page.body.dataset.pencil = on
        if self.pencil:
            self.status.say(
                "Pencil on: digits toggle pencil marks in an empty cell (P switches back).", "mark"
            )
        else:
            self.status.say("Pencil off: digits write into the cell again.", "mark")

    # -- the worker's part -----------------------------------------------------------------

    def solve(self) -> "Coroutine[Any, Any, None]":
        """Start a solve now (``Solving.start``: Solve waits, Stop shows) and return what
        runs it in the worker (``solved``), to be spawned."""
        if self.sheet.forget_solution():
            self.paint()
        if self.status.kind == "error":
            self.status.clear()
        return self.solved(self.solving.start())

    async def solved(self, job: int) -> None:
        """Run solve ``job`` (``Solving.run``); a solution fills the blanks as solved
        digits (Undo takes them back), a clash the worker found is marked."""
        answer: Verdict | None = await self.solving.run(job)
        if answer is None:
            return
        solution = answer["solution"]
        if answer["verdict"] == "conflict":
            self.refuse_clash()
        elif solution:
            self.edit("the solve", lambda: self.sheet.fill(solution), typed=False)

    async def start_solving(self) -> None:
        """Make the typed digits the givens and start the timer, once the worker says they
        have a solution: a clash or no solution is said, and the givens stay editable."""
        if self.refuse_clash():
            return
        sheet, say = self.sheet, self.status.say
        before = sheet.snapshot()
        try:
            answer = await self.solver.check(sheet.grid(), BLANK * 81)
        except WorkerError as error:
            answer = {"problem": str(error)}
        if sheet.snapshot() != before:
            return  # the reader typed on meanwhile
        if "problem" in answer:
            say(f"Cannot start: {answer['problem']}. Fix the givens and try again.", "unstarted")
            return
        several = " It has more than one solution: Check compares with one of them." * (
            answer["solutions"] > 1
        )
        count = 81 - sheet.puzzle().count(BLANK)
        self.edit("start solving", sheet.lock, typed=False)
        self.watch.reset()
        say(
            f"Solving started: your {count} digits are the givens, what you type now is"
            f" yours. The timer has started.{several}",
            "started",
        )

    def edit_givens(self) -> None:
        """Let the puzzle's givens be changed (a typo fixed): Start solving locks them
        again."""
        self.edit("editing the givens", self.sheet.unlock, typed=False)
        self.status.say(
            "Editing the givens: type to fix them (your entries stay), then press Start solving.",
            "editing",
        )
