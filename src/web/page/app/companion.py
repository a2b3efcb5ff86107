"""The puzzle companion's questions to the worker: Hint, Check, New puzzle.

- **Hint** asks the worker for the easiest logical step (``sudoku.logic.next_step``) on
  the board, givens and entries, from the candidates the placed digits leave less those
  earlier hints crossed out. The step's cells and units light up and the status says it
  in words (``sudoku.logic.say``); pressing Hint again (its label says "Apply hint")
  applies it: a placement becomes an entry, an elimination leaves the cell's candidates
  and pencil marks. A chain's hint lists its links as numbered steps under the status
  (``#hint-steps``, ``sudoku.logic.chain_steps``) and lights every cell they use. A wrong
  entry comes first (``sudoku.logic.wrong_entry``): the status names it, the cell is
  marked, Undo to first mistake is offered, and the next press ("Erase r3c5") erases
  it. A conflict, a full board, or logic stuck: the status says which, and what to do.
- **Check** names the reader's entries that disagree with the puzzle's solution, and
  marks them, without showing any other digit.
- **Reveal** writes the solution's digit into the selected cell as the reader's entry,
  for a reader who wants one answer and no more.
- **New puzzle** has the worker take one of the chosen level from the bank, varied
  (``sudoku.generator.from_bank``); the page says what it is making.

While the reader reads a hint (or a wrong entry named), the companion asks the worker
for the hints of the boards that pressing on leads to (``look_ahead``): the board after
the step shown, then the one after that board's step, and so on, ``AHEAD`` boards deep,
one call at a time and only while the board is unchanged. Each is asked in slices
(``hints.Hints.ahead``: ``pending`` until its search is done), so a press never waits
behind a look-ahead's search for longer than one slice, and a press for the very board
being searched goes on with that search. The worker remembers its answers
(``hints.Hints.hint``), so the presses after are answered at once instead of after a chain's
search (up to half a second under MicroPython on the hardest puzzles): a reader who
reads each hint keeps the worker ``AHEAD`` steps in front, so one slow chain is worked
out during the reading of several quick steps. A new puzzle's first hint is asked ahead
too, once the worker knows it has one solution (the rating line's ``proper``, while its
path is still being rated: only then is its search known to be short), but that one
board only: at a hard puzzle's start, where the first steps are long chains, the
rating's walk (in slices, sharing its steps and its searches under way with the hints:
``known.Known.steps_of``) looks further ahead.

Hints are asked of the client's ``steps``: the deep worker once it answers (deep.py),
else the app's worker.

What it lights on the board is the view's ``Lit``; its changes go through the
``editing.Editor``. Any change makes a hint or a check stale: ``forget`` (on the editor's
``changed`` event). The puzzle's rating line is ``rating``'s (``Rater``).

Runs on the page's main thread (MicroPython).
"""

import browser
from client import WorkerError
from pyscript import document, window
from sheet import Sheet

from sudoku.grid import cell_name
from sudoku.words import listing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from boardview import Lit
    from client import Solver
    from contract import Step
    from editing import Editor
    from rating import Rater


AHEAD = 8
"""Boards asked about ahead of the reader, at most (``look_ahead``): with each hint read
for a second, about what the hardest chains take under MicroPython; the worker keeps
that many answers and a few more (``hints.HINTS_KEPT``)."""


def play_step(sheet: Sheet, step: "Step") -> None:
    """Apply a hint's step to ``sheet``: placements become entries (their peers' pencil
    marks go), eliminations leave the cells' candidates and pencil marks."""
    sheet.forget_solution()
    for cell, digit in step["placements"]:
        sheet.entries[cell] = digit
        sheet.tidy(cell, digit)
    for cell, digit in step["eliminations"]:
        sheet.strike(cell, digit)


def hint_request(sheet: Sheet) -> "tuple[str, str, str]":
    """What Hint asks the worker about ``sheet``: its grid (givens and entries), its
    givens, and the candidates hints struck (81 cells' strings joined by "|")."""
    return sheet.grid(), sheet.puzzle(), "|".join(sheet.struck)


def article(level: str) -> str:
    """``a hard``, ``an easy``."""
    return ("an " if level[0] in "aeiou" else "a ") + level


class Companion:
    """Hint, Check and New puzzle for the app's board (see the module's docstring)."""

    def __init__(  # noqa: PLR0913 (the page's parts it works with, each one job)
        self,
        sheet: "Sheet",
        solver: "Solver",
        say: "Callable[[str, str], None]",
        *,
        editor: "Editor",
        lit: "Lit",
        rater: "Rater",
    ) -> None:
        """``solver`` is the worker's client; ``say(text, verdict)`` writes the status;
        ``editor`` makes the changes (undoably) and paints; ``lit`` is what the board
        lights; ``rater`` the rating line (told a new puzzle's level)."""
        self.sheet = sheet
        self.solver = solver
        self.say = say
        self.editor = editor
        self.lit = lit
        self.rater = rater
        self.step: Step | None = None
        """The hint shown, waiting for a second press; None when there is none."""
        self.text = ""
        """The hint's words: its sentence, or a chain's action alone (its reasons are listed
        step by step while it is shown; once applied, the status says only what it did,
        and a nested chain's page of prose never pushes Hint off the screen)."""
        self.shown_for = ""
        """The board's snapshot the hint (or check) was made for."""
        self.erase: int | None = None
        """The wrong entry the hint shown named (a second press erases it), else None."""
        self.button = document.getElementById("hint")
        self.steps = document.getElementById("hint-steps")
        self.answers = 0
        """Hints and checks answered (``body[data-answers]``, for tests)."""
        self.ahead = 0
        """Look-aheads started (``look_ahead``): only the latest goes on."""

    def forget(self) -> bool:
        """Drop the hint and the check shown (the board changed); True if there was one."""
        had = self.lit.clear() or self.step is not None or self.erase is not None
        self.step, self.erase = None, None
        self.button.textContent = "Hint"
        self.list_steps([])
        return had

    def list_steps(self, lines: "list[str]") -> None:
        """Show a chain's steps, numbered, under the hint's words (text only, never HTML),
        from the first (the list scrolls in its box: static/css/app.css); none hides it."""
        self.steps.replaceChildren()
        for line in lines:
            item = document.createElement("li")
            item.textContent = line
            self.steps.append(item)
        self.steps.hidden = not lines
        self.steps.scrollTop = 0

    def now(self) -> str:
        """The board's state, to tell whether it changed while the worker thought."""
        return self.sheet.snapshot(with_solved=False)

    # -- hint ---------------------------------------------------------------------------

    def answered(self) -> None:
        """Count one more answer of Hint or Check (a test waits on the count)."""
        self.answers += 1
        document.body.dataset.answers = str(self.answers)

    async def hint(self) -> None:
        """Show the next step; if one is shown for this very board, apply it."""
        try:
            await self.find_step()
        finally:
            self.answered()

    async def check(self) -> None:
        """Name and mark the entries that disagree with the solution (or say none do)."""
        try:
            await self.find_wrong()
        finally:
            self.answered()

    async def find_step(self) -> None:
        """Show the next step (see ``hint``)."""
        before = self.now()
        if self.step is not None and self.shown_for == before:
            self.apply()
            return
        if self.erase is not None and self.shown_for == before:
            self.erase_wrong(self.erase)
            return
        self.forget()
        self.editor.paint()
        self.say("Looking for the easiest step…", "hinting")
        try:
            answer = await self.solver.steps.hint(*hint_request(self.sheet))
        except WorkerError as error:
            if self.now() == before:
                self.say(f"No hint: {error}", "error")
            return
        if self.now() != before:
            return  # the reader moved on: the answer is about another board
        if "cell" in answer:  # a wrong entry, before any reasoning
            self.name_wrong(answer["cell"], answer["digit"], answer["text"], before)
            return
        if "problem" in answer:
            self.say(answer["text"], "hint-" + answer["problem"])
            return
        step, steps = answer["step"], answer["steps"]
        self.step, self.shown_for = step, before
        self.text = answer["text"].split(" (")[0] if steps else answer["text"]
        lit = self.lit
        lit.cells = set(step["cells"]) | {cell for cell, _ in step["placements"]}
        lit.units = set(step["unit_cells"])
        lit.targets = {cell for cell, _ in step["eliminations"]}
        for cell, digit in step["eliminations"]:
            lit.gone[cell] = lit.gone.get(cell, "") + digit
        self.button.textContent = "Apply hint"
        self.editor.paint()
        self.say(self.text + ". Why, step by step:" if steps else self.text, "hint")
        self.list_steps(steps)
        self.look_ahead(lambda after: play_step(after, step))

    def name_wrong(self, cell: int, digit: str, text: str, before: str) -> None:
        """Show the wrong entry the worker named, before any reasoning: marked, Undo to
        first mistake offered, and Hint's next press erases it."""
        self.erase, self.shown_for = cell, before
        self.lit.wrong = {cell}
        self.lit.mistakes = {cell: digit}
        self.button.textContent = "Erase " + cell_name(cell)
        self.editor.paint()
        self.say(text, "hint-wrong-entry")
        self.look_ahead(lambda after: after.write(cell, ""))

    def look_ahead(self, change: "Callable[[Sheet], object]", deep: int = AHEAD) -> None:
        """Ask the worker, in the background, for the hint of the board ``change`` makes
        of this one (what the next press does), then of the board that hint leads to,
        and so on, ``deep`` boards (see the module's docstring): it remembers the answers
        for those presses. Flags for tests: ``body[data-ahead]`` is the first grid asked about,
        ``body[data-ahead-steps]`` how many of the boards have their hint so far."""
        after = Sheet()
        after.restore(self.sheet.snapshot())
        change(after)
        document.body.dataset.ahead = after.grid()
        document.body.dataset.aheadSteps = "0"
        self.ahead += 1
        asking = self.ask_ahead(after, deep, self.ahead, self.now())
        browser.spawn(asking, lambda _error: None)  # the press asks again

    async def ask_ahead(self, after: Sheet, deep: int, run: int, board: str) -> None:
        """Ask for the hints ``deep`` boards deep from ``after``, one at a time, while
        this run is the latest and the reader's board is still ``board`` (any change
        stops it: the boards asked about are then not the ones the presses lead to)."""
        for depth in range(1, deep + 1):
            request = hint_request(after)
            answer = await self.solver.steps.hint_ahead(*request)
            while "pending" in answer and run == self.ahead and self.now() == board:
                answer = await self.solver.steps.hint_ahead(*request)  # a slice at a time
            if run != self.ahead or self.now() != board:
                return  # the reader left the path: the press asks again
            document.body.dataset.aheadSteps = str(depth)
            if "step" not in answer:
                return  # the path ends (solved, stuck, a wrong entry named)
            play_step(after, answer["step"])

    def erase_wrong(self, cell: int) -> None:
        """Erase the wrong entry the hint named (an edit Undo takes back)."""
        name, sheet = cell_name(cell), self.sheet
        self.editor.edit(
            f"erasing {name} (not right there)",
            lambda: sheet.write(cell, ""),
            True,
            f"Erased your {sheet.entries[cell]} in {name}: press Hint for the next step.",
            "hint-applied",
        )

    def apply(self) -> None:
        """Play the hint shown: placements become entries, eliminations leave the marks."""
        step, text = self.step, self.text
        if step is None:
            return
        sheet = self.sheet
        self.editor.edit(
            "the hint, " + text.split(" (")[0],  # the undo menu's line: its action alone
            lambda: play_step(sheet, step),
            True,
            f"Hint applied: {text}.",
            "hint-applied",
        )

    # -- check --------------------------------------------------------------------------

    async def find_wrong(self) -> None:
        """Name and mark the wrong entries (see ``check``). The hint or check shown goes
        first, whatever Check then says (its words would leave a chain's steps listed
        under other words)."""
        count = self.sheet.count_entries()
        self.forget()
        self.editor.paint()
        if not count:
            self.say(
                "Nothing to check yet: Check looks at your own entries, and there are none.",
                "checked",
            )
            return
        before = self.now()
        self.say(f"Checking your {count} entries…", "checking")
        try:
            answer = await self.solver.check(self.sheet.puzzle(), self.sheet.entries_grid())
        except WorkerError as error:
            answer = {"problem": str(error)}
        if self.now() != before:
            return
        if "problem" in answer:
            self.say(f"Cannot check: {answer['problem']}.", "checked")
            return
        wrong, total = answer["wrong"], answer["entries"]
        some = " (this puzzle has several: checked against one)" if answer["solutions"] > 1 else ""
        if not wrong:
            every = "Your entry agrees" if total == 1 else f"All {total} of your entries agree"
            self.say(f"{every} with the solution{some}.", "checked")
            return
        self.lit.wrong, self.shown_for = set(wrong), before
        self.lit.mistakes = {cell: self.sheet.entries[cell] for cell in wrong}
        self.editor.paint()
        names = listing([cell_name(cell) for cell in wrong])
        verb = "disagrees" if len(wrong) == 1 else "disagree"
        which = "Your entry" if total == 1 else f"{len(wrong)} of your {total} entries"
        self.say(f"{which} {verb} with the solution{some}: {names}.", "checked")
        document.body.dataset.wrong = " ".join([cell_name(cell) for cell in wrong])

    # -- reveal ---------------------------------------------------------------------------

    async def reveal(self, cell: int) -> None:
        """Write the solution's digit into ``cell`` as the reader's entry (Undo takes it
        back), for a reader who wants one answer and no more."""
        sheet, say, name = self.sheet, self.say, cell_name(cell)
        if not sheet.locked:
            say("Reveal works on a puzzle being solved: press Start solving first.", "revealed")
            return
        if sheet.kind(cell) == "given":
            say(f"{name} is a given ({sheet.value(cell)}): select an empty cell.", "revealed")
            return
        before = sheet.snapshot()
        try:
            answer = await self.solver.reveal(sheet.puzzle(), cell)
        except WorkerError as error:
            answer = {"problem": str(error)}
        if sheet.snapshot() != before:
            return  # the reader moved on
        if "problem" in answer:
            say(f"Cannot reveal: {answer['problem']}.", "revealed")
            return
        digit = answer["digit"]
        if sheet.entries[cell] == digit:
            say(f"{name} is {digit}: your entry is right.", "revealed")
            return

        def change() -> None:
            sheet.write(cell, digit)
            sheet.tidy(cell, digit)

        self.editor.edit(
            f"revealing {name}", change, said=f"{name} is {digit}.", verdict="revealed"
        )

    # -- new puzzle -----------------------------------------------------------------------

    async def make(self, level: str) -> None:
        """Have the worker make a puzzle of ``level`` and load it (its digits the givens)."""
        button = document.getElementById("new-puzzle")
        button.disabled = True
        document.body.dataset.making = "true"
        self.say(f"Making {article(level)} puzzle…", "making")
        seed = int(
            window.Math.floor(window.Math.random() * 1073741824)
        )  # 30 bits: a small int both sides
        try:
            answer = await self.solver.generate(level, seed)
        except WorkerError as error:
            self.say(f"Could not make a puzzle: {error}", "error")
            return
        finally:
            button.disabled = False
            document.body.dataset.making = "false"
        self.editor.load(answer["grid"], f"New puzzle ({level})", origin=("new", level))
        self.rater.known(answer["grid"], answer["level"])
        document.body.dataset.seed = str(seed)
        document.body.dataset.makeMs = str(answer["ms"])  # the worker's own time (bench/)
        self.say(
            f"New {level} puzzle: {answer['givens']} givens, one solution. The timer has started.",
            "made",
        )
