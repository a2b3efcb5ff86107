"""``pyscript.ffi``: Python values to JS (create_proxy, to_js), in Pyodide and MicroPython."""

from collections.abc import Callable
from typing import Any

def create_proxy(func: Callable[..., object]) -> Any:
    """A JS function that calls ``func`` and outlives the call it was passed to."""

def to_js(value: object, **kw: Any) -> Any:
    """``value`` as a JS value (a dict becomes an Object, a list an Array)."""
