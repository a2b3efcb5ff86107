"""The Share panel's pictures, in the app's worker: a trace's steps drawn as SVG, a
storyboard, the frames of a GIF (``sudoku.render``), drawn a chunk of events a call so
that the panel's Stop is never kept waiting. ``sudoku.render`` loads on first use: only
the exports need it."""

from contract import failure, reply

from sudoku import formats

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from contract import Answer, Drawing, Drawn, Limits, Pictures, Stopped

RENDER_CHUNK = 50_000
"""Events a ``render_more`` call plays at most before it answers: the longest wait for
the panel's Stop (a fraction of a second)."""

MAX_RENDERS = 2
"""Drawings kept open at once; an older one is dropped (its page moved on)."""


def render_limits() -> "Answer[Limits]":
    """The most pictures of one export: ``{"boards": render.MAX_BOARDS, "frames":
    render.MAX_FRAMES}``, for the panel to say before the reader asks."""
    from sudoku import render  # noqa: PLC0415 (only the exports need it)

    answer: Limits = {"boards": render.MAX_BOARDS, "frames": render.MAX_FRAMES}
    return reply(answer)


class Drawings:
    """The drawings open in one worker, by id: the pass over the trace
    (``render.filming``) and its scenes so far."""

    def __init__(self) -> None:
        self.open: dict[int, dict[str, Any]] = {}
        self.chunk = RENDER_CHUNK
        """Events a call plays at most (``RENDER_CHUNK``; a test draws step by step)."""

    def start(
        self, board: "Any", strategy: "Any", first: "Any", last: "Any", every: "Any" = 1
    ) -> "Answer[Drawing]":
        """Open a drawing of a trace's steps ``first``..``last`` (every ``every``-th), for
        the Share panel's exports: ``{"render": id}``, then ``more`` until it is done; or
        ``{"error": message}`` (a bad board or range, more than ``render.MAX_FRAMES``
        steps)."""
        from sudoku import render  # noqa: PLC0415 (only the exports need it)

        try:
            grid = formats.parse(board)
            steps = (int(first), int(last), int(every))
            count = (steps[1] - steps[0]) // max(1, steps[2]) + 1
            if count > render.MAX_FRAMES:
                return failure(f"at most {render.MAX_FRAMES} steps, got {count}: step by more")
            film = render.filming(grid, strategy, steps, self.chunk)
        except ValueError as error:
            return failure(str(error))
        key = max(self.open, default=0) + 1
        self.open[key] = {"film": film, "shots": []}
        for old in sorted(self.open)[:-MAX_RENDERS]:
            del self.open[old]
        answer: Drawing = {"render": key}
        return reply(answer)

    def more(self, key: "Any") -> "Answer[Drawn | Pictures]":
        """Draw on for up to ``chunk`` events: ``{"step": n}`` (the step reached) while the
        drawing goes on; once done, its pictures, and it is closed: ``{"svgs": [svg,
        ...]}`` (``sudoku.render``, as ``sudoku render`` writes them) and ``{"storyboard":
        svg}`` of the same steps when it fits (at most ``render.MAX_BOARDS``, else ""),
        with ``delay``, the ms a GIF shows each (``render.FRAME_MS``). ``{"error"}`` for a
        drawing closed or never opened."""
        from sudoku import render  # noqa: PLC0415 (only the exports need it)

        job = self.open.get(int(key))
        if job is None:
            return failure(f"no drawing {key}: it was stopped or never started")
        for shot in job["film"]:
            if isinstance(shot, int):
                drawn: Drawn = {"step": shot}
                return reply(drawn)
            job["shots"].append(shot)
        shots = self.open.pop(int(key))["shots"]
        board_text = render.storyboard(shots) if len(shots) <= render.MAX_BOARDS else ""
        answer: Pictures = {
            "svgs": [render.svg(shot) for shot in shots],
            "storyboard": board_text,
            "delay": render.FRAME_MS,
        }
        return reply(answer)

    def stop(self, key: "Any") -> "Answer[Stopped]":
        """Stop a drawing (its pass is dropped): ``{"stopped": bool}``."""
        answer: Stopped = {"stopped": self.open.pop(int(key), None) is not None}
        return reply(answer)
