"""The pages' one way to their solver worker: ``Solver``, one async method per call.

Each method makes one call of ``contract.AppCalls`` (``ask``, named by the protocol's
method, never by a string: mypy checks its arguments against the call's parameters), sends
its arguments (text and small numbers: a board goes as the core's 81-character grid) and
returns the worker's answer decoded, with the type the call declares, the one the worker
builds its answer from: mypy checks both sides.
A call that gives no answer raises ``WorkerError``, whose text is for the reader: the
worker's own ``Failure`` message (it names what is wrong), or ``GONE`` when the worker
threw or died (its own text is no help to a reader). Nothing else reaches the page.

The searches for logical steps (``hint``, ``hint_ahead``, ``rate_start``, ``rate_more``)
go through ``steps``: the app's deep worker once it takes them over (``deepen``: Pyodide,
for the hardest puzzles' chains, src/web/page/app/deep.py), else the worker itself. A call the
deep worker fails is asked of the worker instead, and the deep worker is dropped.

Runs on the page's main thread (MicroPython through PyScript); the worker is the object
``pyscript.workers["solver"]`` gives (or static/js/widget.js's, for the widget).
"""

import json

from contract import AppCalls

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Concatenate, ParamSpec, TypeVar

    from contract import (
        Answer,
        Checked,
        Closed,
        Counted,
        Drawing,
        Drawn,
        Exported,
        Generated,
        Hinted,
        Limits,
        Opened,
        Parsed,
        Pending,
        Pictures,
        Prepared,
        Progress,
        Rated,
        Rating,
        RatingStarted,
        Ready,
        Recorded,
        Refusal,
        Revealed,
        Stopped,
        Stuck,
        Verdict,
        WrongEntry,
    )

    P = ParamSpec("P")
    T = TypeVar("T")

    Opening = tuple[Opened | Recorded, str]
    """An opened trace's answer, and its first page as ``trace_pull``'s text ("" if not
    asked for)."""

GONE = "the Python solver stopped working: reload the page to start it again"
"""What a call says when the worker threw or died."""

LOADING = "Python is still loading: try again in a moment"
"""What a call says before the worker answered ``ready`` (``connect``)."""


def opened(text: str) -> "Opening":
    """``trace_start``'s or ``trace_record``'s text as its answer and first page (see
    ``contract.Opened``): the answer is one line of JSON."""
    line, _, page = text.partition("\n")
    return json.loads(line), page


class WorkerError(Exception):
    """A call without an answer: ``str(error)`` says why, for the reader."""


class Solver:
    """The page's side of the worker's calls (see ``contract.py`` for each answer)."""

    def __init__(self, worker: "Any" = None, *, instead: "Solver | None" = None) -> None:
        """Wrap ``worker``, the exports of a started PyScript worker; None: one that is
        still starting (see ``connect``): a page builds its parts with the client at once.
        ``instead``: the client whose worker answers when this one fails (``deepen``)."""
        self.worker = worker
        self.instead = instead
        self.deep: Solver | None = None
        """The deep worker's client, once it answers (``deepen``)."""

    @property
    def connected(self) -> bool:
        """Whether calls can go out (``connect`` was given the worker)."""
        return self.worker is not None

    @property
    def steps(self) -> "Solver":
        """The client for the searches of logical steps: the deep worker's, else this."""
        return self.deep or self

    def connect(self, worker: "Any") -> None:
        """The worker started: calls go to it from now on."""
        self.worker = worker

    def deepen(self, deep: "Solver | None") -> None:
        """``steps`` goes to ``deep`` from now on (the deep worker's client, made with
        ``instead=self``), or back to this client's worker (None)."""
        self.deep = deep

    async def send(self, name: str, args: "tuple[Any, ...]") -> str:
        """Call ``name`` (a call of ``contract.AppCalls``: ``ask`` names it) and return its
        answer's text; a ``Failure`` or a dead worker raises ``WorkerError`` (a dead deep
        worker is dropped: its call goes to the worker it stood in for)."""
        if self.worker is None:
            raise WorkerError(LOADING)
        try:
            text: str = await getattr(self.worker, name)(*args)
        except Exception:  # the worker threw or died: its text is not for readers
            if self.instead is None:
                raise WorkerError(GONE) from None
            self.instead.deepen(None)
            return await self.instead.send(name, args)
        if text.startswith('{"error"'):  # contract.reply keeps a Failure's one key first
            raise WorkerError(json.loads(text)["error"])
        return text

    async def text(
        self,
        call: "Callable[Concatenate[AppCalls, P], Answer[T]]",
        *args: "P.args",
        **kwargs: "P.kwargs",
    ) -> str:
        """Make ``call`` (a method of ``contract.AppCalls``, which names it and types its
        arguments) and return its answer's text (see ``send``)."""
        assert not kwargs  # a worker's call takes its arguments in order
        return await self.send(call.__name__, args)

    async def ask(
        self,
        call: "Callable[Concatenate[AppCalls, P], Answer[T]]",
        *args: "P.args",
        **kwargs: "P.kwargs",
    ) -> "T":
        """Make ``call`` and decode its JSON answer, of the type the call declares (see
        ``text``)."""
        assert not kwargs  # a worker's call takes its arguments in order
        answer: T = json.loads(await self.send(call.__name__, args))
        return answer

    async def ready(self) -> "Ready":
        """The Python the worker runs: once it answers, every call works."""
        return await self.ask(AppCalls.ready)

    async def parse(self, text: str) -> "Parsed":
        """``text`` in any shape the core reads, as a puzzle."""
        return await self.ask(AppCalls.parse, text)

    async def analyze_start(self, grid: str, limit: int) -> "Verdict | Progress":
        """Start a search counting up to ``limit`` solutions (the worker's docstring)."""
        return await self.ask(AppCalls.analyze_start, grid, limit)

    async def analyze_more(self, job: int) -> "Verdict | Progress":
        """Run a started search for one more slice."""
        return await self.ask(AppCalls.analyze_more, job)

    async def analyze_stop(self, job: int) -> "Stopped":
        """Drop a started search."""
        return await self.ask(AppCalls.analyze_stop, job)

    async def export(self, grid: str) -> "Exported":
        """The board as an 81-character line and as LeetCode JSON."""
        return await self.ask(AppCalls.export, grid)

    async def trace_start(self, grid: str, strategy: str, first: bool = False) -> "Opening":
        """Open a trace of ``grid`` by ``strategy``, with its first page if ``first``
        (else "")."""
        return opened(await self.text(AppCalls.trace_start, grid, strategy, first))

    async def trace_record(self, text: str, first: bool = False) -> "Opening":
        """Open a recorded run of a reader's own code (``sudoku.recording``'s text), with
        its first page if ``first`` (else "")."""
        return opened(await self.text(AppCalls.trace_record, text, first))

    async def trace_pull(self, session: int, pages: int) -> str:
        """A trace's next ``pages`` pages, as the wire's text (``wire.answer``)."""
        return await self.text(AppCalls.trace_pull, session, pages)

    async def trace_count(self, session: int, limit: int) -> "Counted":
        """Run a trace on by up to ``limit`` steps, unseen (compare mode)."""
        return await self.ask(AppCalls.trace_count, session, limit)

    async def trace_stop(self, session: int) -> "Closed":
        """Close a trace."""
        return await self.ask(AppCalls.trace_stop, session)

    async def render_limits(self) -> "Limits":
        """The most pictures of one export."""
        return await self.ask(AppCalls.render_limits)

    async def render_start(
        self, grid: str, strategy: str, first: int, last: int, every: int
    ) -> "Drawing":
        """Open a drawing of a trace's steps ``first``..``last``, every ``every``-th."""
        return await self.ask(AppCalls.render_start, grid, strategy, first, last, every)

    async def render_more(self, key: int) -> "Drawn | Pictures":
        """Draw on: the step reached, or (at the end) the pictures."""
        return await self.ask(AppCalls.render_more, key)

    async def render_stop(self, key: int) -> "Stopped":
        """Stop a drawing."""
        return await self.ask(AppCalls.render_stop, key)

    async def hint(self, grid: str, givens: str, struck: str) -> "Hinted | Stuck | WrongEntry":
        """The easiest logical step from ``grid`` (givens and entries), less the
        candidates ``struck`` (81 cells' strings joined by "|"); a wrong entry first."""
        return await self.ask(AppCalls.hint, grid, givens, struck)

    async def prepare(self) -> "Prepared":
        """Have the worker load the companion's modules now (``hints.prepare``)."""
        return await self.ask(AppCalls.prepare)

    async def hint_ahead(
        self, grid: str, givens: str, struck: str
    ) -> "Hinted | Stuck | WrongEntry | Pending":
        """``hint``, asked ahead of the reader: worked on for one slice (``Pending`` while
        its search goes on: ask again)."""
        return await self.ask(AppCalls.hint_ahead, grid, givens, struck)

    async def rate_start(self, givens: str) -> "RatingStarted | Refusal":
        """Start rating the puzzle ``givens`` (one rating at a time: an older one ends)."""
        return await self.ask(AppCalls.rate_start, givens)

    async def rate_more(self, job: int) -> "Rating | Rated | Refusal":
        """Rate on for one more slice."""
        return await self.ask(AppCalls.rate_more, job)

    async def check(self, givens: str, entries: str) -> "Checked | Refusal":
        """The entries that disagree with the puzzle's solution."""
        return await self.ask(AppCalls.check, givens, entries)

    async def reveal(self, givens: str, cell: int) -> "Revealed | Refusal":
        """The solution's digit at ``cell`` (0-80)."""
        return await self.ask(AppCalls.reveal, givens, cell)

    async def generate(self, level: str, seed: int | None = None) -> "Generated":
        """A new puzzle of ``level`` (``seed`` None: any)."""
        return await self.ask(AppCalls.generate, level, seed)
