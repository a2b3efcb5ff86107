"""What the app's worker knows of the puzzle on the board: the logical steps found for its
states and the searches under way for others, shared by the puzzle's rating and its
hints (``ratings.py``, ``hints.py``), so that a chain is searched once, by whichever
comes to it first (the rating walks the very path a reader who applies each hint takes).

``sudoku.logic`` loads in the calls that use it, not as the worker starts: it answers
``ready`` without it (``hints.prepare`` loads it early)."""

from sudoku.compat import ms_since, ticks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SLICE_MS = 40
"""How long a slice of a rating's walk or of a hint asked ahead works before it answers
(it stops after the step or pause that passes it: one contradiction chain can take
longer under MicroPython): the longest wait it adds to another call, a hint's say."""

STEPS_KEPT = 2000
"""Steps kept for one puzzle (``steps_of``), at most: its path has fewer than a hundred
past the singles, and a reader who wanders off it adds one a hint."""

SEARCHES_KEPT = 4
"""Searches under way kept at most (``search_step``; a chain's is up to a few hundred kB
under MicroPython): the look-ahead's one, the rating's, and a few the reader left."""


class Known:
    """The puzzle whose steps are kept, its steps by ``logic.state_key``, and the searches
    under way for its states (the rating walk's, a look-ahead's: ``search_step``,
    ``logic.path_walk``'s ``searching``)."""

    def __init__(self) -> None:
        self.puzzle = ""
        self.steps: dict[str, Any] = {}
        self.searching: dict[str, Any] = {}
        self.slice_ms = SLICE_MS
        """A slice's length (``SLICE_MS``; a test makes each slice one step or pause)."""

    def steps_of(self, puzzle: str) -> "dict[str, Any]":
        """The steps found so far for ``puzzle`` (by ``logic.state_key``), shared by its
        rating's walk and its hints: a hint asked for the state whose chain the walk is
        searching goes on with that search, and the walk with a hint's (``search_step``).
        Another puzzle's are dropped, as is a table grown past ``STEPS_KEPT``."""
        if self.puzzle != puzzle or len(self.steps) >= STEPS_KEPT:
            self.puzzle, self.steps, self.searching = puzzle, {}, {}
        return self.steps

    def search_step(
        self, puzzle: str, grid: str, marks: "list[str]", slice_ms: "int | None"
    ) -> "tuple[bool, Any]":
        """``logic.next_step`` from ``grid`` and ``marks``, a state of ``puzzle``: the step
        found for it before (``steps_of``), else its search, going on from where the
        rating's walk or an earlier call left it (``searching``), for up to ``slice_ms``
        (None: to the end). (True, the step, kept, or None: there is none), or (False,
        None) while the search goes on (kept for the next call, or the walk)."""
        from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

        known, key = self.steps_of(puzzle), logic.state_key(grid, marks)
        if key in known:
            return True, known[key]
        searching = self.searching
        pieces = searching.pop(key, None) or logic.step_search(grid, marks)
        start = ticks()
        for piece in pieces:
            if piece is not None:
                known[key] = piece
                return True, piece
            if slice_ms is not None and ms_since(start) > slice_ms:
                if len(searching) >= SEARCHES_KEPT:
                    searching.clear()  # boards the reader left: their searches go
                searching[key] = pieces
                return False, None
        return True, None
