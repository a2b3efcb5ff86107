"""The puzzle companion in the app (issue 14): givens and entries, pencil marks and
candidates, Hint, Check, undo and redo, New puzzle, the timer; phone and dark mode."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wait_ready
from helpers import SOLVE_MS, cell_classes, cell_values, load, paste, solve, wait_verdict
from playwright.sync_api import Browser, Page
from support import EASY, LEETCODE, REFUTED, load_puzzles
from test_a11y import axe_violations

from sudoku.grid import cell_name
from sudoku.logic import marks_of, next_step, rate, say
from sudoku.solver import count_solutions
from sudoku.solver import solve as core_solve

TOOL_BOXES = """[...document.querySelectorAll('.tools > *')]
    .filter(control => control.offsetParent !== null)
    .map(control => {
        const box = control.getBoundingClientRect();
        const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
        let lines = 0;
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!text.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            lines = Math.max(lines, tops.size);
        }
        return [control.id || control.className, box.left, box.right, lines];
    })"""
"""Each shown control of the board's two rows of tools: its name, left and right edges,
and the lines its words take."""
MARKS = "[...document.querySelectorAll('#marks .mark')].map(m => m.textContent.replace(/\\s/g, ''))"


def status(page: Page) -> str:
    """The status line's text."""
    return page.locator("#status").text_content() or ""


def label(page: Page, cell: str) -> str:
    """A cell's accessible label."""
    return page.locator(f"#{cell}").get_attribute("aria-label") or ""


def type_in(page: Page, cell: str, *keys: str) -> None:
    """Click a cell and press keys in it."""
    page.locator(f"#{cell}").click()
    for key in keys:
        page.keyboard.press(key)


def shown_marks(page: Page) -> list[str]:
    """Each cell's marks as shown in the layer, digits only."""
    return list(page.evaluate(MARKS))


def ask(page: Page, button: str) -> str:
    """Press Hint or Check and wait for its answer; return the verdict."""
    before = int(page.evaluate("document.body.dataset.answers || 0"))
    page.locator(button).click()
    page.wait_for_function("n => +document.body.dataset.answers > n", arg=before, timeout=SOLVE_MS)
    return page.locator("#status").get_attribute("data-verdict") or ""


def hint(page: Page) -> str:
    """Press Hint and wait for its answer; return the verdict."""
    return ask(page, "#hint")


def test_givens_stay_and_entries_are_yours_across_a_reload(app: Page) -> None:
    """A sample's digits are givens (read-only); typed digits are entries ("your 4");
    typing on a given says so; a reload keeps both kinds; Solve keeps them and fills the
    rest as solved."""
    load(app, "leetcode")
    assert label(app, "r1c1") == "row 1, column 1, given 5"
    assert app.locator("#r1c1").evaluate("c => c.readOnly")
    type_in(app, "r1c3", "4")
    assert label(app, "r1c3") == "row 1, column 3, your 4"
    assert cell_classes(app, "entry") == ["r1c3"]
    type_in(app, "r1c1", "7")
    assert wait_verdict(app, "given") == "given"
    assert status(app) == "r1c1 is a given (5): it stays as it is."
    assert cell_values(app) == "534" + LEETCODE[3:]
    app.wait_for_function(
        "() => Object.entries(localStorage).some(([k, v]) => k.startsWith('sudoku-lab games ')"
        " && JSON.parse(JSON.parse(v).games[0].board).entries[2] === '4')"
    )
    app.reload()
    wait_ready(app)
    app.wait_for_function("document.querySelector('#r1c3').classList.contains('entry')")
    assert cell_values(app) == "534" + LEETCODE[3:]
    assert label(app, "r1c1") == "row 1, column 1, given 5"
    assert label(app, "r1c3") == "row 1, column 3, your 4"
    assert solve(app) == "unique"
    assert cell_values(app) == core_solve(LEETCODE)
    assert cell_classes(app, "entry") == ["r1c3"]
    given = [cell_name(i) for i, d in enumerate(LEETCODE) if d != "."]
    assert cell_classes(app, "given") == given
    assert len(cell_classes(app, "solved")) == 81 - len(given) - 1


def test_candidates_are_the_cores(board: Page) -> None:
    """Candidates on: each blank shows the digits no peer holds, as sudoku.logic.marks_of
    says, and its label reads them; an entry updates its peers' candidates."""
    load(board, "easy")
    board.locator("#candidates").click()
    assert board.locator("#candidates").get_attribute("aria-pressed") == "true"
    assert shown_marks(board) == marks_of(EASY)
    first = EASY.index(".")
    digits = marks_of(EASY)[first]
    assert label(board, cell_name(first)).endswith(", candidates " + " ".join(digits))
    type_in(board, cell_name(first), digits[0])
    typed = EASY[:first] + digits[0] + EASY[first + 1 :]
    assert shown_marks(board) == marks_of(typed)
    board.locator("#candidates").click()
    assert shown_marks(board) == [""] * 81


def test_pencil_marks_by_keyboard_and_pad(board: Page) -> None:
    """Pencil mode (P or the button): digits toggle marks in the cell, by keys and by the
    pad; Backspace rubs them out; the label reads them; P again types digits."""
    load(board, "leetcode")
    type_in(board, "r1c3", "p", "1", "2", "4")
    assert board.locator("#pencil").get_attribute("aria-pressed") == "true"
    assert cell_values(board)[2] == "."
    assert shown_marks(board)[2] == "124"
    board.locator(".pad-key[data-digit='2']").click()
    board.locator(".pad-key[data-digit='9']").click()
    assert shown_marks(board)[2] == "149"
    assert label(board, "r1c3") == "row 1, column 3, empty, pencil marks 1 4 9"
    board.locator("#r1c3").click()
    board.keyboard.press("Backspace")
    assert shown_marks(board)[2] == ""
    board.keyboard.press("p")
    assert board.locator("#pencil").get_attribute("aria-pressed") == "false"
    board.keyboard.press("4")
    assert cell_values(board)[2] == "4"


def test_a_hard_puzzles_first_hint_is_asked_while_it_is_rated(board: Page) -> None:
    """The forum's hardest first puzzle (seconds to rate under MicroPython): its first
    hint is asked ahead as soon as the worker knows it has one solution, while the
    rating line still says "rating", and Hint then shows the core's first step."""
    puzzle = load_puzzles("forum_hardest_1905_11plus", 1)[0]
    paste(board, "#r1c1", puzzle)
    board.wait_for_function(
        "g => document.body.dataset.ahead === g"
        " && document.querySelector('#rating').dataset.state === 'rating'",
        arg=puzzle,
        timeout=SOLVE_MS,
    )
    step = next_step(puzzle)
    assert step is not None
    assert hint(board) == "hint"
    assert status(board).startswith(say(step).split(" (")[0])


def test_while_a_hint_is_read_the_next_eight_are_asked(board: Page) -> None:
    """While the reader reads a hardest puzzle's first hint, the hints of the next eight
    boards are asked ahead (companion.AHEAD: the board the hint leads to, then the board
    each next step leads to); pressing on through them shows the core's steps in turn,
    chains' eliminations carried from one to the next."""
    puzzle = load_puzzles("hardest", 1)[0]
    paste(board, "#r1c1", puzzle)
    grid, struck = puzzle, [""] * 81
    for press in range(9):
        marks = [
            "".join(d for d in cell if d not in struck[i]) for i, cell in enumerate(marks_of(grid))
        ]
        step = next_step(grid, marks)
        assert step is not None
        assert hint(board) == "hint"
        assert status(board).startswith(say(step).split(" (")[0])
        if press == 0:
            board.wait_for_function("document.body.dataset.aheadSteps === '8'", timeout=SOLVE_MS)
        assert hint(board) == "hint-applied"
        for cell, digit in step.placements:
            grid = grid[:cell] + digit + grid[cell + 1 :]
        for cell, digit in step.eliminations:
            struck[cell] += digit
    assert board.evaluate("document.body.dataset.ahead") == grid  # pressing on asks on


def test_hint_says_the_cores_step_highlights_and_applies(board: Page) -> None:
    """Hint says sudoku.logic.say(next_step(grid)) and lights its cells, and asks the
    worker ahead about the board its application leads to (and about the puzzle itself once
    it is rated); a second press applies it (a placement becomes an entry); the
    next hint is the core's next step."""
    load(board, "easy")
    board.wait_for_function("g => document.body.dataset.ahead === g", arg=EASY)
    step = next_step(EASY)
    assert step is not None
    assert hint(board) == "hint"
    assert status(board) == say(step)
    assert board.locator("#hint").text_content() == "Apply hint"
    lit = [cell_name(cell) for cell in step.cells]
    assert cell_classes(board, "hint-cell") == lit
    ((cell, digit),) = step.placements
    after = EASY[:cell] + digit + EASY[cell + 1 :]
    assert board.evaluate("document.body.dataset.ahead") == after
    assert hint(board) == "hint-applied"
    assert cell_classes(board, "entry") == [cell_name(cell)]
    assert cell_values(board)[cell] == digit
    assert cell_classes(board, "hint-cell") == []
    following = next_step(after)
    assert following is not None
    assert hint(board) == "hint"
    assert status(board) == say(following)


def test_hint_eliminations_leave_the_marks(board: Page) -> None:
    """On a puzzle whose next step is an elimination, applying it takes the digits out
    of the candidates shown (and the next hint moves on)."""
    grid = "371..64.55.67.3..18.2..17366573.41.993416..57218975...7.3...9..4896.75..1.5..9.78"
    step = next_step(grid)  # a medium puzzle (seed 0) after its singles: pointing
    assert step is not None
    assert step.eliminations
    board.locator("#io summary").click()
    board.locator("#import-text").fill(grid)
    board.locator("#import").click()
    wait_verdict(board, "loaded")
    board.locator("#candidates").click()
    assert hint(board) == "hint"
    assert status(board) == say(step)
    crossed = sorted({cell for cell, _ in step.eliminations})
    assert cell_classes(board, "hint-target") == [cell_name(cell) for cell in crossed]
    assert hint(board) == "hint-applied"
    marks = marks_of(grid)
    for cell, digit in step.eliminations:
        marks[cell] = marks[cell].replace(digit, "")
    assert shown_marks(board) == marks
    assert hint(board) == "hint"
    assert status(board) == say(next_step(grid, marks))


def test_hint_says_when_entries_are_wrong_or_logic_is_stuck(board: Page) -> None:
    """A wrong entry: the hint names it (the entries leave no solution); an empty board
    (solutions without end): logic is stuck, and the hint says so."""
    load(board, "leetcode")
    type_in(board, "r1c3", "1")  # the solution has 4 there
    assert count_solutions("531" + LEETCODE[3:], 2) == 0
    assert hint(board) == "hint-wrong-entry"
    assert status(board).startswith("r1c3: your 1 is not right here")
    assert board.evaluate("document.body.dataset.ahead") == LEETCODE  # asked: erased
    board.locator("#clear").click()  # an empty board: every blank has all nine candidates
    assert hint(board) == "hint-stuck"
    assert status(board) == (
        "No hint: logic is stuck: no technique here applies; 81 cells left"
        " (the puzzle has more than one solution: no logic can finish it)."
    )


def test_check_ends_the_hint_shown_even_with_nothing_to_check(board: Page) -> None:
    """A chain's hint shown (its steps listed, its cells lit), then Check with no entries:
    Check says there is nothing to check, and the hint goes as it does when there is
    (no steps left listed under Check's words, Hint is Hint again, nothing lit)."""
    paste(board, "#r1c1", REFUTED)
    wait_verdict(board, "loaded")
    assert hint(board) == "hint"
    assert board.locator("#hint-steps li").count() > 2
    assert cell_classes(board, "hint-cell")
    assert ask(board, "#check") == "checked"
    assert status(board).startswith("Nothing to check yet")
    assert board.locator("#hint-steps").is_hidden()
    assert board.locator("#hint").text_content() == "Hint"
    assert cell_classes(board, "hint-cell") == []


def test_check_names_exactly_the_wrong_entries(board: Page) -> None:
    """Check names and marks exactly the entries that disagree with the solution, and
    no other cell; with none wrong it says so."""
    load(board, "leetcode")
    assert ask(board, "#check") == "checked"
    assert status(board).startswith("Nothing to check yet")
    solution = core_solve(LEETCODE)
    assert solution is not None
    type_in(board, "r1c3", solution[2])
    assert ask(board, "#check") == "checked"
    assert status(board) == "Your entry agrees with the solution."
    wrong = "2" if solution[3] != "2" else "3"
    type_in(board, "r1c4", wrong)
    type_in(board, "r9c1", "1" if solution[72] != "1" else "2")
    assert ask(board, "#check") == "checked"
    assert status(board) == "2 of your 3 entries disagree with the solution: r1c4 and r9c1."
    assert cell_classes(board, "wrong") == ["r1c4", "r9c1"]
    assert label(board, "r1c4").endswith(", disagrees with the solution")
    assert cell_values(board).count(".") == LEETCODE.count(".") - 3  # nothing revealed


def test_undo_and_redo_every_edit_including_clear(board: Page) -> None:
    """Ctrl+Z takes back typing, a pencil mark, a hint, Clear and a sample in turn;
    Ctrl+Y and Ctrl+Shift+Z and the Redo button make them again; a new edit ends redo."""
    undo, redo = board.locator("#undo"), board.locator("#redo")
    assert undo.is_disabled()
    load(board, "easy")
    type_in(board, "r1c1", "4")  # the solution's digit: the hint goes on
    board.keyboard.press("p")
    board.keyboard.press("ArrowRight")
    board.keyboard.press("5")
    board.keyboard.press("p")
    assert hint(board) == "hint"
    assert hint(board) == "hint-applied"
    with_hint = cell_values(board)
    board.locator("#clear").click()
    wait_verdict(board, "cleared")
    assert cell_values(board) == "." * 81
    board.locator("#r5c5").focus()
    board.keyboard.press("Control+z")
    assert status(board) == "Undone: Clear."
    assert cell_values(board) == with_hint
    board.keyboard.press("Control+z")
    assert status(board).startswith("Undone: the hint, ")
    board.keyboard.press("Control+z")
    assert status(board) == "Undone: pencil mark 5 in r1c2."
    assert shown_marks(board)[1] == ""
    board.keyboard.press("Control+z")
    assert status(board) == "Undone: your 4 in r1c1."
    assert cell_values(board) == EASY
    board.keyboard.press("Control+z")
    assert status(board) == "Undone: the Easy sample."
    assert cell_values(board) == "." * 81
    assert undo.is_disabled()
    board.keyboard.press("Control+y")
    assert cell_values(board) == EASY
    board.keyboard.press("Control+Shift+z")
    assert cell_values(board) == "4" + EASY[1:]
    redo.click()
    assert shown_marks(board)[1] == "5"
    assert not redo.is_disabled()
    type_in(board, "r9c9", "6")
    assert redo.is_disabled()
    undo.click()
    assert cell_values(board)[80] == EASY[80]
    assert status(board) == "Undone: your 6 in r9c9."


def test_undo_takes_back_a_solve_and_a_new_puzzle(board: Page) -> None:
    """The solve's fill and a new puzzle are edits too: Undo brings back the board
    before each."""
    load(board, "leetcode")
    assert solve(board) == "unique"
    board.keyboard.press("Control+z")
    assert status(board) == "Undone: the solve."
    assert cell_values(board) == LEETCODE
    board.locator("#level").select_option("easy")
    board.locator("#new-puzzle").click()
    assert wait_verdict(board, "made", "error") == "made"
    made = cell_values(board)
    assert made != LEETCODE
    board.keyboard.press("Control+z")
    assert cell_values(board) == LEETCODE
    board.keyboard.press("Control+y")
    assert cell_values(board) == made


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_new_puzzle_has_one_solution_at_its_level(board: Page, level: str) -> None:
    """New puzzle makes one in the worker, saying so while it works: its digits are the
    givens, it has exactly one solution, and sudoku.logic.rate puts it at the level."""
    board.locator("#level").select_option(level)
    board.locator("#new-puzzle").click()
    board.wait_for_function(
        "['made', 'error'].includes(document.querySelector('#status').dataset.verdict)"
        " || document.querySelector('#status').textContent.startsWith('Making')",
        timeout=SOLVE_MS,
    )
    made_text = status(board)
    assert made_text.startswith((f"Making a {level} puzzle", "New"))
    assert wait_verdict(board, "made", "error") == "made"
    grid = cell_values(board)
    assert count_solutions(grid, 2) == 1
    assert rate(grid).level == level
    assert cell_classes(board, "given") == [cell_name(i) for i, d in enumerate(grid) if d != "."]
    assert status(board).startswith(f"New {level} puzzle: {81 - grid.count('.')} givens")


def test_timer_runs_pauses_when_solved_hides_and_survives_a_reload(app: Page) -> None:
    """The timer starts with a loaded puzzle, pauses once it is solved, hides and shows
    (remembered), and keeps its time across a reload."""
    timer = app.locator("#timer")
    assert timer.get_attribute("data-running") == "false"
    load(app, "easy")
    assert timer.get_attribute("data-running") == "true"
    app.wait_for_function("+document.querySelector('#timer').dataset.ms >= 2000")
    app.locator("#timer-toggle").click()
    assert app.locator("#timer-box").is_hidden()
    assert app.locator("#timer-toggle").text_content() == "Show timer"
    app.wait_for_function(
        "() => Object.entries(localStorage).some(([k, v]) => k.startsWith('sudoku-lab games ')"
        " && JSON.parse(v).hidden === true && JSON.parse(v).games[0].ms >= 2000)"
    )
    app.reload()
    wait_ready(app)
    app.wait_for_function("document.querySelector('#timer-box').hidden")
    assert int(timer.get_attribute("data-ms") or 0) >= 2000
    app.locator("#timer-toggle").click()
    assert app.locator("#timer-box").is_visible()
    assert solve(app) == "unique"
    assert timer.get_attribute("data-running") == "false"
    paused = timer.text_content()
    app.keyboard.press("Control+z")  # the fill undone: play goes on
    assert timer.get_attribute("data-running") == "true"
    assert paused


def test_finishing_by_hand_says_solved_and_stops_the_timer(board: Page) -> None:
    """Filling the last blank correctly says the puzzle is solved and pauses the timer."""
    load(board, "leetcode")
    solution = core_solve(LEETCODE)
    assert solution is not None
    blanks = [i for i, d in enumerate(LEETCODE) if d == "."]
    board.locator("#candidates").click()
    for cell in blanks:
        type_in(board, cell_name(cell), solution[cell])
    assert wait_verdict(board, "finished") == "finished"
    assert status(board).startswith("Solved! Every cell is filled")
    assert board.locator("#timer").get_attribute("data-running") == "false"
    assert shown_marks(board) == [""] * 81


def test_phone_and_dark_screenshots_axe_clean(browser: Browser, base_url: str, shots: Path) -> None:
    """At 360 px with the pad: a hint lit, candidates and pencil marks shown, nothing
    wider than the screen, axe clean; then dark mode, axe clean; screenshots saved."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(base_url)
        wait_ready(page)
        load(page, "easy")
        page.locator("#candidates").tap()
        page.locator("#r1c1").tap()
        page.locator("#pencil").tap()
        page.locator(".pad-key[data-digit='4']").tap()
        page.locator(".pad-key[data-digit='7']").tap()
        page.locator("#pencil").tap()
        page.locator("#r1c2").tap()
        page.locator(".pad-key[data-digit='8']").tap()  # the solution's digit
        assert hint(page) == "hint"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert axe_violations(page) == []
        page.screenshot(path=shots / "companion-phone.png", full_page=True)
        page.emulate_media(color_scheme="dark")
        assert ask(page, "#check") == "checked"
        assert axe_violations(page) == []
        page.screenshot(path=shots / "companion-phone-dark.png", full_page=True)
    finally:
        context.close()


def test_a_phones_help_rows_fit_with_undo_to_first_mistake(phone: Page, shots: Path) -> None:
    """At 360 px, once Check offers Undo to first mistake, the help row's buttons and the
    auto-erase switch all lie within the screen, the switch's words on one line (the row
    wraps instead of squeezing them), and nothing is wider than the screen."""
    load(phone, "leetcode")
    cell = LEETCODE.index(".")
    solution = core_solve(LEETCODE) or ""
    wrong = next(d for d in "123456789" if d != solution[cell])
    phone.locator(f"#{cell_name(cell)}").tap()
    phone.locator(f".pad-key[data-digit='{wrong}']").tap()
    assert ask(phone, "#check") == "checked"
    assert status(phone) == f"Your entry disagrees with the solution: {cell_name(cell)}."
    assert phone.locator("#rewind").is_visible()
    boxes = phone.evaluate(TOOL_BOXES)
    assert boxes, "no controls in the help rows"
    for name, left, right, lines in boxes:
        assert 0 <= left < right <= 360, name
        assert lines == 1, name
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=shots / "companion-phone-rewind.png")


def test_desktop_screenshots_light_and_dark(board: Page, shots: Path) -> None:
    """The companion at desktop width, a hint lit and candidates on, light and dark
    (test_a11y.py runs axe on the same)."""
    load(board, "easy")
    board.locator("#candidates").click()
    type_in(board, "r1c1", "4")
    assert hint(board) == "hint"
    board.screenshot(path=shots / "companion-desktop.png", full_page=True)
    board.emulate_media(color_scheme="dark")
    board.wait_for_function("document.getAnimations().length === 0")
    board.screenshot(path=shots / "companion-desktop-dark.png", full_page=True)
