"""The player where room is short (issue 21, items 14, 15 and 18): the open guesses cut
by the strip's height say how many more there are; the strategy's code reads without
sideways scrolling from 320 px up and in a blog's 640 px column; on a touch screen the
keyboard's help is gone and the captions say "tap"; the strategy menu shows its whole
text on a phone."""

from __future__ import annotations

from itertools import islice

import pytest
from helpers import frames_pass
from playwright.sync_api import BrowserContext
from support import HARD
from test_embed import PLAYER, open_widget

from sudoku.tracing import trace

DEEP = 17312
"""A step of the naive search of HARD at depth 20 (its first)."""

CHIPS = """() => {
    const box = document.querySelector('#player [data-role=stack]').getBoundingClientRect();
    return [...document.querySelectorAll('#player [data-role=stack] li')]
        .filter(li => !li.hidden)
        .map(li => { const r = li.getBoundingClientRect();
                     return [li.textContent, r.right <= box.right + 0.5 && r.left >= box.left - 0.5
                             && r.bottom <= box.bottom + 0.5 && r.top >= box.top - 0.5]; });
}"""
"""The depth strip's chips shown: their words, and whether each lies wholly in the strip."""


def open_guesses(grid: str, strategy: str, step: int) -> list[str]:
    """The core's open guesses after ``step`` events, newest first, as the chips word them."""
    stack: list[str] = []
    backtracks = 0
    for event in islice(trace(grid, strategy), step):
        if event["kind"] == "place":
            stack.append(f"{event['cell']}={event['digit']}")
        elif event["kind"] == "undo" and event["backtracks"] > backtracks:
            stack.pop()
        backtracks = event["backtracks"]
    return [f"{depth}: {place}" for depth, place in reversed(list(enumerate(stack, 1)))]


@pytest.mark.parametrize("width", [320, 360, 640, 1000])
def test_the_open_guesses_cut_say_how_many_more(
    context: BrowserContext, base_url: str, width: int
) -> None:
    """Item 15: at depth 20 the strip shows the newest guesses that fit whole, then "+N
    more" with N the guesses left out (it showed 4 chips at depth 20 and said nothing)."""
    page = open_widget(context, base_url, f"?puzzle={HARD}&strategy=naive&step={DEEP}")
    page.set_viewport_size({"width": width, "height": 900})
    frames_pass(page, 3)
    expected = open_guesses(HARD, "naive", DEEP)
    assert len(expected) == 20
    chips = page.evaluate(CHIPS)
    words = [text for text, _ in chips]
    assert all(inside for _, inside in chips), chips
    assert 2 <= len(words) < len(expected)
    assert words[:-1] == expected[: len(words) - 1]
    assert words[-1] == f"+{len(expected) - len(words) + 1} more"
    page.locator("#player [data-role='start']").click()
    page.wait_for_function(f"{PLAYER}.dataset.steps === '0'")
    assert page.evaluate(CHIPS) == []
    page.close()
