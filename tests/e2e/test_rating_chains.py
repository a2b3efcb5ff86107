"""The companion's rating, chains and wrong entries (issue 25, the app's part): the
puzzle's rating and level shown whenever a puzzle is loaded, typed or made, never stale;
a chain hint listed step by step with its cells lit, readable on a phone; a wrong entry
named before any hint, and erased by the second press."""

from __future__ import annotations

from pathlib import Path

from conftest import wait_ready
from helpers import SOLVE_MS, cell_classes, cell_values, load, paste, wait_verdict
from playwright.sync_api import Page
from support import LEETCODE, load_puzzles
from test_a11y import axe_violations
from test_companion import hint, status, type_in

from sudoku.chains import RATINGS
from sudoku.grid import cell_name
from sudoku.logic import chain_steps, marks_of, next_step, rate, say, solve_path
from sudoku.solver import solve as core_solve
from sudoku.words import rating as rating_text

XY_CHAIN = "123567894456839721789421365835..2649264...15797165423831..4..76647....8.59...641."
"""A board whose next step is an xy-chain (four cells; from unbiased_1000)."""
REFUTED = "98.75.6.375..4.8.9..3.98.7.5..8.793...94......375291..3.897...1.9...5.8..7528..96"
"""A board whose next step is a contradiction chain of seven links (from forum_hardest)."""
DONE = "['rated', 'unrated'].includes(document.querySelector('#rating').dataset.state)"
NESTED = RATINGS["contradiction chain"] + 10
"""A contradiction chain with a level of splits (8.5): the longest lists."""
BOX = 0.5 * 740
"""The steps box's greatest height on the ``phone`` fixture's screen (static/css/app.css)."""
VISIBLE = """selectors => selectors.map(selector => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
})"""
"""Whether the first element of each selector is wholly in the viewport."""


def rating_line(page: Page) -> tuple[str, str, str]:
    """Once the line has its answer: its text, its state and the puzzle it is for."""
    page.wait_for_function(DONE, timeout=SOLVE_MS)
    line = page.locator("#rating")
    return (
        line.text_content() or "",
        line.get_attribute("data-state") or "",
        line.get_attribute("data-for") or "",
    )


def wrong_digit(grid: str, cell: int) -> str:
    """A candidate of ``cell`` (no clash) that the solution does not hold there."""
    solution = core_solve(LEETCODE) or ""
    return next(d for d in marks_of(grid)[cell] if d != solution[cell])


def rated(puzzle: str) -> str:
    """What the line says of a proper puzzle, from the core's ``rate``."""
    expected = rate(puzzle)
    return f"SE {rating_text(expected.rating)} · {expected.level}"


def hardest_technique(puzzle: str) -> str:
    """The technique of the path's first step with the puzzle's rating (the core's)."""
    steps, _ = solve_path(puzzle)
    tenths = rate(puzzle).rating
    return next(step.technique for step in steps if step.rating == tenths)


def test_samples_are_rated_and_the_scale_is_explained(board: Page) -> None:
    """A sample's rating and level are the core's, on the scale named ("SE 4.2"); the line
    opens to what the number means, with the technique that set it, and the scale's
    words; a puzzle with several solutions says why it has none (and nothing of a rating's
    meaning); an empty board shows none."""
    puzzle = load(board, "hard")
    assert rating_line(board) == (rated(puzzle), "rated", puzzle)
    assert board.locator("#rating-box").is_visible()
    board.locator("#rating").click()
    why = board.locator("#rating-why").text_content() or ""
    number = rating_text(rate(puzzle).rating)
    assert why.startswith(f"SE {number}: the hardest step this puzzle needs is a")
    assert f" {hardest_technique(puzzle)}, rated {number} on Sudoku Explainer's scale" in why
    scale = board.locator("#rating-scale").text_content() or ""
    assert "SE is Sudoku Explainer's scale" in scale
    assert "easy up to 2.3, medium 2.4 to 3.4, hard 3.5 to 4.6" in scale
    many = load(board, "many")
    text, state, about = rating_line(board)
    assert (state, about) == ("unrated", many)
    assert text.startswith("No rating: more than one solution")
    assert board.locator("#rating-why").text_content() == ""
    board.locator("#clear").click()
    board.wait_for_function("document.querySelector('#rating').dataset.state === 'none'")
    assert board.locator("#rating-box").is_hidden()


def test_typed_givens_are_rated_once_they_have_one_solution(board: Page) -> None:
    """Givens typed (Edit givens on the many-solution sample, then the LeetCode puzzle's
    three missing digits): no rating while several solutions remain, then the puzzle's."""
    load(board, "many")
    assert rating_line(board)[1] == "unrated"
    board.locator("#edit-givens").click()
    missing = [i for i in range(81) if cell_values(board)[i] != LEETCODE[i]]
    assert len(missing) == 3
    for cell in missing:
        type_in(board, cell_name(cell), LEETCODE[cell])
    board.wait_for_function(
        "p => document.querySelector('#rating').dataset.for === p", arg=LEETCODE
    )
    assert rating_line(board) == (rated(LEETCODE), "rated", LEETCODE)


def test_a_rating_under_way_never_shows_for_another_puzzle(board: Page) -> None:
    """The extreme sample takes seconds to rate in the worker: meanwhile the line says
    "Rating…", Hint is answered before the rating ends (the worker rates in slices), and a
    puzzle loaded then gets its own rating, never the extreme one's."""
    load(board, "extreme")
    assert board.locator("#rating").text_content() == "Rating…"
    assert hint(board) == "hint"
    assert board.locator("#rating").get_attribute("data-state") == "rating"
    easy = load(board, "easy")
    assert rating_line(board) == (rated(easy), "rated", easy)


def test_a_new_puzzle_and_a_link_are_rated(board: Page, base_url: str) -> None:
    """New puzzle's line names its level (the bank's) at once, then its rating, at that
    level; a link's puzzle is rated as it opens."""
    board.locator("#level").select_option("medium")
    board.locator("#new-puzzle").click()
    wait_verdict(board, "made")
    grid = cell_values(board)
    first = board.locator("#rating").text_content() or ""
    assert first.startswith(("Level medium · rating", "SE ")), first
    assert rating_line(board) == (rated(grid), "rated", grid)
    assert rate(grid).level == "medium"
    board.goto(f"{base_url}?puzzle={XY_CHAIN}")
    wait_ready(board)
    assert rating_line(board) == (rated(XY_CHAIN), "rated", XY_CHAIN)


def test_a_chain_hint_is_listed_step_by_step_on_a_phone(phone: Page, shots: Path) -> None:
    """On a phone, the puzzle's rating shows with the board's top; a contradiction
    chain's hint lists its links as numbered steps (the core's ``chain_steps``), lights
    the cells they write, fits the screen's width, and a second press applies it."""
    paste(phone, "#r1c1", REFUTED)
    wait_verdict(phone, "loaded")
    assert rating_line(phone) == (rated(REFUTED), "rated", REFUTED)
    line = phone.locator("#rating").bounding_box()
    assert line is not None
    assert line["y"] + line["height"] <= 740  # in view with the board's top
    assert hint(phone) == "hint"
    step = next_step(REFUTED)
    assert step is not None
    assert step.technique == "contradiction chain"
    steps = phone.locator("#hint-steps li").all_text_contents()
    assert steps == chain_steps(step, marks_of(REFUTED))
    assert steps[0] == f"Suppose {cell_name(step.cells[0])} were {step.digits[0]}."
    assert status(phone).startswith("contradiction chain: remove")
    written = {cell_name(link[1]) for link in step.links if link[0].endswith("single")}
    assert written
    assert written <= set(cell_classes(phone, "hint-cell"))
    widths = phone.evaluate(
        "[document.documentElement.scrollWidth, innerWidth,"
        " ...[...document.querySelectorAll('#hint-steps li')].map(li =>"
        " li.getBoundingClientRect().right)]"
    )
    assert widths[0] <= widths[1] == 360
    assert max(widths[2:]) <= 360
    phone.wait_for_function(DONE, timeout=SOLVE_MS)
    assert axe_violations(phone) == []  # the rating line and the steps list included
    phone.locator("#hint-steps").scroll_into_view_if_needed()
    phone.screenshot(path=str(shots / "hint-chain-phone.png"))
    assert hint(phone) == "hint-applied"
    assert phone.locator("#hint-steps").is_hidden()


def test_a_nested_chains_long_list_scrolls_in_its_box_on_a_phone(
    phone: Page, base_url: str, shots: Path
) -> None:
    """A chain nested in splits lists dozens of lines (a forum puzzle's first hint: over
    1,300 px on this phone): the list scrolls in a box of at most half the screen's
    height, under the hint's words, so the lit board and the first steps show together
    and Hint moves down by no more than the box; the list starts at its first step, its last is
    reached by scrolling it, it takes the focus (keys scroll it) and axe finds nothing."""
    puzzle = load_puzzles("forum_hardest_1905_11plus", 1)[0]
    phone.goto(f"{base_url}?deep=0&puzzle={puzzle}")  # MicroPython's hints alone
    wait_ready(phone)
    phone.locator("#hint").evaluate("button => button.scrollIntoView({block: 'end'})")
    before = phone.locator("#hint").bounding_box()
    assert hint(phone) == "hint"
    steps = phone.locator("#hint-steps")
    lines = steps.locator("li").all_text_contents()
    step = next_step(puzzle)
    assert step is not None
    assert step.rating >= NESTED
    assert lines == chain_steps(step, marks_of(puzzle))
    box = steps.evaluate("l => [l.clientHeight, l.scrollHeight, l.scrollTop]")
    assert box[1] > 1000 > BOX >= box[0]  # a long list, in a short box, from its top
    assert box[2] == 0
    after = phone.locator("#hint").bounding_box()
    assert before is not None
    assert after is not None
    assert 0 < after["y"] - before["y"] <= BOX + 10  # the box and its margin
    seen = phone.evaluate(VISIBLE, ["#board", "#status", "#hint-steps li"])
    assert seen == [True, True, True]  # the lit board, its words, the first step
    steps.focus()
    phone.keyboard.press("End")
    phone.wait_for_function(
        "(l => l.scrollTop + l.clientHeight >= l.scrollHeight - 1)"
        "(document.querySelector('#hint-steps'))"
    )
    last = steps.locator("li").last.bounding_box()
    frame = steps.bounding_box()
    assert last is not None
    assert frame is not None
    assert frame["y"] <= last["y"] + last["height"] <= frame["y"] + frame["height"]
    assert axe_violations(phone) == []  # a scrollable region that takes the focus
    phone.screenshot(path=str(shots / "hint-nested-phone.png"))
    phone.locator("#hint").evaluate("button => button.scrollIntoView({block: 'end'})")
    assert hint(phone) == "hint-applied"
    assert status(phone) == f"Hint applied: {say(step).split(' (')[0]}."  # its steps were listed
    assert phone.evaluate(VISIBLE, ["#hint"]) == [True]  # pressed again where it was
    assert hint(phone) == "hint"  # the next chain's list starts at its top again
    assert steps.locator("li").count() > 0
    assert steps.evaluate("l => [l.scrollTop, l.scrollHeight > l.clientHeight]") == [0, True]


def test_an_xy_chain_hint_follows_the_chain(board: Page) -> None:
    """An xy-chain's hint lists each cell in turn and lights the chain's cells."""
    paste(board, "#r1c1", XY_CHAIN)
    wait_verdict(board, "loaded")
    assert hint(board) == "hint"
    step = next_step(XY_CHAIN)
    assert step is not None
    assert step.technique == "xy-chain"
    assert board.locator("#hint-steps li").all_text_contents() == chain_steps(
        step, marks_of(XY_CHAIN)
    )
    assert {cell_name(c) for c in step.cells} <= set(cell_classes(board, "hint-cell"))


def test_a_wrong_entry_is_named_before_any_hint(phone: Page) -> None:
    """With a wrong entry on the board, Hint names it (cell and digit) instead of
    reasoning from it, marks it and offers Undo to first mistake; the second press erases
    it, and the next press gives a hint."""
    load(phone, "leetcode")
    cell = LEETCODE.index(".")
    wrong = wrong_digit(LEETCODE, cell)
    type_in(phone, cell_name(cell), wrong)
    assert hint(phone) == "hint-wrong-entry"
    assert status(phone).startswith(f"{cell_name(cell)}: your {wrong} is not right here")
    assert cell_classes(phone, "wrong") == [cell_name(cell)]
    assert phone.locator("#rewind").is_visible()
    assert phone.locator("#hint").text_content() == f"Erase {cell_name(cell)}"
    assert hint(phone) == "hint-applied"
    assert cell_values(phone)[cell] == "."
    assert phone.locator("#rewind").is_hidden()
    assert hint(phone) == "hint"


def test_undo_to_the_wrong_entry_a_hint_named(board: Page) -> None:
    """Undo to first mistake, offered by the hint, takes the board back to before it."""
    load(board, "leetcode")
    solution = core_solve(LEETCODE) or ""
    blanks = [i for i in range(81) if LEETCODE[i] == "."]
    right, bad = blanks[0], blanks[1]
    type_in(board, cell_name(right), solution[right])
    typed = LEETCODE[:right] + solution[right] + LEETCODE[right + 1 :]
    type_in(board, cell_name(bad), wrong_digit(typed, bad))
    assert hint(board) == "hint-wrong-entry"
    board.locator("#rewind").click()
    wait_verdict(board, "restored")
    shown = cell_values(board)
    assert (shown[right], shown[bad]) == (solution[right], ".")
    assert hint(board) == "hint"


def test_a_game_resumed_gets_its_puzzles_rating(board: Page) -> None:
    """Opening a kept game from "Your games" shows that puzzle's rating, not the last."""
    hard = load(board, "hard")
    assert rating_line(board) == (rated(hard), "rated", hard)
    board.wait_for_function("document.querySelectorAll('#games option').length === 1")
    easy = load(board, "easy")
    board.wait_for_function("document.querySelectorAll('#games option').length === 2")
    assert rating_line(board)[2] == easy
    other = board.evaluate(
        "[...document.querySelectorAll('#games option')].find(o => o.dataset.here !== 'true').value"
    )
    board.select_option("#games", other)
    board.locator("#resume").click()
    wait_verdict(board, "restored")
    assert cell_values(board) == hard
    assert rating_line(board) == (rated(hard), "rated", hard)
