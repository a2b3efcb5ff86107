"""The compatibility shims give CPython's own answers: each table and each fallback that
MicroPython uses is checked here against CPython and ``unicodedata``.

``test_micropython.py`` then runs the same core under MicroPython and compares the answers;
together they show that the core answers alike in both.
"""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku import compat
from sudoku.compat import (
    DIGIT_ZEROS,
    LINE_BREAKS,
    UNICODE_VERSION,
    UNPRINTABLE,
    WHITESPACE,
    digit_value,
    portable_bit_count,
    portable_bit_length,
    portable_splitlines,
    portable_strip,
    printable,
    quoted,
)

EVERY_CHAR = [chr(code) for code in range(sys.maxunicode + 1)]
SAME_UNICODE = unicodedata.unidata_version == UNICODE_VERSION
"""The tables come from this CPython's Unicode data (3.11); a newer CPython knows more."""


def assigned(char: str) -> bool:
    """Whether Unicode assigns ``char`` (its category is not Cn, "unassigned")."""
    return unicodedata.category(char) != "Cn"


def test_cpython_uses_its_own_methods() -> None:
    """In CPython the shims are the built-ins: the solver's hot loop keeps its speed."""
    assert not compat.MICROPYTHON
    assert compat.bit_length is int.bit_length
    assert compat.bit_count is int.bit_count
    assert compat.splitlines is str.splitlines
    assert compat.strip is str.strip


def test_the_real_future_module_is_kept() -> None:
    """The ``__future__`` stand-in is only registered where there is none (MicroPython)."""
    import __future__

    assert sys.modules["__future__"] is __future__
    assert "annotations" in __future__.all_feature_names


def test_digit_zeros_are_the_zeros_of_unicode_decimal_digits() -> None:
    """Each zero starts a run of ten "Nd" digits 0-9; every Nd zero is in the table."""
    zeros = [ord(c) for c in EVERY_CHAR if c.isdecimal() and unicodedata.decimal(c) == 0]
    if SAME_UNICODE:
        assert list(DIGIT_ZEROS) == zeros
    else:  # a newer Unicode only adds digits
        assert set(DIGIT_ZEROS) <= set(zeros)
    assert list(DIGIT_ZEROS) == sorted(DIGIT_ZEROS)
    for zero in DIGIT_ZEROS:
        assert [unicodedata.decimal(chr(zero + n)) for n in range(10)] == list(range(10))


def test_digit_value_is_unicodedata_decimal() -> None:
    """For every code point: its decimal value, exactly when ``str.isdecimal``."""
    for char in EVERY_CHAR:
        expected = unicodedata.decimal(char, None)
        if expected is not None and not SAME_UNICODE and ord(char) - expected not in DIGIT_ZEROS:
            continue  # a digit newer than the table
        assert digit_value(char) == expected, hex(ord(char))


def test_whitespace_is_what_isspace_accepts() -> None:
    """Every character ``str.isspace`` accepts, and nothing else."""
    assert "".join(char for char in EVERY_CHAR if char.isspace()) == WHITESPACE


def test_line_breaks_are_where_splitlines_splits() -> None:
    """Every character ``str.splitlines`` ends a line at, and nothing else."""
    breaks = {char for char in EVERY_CHAR if len(f"a{char}b".splitlines()) == 2}
    assert set(LINE_BREAKS) == breaks
    assert len(LINE_BREAKS) == len(breaks)


text_with_breaks = st.text(alphabet=st.sampled_from([*LINE_BREAKS, *WHITESPACE, "a", "\u0660"]))


@given(text_with_breaks)
def test_portable_splitlines_is_str_splitlines(text: str) -> None:
    """MicroPython's splitlines splits as CPython's does, ``\\r\\n`` and all."""
    assert portable_splitlines(text) == text.splitlines()


@given(text_with_breaks)
def test_portable_strip_is_str_strip(text: str) -> None:
    """MicroPython's strip takes off what CPython's does, and never cuts a character."""
    assert portable_strip(text) == text.strip()


@given(st.integers())
def test_portable_bit_length_and_count_are_the_int_methods(number: int) -> None:
    """The fallbacks give ``int.bit_length`` and ``int.bit_count``, negatives included."""
    assert portable_bit_length(number) == number.bit_length()
    assert portable_bit_count(number) == number.bit_count()


@pytest.mark.parametrize("shift", [0, 1, 7, 8, 63, 64, 127, 128, 129, 809, 810, 5000])
def test_portable_bit_length_at_byte_and_word_edges(shift: int) -> None:
    """Around the edges of bytes, of the 16-byte first guess and of the solver's 810 bits."""
    for number in ((1 << shift) - 1, 1 << shift, (1 << shift) + 1, -(1 << shift)):
        assert portable_bit_length(number) == number.bit_length()
        assert portable_bit_count(number) == number.bit_count()


def test_unprintable_is_what_isprintable_refuses() -> None:
    """For every assigned character, ``printable`` is ``str.isprintable``.

    (With a newer Unicode than the table's, only that the table's ranges stay unprintable.)
    """
    assert list(UNPRINTABLE) == sorted(UNPRINTABLE)
    for char in EVERY_CHAR:
        if SAME_UNICODE and assigned(char):
            assert printable(char) == char.isprintable(), hex(ord(char))
        elif not printable(char):
            assert not char.isprintable(), hex(ord(char))


def test_quoted_is_repr_for_every_assigned_character() -> None:
    """One character at a time: quotes, escapes and the printable rest, as ``repr``."""
    for char in EVERY_CHAR:
        if assigned(char) and (SAME_UNICODE or not printable(char)):
            assert quoted(char) == repr(char), hex(ord(char))


@given(st.text(alphabet=st.characters(codec="ascii") | st.sampled_from("\xe9\u2014\u202e\xa0")))
def test_quoted_is_repr_for_text(text: str) -> None:
    """Whole strings: the choice of quote depends on which quotes the text holds."""
    assert quoted(text) == repr(text)


def test_quoted_shows_unassigned_code_points_as_they_are() -> None:
    """Where the table and CPython part: ``repr`` escapes unassigned code points."""
    assert quoted("\u0378") == "'\u0378'"
    assert repr("\u0378") == "'\\u0378'"


def test_the_clock_counts_milliseconds() -> None:
    """``ms_since(ticks())`` is a small, non-negative number of milliseconds."""
    start = compat.ticks()
    assert 0 <= compat.ms_since(start) < 1000
