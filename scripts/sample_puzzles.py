"""Write tests/data/puzzles/: the puzzle sets the tests read, small enough to commit.

The tests read ``../shared/puzzles`` when it is beside the checkout (developers, CI).
A fork building on GitHub Actions has no such folder, so the tests fall back to this
committed sample: the small sets whole, the two large ones (about 49,000 puzzles each)
cut to their first ``LARGE_LIMIT`` puzzles, which is all the tests take from them.

``python scripts/sample_puzzles.py [SOURCE_DIR]``
"""

from __future__ import annotations

import sys
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT.parent / "shared" / "puzzles"
TARGET = ROOT / "tests" / "data" / "puzzles"
LARGE_LIMIT = 2000
SETS = {
    "top95": None,
    "hardest": None,
    "magictour_top1465": None,
    "unbiased_1000": None,
    "forum_hardest_1905_11plus": LARGE_LIMIT,
    "17_clue": LARGE_LIMIT,
}


def sample(source: Path, target: Path, limit: int | None) -> int:
    """Copy the first ``limit`` lines (all when None) of ``source`` to ``target``."""
    with source.open(encoding="ascii") as lines:
        kept = list(islice(lines, limit))
    target.write_text("".join(kept), encoding="ascii")
    return len(kept)


def main(argv: list[str]) -> int:
    """Write every sample set and say how many puzzles each holds."""
    source = Path(argv[0]) if argv else SOURCE
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, limit in SETS.items():
        count = sample(source / f"{name}.txt", TARGET / f"{name}.txt", limit)
        print(f"{name}: {count} puzzles")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
