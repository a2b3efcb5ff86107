"""The puzzle companion's questions to the worker (issue 14): Hint, Check, New puzzle.

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
- **New puzzle** has the worker make one at the chosen level (``sudoku.generator``):
  seconds for *hard* in Pyodide, off this thread; the page says what it is making.

Any edit makes a hint or a check stale: main.py calls ``forget`` before it paints. The
puzzle's rating line is ``rating``'s (``Companion.rater``).

Runs on the page's main thread (MicroPython).
"""

from client import WorkerError
from entries import Board
from pyscript import document, window
from rating import Rater

from sudoku.grid import cell_name
from sudoku.words import listing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from client import Solver
    from contract import Step


def article(level: str) -> str:
    """``a hard``, ``an easy``."""
    return ("an " if level[0] in "aeiou" else "a ") + level


class Companion:
    """Hint, Check and New puzzle for the app's board (see the module's docstring)."""

    def __init__(  # noqa: PLR0913 (the page's parts it works with, each one job)
        self,
        board: Board,
        solver: "Solver",
        say: "Callable[[str, str], None]",
        *,
        edit: "Callable[..., object]",
        repaint: "Callable[[], object]",
        load_grid: "Callable[[str, str], object]",
    ) -> None:
        """``solver`` is the worker's client; ``say(text, verdict)`` writes the status;
        ``edit(what, change, typed, said, verdict)`` makes an undoable change (``said``
        with ``verdict`` its status, unless the puzzle is solved); ``repaint()`` paints
        the board; ``load_grid(grid, what)`` loads a new puzzle."""
        self.board = board
        self.solver = solver
        self.say = say
        self.edit = edit
        self.repaint = repaint
        self.load_grid = load_grid
        self.step: Step | None = None
        """The hint shown, waiting for a second press; None when there is none."""
        self.text = ""
        self.shown_for = ""
        """The board's snapshot the hint (or check) was made for."""
        self.cells: set[int] = set()
        self.units: set[int] = set()
        self.targets: set[int] = set()
        """The cells whose candidates the hint shown crosses out."""
        self.wrong: set[int] = set()
        self.mistakes: dict[int, str] = {}
        """The wrong entries Check found, cell to digit (Undo to the first mistake)."""
        self.erase: int | None = None
        """The wrong entry the hint shown named (a second press erases it), else None."""
        self.rater = Rater(board, solver)
        """The puzzle's rating line (``rating``): main.py's paint calls its ``follow``."""
        self.button = document.getElementById("hint")
        self.steps = document.getElementById("hint-steps")
        self.answers = 0
        """Hints and checks answered (``body[data-answers]``, for tests)."""

    def look(self, cell: int) -> str:
        """The cell's companion class: "hint-cell", "hint-target", "hint-unit", "wrong",
        or ""."""
        if cell in self.wrong:
            return "wrong"
        if cell in self.targets:
            return "hint-target"
        if cell in self.cells:
            return "hint-cell"
        return "hint-unit" if cell in self.units else ""

    def gone(self) -> "dict[int, str]":
        """The candidates the hint shown crosses out, by cell (the marks layer strikes
        them through)."""
        struck: dict[int, str] = {}
        for cell, digit in self.step["eliminations"] if self.step else []:
            struck[cell] = struck.get(cell, "") + digit
        return struck

    def forget(self) -> bool:
        """Drop the hint and the check shown (the board changed); True if there was one."""
        had = bool(self.step or self.cells or self.units or self.wrong or self.targets)
        had = had or self.erase is not None
        self.step, self.erase = None, None
        self.cells, self.units, self.wrong, self.targets = set(), set(), set(), set()
        self.button.textContent = "Hint"
        self.list_steps([])
        return had

    def list_steps(self, lines: "list[str]") -> None:
        """Show a chain's steps, numbered, under the hint's words (text only, never HTML);
        none hides the list."""
        self.steps.replaceChildren()
        for line in lines:
            item = document.createElement("li")
            item.textContent = line
            self.steps.append(item)
        self.steps.hidden = not lines

    def now(self) -> str:
        """The board's state, to tell whether it changed while the worker thought."""
        return self.board.snapshot(with_solved=False)

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
        self.repaint()
        self.say("Looking for the easiest step…", "hinting")
        try:
            answer = await self.solver.hint(
                self.board.grid(), self.board.puzzle(), "|".join(self.board.struck)
            )
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
        step = answer["step"]
        self.step, self.text, self.shown_for = step, answer["text"], before
        self.cells = set(step["cells"]) | {cell for cell, _ in step["placements"]}
        self.units = set(step["unit_cells"])
        self.targets = {cell for cell, _ in step["eliminations"]}
        self.button.textContent = "Apply hint"
        self.repaint()
        steps = answer["steps"]
        said = self.text.split(" (")[0] + ". Why, step by step:" if steps else self.text
        self.say(said, "hint")
        self.list_steps(steps)

    def name_wrong(self, cell: int, digit: str, text: str, before: str) -> None:
        """Show the wrong entry the worker named, before any reasoning: marked, Undo to
        first mistake offered, and Hint's next press erases it."""
        self.erase, self.shown_for = cell, before
        self.wrong = {cell}
        self.mistakes = {cell: digit}
        self.button.textContent = "Erase " + cell_name(cell)
        self.repaint()
        self.say(text, "hint-wrong-entry")

    def erase_wrong(self, cell: int) -> None:
        """Erase the wrong entry the hint named (an edit Undo takes back)."""
        name, board = cell_name(cell), self.board
        self.edit(
            f"erasing {name} (not right there)",
            lambda: board.write(cell, ""),
            True,
            f"Erased your {board.entries[cell]} in {name}: press Hint for the next step.",
            "hint-applied",
        )

    def apply(self) -> None:
        """Play the hint shown: placements become entries, eliminations leave the marks."""
        step, text = self.step, self.text
        if step is None:
            return
        board = self.board

        def change() -> None:
            board.forget_solution()
            for cell, digit in step["placements"]:
                board.entries[cell] = digit
                board.tidy(cell, digit)
            for cell, digit in step["eliminations"]:
                board.strike(cell, digit)

        self.edit(
            "the hint, " + text.split(" (")[0],
            change,
            True,
            f"Hint applied: {text}.",
            "hint-applied",
        )

    # -- check --------------------------------------------------------------------------

    async def find_wrong(self) -> None:
        """Name and mark the wrong entries (see ``check``)."""
        count = self.board.count_entries()
        if not count:
            self.say(
                "Nothing to check yet: Check looks at your own entries, and there are none.",
                "checked",
            )
            return
        before = self.now()
        self.forget()
        self.repaint()
        self.say(f"Checking your {count} entries…", "checking")
        try:
            answer = await self.solver.check(self.board.puzzle(), self.board.entries_grid())
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
        self.wrong, self.shown_for = set(wrong), before
        self.mistakes = {cell: self.board.entries[cell] for cell in wrong}
        self.repaint()
        names = listing([cell_name(cell) for cell in wrong])
        verb = "disagrees" if len(wrong) == 1 else "disagree"
        self.say(
            f"{len(wrong)} of your {total} entries {verb} with the solution{some}: {names}.",
            "checked",
        )
        document.body.dataset.wrong = " ".join([cell_name(cell) for cell in wrong])

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
        self.load_grid(answer["grid"], f"New puzzle ({level})")
        self.rater.known(answer["grid"], answer["level"])
        document.body.dataset.seed = str(seed)
        document.body.dataset.makeMs = str(answer["ms"])  # the worker's own time (bench/)
        self.say(
            f"New {level} puzzle: {answer['givens']} givens, one solution. The timer has started.",
            "made",
        )
