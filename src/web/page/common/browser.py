"""The browser helpers every page shares: background tasks that never show a traceback,
whether the screen is a touch screen, URLs relative to the page, and the clipboard.

Runs on the page's main thread (MicroPython through PyScript).
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

running: "set[asyncio.Task[None]]" = set()
"""Background tasks, referenced until they end."""


def log_error(error: Exception) -> None:
    """The default for a failed task or handler: the console (where tests see it)."""
    window.console.error("page: " + repr(error))


def guarded(handler: "Callable[[Any], object]") -> "Callable[[Any], None]":
    """A DOM event handler that never shows the reader a traceback: an error goes to the
    console and the page goes on."""

    def run(event: "Any") -> None:
        try:
            handler(event)
        except Exception as error:  # a handler must never put a traceback on the page
            log_error(error)

    return run


def listen(element: "Any", kind: str, handler: "Callable[[Any], object]") -> None:
    """Call ``handler(event)`` on each ``kind`` event of ``element`` (``guarded``): the one
    way a page listens to an element it holds (``@when`` takes a selector, for one page's
    fixed elements; a player's parts exist once per player)."""
    element.addEventListener(kind, create_proxy(guarded(handler)))


def spawn(
    coro: "Coroutine[Any, Any, object]", on_error: "Callable[[Exception], object]" = log_error
) -> None:
    """Run a coroutine in the background (handlers return at once, the page stays live);
    an unexpected error goes to ``on_error``, never to the reader as a traceback."""
    running.add(asyncio.create_task(settle(coro, on_error)))


async def settle(
    coro: "Coroutine[Any, Any, object]", on_error: "Callable[[Exception], object]"
) -> None:
    """Await a background coroutine, handing any failure to ``on_error``."""
    try:
        await coro
    except Exception as error:  # any failure ends here: the page must keep working
        on_error(error)
    finally:
        running.discard(asyncio.current_task())


TOUCH = "(hover: none) and (pointer: coarse)"
"""A touch screen: no pointer that hovers, a coarse one (a finger). player.css hides the
keyboard's help under the same media query."""


def touch_screen(frame: "Any" = window) -> bool:
    """Whether the page in ``frame`` shows on a touch screen (``TOUCH``): say "tap", not
    keys."""
    return bool(frame.matchMedia(TOUCH).matches)


def page_url(path: str, frame: "Any" = window) -> str:
    """``path`` resolved against the page in ``frame`` (the site may live under any
    sub-path)."""
    url: str = frame.URL.new(path, frame.location.href).href
    return url


async def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard: True, or False when the browser refuses."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # the clipboard may be refused (no focus, no permission)
        return False
    return True


async def measure_widget(url: str, width: int) -> int:
    """The height (px) of the widget at ``url`` in a frame ``width`` px wide: a frame of
    this origin out of view and hidden, where the widget lays out before Python what its
    Python will show (static/js/widget.js) and starts no Python (it is never in view).
    Its keys' help shows, as on a reader's screen with a mouse, even if this one is a
    touch screen: the height is the larger one."""
    frame = document.createElement("iframe")
    frame.setAttribute("aria-hidden", "true")
    frame.tabIndex = -1
    frame.title = "The widget, measured for the snippet"
    frame.style.cssText = (
        f"position:fixed;left:-30000px;top:0;width:{width}px;height:200px;border:0;"
        "visibility:hidden"
    )
    loaded = window.Promise.withResolvers()
    frame.addEventListener("load", loaded.resolve)
    frame.src = url
    document.body.append(frame)
    try:
        await loaded.promise
        inside = frame.contentDocument
        for keys in inside.querySelectorAll(".legend .keys"):
            keys.style.display = "block"  # hidden on a touch screen: a reader's may have it
        box = inside.querySelector(".widget")
        return int(window.Math.ceil(box.getBoundingClientRect().height))
    finally:
        frame.remove()
