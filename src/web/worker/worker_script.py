"""The widget's solver worker as PyScript starts it (static/js/widget.js): a script is
read as source and compiled at every start, so it only brings in ``worker``, which comes
compiled (``.mpy``: scripts/pyconfig.py), with the calls PyScript exports from these
globals."""

from worker import *  # noqa: F403 (every call, exported by name)
from worker import __export__  # noqa: F401 (the names PyScript exports)
