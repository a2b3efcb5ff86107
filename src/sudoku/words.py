"""The core's names and sentences: every strategy name, verdict and phrase about a board
that the CLI, the worker and the pages show is written here once (the pages import it:
it is small, and needs nothing else); the sentences that walk through a logical step's
links are built from these in ``sudoku.saying``.

Names come in as the glossary spells them (``r3c5``, ``row 3``): these functions only
put them in words.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

STRATEGIES = ("naive", "mrv", "propagate")
"""The teaching strategies, in the order pages list them (``sudoku.tracing`` runs them)."""

VERDICTS = ("none", "unique", "multiple")
"""``analyze``'s verdict for 0, 1 and 2 or more solutions (the worker's answer too)."""

VERDICT_WORDS = {
    "none": "no solution",
    "unique": "unique solution",
    "multiple": "more than one solution",
}
"""Each verdict as people read it (the CLI's ``count`` and the app's status)."""

NAKED_SINGLE = "naked single"


def both_hold(first: str, second: str, digit: str, unit: str) -> str:
    """Two peers with one digit: ``r1c1 and r1c5 both hold 5 in row 1``."""
    return f"{first} and {second} both hold {digit} in {unit}"


def no_candidate(cell: str) -> str:
    """A blank no digit fits: ``no candidate left for r3c5``."""
    return f"no candidate left for {cell}"


def no_place(digit: str, unit: str) -> str:
    """A digit no cell of a unit can take: ``no place left for 4 in row 3``."""
    return f"no place left for {digit} in {unit}"


def hidden_single(unit: str) -> str:
    """Why a digit is forced when it has one place left: ``hidden single in box 2``."""
    return f"hidden single in {unit}"


def holds_it(peer: str, unit: str) -> str:
    """Why a try is rejected: ``r3c1 holds it in row 3``."""
    return f"{peer} holds it in {unit}"


def next_choice(cell: str, digits: str) -> str:
    """The blank mrv chooses next and its candidates: ``mrv's next cell: r3c5, 2 candidates,
    4 and 7`` (``1 candidate, 5``; ``no candidate``: a dead end)."""
    if not digits:
        return f"mrv's next cell: {cell}, no candidate"
    if len(digits) == 1:
        return f"mrv's next cell: {cell}, 1 candidate, {digits}"
    listed = ", ".join(digits[:-1]) + " and " + digits[-1]
    return f"mrv's next cell: {cell}, {len(digits)} candidates, {listed}"


# The puzzle companion (``sudoku.logic``, ``sudoku.generator``): techniques, levels, hints.

TECHNIQUES = (
    "hidden single",
    "naked single",
    "pointing",
    "claiming",
    "naked pair",
    "x-wing",
    "hidden pair",
    "naked triple",
    "swordfish",
    "hidden triple",
    "skyscraper",
    "two-string kite",
    "xy-wing",
    "empty rectangle",
    "xyz-wing",
    "unique rectangle",
    "naked quad",
    "jellyfish",
    "hidden quad",
    "bug+1",
    "simple colouring",
    "x-chain",
    "xy-chain",
    "w-wing",
    "contradiction chain",
)
"""The logical techniques, easiest first (by rating): the order ``sudoku.techniques`` tries
them in."""

LEVELS = ("easy", "medium", "hard", "expert", "extreme")
"""A puzzle's difficulty, easiest first: ranges of its rating (``sudoku.rating.LEVEL_TOPS``)."""

WRONG_ENTRY = "wrong entry"
"""The step that names an entry the solution does not hold (``sudoku.logic.wrong_entry``)."""

HIDDEN_SINGLE = "hidden single"
POINTING = "pointing"
CLAIMING = "claiming"
FISH = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
"""The fish techniques by size: how many lines hold the digit."""
SUBSETS = {
    (2, True): "naked pair",
    (2, False): "hidden pair",
    (3, True): "naked triple",
    (3, False): "hidden triple",
    (4, True): "naked quad",
    (4, False): "hidden quad",
}
"""The subset techniques by (size, naked): a naked one is cells, a hidden one digits."""

SOLVED = "solved"
"""The last line of a logical path that fills the grid."""

ALREADY_SOLVED = "solved already: no blank cell left"
"""The hint for a full grid."""


def rating(tenths: int) -> str:
    """A rating in tenths as people read it: ``42`` -> ``4.2``."""
    return f"{tenths // 10}.{tenths % 10}"


def rating_why(text: str, technique: str) -> str:
    """What a puzzle's rating means, with the technique that set it: ``SE 7.2: the hardest
    step this puzzle needs is an xy-chain, rated 7.2 on Sudoku Explainer's scale.``"""
    if not technique:
        return f"SE {text}: nothing left to solve."
    article = "an" if technique[0] in "aeioux" and not technique.startswith("un") else "a"
    return (
        f"SE {text}: the hardest step this puzzle needs is {article} {technique}, rated {text}"
        " on Sudoku Explainer's scale."
    )


def listing(items: list[str] | tuple[str, ...]) -> str:
    """Items in words: ``r1c1``, ``1 and 8``, ``r1c1, r1c4 and r1c7``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def placement(cell: str, digit: str) -> str:
    """A digit written into a cell: ``r3c5 = 7``."""
    return f"{cell} = {digit}"


def removal(digit: str, cells: list[str]) -> str:
    """A digit taken out of cells' candidates: ``remove 3 from r1c1, r1c2``."""
    return f"remove {digit} from {', '.join(cells)}"


def hint(technique: str, action: str, reason: str) -> str:
    """One logical step: ``hidden single: r3c5 = 7 (the only place for 7 in box 2)``."""
    return f"{technique}: {action} ({reason})"


def only_candidate(cell: str) -> str:
    """Why a naked single: ``the only candidate left for r1c1``."""
    return f"the only candidate left for {cell}"


def only_place(digit: str, unit: str) -> str:
    """Why a hidden single: ``the only place for 7 in box 2``."""
    return f"the only place for {digit} in {unit}"


def holds_only_in(unit: str, digits: list[str], where: str) -> str:
    """Why locked candidates and hidden subsets: ``box 1 holds 5 only in row 2``,
    ``row 1 holds 1 and 8 only in r1c1 and r1c5``."""
    return f"{unit} holds {listing(digits)} only in {where}"


def hold_only(cells: list[str], digits: list[str], unit: str) -> str:
    """Why a naked subset: ``r1c1 and r1c4 hold only 1 and 8 in row 1``."""
    return f"{listing(cells)} hold only {listing(digits)} in {unit}"


def of_a_kind(units: list[str]) -> str:
    """Units of one kind: ``row 3``, ``row 8`` -> ``rows 3 and 8``; three: ``rows 1, 4 and 7``."""
    kind = units[0].split(" ")[0]
    return f"{kind}s {listing([unit.split(' ')[1] for unit in units])}"


def wing(lines: str, digit: str, crossing: str) -> str:
    """Why a fish: ``rows 3 and 8 hold 5 only in columns 2 and 7``."""
    return f"{lines} hold {digit} only in {crossing}"


def either_or(cells: list[str], digit: str) -> str:
    """The conclusion of a chain or wing: ``r1c1 or r5c5 is 7``."""
    return f"{' or '.join(cells)} is {digit}"


def xy_wing(pivot: str, digits: list[str], pincers: list[str], z: str) -> str:
    """Why an xy-wing: ``r1c1 is 4 or 7: if 4, r1c5 is 9; if 7, r3c2 is 9``."""
    x, y = digits
    return f"{pivot} is {x} or {y}: if {x}, {pincers[0]} is {z}; if {y}, {pincers[1]} is {z}"


def xyz_wing(pivot: str, pivot_digits: list[str], pincers: list[str], z: str) -> str:
    """Why an xyz-wing: ``r1c1 holds only 1, 2 and 9, r1c5 and r3c2 each 9 and one of
    them: one of the three is 9``."""
    return (
        f"{pivot} holds only {listing(pivot_digits)}, {listing(pincers)} each {z} and one of"
        f" them: one of the three is {z}"
    )


def w_wing(cells: list[str], digits: list[str], link: list[str], unit: str) -> str:
    """Why a w-wing: ``r1c1 and r5c7 hold only 3 and 8; 8's places in row 4, r4c1 and r4c7,
    see one each: they are not both 8, so one is 3``."""
    y, x = digits
    return (
        f"{listing(cells)} hold only {listing(sorted(digits))}; {x}'s places in {unit},"
        f" {listing(link)}, see one each: they are not both {x}, so one is {y}"
    )


def two_links(digit: str, first: list[str], second: list[str], units: list[str]) -> str:
    """Why a skyscraper or a kite: ``4's only places in row 2 are r2c1 and r2c6, in row 7
    r7c1 and r7c8; r2c1 and r7c1 are not both 4, so r2c6 or r7c8 is``."""
    return (
        f"{digit}'s only places in {units[0]} are {listing(first)}, in {units[1]}"
        f" {listing(second)}; {first[0]} and {second[0]} are not both {digit},"
        f" so {first[1]} or {second[1]} is"
    )


def empty_rectangle(box: str, digit: str, lines: list[str], pair: list[str], unit: str) -> str:
    """Why an empty rectangle: ``box 5 holds 6 only in row 4 and column 5; column 8 holds
    6 only in r4c8 and r9c8: if r9c5 were 6, r4c8 would be, and box 5 would have none``."""
    return (
        f"{box} holds {digit} only in {listing(lines)}; {unit} holds {digit} only in"
        f" {listing(pair)}: else {pair[0]} would be {digit} and {box} would have no place for it"
    )


def unique_rectangle(corners: list[str], digits: list[str]) -> str:
    """Why a unique rectangle (type 1)."""
    return (
        f"{listing(corners[:3])} hold only {listing(digits)}: if {corners[3]} held either,"
        f" the four corners could swap {listing(digits)} and the puzzle would have two solutions"
    )


def colouring(digit: str, on: list[str], off: list[str]) -> str:
    """Why a simple colouring: the two colours of a digit's conjugate pairs."""
    return (
        f"{digit}'s conjugate pairs link {listing(on)} against {listing(off)}:"
        f" one side holds {digit}"
    )


def bug(cell: str, digit: str) -> str:
    """Why a bug+1."""
    return (
        f"every other blank holds two candidates, and without {digit} {cell} would too:"
        " a deadly pattern with two solutions"
    )


def x_chain(digit: str, cells: list[str]) -> str:
    """Why an x-chain: ``if r1c1 is not 7, r1c5 is, so r4c5 is not, so r4c9 is``."""
    parts = [f"if {cells[0]} is not {digit}, {cells[1]} is"]
    parts += [f"{cells[i]} is not, {cells[i + 1]} is" for i in range(2, len(cells), 2)]
    return ", so ".join(parts)


def xy_chain(cells: list[str], digits: list[str], x: str) -> str:
    """Why an xy-chain: ``if r1c1 is not 3 it is 5, r1c4 is 6, r5c4 is 3``."""
    parts = [f"if {cells[0]} is not {x} it is {digits[0]}"]
    parts += [f"{cells[i]} is {digits[i]}" for i in range(1, len(cells))]
    return ", ".join(parts)


def refuted(cell: str, digit: str, chain: str) -> str:
    """Why a contradiction chain: ``if r3c4 were 7: ...; so r3c4 is not 7``."""
    return f"if {cell} were {digit}: {chain}; so {cell} is not {digit}"


def erase(cell: str) -> str:
    """What a wrong entry's step asks: ``erase r4c6``."""
    return f"erase {cell}"


def wrong(cell: str, digit: str) -> str:
    """Why a wrong entry: ``r4c6 holds 3, but the solution has another digit there``."""
    return f"{cell} holds {digit}, but the puzzle's solution has another digit there"


def stuck(left: int, unique: bool) -> str:
    """Where logic stops: ``stuck: no technique above applies; 43 cells left (...)``."""
    why = (
        "a harder technique or a guess is needed"
        if unique
        else "the puzzle has more than one solution: no logic can finish it"
    )
    cells = "cell" if left == 1 else "cells"
    return f"stuck: no technique above applies; {left} {cells} left ({why})"


AT_START = "The puzzle as given."
"""What step 0 shows, before any event (the player says ``Step 0: the puzzle as given.``)."""

PLAIN_CAPTIONS = {
    "try": "Try {digit} at {cell}.",
    "place": "Place {digit} at {cell} (a guess).",
    "undo": "Undo {digit} at {cell}: backtrack.",
    "solved": "Solved.",
    "exhausted": "Exhausted: every option failed, no solution.",
}
"""The captions of the event kinds that need no reason (``caption`` fills them in)."""


def caption(event: Mapping[str, object], backtrack: bool = True) -> str:
    """What one event of a trace means, in a sentence: the player's caption, and the
    exports' (``sudoku render``). ``event`` holds the event's kind, cell, digit, peer and
    unit (a missing or empty one: none), as the core's events and the wire's fields do;
    ``backtrack`` tells an undo of a guess from an undo of a forced digit (``False``).

    ``{"kind": "reject", "cell": "r3c5", "digit": "4", "peer": "r3c1", "unit": "row 3"}``
    is ``Reject 4 at r3c5: r3c1 holds it in row 3.``
    """
    kind, cell, digit, peer, unit = (
        str(event.get(key, "")) for key in ("kind", "cell", "digit", "peer", "unit")
    )
    if kind == "reject":
        return f"Reject {digit} at {cell}: {holds_it(peer, unit)}."
    if kind == "force":
        why = hidden_single(unit) if unit else NAKED_SINGLE
        return f"Force {digit} at {cell}: {why}."
    if kind == "stuck":
        if peer:
            why = both_hold(cell, peer, digit, unit)
        else:
            why = no_candidate(cell) if cell else no_place(digit, unit)
        return f"Stuck: {why}."
    if kind == "undo" and not backtrack:
        return f"Undo the forced {digit} at {cell}."
    return PLAIN_CAPTIONS.get(kind, PLAIN_CAPTIONS["exhausted"]).format(cell=cell, digit=digit)


def written(event: Mapping[str, object]) -> str:
    """A recorded write of a reader's own code, in a sentence: ``event`` holds its kind
    (``place`` or ``undo``), cell, digit and line (0: none of the reader's lines).

    ``{"kind": "place", "cell": "r3c5", "digit": "4", "line": 12}`` is ``Line 12 writes 4
    into r3c5.``; an undo is ``Line 14 sets r3c5 back to blank (it held 4).``"""
    line = event.get("line", 0)
    who = f"Line {line}" if line else "Code outside yours"
    cell, digit = event.get("cell", ""), event.get("digit", "")
    if event.get("kind") == "undo":
        held = f" (it held {digit})" if digit else " (it was blank)"
        return f"{who} sets {cell} back to blank{held}."
    return f"{who} writes {digit} into {cell}."


def grouped(number: int) -> str:
    """``1234567`` -> ``1,234,567`` (MicroPython's ``format`` has no ``,``)."""
    text = str(number)
    groups: list[str] = []
    while len(text) > 3:
        groups.insert(0, text[-3:])
        text = text[:-3]
    groups.insert(0, text)
    return ",".join(groups)


def counted(nodes: int, backtracks: int, depth: int) -> str:
    """A search's counters at a step: ``12 guesses, 1 backtrack, depth 4``."""
    guesses = "1 guess" if nodes == 1 else grouped(nodes) + " guesses"
    back = "1 backtrack" if backtracks == 1 else grouped(backtracks) + " backtracks"
    return f"{guesses}, {back}, depth {depth}"


def step_label(step: int) -> str:
    """A step's number as a storyboard labels it: ``Step 1,234``."""
    return "Step " + grouped(step)


def step_title(strategy: str, step: int) -> str:
    """Which search and which step a picture shows: ``naive search, step 1,234``."""
    return f"{strategy} search, step {grouped(step)}"
