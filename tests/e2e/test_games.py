"""A reader's game is sacred (issue 21, items 3, 9, 10, 11): a link destroys no game, the
last games can be opened again, hostile stored values lose nothing good, a typed puzzle
can be started and its givens fixed, and the status follows the latest edit."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import wait_ready
from helpers import cell_classes, cell_values, load, paste, wait_verdict
from playwright.sync_api import Browser, BrowserContext, Page
from support import EASY, LEETCODE
from test_companion import ask, hint, status, type_in

from sudoku.solver import solve as core_solve

KEPT = """() => {
    const key = Object.keys(localStorage).find(k => k.startsWith('sudoku-lab games '));
    return key ? JSON.parse(localStorage.getItem(key)) : null;
}"""
"""What storage keeps (src/web/page/app/games.py's schema), parsed, or null."""
CLOCK = KEPT.replace("games ", "clock ")
"""The timer's time as storage keeps it apart (``games.CLOCK``), parsed, or null."""
WRITES = """() => {
    const set = Storage.prototype.setItem;
    window.__writes = [];
    Storage.prototype.setItem = function (key, value) {
        window.__writes.push(String(key).split(' ')[1]);
        return set.call(this, key, value);
    };
}"""
"""A page noting the kind of each storage write (``games``, ``clock``) in ``__writes``."""


@pytest.fixture
def reader(context: BrowserContext) -> BrowserContext:
    """A browser context of one reader: its pages share storage, as tabs do."""
    return context


def opened(context: BrowserContext, url: str) -> Page:
    """A new tab at ``url``, Python ready, no page error."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    wait_ready(page)
    assert errors == []
    return page


def saved_entry(page: Page, cell: int, digit: str) -> None:
    """Wait until storage keeps ``digit`` at ``cell`` in the game on the board."""
    page.wait_for_function(
        f"""([cell, digit]) => {{
            const kept = ({KEPT})();
            const game = kept && kept.games.find(g => JSON.parse(g.board).givens === kept.current);
            return game && JSON.parse(game.board).entries[cell] === digit;
        }}""",
        arg=[cell, digit],
    )


def test_a_link_destroys_no_game(reader: BrowserContext, base_url: str) -> None:
    """A game with entries and marks; a link's puzzle opened in another tab, then the app
    without a link: the game is back, entries, marks and time; the link's puzzle, once
    played, is in Your games too, and opens with its own entries."""
    first = opened(reader, base_url)
    load(first, "easy")
    type_in(first, "r1c1", "4")
    type_in(first, "r1c2", "p", "7", "p")
    first.wait_for_function("+document.querySelector('#timer').dataset.ms >= 1000")
    saved_entry(first, 0, "4")
    first.close()

    link = opened(reader, f"{base_url}?puzzle={LEETCODE}")
    assert cell_values(link) == LEETCODE
    link.close()

    again = opened(reader, base_url)
    again.wait_for_function("document.querySelector('#r1c1').value === '4'")
    assert cell_values(again)[1:] == EASY[1:]
    assert cell_classes(again, "entry") == ["r1c1"]
    assert again.locator("#marks .mark").nth(1).text_content().replace(" ", "").strip() == "7"
    assert int(again.locator("#timer").get_attribute("data-ms") or 0) >= 1000
    assert wait_verdict(again, "restored") == "restored"
    again.close()

    link = opened(reader, f"{base_url}?puzzle={LEETCODE}")
    type_in(link, "r1c3", "4")
    saved_entry(link, 2, "4")
    link.close()

    last = opened(reader, base_url)
    last.wait_for_function("document.querySelector('#r1c3').value === '4'")
    assert cell_values(last) == "534" + LEETCODE[3:]
    menu = last.locator("#games option")
    assert menu.count() == 2
    assert menu.nth(0).get_attribute("data-here") == "true"
    last.select_option("#games", "1")
    last.locator("#resume").click()
    assert wait_verdict(last, "restored") == "restored"
    assert re.match(r"Your game \(.+\) is back: ", status(last)), status(last)
    assert cell_values(last) == "4" + EASY[1:]
    assert int(last.locator("#timer").get_attribute("data-ms") or 0) >= 1000
    last.locator("#undo").click()
    last.wait_for_function(f"() => document.querySelector('#r1c1').value === {LEETCODE[0]!r}")
    assert cell_values(last) == "534" + LEETCODE[3:]


def test_a_reload_right_after_typing_keeps_the_entry(reader: BrowserContext, base_url: str) -> None:
    """An entry and Auto-erase turned off, then a reload at once (within the quiet time
    before a save): leaving the page saves them, so both are back."""
    first = opened(reader, base_url)
    load(first, "easy")
    first.locator("#tidy").uncheck()
    type_in(first, "r1c1", "4")
    first.wait_for_function(  # the page has the entry (painted as one), not yet saved
        "document.querySelector('#r1c1').classList.contains('entry')"
    )
    first.reload()
    wait_ready(first)
    first.wait_for_function("document.querySelector('#r1c1').value === '4'")
    assert cell_classes(first, "entry") == ["r1c1"]
    assert not first.locator("#tidy").is_checked()


SLOW_STORAGE = """() => {
    const get = Reflect.get;
    Reflect.get = function (target, key, ...rest) {
        if (String(key) === 'localStorage' && window.__slowStorage) {
            window.__storageAsked = true;
            return new Promise(later => setTimeout(() => later(get(target, key)), 60000));
        }
        return get.call(this, target, key, ...rest);
    };
}"""
"""A page whose storage, once ``__slowStorage`` is set, takes a minute to come to a save
(``keeping.stored`` reads it through ``Reflect.get``) and notes being asked."""


def test_a_reload_while_a_save_waits_for_storage_keeps_the_entry(
    reader: BrowserContext, base_url: str
) -> None:
    """An entry whose save has begun (the quiet time over) but not written yet, as when a
    loaded phone is slow to give the page its storage, then a reload: leaving the page
    writes it, so it is back."""
    first = reader.new_page()
    first.add_init_script(script=f"({SLOW_STORAGE})()")
    first.goto(base_url)
    wait_ready(first)
    load(first, "easy")
    first.wait_for_function("location.search.includes('puzzle=')")  # its save is done
    first.evaluate("window.__slowStorage = true")  # the timer's seconds never ask for it
    type_in(first, "r1c1", "4")
    first.wait_for_function("window.__storageAsked === true")  # the entry's save waits
    first.reload()
    wait_ready(first)
    first.wait_for_function("document.querySelector('#r1c1').value === '4'")
    assert cell_classes(first, "entry") == ["r1c1"]


HOSTILE = [
    pytest.param({"ms": "nan"}, id="ms-nan-text"),
    pytest.param({"ms": 1e308}, id="ms-1e308"),
    pytest.param({"ms": -90_000}, id="ms-negative"),
]


@pytest.mark.parametrize("change", HOSTILE)
def test_hostile_stored_values_keep_the_board(
    reader: BrowserContext, base_url: str, change: dict[str, object]
) -> None:
    """Another page of the origin writes a bad time (and a junk game): the reader's
    board and entries come back, the timer counts from 0:00 (not from nonsense) without
    an error, and what is saved next is valid JSON with a whole number of ms."""
    first = opened(reader, base_url)
    load(first, "easy")
    type_in(first, "r1c1", "4")
    saved_entry(first, 0, "4")
    kept = first.evaluate(KEPT)
    game = {**kept["games"][0], **change}
    junk = {"board": json.dumps({"marks": ["1"] * 1_000}), "ms": 5}
    hostile = {**kept, "games": [junk, game]}
    first.evaluate(
        """text => {
            const key = Object.keys(localStorage).find(k => k.startsWith('sudoku-lab games '));
            localStorage.setItem(key, text);
        }""",
        json.dumps(hostile),
    )
    first.close()
    again = opened(reader, base_url)
    errors: list[str] = []
    again.on(
        "console",
        lambda m: (
            m.type == "error" and "Failed to load resource" not in m.text and errors.append(m.text)
        ),
    )
    again.wait_for_function("document.querySelector('#r1c1').value === '4'")
    assert cell_values(again) == "4" + EASY[1:]
    timer = again.locator("#timer")
    assert re.fullmatch(r"0:[0-5]\d", timer.text_content() or ""), timer.text_content()
    again.wait_for_function(f"() => ({CLOCK})()?.ms >= 1000")
    clock = again.evaluate(CLOCK)
    assert clock["puzzle"] == EASY
    assert isinstance(clock["ms"], int)
    assert 1000 <= clock["ms"] < 60_000
    type_in(again, "r1c2", "6")
    saved_entry(again, 1, "6")
    saved = again.evaluate(KEPT)
    assert isinstance(saved["games"][0]["ms"], int)
    assert 1000 <= saved["games"][0]["ms"] < 60_000
    assert len(saved["games"]) == 1
    assert errors == []


def test_the_timer_writes_its_time_alone(reader: BrowserContext, base_url: str) -> None:
    """A tab whose timer runs writes the clock each second, never the games: another tab's
    Clear stays (a tab left open once undid it, writing back what it had read a moment
    before), and a reload brings the time back from the clock."""
    first = reader.new_page()
    first.add_init_script(script=f"({WRITES})()")
    first.goto(base_url)
    wait_ready(first)
    load(first, "easy")
    first.wait_for_function(f"() => ({KEPT})()?.current === {EASY!r}")
    first.evaluate("window.__writes = []")
    first.wait_for_function("+document.querySelector('#timer').dataset.ms >= 3000")
    assert set(first.evaluate("window.__writes")) == {"clock"}
    other = opened(reader, base_url)
    assert wait_verdict(other, "restored") == "restored"
    other.locator("#clear").click()
    other.wait_for_function(f"() => ({KEPT})().current === ''")
    first.evaluate("window.__writes = []")
    first.wait_for_function("window.__writes.length >= 2")  # two seconds more
    assert set(first.evaluate("window.__writes")) == {"clock"}
    assert first.evaluate(KEPT)["current"] == ""
    clock = first.evaluate(CLOCK)
    assert clock["puzzle"] == EASY
    assert clock["ms"] >= 4000
    first.reload()
    wait_ready(first)
    first.wait_for_function(
        "ms => +document.querySelector('#timer').dataset.ms >= ms", arg=clock["ms"] // 1000 * 1000
    )
    assert cell_values(first) == EASY


def test_a_game_saved_in_another_tab_is_in_your_games(
    reader: BrowserContext, base_url: str
) -> None:
    """A game played in another tab shows in this tab's Your games at once (the storage
    event), with no save of this tab's own in between; its time follows that tab's
    timer (the clock's writes)."""
    first = opened(reader, base_url)
    load(first, "easy")
    type_in(first, "r1c1", "4")
    saved_entry(first, 0, "4")
    menu = first.locator("#games option")
    assert menu.count() == 1
    other = opened(reader, f"{base_url}?puzzle={LEETCODE}")
    type_in(other, "r1c3", "4")
    saved_entry(other, 2, "4")
    first.wait_for_function("document.querySelectorAll('#games option').length === 2")
    assert menu.nth(1).get_attribute("data-here") == "true"
    assert menu.nth(0).get_attribute("data-here") is None
    first.select_option("#games", "0")
    shown_s = """() => {
        const time = /· (\\d+):(\\d\\d)$/.exec(document.querySelector('#game-facts').textContent);
        return time === null ? -1 : 60 * time[1] + +time[2];
    }"""
    then = first.evaluate(shown_s)
    assert then >= 0
    first.wait_for_function(f"() => ({shown_s})() >= {then + 2}")  # it goes on, however late


def test_puzzles_opened_to_look_at_never_push_out_a_game_being_solved(board: Page) -> None:
    """Your games keeps eight; the eight other samples opened after a game with an entry,
    nothing written on them, push out the oldest of themselves, not that game, which
    comes back with its entry."""
    leetcode = load(board, "leetcode")
    type_in(board, "r1c3", "4")
    saved_entry(board, 2, "4")
    others = ["easy", "medium", "hard", "expert", "extreme", "slow", "none", "many"]
    for sample in others:
        puzzle = load(board, sample)
        board.wait_for_function(f"p => ({KEPT})().current === p", arg=puzzle)  # saved
    menu = board.locator("#games option")
    texts = menu.all_text_contents()
    assert menu.count() == 8
    assert texts[-1].startswith("Easy sample · today "), texts  # the game, the oldest kept
    board.select_option("#games", "7")
    assert (board.locator("#game-facts").text_content() or "").startswith("1 of 51 filled")
    board.locator("#resume").click()
    assert wait_verdict(board, "restored") == "restored"
    assert status(board).startswith("Your game (Easy sample) is back: 30 givens, 1 of 51")
    assert cell_values(board) == "534" + leetcode[3:]


def test_a_typed_puzzle_starts_and_its_givens_can_be_fixed(board: Page) -> None:
    """Typed digits are a puzzle being set: Start solving refuses a clash, then makes the
    digits givens and starts the timer; a wrong digit is then an entry Check names; Edit
    givens lets a typo in a pasted puzzle be fixed."""
    start = board.locator("#start-solving")
    assert start.is_hidden()
    type_in(board, "r1c1", "5", "ArrowRight", "5")
    assert start.is_visible()
    start.click()
    assert wait_verdict(board, "conflict") == "conflict"
    assert status(board) == "The digits conflict: fix the marked cells first."
    assert board.locator("#timer").get_attribute("data-running") == "false"
    paste(board, "#r5c5", LEETCODE)  # a whole puzzle: loaded, locked
    wait_verdict(board, "loaded")
    board.locator("#edit-givens").click()
    assert wait_verdict(board, "editing") == "editing"
    type_in(board, "r1c1", "Backspace")
    assert cell_values(board) == "." + LEETCODE[1:]
    assert board.locator("#r1c1").evaluate("c => !c.readOnly")
    type_in(board, "r1c1", "5")
    start.click()
    assert wait_verdict(board, "started") == "started"
    assert board.locator("#timer").get_attribute("data-running") == "true"
    assert board.locator("#edit-givens").is_visible()
    solution = core_solve(LEETCODE) or ""
    wrong = "1" if solution[2] != "1" else "2"
    type_in(board, "r1c3", wrong)
    assert cell_classes(board, "entry") == ["r1c3"]
    assert ask(board, "#check") == "checked"
    assert status(board).startswith("Your entry disagrees with the solution: r1c3")


def test_a_puzzle_without_solution_does_not_start(board: Page) -> None:
    """Start solving asks the worker: givens with no solution stay editable, said so."""
    keys = [key for digit in "12345678" for key in (digit, "ArrowRight")]
    type_in(board, "r1c1", *keys)  # r1c9 has no digit left: no solution, no clash
    type_in(board, "r2c9", "9")
    board.locator("#start-solving").click()
    assert wait_verdict(board, "unstarted") == "unstarted"
    assert "no solution" in status(board)
    assert board.locator("#start-solving").is_visible()


def test_a_hint_that_fills_the_last_cell_says_solved(board: Page) -> None:
    """The last blank filled by an applied hint: "Solved!", as typing it says."""
    solution = core_solve(LEETCODE) or ""
    paste(board, "#r1c1", "." + solution[1:])
    wait_verdict(board, "loaded")
    assert hint(board) == "hint"
    assert hint(board) == "finished"
    assert status(board).startswith("Solved!")
    assert board.locator("#timer").get_attribute("data-running") == "false"


def test_undo_of_a_new_puzzle_brings_back_its_time(board: Page) -> None:
    """New puzzle resets the timer; Undo brings back the old puzzle with the time it had."""
    load(board, "easy")
    board.wait_for_function("+document.querySelector('#timer').dataset.ms >= 2000")
    board.select_option("#level", "easy")
    board.locator("#new-puzzle").click()
    assert wait_verdict(board, "made", "error") == "made"
    assert int(board.locator("#timer").get_attribute("data-ms") or 0) < 2000
    board.locator("#undo").click()
    assert wait_verdict(board, "restored") == "restored"
    assert cell_values(board) == EASY
    assert int(board.locator("#timer").get_attribute("data-ms") or 0) >= 2000


def test_the_status_follows_the_latest_edit(board: Page) -> None:
    """Each edit says itself: the status never describes an older one."""
    load(board, "easy")
    type_in(board, "r1c1", "4")
    assert wait_verdict(board, "edited") == "edited"
    assert status(board) == "Your 4 in r1c1."
    type_in(board, "r1c2", "p", "7")
    board.wait_for_function(
        "document.querySelector('#status').textContent === 'Pencil mark 7 in r1c2.'"
    )
    board.keyboard.press("p")
    type_in(board, "r1c1", "Backspace")
    board.wait_for_function("document.querySelector('#status').textContent === 'Erasing r1c1.'")
    board.locator("#undo").click()
    board.wait_for_function(
        "document.querySelector('#status').textContent === 'Undone: erasing r1c1.'"
    )


def test_start_and_edit_buttons_on_a_phone(browser: Browser, base_url: str) -> None:
    """At 360 px: the board's buttons share a row, none wraps its words or is wider than
    the screen, and the touch words replace the keyboard help."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        page.goto(base_url)
        wait_ready(page)
        load(page, "easy")
        page.locator("#hint").evaluate("b => { b.textContent = 'Apply hint'; }")
        tops = page.evaluate(
            "['#solve', '#clear', '#undo', '#redo'].map(s =>"
            " document.querySelector(s).getBoundingClientRect().top)"
        )
        assert len(set(tops)) == 1, tops
        for selector in ("#hint", "#check", "#pencil", "#candidates", "#redo", "#edit-givens"):
            box = page.locator(selector).evaluate(
                "b => [b.scrollWidth <= b.clientWidth, b.getBoundingClientRect().height]"
            )
            assert box[0], selector
            assert box[1] < 60, (selector, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        shown = page.evaluate(
            "['.keys-help', '.touch-help'].map(s =>"
            " getComputedStyle(document.querySelector(s)).display)"
        )
        assert shown == ["none", "inline"]
    finally:
        context.close()


def test_a_puzzle_pasted_right_after_typing_keeps_the_entry_in_its_game(board: Page) -> None:
    """An entry, then another puzzle pasted at once (within the quiet time before a
    save): the entry is kept in its own puzzle's game, which Your games brings back."""
    leetcode = load(board, "leetcode")
    saved = "p => (" + KEPT + ")().current === p"
    board.wait_for_function(saved, arg=leetcode)
    type_in(board, "r1c3", "4")
    paste(board, "#r1c1", EASY)
    wait_verdict(board, "loaded")
    board.wait_for_function(saved, arg=EASY)
    kept = board.evaluate(KEPT)
    game = next(g for g in kept["games"] if json.loads(g["board"])["givens"] == leetcode)
    assert json.loads(game["board"])["entries"][2] == "4"
    board.select_option("#games", "1")
    assert (board.locator("#game-facts").text_content() or "").startswith("1 of 51 filled")


FIT = """select => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(select).font;
    probe.style.whiteSpace = 'pre';
    probe.textContent = select.selectedOptions[0].textContent;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const style = getComputedStyle(select);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return {line: select.selectedOptions[0].textContent, text, room: select.clientWidth - padding};
}"""
"""The games menu's chosen line, its width in the menu's font, and the menu's room for it."""
ARROW_PX = 24
"""What a native menu's arrow takes of its room, at most."""


PICTURE = """canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let dots = '';
    for (let cell = 0; cell < 81; cell += 1) {
        const row = Math.floor(cell / 9), column = cell % 9;
        const x = 3 + column * 4 + Math.floor(column / 3), y = 3 + row * 4 + Math.floor(row / 3);
        dots += data[(y * canvas.width + x) * 4 + 3] > 200 ? 'x' : '.';
    }
    return dots;
}"""
"""The picture of a game's givens read back: "x" for each cell drawn as a dot."""


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone"])
def test_a_game_is_named_by_what_tells_it_apart_and_shows_whole(
    reader: BrowserContext, base_url: str, width: int, shots: Path
) -> None:
    """A kept game's line says its level, where it came from and when it was last played
    ("Extreme sample · today 14:05"), whole in the menu beside the board and on a 360 px
    phone; beside it a picture of its givens (a dot each) and its facts."""
    page = reader.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(base_url)
    wait_ready(page)
    extreme = load(page, "extreme")
    page.wait_for_function(f"p => ({KEPT})()?.current === p", arg=extreme)
    load(page, "leetcode")
    page.wait_for_function("document.querySelectorAll('#games option').length === 2")
    page.select_option("#games", "1")
    fit = page.locator("#games").evaluate(FIT)
    assert re.fullmatch(r"Extreme sample · today \d\d:\d\d", fit["line"]), fit
    assert fit["text"] + ARROW_PX <= fit["room"], fit
    dots = page.locator("#game-picture").evaluate(PICTURE)
    assert dots == "".join("." if digit == "." else "x" for digit in extreme)
    facts = page.locator("#game-facts").text_content() or ""
    assert re.fullmatch(r"0 of \d+ filled · \d+:\d\d", facts), facts
    page.locator("#games-box").screenshot(path=shots / f"your-games-{width}.png")
    page.close()


def test_a_puzzle_typed_digit_by_digit_is_one_game(board: Page) -> None:
    """A puzzle typed on the empty board, saved after each digit, is one game (a draft,
    "Being typed"), beside the game with the reader's entry, which stays; started, it is
    a kept game."""
    load(board, "leetcode")
    type_in(board, "r1c3", "4")
    saved_entry(board, 2, "4")
    board.locator("#clear").click()
    typed = ""
    for n, digit in enumerate("1234567"):
        type_in(board, f"r1c{n + 1}", digit)
        typed += digit
        board.wait_for_function(
            f"p => ({KEPT})()?.current === p", arg=typed + "." * (81 - len(typed))
        )
    kept = board.evaluate(KEPT)
    assert len(kept["games"]) == 2, kept
    names = board.locator("#games option").all_text_contents()
    assert names[0].startswith("Being typed · today "), names
    assert names[1].startswith("Easy sample · today "), names
    board.locator("#start-solving").click()
    assert wait_verdict(board, "started") == "started"
    board.wait_for_function(
        f"() => ({KEPT})().games.length === 2 && JSON.parse(({KEPT})().games[0].board).locked"
    )
    board.wait_for_function(
        "document.querySelector('#games option').textContent.startsWith('Typed · today ')"
    )


def test_a_reload_says_the_game_is_back_not_that_a_link_was_opened(
    reader: BrowserContext, base_url: str
) -> None:
    """The address keeps the board's puzzle as it is played: a plain reload of it brings
    the game back and says so, not "Puzzle loaded from the link."."""
    page = opened(reader, base_url)
    load(page, "easy")
    type_in(page, "r1c1", "4")
    saved_entry(page, 0, "4")
    page.wait_for_function("location.search.includes('puzzle=')")
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.querySelector('#r1c1').value === '4'")
    assert wait_verdict(page, "restored") == "restored"
    assert status(page) == "Your puzzle is back on the board, as you left it."
    page.close()


def test_an_over_long_query_says_one_true_thing(reader: BrowserContext, base_url: str) -> None:
    """A query over 16,000 characters is ignored whole, and said; no puzzle is "loaded
    from the link" (the player's default one was, said so)."""
    page = opened(reader, f"{base_url}?puzzle={LEETCODE}&x={'a' * 16_001}")
    note = page.locator("#player [data-role=note]")
    page.wait_for_function(
        "document.querySelector('#player [data-role=note]').textContent.includes('all ignored')"
    )
    assert "16,0" in (note.text_content() or "")
    assert "link" not in status(page), status(page)
    assert cell_values(page) == "." * 81
    page.close()
