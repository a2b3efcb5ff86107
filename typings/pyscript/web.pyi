"""``pyscript.web``: the page as Python objects (src/web uses ``page`` and ``li``)."""

from typing import Any

page: Any
"""The page: ``page["id"]``, ``page.find(selector)``, ``page.body``."""

li: Any
"""The ``<li>`` element class: ``li()`` makes one."""
