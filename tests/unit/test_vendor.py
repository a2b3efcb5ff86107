"""scripts/vendor.py's MICROPYTHON_FIXES: npm's MicroPython without its debugging checks."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from support import ROOT, load_file
from test_micropython import HERE, MICROPYTHON, node

vendor = load_file(ROOT / "scripts" / "vendor.py")
NPM_LOADER = MICROPYTHON[1]
SHIPPED_LOADER = MICROPYTHON[0]

MISSING = """\
import os
try:
    import no_such_module
except ImportError as error:
    print("ImportError", error)
try:
    open("no/such/file")
except OSError as error:
    print("OSError", error.errno)
try:
    os.mkdir("made")
    os.mkdir("made")
except OSError as error:
    print("OSError", error.errno)

def deep(n):
    if n == 0:
        raise ValueError("bottom")
    try:
        return deep(n - 1)
    finally:
        pass

try:
    deep(50)
except ValueError as error:
    print("ValueError", error)
"""
"""Failed file look-ups (an import, an open, a mkdir) and exceptions through nested
guarded calls: what the fixed ``ErrnoError`` and ``getWasmTableEntry`` serve."""


def test_each_fix_changes_npms_loader_once() -> None:
    """From npm's micropython.mjs each fix is found once and applied once, and applying
    them again changes nothing."""
    original = NPM_LOADER.read_bytes()
    fixed, counts = vendor.release_micropython(original)
    assert counts == dict.fromkeys(vendor.MICROPYTHON_FIXES, 1)
    assert b"ErrnoError:class extends Error" in original
    assert b"ErrnoError:class extends Error" not in fixed
    assert fixed.count(b"wasmTable.get(funcPtr)") == original.count(b"wasmTable.get(funcPtr)") - 1
    assert vendor.release_micropython(fixed) == (fixed, counts)


def test_the_shipped_loader_carries_the_fixes() -> None:
    """The vendored micropython.mjs the pages load is npm's with the fixes, no more."""
    shipped = SHIPPED_LOADER.read_bytes()
    assert vendor.release_micropython(NPM_LOADER.read_bytes())[0] == shipped


def test_a_changed_loader_stops_vendoring_with_the_fix_named(tmp_path: Path) -> None:
    """A MicroPython whose code no longer fits a fix fails the build, naming the fix."""
    loader = tmp_path / "micropython.mjs"
    loader.write_bytes(NPM_LOADER.read_bytes().replace(b"getWasmTableEntry=", b"tableEntry="))
    problems = vendor.patch_micropython(loader)
    assert len(problems) == 1
    assert "getWasmTableEntry" in problems[0]


def probe(loader: Path, script: Path) -> list[str]:
    """What ``script`` prints under MicroPython with ``loader`` (tests/unit/mpy_probe.mjs)."""
    command = [node(), str(HERE / "mpy_probe.mjs"), str(loader), str(ROOT / "src" / "sudoku")]
    done = subprocess.run([*command, str(script)], capture_output=True, check=False, timeout=60)
    if done.returncode != 0:
        pytest.fail(done.stderr.decode()[-2000:])
    return done.stdout.decode().split("\n")


def test_the_fixed_loader_reports_missing_files_and_exceptions_as_npms(tmp_path: Path) -> None:
    """A missing module, a missing file and a folder made twice raise the same errors
    (Emscripten's error numbers) under the shipped MicroPython as under npm's, and an
    exception crosses fifty guarded calls."""
    script = tmp_path / "missing.py"
    script.write_text(MISSING, encoding="utf-8")
    shipped = probe(SHIPPED_LOADER, script)
    assert shipped == probe(NPM_LOADER, script)
    assert [line.split(" ")[0] for line in shipped] == [
        "ImportError",
        "OSError",
        "OSError",
        "ValueError",
        "",
    ]
    assert shipped[0] == "ImportError no module named 'no_such_module'"
    assert shipped[1] != shipped[2]
    assert shipped[3] == "ValueError bottom"
