"""A logical step in words: one line (``say``, as the CLI's ``hint`` prints it), a chain's
reasoning as steps to follow one at a time (``chain_steps``, the app's hint list), and the
last line of a path (``ending``). The short phrases are ``sudoku.words``'; the sentences
that walk through a chain's links are here, beside the links they read.
"""

from __future__ import annotations

from sudoku import words
from sudoku.grid import BLANK, Grid, cell_name
from sudoku.grid import unit_name as name_of_unit
from sudoku.proper import verdict
from sudoku.steps import Step, places
from sudoku.techniques import LOOK
from sudoku.words import SOLVED, SUBSETS, WRONG_ENTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from sudoku.chains import Link


def names(cells: Sequence[int]) -> list[str]:
    """The cells' names."""
    return [cell_name(cell) for cell in cells]


def units_named(units: Sequence[int]) -> list[str]:
    """The units' names."""
    return [name_of_unit(unit) for unit in units]


def fish_reason(s: Step) -> str:
    """Why a fish: ``rows 3 and 8 hold 5 only in columns 2 and 7``."""
    size = len(s.units) // 2
    return words.wing(
        words.of_a_kind(units_named(s.units[:size])),
        s.digits[0],
        words.of_a_kind(units_named(s.units[size:])),
    )


def two_links_reason(s: Step) -> str:
    """Why a skyscraper or a kite: its two conjugate pairs, near ends first."""
    near_a, far_a, near_b, far_b = names(s.cells)
    return words.two_links(s.digits[0], [near_a, far_a], [near_b, far_b], units_named(s.units))


def rectangle_reason(s: Step) -> str:
    """Why an empty rectangle: the box's two lines, the conjugate pair outside it."""
    box, row, col, unit = units_named(s.units)
    pair = names(s.cells[-2:])
    return words.empty_rectangle(box, s.digits[0], [row, col], pair, unit)


def colouring_reason(s: Step) -> str:
    """Why a simple colouring: its two colours."""
    on = [cell_name(cell) for cell, colour in s.links if colour == 0]
    off = [cell_name(cell) for cell, colour in s.links if colour == 1]
    return words.colouring(s.digits[0], on, off)


def xy_chain_reason(s: Step) -> str:
    """Why an xy-chain: each cell's digit in turn if the first is not x."""
    return words.xy_chain(names(s.cells), [digit for _, digit in s.links], s.digits[0])


def chain_text(links: Sequence[Link]) -> str:
    """A contradiction chain's links after its assumption, in words: the singles it
    writes, then the broken rule, or the split and each branch in brackets."""
    parts = []
    for kind, cell, digit, unit, branches in links:
        if kind == "naked single":
            parts.append(f"{cell_name(cell)} = {digit} (naked single)")
        elif kind == "hidden single":
            parts.append(f"{cell_name(cell)} = {digit} (only place in {name_of_unit(unit)})")
        elif kind == "no candidate":
            parts.append(f"then {cell_name(cell)} has no candidate left")
        elif kind == "no place":
            parts.append(f"then {name_of_unit(unit)} has no place for {digit}")
        elif kind == "split":
            parts.append(split_text(cell, digit, unit, branches))
    return ", ".join(parts)


def split_text(cell: int, digit: str, unit: int, branches: Sequence[Sequence[Link]]) -> str:
    """A split in words: the options of a cell (or a digit's places in a unit), then each
    branch in brackets, each ending in a broken rule."""
    cases = [
        f"[if {cell_name(branch[0][1]) if unit >= 0 else branch[0][2]}: {chain_text(branch[1:])}]"
        for branch in branches
    ]
    return split_options(cell, digit, unit, branches) + ": " + " ".join(cases) + ", none holds"


def split_options(cell: int, digit: str, unit: int, branches: Sequence[Sequence[Link]]) -> str:
    """Where a chain splits: ``then r2c2 is 4 or 8``, ``then 5 goes in r1c1 or r1c4 (row 1)``."""
    heads = [branch[0] for branch in branches]
    if unit < 0:
        return f"then {cell_name(cell)} is {' or '.join([str(h[2]) for h in heads])}"
    where = " or ".join([cell_name(h[1]) for h in heads])
    return f"then {digit} goes in {where} ({name_of_unit(unit)})"


def chain_steps(step: Step, marks: Sequence[str]) -> list[str]:
    """A chain's reasoning as steps a person can follow one at a time, for a numbered
    list (the app's hint): the x-chain's or xy-chain's links in turn, or the contradiction
    chain's assumption, its singles and the broken rule (a split: one step per case);
    the conclusion last. ``marks``: the candidates the step was found in (they name each
    strong link's unit). ``[]`` for a step that is no chain."""
    if step.technique == "x-chain":
        return x_chain_steps(step, marks)
    if step.technique == "xy-chain":
        return xy_chain_steps(step)
    if step.technique == "contradiction chain":
        cell, digit = cell_name(step.cells[0]), step.digits[0]
        lines = refutation_steps(step.links)
        lines.append(f"So {cell} is not {digit}: remove it.")
        return lines
    return []


def strong_unit(marks: Sequence[str], a: int, b: int, digit: str) -> str:
    """The name of a unit where ``a`` and ``b`` are ``digit``'s only two places."""
    for unit in LOOK:
        if places(marks, unit, digit) == (min(a, b), max(a, b)):
            return name_of_unit(unit)
    return "their unit"


def either_end(first: int, last: int, digit: str, step: Step) -> str:
    """A chain's conclusion: one end holds ``digit``, so the cells seeing both lose it."""
    targets = words.listing(names([cell for cell, _ in step.eliminations]))
    see, it = ("sees", "it is") if len(step.eliminations) == 1 else ("see", "they are")
    ends = f"{cell_name(first)} or {cell_name(last)}"
    return f"Either way {ends} is {digit}: {targets} {see} both, so {it} not {digit}."


def x_chain_steps(step: Step, marks: Sequence[str]) -> list[str]:
    """An x-chain's links in turn (see ``chain_steps``)."""
    path, digit = names(step.cells), step.digits[0]
    unit = strong_unit(marks, step.cells[0], step.cells[1], digit)
    first = f"If {path[0]} is not {digit}, {path[1]} is {digit}:"
    lines = [f"{first} they are the only places for {digit} in {unit}."]
    for i in range(2, len(path), 2):
        lines.append(f"Then {path[i]} is not {digit}: it sees {path[i - 1]}.")
        unit = strong_unit(marks, step.cells[i], step.cells[i + 1], digit)
        lines.append(f"So {path[i + 1]} is {digit}: the only other place for {digit} in {unit}.")
    lines.append(either_end(step.cells[0], step.cells[-1], digit, step))
    return lines


def xy_chain_steps(step: Step) -> list[str]:
    """An xy-chain's cells in turn (see ``chain_steps``)."""
    path, x = names(step.cells), step.digits[0]
    held = [digit for _, digit in step.links]
    both = words.listing(sorted([x, held[0]]))
    lines = [f"If {path[0]} is not {x}, it is {held[0]}: its only candidates are {both}."]
    lines += [
        f"Then {path[i]} is not {held[i - 1]} (it sees {path[i - 1]}), so it is {held[i]}."
        for i in range(1, len(path))
    ]
    lines.append(either_end(step.cells[0], step.cells[-1], x, step))
    return lines


def refutation_steps(links: Sequence[Link]) -> list[str]:
    """A contradiction chain's links, one step each; a split's cases one step each
    (their own links in one line, as ``chain_text`` says them)."""
    lines = []
    for kind, cell, digit, unit, branches in links:
        if kind == "assume":
            lines.append(f"Suppose {cell_name(cell)} were {digit}.")
        elif kind == "naked single":
            lines.append(f"Then {cell_name(cell)} = {digit}: its only candidate left.")
        elif kind == "hidden single":
            where = name_of_unit(unit)
            lines.append(
                f"Then {cell_name(cell)} = {digit}: the only place for {digit} in {where}."
            )
        elif kind == "no candidate":
            lines.append(f"Then {cell_name(cell)} has no candidate left: impossible.")
        elif kind == "no place":
            lines.append(f"Then {name_of_unit(unit)} has no place for {digit}: impossible.")
        elif kind == "split":
            options = split_options(cell, digit, unit, branches)
            lines.append(f"{options[:1].upper()}{options[1:]}, and every case breaks a rule:")
            lines += [case_step(cell, unit, branch) for branch in branches]
    return lines


def case_step(cell: int, unit: int, branch: Sequence[Link]) -> str:
    """One case of a split, in one step: its option, then its links."""
    head = branch[0]
    option = f"{cell_name(cell)} = {head[2]}" if unit < 0 else f"{head[2]} in {cell_name(head[1])}"
    return f"If {option}: {chain_text(branch[1:])}."


REASONS: dict[str, Callable[[Step], str]] = {
    "naked single": lambda s: words.only_candidate(cell_name(s.cells[0])),
    "hidden single": lambda s: words.only_place(s.digits[0], name_of_unit(s.units[0])),
    "pointing": lambda s: words.holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), name_of_unit(s.units[1])
    ),
    "claiming": lambda s: words.holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), name_of_unit(s.units[1])
    ),
    "x-wing": fish_reason,
    "swordfish": fish_reason,
    "jellyfish": fish_reason,
    "skyscraper": two_links_reason,
    "two-string kite": two_links_reason,
    "xy-wing": lambda s: words.xy_wing(
        cell_name(s.cells[0]),
        [str(digits).replace(s.digits[0], "") for _, digits in s.links[1:]],
        names(s.cells[1:]),
        s.digits[0],
    ),
    "empty rectangle": rectangle_reason,
    "xyz-wing": lambda s: words.xyz_wing(
        cell_name(s.cells[0]), list(str(s.links[0][1])), names(s.cells[1:]), s.digits[0]
    ),
    "w-wing": lambda s: words.w_wing(
        names(s.cells[:2]), list(s.digits), names(s.cells[2:]), name_of_unit(s.units[0])
    ),
    "unique rectangle": lambda s: words.unique_rectangle(names(s.cells), list(s.digits)),
    "simple colouring": colouring_reason,
    "bug+1": lambda s: words.bug(cell_name(s.cells[0]), s.digits[0]),
    "x-chain": lambda s: words.x_chain(s.digits[0], names(s.cells)),
    "xy-chain": xy_chain_reason,
    "contradiction chain": lambda s: words.refuted(
        cell_name(s.cells[0]), s.digits[0], chain_text(s.links[1:])
    ),
    WRONG_ENTRY: lambda s: words.wrong(cell_name(s.cells[0]), s.digits[0]),
}
"""Why each technique's step holds, in words (``words`` holds the phrases)."""
for _size in (2, 3, 4):
    REASONS[SUBSETS[_size, True]] = lambda s: words.hold_only(
        names(s.cells), list(s.digits), name_of_unit(s.units[0])
    )
    REASONS[SUBSETS[_size, False]] = lambda s: words.holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), words.listing(names(s.cells))
    )


def action(step: Step) -> str:
    """What the step does: ``r3c5 = 7``, or ``remove 3 from r1c1, r1c2; remove 7 from r1c1``
    (a wrong entry: ``erase r4c6``)."""
    if step.technique == WRONG_ENTRY:
        return words.erase(cell_name(step.cells[0]))
    if step.placements:
        return "; ".join([words.placement(cell_name(cell), d) for cell, d in step.placements])
    digits = sorted({d for _, d in step.eliminations})
    return "; ".join(
        [
            words.removal(d, [cell_name(cell) for cell, e in step.eliminations if e == d])
            for d in digits
        ]
    )


def say(step: Step) -> str:
    """The step in one line: its technique, what it does, and why, as ``hint`` prints it:
    ``hidden single: r3c5 = 7 (the only place for 7 in box 2)``."""
    return words.hint(step.technique, action(step), REASONS[step.technique](step))


def ending(grid: Grid) -> str:
    """The last line of a logical path that reached ``grid``: ``solved``, or where it is
    stuck and how many blanks are left (and why, if the puzzle has several solutions)."""
    left = grid.count(BLANK)
    if not left:
        return SOLVED
    return words.stuck(left, unique=verdict(grid)["solutions"] == 1)
