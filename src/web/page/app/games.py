"""The reader's games as kept in storage: what is kept, its schema, and reading it back.

One localStorage value per site (``KEY`` and the site's URL: forks may share an origin)
holds the reader's last games, the one on the board when they left, and the view's
choices::

    {"current": "53..7....6..",        the puzzle on the board ("" for an empty board)
     "games": [{"board": "...", "ms": 245000,          most recently played first
                "at": 1765000000000, "source": "sample", "level": "medium"}, ...],
     "hidden": false, "auto": true,    the timer hidden, the candidates shown,
     "tidy": true}                     a placed digit erases its peers' pencil marks

A **game** is a puzzle with the reader's play on it: ``board`` is ``sheet.Sheet``'s
snapshot (givens, entries, pencil marks, what hints crossed out; no solver's digits) and
``ms`` the time on it; ``at`` when it was last played (ms since 1970, 0: not known),
``source`` where its puzzle came from (``SOURCES``) and ``level`` its level when known
(``LEVELS``): what names it in the menu (``label``), with a picture of its givens.
Games are known by their puzzle (its givens): at most one game a puzzle, at most
``MAX_GAMES``. Past that, a game with nothing written on it (no entry, mark or crossing
out: a sample looked at, a paste) goes before any with the reader's work, the one played
longest ago first (``trimmed``): eight puzzles opened to look at never push out the game
being solved.

A puzzle being typed on the board (its givens not locked by Start solving) is **one**
game, saved as it grows: each save replaces the game it grew from (``played``). Until it
is started or has entries of the reader's it is a **draft** (``drafting``): at most one
is kept, the newest, beside the ``MAX_GAMES`` games, so typing never pushes out a game.

A game moves to the front, and becomes ``current``, when the reader plays it (an edit, a
puzzle they load or make). A puzzle opened from a link is not their game until they play
it: opening a link destroys nothing, and the next visit without one brings back the game
they were playing. Saving is read, change, write: another tab's games stay.

The timer's second is kept apart (``CLOCK``: ``{"puzzle": "53..", "ms": 245000}``, the time
on the board's game), written each second alone: a tab left open whose timer runs never
writes the games back as it read them before another tab's save (a Clear in one tab was
undone so by the other's next second, on a loaded machine, where a tab sees another's
write some ms late). Read back, the clock's time goes on its game (``timed``).

Storage is shared with every page of the origin (another project page of the same GitHub
user can write it), so everything read back is checked (``read``): it never raises, text
over ``MAX_TEXT`` is not even parsed, each game is checked alone (a bad one is left out,
the rest kept), a time is a finite number of ms within ``MAX_MS`` (else 0), and the
view's choices are ``true`` or not (``tidy``: ``false`` or not).

Pure Python for MicroPython (the page) and CPython (the unit tests).
"""

import json

from sheet import BLANK, Sheet

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypedDict

    class Game(TypedDict):
        """A puzzle and the reader's play on it (see the module's docstring)."""

        board: str
        ms: int
        at: int
        source: str
        level: str

    Facts = tuple[str, str, int, int, bool, bool]
    """What ``facts`` reads from a board: its snapshot, puzzle, givens and entries counted,
    whether the reader wrote on it, and whether its givens are locked (started)."""

    Named = tuple[int, str, str]
    """When a game was played (ms since 1970), where its puzzle came from, its level."""

    class Kept(TypedDict):
        """All that storage keeps (see the module's docstring)."""

        current: str
        games: list[Game]
        hidden: bool
        auto: bool
        tidy: bool


KEY = "sudoku-lab games "
"""The storage key's prefix; the site's URL follows."""
CLOCK = "sudoku-lab clock "
"""The clock's key prefix (see the module's docstring); the site's URL follows."""
OLD_KEYS = ("sudoku-lab board ", "sudoku-lab play ")
"""The keys of the version before (the puzzle; the play on it), read once if KEY is not
there, so an update loses no game."""
MAX_GAMES = 8
"""Games kept at most, besides the one draft (see the module's docstring)."""
SOURCES = ("sample", "link", "pasted", "imported", "typed", "new")
"""Where a game's puzzle came from: a sample, a link, a paste, the import box, typed on
the board, New puzzle."""
LEVELS = ("easy", "medium", "hard", "expert", "extreme")
"""A puzzle's level, as the samples and New puzzle name it."""
MAX_AT = 10**14
"""A time (ms since 1970) past the year 5000: later is not a real one."""
MAX_MS = 100 * 3600 * 1000
"""A hundred hours: more is not a time anyone spent."""
MAX_TEXT = 40_000
"""More than ``MAX_GAMES`` games can take (a snapshot is at most about 2.5 kB): longer
text is not ours, and is not parsed (MicroPython would take seconds on megabytes)."""


FACTS_KEPT = 4 * MAX_GAMES
"""Boards whose facts ``facts`` remembers at most (then it forgets them all)."""

remembered: "dict[str, Facts]" = {}
"""Each board's facts by its text (``facts``)."""


def empty() -> "Kept":
    """Nothing kept: no game, the view's defaults."""
    return {"current": "", "games": [], "hidden": False, "auto": False, "tidy": True}


def parsed(text: "str | None") -> "dict[str, object] | None":
    """The JSON object ``text`` (a storage value, or None) holds; None for anything else:
    nothing, text over ``MAX_TEXT`` (not even parsed), not JSON, not an object."""
    if not text or len(text) > MAX_TEXT:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def read(text: "str | None") -> "Kept":
    """What ``text`` (storage's value, or None) keeps, checked; never raises."""
    kept = empty()
    data = parsed(text)
    if data is None:
        return kept
    games = data.get("games")
    for item in games[: MAX_GAMES + 1] if isinstance(games, list) else []:
        game = game_of(item)
        if game is not None and find(kept, puzzle_of(game)) is None:
            kept["games"].append(game)
    current = data.get("current")
    if isinstance(current, str) and find(kept, current) is not None:
        kept["current"] = current
    kept["hidden"] = data.get("hidden") is True
    kept["auto"] = data.get("auto") is True
    kept["tidy"] = data.get("tidy") is not False
    return kept


def game_of(item: object) -> "Game | None":
    """A stored game, checked (a board that restores, with a puzzle); None if it is not one."""
    if not isinstance(item, dict):
        return None
    found = facts(item.get("board"))
    if found is None:
        return None
    at, source, level = item.get("at"), item.get("source"), item.get("level")
    game: Game = {
        "board": found[0],
        "ms": ms_of(item.get("ms")),
        "at": int(at) if isinstance(at, (int, float)) and at_valid(at) else 0,
        "source": source if isinstance(source, str) and source in SOURCES else "",
        "level": level if isinstance(level, str) and level in LEVELS else "",
    }
    return game


def at_valid(value: object) -> bool:
    """Whether ``value`` is a time a game was played: ms since 1970, up to ``MAX_AT``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return 0 <= value <= MAX_AT  # False for NaN too


def facts(board: object) -> "Facts | None":
    """A game's board (``Sheet.snapshot``'s text) as what the games are told by: its
    snapshot as kept (no solver's digits), its puzzle, its givens and the reader's entries
    counted, and whether the reader wrote on it (an entry, a pencil mark, a crossing out);
    None for a board that does not restore or has no puzzle.

    Remembered by the board's text (``FACTS_KEPT``): a save reads every kept game and the
    clock's second shows them all, and all but the board's game are the text they were
    the time before. Restoring each again, several times a game, at every edit, kept the
    page's main thread busy while the reader typed."""
    if not isinstance(board, str):
        return None
    known = remembered.get(board)
    if known is not None:
        return known
    sheet = Sheet()
    if not sheet.restore(board) or sheet.puzzle() == BLANK * 81:
        return None
    puzzle = sheet.puzzle()
    wrote = any(sheet.entries) or any(sheet.pencil) or any(sheet.struck)
    snapshot, given = sheet.snapshot(with_solved=False), 81 - puzzle.count(BLANK)
    known = (snapshot, puzzle, given, sheet.count_entries(), wrote, sheet.locked)
    if len(remembered) >= FACTS_KEPT:
        remembered.clear()
    remembered[board] = known
    return known


def known_facts(game: "Game") -> "Facts":
    """A kept game's ``facts`` (its board restores: ``read`` checked it, or ``played`` made it)."""
    found = facts(game["board"])
    assert found is not None
    return found


def ms_of(value: object) -> int:
    """A stored time: whole ms from 0 to MAX_MS; anything else (text, NaN, infinity,
    negative, huge, true) is 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    if not 0 <= value <= MAX_MS:  # False for NaN too
        return 0
    return int(value)


def puzzle_of(game: "Game") -> str:
    """A game's puzzle: its givens as 81 characters."""
    return known_facts(game)[1]


def find(kept: "Kept", puzzle: str) -> "Game | None":
    """The game of ``puzzle``, or None."""
    for game in kept["games"]:
        if puzzle_of(game) == puzzle:
            return game
    return None


def played(
    kept: "Kept", sheet: Sheet, ms: float, bump: bool, named: "Named" = (0, "", "")
) -> "Kept":
    """``kept`` with the board's game saved: at the front and current when ``bump`` (the
    reader played it); else updated where it is, if it is kept at all. ``named`` is when
    (ms since 1970) and where its puzzle came from, and its level (see the module's
    docstring; "" keeps what the game had). An empty board is no game: ``bump`` makes it
    current (the next visit starts empty), the games stay.

    A puzzle being typed (givens not locked) replaces the game it grew from, the one on
    the board before if that was being typed too: one game, saved as it grows."""
    puzzle = sheet.puzzle()
    if puzzle == BLANK * 81:
        if bump:
            kept["current"] = ""
        return kept
    now, source, level = named
    games = kept["games"]
    at = next((i for i, other in enumerate(games) if puzzle_of(other) == puzzle), None)
    old = games[at] if at is not None else None
    game: Game = {
        "board": sheet.snapshot(with_solved=False),
        "ms": ms_of(int(ms)),
        "at": now if bump and at_valid(now) else (old["at"] if old else 0),
        "source": source or (old["source"] if old else ""),
        "level": level or (old["level"] if old else ""),
    }
    if bump:
        grew = find(kept, kept["current"]) if kept["current"] else None
        typing = not sheet.locked and grew is not None and not known_facts(grew)[5]
        others = [g for g in games if g is not old and not (typing and g is grew)]
        others.insert(0, game)
        kept["games"] = trimmed(others)
        kept["current"] = puzzle
    elif at is not None:
        games[at] = game
    return kept


def drafting(game: "Game") -> bool:
    """Whether ``game`` is a draft: a puzzle being typed, not started, with nothing of the
    reader's written on it (see the module's docstring)."""
    found = known_facts(game)
    return not found[5] and not found[4]


def trimmed(games: "list[Game]") -> "list[Game]":
    """At most ``MAX_GAMES`` of ``games`` (most recently played first, the board's at the
    front, which stays) and the newest draft: past that, the games with nothing written
    on them go first, the oldest first, then the oldest of the others."""
    drafts = [i for i, game in enumerate(games) if drafting(game)]
    games = [game for i, game in enumerate(games) if i not in drafts[1:]]
    while len(games) - any(drafting(game) for game in games) > MAX_GAMES:
        kept = [i for i in range(1, len(games)) if not drafting(games[i])]
        unwritten = [i for i in kept if not written(games[i])]
        games.pop(unwritten[-1] if unwritten else kept[-1])
    return games


def written(game: "Game") -> bool:
    """Whether the reader wrote on the game: an entry, a pencil mark, a crossing out."""
    return known_facts(game)[4]


def time_text(puzzle: str, ms: float) -> str:
    """The clock's text: ``ms`` on the game of ``puzzle``."""
    return json.dumps({"puzzle": puzzle, "ms": ms_of(int(ms))})


def timed(kept: "Kept", text: "str | None") -> "Kept":
    """``kept`` with the clock's time (``text``, storage's value, or None) on its game, if
    that game is kept; checked as ``read`` checks: never raises."""
    data = parsed(text)
    puzzle = data.get("puzzle") if data is not None else None
    game = find(kept, puzzle) if isinstance(puzzle, str) else None
    if data is not None and game is not None:
        game["ms"] = ms_of(data.get("ms"))
    return kept


def text_of(kept: "Kept") -> str:
    """``kept`` as storage's text."""
    return json.dumps(kept)


def migrated(board_text: "str | None", play_text: "str | None") -> str:
    """The previous version's two values (a puzzle; the play on it, ``{"board", "ms",
    "hidden", "auto"}``) as this version's text, checked as ``read`` checks."""
    old = None
    if play_text and len(play_text) <= MAX_TEXT:
        try:
            old = json.loads(play_text)
        except ValueError:
            old = None
    if not isinstance(old, dict):
        return text_of(empty())
    data = {
        "games": [old],
        "current": board_text,
        "hidden": old.get("hidden"),
        "auto": old.get("auto"),
    }
    return text_of(read(json.dumps(data)))


def counts(game: "Game") -> "tuple[int, int]":
    """A game's givens, and the reader's entries on it."""
    found = known_facts(game)
    return found[2], found[3]


SOURCE_NAMES = {
    "sample": "sample",
    "link": "From a link",
    "pasted": "Pasted",
    "imported": "Imported",
    "typed": "Typed",
    "new": "New",
}
"""How ``label`` names each source."""
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def label(game: "Game", now: int, offset: int) -> str:
    """A game's name in the menu: what tells it apart at a glance, short enough for a
    phone's menu. Its level and where it came from ("Medium sample", "New expert",
    "Pasted"), "Being typed" for a draft, and when it was last played (``when``; ``now``
    the time, ``offset`` the reader's time zone as JavaScript's ``getTimezoneOffset``).
    (No ``str.capitalize``: MicroPython has none.)"""
    level, source = game["level"][:1].upper() + game["level"][1:], game["source"]
    if drafting(game):
        name = "Being typed"
    elif source == "sample":
        name = (level + " sample") if level else "Sample"
    elif source == "new":
        name = "New " + (game["level"] or "puzzle")
    else:
        name = SOURCE_NAMES.get(source, "Puzzle")
        name = f"{name} ({game['level']})" if level else name
    return name + (" · " + when(game["at"], now, offset) if game["at"] else "")


def when(at: int, now: int, offset: int) -> str:
    """When ``at`` was, as the reader says it at ``now`` (both ms since 1970; ``offset``:
    minutes from local time to UTC, JavaScript's ``getTimezoneOffset``): "today 14:05",
    "yesterday 09:12", "Mon 18:30" within a week, else "3 Dec" (and the year if not this
    one's)."""
    local, today = at // 60000 - offset, now // 60000 - offset
    day, minute = divmod(local, 1440)
    days = today // 1440 - day
    clock = f"{minute // 60:02d}:{minute % 60:02d}"
    if days == 0:
        return "today " + clock
    if days == 1:
        return "yesterday " + clock
    if 1 < days < 7:
        return WEEKDAYS[(day + 3) % 7] + " " + clock  # 1970-01-01 was a Thursday
    year, month, date = civil(day)
    shown = f"{date} {MONTHS[month - 1]}"
    return shown if year == civil(today // 1440)[0] else f"{shown} {year}"


def civil(day: int) -> "tuple[int, int, int]":
    """The date (year, month, day) of ``day`` days since 1970-01-01 (the proleptic
    Gregorian calendar: Howard Hinnant's ``civil_from_days``)."""
    z = day + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    date = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (month <= 2), month, date


def days_from_civil(year: int, month: int, date: int) -> int:
    """The days since 1970-01-01 of a date (``civil``'s inverse: Hinnant's
    ``days_from_civil``)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + date - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468
