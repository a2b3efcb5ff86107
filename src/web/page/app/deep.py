"""Pyodide for the hardest puzzles' hints, when it earns its cost: the app's deep worker.

The app's own Python runs in MicroPython, which starts in a fraction of a second. Most
hints take it milliseconds; but a puzzle whose path needs a contradiction chain with
splits (rated 8.5 and up: the forum's hardest) has steps whose search takes MicroPython a
noticeable part of a second on a phone, where CPython in Pyodide takes clearly less
(bench/deep.py); a whole rating takes seconds. So once the puzzle's rating has met such a
step (``consider``, with the hardest step so far), the page starts static/js/deep.js, a
worker running the same calls (src/web/worker/app.py) in Pyodide, where the reader allows
it (``allowed``) and once the page is idle (``start_when_idle``), and from the moment it
answers, the steps are asked of it (``client.Solver.deepen``): the same modules, the same
answers, sooner (``rating.Rater.hand_over``). Never before the app is usable (a rating
comes after), never in someone else's frame, never for a puzzle MicroPython answers at
once, never while the reader is at work; and Pyodide's 6.3 MB (gzip) only on a fast
connection that is not metered: the browser says it (``navigator.connection``: not
Save-Data, "4g", not "cellular"), or the URL asks for it. A browser that does not say
(Firefox, Safari) keeps MicroPython's hints. Once fetched through the service worker,
Pyodide's files stay for offline use (docs/offline.md).

**Idle.** Pyodide's start takes a small machine's cores for seconds (compiling its
wasm, then CPython's own start), and MicroPython's answers, which the reader waits for
meanwhile, are slowed by it: a reader pressing Hint the moment each answer showed would
wait for them. So the deep worker starts only once the reader has left the page alone (no
pointer down, key, click, input or paste) for ``IDLE_MS``: while they read, not while
they press.

URL flag ``deep``: ``deep=1`` starts the deep worker for such a puzzle whatever the
connection (tests, benchmarks), ``deep=0`` never. Flags for tests: ``body[data-deep]`` is
"off", "waiting" (for the page to be idle), "starting", "ready" (it answers the steps)
or "failed" (it could not start, or died: MicroPython answers);
``body[data-deep-calls]`` the calls asked of it so far; ``body[data-deep-quiet]`` how
long (ms) the reader had left the page alone when it started.

Runs on the page's main thread (MicroPython).
"""

import browser
from client import Solver
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

NESTED = 95
"""The rating (tenths) of a contradiction chain with one level of splits
(``sudoku.chains.RATINGS`` plus a level): the steps whose search is slow under MicroPython."""

IDLE_MS = 1000
"""How long the reader must have left the page alone before Pyodide starts (see the
module's docstring): longer than a reader's pause between two presses of Hint."""
SCRIPT = "./static/js/deep.js"
STOPPED = "the deep worker stopped"


def fast_unmetered(save_data: bool, effective: str, kind: str) -> bool:
    """Whether a connection as ``navigator.connection`` describes it may fetch Pyodide
    unasked: no Save-Data, "4g" effective type, and not a mobile network."""
    return not save_data and effective == "4g" and kind != "cellular"


def text_of(value: "Any") -> str:
    """A JS value as text ("undefined" for none)."""
    return str(window.String(value))


class DeepWorker:
    """static/js/deep.js as ``client.Solver`` calls a worker: ``worker.name(*args)`` posts
    the call and returns a promise of its answer's text (rejected when the call threw)."""

    def __init__(self, on_ready: "Callable[[], None]", on_failed: "Callable[[str], None]") -> None:
        """Start the worker; ``on_ready`` once Pyodide and the modules are in, ``on_failed``
        with the reason if they cannot be, or the worker dies. (No attribute of this object
        may bear a call's name: ``__getattr__`` gives the calls.)"""
        self.on_ready, self.on_failed = on_ready, on_failed
        self.calls = 0
        self.stopped = False
        self.waiting: dict[int, Any] = {}
        """Each call's promise resolvers, by id."""
        url = browser.page_url(SCRIPT)
        self.worker = window.Worker.new(url, to_js({"type": "module"}))
        self.worker.onmessage = create_proxy(browser.guarded(self.answered))
        self.worker.onerror = create_proxy(browser.guarded(self.died))

    def answered(self, event: "Any") -> None:
        """A message: ready or failed, or a call's answer (one that threw fails the
        worker: its calls go back to MicroPython)."""
        data = event.data
        if not window.Array.isArray(data):
            if window.Reflect.has(data, "ready"):
                self.on_ready()
            else:
                self.on_failed(text_of(data.failed))
            return
        resolvers = self.waiting.pop(int(data[0]), None)
        if resolvers is None:
            return
        if data[1] is None:  # the call threw: a worker that cannot be trusted any more
            resolvers.reject(window.Error.new(text_of(data[2])))
            self.on_failed(text_of(data[2]))
        else:
            resolvers.resolve(data[1])

    def died(self, event: "Any") -> None:
        """The worker failed (its script, or out of memory)."""
        self.on_failed(text_of(event.message))

    def stop(self) -> None:
        """End the worker: every call waiting fails, and every call after."""
        self.worker.terminate()
        self.stopped = True
        for resolvers in self.waiting.values():
            resolvers.reject(window.Error.new(STOPPED))
        self.waiting.clear()

    def __getattr__(self, name: str) -> "Callable[..., Any]":
        """The worker's call ``name``."""
        return lambda *args: self.call(name, args)

    def call(self, name: str, args: "tuple[Any, ...]") -> "Any":
        """Post ``name(*args)``; the promise of its answer (rejected once stopped)."""
        if self.stopped:
            return window.Promise.reject(window.Error.new(STOPPED))
        self.calls += 1
        document.body.dataset.deepCalls = str(self.calls)
        resolvers = window.Promise.withResolvers()
        self.waiting[self.calls] = resolvers
        self.worker.postMessage(to_js([self.calls, name, list(args)]))
        return resolvers.promise


class Deep:
    """When the app's steps go to Pyodide (see the module's docstring)."""

    def __init__(self, solver: "Solver", hand_over: "Callable[[Solver], None]") -> None:
        """``solver``: the app's client; ``hand_over(deep)`` once the deep worker answers,
        with its client (``rating.Rater.hand_over``: the steps go to it)."""
        self.solver = solver
        self.hand_over = hand_over
        self.worker: DeepWorker | None = None
        self.wanted = False
        """A puzzle called for it, and the reader allows it: it starts once idle."""
        self.flag = text_of(window.URLSearchParams.new(window.location.search).get("deep"))
        self.touched = 0.0
        """When the reader last did something on the page (``performance.now()``, ms)."""
        self.wake = create_proxy(browser.guarded(self.start_when_idle))
        """``start_when_idle`` for a timer."""
        self.show("off")

    def touch(self) -> None:
        """The reader did something (a pointer down, a key, a click, an input, a paste:
        main.py routes them here): the page is not idle."""
        self.touched = window.performance.now()

    def show(self, state: str) -> None:
        """The state, for tests (``body[data-deep]``)."""
        document.body.dataset.deep = state

    def allowed(self) -> bool:
        """Whether Pyodide may be fetched for this reader: the URL's flag, else a fast
        connection that is not metered, in the app's own window (not a frame)."""
        if self.flag in {"0", "1"}:
            return self.flag == "1"
        framed = not getattr(window.Object, "is")(window.top, window.self)
        if framed or not window.Reflect.has(window.navigator, "connection"):
            return False
        connection = window.navigator.connection
        return fast_unmetered(
            bool(connection.saveData),
            text_of(connection.effectiveType),
            text_of(window.Reflect.get(connection, "type")),
        )

    def consider(self, tenths: int) -> None:
        """The puzzle's hardest step so far is rated ``tenths``: start the deep worker if
        it is a nested chain's and the reader allows it (once a visit), when the page is
        idle."""
        if self.wanted or tenths < NESTED or not self.allowed():
            return
        self.wanted = True
        self.show("waiting")
        self.start_when_idle()

    def start_when_idle(self, _timer: "Any" = None) -> None:
        """Start the deep worker if the reader has left the page alone for ``IDLE_MS``,
        else look again when they will have (``wake``, a timer's), if they do nothing
        more meanwhile."""
        quiet = window.performance.now() - self.touched
        if quiet < IDLE_MS:
            window.setTimeout(self.wake, IDLE_MS - quiet, None)  # None: guarded's event
            return
        document.body.dataset.deepQuiet = str(quiet)
        self.show("starting")
        self.worker = DeepWorker(self.ready, self.failed)

    def ready(self) -> None:
        """The deep worker answers: the steps go to it (``hand_over``)."""
        self.hand_over(Solver(self.worker, instead=self.solver))
        self.show("ready")

    def failed(self, reason: str) -> None:
        """The deep worker could not start (offline before Pyodide was kept, say) or
        died: the steps stay with (or go back to) MicroPython."""
        window.console.warn("deep worker: " + reason)
        self.solver.deepen(None)
        if self.worker is not None:
            self.worker.stop()
        self.show("failed")
