"""Two reference solvers the benchmark measures the fast solver against.

Neither is used by the package: they are yardsticks, kept plainly faithful to their sources.

- ``norvig_solve``: Peter Norvig's solver from his essay "Solving Every Sudoku Puzzle"
  (2006): a dict from square to a string of candidate digits, constraint propagation by
  elimination and "only choice" (a unit with one place left for a digit), and depth-first
  search on the square with the fewest candidates.
- ``editorial_solve``: the LeetCode 37 editorial's plain backtracking: visit the cells in
  row-major order, try digits 1-9 in order, place a digit if no peer holds it, recurse, and
  remove it on failure. It counts placements (nodes): the teaching trace's ``naive``
  strategy must report exactly this count.
"""

from __future__ import annotations

DIGITS = "123456789"


def _cross(a: str, b: str) -> list[str]:
    """Norvig's cross product of row and column labels: the square names."""
    return [x + y for x in a for y in b]


ROWS = "ABCDEFGHI"
COLS = DIGITS
SQUARES = _cross(ROWS, COLS)
UNITLIST = (
    [_cross(ROWS, c) for c in COLS]
    + [_cross(r, COLS) for r in ROWS]
    + [_cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
NORVIG_UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
NORVIG_PEERS = {s: {s2 for u in NORVIG_UNITS[s] for s2 in u} - {s} for s in SQUARES}

Values = dict[str, str]


def _parse_grid(grid: str) -> Values | None:
    """Candidates per square after assigning every given, or None on a contradiction."""
    values = dict.fromkeys(SQUARES, DIGITS)
    for s, d in zip(SQUARES, grid, strict=True):
        if d in DIGITS and not _assign(values, s, d):
            return None
    return values


def _assign(values: Values, s: str, d: str) -> Values | None:
    """Eliminate every other digit from ``s``; None if that leads to a contradiction."""
    other_values = values[s].replace(d, "")
    if all(_eliminate(values, s, d2) for d2 in other_values):
        return values
    return None


def _eliminate(values: Values, s: str, d: str) -> Values | None:
    """Remove ``d`` from ``s`` and propagate (Norvig's two rules); None on contradiction."""
    if d not in values[s]:
        return values  # already eliminated
    values[s] = values[s].replace(d, "")
    # (1) A square reduced to one value d2: eliminate d2 from its peers.
    if len(values[s]) == 0:
        return None
    if len(values[s]) == 1:
        d2 = values[s]
        if not all(_eliminate(values, s2, d2) for s2 in NORVIG_PEERS[s]):
            return None
    # (2) A unit reduced to one place for d: put it there.
    for u in NORVIG_UNITS[s]:
        dplaces = [s2 for s2 in u if d in values[s2]]
        if len(dplaces) == 0:
            return None
        if len(dplaces) == 1 and not _assign(values, dplaces[0], d):
            return None
    return values


def _search(values: Values | None) -> Values | None:
    """Depth-first search, trying the square with the fewest candidates first."""
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        result = _search(_assign(values.copy(), s, d))
        if result is not None:
            return result
    return None


def norvig_solve(grid: str) -> str | None:
    """Solve an 81-char grid ('.' blanks) the Norvig way; None if it has no solution."""
    values = _search(_parse_grid(grid))
    return None if values is None else "".join(values[s] for s in SQUARES)


def editorial_solve(grid: str) -> tuple[str | None, int]:
    """Solve by the LeetCode 37 editorial's backtracking: (solution or None, placements).

    Placements are counted as nodes: every digit written into a blank cell, including
    those later removed. Conflicting givens are reported as unsolvable with 0 nodes.
    """
    board = [list(grid[r * 9 : r * 9 + 9]) for r in range(9)]
    rows: list[set[str]] = [set() for _ in range(9)]
    cols: list[set[str]] = [set() for _ in range(9)]
    boxes: list[set[str]] = [set() for _ in range(9)]
    for r in range(9):
        for c in range(9):
            d = board[r][c]
            if d != ".":
                b = (r // 3) * 3 + c // 3
                if d in rows[r] or d in cols[c] or d in boxes[b]:
                    return None, 0
                rows[r].add(d)
                cols[c].add(d)
                boxes[b].add(d)
    nodes = 0

    def could_place(d: str, r: int, c: int) -> bool:
        return not (d in rows[r] or d in cols[c] or d in boxes[(r // 3) * 3 + c // 3])

    def place(d: str, r: int, c: int) -> None:
        nonlocal nodes
        nodes += 1
        rows[r].add(d)
        cols[c].add(d)
        boxes[(r // 3) * 3 + c // 3].add(d)
        board[r][c] = d

    def remove(d: str, r: int, c: int) -> None:
        rows[r].remove(d)
        cols[c].remove(d)
        boxes[(r // 3) * 3 + c // 3].remove(d)
        board[r][c] = "."

    def backtrack(cell: int) -> bool:
        """Fill cells from ``cell`` on (row-major); True once the board is full.

        Recursion depth is at most the 81 cells, well under Python's limit.
        """
        while cell < 81 and board[cell // 9][cell % 9] != ".":
            cell += 1
        if cell == 81:
            return True
        r, c = divmod(cell, 9)
        for d in DIGITS:
            if could_place(d, r, c):
                place(d, r, c)
                if backtrack(cell + 1):
                    return True
                remove(d, r, c)
        return False

    solved = backtrack(0)
    return ("".join("".join(row) for row in board) if solved else None), nodes
