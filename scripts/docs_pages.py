"""Render the guides the site serves as pages from their Markdown in docs/ (one source).

``python scripts/docs_pages.py [--out static/compiled/docs]`` (``make vendor`` runs it)

Each guide in ``PAGES`` (docs/embedding.md: how to put the player in a post) becomes an
HTML fragment, ``static/compiled/docs/<name>.html``, which its hand-kept page at the site's
root (``embedding.html``: the site's head, a header, links back) includes with
``<!--#include file=... -->``: ``scripts/serve.py`` and ``scripts/build_site.py`` put it in
place, so the built site ships the page whole, and the service worker precaches it.

The Markdown is CommonMark with tables (markdown-it-py). The docs are the project's own
text, so their HTML (``<kbd>``, comments) is kept. A table column's alignment becomes a
class (``align-right``: static/css/docs.css): the site's policy refuses inline styles.
Addresses are rewritten for a page at the site's root: a picture or file of docs/
(``tree.png``) becomes ``./docs/tree.png``; a link to another guide that is a page goes to
that page; a link to a guide that is not one keeps its words and loses the link (the site
does not ship the Markdown). Headings get the ids GitHub gives them, so
``embedding.html#an-iframe`` works as ``embedding.md#an-iframe`` does on GitHub.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
OUT = ROOT / "static" / "compiled" / "docs"
PAGES = {"embedding.md": "embedding.html"}
"""Each guide served as a page: its Markdown in docs/, its page at the site's root."""
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.IGNORECASE)
"""An address that is not a path of the repository: a scheme, a network path, a fragment."""


def slug(text: str) -> str:
    """GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def address(ref: str) -> str | None:
    """A docs/ address as the page at the site's root names it; None: drop the link."""
    if EXTERNAL.match(ref):
        return ref
    path, hashmark, fragment = ref.partition("#")
    if path.endswith(".md"):
        page = PAGES.get(path)
        return None if page is None else f"./{page}{hashmark}{fragment}"
    return f"./docs/{ref}"


def rewrite(tokens: list[Token]) -> None:
    """Give headings their ids, aligned cells a class, pictures lazy loading, and every
    address its page form."""
    seen: dict[str, int] = {}
    for at, token in enumerate(tokens):
        style = token.attrGet("style") if token.type in ("th_open", "td_open") else None
        if style is not None:  # a column's alignment: a class, not a style the policy refuses
            del token.attrs["style"]
            token.attrSet("class", "align-" + str(style).rpartition(":")[2])
        if token.type == "heading_open":
            base = slug(tokens[at + 1].content)
            count = seen.get(base, 0)
            seen[base] = count + 1
            token.attrSet("id", base if count == 0 else f"{base}-{count}")
        for child in token.children or []:
            if child.type == "image":
                child.attrSet("src", address(str(child.attrGet("src"))) or "")
                child.attrSet("loading", "lazy")
        dropped = False
        for child in token.children or []:
            if child.type == "link_open":
                href = address(str(child.attrGet("href")))
                dropped = href is None
                if dropped:
                    child.type, child.tag, child.nesting, child.attrs = "text", "", 0, {}
                else:
                    child.attrSet("href", str(href))
            elif child.type == "link_close" and dropped:
                child.type, child.tag, child.nesting, dropped = "text", "", 0, False


def render(markdown: str) -> str:
    """The guide's HTML (a fragment: what goes inside the page's ``<main>``)."""
    parser = MarkdownIt("commonmark", {"html": True}).enable("table")
    tokens = parser.parse(markdown)
    rewrite(tokens)
    return parser.renderer.render(tokens, parser.options, {})


def main(argv: list[str] | None = None) -> int:
    """Write each guide's fragment."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, page in PAGES.items():
        target = args.out / page
        target.write_text(render((DOCS / name).read_text(encoding="utf-8")), encoding="utf-8")
        print(f"docs_pages: {name} -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
