"""The search tree: every guess of the trace so far as a node, laid out as an icicle.

Depth-first search with backtracking is a walk over a tree: each guess (a ``place``
event) is a node under the guess before it, and a backtrack (an ``undo`` of a guess)
closes it, a dead end. Drawn over time, a node spans the steps from its guess to its
undo, one row per depth: a child sits inside its parent's span, so the drawing is the
whole tree, compact (VisuAlgo draws recursion trees node by node, and warns that they
explode; here a subtree narrower than ``FOLD_PX`` is one folded block).

Built from the wire's bytes as pages arrive (``grow``: one pass over each event, once),
kept as flat lists in preorder: a subtree is a run of the lists, so ``layout`` skips a
folded subtree in one jump and visits only the nodes it draws, whatever the search's
size (500,000 steps: a few hundred nodes drawn). ``node_at`` and ``path_at`` find what a
click hits and the open guesses at a step by bisection. The tree read may run ahead of
the step a reader sees: ``layout``, ``look``, ``guesses``, ``dead_ends`` and ``deepest``
take the step to see it at (``upto``), and leave out what came after.

Pure Python for MicroPython (the page's main thread) and CPython (the unit tests).
"""

from wire import DEEPER, EXHAUSTED, PLACE, SOLVED, UNDO, WIDTH

FOLD_PX = 2.0
"""Subtrees narrower than this (in px) are drawn as one folded block."""

OPEN, DEAD, FAILED, SOLUTION, FOLDED = range(5)
"""How a drawn block looks: an open guess, a dead end (a guess undone with no guess
under it), a failed subtree (undone after guesses under it), the solution's path, a fold."""


class Tree:
    """The guesses so far, in preorder: ``start`` (the step that placed it, 1-based),
    ``end`` (the step that undid it; -1 while open), ``depth`` (1 for a first guess),
    ``parent`` (-1 at depth 1), ``label`` (``cell * 16 + digit``), ``after`` (the index
    after its subtree; -1 while open), ``leaf`` (no guess under it).

    ``steps`` counts the events read, ``solved`` once the search found the solution
    (the open guesses are then its path), ``done`` once it ended. ``deepest`` holds, for
    each node, the deepest row of the nodes up to it; ``dead`` the steps that undid a
    dead end, ascending: what the tree holds as of any step is a bisection away.
    """

    def __init__(self) -> None:
        self.start: list[int] = []
        self.end: list[int] = []
        self.depth: list[int] = []
        self.parent: list[int] = []
        self.label: list[int] = []
        self.after: list[int] = []
        self.leaf: list[bool] = []
        self.deepest: list[int] = []
        self.dead: list[int] = []
        self.open: list[int] = []
        """The open guesses' indexes, oldest first."""
        self.steps = 0
        self.solved = False
        self.done = False


def grow(tree: Tree, data: bytes, start: int, stop: int) -> None:
    """Read the events at byte offsets ``start``..``stop`` (the next ones: ``tree.steps``
    counts what was read before)."""
    opened, step = tree.open, tree.steps
    for o in range(start, stop, WIDTH):
        step += 1
        k = data[o]
        if k in (PLACE, DEEPER):
            parent = opened[-1] if opened else -1
            if parent >= 0:
                tree.leaf[parent] = False
            opened.append(len(tree.start))
            tree.start.append(step)
            tree.end.append(-1)
            tree.depth.append(len(opened))
            tree.parent.append(parent)
            tree.label.append(((data[o + 1] - 49) * 9 + data[o + 2] - 49) * 16 + data[o + 3] - 48)
            tree.after.append(-1)
            tree.leaf.append(True)
            tree.deepest.append(max(len(opened), tree.deepest[-1] if tree.deepest else 0))
        elif k == UNDO:
            node = opened.pop()
            tree.end[node] = step
            tree.after[node] = len(tree.start)
            if tree.leaf[node]:
                tree.dead.append(step)
        elif k == SOLVED:
            tree.solved = tree.done = True
        elif k == EXHAUSTED:
            tree.done = True
    tree.steps = step


def upto_step(tree: Tree, upto: int | None) -> int:
    """The step the tree is seen at: ``upto``, or every step read (None), never past them."""
    return tree.steps if upto is None else min(upto, tree.steps)


def look(tree: Tree, node: int, upto: int | None = None) -> int:
    """How node ``node`` is drawn as of step ``upto`` (None: every step read): OPEN, DEAD,
    FAILED, or SOLUTION once the step that solved the search is reached."""
    last = upto_step(tree, upto)
    if not 0 <= tree.end[node] <= last:
        return SOLUTION if tree.solved and last == tree.steps else OPEN
    return DEAD if tree.leaf[node] else FAILED


def layout(
    tree: Tree, lo: int, hi: int, width: float, upto: int | None = None
) -> list[tuple[float, float, int, int]]:
    """The blocks to draw for the steps ``lo``..``hi`` across ``width`` px, as the tree
    was at step ``upto`` (None: every step read): ``(x, w, depth, look)``. A node
    narrower than ``FOLD_PX`` is drawn with its whole subtree as one FOLDED block, merged
    with the folds just before it on its row; only the nodes that show are visited."""
    blocks: list[tuple[float, float, int, int]] = []
    scale = width / max(1, hi - lo)
    last = upto_step(tree, upto)
    hi = min(hi, last)
    pending: dict[int, list[float]] = {}
    """Per row, the fold being merged: [x, right]."""
    node, count = first_in(tree, lo), len(tree.start)
    while node < count:
        begin = tree.start[node]
        if begin > hi:
            break
        stop = tree.end[node] if 0 <= tree.end[node] <= last else last
        after = tree.after[node] if tree.after[node] >= 0 else count
        if stop < lo:
            node = after
            continue
        x = (max(begin, lo) - lo) * scale
        w = (min(stop, hi) - max(begin, lo)) * scale
        row = tree.depth[node]
        if w < FOLD_PX:
            fold = pending.get(row)
            if fold is not None and x - fold[1] <= 1:
                fold[1] = max(fold[1], x + w)
            else:
                if fold is not None:
                    blocks.append((fold[0], fold[1] - fold[0], row, FOLDED))
                pending[row] = [x, x + w]
            node = after
            continue
        blocks.append((x, w, row, look(tree, node, last)))
        node += 1
    for row, fold in pending.items():
        blocks.append((fold[0], fold[1] - fold[0], row, FOLDED))
    return blocks


def first_in(tree: Tree, lo: int) -> int:
    """The first node whose span reaches step ``lo``: the oldest open guess at ``lo``, or
    the first node placed from ``lo`` on."""
    path = path_at(tree, lo)
    return path[0] if path else bisect(tree.start, lo)


def bisect(values: list[int], target: int) -> int:
    """The first index whose value is at least ``target`` (``values`` ascending)."""
    low, high = 0, len(values)
    while low < high:
        middle = (low + high) // 2
        if values[middle] < target:
            low = middle + 1
        else:
            high = middle
    return low


def path_at(tree: Tree, step: int) -> list[int]:
    """The open guesses after ``step`` steps, oldest first (the player's stack there)."""
    node = bisect(tree.start, step + 1) - 1
    while node >= 0 and 0 <= tree.end[node] <= step:
        node = tree.parent[node]
    path = []
    while node >= 0:
        path.append(node)
        node = tree.parent[node]
    path.reverse()
    return path


def node_at(tree: Tree, step: int, depth: int) -> int:
    """The node of row ``depth`` whose span holds ``step`` (-1: none there)."""
    node = bisect(tree.start, step + 1) - 1
    while node >= 0 and tree.depth[node] > depth:
        node = tree.parent[node]
    if node < 0 or tree.depth[node] != depth:
        return -1
    stop = tree.end[node]
    return node if stop < 0 or step < stop else -1


def dead_ends(tree: Tree, upto: int | None = None) -> int:
    """How many guesses were undone with no guess under them by step ``upto`` (None:
    every step read)."""
    return bisect(tree.dead, upto_step(tree, upto) + 1)


def guesses(tree: Tree, upto: int | None = None) -> int:
    """How many guesses were placed by step ``upto`` (None: every step read)."""
    return bisect(tree.start, upto_step(tree, upto) + 1)


def deepest(tree: Tree, upto: int | None = None) -> int:
    """The deepest row reached by step ``upto`` (None: every step read); 0 for none."""
    count = guesses(tree, upto)
    return tree.deepest[count - 1] if count else 0
