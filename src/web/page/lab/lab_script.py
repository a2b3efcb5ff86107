"""The code lab's page as PyScript starts it (lab.html): a script is read as source and
compiled at every start, so it only writes out the compiled modules (``.mpy``) of its
config's pack (``unpack``: scripts/pyconfig.py) and brings in ``lab``, the page itself."""

from unpack import unpack_here

unpack_here()

import lab  # noqa: E402, F401 (its import runs the page)
