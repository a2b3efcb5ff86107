"""``python -m sudoku``: the command line of ``sudoku.cli``."""

import sys

from sudoku.cli import main

if __name__ == "__main__":
    sys.exit(main())
