"""Our compiled modules out of their pack, before any of them is imported.

PyScript copies into the interpreter's file system each file a config's ``[files]`` lists,
one request a file: forty-odd ``.mpy`` modules for the app's page. So scripts/pyconfig.py
lists instead one **pack** of them (``*.pack``) and this file, and the script each page or
worker runs calls ``unpack_here`` first: every module is written where the pack says,
and the pack let go. Measured (README, "One request for our Python"): the app
usable on the desktop 0.94 -> 0.71 s, ten widgets in a post about 4.0 -> 3.3 s.

A pack is its files one after another, each as: the length of its path (2 bytes,
little-endian), its path (UTF-8, relative to the interpreter's folder: ``sudoku/grid.mpy``),
its size (4 bytes, little-endian) and its bytes. scripts/pyconfig.py's ``pack`` writes
them; ``files`` reads them.

Read as source by MicroPython (pages and workers: nothing compiled is there before it
runs) and CPython (the unit tests).
"""

import os

SUFFIX = ".pack"


def files(data: bytes) -> "list[tuple[str, bytes]]":
    """The (path, bytes) of each file of the pack ``data``, in order."""
    found, at = [], 0
    while at < len(data):
        size = int.from_bytes(data[at : at + 2], "little")
        path = data[at + 2 : at + 2 + size].decode()
        at += 2 + size
        size = int.from_bytes(data[at : at + 4], "little")
        found.append((path, data[at + 4 : at + 4 + size]))
        at += 4 + size
    return found


def write(path: str, data: bytes) -> None:
    """Write ``data`` at ``path`` (relative), making its folder if need be."""
    folder = path.rpartition("/")[0]
    if folder:
        try:
            os.mkdir(folder)
        except OSError:  # there already (one folder: ``sudoku``)
            pass
    with open(path, "wb") as out:
        out.write(data)


def unpack_here() -> None:
    """Write the files of each pack in the current folder, then remove the pack."""
    for name in os.listdir():
        if name.endswith(SUFFIX):
            with open(name, "rb") as pack:
                data = pack.read()
            os.remove(name)
            for path, content in files(data):
                write(path, content)
