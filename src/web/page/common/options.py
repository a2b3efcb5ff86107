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
    from collections.abc import Callable, Iterable
    from typing import Any, TypedDict

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


def cut(text: str, most: int) -> str:
    """``text`` in at most ``most`` characters: longer, it is cut and ends with "..."."""
    return text if len(text) <= most else text[: most - 3] + "..."


def shown(text: str) -> str:
    """URL text as a note shows it: cut to ``SHOWN_CHARS``, then quoted by ``repr``.

    ``repr`` escapes what does not print (controls, bidi marks and the other format
    characters: ``'\\u202e'``), in CPython and in MicroPython (which escapes every
    character past ASCII), so URL text can neither reorder nor hide the note's words.
    """
    return repr(cut(text, SHOWN_CHARS))


def caption_text(text: str) -> str:
    """A blogger's caption as the widget shows it: one line of plain text (whitespace runs
    become one space), at most ``NOTE_CHARS`` characters (longer text is cut, with ...)."""
    return cut(" ".join(text.split()), NOTE_CHARS)


def note(name: str, value: str, problem: str, fallback: str) -> str:
    """One line about a parameter the widget could not use.

    A parameter this module knows is named as it is; any other name is URL text, shown
    like a value (``shown``).
    """
    label = name if name in DEFAULTS else shown(name)
    return f"{label}={shown(value)}: {problem}; using {fallback}."


def read_strategy(value: str) -> str | None:
    """A strategy's name, or None."""
    return value if value in STRATEGIES else None


def read_flag(value: str) -> bool | None:
    """``true``/``false`` (or 1/0, yes/no, on/off, any case), or None."""
    word = value.lower()
    return word in TRUE_WORDS if word in TRUE_WORDS or word in FALSE_WORDS else None


def read_step(value: str) -> int | None:
    """A step number up to ``MAX_STEP``, or None."""
    return int(value) if is_step(value) and int(value) <= MAX_STEP else None


def read_theme(value: str) -> str | None:
    """A theme's name, or None."""
    return value if value in THEMES else None


READERS: "dict[str, tuple[Callable[[str], Any], str, str]]" = {
    "strategy": (read_strategy, "unknown strategy", "naive"),
    "speed": (read_speed, "not a number of steps per second or max", "10"),
    "autoplay": (read_flag, "not true or false", "false"),
    "candidates": (read_flag, "not true or false", "false"),
    "tree": (read_flag, "not true or false", "false"),
    "loop": (read_loop, "not FROM-TO with FROM < TO", "no loop"),
    "step": (read_step, "not a step number", "step 0"),
    "theme": (read_theme, "not light, dark or auto", "auto"),
}
"""The settings read by one rule each: the reader (None: the value does not read), the
problem a note says, and what is used instead."""


def read_query(query: str) -> "tuple[Settings, list[str]]":
    """Every setting from a URL query, defaults for the rest, and a note per problem.

    ``puzzle`` is kept as given (the worker parses it), ``note`` made one line, the
    controls read as a list; the rest by their ``READERS``.
    """
    options = DEFAULTS.copy()
    pairs, notes = parse_query(query)
    for name, value in pairs:
        if name == "puzzle":
            options["puzzle"] = value
        elif name == "note":
            options["note"] = caption_text(value)
        elif name == "controls":
            known, unknown = read_controls(value)
            options["controls"] = known
            if unknown:
                notes.append(note(name, ",".join(unknown), "unknown controls", "the others"))
        elif name in READERS:
            read, problem, fallback = READERS[name]
            setting = read(value)
            if setting is None:
                notes.append(note(name, value, problem, fallback))
            else:
                options[name] = setting  # type: ignore[literal-required]
        else:
            notes.append(note(name, value, "unknown parameter", "nothing (ignored)"))
    return options, notes


def share_query(grid: str, strategy: str, extra: "Iterable[tuple[str, str]]" = ()) -> str:
    """The query that restores ``grid`` and ``strategy`` (plus ``extra`` name-value pairs).

    A grid is 81 characters of ``1``-``9`` and ``.``: nothing in it needs escaping.
    """
    pairs = [("puzzle", grid), ("strategy", strategy)]
    pairs.extend(extra)
    return "?" + "&".join(f"{name}={value}" for name, value in pairs)
