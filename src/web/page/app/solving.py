"""Solve: the board's verdict from the worker, searched in slices so Stop stops.

A solve runs in the worker slice by slice (``client.Solver.analyze_start`` and
``analyze_more``, each about 40 ms of search). Between two slices the page looks at its
job number: Stop, Clear or an edit (``drop``: a newer job) ends the search in the worker
(``analyze_stop``) before its next slice, so the worker is free for the next request at
once. A long search shows its guesses so far; the verdict says how long the browser took.

Flags for tests: ``body[data-busy]`` "true" while a solve is out, ``body[data-nodes]``
its guesses so far, ``#status[data-ms]`` the worker's time for the last solve.

Runs on the page's main thread (MicroPython through PyScript).
"""

from client import WorkerError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from client import Solver
    from contract import Verdict
    from sheet import Sheet
    from status import Status


def verdict_text(answer: "Verdict", entries: int) -> str:
    """The status line for a verdict: what it means, browser time, nodes searched;
    ``entries``: how many of the board's digits are the reader's (a dead end is then
    theirs to find)."""
    cost = f"{answer['ms']:.1f} ms in your browser, {answer['nodes']} nodes searched"
    none = "these givens cannot be completed"
    if entries:
        none = "the givens with your entries cannot be completed (Check finds the wrong ones)"
    return {
        "unique": f"Solved: the solution is unique ({cost}).",
        "multiple": f"More than one solution: showing one of them ({cost}).",
        "none": f"No solution: {none} ({cost}).",
    }[answer["verdict"]]


class Solving:
    """The app's Solve and Stop (see the module's docstring)."""

    def __init__(
        self,
        solver: "Solver",
        sheet: "Sheet",
        status: "Status",
        page: "Any",
    ) -> None:
        """``page`` is ``pyscript.web.page``."""
        self.solver = solver
        self.sheet = sheet
        self.status = status
        self.page = page
        self.job = 0
        """The latest solve's number: an answer for an older one is dropped."""
        self.busy = False
        """A solve is out."""

    def show_busy(self, busy: bool) -> None:
        """Show a solve in flight: Solve waits, Stop appears."""
        self.busy = busy
        self.page.body.dataset.busy = "true" if busy else "false"
        self.page["solve"].disabled = busy
        self.page["stop"].hidden = not busy

    def drop(self) -> bool:
        """End the solve in flight, if any (its answer is about another board): True if
        there was one."""
        was = self.busy
        self.job += 1
        self.show_busy(False)
        return was

    def start(self) -> int:
        """Begin a solve: its job number (``run`` it)."""
        self.job += 1
        self.show_busy(True)
        self.page.body.dataset.nodes = "0"
        self.status.say("Solving…", "solving")
        return self.job

    async def run(self, job: int) -> "Verdict | None":
        """Search the board in the worker, slice by slice, and say the verdict (see the
        module's docstring): the verdict, for the caller to fill in its solution or mark
        a clash; None for a solve dropped or failed (said)."""
        say = self.status.say
        try:
            answer = await self.solver.analyze_start(self.sheet.grid(), 2)
            while "verdict" not in answer:
                if job != self.job:
                    await self.solver.analyze_stop(answer["job"])
                    return None
                self.page.body.dataset.nodes = str(answer["nodes"])
                say(
                    f"Solving… {answer['nodes']:,} guesses so far (Stop ends the search).",
                    "solving",
                )
                answer = await self.solver.analyze_more(answer["job"])
        except WorkerError as error:
            if job == self.job:
                self.show_busy(False)
                say(str(error), "error")
            return None
        if job != self.job:
            return None
        self.show_busy(False)
        if answer["verdict"] != "conflict":
            self.page["status"].dataset.ms = str(answer["ms"])
            say(verdict_text(answer, self.sheet.count_entries()), answer["verdict"])
        return answer
