"""The built site (make site) as a GitHub project page: what ships, sizes, types, main flows.

The site is built into a temporary folder by scripts/build_site.py and served under
/some-repo/, as https://user.github.io/some-repo/ would serve it.
"""

from __future__ import annotations

import gzip
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import sitekit
from conftest import BOOT_MS, Host, off_origin, origin_of, record_requests
from helpers import cell_values, load, solve
from playwright.sync_api import Browser
from support import LEETCODE

NEVER_PRECACHED = {"sw.js", ".nojekyll"}
GENERATED = {"sw.js", "version.json", ".nojekyll"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the site."""
    folder = tmp_path_factory.mktemp("built") / "_site"
    sitekit.build(folder)
    return folder


@pytest.fixture(scope="module")
def host(site: Path) -> Iterator[Host]:
    """The built site served under /some-repo/."""
    served = Host(site, sitekit.PREFIX)
    yield served
    served.stop()


def test_ships_what_the_pages_reference_and_precaches_it_all(site: Path) -> None:
    """The site holds the referenced files plus the generated ones; the worker knows all,
    and stores Pyodide's (and the deep worker's sources) only when the code lab or the
    app's deep worker first asks (lazy), and the embedding guide's pictures when it shows
    them, the rest at install (the guide's page too). Files that only the pages' packed
    Python names ship too: the blog tag's script, the deep worker's."""
    shipped = {p.as_posix() for p in sitekit.build_site.shipped(sitekit.SOURCE)}
    assert sitekit.files_in(site) == shipped | GENERATED
    assert set(sitekit.precache(site)["files"]) == sitekit.files_in(site) - NEVER_PRECACHED
    pyodide = {p for p in shipped if p.startswith("static/vendor/pyodide/")}
    sources = "static/compiled/py-app-worker.pack"
    pictures = {p for p in shipped if p.startswith("docs/")}
    assert set(sitekit.precache(site)["lazy"]) == pyodide | {sources} | pictures
    assert "docs/tree.png" in pictures
    assert "embedding.html" in set(sitekit.precache(site)["files"]) - pictures
    assert {"static/js/embed.js", "static/js/deep.js", sources} <= shipped
    assert "static/vendor/pyodide/pyodide.asm.wasm" in pyodide
    configs = {*sitekit.pyconfig.CONFIGS, sitekit.pyconfig.RUNNER}
    assert {"index.html", "manifest.webmanifest", *configs} <= shipped
    assert not [p for p in shipped if p.startswith("src/sudoku/") and "cli" in p]


def test_precache_hashes_are_the_shipped_bytes(site: Path) -> None:
    """Every precached file's integrity is the SHA-256 of the file that ships."""
    files = sitekit.precache(site)["files"]
    assert files == {p: sitekit.integrity_of((site / p).read_bytes()) for p in files}


def test_release_changes_with_any_shipped_byte(site: Path, tmp_path: Path) -> None:
    """Sealing again gives the same release; one changed byte gives a new one (a new cache)."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    template = (sitekit.SOURCE / "sw.js").read_text(encoding="utf-8")
    first = sitekit.precache(site)["release"]
    assert sitekit.build_site.seal(copy, template) == first
    with (copy / "static" / "css" / "app.css").open("a", encoding="utf-8") as css:
        css.write("/* next release */\n")
    second = sitekit.build_site.seal(copy, template)
    assert second != first
    assert sitekit.precache(copy)["release"] == second
    assert (copy / "version.json").read_text(encoding="utf-8").strip() == (
        f'{{"release": "{second}"}}'
    )


def test_size_report_lists_every_file_raw_and_gzip(site: Path) -> None:
    """One row per shipped file with its raw and gzip size, and a total line."""
    rows = sitekit.build_site.sizes(site)
    assert {path for path, _, _ in rows} == sitekit.files_in(site)
    for path, raw, packed in rows:
        data = (site / path).read_bytes()
        assert (raw, packed) == (len(data), len(gzip.compress(data, 9, mtime=0)))
    text = sitekit.build_site.report(rows, "r1")
    total = text.splitlines()[-1].split()
    assert total == ["total", f"{sum(r[1] for r in rows):,}", f"{sum(r[2] for r in rows):,}"]


def test_the_dev_tree_service_worker_is_an_unsealed_template() -> None:
    """The repo's sw.js has no files: the dev server never caches (it removes itself)."""
    build = sitekit.BUILD.search((sitekit.SOURCE / "sw.js").read_text(encoding="utf-8"))
    assert build is None, "the template's BUILD line must stay on one line, empty"
    text = (sitekit.SOURCE / "sw.js").read_text(encoding="utf-8")
    assert 'const BUILD = { release: "", files: {}, lazy: [] };' in text


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("", "text/html"),
        ("sw.js", "text/javascript"),
        ("static/vendor/micropython/micropython.mjs", "text/javascript"),
        ("static/vendor/micropython/micropython.wasm", "application/wasm"),
        ("pyscript-widget-worker.json", "application/json"),
        ("version.json", "application/json"),
        ("pyscript-app-worker.toml", "application/toml"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("static/icons/icon-192.png", "image/png"),
    ],
)
def test_content_types_as_github_pages_sends_them(host: Host, path: str, expected: str) -> None:
    """The local server types files as GitHub Pages does (mime-db), which browsers require."""
    with urllib.request.urlopen(host.url + path) as response:  # noqa: S310 (local server)
        assert response.headers.get_content_type() == expected


def test_main_flows_under_a_sub_path(browser: Browser, host: Host, site: Path) -> None:
    """App and widget under /some-repo/: requests stay inside it; nothing unused ships.

    The app boots, takes a typed digit and solves; the widget boots and steps; the lab
    boots; the embedding guide shows its pictures. What the pages themselves load (not the
    service worker's precache) must cover every shipped file but those for installing (the
    manifest and its icons) and for blogs (embed.js).
    """
    context = browser.new_context()
    urls = record_requests(context)
    by_page: list[str] = []
    context.on("request", lambda request: request.service_worker or by_page.append(request.url))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(host.url)
    sitekit.wait_booted(page)
    page.locator("#r1c1").click()
    page.keyboard.type("7")
    assert cell_values(page)[0] == "7"
    puzzle = load(page, "leetcode")
    assert solve(page) == "unique"
    solved = cell_values(page)
    assert "." not in solved
    assert all(a in {".", b} for a, b in zip(puzzle, solved, strict=True))
    page.goto(f"{host.url}embed.html?puzzle={LEETCODE}&strategy=naive")
    sitekit.wait_booted(page)
    sitekit.step_player(page, 2)
    sitekit.wait_installed(page)
    page.goto(f"{host.url}lab.html")
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body.dataset.python)"
        " && document.body.dataset.ready === 'true'",
        timeout=BOOT_MS,
    )
    assert page.evaluate("document.body.dataset.python") == "ready"
    sitekit.wait_cached(page, "static/compiled/py-app-worker.pack")  # the lab's "keep-lazy"
    page.goto(f"{host.url}embedding.html")  # the guide, each picture scrolled to
    for picture in page.locator("img").all():
        picture.scroll_into_view_if_needed()
        picture.evaluate("i => i.decode()")
    context.close()

    assert errors == []
    assert off_origin(urls, origin_of(host.url)) == []
    assert [u for u in urls if not u.startswith((host.url, "blob:"))] == []
    loaded = {u.removeprefix(host.url).split("?")[0] or "index.html" for u in by_page}
    precached = set(sitekit.precache(site)["files"])
    assert precached <= {u.removeprefix(host.url) for u in urls}, "precache skipped files"
    assert precached - loaded <= sitekit.not_loaded_by_pages(site), "shipped, never loaded"
