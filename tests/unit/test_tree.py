"""The search tree (src/web/page/player/tree.py) built from the wire's bytes is the trace's own
tree: its open guesses at every step are the player's stack, clicks find the node under
them, and the layout folds what is too small while covering every step it shows."""

from __future__ import annotations

import itertools

import tree
import wire
from support import EASY, HARD, LEETCODE
from test_wire import records

CASES = [(LEETCODE, "naive", 3000), (HARD, "mrv", 3000), (EASY, "propagate", 3000)]


def built(grid: str, strategy: str, limit: int, pieces: int = 7) -> tuple[tree.Tree, list, bytes]:
    """The tree of a trace's first ``limit`` events, read in ``pieces`` uneven parts (as
    pages arrive), with the events and their bytes."""
    events, data = records(grid, strategy, limit)
    made = tree.Tree()
    cuts = sorted({0, len(events)} | {len(events) * k // pieces + k for k in range(pieces)})
    for a, b in itertools.pairwise(cuts):
        tree.grow(made, data, min(a, len(events)) * wire.WIDTH, min(b, len(events)) * wire.WIDTH)
    return made, events, data


def test_the_open_guesses_at_each_step_are_the_players_stack() -> None:
    """path_at(step) is the stack the player's cursor holds after ``step`` events."""
    for grid, strategy, limit in CASES:
        made, events, data = built(grid, strategy, limit)
        cursor = wire.Cursor(grid)
        for step in range(len(events) + 1):
            path = tree.path_at(made, step)
            assert [made.label[node] for node in path] == cursor.stack, (strategy, step)
            assert [made.depth[node] for node in path] == list(range(1, len(path) + 1))
            if step < len(events):
                wire.forward(cursor, data, step * wire.WIDTH, (step + 1) * wire.WIDTH)


def test_nodes_counts_and_dead_ends_follow_the_events() -> None:
    """One node per guess, in the order placed; a dead end is a guess undone with no guess
    placed under it (counted here from the core's events)."""
    for grid, strategy, limit in CASES:
        made, events, _ = built(grid, strategy, limit)
        assert made.steps == len(events)
        assert len(made.start) == sum(1 for e in events if e["kind"] == "place")
        assert all(made.start[i] < made.start[i + 1] for i in range(len(made.start) - 1))
        dead, below, backtracks = 0, [], 0
        for event in events:
            if event["kind"] == "place":
                if below:
                    below[-1] = True
                below.append(False)
            elif event["kind"] == "undo" and event["backtracks"] > backtracks:
                dead += not below.pop()
            backtracks = event["backtracks"]
        assert tree.dead_ends(made) == dead
        assert dead > 0 or strategy == "propagate"


def test_a_click_finds_the_node_under_it() -> None:
    """node_at(step, depth) is the path's node at that depth, and -1 below the path."""
    made, events, _ = built(LEETCODE, "naive", 3000)
    for step in range(0, len(events), 37):
        path = tree.path_at(made, step)
        for depth, node in enumerate(path, 1):
            assert tree.node_at(made, step, depth) == node
        assert tree.node_at(made, step, len(path) + 1) == -1


def test_the_layout_folds_small_subtrees_and_stays_in_its_window() -> None:
    """Blocks lie inside the width; narrow subtrees fold; a zoomed window draws its part."""
    made, _events, _ = built(HARD, "mrv", 3000)
    whole = tree.layout(made, 0, made.steps, 600)
    assert whole
    assert all(x >= 0 and x + w <= 600 + 1e-6 for x, w, _, _ in whole)
    assert any(look == tree.FOLDED for *_, look in whole)
    assert all(w >= tree.FOLD_PX for x, w, _, look in whole if look != tree.FOLDED)
    lo, hi = 1000, 1200
    zoomed = tree.layout(made, lo, hi, 600)
    shown = {node for step in range(lo, hi) for node in tree.path_at(made, step)}
    drawn_rows = {depth for _, _, depth, _ in zoomed}
    assert {made.depth[node] for node in shown} <= drawn_rows


def test_a_solved_search_marks_its_path() -> None:
    """Once solved, the open guesses are the solution's path; undone ones are dead."""
    made, events, _ = built(LEETCODE, "mrv", 10_000)
    assert events[-1]["kind"] == "solved"
    assert made.solved
    assert made.done
    looks = {tree.look(made, node) for node in range(len(made.start))}
    assert tree.SOLUTION in looks
    assert tree.OPEN not in looks


def test_seen_at_a_step_the_tree_is_the_tree_of_the_steps_before() -> None:
    """Issue 21 item 13: the tree read ahead, seen at step k (``upto``), draws and counts
    what the tree of the first k events alone does: no guess, dead end or solution from
    a step after k."""
    for grid, strategy, limit in [*CASES, (LEETCODE, "mrv", 10_000)]:
        made, events, data = built(grid, strategy, limit)
        steps = {0, 1, 2, 41, 97, len(events) // 2, len(events) - 1, len(events)}
        for k in sorted(step for step in steps if step <= len(events)):
            before = tree.Tree()
            tree.grow(before, data, 0, k * wire.WIDTH)
            assert tree.guesses(made, k) == len(before.start), (strategy, k)
            assert tree.dead_ends(made, k) == tree.dead_ends(before), (strategy, k)
            assert tree.deepest(made, k) == max(before.depth, default=0), (strategy, k)
            seen = tree.layout(made, 0, max(1, k), 600, k)
            assert seen == tree.layout(before, 0, max(1, k), 600), (strategy, k)
            assert [tree.look(made, n, k) for n in range(len(before.start))] == [
                tree.look(before, n) for n in range(len(before.start))
            ]
        if strategy == "naive":  # (it read further: more guesses than by step 41)
            assert tree.guesses(made, 41) < len(made.start)
