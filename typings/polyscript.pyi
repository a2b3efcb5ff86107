"""The name src/web imports from ``polyscript`` (the JS module polyscript 0.x registers in
each PyScript worker: src/web/worker/worker_script.py reads its ``config``)."""

from typing import Any

config: Any
"""The config the worker was made with (the JS object static/js/widget.js passes)."""
