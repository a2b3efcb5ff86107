"""Compare mode: the same puzzle under every strategy, counted in the worker, side by side.

The worker counts each strategy's trace in chunks of ``COMPARE_CHUNK`` steps (unseen:
``trace_count``), up to ``COMPARE_CAP``; the table fills as the counts come, and the
bars show nodes relative to the largest (the lesson is in the ratio). Stop drops the
next answer and closes the traces.

Runs on the page's main thread (MicroPython).
"""

import browser
import captions
from client import WorkerError

from sudoku.words import STRATEGIES, grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from client import Solver
    from contract import Counted
    from view import View

    class Tally(Counted):
        """A strategy's counts so far: ``trace_count``'s answer, and whether it stopped
        at the cap."""

        capped: bool


COMPARE_CAP = 2000000
"""Steps compare mode runs each strategy for, at most (``data-compare-cap`` on the
``.player`` root overrides it, for tests)."""

COMPARE_CHUNK = 100000
"""Steps per worker call in compare mode: one call is the longest wait for Stop."""

FIELDS = ("steps", "nodes", "backtracks", "max_depth", "outcome")
"""The table's columns (``cmp-{strategy}-{field}`` elements)."""


async def count_search(  # noqa: PLR0913 (the two hooks are keyword-only, and optional)
    solver: "Solver",
    search: "tuple[str, str]",
    limits: "tuple[int, int]",
    alive: "Callable[[], bool]",
    *,
    shown: "Callable[[Tally], None] | None" = None,
    wait: "Callable[[], Awaitable[None]] | None" = None,
) -> "Tally | None":
    """Count a search, ``(grid, strategy)``, in the worker, unseen (``trace_count``): its
    steps and counters up to ``limits = (cap, chunk)``: ``cap`` steps in all, ``chunk`` a
    call (the longest wait for the worker's other callers); each result so far
    goes to ``shown``; ``wait()``, if given, is awaited before each count call. None once
    ``alive()`` says the answer is no longer wanted (or the trace cannot open). The
    worker's trace is closed in the end, whatever happens."""
    try:
        session = (await solver.trace_start(search[0], search[1]))[0]["session"]
    except WorkerError:
        return None
    cap, chunk = limits
    steps = 0
    try:
        while alive():
            if wait is not None:
                await wait()
                if not alive():
                    break
            result = tallied(await solver.trace_count(session, min(chunk, cap - steps)), cap)
            if not alive():
                break
            steps = result["steps"]
            if shown:
                shown(result)
            if result["done"] or result["capped"]:
                return result
    except WorkerError:
        return None
    finally:
        browser.spawn(solver.trace_stop(session))
    return None


def tallied(counted: "Counted", cap: int) -> "Tally":
    """``trace_count``'s answer, and whether it stopped at ``cap`` steps."""
    return {
        "steps": counted["steps"],
        "nodes": counted["nodes"],
        "backtracks": counted["backtracks"],
        "max_depth": counted["max_depth"],
        "forced": counted["forced"],
        "outcome": counted["outcome"],
        "done": counted["done"],
        "capped": not counted["done"] and counted["steps"] >= cap,
    }


def cost_caption(result: "Tally", cap: int) -> str:
    """How long a search is, before it plays: ``This search takes 79,462 steps: 4,208
    guesses, 4,157 backtracks.``, or at the cap ``This search takes more than 200,000 steps
    (at least 10,112 guesses so far).``"""
    if result["capped"]:
        return (
            "This search takes more than "
            + grouped(cap)
            + " steps (at least "
            + grouped(result["nodes"])
            + " guesses so far)."
        )
    steps, nodes = result["steps"], result["nodes"]
    guesses = "1 guess" if nodes == 1 else grouped(nodes) + " guesses"
    backtracks = result["backtracks"]
    back = "1 backtrack" if backtracks == 1 else grouped(backtracks) + " backtracks"
    return "This search takes " + grouped(steps) + " steps: " + guesses + ", " + back + "."


class Compare:
    """Compare mode of one player's view (``view.View``)."""

    def __init__(self, view: "View") -> None:
        self.view = view
        self.run = 0
        """Bumped by each comparison and each Stop: an answer for an older run is dropped."""
        self.now: str | None = None
        """The strategy being counted, or None."""

    async def start(self, solver: "Solver", grid: str) -> None:
        """Run ``grid`` under every strategy and show their counts.

        A compact page (the widget) keeps its table, ``data-role="compare-table"``,
        hidden until the first comparison (player.css): it shows from then on.
        """
        part = self.view.part
        self.run += 1
        run = self.run
        cap = self.view.setting("compare-cap", COMPARE_CAP)
        if "compare-table" in part:
            part["compare-table"].dataset.shown = "true"
        self.view.root.dataset.compare = "running"
        part["compare-stop"].hidden = False
        part["compare-status"].textContent = "Comparing..."
        results: dict[str, Tally] = {}
        for strategy in STRATEGIES:
            for field in FIELDS:
                self.cell(strategy, field, "")
            self.bar(strategy, None, 1)
        for strategy in STRATEGIES:
            self.now = strategy
            result = await self.count(solver, run, grid, strategy, cap)
            if result is None:
                return
            results[strategy] = result
            self.bars(results)
        self.now = None
        part["compare-stop"].hidden = True
        part["compare-status"].textContent = captions.compare_summary(
            [name for name, result in results.items() if result["capped"]], cap
        )
        self.view.root.dataset.compare = "done"

    async def count(
        self, solver: "Solver", run: int, grid: str, strategy: str, cap: int
    ) -> "Tally | None":
        """Count one strategy's trace up to ``cap`` steps, row by row; None if stopped."""
        self.cell(strategy, "outcome", "running")
        return await count_search(
            solver,
            (grid, strategy),
            (cap, COMPARE_CHUNK),
            lambda: run == self.run,
            shown=lambda result: self.row(strategy, result),
        )

    def row(self, strategy: str, result: "Tally") -> None:
        """One strategy's counts so far; "≥" marks a count stopped at the cap."""
        more = "≥ " if result["capped"] else ""
        for field in ("steps", "nodes", "backtracks"):
            self.cell(strategy, field, more + grouped(result[field]))
        self.cell(strategy, "max_depth", more + str(result["max_depth"]))
        running = "stopped at the cap" if result["capped"] else "running"
        self.cell(strategy, "outcome", result["outcome"] or running)

    def stop(self, text: str) -> None:
        """Stop: the next answer is dropped and the traces closed; the row that was running
        says so, and the ones after it say they did not run."""
        part = self.view.part
        self.run += 1
        if self.now is not None:
            self.cell(self.now, "outcome", "stopped")
            for strategy in STRATEGIES[STRATEGIES.index(self.now) + 1 :]:
                self.cell(strategy, "outcome", "not run")
        self.now = None
        self.view.root.dataset.compare = "stopped"
        part["compare-stop"].hidden = True
        part["compare-status"].textContent = text

    def cell(self, strategy: str, field: str, text: str) -> None:
        """One cell of the compare table."""
        element = self.view.part.get("cmp-" + strategy + "-" + field)
        if element is not None:
            element.textContent = text

    def bars(self, results: "dict[str, Tally]") -> None:
        """Bars of nodes, relative to the largest so far; a count stopped at the cap is a
        lower bound: its bar is hatched and open-ended."""
        top = max([result["nodes"] for result in results.values()] + [1])
        for strategy, result in results.items():
            self.bar(strategy, result, top)

    def bar(self, strategy: str, result: "Tally | None", top: int) -> None:
        """One strategy's bar (``result`` None: empty), with words for screen readers."""
        fill = self.view.part.get("cmp-" + strategy + "-bar")
        if fill is None:
            return
        bar = fill.parentElement
        capped = result is not None and result["capped"]
        fill.style.width = (
            "0" if result is None else str(max(0.5, 100 * result["nodes"] / top)) + "%"
        )
        fill.className = "capped" if capped else ""
        if capped and result is not None:  # (capped is only ever true for a result)
            bar.removeAttribute("aria-hidden")
            bar.setAttribute("role", "img")
            nodes = grouped(result["nodes"])
            words = ": at least " + nodes + " nodes (stopped at the cap: the search goes on)"
            bar.setAttribute("aria-label", strategy + words)
        else:
            bar.setAttribute("aria-hidden", "true")
            bar.removeAttribute("role")
            bar.removeAttribute("aria-label")
