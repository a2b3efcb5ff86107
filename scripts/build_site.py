"""Build the deployable site into _site/ and report every shipped file's size.

``python scripts/build_site.py [--out _site] [--report]``

What ships is found, not listed: the pages (every top-level ``*.html``) and what they
reference (``src``, ``href`` and ``config`` attributes), the PyScript configs' interpreter
and ``[files]`` (TOML, or JSON for a worker made from a script; its ``recorded_files``
too, which a widget playing a recording adds), the web manifest's
icons, the stylesheets' ``url(...)``s, what the site's own scripts load (``new
URL("...", import.meta.url)``, ``import``), and the files
the Python glue names in quoted page-relative URLs (``"static/js/embed.js"``, the script
a blog loads next to the widget). A reference into ``static/vendor/<package>/`` ships
that whole folder: ``scripts/vendor.py`` already copies only what the runtime loads.
Nothing else ships, so a file no page needs cannot.

Then the site is sealed: ``version.json`` and ``sw.js`` get the release, a hash of every
shipped file (and of the service worker's template), so each change to the site is a new
release with its own cache, and ``sw.js`` gets the precache list: every shipped file but
itself and ``.nojekyll``, each with its SHA-256 as Subresource Integrity (``sha256-`` and
the base64 digest), and which of them are lazy (``LAZY``: Pyodide, for the code lab only),
stored when first used rather than at install. The worker checks each file against it
twice: at install (``fetch`` with ``integrity``) and before it serves a cached copy
(SubtleCrypto), refetching with ``integrity`` a copy that is missing or changed.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import re
import shutil
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

sys.path.insert(0, str(Path(__file__).resolve().parent))  # serve.py, beside this file
from pyconfig import COMPILED, CONFIGS, SOURCE_PACKS, needed_files  # scripts/ is not a package:
from serve import render  # found through the path above

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_site"
REPORT = ROOT / "build" / "size-report.txt"
SERVICE_WORKER = "sw.js"
VERSION = "version.json"
NOT_PRECACHED = frozenset({SERVICE_WORKER, ".nojekyll"})
"""Shipped but never precached: the worker itself, and the marker GitHub Pages reads."""
VENDOR = PurePosixPath("static/vendor")
LAZY = (
    PurePosixPath("static/vendor/pyodide"),
    *(PurePosixPath(COMPILED.as_posix()) / name for name in SOURCE_PACKS),
    PurePosixPath("docs"),
)
"""Folders and files shipped but not precached at install: Pyodide (13.5 MB), which only
the code lab and the app's deep worker run, the sources that worker reads, and the
guides' pictures (docs/: about 0.9 MB, which embedding.html shows; the page itself is
precached). The
service worker stores each such file, checked against its hash, when the lab or that
worker first asks for it (and keeps it across releases while its hash is the same)."""

ATTRIBUTE = re.compile(r'\b(?:src|href|config)="([^"]+)"')
QUOTED_PATH = re.compile(r"""["']((?:\./)?[\w][\w./-]*\.[a-z]{1,12})["']""")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")
JS_URL = re.compile(
    r"""new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)"""
    r"""|\bimport\s*(?:\(\s*|[\w*{}\s,]*?\bfrom\s*)["']([^"']+)["']"""
)
"""What a script of the site loads: ``new URL("x", import.meta.url)``, ``import("x")`` and
``import ... from "x"``, each relative to the script."""
BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)
EXTERNAL = ("http:", "https:", "//", "#", "data:", "blob:", "mailto:", "javascript:")


def local(folder: PurePosixPath, ref: str) -> PurePosixPath | None:
    """A reference made from ``folder`` as a site path, or None if it leaves the site."""
    if ref.startswith(EXTERNAL):
        return None
    parts: list[str] = []
    for part in (folder / ref.split("#", 1)[0].split("?", 1)[0]).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in {".", ""}:
            parts.append(part)
    return PurePosixPath(*parts) if parts else None


def references(root: Path, path: PurePosixPath) -> list[PurePosixPath]:
    """The site paths that file ``path`` loads or names (pages, configs, manifest, CSS)."""
    if path.suffix not in {".html", ".css", ".webmanifest", ".toml", ".json", ".py", ".js"}:
        return []
    if path.suffix in {".js", ".json"} and path.is_relative_to(VENDOR):
        return []  # a vendored package ships whole (``expand``)
    text = page_text(root, path)
    if path.suffix == ".py":  # page-relative URLs in strings; only those naming a file count
        found = (local(PurePosixPath(), ref) for ref in QUOTED_PATH.findall(text))
        return [p for p in found if p is not None and (root / p).is_file()]
    refs: list[str] = []
    if path.suffix == ".html":
        refs = ATTRIBUTE.findall(text)
    elif path.suffix == ".css":
        refs = CSS_URL.findall(text)
    elif path.suffix == ".js":
        refs = [url or module for url, module in JS_URL.findall(text)]
    elif path.suffix == ".webmanifest":
        refs = [icon["src"] for icon in json.loads(text).get("icons", [])]
    elif path.suffix in {".toml", ".json"}:  # a PyScript config (JSON: the widget's worker)
        config = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
        refs = list(config.get("files", {})) + list(config.get("recorded_files", {}))
        if "interpreter" in config:
            # resolves relative to the page, not the config: both sit at the site's root
            refs.append(config["interpreter"])
    found = [local(path.parent, ref) for ref in refs]
    return [p for p in found if p is not None] + packed_references(root, path)


def packed_references(root: Path, config: PurePosixPath) -> list[PurePosixPath]:
    """What the modules packed for ``config`` name (a file a page's Python starts, such as
    a worker's script): the pack holds them compiled, so their sources are read."""
    if config.parent != PurePosixPath() or config.name not in CONFIGS:
        return []
    sources = needed_files(CONFIGS[config.name])
    return [ref for src in sources for ref in references(root, PurePosixPath(src[2:]))]


def page_text(root: Path, path: PurePosixPath) -> str:
    """A file's text as the site serves it: a page with its includes in place."""
    if path.suffix == ".html":
        return render(root, path.as_posix())
    return (root / path).read_text(encoding="utf-8")


def expand(root: Path, path: PurePosixPath) -> list[PurePosixPath]:
    """A path into static/vendor/<package>/ means that whole folder; others are themselves."""
    if path.is_relative_to(VENDOR) and len(path.parts) > len(VENDOR.parts) + 1:
        folder = root / VENDOR / path.parts[len(VENDOR.parts)]
        return sorted(PurePosixPath(p.relative_to(root).as_posix()) for p in walk(folder))
    return [path]


def walk(folder: Path) -> Iterable[Path]:
    """Every file under ``folder``."""
    return (p for p in folder.rglob("*") if p.is_file())


def shipped(root: Path) -> list[PurePosixPath]:
    """Every file the site needs: the pages and, transitively, what they reference."""
    pages = sorted(PurePosixPath(p.name) for p in root.glob("*.html"))
    found: set[PurePosixPath] = set()
    todo = list(pages)
    while todo:
        path = todo.pop()
        if path in found:
            continue
        if not (root / path).is_file():
            raise FileNotFoundError(f"{path} is referenced but missing from {root}")
        found.add(path)
        for ref in references(root, path):
            todo.extend(p for p in expand(root, ref) if p not in found)
    return sorted(found)


def integrity(data: bytes) -> str:
    """The Subresource Integrity value of ``data`` (what fetch(..., {integrity}) checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def release_of(hashes: dict[str, str], template: str) -> str:
    """A short hash of every shipped file's path and content, and of the worker's code."""
    digest = hashlib.sha256(template.encode("utf-8"))
    for path in sorted(hashes):
        digest.update(f"{path}\0{hashes[path]}\n".encode())
    return digest.hexdigest()[:16]


def precache_files(out: Path) -> list[str]:
    """The site paths the service worker precaches: every file in ``out`` but NOT_PRECACHED."""
    return sorted(
        p.relative_to(out).as_posix()
        for p in walk(out)
        if p.relative_to(out).as_posix() not in NOT_PRECACHED
    )


def lazy_files(paths: Iterable[str]) -> list[str]:
    """The ``paths`` in a LAZY folder: cached when first used, not at install."""
    return sorted(p for p in paths if any(PurePosixPath(p).is_relative_to(f) for f in LAZY))


def seal(out: Path, template: str) -> str:
    """Write version.json and sw.js (release, files and their hashes, the lazy ones) for
    the files in ``out``."""
    (out / VERSION).unlink(missing_ok=True)
    hashes = {p: integrity((out / p).read_bytes()) for p in precache_files(out)}
    release = release_of(hashes, template)
    (out / VERSION).write_text(json.dumps({"release": release}) + "\n", encoding="utf-8")
    hashes[VERSION] = integrity((out / VERSION).read_bytes())
    build = json.dumps(
        {"release": release, "files": dict(sorted(hashes.items())), "lazy": lazy_files(hashes)},
        indent=1,
    )
    worker, count = BUILD_LINE.subn(lambda _: f"const BUILD = {build};", template)
    if count != 1:
        raise ValueError(f"{SERVICE_WORKER}: expected one 'const BUILD = ...;' line, found {count}")
    (out / SERVICE_WORKER).write_text(worker, encoding="utf-8")
    return release


def build(root: Path = ROOT, out: Path = OUT) -> str:
    """Copy what ships from ``root`` into a fresh ``out``, seal it; return the release."""
    files = shipped(root)
    if out.exists():
        shutil.rmtree(out)
    for path in files:
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".html":
            (out / path).write_text(page_text(root, path), encoding="utf-8")
        else:
            shutil.copyfile(root / path, out / path)
    (out / ".nojekyll").write_bytes(b"")  # serve the files as they are, no Jekyll pass
    return seal(out, (root / SERVICE_WORKER).read_text(encoding="utf-8"))


def sizes(out: Path) -> list[tuple[str, int, int]]:
    """(path, raw bytes, gzip -9 bytes) for every file in ``out``, largest first."""
    rows = [
        (p.relative_to(out).as_posix(), len(data), len(gzip.compress(data, 9, mtime=0)))
        for p in walk(out)
        for data in [p.read_bytes()]
    ]
    return sorted(rows, key=lambda row: (-row[1], row[0]))


def report(rows: list[tuple[str, int, int]], release: str) -> str:
    """The size report as a plain-text table with a total line."""
    width = max(len(path) for path, _, _ in rows)
    lines = [f"Sudoku Lab release {release}: {len(rows)} files", ""]
    lines.append(f"{'file':<{width}}  {'raw bytes':>12}  {'gzip bytes':>12}")
    lines += [f"{path:<{width}}  {raw:>12,}  {gz:>12,}" for path, raw, gz in rows]
    total_raw, total_gz = sum(r[1] for r in rows), sum(r[2] for r in rows)
    lines.append(f"{'total':<{width}}  {total_raw:>12,}  {total_gz:>12,}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Build the site, write the size report; print it in full with --report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--report", action="store_true", help="print every file's size")
    args = parser.parse_args(argv)
    try:
        release = build(ROOT, args.out)
    except (FileNotFoundError, ValueError) as error:
        print(f"build_site: {error} (run 'make vendor' first?)", file=sys.stderr)
        return 1
    rows = sizes(args.out)
    text = report(rows, release)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(text, encoding="utf-8")
    print(f"build_site: release {release} -> {args.out} (report: {REPORT})")
    print(text if args.report else text.splitlines()[-1] + "\n", end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
