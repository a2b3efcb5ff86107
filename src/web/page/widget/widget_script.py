"""The widget's page as PyScript starts it (embed.html): a script is read as source and
compiled at every start, so it only writes out the compiled modules (``.mpy``) of its
config's pack (``unpack``: scripts/pyconfig.py) and starts ``widget``, the page itself."""

from unpack import unpack_here

unpack_here()

import widget  # noqa: E402

widget.main()
