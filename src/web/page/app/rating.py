"""The puzzle's rating and level above the board: "SE 4.2 · hard", on Sudoku Explainer's
scale (SE).

Whenever the puzzle on the board changes (a sample, a link, a paste, New puzzle, a game
resumed, givens typed), ``follow`` drops the line at once, so no rating outlives its
puzzle, and has the worker rate the new one: ``rate_start`` then ``rate_more`` until it is
done, one slice (~40 ms) per call, so a hint asked meanwhile waits one slice, not the
whole rating (seconds under MicroPython for an extreme puzzle). The line says "rating…"
meanwhile; a puzzle without exactly one solution gets no rating, and the line says why
("No rating: more than one solution"); an empty board shows none. A puzzle New puzzle
made from the bank knows its level before its rating (``known``). The line opens to the
scale's explanation: what the number means for this puzzle, with the technique that set
it (``#rating-why``, the worker's ``Rated`` answer's ``why``), then the scale
(``#rating-scale``, the worker's words: ``ratings.scale_words``).

The reader's entries do not change the puzzle, nor its rating.

Once the worker says the puzzle is proper (its search over, one solution found: a slice
says ``proper``, or the rating comes), ``proper`` (a pyscript ``Event``) fires, once per
puzzle: the app then has the companion ask ahead for its first hint, while the path is
still being rated (seconds for the forum's hardest), and never before: a puzzle whose
search takes minutes would hold the worker.

The rating goes to the client's ``steps`` (the deep worker's once it has them: deep.py),
which shares its steps with the hints; ``hardest`` (an ``Event``) says the hardest step
so far (tenths) as each slice comes. When the deep worker answers, it takes the steps
and rates the puzzle shown from the start (``hand_over``: a rating under way in
MicroPython is dropped).

Flags for tests: ``#rating[data-state]`` is "none" (no puzzle), "rating", "rated" or
"unrated"; ``#rating[data-for]`` the puzzle (81 characters) the line is about;
``#rating[data-hardest]`` the hardest step so far (tenths) of the rating under way.

Runs on the page's main thread (MicroPython).
"""

import browser
from pyscript import document
from pyscript.events import Event
from sheet import Sheet

TYPE_CHECKING = False
if TYPE_CHECKING:
    from client import Solver
    from contract import Rated, Rating, Refusal

BLANK = "."
SEP = " · "


class Rater:
    """The rating line of the app's board (see the module's docstring)."""

    def __init__(self, sheet: Sheet, solver: "Solver") -> None:
        """``solver`` is the worker's client: ratings are asked for once ``connect`` says
        it answers."""
        self.sheet = sheet
        self.solver = solver
        self.live = False
        """The worker answers: ratings can be asked for (``connect``)."""
        self.puzzle = ""
        """The puzzle the line is about."""
        self.job = 0
        """Bumped when the puzzle changes: a rating under way for another ends."""
        self.box = document.getElementById("rating-box")
        self.line = document.getElementById("rating")
        self.proper = Event()
        """Fires once per puzzle when the worker knows it has one solution (``rate``)."""
        self.hardest = Event()
        """Fires with the hardest step so far (tenths) as a rating goes on (``rate``)."""
        self.told = ""
        """The puzzle ``proper`` fired for since it was loaded: once, though the deep worker
        rates it again (``hand_over``: firing again would ask ahead from the board shown
        and end the look-ahead under way)."""

    def show(self, text: str, state: str, why: str = "") -> None:
        """Write the line (text only, never HTML), what it means (``why``: a rating's) and
        its state; unseen when empty, its space kept: the board under it never moves when
        a rating comes or goes (a cell tapped a moment after the first digit would be its
        neighbour)."""
        self.line.textContent = text
        document.getElementById("rating-why").textContent = why
        self.line.dataset.state = state
        self.line.setAttribute("data-for", self.puzzle)
        self.box.dataset.empty = "false" if text else "true"

    def follow(self) -> None:
        """After any paint: if the puzzle changed, drop its line and rate the new one."""
        puzzle = self.sheet.puzzle()
        if puzzle == self.puzzle:
            return
        self.puzzle, self.told = puzzle, ""
        self.job += 1
        if puzzle == BLANK * 81:
            self.show("", "none")
            return
        self.show("Rating…", "rating")
        if self.live:
            browser.spawn(self.rate(self.job, self.solver.steps))

    def connect(self) -> None:
        """The worker answers: rate the puzzle shown (its line said "Rating…")."""
        self.live = True
        self.puzzle = ""
        self.follow()

    def hand_over(self, deep: "Solver") -> None:
        """The deep worker answers (``deep``, its client): the steps go to it, and it
        rates the puzzle shown from the start (the line stays as it is: the rating is
        the same), faster than the app's worker goes on, whose rating is dropped."""
        self.solver.deepen(deep)
        if self.live and self.puzzle and self.puzzle != BLANK * 81:
            self.job += 1
            browser.spawn(self.rate(self.job, deep))

    def known(self, puzzle: str, level: str) -> None:
        """``puzzle`` (just loaded) is of ``level``: say so until its rating comes."""
        if puzzle == self.puzzle and self.line.dataset.state == "rating":
            self.show(f"Level {level}{SEP}rating…", "rating")

    def failed(self, job: int, solver: "Solver", error: Exception) -> None:
        """A rating that failed (the worker stopped): the line says so, if still about
        that puzzle; one the deep worker dropped (it died) starts over without it."""
        if job != self.job:
            return
        if solver is not self.solver.steps:
            self.job += 1
            browser.spawn(self.rate(self.job, self.solver.steps))
            return
        self.show(f"No rating: {error}", "unrated")

    async def rate(self, job: int, solver: "Solver") -> None:
        """Rate ``self.puzzle`` by ``solver``, slice by slice, unless the puzzle changes
        (``job`` is no longer the current one): then the answers are dropped. A failed
        call (``WorkerError``) ends in ``failed``."""
        try:
            await self.rate_on(solver, job)
        except Exception as error:  # a worker that stopped: said on the line (failed)
            self.failed(job, solver, error)

    async def rate_on(self, solver: "Solver", job: int) -> None:
        """``rate`` by ``solver``."""
        started = await solver.rate_start(self.puzzle)
        answer: Rating | Rated | Refusal
        if "scale" not in started:
            answer = started
        else:
            if job == self.job:
                document.getElementById("rating-scale").textContent = started["scale"]
            answer = started["answer"]
        while "job" in answer and job == self.job:
            if answer["proper"] and self.told != self.puzzle:
                self.told = self.puzzle
                self.proper.trigger(self.puzzle)
            self.line.dataset.hardest = str(answer["tenths"])
            self.hardest.trigger(answer["tenths"])
            answer = await solver.rate_more(answer["job"])
        if job != self.job:
            return
        if "rating" in answer:
            self.hardest.trigger(answer["rating"])
            self.show(f"SE {answer['text']}{SEP}{answer['level']}", "rated", answer["why"])
            if self.told != self.puzzle:
                self.told = self.puzzle
                self.proper.trigger(self.puzzle)
        elif "problem" in answer:
            self.show(f"No rating: {answer['problem']}", "unrated")
