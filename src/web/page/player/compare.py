"""Compare mode: the same puzzle under every strategy, counted in the worker, side by side.

The worker counts each strategy's trace in chunks of ``COMPARE_CHUNK`` steps (unseen:
``trace_count``), up to ``COMPARE_CAP``; the table fills as the counts come, and the
bars show nodes relative to the largest (the lesson is in the ratio). Stop drops the
next answer and closes the traces.

Runs on the page's main thread (MicroPython).
"""

import json

import browser
import options

from sudoku.words import STRATEGIES, grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypedDict

    from view import View

    class Counted(TypedDict, total=False):
        """A strategy's counts so far: ``trace_count``'s answer, plus ``capped``."""

        steps: int
        nodes: int
        backtracks: int
        max_depth: int
        forced: int
        outcome: str
        done: bool
        capped: bool


COMPARE_CAP = 2000000
"""Steps compare mode runs each strategy for, at most (``data-compare-cap`` on the
``.player`` root overrides it, for tests)."""

COMPARE_CHUNK = 100000
"""Steps per worker call in compare mode: one call is the longest wait for Stop."""

FIELDS = ("steps", "nodes", "backtracks", "max_depth", "outcome")
"""The table's columns (``cmp-{strategy}-{field}`` elements)."""


async def count_search(
    solver: "Any",
    search: "tuple[str, str]",
    limits: "tuple[int, int]",
    alive: "Callable[[], bool]",
    shown: "Callable[[Counted], None] | None" = None,
) -> "Counted | None":
    """Count a search, ``(grid, strategy)``, in the worker, unseen (``trace_count``): its
    steps and counters up to ``limits = (cap, chunk)``: ``cap`` steps in all, ``chunk`` a
    call (the longest wait for the worker's other callers); each result so far
    goes to ``shown``. None once ``alive()`` says the answer is no longer wanted (or the
    trace cannot open). The worker's trace is closed in the end, whatever happens."""
    answer = json.loads(await solver.trace_start(search[0], search[1]))
    if "error" in answer:
        return None
    session = answer["session"]
    cap, chunk = limits
    result: Counted = {}
    try:
        while alive():
            step = min(chunk, cap - result.get("steps", 0))
            result = json.loads(await solver.trace_count(session, step))
            if not alive():
                break
            result["capped"] = not result["done"] and result["steps"] >= cap
            if shown:
                shown(result)
            if result["done"] or result["capped"]:
                return result
    finally:
        browser.spawn(solver.trace_stop(session))
    return None


class Compare:
    """Compare mode of one player's view (``view.View``)."""

    def __init__(self, view: "View") -> None:
        self.view = view
        self.run = 0
        """Bumped by each comparison and each Stop: an answer for an older run is dropped."""
        self.now: str | None = None
        """The strategy being counted, or None."""

    async def start(self, solver: "Any", grid: str) -> None:
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
        results: dict[str, Counted] = {}
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
        part["compare-status"].textContent = options.compare_summary(
            [name for name, result in results.items() if result["capped"]], cap
        )
        self.view.root.dataset.compare = "done"

    async def count(
        self, solver: "Any", run: int, grid: str, strategy: str, cap: int
    ) -> "Counted | None":
        """Count one strategy's trace up to ``cap`` steps, row by row; None if stopped."""
        self.cell(strategy, "outcome", "running")
        return await count_search(
            solver,
            (grid, strategy),
            (cap, COMPARE_CHUNK),
            lambda: run == self.run,
            lambda result: self.row(strategy, result),
        )

    def row(self, strategy: str, result: "Counted") -> None:
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

    def bars(self, results: "dict[str, Counted]") -> None:
        """Bars of nodes, relative to the largest so far; a count stopped at the cap is a
        lower bound: its bar is hatched and open-ended."""
        top = max([result["nodes"] for result in results.values()] + [1])
        for strategy, result in results.items():
            self.bar(strategy, result, top)

    def bar(self, strategy: str, result: "Counted | None", top: int) -> None:
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
