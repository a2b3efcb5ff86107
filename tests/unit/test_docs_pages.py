"""The guides served as pages (scripts/docs_pages.py): docs/embedding.md rendered into
embedding.html, its addresses made right for a page at the site's root, shipped by the
build and precached by the service worker (its pictures when first shown)."""

from __future__ import annotations

import re
import sys
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402 (scripts/ is not a package)
import docs_pages  # noqa: E402
import serve  # noqa: E402


def test_addresses_are_made_for_a_page_at_the_sites_root() -> None:
    """Pictures of docs/ are named from the root; a guide that is a page is linked as
    that page, one that is not keeps its words only; the web stays as it is."""
    html = docs_pages.render(
        "# A guide\n\n![A board](tree.png) [the iframe](embedding.md#an-iframe),"
        " [offline](offline.md#x), [PyScript](https://pyscript.net/), [up](#a-guide)\n"
    )
    assert '<h1 id="a-guide">A guide</h1>' in html
    assert '<img src="./docs/tree.png" alt="A board" loading="lazy" />' in html
    assert '<a href="./embedding.html#an-iframe">the iframe</a>' in html
    assert ", offline, " in html
    assert "offline.md" not in html
    assert '<a href="https://pyscript.net/">PyScript</a>' in html
    assert '<a href="#a-guide">up</a>' in html


def test_headings_get_githubs_ids_and_tables_render() -> None:
    """Ids as GitHub gives them (a repeated heading numbered); pipe tables as tables."""
    html = docs_pages.render(
        "## One tag\n\n## An iframe: why?\n\n## One tag\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n"
    )
    assert 'id="one-tag"' in html
    assert 'id="an-iframe-why"' in html
    assert 'id="one-tag-1"' in html
    assert "<table>" in html
    assert '<td class="align-right">2</td>' in html
    assert "style=" not in html  # the site's policy refuses inline styles


def test_the_page_is_the_guide_and_ships_with_its_pictures(tmp_path: Path) -> None:
    """embedding.html, as served and built, holds the whole guide; the build ships it and
    every picture it shows, precaches the page and keeps the pictures for first use."""
    docs_pages.main(["--out", str(tmp_path / "docs")])
    fragment = (tmp_path / "docs" / "embedding.html").read_text(encoding="utf-8")
    assert docs_pages.render((ROOT / "docs" / "embedding.md").read_text("utf-8")) == fragment
    page = serve.render(ROOT, "embedding.html")
    assert fragment.strip() in page, "embedding.html is not docs/embedding.md: run make vendor"
    assert "Content-Security-Policy" in page
    assert 'id="your-own-code-in-the-widget"' in page
    assert re.search(r'<[^>]*\sstyle="', page) is None  # no element has a style

    shipped = {p.as_posix() for p in build_site.shipped(ROOT)}
    assert "embedding.html" in shipped
    pictures = {p.as_posix() for p in build_site.references(ROOT, PurePosixPath("embedding.html"))}
    assert "docs/tree.png" in pictures
    assert pictures <= shipped
    lazy = set(build_site.lazy_files(shipped))
    assert "embedding.html" not in lazy
    assert {p for p in pictures if p.startswith("docs/")} <= lazy


def test_the_app_and_the_lab_link_to_the_guide() -> None:
    """The app's Share panel and the lab's Share box and Embed dialog link to the page."""
    for page in ("index.html", "lab.html"):
        assert 'href="./embedding.html"' in serve.render(ROOT, page)
