"""Serve the site locally over HTTP with the content types PyScript and Pyodide need.

``python scripts/serve.py [--port 8000] [--root DIR] [--prefix /repo/] [--pages]``

``--prefix`` serves ROOT under a sub-path, the way GitHub Pages serves a project site
(https://user.github.io/repo/), so relative URLs are checked as they will run there.
Responses carry ``Cache-Control: no-cache``: the browser keeps its copy but asks each
time, so an edit shows on reload while unchanged files cost a 304. They also carry
``Access-Control-Allow-Origin: *``, as GitHub Pages' do: a blog may load
``static/js/embed.js`` as a module, which browsers fetch with CORS.

A page (``.html``) is served with its ``<!--#include file="PATH" -->`` lines replaced by
the file at PATH (relative to the root): the player's markup lives once, in
``src/web/page/player/player.html``, for both pages. ``scripts/build_site.py`` writes the pages
of the built site the same way (``render``), so GitHub Pages serves them as they are.

``--pages`` serves as GitHub Pages does, so a cold visit costs what it costs a reader
(bench/phone.py): the text, JSON and wasm files go gzip-compressed (``Content-Encoding:
gzip``) to a browser that accepts it, with ``Last-Modified`` (an unchanged file's
``If-Modified-Since`` gets a 304), and every response says ``Cache-Control:
max-age=600`` instead of ``no-cache``, so a file the page fetched is reused from the HTTP
cache by its worker without asking.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import io
import os
import re
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


COMPRESSIBLE = frozenset(
    {
        ".html",
        ".js",
        ".mjs",
        ".css",
        ".py",
        ".toml",
        ".json",
        ".webmanifest",
        ".wasm",
        ".svg",
        ".txt",
    }
)
"""Suffixes sent compressed with ``--pages``: text, JSON and wasm (zip, wheels and PNGs are
compressed already)."""


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header value lists gzip (``q=0`` refuses it)."""
    for part in header.split(","):
        name, _, params = part.partition(";")
        if name.strip().lower() == "gzip":
            return params.replace(" ", "") not in {"q=0", "q=0.0", "q=0.00", "q=0.000"}
    return False


PAGES_MAX_AGE = 600
"""Seconds GitHub Pages lets a browser keep a response (its ``Cache-Control``)."""


def modified_since(header: str | None, mtime: float) -> bool:
    """Whether a file last modified at ``mtime`` (epoch seconds) is newer than an
    ``If-Modified-Since`` value (whole seconds; a missing or ill-formed one: yes)."""
    if not header:
        return True
    try:
        since = email.utils.parsedate_to_datetime(header)
    except (TypeError, ValueError, IndexError, OverflowError):
        return True
    return since.tzinfo is None or int(mtime) > since.timestamp()


def compressed(path: Path) -> bytes:
    """The file at ``path`` gzip-compressed (level 9, as ``make size`` reports), kept until
    the file changes: the first request of a large file pays for it once."""
    stat = path.stat()
    return compress_file(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def compress_file(path: Path, mtime_ns: int, size: int) -> bytes:
    """``compressed``'s cache, keyed by the file's path, modification time and size."""
    del mtime_ns, size  # part of the cache key only
    return gzip.compress(path.read_bytes(), 9, mtime=0)


INCLUDE = re.compile(r'^([ \t]*)<!--#include file="([^"]+)" -->[ \t]*$', re.MULTILINE)
"""An include line: its indent, and the included file's path from the site's root."""


def render(root: Path, page: str) -> str:
    """The page at ``root / page`` with each include line replaced by its file (indented
    as the line was). A path that leaves the root, or a missing file, is an error."""

    def included(match: re.Match[str]) -> str:
        indent, name = match.groups()
        inside = Path(os.path.normpath(name))  # by its words: the tree may hold symlinks
        path = root / inside
        if inside.is_absolute() or inside.parts[:1] == ("..",) or not path.is_file():
            raise FileNotFoundError(f"{page} includes {name}: no such file in {root}")
        text = path.read_text(encoding="utf-8").rstrip("\n")
        return "\n".join(indent + line if line else line for line in text.split("\n"))

    return INCLUDE.sub(included, (root / page).read_text(encoding="utf-8"))


class Handler(SimpleHTTPRequestHandler):
    """Static files from ``directory`` under URL ``prefix``; 404 outside it."""

    extensions_map: ClassVar[dict[str, str]] = {"": "application/octet-stream", **CONTENT_TYPES}
    prefix = "/"
    quiet = False
    pages = False

    def translate_path(self, path: str) -> str:
        """Map a URL under the prefix to a file, as if the prefix were the root."""
        return super().translate_path("/" + path.removeprefix(self.prefix))

    def send_head(self) -> Any:
        """Send visitors of the bare origin to the prefix; 404 anything else outside it."""
        if self.prefix != "/" and self.path in {"/", self.prefix.rstrip("/")}:
            self.send_response(HTTPStatus.FOUND)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not self.path.startswith(self.prefix):
            self.send_error(HTTPStatus.NOT_FOUND, f"Not under {self.prefix}")
            return None
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            return self.send_page(path)
        if self.compresses(path) and path.is_file():
            return self.send_compressed(path)
        return super().send_head()

    def send_compressed(self, path: Path) -> io.BytesIO | None:
        """A file gzip-compressed, or a 304 if the client's copy is as new (no body)."""
        mtime = path.stat().st_mtime
        if not modified_since(self.headers.get("If-Modified-Since"), mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        return self.send_body(path.suffix, compressed(path), encoded=True, modified=mtime)

    def compresses(self, path: Path) -> bool:
        """Whether the response for ``path`` goes gzip-compressed: ``--pages``, a text,
        JSON or wasm file, and a client that accepts gzip."""
        accepted = accepts_gzip(self.headers.get("Accept-Encoding", ""))
        return self.pages and path.suffix in COMPRESSIBLE and accepted

    def send_page(self, path: Path) -> io.BytesIO:
        """A page, its includes in place (``render``): always whole, never a 304."""
        root = Path(self.directory)
        body = render(root, path.relative_to(root).as_posix()).encode("utf-8")
        if self.compresses(path):
            return self.send_body(path.suffix, gzip.compress(body, 9, mtime=0), encoded=True)
        return self.send_body(path.suffix, body, encoded=False)

    def send_body(
        self, suffix: str, body: bytes, *, encoded: bool, modified: float | None = None
    ) -> io.BytesIO:
        """A 200 of ``body``, typed by ``suffix``, marked gzip-encoded if ``encoded``, with
        its file's modification time (epoch seconds) if given."""
        self.send_response(HTTPStatus.OK)
        if modified is not None:
            self.send_header("Last-Modified", self.date_time_string(int(modified)))
        self.send_header(
            "Content-Type", self.extensions_map.get(suffix, "application/octet-stream")
        )
        if encoded:
            self.send_header("Content-Encoding", "gzip")
        if self.pages and suffix in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        """Ask the browser to revalidate every response (a 304 when unchanged), or with
        ``--pages`` to keep it PAGES_MAX_AGE seconds; let any site read it, as GitHub Pages
        does."""
        cache = f"max-age={PAGES_MAX_AGE}" if self.pages else "no-cache"
        self.send_header("Cache-Control", cache)
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        """Log like http.server unless quiet."""
        if not self.quiet:
            super().log_message(format, *args)


def normalize_prefix(prefix: str) -> str:
    """'/repo', 'repo/' and '/repo/' all mean '/repo/'; '' and '/' mean the origin root."""
    inner = prefix.strip("/")
    return f"/{inner}/" if inner else "/"


class Server(ThreadingHTTPServer):
    """A threading server that takes a browser hanging up mid-download in its stride."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay silent when the client went away (a closed tab); report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    root: Path = ROOT,
    port: int = 8000,
    prefix: str = "/",
    *,
    quiet: bool = False,
    pages: bool = False,
) -> Server:
    """A ready (not yet serving) server on 127.0.0.1; port 0 picks a free port; ``pages``
    compresses and caches as GitHub Pages does."""
    attrs = {"prefix": normalize_prefix(prefix), "quiet": quiet, "pages": pages}
    handler = functools.partial(type("SiteHandler", (Handler,), attrs), directory=str(root))
    return Server(("127.0.0.1", port), handler)


def main(argv: list[str] | None = None) -> int:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT, help="directory to serve")
    parser.add_argument("--prefix", default="/", help="URL sub-path, e.g. /sudoku-lab/")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument("--pages", action="store_true", help="gzip and cache as Pages does")
    args = parser.parse_args(argv)
    server = make_server(
        args.root.resolve(), args.port, args.prefix, quiet=args.quiet, pages=args.pages
    )
    host, port = server.server_address[:2]
    print(f"Serving {args.root} at http://{host}:{port}{normalize_prefix(args.prefix)}")
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
