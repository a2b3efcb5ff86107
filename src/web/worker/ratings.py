"""The puzzle's rating, in the app's worker: ``logic.rating_walk`` in slices
(``Ratings.start``, ``Ratings.more``), one rating at a time (the page rates the puzzle
shown), its steps shared with the hints (``known.Known``). ``sudoku.logic`` loads on first
use (or in ``hints.prepare``)."""

from contract import failure, reply

from sudoku import formats
from sudoku.compat import ms_since, ticks
from sudoku.formats import PuzzleError
from sudoku.words import LEVELS, rating_why
from sudoku.words import rating as rating_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import Answer, Rated, Rating, RatingStarted, Refusal
    from known import Known

SCALE_EXAMPLES = ("hidden single", "x-wing", "xy-wing", "x-chain", "contradiction chain")
"""The techniques whose ratings ``scale_words`` gives as landmarks of the scale."""


def scale_words() -> str:
    """The rating scale in words, from ``logic.LEVEL_TOPS`` and ``logic.TENTHS``: what the
    page's rating means."""
    from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

    low, parts = 0, []
    for i, level in enumerate(LEVELS):
        top = logic.LEVEL_TOPS[i]
        if low == 0:
            parts.append(f"{level} up to {rating_text(top)}")
        elif top >= logic.LEVEL_TOPS[-1]:
            parts.append(f"{level} {rating_text(low)} and up")
        else:
            parts.append(f"{level} {rating_text(low)} to {rating_text(top)}")
        low = top + 1
    examples = ", ".join([f"{name} {rating_text(logic.TENTHS[name])}" for name in SCALE_EXAMPLES])
    return (
        "SE is Sudoku Explainer's scale, the enthusiasts' standard: the hardest step Hint's"
        " logic needs to finish the puzzle, taking the easiest step each time"
        f" ({examples} and up). Levels: " + ", ".join(parts) + "."
    )


class Ratings:
    """The rating being worked out in one worker, by id (one at a time), and what is known
    of its puzzle (shared with the hints)."""

    def __init__(self, known: "Known") -> None:
        self.known = known
        self.jobs: dict[int, Any] = {}

    def start(self, givens: "Any") -> "Answer[RatingStarted | Refusal]":
        """Start rating the puzzle ``givens`` (``logic.rating_walk``), dropping any rating
        under way, and walk it for one slice (``Known.slice_ms``): ``RatingStarted``
        ``{"scale": scale_words(), "answer": ...}``, the answer as ``more``'s (``Rating``
        or ``Rated``); or ``Refusal`` ``{"problem": text}`` for a puzzle that has no
        rating: its digits conflict ("r1c1 and r1c2 both hold 5 in row 1"), no solution,
        or more than one. ``Failure`` for a bad board."""
        from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

        try:
            grid = formats.parse(givens)
        except PuzzleError as error:
            return failure(str(error))
        key = max(self.jobs, default=0) + 1
        self.jobs.clear()
        walk = logic.rating_walk(grid, self.known.steps_of(grid), self.known.searching)
        self.jobs[key] = {"walk": walk, "steps": 0, "tenths": 0, "puzzle": grid}
        answer = self.slice(key)
        if "problem" in answer:
            return reply(answer)
        started: RatingStarted = {"scale": scale_words(), "answer": answer}
        return reply(started)

    def more(self, key: "Any") -> "Answer[Rating | Rated | Refusal]":
        """Walk the rating ``key`` on for one slice: ``Rating`` ``{"job": key, "steps": n,
        "proper", "tenths"}`` (the path's steps and hardest step so far) while it goes on;
        once done ``Rated`` ``{"rating": tenths, "text": "4.2", "level": "hard", "steps":
        n, "why": ...}`` (what the number means, with the technique that set it), and the
        job is closed; ``Refusal`` (see ``start``). ``Failure`` for a rating
        dropped (another started since) or never started."""
        if int(key) not in self.jobs:
            return failure(f"no rating {key}: another puzzle is rated now, or none")
        return reply(self.slice(int(key)))

    def slice(self, key: int) -> "Rating | Rated | Refusal":
        """One slice of the rating ``key`` (open): ``more``'s answer."""
        from sudoku import logic  # noqa: PLC0415 (only the app's worker needs it)

        job = self.jobs[key]
        start = ticks()
        try:
            for tenths in job["walk"]:
                job["steps"] += 1
                job["tenths"] = tenths
                if ms_since(start) > self.known.slice_ms:
                    going: Rating = {
                        "job": key,
                        "steps": job["steps"],
                        "proper": tenths > 0,
                        "tenths": tenths,
                    }
                    return going
        except PuzzleError as error:
            del self.jobs[key]
            refused: Refusal = {"problem": str(error)}
            return refused
        del self.jobs[key]
        tenths = job["tenths"]
        done: Rated = {
            "rating": tenths,
            "text": rating_text(tenths),
            "level": logic.level_of_rating(tenths),
            "steps": job["steps"],
            "why": rating_why(rating_text(tenths), self.hardest_technique(job["puzzle"], tenths)),
        }
        return done

    def hardest_technique(self, puzzle: str, tenths: int) -> str:
        """The technique that set ``puzzle``'s rating ``tenths``: a step of that rating among
        those its walk found (``Known.steps_of``: every step past the singles), else the
        single of that rating ("" for none: a full grid)."""
        for step in self.known.steps_of(puzzle).values():
            if step.rating == tenths:
                return str(step.technique)
        return {12: "hidden single", 15: "hidden single", 23: "naked single"}.get(tenths, "")
