"""The widget's solver worker as PyScript starts it (static/js/widget.js): a script is
read as source and compiled at every start, so it only writes out the compiled modules
(``.mpy``) of its config's pack (``unpack``: scripts/pyconfig.py) and brings in
``worker``, with the calls PyScript exports from these globals."""

from unpack import unpack_here

unpack_here()

from worker import *  # noqa: E402, F403 (every call, exported by name)
from worker import __export__  # noqa: E402, F401 (the names PyScript exports)
