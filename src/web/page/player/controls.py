"""The player's input: its buttons (one delegated click), sliders, strategy and keys.

Keys work in the player's region (the app's ``#player`` section, the widget's whole
page) but its compare and share parts, which keep their own keys. Space plays or pauses,
also on a focused transport button (Enter presses the button); a control with its own
use of Space (a select, a text field, a link, Watch, Compare, Copy) keeps it. Arrows
step (Shift: 100), Home and End jump, C shows or hides the candidates, T the search
tree. Where the page shows no Play button, a click or tap on the board plays and pauses.

This module only reads the input: each click or key names a role, and ``Player.act``
does it (a control pressed before any trace is open does its job on the puzzle of the
page's board: Play opens that trace and plays it). It knows the player only as
``Controlled``, what it asks of it: ``player.py`` imports this module, never the other
way round.

Runs on the page's main thread (MicroPython).
"""

import browser

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    from view import View

    class Controlled(Protocol):
        """What the controls drive (``player.Player``), as far as they use it."""

        @property
        def view(self) -> View:
            """The player's painted parts (their elements: ``View.part``)."""

        @property
        def controls(self) -> "tuple[str, ...]":
            """The parts shown (``Player.use_controls``)."""

        @property
        def solver(self) -> object:
            """The worker's client, None until the player has one."""

        def act(self, role: str, steps: int = 1) -> None:
            """Do what a control names (``TRANSPORT``, "marks", "tree"...)."""

        def scrub(self, step: int) -> None:
            """Show step ``step`` (the timeline)."""

        def set_speed(self, notch: int) -> None:
            """Play at the speed of notch ``notch`` (the speed slider)."""

        def restrategy(self, strategy: str) -> None:
            """Trace the puzzle by another strategy (the strategy menu)."""


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
"""What each key does, by ``KeyboardEvent.key``: the ``Player.act`` role it asks for."""

BUTTON_ROLES = {"tree-toggle": "tree"}
"""A button whose ``data-role`` is not the role it asks ``Player.act`` for."""

BIG_STEP = 100
"""Steps an arrow key takes with Shift."""

OWN_KEYS = ("SELECT", "TEXTAREA", "A", "SUMMARY")
"""Elements that keep every key for themselves."""


def bind(player: "Controlled", keys_target: "Any") -> None:
    """Listen to the player's controls (one delegated click), the sliders and the keys:
    each asks the player for what it names (``Player.act``, ``scrub``, ``set_speed``,
    ``restrategy``)."""
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
        browser.listen(
            view.part["strategy"], "change", lambda event: player.restrategy(event.target.value)
        )


def clicked_role(target: "Any", controls: "tuple[str, ...]") -> "str | None":
    """The role a click on ``target`` asks for: its button's (by ``data-role``, unless
    disabled), or "play" on the board where no Play button shows (``controls``:
    ``Player.use_controls``); None for a click that is only a click."""
    button = target.closest("button[data-role]")
    if button is not None:
        return (
            None if button.disabled else BUTTON_ROLES.get(button.dataset.role, button.dataset.role)
        )
    if "play" not in controls and target.closest("[data-role='board']") is not None:
        return "play"
    return None


def on_click(player: "Controlled", event: "Any") -> None:
    """The buttons, and the board where it plays (``clicked_role``)."""
    role = clicked_role(event.target, player.controls)
    if role is not None:
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


def on_key(player: "Controlled", event: "Any") -> None:
    """Space plays or pauses, arrows step (Shift: ``BIG_STEP``), Home and End jump, C and
    T show the candidates and the tree (``KEY_ACTIONS``)."""
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    role = KEY_ACTIONS.get(event.key)
    if role is None or keeps_key(event.target, event.key):
        return
    event.preventDefault()
    if player.solver is not None:
        player.act(role, BIG_STEP if event.shiftKey else 1)
