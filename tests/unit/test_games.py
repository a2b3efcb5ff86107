"""The reader's games in storage (src/web/page/app/games.py): kept, ordered, and read back
safely whatever another page of the origin wrote there."""

from __future__ import annotations

import json

import games
import pytest
from sheet import Sheet
from support import EASY, LEETCODE


def played_board(puzzle: str, entry: tuple[int, str] | None = None) -> Sheet:
    """A board with ``puzzle`` loaded and, if given, one entry typed."""
    board = Sheet()
    board.load(puzzle)
    if entry is not None:
        board.write(*entry)
    return board


def test_a_played_game_goes_first_and_is_current() -> None:
    """Playing a game puts it at the front and makes it the one on the board."""
    kept = games.empty()
    kept = games.played(kept, played_board(LEETCODE, (2, "4")), 5000, bump=True)
    kept = games.played(kept, played_board(EASY, (0, "1")), 1000, bump=True)
    assert [games.puzzle_of(g) for g in kept["games"]] == [EASY, LEETCODE]
    assert kept["current"] == EASY
    kept = games.played(kept, played_board(LEETCODE, (2, "4")), 6000, bump=True)
    assert [games.puzzle_of(g) for g in kept["games"]] == [LEETCODE, EASY]
    assert kept["games"][0]["ms"] == 6000


def test_a_puzzle_not_played_destroys_nothing() -> None:
    """A link's puzzle saved without a bump is not added, and the current game stays;
    a game already kept is updated where it is."""
    kept = games.played(games.empty(), played_board(LEETCODE, (2, "4")), 5000, bump=True)
    kept = games.played(kept, played_board(EASY), 3000, bump=False)
    assert [games.puzzle_of(g) for g in kept["games"]] == [LEETCODE]
    assert kept["current"] == LEETCODE
    kept = games.played(kept, played_board(LEETCODE, (3, "6")), 9000, bump=False)
    assert kept["games"][0]["ms"] == 9000
    assert Sheet().restore(kept["games"][0]["board"])


def test_at_most_max_games_the_oldest_go() -> None:
    """Past MAX_GAMES games the one played longest ago goes."""
    kept = games.empty()
    digits = [i for i, d in enumerate(LEETCODE) if d != "."][: games.MAX_GAMES + 2]
    puzzles = [LEETCODE[:i] + "." + LEETCODE[i + 1 :] for i in digits]
    for puzzle in puzzles:
        kept = games.played(kept, played_board(puzzle), 0, bump=True)
    kept_puzzles = [games.puzzle_of(g) for g in kept["games"]]
    assert kept_puzzles == puzzles[::-1][: games.MAX_GAMES]


def test_past_max_games_a_game_with_nothing_written_goes_first() -> None:
    """A game with the reader's work (an entry, or a pencil mark) outlives MAX_GAMES
    puzzles opened after it with nothing written on them; among those, the oldest go."""
    digits = [i for i, d in enumerate(LEETCODE) if d != "."][: games.MAX_GAMES + 2]
    looked = [LEETCODE[:i] + "." + LEETCODE[i + 1 :] for i in digits]
    marked = played_board(EASY)
    marked.toggle_pencil(EASY.index("."), "5")
    for worked in (played_board(LEETCODE, (2, "4")), marked):
        kept = games.played(games.empty(), worked, 60_000, bump=True)
        for puzzle in looked:
            kept = games.played(kept, played_board(puzzle), 0, bump=True)
        kept_puzzles = [games.puzzle_of(g) for g in kept["games"]]
        assert len(kept_puzzles) == games.MAX_GAMES
        assert kept_puzzles[-1] == worked.puzzle()  # kept, as the oldest
        assert kept_puzzles[:-1] == looked[::-1][: games.MAX_GAMES - 1]
        assert kept["games"][-1]["ms"] == 60_000


def test_an_empty_board_is_no_game_but_can_be_current() -> None:
    """Clear: the next visit starts empty, the games stay in the list."""
    kept = games.played(games.empty(), played_board(LEETCODE), 0, bump=True)
    kept = games.played(kept, Sheet(), 0, bump=True)
    assert kept["current"] == ""
    assert len(kept["games"]) == 1


def test_round_trip() -> None:
    """What is written reads back the same."""
    kept = games.played(games.empty(), played_board(LEETCODE, (2, "4")), 65_000, bump=True)
    kept["hidden"], kept["auto"] = True, True
    assert games.read(games.text_of(kept)) == kept


@pytest.mark.parametrize(
    ("ms", "expected"),
    [
        ("nan", 0),
        (float("nan"), 0),
        (float("inf"), 0),
        (1e308, 0),
        (-5, 0),
        (True, 0),
        (None, 0),
        ([1], 0),
        (65_000.7, 65_000),
        (games.MAX_MS, games.MAX_MS),
        (games.MAX_MS + 1, 0),
    ],
)
def test_a_stored_time_is_a_finite_number_in_range(ms: object, expected: int) -> None:
    """ "nan", NaN, infinity, 1e308, negatives, booleans and text are no time: 0."""
    assert games.ms_of(ms) == expected


def hostile(**changes: object) -> str:
    """A stored value with one good game and ``changes`` to its top level."""
    good = games.played(games.empty(), played_board(LEETCODE, (2, "4")), 5000, bump=True)
    data: dict[str, object] = {**good, **changes}
    return json.dumps(data)


def test_hostile_values_keep_what_is_good() -> None:
    """Bad games are left out one by one, the good one and the board stay."""
    bad_games = [
        {"board": "nonsense", "ms": 1},
        {"board": json.dumps({"givens": "x"}), "ms": 1},
        "a string",
        None,
        {"ms": "nan"},
    ]
    good = json.loads(hostile())["games"][0]
    kept = games.read(hostile(games=[*bad_games, {**good, "ms": "nan"}]))
    assert [games.puzzle_of(g) for g in kept["games"]] == [LEETCODE]
    assert kept["games"][0]["ms"] == 0
    assert Sheet().restore(kept["games"][0]["board"])


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "not json",
        "[]",
        "null",
        '{"games": "x"}',
        '{"games": {"a": 1}}',
        "{" * 100_000,
        json.dumps({"games": [], "pad": "x" * games.MAX_TEXT}),
    ],
)
def test_unreadable_values_are_nothing(text: str | None) -> None:
    """Anything that is not ours reads as nothing kept, without raising."""
    assert games.read(text) == games.empty()


def test_a_current_puzzle_must_be_a_kept_game() -> None:
    """``current`` names a kept game, else it is empty."""
    assert games.read(hostile(current=EASY))["current"] == ""
    assert games.read(hostile(current=["x"]))["current"] == ""
    assert games.read(hostile())["current"] == LEETCODE


def test_the_clock_puts_its_time_on_its_game_only() -> None:
    """The clock's time goes on the game of its puzzle; a clock of a puzzle not kept
    changes nothing, and the games and the current one are the clock's to change never."""
    kept = games.played(games.empty(), played_board(LEETCODE, (2, "4")), 5000, bump=True)
    kept = games.played(kept, played_board(EASY), 1000, bump=True)
    kept = games.timed(kept, games.time_text(LEETCODE, 65_400.7))
    assert [g["ms"] for g in kept["games"]] == [1000, 65_400]
    assert kept["current"] == EASY
    before = games.text_of(kept)
    assert games.text_of(games.timed(kept, games.time_text("1" + "." * 80, 9000))) == before


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "nonsense",
        "[1, 2]",
        '{"ms": 5}',
        '{"puzzle": ["x"], "ms": 5}',
        json.dumps({"puzzle": LEETCODE, "ms": 5, "pad": "x" * games.MAX_TEXT}),
    ],
)
def test_a_clock_not_ours_changes_nothing(text: str | None) -> None:
    """A clock another page of the origin wrote, or none, leaves the games as they are."""
    kept = games.played(games.empty(), played_board(LEETCODE), 5000, bump=True)
    assert games.timed(kept, text)["games"][0]["ms"] == 5000


def test_a_clocks_bad_time_is_zero() -> None:
    """A clock's time is checked as a game's is (``ms_of``)."""
    kept = games.played(games.empty(), played_board(LEETCODE), 5000, bump=True)
    text = json.dumps({"puzzle": LEETCODE, "ms": "nan"})
    assert games.timed(kept, text)["games"][0]["ms"] == 0


def test_huge_marks_are_refused_before_work() -> None:
    """500,000 marks in a board are not read (the list must have 81 cells)."""
    board = json.loads(played_board(LEETCODE).snapshot())
    board["marks"] = ["123"] * 500_000
    assert not Sheet().restore(json.dumps(board))
    board["marks"] = ["1" * 50] * 81
    assert not Sheet().restore(json.dumps(board))


def test_the_view_choices_are_true_or_false() -> None:
    """Only ``true`` turns the timer hidden or the candidates on."""
    kept = games.read(hostile(hidden="yes", auto=1))
    assert (kept["hidden"], kept["auto"]) == (False, False)


def test_the_previous_versions_game_is_migrated() -> None:
    """The old board and play values become the first game, current, with the view's
    choices; an old play with a bad time keeps its board."""
    board = played_board(LEETCODE, (2, "4"))
    play = json.dumps({"board": board.snapshot(with_solved=False), "ms": "nan", "auto": True})
    kept = games.read(games.migrated(LEETCODE, play))
    assert kept["current"] == LEETCODE
    assert kept["auto"] is True
    assert [games.puzzle_of(g) for g in kept["games"]] == [LEETCODE]
    assert kept["games"][0]["ms"] == 0
    assert games.read(games.migrated(None, None)) == games.empty()
    assert games.read(games.migrated(EASY, "{bad")) == games.empty()


def test_counts() -> None:
    """A game's givens and entries, for the list of games."""
    kept = games.played(games.empty(), played_board(LEETCODE, (2, "4")), 0, bump=True)
    assert games.counts(kept["games"][0]) == (81 - LEETCODE.count("."), 1)


def test_lock_makes_typed_digits_givens_and_unlock_lets_them_change() -> None:
    """Start solving a typed puzzle, fix a given, start again: entries stay."""
    board = Sheet()
    board.write(0, "5")
    board.write(1, "5")
    assert not board.locked
    board.lock()
    assert board.locked
    board.write(2, "4")
    assert board.kind(2) == "entry"
    board.unlock()
    board.write(1, "3")
    board.lock()
    assert (board.puzzle()[:3], board.kind(2)) == ("53.", "entry")


def test_a_save_restores_only_the_boards_it_has_not_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each board's facts are read once (``facts``): reading back what was read before,
    saving an edit, showing the games' counts restore no board but the one edited, and
    the answers are those of boards read afresh."""
    kept = games.empty()
    for n, puzzle in enumerate([LEETCODE, EASY]):
        kept = games.played(kept, played_board(puzzle, (n + 2, "4")), 1000, bump=True)
    text = games.text_of(kept)
    games.read(text)  # the page's first read: each board is seen
    restored: list[object] = []
    restore = Sheet.restore
    monkeypatch.setattr(
        Sheet, "restore", lambda self, board: restored.append(board) or restore(self, board)
    )
    again = games.read(text)
    given = {puzzle: 81 - puzzle.count(".") for puzzle in (LEETCODE, EASY)}
    assert [games.counts(game) for game in again["games"]] == [
        (given[EASY], 1),
        (given[LEETCODE], 1),
    ]
    assert restored == []
    edited = played_board(LEETCODE, (2, "4"))
    edited.write(3, "6")
    again = games.played(again, edited, 2000, bump=True)
    assert [games.puzzle_of(game) for game in again["games"]] == [LEETCODE, EASY]
    assert restored == [edited.snapshot(with_solved=False)]
    games.remembered.clear()
    assert games.read(games.text_of(again)) == again
    assert [games.counts(game) for game in again["games"]] == [
        (given[LEETCODE], 2),
        (given[EASY], 1),
    ]


def test_the_facts_remembered_are_bounded() -> None:
    """Past ``FACTS_KEPT`` boards, the facts are forgotten and read again when asked."""
    games.remembered.clear()
    boards = [played_board(LEETCODE, (2, str(d))) for d in "123456789"]
    boards += [played_board(LEETCODE, (c, "1")) for c in range(games.FACTS_KEPT)]
    for board in boards:
        assert games.facts(board.snapshot(with_solved=False)) is not None
    assert 0 < len(games.remembered) <= games.FACTS_KEPT
    first = boards[0].snapshot(with_solved=False)
    assert games.facts(first) == (first, LEETCODE, 81 - LEETCODE.count("."), 1, True, True)


def typed_board(digits: str) -> Sheet:
    """A board on which ``digits`` were typed, one a cell from r1c1 (givens not locked)."""
    board = Sheet()
    for cell, digit in enumerate(digits):
        board.write(cell, digit)
    return board


def test_a_puzzle_being_typed_is_one_game_saved_as_it_grows() -> None:
    """Each digit typed on the empty board saves the puzzle as it grows: one game, the
    draft, never one a stage; started, it is a kept game like any."""
    kept = games.played(games.empty(), played_board(LEETCODE, (2, "4")), 5000, bump=True)
    for n in range(1, 12):
        kept = games.played(kept, typed_board("12345678945"[:n]), 0, bump=True)
        assert len(kept["games"]) == 2, n
    draft = kept["games"][0]
    assert games.drafting(draft)
    assert kept["current"] == games.puzzle_of(draft)
    started = typed_board("12345678945")
    started.lock()
    kept = games.played(kept, started, 0, bump=True)
    assert len(kept["games"]) == 2
    assert not games.drafting(kept["games"][0])


def test_a_draft_never_pushes_out_a_game() -> None:
    """Eight games with the reader's work, then a puzzle typed: all eight stay, and the
    draft beside them; a second draft replaces the first."""
    kept = games.empty()
    for n in range(games.MAX_GAMES):
        kept = games.played(kept, played_board(LEETCODE[:-1] + str(n + 1), (2, "4")), 0, True)
    kept = games.played(kept, typed_board("12"), 0, bump=True)
    kept = games.played(kept, Sheet(), 0, bump=True)  # Clear
    kept = games.played(kept, typed_board("9"), 0, bump=True)
    assert len(kept["games"]) == games.MAX_GAMES + 1
    assert [games.drafting(game) for game in kept["games"]].count(True) == 1
    assert games.read(games.text_of(kept)) == kept


def test_fixing_a_started_puzzles_givens_moves_its_game() -> None:
    """Edit givens on a started game with an entry, a given fixed: the game moves to the
    fixed puzzle with its entry, no copy left behind under the old givens."""
    board = typed_board("12")
    board.lock()
    board.write(5, "7")
    kept = games.played(games.empty(), board, 0, bump=True)
    board.unlock()
    kept = games.played(kept, board, 0, bump=True)
    board.write(0, "3")
    kept = games.played(kept, board, 0, bump=True)
    assert [games.counts(game) for game in kept["games"]] == [(2, 1)]
    assert games.puzzle_of(kept["games"][0]).startswith("32")


def test_a_game_is_named_by_what_tells_it_apart() -> None:
    """Its level and where it came from, when last played (relative to now, in the reader's
    time zone); what storage says of them is checked."""
    now = 1_765_120_000_000  # 2025-12-07 15:06:40 UTC, a Sunday
    kept = games.played(
        games.empty(), played_board(LEETCODE), 0, True, (now - 3_600_000, "sample", "easy")
    )
    game = kept["games"][0]
    assert games.label(game, now, 0) == "Easy sample · today 14:06"
    assert games.label(game, now, -60) == "Easy sample · today 15:06"
    assert games.when(now - 86_400_000, now, 0) == "yesterday 15:06"
    assert games.when(now - 3 * 86_400_000, now, 0) == "Thu 15:06"
    assert games.when(now - 30 * 86_400_000, now, 0) == "7 Nov"
    assert games.when(now - 400 * 86_400_000, now, 0) == "2 Nov 2024"
    kept = games.played(kept, played_board(EASY), 0, True, (now, "new", "hard"))
    assert games.label(kept["games"][0], now, 0) == "New hard · today 15:06"
    kept = games.played(kept, typed_board("5"), 0, True, (now, "typed", ""))
    assert games.label(kept["games"][0], now, 0) == "Being typed · today 15:06"
    stored = json.loads(games.text_of(kept))
    stored["games"][1].update(at=float("nan"), source="<b>x</b>", level=["hard"])
    read = games.read(json.dumps(stored))["games"][1]
    assert (read["at"], read["source"], read["level"]) == (0, "", "")
    assert games.label(read, now, 0) == "Puzzle"


def test_days_and_dates_go_both_ways() -> None:
    """``days_from_civil`` undoes ``civil``, leap days and centuries included."""
    for day in [*range(-800, 800, 7), 10_957, 11_016, 11_017, 20_429, 47_540]:
        assert games.days_from_civil(*games.civil(day)) == day
    assert games.civil(11_016) == (2000, 2, 29)
    assert games.days_from_civil(2026, 12, 7) == 20_794
