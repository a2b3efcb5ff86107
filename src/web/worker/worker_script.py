"""The widget's solver worker as PyScript starts it (static/js/widget.js): a script is
read as source and compiled at every start, so it only writes out the compiled modules
(``.mpy``) of its config's pack (``unpack``: scripts/pyconfig.py), brings in ``worker``,
with the calls PyScript exports from these globals, and opens the trace the page is about
to ask for when widget.js names it in the config (``worker.open_early``)."""

from unpack import unpack_here

unpack_here()

from polyscript import config  # noqa: E402 (the config widget.js made the worker with)
from worker import *  # noqa: E402, F403 (every call, exported by name)
from worker import __export__, open_early  # noqa: E402, F401 (the names PyScript exports)

first = getattr(config, "opening", None)
if first:
    open_early(first[0], first[1])
