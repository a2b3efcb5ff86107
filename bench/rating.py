"""Rating benchmark: ``sudoku rate`` against published Sukaku Explainer (SE) ratings.

``python bench/rating.py [--file PATH ...] [--worst N] [--speed PATH] [--docs]``

Each file holds puzzles with their published SE ratings, one a line: 81 digits (``0`` or
``.`` blank), then the rating (``7.2``); lines starting with ``#`` are comments (where the
ratings come from). By default the two halves of a sample kept beside the checkout, in
``../shared/puzzles/se_ratings/`` (or the folder ``SUDOKU_SE_RATINGS`` names; published
ratings are data of others, not committed here): ``se_tune.txt`` (the half the ladder may
be tuned on) and ``se_heldout.txt`` (never tuned on: the goals are judged there). Every
puzzle is rated with ``sudoku.logic.rate`` (CPU time: the machine is shared) and the
hardest technique of its path is named.

Printed, per file, a markdown table by published range (5.x, 6.x, 7.0-7.4, ...) and a
total row: puzzles, how many we rate within 0.3 of SE, Spearman's rank correlation
(ties ranked by their mean), the mean signed difference (ours - SE), the worst difference,
and the median ms per puzzle; then the ``--worst`` puzzles that differ most, with the
technique that set our rating. ``--speed PATH``: first, how long rating every puzzle of
PATH takes (one a line, as ``sudoku rate --file``; CPU seconds). ``--docs`` writes the
tables into this benchmark's section of docs/benchmarks.md (replacing it, with the date
and machine). Not in ``make bench``: a few minutes.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
from datetime import UTC, datetime
from pathlib import Path
from time import process_time

from sudoku.logic import rate, solve_path
from sudoku.words import rating as rating_text

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("SUDOKU_SE_RATINGS", ROOT.parent / "shared" / "puzzles" / "se_ratings"))
FILES = (DATA / "se_tune.txt", DATA / "se_heldout.txt")
DOCS = ROOT / "docs" / "benchmarks.md"
SECTION = "## Ratings against Sukaku Explainer's (bench/rating.py)"
RANGES = (
    ("1.0-2.5", 10, 25),
    ("2.6-4.9", 26, 49),
    ("5.x", 50, 59),
    ("6.x", 60, 69),
    ("7.0-7.4", 70, 74),
    ("7.5-7.9", 75, 79),
    ("8.0-8.4", 80, 84),
    ("8.5-8.9", 85, 89),
    ("9+", 90, 200),
)
"""Published ranges (name, lowest and highest tenths) the table is split by."""
CLOSE = 3
"""Within this many tenths of SE's rating counts as agreeing."""

Rated = tuple[str, int, int, str, float]
"""A puzzle, SE's rating and ours (tenths), the technique that set ours, CPU ms."""


def read(path: Path) -> list[tuple[str, int]]:
    """The file's puzzles and their published ratings in tenths."""
    rows = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        fields = text.split()
        if len(fields) < 2 or len(fields[0]) != 81:
            raise SystemExit(f"{path}:{number}: expected 81 digits and a rating")
        rows.append((fields[0].replace("0", "."), round(float(fields[1]) * 10)))
    return rows


def hardest(puzzle: str, tenths: int) -> str:
    """The technique of the path's first step rated ``tenths`` (the one that set it); the
    singles are placed one at a time on the path, so one of them may be it."""
    steps, _ = solve_path(puzzle)
    return next((step.technique for step in steps if step.rating == tenths), "singles")


def rate_all(rows: list[tuple[str, int]]) -> list[Rated]:
    """Each puzzle rated, timed, and the technique that set its rating."""
    rated = []
    for puzzle, published in rows:
        start = process_time()
        ours = rate(puzzle).rating
        spent = (process_time() - start) * 1000
        rated.append((puzzle, published, ours, hardest(puzzle, ours), spent))
    return rated


def ranks(values: list[int]) -> list[float]:
    """Each value's rank (1 = smallest), tied values sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs: list[int], ys: list[int]) -> float | None:
    """Spearman's rank correlation (Pearson's on the ranks), None where undefined."""
    if len(xs) < 2:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else None


def row(name: str, rated: list[Rated]) -> str:
    """One table row for these puzzles."""
    published = [r[1] for r in rated]
    ours = [r[2] for r in rated]
    diffs = [b - a for a, b in zip(published, ours, strict=True)]
    close = sum(abs(d) <= CLOSE for d in diffs)
    rho = spearman(published, ours)
    rho_text = "-" if rho is None else f"{rho:.2f}"
    worst = max(diffs, key=abs)
    ms = statistics.median([r[4] for r in rated])
    return (
        f"| {name} | {len(rated)} | {close} ({100 * close // len(rated)}%) | {rho_text} "
        f"| {statistics.fmean(diffs) / 10:+.2f} | {worst / 10:+.1f} | {ms:.0f} |"
    )


def table(title: str, rated: list[Rated]) -> list[str]:
    """The file's table: a row per published range that has puzzles, then the total."""
    lines = [
        f"**{title}**",
        "",
        "| SE range | puzzles | within 0.3 | Spearman | mean ours - SE | worst | ms |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, low, high in RANGES:
        part = [r for r in rated if low <= r[1] <= high]
        if part:
            lines.append(row(name, part))
    lines.append(row("all", rated))
    return lines


def worst_list(rated: list[Rated], count: int) -> list[str]:
    """The ``count`` puzzles that differ most, with the technique that set ours."""
    ordered = sorted(rated, key=lambda r: -abs(r[2] - r[1]))[:count]
    lines = ["", "| puzzle | SE | ours | ours set by |", "|---|---:|---:|---|"]
    lines += [
        f"| `{p}` | {rating_text(se)} | {rating_text(us)} | {why} |"
        for p, se, us, why, _ in ordered
    ]
    return lines


def where_ours_come_from(rated: list[Rated]) -> list[str]:
    """How often each technique set our rating, with SE's ratings for those puzzles."""
    by: dict[str, list[int]] = {}
    for _, se, _, why, _ in rated:
        by.setdefault(why, []).append(se)
    lines = ["", "| ours set by | puzzles | SE's ratings (median, range) |", "|---|---:|---|"]
    for why, ses in sorted(by.items(), key=lambda item: -len(item[1])):
        mid = rating_text(round(statistics.median(ses)))
        lines.append(
            f"| {why} | {len(ses)} | {mid} ({rating_text(min(ses))}-{rating_text(max(ses))}) |"
        )
    return lines


def speed(path: Path) -> str:
    """How long rating every puzzle of ``path`` takes, as a sentence for the docs."""
    puzzles = [line.split()[0] for line in path.read_text().splitlines() if line.strip()]
    start = process_time()
    levels: dict[str, int] = {}
    for puzzle in puzzles:
        level = rate(puzzle.replace("0", ".")).level
        levels[level] = levels.get(level, 0) + 1
    spent = process_time() - start
    counts = ", ".join([f"{n} {level}" for level, n in sorted(levels.items())])
    return (
        f"`sudoku rate --file {path.name}` ({len(puzzles)} puzzles): {spent:.0f} s CPU ({counts})."
    )


def write_docs(body: list[str]) -> None:
    """Replace this benchmark's section of docs/benchmarks.md (create the file if missing)."""
    text = DOCS.read_text() if DOCS.exists() else "# Benchmarks\n"
    start = text.find(SECTION)
    rest = ""
    if start >= 0:
        after = text.find("\n## ", start + len(SECTION))
        rest = text[after:] if after >= 0 else ""
        text = text[:start]
    when = datetime.now(UTC).strftime("%Y-%m-%d")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    section = [SECTION, "", f"Measured {when} on {machine}.", "", *body]
    DOCS.write_text(text.rstrip("\n") + "\n\n" + "\n".join(section) + "\n" + rest)


def main(argv: list[str] | None = None) -> int:
    """Rate every file's puzzles and print (or write) the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, action="append", help="puzzles with SE ratings")
    parser.add_argument("--worst", type=int, default=10, help="list this many worst puzzles")
    parser.add_argument("--speed", type=Path, help="time rating these puzzles")
    parser.add_argument("--docs", action="store_true", help="write docs/benchmarks.md")
    args = parser.parse_args(argv)
    files = args.file or FILES
    missing = [str(path) for path in files if not path.is_file()]
    if missing:
        print(
            f"no published SE ratings at {', '.join(missing)}: put the sample there, or name"
            " files with --file (one puzzle a line: 81 digits, then its rating)",
            file=sys.stderr,
        )
        return 2
    body: list[str] = [speed(args.speed), ""] if args.speed else []
    for path in files:
        rated = rate_all(read(path))
        body += table(path.name, rated)
        body += where_ours_come_from(rated)
        body += worst_list(rated, args.worst)
        body.append("")
    print("\n".join(body))
    if args.docs:
        write_docs(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
