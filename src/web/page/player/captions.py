"""The player's words: its captions, the compare table's summary, and the export panel's
plan and range checks; pure functions of numbers and names, so CPython tests them as
MicroPython runs them.

Runs on the page's main thread (MicroPython), imported by the player's parts.
"""

from options import MAX_STEP, is_step

from sudoku.words import STRATEGIES, grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from contract import Recorded


def ready_caption(controls: tuple[str, ...], touch: bool = False) -> str:
    """The caption once a trace is ready, naming only controls that ``controls`` shows.

    Without a Play button (``controls=none``, ``controls=step,counters``...) a click on
    the board plays and pauses (player.py). The keys work whatever shows (the widget's
    whole page listens), so the right arrow is always true; on a ``touch`` screen (no
    keyboard, no pointer that clicks) the words are a tap and the buttons shown.
    """
    if touch:
        how = "press Play" if "play" in controls else "tap the board to play or pause"
        step = ", or \u25b6 to take one step" if "step" in controls else ""
        return "Ready: " + how + step + "."
    if "play" in controls:
        return "Ready: press Play, or the right arrow key to take one step."
    return (
        "Ready: click the board (or press Space) to play or pause; "
        "the right arrow key takes one step."
    )


LABELS = {
    "nodes": ("Nodes", "Digits written"),
    "backtracks": ("Backtracks", "Undos"),
    "depth": ("Depth", "Open writes"),
    "max-depth": ("Max depth", "Most open"),
    "depth-title": ("Open guesses", "Open writes"),
    "code-title": ("The strategy in Python", "The code in Python"),
}
"""The player's labels (by the role of the part, or of the counter they name) for our
strategies and for a recorded run of a reader's code, whose counters count its writes."""


def counted(number: int, thing: str) -> str:
    """``1 digit``, ``2,100 digits``."""
    return grouped(number) + " " + thing + ("" if number == 1 else "s")


def recorded_caption(answer: "Recorded") -> str:
    """How long a recorded run of a reader's code is (``trace_record``'s answer):
    ``Your code writes to the board 4,210 times: 2,110 digits, 2,100 blanks.``"""
    steps, undos = answer["steps"], answer["undos"]
    said = "Your code writes to the board " + counted(steps, "time") + ": "
    said += counted(steps - undos, "digit") + ", " + counted(undos, "blank") + "."
    if answer["at_end"]:
        said += " Its writes all come at the end: it searched on its own data, then copied."
    return said


def goes_on_caption(controls: tuple[str, ...], touch: bool = False) -> str:
    """How to go on from the last kept step of a search that goes on (a tap on a
    ``touch`` screen)."""
    how = "Play" if "play" in controls else ("a tap" if touch else "a click") + " on the board"
    return "the search goes on (" + how + " continues it)."


def speed_label(speed: int) -> str:
    """``1 step/s``, ``200 steps/s``, or ``as fast as possible``."""
    if speed == 0:
        return "as fast as possible"
    return "1 step/s" if speed == 1 else f"{speed} steps/s"


def compare_summary(capped: list[str], cap: int) -> str:
    """Compare mode's last word: ``capped`` names the strategies stopped at ``cap`` steps."""
    limit = grouped(cap)
    if not capped:
        return "Done: the same puzzle, three ways to choose."
    if len(capped) == len(STRATEGIES):
        return (
            "Every strategy stopped at the cap of " + limit + " steps: the counts are lower "
            "bounds (≥), so they cannot say which search is shorter. Try a puzzle with "
            "more givens."
        )
    whose = "its count is a lower bound" if len(capped) == 1 else "their counts are lower bounds"
    return (
        "Done, but "
        + " and ".join(capped)
        + " stopped at the cap of "
        + limit
        + " steps: "
        + whose
        + " (≥): the real gap is larger still."
    )


GIF_FRAME_BYTES = 16_000
"""About how many bytes one frame adds to the Share panel's GIF (six frames of
LeetCode's example make about 95 kB); the panel says the size before it encodes."""


GIF_WARN_BYTES = 2_000_000
"""A GIF estimated this large or more is made only at a second press (said first)."""


def read_range(texts: "tuple[str, str, str]", end: int | None) -> "tuple[int, int, int] | str":
    """The Share panel's "Steps FROM to TO every K" (its three fields' text) as numbers,
    or what is wrong with it, in words: whole numbers up to ``MAX_STEP`` (a larger one
    would wrap as it crosses to the worker: 10**12 arrived as -727,379,968), FROM before
    TO, K at least 1, and TO no further than ``end``, the search's last step, if known."""
    numbers = []
    for text in texts:
        digits = text.strip()
        if not is_step(digits) or int(digits) > MAX_STEP:
            return (
                "Steps: write whole numbers from 0 to " + grouped(MAX_STEP) + ", FROM to TO"
                " every K (K at least 1)."
            )
        numbers.append(int(digits))
    first, last, every = numbers
    if every < 1:
        return "Steps: write whole numbers, FROM to TO every K (K at least 1)."
    if last < first:
        return f"Steps: {last} comes before {first}: write the earlier step first."
    if end is not None and last > end:
        return f"Steps: this search ends at step {grouped(end)}: choose TO up to {grouped(end)}."
    return first, last, every


def least_every(first: int, last: int, most: int) -> int:
    """The smallest K for which steps ``first`` to ``last`` every K are at most ``most``."""
    return (last - first) // most + 1


def megabytes(size: int) -> str:
    """``4,800,000`` -> ``4.8 MB``."""
    tenths = (size + 50_000) // 100_000
    return f"{tenths // 10}.{tenths % 10} MB"


def export_plan(steps: "tuple[int, int, int]", limits: "tuple[int, int]") -> str:
    """What the panel's range makes, before it is asked: how many pictures, the most a
    storyboard and a GIF hold (``limits``: boards, frames) with the K that fits each, and
    the GIF's size, about, when it can be made."""
    first, last, every = steps
    boards, frames = limits
    count = (last - first) // every + 1
    pictures = "1 picture" if count == 1 else grouped(count) + " pictures"
    board_every = grouped(least_every(first, last, boards))
    frame_every = grouped(least_every(first, last, frames))
    size = " The GIF: about " + megabytes(count * GIF_FRAME_BYTES) + "." if count <= frames else ""
    return (
        f"Steps {grouped(first)} to {grouped(last)} every {grouped(every)}: {pictures}. "
        f"A storyboard holds {boards} at most (here every {board_every} or more), "
        f"a GIF {frames} (every {frame_every} or more).{size}"
    )


def search_end_words(end: int | None, counted: str) -> str:
    """The search's length as the panel says it: ``end`` its last step if known, else
    ``counted`` the player's count so far (``200000+``: longer than that; "": none yet)."""
    if end is not None:
        return f"This search ends at step {grouped(end)}."
    if counted.endswith("+") and counted[:-1].isdigit():
        return (
            f"This search is longer than {grouped(int(counted[:-1]))} steps: a range far"
            " into it takes a while to draw (Stop ends it)."
        )
    return ""
