"""Where puzzles come from, read in bounded pieces: no input makes memory grow with its length.

``count``, ``check``, ``trace``, ``render`` and ``hint`` take one PUZZLE argument (an
81-character line or LeetCode JSON, quoted for the shell) or, without it, read one puzzle
(any shape ``parse`` reads, a 9-line grid too) from stdin: at most 10,001 characters
(``formats.MAX_TEXT`` plus one); more is refused, ``input too long``, without reading the
rest.

``solve`` (and ``bench``) take a file or stdin and stream it: lines are read one at a
time, and ``solve`` prints each answer, flushed, as soon as its line is read, so ``yes
PUZZLE | sudoku solve | head -3`` prints three lines and ends. Text holds one puzzle per
line (blank lines skipped) when it has several non-blank lines and at least one of them
is a whole puzzle on its own; otherwise the whole text is one puzzle. So a file of
81-character lines is a batch, and a 9-line grid or indented JSON is one puzzle.

Lines that are not a whole puzzle on their own are held back, since together they may be
one, but only while they cannot be part of a batch: the first line that is a whole puzzle
makes the input a batch, and each held line is then answered as a puzzle of its own
(``invalid: ...``), in order, before it. At the end of the input, held lines are one
puzzle. Held lines never exceed the 10,000 characters a puzzle may have: one more line
past that makes the input a batch as well (a single puzzle that long would be refused
anyway). A line longer than 10,000 characters is answered ``invalid: input too long`` and
skipped, read in bounded pieces, never whole.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from sudoku.formats import MAX_TEXT, PuzzleError, parse
from sudoku.grid import Grid
from sudoku.recording import MAX_CODE

TOO_LONG = f"input too long: more than {MAX_TEXT} characters"
"""Why input past the cap is refused: ``parse``'s words, without the exact count
(only reading all of it could give that)."""


def one_puzzle(args: argparse.Namespace) -> str:
    """The PUZZLE argument, or else one puzzle from stdin: at most MAX_TEXT characters.

    Only MAX_TEXT + 1 characters are ever read: more is refused, the rest left unread."""
    puzzle: str | None = args.puzzle
    if puzzle is not None:
        return puzzle
    with reading("stdin"):
        text = sys.stdin.read(MAX_TEXT + 1)
    if len(text) > MAX_TEXT:
        raise PuzzleError(TOO_LONG)
    return text


def parse_item(item: str | PuzzleError) -> Grid:
    """Parse a puzzle's text; an item that is already an error (a line too long) raises."""
    if isinstance(item, PuzzleError):
        raise item
    return parse(item)


def numbered_parse(number: int, text: str | PuzzleError) -> Grid:
    """Parse the ``number``-th puzzle of a file, naming it in any error."""
    try:
        return parse_item(text)
    except PuzzleError as error:
        raise PuzzleError(f"puzzle {number}: {error}") from None


@contextmanager
def reading(name: str) -> Iterator[None]:
    """Turn a failure to read ``name`` into a one-line PuzzleError."""
    try:
        yield
    except UnicodeDecodeError:
        raise PuzzleError(f"cannot read {name}: not UTF-8 text") from None
    except OSError as error:
        raise PuzzleError(f"cannot read {name}: {error.strerror or error}") from None


@contextmanager
def opened(path: Path | None) -> Iterator[tuple[TextIO, str]]:
    """The file at ``path`` opened as UTF-8 text, or stdin when ``path`` is None; its name."""
    if path is None:
        yield sys.stdin, "stdin"
        return
    with reading(str(path)):
        stream = path.open(encoding="utf-8")
    with stream:
        yield stream, str(path)


def physical_lines(stream: TextIO, name: str) -> Iterator[str | None]:
    """Each line of ``stream`` with its line end, or None for a line over MAX_TEXT.

    Every read is bounded: a line too long is skipped in pieces of MAX_TEXT + 1
    characters, so one endless line costs no more memory than a short one."""
    while line := read_line(stream, name):
        if len(line) <= MAX_TEXT or line.endswith("\n"):
            yield line
            continue
        while line and not line.endswith("\n"):
            line = read_line(stream, name)
        yield None


def read_line(stream: TextIO, name: str) -> str:
    """At most MAX_TEXT + 1 characters of ``stream``, up to and with a line end."""
    with reading(name):
        return stream.readline(MAX_TEXT + 1)


def puzzle_texts(stream: TextIO, name: str) -> Iterator[str | PuzzleError]:
    """The puzzles of a file or stdin, each as soon as its line is read (module docstring).

    Lines that are not a whole puzzle are held (at most MAX_TEXT characters) until a
    line that is one shows the input is a batch, or the input ends and they are one
    puzzle. Yields each puzzle's text, or the PuzzleError of a line too long."""
    held: list[str] = []
    size = 0
    batch = False
    for line in physical_lines(stream, name):
        if not batch:
            if line is not None and size + len(line) <= MAX_TEXT and not has_puzzle(line):
                held.append(line)
                size += len(line)
                continue
            batch = True
            yield from batch_lines("".join(held))
            held.clear()
        yield from batch_lines(line)
    if not batch:
        yield "".join(held)


def batch_lines(text: str | None) -> Iterator[str | PuzzleError]:
    """The non-blank lines of ``text`` as puzzles of a batch; None is a line too long."""
    if text is None:
        yield PuzzleError(TOO_LONG)
        return
    yield from (line for line in text.splitlines() if line.strip())


def has_puzzle(text: str) -> bool:
    """Whether a line of ``text`` reads as a puzzle on its own."""
    return any(is_puzzle(line) for line in text.splitlines() if line.strip())


def is_puzzle(text: str) -> bool:
    """Whether ``text`` reads as a puzzle on its own."""
    try:
        parse(text)
    except PuzzleError:
        return False
    return True


def code_text(path: Path) -> str:
    """The text of the reader's solution file: UTF-8, at most MAX_CODE characters (only
    that many and one more are read; more is refused)."""
    with reading(str(path)), path.open(encoding="utf-8") as file:
        text = file.read(MAX_CODE + 1)
    if len(text) > MAX_CODE:
        raise PuzzleError(f"{path}: too long: more than {MAX_CODE:,} characters")
    return text
