"""The command line: ``sudoku solve|count|check|trace|render|bench|hint|generate`` (also
``python -m sudoku``).

- ``hint PUZZLE`` prints the easiest logical step a person could take next, in one
  line (``sudoku.logic.say``): ``hidden single: r3c5 = 7 (the only place for 7 in box
  2)``. ``--all`` prints the whole logical path, a step a line, and a last line:
  ``solved``, or where logic alone gets stuck and how many cells are left. A full grid
  gets ``solved already: no blank cell left``.
- ``generate --difficulty easy|medium|hard|expert [--count N] [--seed S]`` prints N
  new puzzles (default 1) of that level (default easy), one 81-character line each,
  every one with exactly one solution (``sudoku.generator``). The same seed gives the
  same puzzles; without one, a random seed is drawn.

Where puzzles come from: ``count``, ``check``, ``trace``, ``render`` and ``hint`` take one PUZZLE
argument (an 81-character line or LeetCode JSON, quoted for the shell) or, without
it, read one puzzle (any shape ``parse`` reads, a 9-line grid too) from stdin.
``solve`` takes the PUZZLE argument, or ``--file F``, or stdin. Text from a file
or stdin holds one puzzle per line (blank lines skipped) when it has several
non-blank lines and at least one of them is a whole puzzle on its own; otherwise
the whole text is one puzzle. So a file of 81-character lines is a batch, and a
9-line grid or indented JSON is one puzzle.

Reading is bounded: no input makes memory grow with its length.

- One puzzle from stdin (``count``, ``check``, ``trace``, ``render``, ``hint``): at most
  10,001 characters
  are read (``formats.MAX_TEXT`` plus one); more is refused, ``input too long``,
  without reading the rest.
- ``solve`` (and ``bench``) stream: lines are read one at a time, and ``solve``
  prints each answer, flushed, as soon as its line is read, so ``yes PUZZLE | sudoku
  solve | head -3`` prints three lines and ends. Lines that are not a whole puzzle on
  their own are held back, since together they may be one (a grid, indented JSON),
  but only while they cannot be part of a batch: the first line that is a whole
  puzzle makes the input a batch, and each held line is then answered as a puzzle of
  its own (``invalid: ...``), in order, before it. At the end of the input, held
  lines are one puzzle. Held lines never exceed the 10,000 characters a puzzle may
  have: one more line past that makes the input a batch as well (a single puzzle that
  long would be refused anyway). A line longer than 10,000 characters is answered
  ``invalid: input too long`` and skipped, read in bounded pieces, never whole.

Numbers (``--limit``, ``--max-events``, ``--count``, ``--every``) are whole numbers from
1 to 10**18; steps (``--step N``, ``--steps A-B``) from 0 to 10**18; ``--delay`` is 20
to 60,000 ms; a seed is one from 0 to 2**64 - 1.

``render`` exports a trace for pages that allow no iframe (a post, a feed, a README),
as the widget shows it: ``--step N`` is the board after the trace's first N events (0:
the puzzle; a step past the end is the last step), with the event just played marked and
its caption. ``--format svg`` (the default) writes one standalone SVG; with ``--steps
A-B`` (and ``--every K``: steps A, A+K, ... up to B) a storyboard, every step a small
board labelled with its number and caption, two a row. ``--format gif`` writes an
animated GIF of the steps (``--delay`` ms a frame, looping), which needs Pillow (``pip
install 'sudoku-lab[render]'``). A storyboard shows at most 60 boards and a GIF 500
frames: a longer range is refused before any work, naming the ``--every`` that fits.
Output goes to stdout (a GIF only when stdout is not a terminal) or ``--output FILE``.

Exit codes: 0 success; 1 a "no" answer (``solve``: some puzzle not solved;
``check``: conflicts, no solution or more than one; ``hint``: conflicts or no solution,
said as ``solve`` says it, or no technique applies, or with ``--all`` the path gets
stuck); 2 a usage or input error (bad arguments, an unreadable puzzle or file, a file
that cannot be written). Errors print one line on stderr,
``sudoku: <message>``, never a traceback. ``solve`` may have answered some lines
before an input error (a file that stops being UTF-8 text halfway) ends it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from pathlib import Path
from typing import NoReturn, TextIO

from sudoku import gif
from sudoku.benchmark import format_stats, run_each, solves, summarize
from sudoku.formats import MAX_TEXT, PuzzleError, parse, to_json, to_line, to_pretty
from sudoku.generator import MASK as MAX_SEED
from sudoku.generator import puzzles
from sudoku.grid import BLANK, Grid
from sudoku.logic import ending, next_step, say, solve_path
from sudoku.render import MAX_BOARDS, MAX_FRAMES, scenes, storyboard, svg
from sudoku.solver import analyze, count_solutions, solve
from sudoku.tracing import trace
from sudoku.validate import conflicts, describe, givens
from sudoku.words import ALREADY_SOLVED, LEVELS, STRATEGIES, VERDICT_WORDS, VERDICTS, grouped

WRITERS: dict[str, Callable[[Grid], str]] = {"line": to_line, "grid": to_pretty, "json": to_json}
BENCH_STRATEGIES = ("fast", *STRATEGIES)
PUZZLE_HELP = "81 characters or LeetCode JSON, quoted (default: read stdin)"
MAX_NUMBER = 10**18
"""The largest number an option takes: more than any run reaches, and within what
``itertools.islice`` and the solvers accept (``sys.maxsize`` is 2**63 - 1)."""
TOO_LONG = f"input too long: more than {MAX_TEXT} characters"
"""Why input past the cap is refused: ``parse``'s words, without the exact count
(only reading all of it could give that)."""


DELAYS = (20, 60_000)
"""The milliseconds a GIF frame may show: browsers show shorter delays as 100 ms."""


class UsageError(Exception):
    """Options that do not go together, or output that cannot be written: one line, exit 2."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors, ``sudoku: <message>``, like every other error."""

    def error(self, message: str) -> NoReturn:
        """Print the message on one line (and where to find usage); exit 2."""
        self.exit(2, f"sudoku: {message} (see '{self.prog} --help')\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as stop:  # argparse has printed usage or help
        return int(stop.code or 0)
    run: Callable[[argparse.Namespace], int] = args.run  # set by each subcommand's parser
    try:
        return run(args)
    except (PuzzleError, UsageError) as error:
        print(f"sudoku: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left early (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130


def parser() -> argparse.ArgumentParser:
    """The argument parser: one subcommand per job, each naming its ``run`` function."""
    top = Parser(
        prog="sudoku",
        description=(
            "Solve, count, check, trace, render and benchmark Sudoku puzzles; hint the next "
            "logical step; generate new puzzles of a chosen level."
        ),
        epilog="Exit codes: 0 success, 1 a 'no' answer, 2 a usage or input error.",
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve_cmd = commands.add_parser("solve", help="print the solution of each puzzle")
    source = solve_cmd.add_mutually_exclusive_group()
    source.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    source.add_argument("--file", type=Path, help="puzzles, one a line (or one grid)")
    solve_cmd.add_argument(
        "--format", choices=WRITERS, default="line", help="output (default line)"
    )
    solve_cmd.set_defaults(run=run_solve)

    count_cmd = commands.add_parser("count", help="count solutions, up to a limit")
    count_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    count_cmd.add_argument(
        "--limit", type=positive, default=2, metavar="N", help="stop here (default 2)"
    )
    count_cmd.set_defaults(run=run_count)

    check_cmd = commands.add_parser("check", help="conflicts, clue count and verdict")
    check_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    check_cmd.set_defaults(run=run_check)

    trace_cmd = commands.add_parser("trace", help="the search's events as JSON lines")
    trace_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    trace_cmd.add_argument(
        "--strategy", choices=STRATEGIES, default=STRATEGIES[0], help="default naive"
    )
    trace_cmd.add_argument("--max-events", type=positive, metavar="N", help="stop after N events")
    trace_cmd.set_defaults(run=run_trace)

    render_cmd = commands.add_parser(
        "render",
        help="a step as SVG, steps as an SVG storyboard or an animated GIF",
        description="Draw the search at a step, or over a range of steps, for pages that "
        "allow no iframe. Step N is the board after N events (0: the puzzle; past the "
        "end: the last step).",
    )
    render_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    render_cmd.add_argument(
        "--strategy", choices=STRATEGIES, default=STRATEGIES[0], help="default naive"
    )
    steps = render_cmd.add_mutually_exclusive_group(required=True)
    steps.add_argument("--step", type=step_number, metavar="N", help="one step")
    steps.add_argument(
        "--steps", type=step_range, metavar="A-B", help="steps A to B: a storyboard, or a GIF"
    )
    render_cmd.add_argument(
        "--every", type=positive, metavar="K", help="with --steps: every K-th step (default 1)"
    )
    render_cmd.add_argument("--format", choices=("svg", "gif"), default="svg", help="default svg")
    render_cmd.add_argument("--output", type=Path, metavar="FILE", help="default stdout")
    render_cmd.add_argument(
        "--delay", type=delay, metavar="MS", help=f"GIF: ms a frame (default {gif.DELAY})"
    )
    render_cmd.set_defaults(run=run_render)

    bench_cmd = commands.add_parser("bench", help="time a solver over a file of puzzles")
    bench_cmd.add_argument("--file", type=Path, required=True, help="puzzles, one a line")
    bench_cmd.add_argument(
        "--strategy", choices=BENCH_STRATEGIES, default="fast", help="default fast"
    )
    bench_cmd.add_argument(
        "--limit", type=positive, metavar="N", help="time only the first N puzzles"
    )
    bench_cmd.set_defaults(run=run_bench)

    hint_cmd = commands.add_parser("hint", help="the next logical step, in words")
    hint_cmd.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    hint_cmd.add_argument(
        "--all", action="store_true", help="every step to the end, or to where logic is stuck"
    )
    hint_cmd.set_defaults(run=run_hint)

    generate_cmd = commands.add_parser("generate", help="new puzzles of a level, one a line")
    generate_cmd.add_argument(
        "--difficulty", choices=LEVELS, default=LEVELS[0], help=f"default {LEVELS[0]}"
    )
    generate_cmd.add_argument(
        "--count", type=positive, default=1, metavar="N", help="how many (default 1)"
    )
    generate_cmd.add_argument(
        "--seed", type=seed, metavar="S", help="the same seed, the same puzzles (default random)"
    )
    generate_cmd.set_defaults(run=run_generate)

    return top


def positive(text: str) -> int:
    """An argument that must be a whole number from 1 to MAX_NUMBER."""
    return whole(text, 1, MAX_NUMBER)


def seed(text: str) -> int:
    """A ``--seed``: a whole number from 0 to 2**64 - 1."""
    return whole(text, 0, MAX_SEED)


def whole(text: str, low: int, high: int) -> int:
    """An argument that must be a whole number from ``low`` to ``high``."""
    # the length test first: int() refuses (ValueError) strings of over 4,300 digits
    if text.isdecimal() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    shown = text if len(text) <= 30 else text[:30] + "..."
    raise argparse.ArgumentTypeError(
        f"expected a whole number from {low} to {high:,}, found {shown!r}"
    )


def step_number(text: str) -> int:
    """An argument that must be a step: a whole number from 0 to MAX_NUMBER."""
    return whole(text, 0, MAX_NUMBER)


def step_range(text: str) -> tuple[int, int]:
    """An argument ``A-B``: steps A to B, from low to high."""
    first, dash, last = text.partition("-")
    try:
        low, high = step_number(first), step_number(last)
    except argparse.ArgumentTypeError:
        low = high = -1
    if not dash or low < 0:
        shown = text if len(text) <= 30 else text[:30] + "..."
        raise argparse.ArgumentTypeError(
            f"expected steps A-B, whole numbers from 0 to {MAX_NUMBER:,}, found {shown!r}"
        )
    if low > high:
        raise argparse.ArgumentTypeError(f"expected steps from low to high, found {text!r}")
    return low, high


def delay(text: str) -> int:
    """An argument that must be a frame's milliseconds, within DELAYS."""
    low, high = DELAYS
    if text.isdecimal() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    shown = text if len(text) <= 30 else text[:30] + "..."
    raise argparse.ArgumentTypeError(
        f"expected milliseconds from {low} to {high:,}, found {shown!r}"
    )


def run_solve(args: argparse.Namespace) -> int:
    """Print each puzzle's solution as soon as it is read; exit 1 unless all were solved."""
    if args.puzzle is not None:
        return solve_all([args.puzzle], args.format)
    with opened(args.file) as (stream, name):
        return solve_all(puzzle_texts(stream, name), args.format)


def solve_all(texts: Iterable[str | PuzzleError], form: str) -> int:
    """Solve and print each puzzle in turn, flushed (a pipe reader sees each answer)."""
    unsolved = 0
    for number, text in enumerate(texts):
        solution, why = solve_text(text)
        if form == "grid" and number:
            print()
        print(why if solution is None else WRITERS[form](solution), flush=True)
        unsolved += solution is None
    return 1 if unsolved else 0


def solve_text(text: str | PuzzleError) -> tuple[Grid | None, str]:
    """A puzzle's solution, or None and why: ``no solution`` or ``invalid: <message>``."""
    try:
        grid = parse_item(text)
    except PuzzleError as error:
        return None, f"invalid: {error}"
    clashes = conflicts(grid)
    if clashes:
        return None, f"invalid: {describe(clashes[0])}"
    solution = solve(grid)
    return solution, "no solution" if solution is None else ""


def run_count(args: argparse.Namespace) -> int:
    """Print how many solutions there are, up to the limit."""
    found = count_solutions(parse(one_puzzle(args)), limit=args.limit)
    print(count_words(found, args.limit))
    return 0


def count_words(found: int, limit: int) -> str:
    """The count with what it means: ``1 (unique)``, or that the count stopped at the limit."""
    if found >= limit:
        return f"{found} (stopped at the limit of {limit}: there may be more)"
    meaning = {0: "no solution", 1: "unique"}.get(found, "all of them")
    return f"{found} ({meaning})"


def run_check(args: argparse.Namespace) -> int:
    """Print conflicts, clue count and verdict; exit 0 only for a valid, unique puzzle."""
    grid = parse(one_puzzle(args))
    clashes = conflicts(grid)
    print(f"givens: {givens(grid)}")
    print(f"conflicts: {len(clashes) or 'none'}")
    for clash in clashes:
        print(f"  {describe(clash)}")
    verdict = VERDICTS[count_solutions(grid, limit=2)]
    print(f"verdict: {VERDICT_WORDS[verdict]}")
    return 0 if verdict == "unique" else 1


def run_trace(args: argparse.Namespace) -> int:
    """Print the search's events, one JSON object a line, up to ``--max-events``."""
    events = trace(parse(one_puzzle(args)), args.strategy)
    for event in islice(events, args.max_events):
        print(json.dumps(event))
    if next(events, None) is not None:
        print(f"sudoku: stopped after {args.max_events} events", file=sys.stderr)
    return 0


def run_render(args: argparse.Namespace) -> int:
    """Write a step as SVG, or steps as an SVG storyboard or an animated GIF."""
    first, last = args.steps or (args.step, args.step)
    every: int = args.every or 1
    making_gif = args.format == "gif"
    if args.every and args.steps is None:
        raise UsageError("--every needs --steps A-B")
    if args.delay and not making_gif:
        raise UsageError("--delay is for --format gif")
    cap, things, holder = (
        (MAX_FRAMES, "frames", "a GIF holds")
        if making_gif
        else (MAX_BOARDS, "boards", "a storyboard shows")
    )
    count = (last - first) // every + 1
    if count > cap:
        fits = -(-(last - first + 1) // cap)
        raise UsageError(
            f"steps {first}-{last} make {grouped(count)} {things}, more than the {cap} "
            f"{holder}: use --every {grouped(fits)} or more, or fewer steps"
        )
    if making_gif and args.output is None and sys.stdout.isatty():
        raise UsageError("a GIF is not written to a terminal: use --output FILE, or a pipe")
    if making_gif:
        try:
            gif.pillow()
        except ImportError as error:
            raise UsageError(str(error)) from None
    shown = scenes(parse(one_puzzle(args)), args.strategy, first, last, every)
    if making_gif:
        write_output(args.output, gif.gif(shown, args.delay or gif.DELAY))
    else:
        write_output(args.output, (storyboard(shown) if args.steps else svg(shown[0])).encode())
    return 0


def write_output(path: Path | None, data: bytes) -> None:
    """``data`` to the file at ``path``, or to stdout; a file that cannot be written is a
    one-line UsageError."""
    if path is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        path.write_bytes(data)
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


def run_bench(args: argparse.Namespace) -> int:
    """Time the strategy on each puzzle and print one line of stats; exit 1 on a wrong answer.

    ``fast`` is ``sudoku.solver``; the others are the teaching searches, timed as traced
    (making their event records is part of what they cost)."""
    with opened(args.file) as (stream, name):
        texts = list(islice(puzzle_texts(stream, name), args.limit))
    puzzles = [numbered_parse(number, text) for number, text in enumerate(texts, 1)]
    times, outcomes = run_each(puzzles, bench_runner(args.strategy))
    print(format_stats(args.strategy, summarize(times, [nodes for _, nodes in outcomes])))
    failed = sum(
        not solves(p, solution) for p, (solution, _) in zip(puzzles, outcomes, strict=True)
    )
    if failed:
        print(f"not solved: {failed} of {len(puzzles)} puzzles")
    return 1 if failed else 0


def run_hint(args: argparse.Namespace) -> int:
    """Print the next logical step, or with ``--all`` every step and where the path ends.

    Exit 0 when a step is given (``--all``: when the path solves the puzzle) or the grid
    is full; 1 for conflicts, no solution, or no step."""
    grid = parse(one_puzzle(args))
    solution, why = solve_text(grid)
    if solution is None:
        print(why)
        return 1
    if BLANK not in grid:
        print(ALREADY_SOLVED)
        return 0
    if not args.all:
        step = next_step(grid)
        print(ending(grid) if step is None else say(step))
        return 1 if step is None else 0
    steps, reached = solve_path(grid)
    for step in steps:
        print(say(step))
    print(ending(reached))
    return 1 if BLANK in reached else 0


def run_generate(args: argparse.Namespace) -> int:
    """Print ``--count`` new puzzles of the level, each line flushed as soon as it is made."""
    for puzzle in islice(puzzles(args.difficulty, args.seed), args.count):
        print(to_line(puzzle), flush=True)
    return 0


def numbered_parse(number: int, text: str | PuzzleError) -> Grid:
    """Parse the ``number``-th puzzle of a file, naming it in any error."""
    try:
        return parse_item(text)
    except PuzzleError as error:
        raise PuzzleError(f"puzzle {number}: {error}") from None


def bench_runner(strategy: str) -> Callable[[Grid], tuple[Grid | None, int]]:
    """A function from a puzzle to (its solution or None, the guesses it took)."""
    if strategy == "fast":
        return fast_outcome
    return lambda grid: traced_outcome(grid, strategy)


def fast_outcome(grid: Grid) -> tuple[Grid | None, int]:
    """The fast solver's first solution and its guesses."""
    analysis = analyze(grid, limit=1)
    return analysis["solution"], analysis["nodes"]


def traced_outcome(grid: Grid, strategy: str) -> tuple[Grid | None, int]:
    """A teaching search run to its end: the solved grid, if any, and its guesses."""
    (last,) = deque(trace(grid, strategy), maxlen=1)
    return last.get("grid"), last.get("nodes", 0)


def parse_item(item: str | PuzzleError) -> Grid:
    """Parse a puzzle's text; an item that is already an error (a line too long) raises."""
    if isinstance(item, PuzzleError):
        raise item
    return parse(item)


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
