"""Our compiled modules out of their pack, before any of them is imported.

PyScript copies into the interpreter's file system each file a config's ``[files]`` lists,
one request a file: forty-odd ``.mpy`` modules for the app's page. So scripts/pyconfig.py
lists instead one **pack** of them (``*.pack``) and this file, and the script each page or
worker runs calls ``unpack_here`` first: every module is written where the pack says,
and the pack let go: one request instead of dozens, before the interpreter can import.

A pack is its files one after another, each as: the length of its path (2 bytes,
little-endian), its path (UTF-8, relative to the interpreter's folder: ``sudoku/grid.mpy``),
its size (4 bytes, little-endian) and its bytes. scripts/pyconfig.py's ``pack`` writes
them; ``files`` reads them.

MicroPython (pages and workers) gets this module compiled, beside the pack (``[files]``);
Pyodide (the app's deep worker, static/js/deep.js) and CPython (the tests) its source.
Every start of every page and worker runs it, so it reads a pack at one go (an unsized
``read`` takes 256 bytes at a time, each a call into the browser's file system), writes
views of it and tries each folder once; compiled, it spares the phone's main thread
compiling its source at every start.
"""

import os

SUFFIX = ".pack"


def files(data: bytes) -> "list[tuple[str, memoryview]]":
    """The (path, bytes) of each file of the pack ``data``, in order (views of it)."""
    found, at, view = [], 0, memoryview(data)
    while at < len(data):
        size = int.from_bytes(data[at : at + 2], "little")
        path = str(data[at + 2 : at + 2 + size], "utf-8")
        at += 2 + size
        size = int.from_bytes(data[at : at + 4], "little")
        found.append((path, view[at + 4 : at + 4 + size]))
        at += 4 + size
    return found


def unpack_here() -> None:
    """Write the files of each pack in the current folder (making each folder they name,
    once), then remove the pack."""
    made = set()
    for name in os.listdir():
        if name.endswith(SUFFIX):
            with open(name, "rb") as pack:
                data = pack.read(os.stat(name)[6])
            os.remove(name)
            for path, content in files(data):
                folder = path.rpartition("/")[0]
                if folder and folder not in made:
                    made.add(folder)
                    try:
                        os.mkdir(folder)
                    except OSError:  # there already
                        pass
                with open(path, "wb") as out:
                    out.write(content)
