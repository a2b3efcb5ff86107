"""The player's clock: animation frames that play steps at the chosen speed.

At a set number of steps per second, each frame plays the steps due since the last one
(and each is painted); "as fast as possible" plays steps for ``BUDGET_MS`` per frame and
paints once per frame, so the main thread never runs a long task. Stopping is instant:
the next frame plays nothing.

Runs on the page's main thread (MicroPython), in the frame the player shows in: the
browser pauses a frame's animation frames while it is out of view.
"""

import options
from pyscript.ffi import create_proxy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

BUDGET_MS = 8
"""Main-thread time per frame for playing events at full speed."""

CHUNK = 1024
"""Events played between two looks at the clock at full speed."""

LONGEST_GAP_MS = 250
"""A frame late by more than this (a background tab) plays only this much time's steps."""


class Clock:
    """Calls ``advance(n)`` (it plays up to ``n`` steps and returns how many it played) in
    animation frames of the window ``frame`` while playing, then ``after_frame()`` (paint,
    fetch, check the end)."""

    def __init__(
        self,
        frame: "Any",
        advance: "Callable[[int], int]",
        after_frame: "Callable[[], None]",
    ) -> None:
        self.frame = frame
        self.advance = advance
        self.after_frame = after_frame
        self.notch = options.SPEEDS.index(options.DEFAULTS["speed"])
        """The speed: an index in ``options.SPEEDS`` (0 there is full speed)."""
        self.playing = False
        self.pending = False
        self.last_time: float = 0
        self.carry = 0.0
        self.proxy = create_proxy(self.on_frame)

    def full_speed(self) -> bool:
        """Whether the speed is "as fast as possible"."""
        return options.SPEEDS[self.notch] == 0

    def set_notch(self, notch: int) -> None:
        """Choose a speed notch (clamped to the table); the next frame counts from now."""
        self.notch = max(0, min(len(options.SPEEDS) - 1, notch))
        self.last_time = self.frame.performance.now()

    def start(self) -> None:
        """Play from the next frame on."""
        self.playing = True
        self.carry = 0.0
        self.last_time = self.frame.performance.now()
        self.request()

    def request(self) -> None:
        """Ask for one animation frame (at most one pending)."""
        if not self.pending:
            self.pending = True
            self.frame.requestAnimationFrame(self.proxy)

    def on_frame(self, now: float) -> None:
        """One frame: play the steps due (or for the time budget), then ``after_frame``."""
        self.pending = False
        if not self.playing:
            return
        speed = options.SPEEDS[self.notch]
        if speed == 0:
            started = self.frame.performance.now()
            while self.frame.performance.now() - started < BUDGET_MS:
                if self.advance(CHUNK) == 0:
                    break
        else:
            self.carry += min(now - self.last_time, LONGEST_GAP_MS) * speed / 1000
            due = int(self.carry)
            self.carry -= due
            self.advance(due)
        self.last_time = now
        self.after_frame()
        if self.playing:
            self.request()
