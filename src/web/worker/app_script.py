"""The app's solver worker as PyScript starts it (index.html, lab.html): a script is read
as source and compiled at every start, so it only writes out the compiled modules
(``.mpy``) of its config's pack (``unpack``: scripts/pyconfig.py) and brings in ``app``,
with the calls PyScript exports from these globals."""

from unpack import unpack_here

unpack_here()

from app import *  # noqa: E402, F403 (every call, exported by name)
from app import __export__  # noqa: E402, F401 (the names PyScript exports)
