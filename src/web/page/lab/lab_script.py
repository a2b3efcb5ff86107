"""The code lab's page as PyScript starts it (lab.html): a script is read as source and
compiled at every start, so it only brings in ``lab``, the page itself, which comes
compiled (``.mpy``: scripts/pyconfig.py), as do the modules it imports."""

import lab  # noqa: F401 (its import runs the page)
