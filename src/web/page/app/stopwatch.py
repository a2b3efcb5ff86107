"""The app's timer: time spent on the puzzle, which the reader can hide.

It runs while a loaded puzzle is being played (``run(True)``: the editor says when: a
puzzle is locked and the board not yet full), pauses when it is solved, starts from zero
with each new puzzle (``reset``). Each second it runs it triggers ``ticked``: main.py
then writes the ms so far to storage (``keeping.Keeper.tick``), so a reload loses under a
second.

Flags for tests: ``#timer[data-ms]`` the whole seconds so far in ms, ``[data-running]``.

Runs on the page's main thread (MicroPython).
"""

from pyscript import document, window
from pyscript.events import Event
from pyscript.ffi import create_proxy

TICK_MS = 1000


def clock_text(ms: float) -> str:
    """``m:ss`` (or ``h:mm:ss`` from an hour) of ``ms``."""
    seconds = int(ms // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def spoken(ms: float) -> str:
    """The time in words: ``3 minutes 5 seconds``."""
    seconds = int(ms // 1000)
    minutes, seconds = divmod(seconds, 60)
    parts = []
    if minutes:
        parts.append(f"{minutes} minute" + ("" if minutes == 1 else "s"))
    parts.append(f"{seconds} second" + ("" if seconds == 1 else "s"))
    return " ".join(parts)


class Stopwatch:
    """The timer: ``#timer`` shows it, ``#timer-toggle`` hides and shows it."""

    def __init__(self) -> None:
        """Stopped at zero."""
        self.face = document.getElementById("timer")
        self.box = document.getElementById("timer-box")
        self.toggle = document.getElementById("timer-toggle")
        self.base = 0.0
        """The ms counted before the current run."""
        self.since: float | None = None
        """``performance.now()`` when the current run started; None while paused."""
        self.hidden = False
        self.ticked = Event()
        """Triggered each second while it runs."""
        self.ticker = create_proxy(self.tick)
        self.interval: object = None
        self.show()

    def ms(self) -> float:
        """The ms counted so far."""
        if self.since is None:
            return self.base
        now: float = window.performance.now()
        return self.base + now - self.since

    def running(self) -> bool:
        """Whether it counts."""
        return self.since is not None

    def run(self, on: bool) -> None:
        """Count (True) or pause (False); no change if it already does."""
        if on and self.since is None:
            self.since = window.performance.now()
            self.interval = window.setInterval(self.ticker, TICK_MS)
        elif not on and self.since is not None:
            self.base = self.ms()
            self.since = None
            window.clearInterval(self.interval)
        self.show()

    def reset(self, ms: float = 0.0) -> None:
        """Back to ``ms`` (zero: a new puzzle), running or not as it was."""
        self.base = ms
        if self.since is not None:
            self.since = window.performance.now()
        self.show()

    def tick(self, *_args: object) -> None:
        """Once a second while running: show the time, trigger ``ticked``."""
        self.show()
        self.ticked.trigger(self.ms())

    def set_hidden(self, hidden: bool) -> None:
        """Hide or show the timer (it counts on either way)."""
        self.hidden = hidden
        self.show()

    def show(self) -> None:
        """Paint the face, its flags and the toggle."""
        ms = self.ms()
        self.face.textContent = clock_text(ms)
        self.face.dataset.ms = str(int(ms // 1000) * 1000)
        self.face.dataset.running = "true" if self.running() else "false"
        self.box.hidden = self.hidden
        self.toggle.textContent = "Show timer" if self.hidden else "Hide timer"
        self.toggle.setAttribute("aria-expanded", "false" if self.hidden else "true")
