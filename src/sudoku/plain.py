"""LeetCode 37 solutions as a reader writes them: plain Python, the board filled in place.

``PLAIN`` holds the teaching strategies (``naive``, ``mrv``, ``propagate``) as the code a
LeetCode reader writes, with no generators and no event calls: the player shows this
text (``sudoku.tracing.source``) while it plays the events of ``sudoku.tracing``'s
instrumented twins. A line that makes an event ends with ``  #: kind`` here; ``unmarked``
takes the marks off and tells each kind's line. A unit test runs this code under
``sudoku.watching`` and checks that its writes, and the lines making them, are exactly
the events the player plays.

``STARTING_POINTS`` are the code lab's first solutions, one per style LeetCode readers
write: the editorial's row-major search with ``isValid``, a set per row, column and box
over a list of the blanks, the same with bitmasks, and the most constrained cell first.
Each is a whole program: a ``class Solution`` with LeetCode's ``solveSudoku``.
"""

from __future__ import annotations

from sudoku.compat import splitlines

NAIVE = """class Solution:
    def solveSudoku(self, board: list[list[str]]) -> None:
        self.solve(board)

    def solve(self, board):
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    for digit in "123456789":  #: try
                        if not self.isValid(board, r, c, digit):
                            continue  #: reject
                        board[r][c] = digit  #: place
                        if self.solve(board):
                            return True
                        board[r][c] = "."  #: undo
                    return False  #: exhausted
        return True  #: solved

    def isValid(self, board, r, c, digit):
        for i in range(9):
            if board[r][i] == digit or board[i][c] == digit:
                return False
            if board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == digit:
                return False
        return True
"""

CANDIDATES = """
    def candidates(self, board, r, c):
        taken = set(board[r]) | {board[i][c] for i in range(9)}
        taken |= {board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] for i in range(9)}
        return [digit for digit in "123456789" if digit not in taken]
"""
"""The digits no peer of a cell holds, ascending: a helper of ``mrv`` and ``propagate``."""

MRV = (
    """class Solution:
    def solveSudoku(self, board: list[list[str]]) -> None:
        self.solve(board)

    def solve(self, board):
        best = None  # (r, c, its candidates): the blank with the fewest
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    options = self.candidates(board, r, c)
                    if not options:
                        return False  #: stuck
                    if best is None or len(options) < len(best[2]):
                        best = (r, c, options)
        if best is None:
            return True  #: solved
        r, c, options = best
        for digit in options:  #: try
            board[r][c] = digit  #: place
            if self.solve(board):
                return True
            board[r][c] = "."  #: undo
        return False  #: exhausted
"""
    + CANDIDATES
)

PROPAGATE = (
    """ROWS = [[(r, c) for c in range(9)] for r in range(9)]
COLUMNS = [[(r, c) for r in range(9)] for c in range(9)]
BOXES = [[(b // 3 * 3 + i // 3, b % 3 * 3 + i % 3) for i in range(9)] for b in range(9)]


class Solution:
    def solveSudoku(self, board: list[list[str]]) -> None:
        self.solve(board, None)

    def solve(self, board, guess):
        placed = []  # the cells this call fills: emptied again if they lead nowhere
        if guess:
            r, c, digit = guess
            board[r][c] = digit  #: place
            placed.append((r, c))
        found = self.forced(board)
        while found and found != "stuck":
            r, c, digit = found
            board[r][c] = digit  #: force
            placed.append((r, c))
            found = self.forced(board)
        if not found:  # nothing forced and no dead end: guess
            blanks = [(r, c) for r in range(9) for c in range(9) if board[r][c] == "."]
            if not blanks:
                return True  #: solved
            r, c = min(blanks, key=lambda cell: len(self.candidates(board, *cell)))
            for digit in self.candidates(board, r, c):  #: try
                if self.solve(board, (r, c, digit)):
                    return True
        for r, c in reversed(placed):
            board[r][c] = "."  #: undo
        return False  #: exhausted

    def forced(self, board):
        # "stuck": a blank with no candidate, or a digit with no place in a unit;
        # else (r, c, digit): a blank with one candidate (naked single), else a digit
        # with one place in a unit (hidden single); else None
        options = {}
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    options[(r, c)] = self.candidates(board, r, c)
        places = {}
        for number, unit in enumerate(ROWS + COLUMNS + BOXES):
            held = {board[r][c] for r, c in unit}
            for digit in "123456789":
                if digit not in held:
                    spots = [cell for cell in unit if digit in options.get(cell, [])]
                    places[(number, digit)] = spots
        if not all(options.values()) or not all(places.values()):
            return "stuck"  #: stuck
        for (r, c), digits in options.items():
            if len(digits) == 1:
                return r, c, digits[0]
        for (number, digit), spots in places.items():
            if len(spots) == 1:
                return *spots[0], digit
        return None
"""
    + CANDIDATES
)

PLAIN = {"naive": NAIVE, "mrv": MRV, "propagate": PROPAGATE}
"""Each teaching strategy as plain code, with its event lines marked."""

SETS = """class Solution:
    def solveSudoku(self, board: list[list[str]]) -> None:
        rows = [set() for _ in range(9)]
        columns = [set() for _ in range(9)]
        boxes = [set() for _ in range(9)]
        blanks = []
        for r in range(9):
            for c in range(9):
                digit = board[r][c]
                if digit == ".":
                    blanks.append((r, c))
                else:
                    rows[r].add(digit)
                    columns[c].add(digit)
                    boxes[r // 3 * 3 + c // 3].add(digit)

        def fill(i):
            if i == len(blanks):
                return True
            r, c = blanks[i]
            b = r // 3 * 3 + c // 3
            for digit in "123456789":
                if digit in rows[r] or digit in columns[c] or digit in boxes[b]:
                    continue
                board[r][c] = digit
                rows[r].add(digit)
                columns[c].add(digit)
                boxes[b].add(digit)
                if fill(i + 1):
                    return True
                board[r][c] = "."
                rows[r].remove(digit)
                columns[c].remove(digit)
                boxes[b].remove(digit)
            return False

        fill(0)
"""

BITMASKS = """class Solution:
    def solveSudoku(self, board: list[list[str]]) -> None:
        rows, columns, boxes = [0] * 9, [0] * 9, [0] * 9  # bit d: digit d is there
        blanks = []
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    blanks.append((r, c))
                else:
                    bit = 1 << int(board[r][c])
                    rows[r] |= bit
                    columns[c] |= bit
                    boxes[r // 3 * 3 + c // 3] |= bit

        def fill(i):
            if i == len(blanks):
                return True
            r, c = blanks[i]
            b = r // 3 * 3 + c // 3
            taken = rows[r] | columns[c] | boxes[b]
            for d in range(1, 10):
                bit = 1 << d
                if taken & bit:
                    continue
                board[r][c] = str(d)
                rows[r] ^= bit
                columns[c] ^= bit
                boxes[b] ^= bit
                if fill(i + 1):
                    return True
                board[r][c] = "."
                rows[r] ^= bit
                columns[c] ^= bit
                boxes[b] ^= bit
            return False

        fill(0)
"""

STARTING_POINTS = {
    "the editorial": NAIVE,
    "sets per unit": SETS,
    "bitmasks": BITMASKS,
    "most constrained cell first": MRV,
}
"""The code lab's first solutions by name (marks, if any, taken off by ``unmarked``)."""

STARTING_ORDER = ("the editorial", "sets per unit", "bitmasks", "most constrained cell first")
"""``STARTING_POINTS``' names in the lab's order, simplest first (MicroPython's dicts
keep no order)."""

MARK = "  #: "
"""How a line of ``PLAIN`` says which event kind it makes: ``  #: kind`` at its end."""


def unmarked(text: str) -> tuple[str, dict[str, int]]:
    """``text`` without its marks, and the 1-based line of each kind marked in it."""
    lines, kinds = [], {}
    for number, line in enumerate(splitlines(text), 1):
        code, mark, kind = line.partition(MARK)
        lines.append(code)
        if mark:
            kinds[kind] = number
    return "\n".join(lines) + "\n", kinds
