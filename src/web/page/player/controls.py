"""The player's input: its buttons (one delegated click), sliders, strategy and keys.

Keys work in the player's region (the app's ``#player`` section, the widget's whole
page) but its compare and share parts, which keep their own keys. Space plays or pauses,
also on a focused transport button (Enter presses the button); a control with its own
use of Space (a select, a text field, a link, Watch, Compare, Copy) keeps it. Arrows
step (Shift: 100), Home and End jump, C shows or hides the candidates, T the search
tree. Where the page
shows no Play button, a click or tap on the board plays and pauses.

A control pressed before any trace is open does its job on the puzzle of the page's
board (``Player.board``): Play opens that trace and plays it.

Runs on the page's main thread (MicroPython).
"""

import browser

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from player import Player

TRANSPORT = ("start", "back", "play", "forward", "end")
"""The transport buttons: Space on one of them plays or pauses, as anywhere in the player."""

KEY_ACTIONS = {
    " ": "play",
    "ArrowRight": "forward",
    "ArrowLeft": "back",
    "Home": "start",
    "End": "end",
    "c": "marks",
    "C": "marks",
    "t": "tree",
    "T": "tree",
}
"""What each key does, by ``KeyboardEvent.key``."""

OWN_KEYS = ("SELECT", "TEXTAREA", "A", "SUMMARY")
"""Elements that keep every key for themselves."""


def bind(player: "Player", keys_target: "Any") -> None:
    """Listen to the player's controls (one delegated click), the sliders and the keys."""
    view = player.view
    browser.listen(view.root, "click", lambda event: on_click(player, event))
    browser.listen(keys_target, "keydown", lambda event: on_key(player, event))
    if "scrub" in view.part:
        browser.listen(
            view.part["scrub"], "input", lambda event: player.scrub(int(event.target.value))
        )
    if "speed" in view.part:
        browser.listen(
            view.part["speed"], "input", lambda event: player.set_speed(int(event.target.value))
        )
    if "strategy" in view.part:
        browser.listen(view.part["strategy"], "change", lambda event: on_strategy(player, event))


def on_click(player: "Player", event: "Any") -> None:
    """The buttons, by their ``data-role``; the board plays or pauses where no Play
    button shows (``Player.use_controls``); a click anywhere else is only a click."""
    target = event.target.closest("button[data-role]")
    if target is None and "play" not in player.controls:
        target = event.target.closest("[data-role='board']")
        if target is None or player.solver is None:
            return
        if player.timeline is None:
            browser.spawn(player.open_then("play"))
        else:
            player.act("play")
        return
    if target is None or target.disabled:
        return
    role = target.dataset.role
    if role == "compare-stop":
        player.compare.stop("Stopped.")
    elif role == "marks":
        player.show_marks(not player.view.marks_on)
    elif role == "tree-toggle":
        player.show_tree(player.tree is not None and not player.tree.shown)
    elif role in ("tree-in", "tree-out") and player.tree is not None:
        player.tree.zoom(0.25 if role == "tree-in" else 4.0)
    elif player.timeline is None:
        browser.spawn(player.open_then(role))
    else:
        player.act(role)


def keeps_key(target: "Any", key: str) -> bool:
    """Whether the focused element has its own use for ``key`` (see the module's text)."""
    tag = target.tagName
    if tag in OWN_KEYS:
        return True
    if tag == "INPUT" and (target.type != "range" or key != " "):
        return True
    if tag == "BUTTON" and key == " " and target.getAttribute("data-role") not in TRANSPORT:
        return True
    return bool(target.closest(".compare, .share"))


def on_key(player: "Player", event: "Any") -> None:
    """Space plays or pauses, arrows step (Shift: 100), Home and End jump."""
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    action = KEY_ACTIONS.get(event.key)
    if action is None or keeps_key(event.target, event.key):
        return
    event.preventDefault()
    if player.solver is None:
        return
    big = 100 if event.shiftKey else 1
    if action == "marks":
        player.show_marks(not player.view.marks_on)
    elif action == "tree":
        player.show_tree(player.tree is not None and not player.tree.shown)
    elif player.timeline is None:
        browser.spawn(player.open_then(action))
    elif action == "forward":
        player.step(big)
    elif action == "back":
        player.step(-big)
    else:
        player.act(action)


def on_strategy(player: "Player", event: "Any") -> None:
    """A new strategy: trace the same puzzle again."""
    if player.solver is not None and player.timeline is not None:
        browser.spawn(player.open_trace(player.timeline.grid, event.target.value))
