"""``pyscript.events``' ``Event`` (@pyscript/core 0.7's stdlib/pyscript/events.py)."""

from collections.abc import Callable

class Event:
    """A Python-side event: ``trigger(result)`` calls each listener with ``result``
    (awaitable ones as tasks), in the order they were added."""

    def trigger(self, result: object) -> None: ...
    def add_listener(self, listener: Callable[..., object]) -> None: ...
    def remove_listener(self, *listeners: Callable[..., object]) -> None: ...
