"""The names src/web imports from ``pyscript`` (@pyscript/core 0.7's stdlib/pyscript)."""

from collections.abc import Callable
from typing import Any

from pyscript import ffi as ffi
from pyscript import web as web
from pyscript.events import Event

document: Any
"""The JS ``document`` (proxied in a worker)."""

window: Any
"""The JS ``window`` (the worker's global scope in a worker)."""

workers: Any
"""The page's named workers: ``await workers["solver"]`` is that worker's exports."""

def when(
    event_type: str | Event, selector: str | None = None, **options: object
) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """Decorate a handler of a DOM event for the elements ``selector`` matches, or of an
    ``Event`` (pyscript.events).

    The handler takes the event (an ``Event``'s result) or nothing, and may be async;
    ``when`` returns a wrapper.
    """
