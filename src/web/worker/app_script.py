"""The app's solver worker as PyScript starts it (index.html, lab.html): a script is read
as source and compiled at every start, so it only brings in ``app``, which comes compiled
(``.mpy``: scripts/pyconfig.py), with the calls PyScript exports from these globals."""

from app import *  # noqa: F403 (every call, exported by name)
from app import __export__  # noqa: F401 (the names PyScript exports)
