"""scripts/serve.py's ``pages`` option: gzip and caching as GitHub Pages sends them.

Each test serves a small folder of its own on a free port of 127.0.0.1 and reads it with
urllib (which never decompresses by itself: the bytes read are the bytes sent).
"""

from __future__ import annotations

import gzip
import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http import HTTPStatus
from pathlib import Path

import pytest
from support import ROOT, load_file

serve = load_file(ROOT / "scripts" / "serve.py")
PREFIX = "/some-repo/"
FILES = {
    "index.html": b"<!doctype html><title>t</title>" + b"<p>board</p>" * 200,
    "app.js": b"export const board = 81;\n" * 300,
    "core.wasm": bytes(range(256)) * 40,
    "stdlib.zip": b"PK" + bytes(4000),
    "icon.png": b"\x89PNG" + bytes(3000),
}


@contextmanager
def site(folder: Path, *, pages: bool) -> Iterator[str]:
    """FILES in ``folder``, served under PREFIX (``pages`` or not); yields the site's URL."""
    for name, data in FILES.items():
        (folder / name).write_bytes(data)
    server = serve.make_server(folder, 0, PREFIX, quiet=True, pages=pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    finally:
        server.shutdown()
        server.server_close()


def fetch(url: str, encodings: str | None) -> tuple[bytes, str | None, str | None]:
    """The body as sent, its Content-Encoding and Content-Type, asking for ``encodings``."""
    body, headers = answer(url, {"Accept-Encoding": encodings} if encodings is not None else {})
    return body, headers.get("Content-Encoding"), headers.get("Content-Type")


def answer(url: str, headers: dict[str, str]) -> tuple[bytes, dict[str, str]]:
    """The body and headers of a GET of ``url`` with ``headers`` (a 304 too)."""
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 (our own server)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            return response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:  # urllib raises on a 304
        if error.code != HTTPStatus.NOT_MODIFIED:
            raise
        return error.read(), dict(error.headers) | {"Status": "304"}


@pytest.mark.parametrize("name", ["index.html", "app.js", "core.wasm"])
def test_text_and_wasm_go_compressed_and_decompress_to_the_file(tmp_path: Path, name: str) -> None:
    with site(tmp_path, pages=True) as url:
        body, encoding, kind = fetch(url + name, "gzip, deflate, br")
    assert encoding == "gzip"
    assert len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert kind == serve.CONTENT_TYPES[Path(name).suffix]


@pytest.mark.parametrize("name", ["stdlib.zip", "icon.png"])
def test_compressed_formats_go_as_they_are(tmp_path: Path, name: str) -> None:
    with site(tmp_path, pages=True) as url:
        body, encoding, _ = fetch(url + name, "gzip")
    assert (body, encoding) == (FILES[name], None)


@pytest.mark.parametrize("encodings", [None, "br", "gzip;q=0, br"])
def test_a_client_that_refuses_gzip_gets_the_file(tmp_path: Path, encodings: str | None) -> None:
    with site(tmp_path, pages=True) as url:
        body, encoding, _ = fetch(url + "app.js", encodings)
    assert (body, encoding) == (FILES["app.js"], None)


def test_without_the_option_nothing_is_compressed(tmp_path: Path) -> None:
    with site(tmp_path, pages=False) as url:
        sent = [fetch(url + name, "gzip") for name in ("index.html", "app.js", "core.wasm")]
    assert [(body, encoding) for body, encoding, _ in sent] == [
        (FILES[name], None) for name in ("index.html", "app.js", "core.wasm")
    ]


def test_pages_lets_the_browser_keep_responses_ten_minutes(tmp_path: Path) -> None:
    with site(tmp_path, pages=True) as url:
        kept = [answer(url + name, {})[1]["Cache-Control"] for name in ("app.js", "icon.png")]
    with site(tmp_path, pages=False) as url:
        asked = answer(url + "app.js", {})[1]["Cache-Control"]
    assert (kept, asked) == (["max-age=600", "max-age=600"], "no-cache")


def test_an_unchanged_compressed_file_is_a_304(tmp_path: Path) -> None:
    with site(tmp_path, pages=True) as url:
        _, first = answer(url + "core.wasm", {"Accept-Encoding": "gzip"})
        again = {"Accept-Encoding": "gzip", "If-Modified-Since": first["Last-Modified"]}
        body, second = answer(url + "core.wasm", again)
        (tmp_path / "core.wasm").write_bytes(b"changed")
        os.utime(tmp_path / "core.wasm", (time.time() + 5, time.time() + 5))
        changed, third = answer(url + "core.wasm", again)
    assert (body, second.get("Status")) == (b"", "304")
    assert third.get("Status") is None
    assert gzip.decompress(changed) == b"changed"


@pytest.mark.parametrize(
    ("header", "accepted"),
    [("gzip", True), ("deflate, GZIP;q=0.5", True), ("gzip;q=0", False), ("x-gzip", False)],
)
def test_accepts_gzip_reads_the_header(header: str, accepted: bool) -> None:
    assert serve.accepts_gzip(header) is accepted
