"""The widget's page as PyScript starts it (embed.html): a script is read as source and
compiled at every start, so it only brings in ``widget``, the page itself, which comes
compiled (``.mpy``: scripts/pyconfig.py), as do the modules it imports."""

import widget  # noqa: F401 (its import runs the page)
