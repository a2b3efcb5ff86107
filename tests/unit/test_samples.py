"""The app's sample puzzles are named by the core's own rating (issue 21, item 19: the
sample named "Hard" was rated easy)."""

from __future__ import annotations

import re

import pytest
from support import ROOT

from sudoku.logic import rate
from sudoku.solver import count_solutions
from sudoku.words import LEVELS

SAMPLE = re.compile(
    r'<button type="button" class="sample" id="sample-(?P<id>[a-z]+)"'
    r'(?: data-level="(?P<level>[a-z]+)")? data-puzzle="(?P<puzzle>[1-9.]{81})">(?P<label>[^<]+)<'
)
SAMPLES = [m.groupdict() for m in SAMPLE.finditer((ROOT / "index.html").read_text("utf-8"))]


def test_the_page_has_a_sample_of_every_level() -> None:
    """Nine samples: one of each level, and the ones named for what they show."""
    assert len(SAMPLES) == 9
    assert {s["level"] for s in SAMPLES if s["level"]} == set(LEVELS)


@pytest.mark.parametrize("sample", [s for s in SAMPLES if s["level"]], ids=lambda s: s["id"])
def test_a_rated_sample_is_named_by_its_rating(sample: dict[str, str]) -> None:
    """The level a sample says is the one ``rate`` gives, and its label names it."""
    assert count_solutions(sample["puzzle"], 2) == 1
    assert rate(sample["puzzle"]).level == sample["level"]
    assert sample["level"] in sample["label"].lower()


def test_the_unrated_samples_have_no_single_solution() -> None:
    """A sample without a level is one a rating does not apply to: none or several
    solutions, as its name says."""
    unrated = {s["id"]: count_solutions(s["puzzle"], 2) for s in SAMPLES if not s["level"]}
    assert unrated == {"none": 0, "many": 2}
