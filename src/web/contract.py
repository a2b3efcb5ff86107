"""The contract between the pages and their solver workers: every call and every answer.

**The calls**, declared once: ``WidgetCalls`` (the widget's worker, ``worker/worker.py``)
and ``AppCalls``, the app's worker's (``worker/app.py``: the widget's and its own). Each
method is a call: its parameters as the page sends them, and its answer's type,
``Answer[T]``. Both sides are checked against them by mypy, so a renamed or retyped call
fails the type check, not a reader's click:

- each worker module is assigned to its protocol (``worker.py``, ``app.py``: a module
  lacking a call, or with another signature, does not conform), and exports exactly the
  protocol's calls (``__export__ = calls(AppCalls)``);
- the page's client (``page/common/client.py``'s ``Solver``) names each call by the
  protocol's method (``self.ask(AppCalls.hint, ...)``): mypy checks the arguments against
  its parameters and gives the answer its type.

At run time the protocols are plain classes (MicroPython has no ``typing``): their
methods' names are the calls' names.

**The answers.** A worker answers each call with one text (text crosses the worker
boundary and MicroPython's FFI unchanged, where a dict would arrive as a proxy): the JSON
that ``reply`` makes from a dict typed here, and the client hands the page that dict with
the same type. ``tests/unit/test_contract.py`` checks that each worker answer has its
type's keys.

Glossary of the answers:

- grid: the core's 81-character string ("." for a blank), the one shape a board takes
  on the wire, both ways (LeetCode's rows only where a reader sees them: ``Exported``);
- ``Failure``: ``{"error": message}``, the only way a worker reports a bad call (a board
  that does not read, an unknown id, a bad number); the client raises it as one
  ``WorkerError``, as it does a dead worker's. A refusal about the puzzle itself (no
  solution, clashing givens) is an answer, not a failure: ``Refusal``/``Stuck``.

The types are ``final`` (an answer has exactly its keys, so mypy tells one answer of a
union from another by a key: ``"verdict" in answer``); ``Counted`` is not, as the player
adds to it. Runs in all three interpreters: the types exist only for the checker
(``TYPE_CHECKING`` is false at run time, and MicroPython has no ``typing``).
"""

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Generic, Never, NotRequired, Protocol, TypedDict, TypeVar, final

    T = TypeVar("T")
    Of_co = TypeVar("Of_co", covariant=True)

    class Answer(str, Generic[Of_co]):
        """A call's answer as the worker sends it: the JSON text of an ``Of_co`` (``reply``),
        or of a ``Failure`` (``Answer[Never]``, an answer of any call). Two calls send
        more than JSON: an opened trace asked with ``first`` (its JSON line, a newline and
        its first page: ``client.opened``), and ``trace_pull`` (``WireText``)."""

    class WireText:
        """``trace_pull``'s answer: not JSON but the wire's text (``wire.answer``)."""

    @final
    class Failure(TypedDict):
        """A bad call: what is wrong, in words for the reader."""

        error: str

    @final
    class Ready(TypedDict):
        """``ready``: the Python the worker runs ("MicroPython 1.27.0")."""

        python: str
        platform: str

    @final
    class Parsed(TypedDict):
        """``parse``: the text read as a puzzle."""

        grid: str

    @final
    class Conflict(TypedDict):
        """Two givens that clash: both cells, the digit, the unit, in words."""

        cells: list[str]
        digit: str
        unit: str
        message: str

    @final
    class Verdict(TypedDict):
        """A search's end (``analyze``, and ``analyze_start``/``analyze_more`` with its
        ``job``): "none", "unique", "multiple" (``solution`` is one of them), or
        "conflict" (no search: ``conflicts`` says where)."""

        verdict: str
        solutions: int
        solution: str | None
        nodes: int
        ms: float
        conflicts: list[Conflict]
        job: NotRequired[int]

    @final
    class Progress(TypedDict):
        """A search paused after a slice: call ``analyze_more(job)`` to go on."""

        job: int
        nodes: int
        ms: float

    @final
    class Stopped(TypedDict):
        """``analyze_stop``, ``render_stop``: whether there was one to stop."""

        stopped: bool

    @final
    class Exported(TypedDict):
        """``export``: the board as an 81-character line and as LeetCode JSON."""

        line: str
        json: str

    @final
    class Opened(TypedDict):
        """``trace_start``: a trace to pull (``trace_pull`` answers the wire's text). Asked
        with ``first``, the answer's line is followed by a newline and the trace's first
        page, as ``trace_pull`` sends it (``client.opened`` reads the two)."""

        session: int
        grid: str
        strategy: str
        source: str
        lines: dict[str, int]
        page: int

    @final
    class Recorded(TypedDict):
        """``trace_record``: a recorded run of a reader's code to pull, as ``Opened``'s,
        and what it holds (src/web/recorded.py): its writes in all (``steps``), the
        undos among them, how it ended and its message, whether its writes all came at
        the end."""

        session: int
        grid: str
        strategy: str
        source: str
        lines: dict[str, int]
        page: int
        recorded: bool
        steps: int
        undos: int
        outcome: str
        message: str
        at_end: bool

    class Counted(TypedDict):
        """``trace_count``: a trace run on unseen; ``outcome`` "" while it goes on."""

        steps: int
        nodes: int
        backtracks: int
        max_depth: int
        forced: int
        outcome: str
        done: bool

    @final
    class Closed(TypedDict):
        """``trace_stop``: whether the trace was open."""

        closed: bool

    @final
    class Limits(TypedDict):
        """``render_limits``: the most boards of a storyboard, frames of an export."""

        boards: int
        frames: int

    @final
    class Drawing(TypedDict):
        """``render_start``: a drawing to go on with ``render_more``."""

        render: int

    @final
    class Drawn(TypedDict):
        """``render_more`` while the drawing goes on: the step it reached."""

        step: int

    @final
    class Pictures(TypedDict):
        """``render_more`` at the end: one SVG a step, the storyboard ("" when too
        many), and the ms each frame of a GIF of them shows."""

        svgs: list[str]
        storyboard: str
        delay: int

    @final
    class Step(TypedDict):
        """A logical step (``sudoku.logic.Step``) as data the page paints."""

        technique: str
        placements: list[list[Any]]
        eliminations: list[list[Any]]
        cells: list[int]
        units: list[str]
        unit_cells: list[int]
        digits: list[str]

    @final
    class Hinted(TypedDict):
        """``hint``: the easiest step and its words; a chain's reasoning as steps to follow
        one at a time (``sudoku.logic.chain_steps``; ``[]`` for a step that is no chain)."""

        step: Step
        text: str
        steps: list[str]

    @final
    class WrongEntry(TypedDict):
        """``hint`` on a board with an entry the puzzle's one solution does not hold,
        before any reasoning: ``problem`` "wrong-entry", the cell (0-80) and its digit,
        and the words ("r3c5: your 4 is not right here ...")."""

        problem: str
        cell: int
        digit: str
        text: str

    @final
    class Stuck(TypedDict):
        """``hint`` with no step to give: why ("conflict", "wrong", "none", "full",
        "stuck"), in words."""

        problem: str
        text: str

    @final
    class Prepared(TypedDict):
        """``prepare``: the companion's modules are loaded."""

        prepared: bool

    @final
    class Pending(TypedDict):
        """``hint_ahead`` while the board's search goes on: call it again to go on."""

        pending: bool

    @final
    class Rating(TypedDict):
        """``rate_start``, ``rate_more`` while the rating goes on: call ``rate_more(job)``;
        ``steps``: the walk's steps so far (the solution's search, then the logical path);
        ``proper``: the search is over and found one solution (the path is being walked),
        so the puzzle will be rated and a hint can be asked of it; ``tenths``: the hardest
        step of the path so far (0 before it), in tenths of the scale."""

        job: int
        steps: int
        proper: bool
        tenths: int

    @final
    class Rated(TypedDict):
        """``rate_start``, ``rate_more`` at the end: the puzzle's rating in tenths of
        Sudoku Explainer's scale, as read ("4.2"), its level, the path's steps, and what
        the number means for this puzzle, naming the technique that set it (``why``)."""

        rating: int
        text: str
        level: str
        steps: int
        why: str

    @final
    class RatingStarted(TypedDict):
        """``rate_start``: the scale in words, and the first slice's answer."""

        scale: str
        answer: "Rating | Rated | Refusal"

    @final
    class Checked(TypedDict):
        """``check``: the entries that disagree with the solution (cells 0-80)."""

        wrong: list[int]
        entries: int
        solutions: int

    @final
    class Refusal(TypedDict):
        """``check``, ``reveal`` on givens that clash or have no solution, ``rate_start``
        and ``rate_more`` on a puzzle without exactly one solution: why."""

        problem: str

    @final
    class Revealed(TypedDict):
        """``reveal``: the solution's digit at the cell."""

        digit: str
        solutions: int

    @final
    class Generated(TypedDict):
        """``generate``: a new puzzle of a level."""

        grid: str
        level: str
        seed: Any
        givens: int
        ms: float


else:
    Protocol = object  # the calls' classes are plain classes at run time


class WidgetCalls(Protocol):
    """The widget's worker's calls (``worker/worker.py``), which the app's has too."""

    def ready(self) -> "Answer[Ready]":
        """The Python the worker runs: once it answers, every call works."""

    def parse(self, text: str) -> "Answer[Parsed]":
        """``text`` in any shape the core reads, as a puzzle."""

    def analyze_start(self, board: str, limit: int) -> "Answer[Verdict | Progress]":
        """Start a search counting up to ``limit`` solutions, and run its first slice."""

    def analyze_more(self, job: int) -> "Answer[Verdict | Progress]":
        """Run a started search for one more slice."""

    def analyze_stop(self, job: int) -> "Answer[Stopped]":
        """Drop a started search."""

    def export(self, board: str) -> "Answer[Exported]":
        """The board as an 81-character line and as LeetCode JSON."""

    def trace_start(self, board: str, strategy: str, first: bool) -> "Answer[Opened]":
        """Open a trace of ``board`` by ``strategy``, with its first page if ``first``."""

    def trace_record(self, text: str, first: bool) -> "Answer[Recorded]":
        """Open a recorded run of a reader's own code, with its first page if ``first``."""

    def trace_pull(self, session: int, pages: int) -> "Answer[WireText]":
        """A trace's next ``pages`` pages, as the wire's text."""

    def trace_count(self, session: int, limit: int) -> "Answer[Counted]":
        """Run a trace on by up to ``limit`` steps, unseen (compare mode)."""

    def trace_stop(self, session: int) -> "Answer[Closed]":
        """Close a trace."""


class AppCalls(WidgetCalls, Protocol):
    """The app's worker's calls (``worker/app.py``): the widget's, and the companion's,
    the rating's and the Share panel's pictures."""

    def render_limits(self) -> "Answer[Limits]":
        """The most pictures of one export."""

    def render_start(
        self, board: str, strategy: str, first: int, last: int, every: int
    ) -> "Answer[Drawing]":
        """Open a drawing of a trace's steps ``first``..``last``, every ``every``-th."""

    def render_more(self, key: int) -> "Answer[Drawn | Pictures]":
        """Draw on: the step reached, or (at the end) the pictures."""

    def render_stop(self, key: int) -> "Answer[Stopped]":
        """Stop a drawing."""

    def prepare(self) -> "Answer[Prepared]":
        """Load the companion's modules now."""

    def hint(self, board: str, givens: str, struck: str) -> "Answer[Hinted | Stuck | WrongEntry]":
        """The easiest logical step from ``board`` (givens and entries), less the
        candidates ``struck`` (81 cells' strings joined by "|"); a wrong entry first."""

    def hint_ahead(
        self, board: str, givens: str, struck: str
    ) -> "Answer[Hinted | Stuck | WrongEntry | Pending]":
        """``hint``, asked ahead of the reader: worked on for one slice."""

    def rate_start(self, givens: str) -> "Answer[RatingStarted | Refusal]":
        """Start rating the puzzle ``givens`` (an older rating ends)."""

    def rate_more(self, job: int) -> "Answer[Rating | Rated | Refusal]":
        """Rate on for one more slice."""

    def check(self, givens: str, entries: str) -> "Answer[Checked | Refusal]":
        """The entries that disagree with the puzzle's solution."""

    def reveal(self, givens: str, cell: int) -> "Answer[Revealed | Refusal]":
        """The solution's digit at ``cell`` (0-80)."""

    def generate(self, level: str, seed: "int | None") -> "Answer[Generated]":
        """A new puzzle of ``level`` (``seed`` None: any)."""


def calls(kind: object) -> "list[str]":
    """The calls a protocol declares (its methods' names, its bases' too): what a worker
    that implements it exports (``__export__``)."""
    return sorted([name for name in dir(kind) if not name.startswith("_")])


def failure(message: str) -> "Answer[Never]":
    """A bad call's answer (``Failure``): what is wrong, in words for the reader; the
    client raises it as ``WorkerError``, so it is an answer of every call."""
    answer: Failure = {"error": message}
    return json.dumps(answer, separators=(",", ":"))  # type: ignore[return-value]  # any call's


def followed(answer: "Answer[T]", page: "Answer[WireText]") -> "Answer[T]":
    """An opened trace's answer followed by its first page (``client.opened`` reads both)."""
    return answer + "\n" + page  # type: ignore[return-value]  # an Answer[T]'s text, as declared


def wire_text(text: str) -> "Answer[WireText]":
    """The wire's text (``wire.answer``) as ``trace_pull``'s answer."""
    return text  # type: ignore[return-value]  # the text of an Answer[WireText], as declared


def reply(answer: "T") -> "Answer[T]":
    """An answer as the JSON text that crosses to the page."""
    return json.dumps(answer, separators=(",", ":"))  # type: ignore[return-value]  # an Answer[T]
