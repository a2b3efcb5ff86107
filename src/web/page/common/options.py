"""The player's settings: read from a URL's query (the widget, a share link), checked.

``read_query("?puzzle=...&strategy=mrv")`` gives every setting, defaults filled in, and a
list of notes, one per parameter it could not use (each note names the parameter, the
value and what it fell back to). Nothing here raises on bad input: a blog's iframe must
show a board, never a blank frame. The notes are plain text (the page writes them with
``textContent``; URL text never reaches the DOM as HTML).

``grouped`` (``1,234,567``) is the core's (``sudoku.words``), used from here by the page.

Pure Python for MicroPython (the page's main thread) and CPython (the unit tests).
"""

from sudoku.words import STRATEGIES, grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TypedDict

    from compare import Counted

    class Settings(TypedDict):
        """Every setting, as ``read_query`` gives them."""

        puzzle: str
        strategy: str
        speed: int
        autoplay: bool
        loop: tuple[int, int] | None
        controls: tuple[str, ...]
        theme: str
        step: int
        note: str
        candidates: bool
        tree: bool


SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 0)
"""Steps per second, one per notch of the speed slider; 0 is as fast as the browser can."""

CONTROLS = (
    "play",
    "step",
    "candidates",
    "tree",
    "scrub",
    "speed",
    "strategy",
    "counters",
    "depth",
    "code",
    "legend",
    "compare",
)
"""The parts of the player a widget may show (``controls=``); the board always shows.

``compare`` is compare mode (every strategy on the same puzzle, counted in the worker);
``candidates`` and ``tree`` the buttons that show each blank's candidates and the search
tree (one row under the transport row)."""

THEMES = ("auto", "light", "dark")

DEFAULT_PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""LeetCode 37's example."""

DEFAULTS: "Settings" = {
    "puzzle": DEFAULT_PUZZLE,
    "strategy": "naive",
    "speed": 10,
    "autoplay": False,
    "loop": None,
    "controls": CONTROLS,
    "theme": "auto",
    "step": 0,
    "note": "",
    "candidates": False,
    "tree": False,
}

NOTE_CHARS = 200
"""The most characters of a blogger's caption (``note=``): a sentence or two."""

MAX_STEP = 10**9
"""The largest ``step=`` read: past any search the player keeps."""

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def unquote(text: str) -> str:
    """Percent-decoding of a query value (``+`` is a space); bad escapes stay as they are."""
    raw = text.replace("+", " ").encode()
    out = bytearray()
    i = 0
    while i < len(raw):
        byte = raw[i]
        if byte == 37 and is_hex(raw[i + 1 : i + 3]):
            out.append(int(raw[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(byte)
            i += 1
    try:
        return bytes(out).decode()
    except UnicodeError:
        return text


def is_hex(pair: bytes) -> bool:
    """Whether two bytes are hexadecimal digits."""
    return len(pair) == 2 and all(b in b"0123456789abcdefABCDEF" for b in pair)


QUERY_CHARS = 16_000
"""The longest query read: a link with a puzzle and every setting is under 2,000
characters. A longer one is ignored whole, before any parsing, and said: MicroPython reads
a long number in quadratic time (a ``step=`` of 1.9 million digits froze the page for
nine minutes), and decoding a megabyte of text takes it seconds."""

PARAMETERS = 30
"""The most parameters read (the widget has 11): the rest are ignored, and said."""

VALUE_CHARS = 100
"""The longest value read for a setting (a step, a speed, the controls), as the URL
carries it (escaped): a longer one is ignored, and said. ``LONG_VALUES`` has the others."""

LONG_VALUES = {"puzzle": 10_000, "note": 2_400}
"""The longest ``puzzle`` and ``note`` read, escaped: a puzzle needs a few hundred
characters (LeetCode's JSON with every byte escaped, 1,500), and the worker's reader
refuses text past 10,000 anyway; a caption is ``NOTE_CHARS`` characters, each of up to
four bytes escaped as three characters each."""


def parse_query(query: str) -> tuple[list[tuple[str, str]], list[str]]:
    """``?a=1&b=x%20y`` -> ``[("a", "1"), ("b", "x y")]``, in order, empty pairs skipped,
    and a note for each part left unread: a value longer than its limit (``VALUE_CHARS``,
    ``LONG_VALUES``), the parameters past the first ``PARAMETERS``, a query longer than
    ``QUERY_CHARS`` (all of it). Nothing long is decoded: each is measured first."""
    if len(query) > QUERY_CHARS:
        size, most = grouped(len(query)), grouped(QUERY_CHARS)
        return [], [f"The address's query has {size} characters (at most {most}): all ignored."]
    pairs, notes = [], []
    parts = [part for part in query.lstrip("?").split("&") if part]
    for part in parts[:PARAMETERS]:
        raw_name, _, raw = part.partition("=")
        name = unquote(raw_name[:VALUE_CHARS])
        limit = LONG_VALUES.get(name, VALUE_CHARS)
        if len(raw) > limit:
            label = name if name in DEFAULTS else shown(name)
            notes.append(
                f"{label}: {grouped(len(raw))} characters (at most {grouped(limit)}); ignored."
            )
        else:
            pairs.append((name, unquote(raw)))
    if len(parts) > PARAMETERS:
        notes.append(
            f"{grouped(len(parts) - PARAMETERS)} parameters past the first {PARAMETERS}: ignored."
        )
    return pairs, notes


def read_speed(value: str) -> int | None:
    """A speed notch for ``max`` or a number of steps per second (nearest notch); or None."""
    if value == "max":
        return 0
    try:
        wanted = float(value)
    except ValueError:
        return None
    if not wanted > 0:
        return None
    finite = [s for s in SPEEDS if s]
    return min(finite, key=lambda s: abs(s - wanted) / s)


def read_loop(value: str) -> tuple[int, int] | None:
    """``FROM-TO`` (steps, FROM < TO <= ``MAX_STEP``) -> ``(FROM, TO)``; None if it is not
    that (a number is read only if it has at most as many digits as ``MAX_STEP``)."""
    first, sep, last = value.partition("-")
    if not sep or not is_step(first) or not is_step(last):
        return None
    start, stop = int(first), int(last)
    return (start, stop) if start < stop <= MAX_STEP else None


def is_step(text: str) -> bool:
    """Whether ``text`` is a whole number short enough to be a step (``int`` is quadratic
    in MicroPython: a long one is refused before it is read)."""
    return text.isdigit() and len(text) <= len(str(MAX_STEP))


def read_controls(value: str) -> tuple[tuple[str, ...], list[str]]:
    """``play,step`` -> the known names in the player's order, and the unknown ones."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    if names == ["all"]:
        return CONTROLS, []
    if names == ["none"]:
        return (), []
    known = tuple(name for name in CONTROLS if name in names)
    return known, [name for name in names if name not in CONTROLS]


SHOWN_CHARS = 40
"""The most characters of URL text a note shows (longer text is cut, with ``...``)."""


def shown(text: str) -> str:
    """URL text as a note shows it: cut to ``SHOWN_CHARS``, then quoted by ``repr``.

    ``repr`` escapes what does not print (controls, bidi marks and the other format
    characters: ``'\\u202e'``), in CPython and in MicroPython (which escapes every
    character past ASCII), so URL text can neither reorder nor hide the note's words.
    """
    return repr(text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "...")


def caption_text(text: str) -> str:
    """A blogger's caption as the widget shows it: one line of plain text (whitespace runs
    become one space), at most ``NOTE_CHARS`` characters (longer text is cut, with ...)."""
    words = " ".join(text.split())
    return words if len(words) <= NOTE_CHARS else words[: NOTE_CHARS - 3] + "..."


def note(name: str, value: str, problem: str, fallback: str) -> str:
    """One line about a parameter the widget could not use.

    A parameter this module knows is named as it is; any other name is URL text, shown
    like a value (``shown``).
    """
    label = name if name in DEFAULTS else shown(name)
    return f"{label}={shown(value)}: {problem}; using {fallback}."


def read_query(query: str) -> "tuple[Settings, list[str]]":
    """Every setting from a URL query, defaults for the rest, and a note per problem.

    ``puzzle`` is kept as given (the worker parses it); the rest are checked here.
    """
    options = DEFAULTS.copy()
    pairs, notes = parse_query(query)
    for name, value in pairs:
        if name == "puzzle":
            options["puzzle"] = value
        elif name == "strategy":
            if value in STRATEGIES:
                options["strategy"] = value
            else:
                notes.append(note(name, value, "unknown strategy", "naive"))
        elif name == "speed":
            speed = read_speed(value)
            if speed is None:
                notes.append(note(name, value, "not a number of steps per second or max", "10"))
            else:
                options["speed"] = speed
        elif name in ("autoplay", "candidates", "tree"):
            if value.lower() in TRUE_WORDS or value.lower() in FALSE_WORDS:
                options[name] = value.lower() in TRUE_WORDS  # type: ignore[literal-required]
            else:
                notes.append(note(name, value, "not true or false", "false"))
        elif name == "loop":
            loop = read_loop(value)
            if loop is None:
                notes.append(note(name, value, "not FROM-TO with FROM < TO", "no loop"))
            else:
                options["loop"] = loop
        elif name == "controls":
            known, unknown = read_controls(value)
            options["controls"] = known
            if unknown:
                notes.append(note(name, ",".join(unknown), "unknown controls", "the others"))
        elif name == "step":
            if is_step(value) and int(value) <= MAX_STEP:
                options["step"] = int(value)
            else:
                notes.append(note(name, value, "not a step number", "step 0"))
        elif name == "note":
            options["note"] = caption_text(value)
        elif name == "theme":
            if value in THEMES:
                options["theme"] = value
            else:
                notes.append(note(name, value, "not light, dark or auto", "auto"))
        else:
            notes.append(note(name, value, "unknown parameter", "nothing (ignored)"))
    return options, notes


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


def cost_caption(result: "Counted", cap: int) -> str:
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


def share_query(grid: str, strategy: str, extra: "Iterable[tuple[str, str]]" = ()) -> str:
    """The query that restores ``grid`` and ``strategy`` (plus ``extra`` name-value pairs).

    A grid is 81 characters of ``1``-``9`` and ``.``: nothing in it needs escaping.
    """
    pairs = [("puzzle", grid), ("strategy", strategy)]
    pairs.extend(extra)
    return "?" + "&".join(f"{name}={value}" for name, value in pairs)


FRAME_WIDE = {
    "base": 454,
    "strategy": 35,
    "transport": 39,
    "views": 45,
    "scrub": 60,
    "speed": 60,
    "legend": 129,
    "compare": 78,
}
"""Pixels each part adds to the widget in a frame 40rem (640 px) wide, where the board
column (the parts above) sits beside the counters column (``FRAME_RIGHT``). Measured in
Chromium (tests/e2e/test_share_snippet.py holds the sums to the real widget)."""

FRAME_RIGHT = {"counters": 127, "depth": 113, "code": 368}
"""The counters column's parts in a 40rem frame; it adds height only where it outgrows
the board column (``FRAME_BOARD_COLUMN`` plus that column's parts)."""

FRAME_BOARD_COLUMN = 395
"""The board and its caption, in a 40rem frame."""

FRAME_NARROW = {
    "base": 538,
    "strategy": 63,
    "transport": 39,
    "views": 45,
    "scrub": 60,
    "speed": 60,
    "legend": 129,
    "counters": 127,
    "depth": 112,
    "code": 368,
    "compare": 78,
}
"""Pixels each part adds in a frame narrower than 640 px (one column; the most measured
from 360 to 639 px: at 320 the code wraps to more lines, which the other parts' room
to spare still covers)."""

FRAME_MARGIN = 16
"""Room to spare: a font a little larger than Chromium's, a longer caption."""

NARROW_BELOW = 700
"""A host page narrower than this (px) is taken to give the frame less than 40rem."""


def frame_parts(controls: tuple[str, ...]) -> list[str]:
    """The sized parts a widget with ``controls`` shows (play and step share one row, the
    candidates and tree buttons another)."""
    parts = [name for name in controls if name not in ("play", "step", "candidates", "tree")]
    if "play" in controls or "step" in controls:
        parts.append("transport")
    if "candidates" in controls or "tree" in controls:
        parts.append("views")
    return parts


def frame_heights(controls: tuple[str, ...] = CONTROLS) -> tuple[int, int]:
    """The widget's height in px with ``controls`` shown: in a 40rem frame, in a narrow one.

    The compare table that appears once Compare is pressed is not counted (the frame
    scrolls then): the iframe is sized for what a reader sees first.
    """
    parts = frame_parts(controls)
    left = sum(FRAME_WIDE.get(name, 0) for name in parts if name not in ("strategy", "compare"))
    right = sum(FRAME_RIGHT.get(name, 0) for name in parts)
    wide = FRAME_WIDE["base"] + max(left, right - FRAME_BOARD_COLUMN)
    wide += sum(FRAME_WIDE[name] for name in parts if name in ("strategy", "compare"))
    narrow = FRAME_NARROW["base"] + sum(FRAME_NARROW.get(name, 0) for name in parts)
    return round_up(wide + FRAME_MARGIN), round_up(narrow + FRAME_MARGIN)


def round_up(px: int) -> int:
    """``px`` rounded up to a multiple of 10."""
    return -(-px // 10) * 10


def iframe_snippet(url: str, controls: tuple[str, ...] = CONTROLS) -> str:
    """An ``<iframe>`` for ``url`` (the widget with its query), tall enough for the widget.

    Its height is the widget's with ``controls`` shown: the 40rem frame's, or on a host
    page narrower than ``NARROW_BELOW`` px (a phone) the one-column widget's; CSS
    ``clamp`` picks one of the two, as the ``vw`` term is far below or far above both.
    """
    wide, narrow = frame_heights(controls)
    tall = max(wide, narrow)
    height = f"clamp({wide}px, ({NARROW_BELOW}px - 100vw) * 100, {tall}px)"
    return (
        f'<iframe src="{url}" title="Sudoku Lab: backtracking, step by step" '
        f'style="width:100%;max-width:40rem;height:{height};border:0" loading="lazy"></iframe>'
    )


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


def tag_snippet(
    script_url: str,
    grid: str,
    strategy: str,
    board_text: str,
    extra: "Iterable[tuple[str, str]]" = (),
) -> str:
    """The ``<sudoku-lab>`` tag (and its script), with ``board_text`` (the grid as plain
    text art: ``sudoku.formats.to_pretty``) for readers without JS; ``extra`` settings
    (name, value: plain words and numbers) become attributes too."""
    attributes = "".join(f' {name}="{value}"' for name, value in extra)
    return (
        f'<script src="{script_url}" defer></script>\n'
        f'<sudoku-lab puzzle="{grid}" strategy="{strategy}"{attributes}>\n'
        f"<pre>{board_text}</pre>\n"
        "</sudoku-lab>"
    )


GIF_FRAME_BYTES = 16_000
"""About how many bytes one frame adds to the Share panel's GIF (measured 2026-11: six
frames of LeetCode's example, 94,704 bytes); the panel says the size before it encodes."""

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
