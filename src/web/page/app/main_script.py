"""The app's page as PyScript starts it (index.html): a script is read as source and
compiled at every start, so it only brings in ``main``, the page itself, which comes
compiled (``.mpy``: scripts/pyconfig.py), as do the modules it imports."""

import main  # noqa: F401 (its import runs the page)
