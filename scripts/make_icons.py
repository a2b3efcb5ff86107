"""Render the app's PNG icons from static/icons/icon.svg with Chromium (no image library).

``python scripts/make_icons.py`` (run again after editing the SVG; the PNGs are committed)

- ``icon-192.png``, ``icon-512.png``: the SVG as drawn (rounded, transparent corners),
  the sizes browsers ask of an installable app;
- ``icon-maskable-512.png``: full-bleed background with the drawing inside the central
  safe zone, for launchers that cut icons to a circle or a squircle;
- ``apple-touch-icon.png`` (180 px): full bleed too, as iOS fills transparency with black.

Playwright and Chromium are the e2e tests' tools, already pinned: no new dependency.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
BACKGROUND = "#2348b8"
"""The SVG's own fill: a full-bleed icon's margin blends with the drawing."""
SAFE_ZONE = 0.72
"""Share of a maskable icon's side given to the drawing (the spec's safe circle is 80%)."""
ICONS_TO_MAKE = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)


def html(svg: bytes, size: int, *, full_bleed: bool) -> str:
    """A page showing the SVG at ``size`` px, alone or centred on the background."""
    src = "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
    inner = round(size * SAFE_ZONE) if full_bleed else size
    background = BACKGROUND if full_bleed else "transparent"
    return (
        f'<body style="margin:0;width:{size}px;height:{size}px;background:{background};'
        f'display:grid;place-items:center"><img src="{src}" width="{inner}" height="{inner}">'
    )


def main() -> int:
    """Write every icon of ICONS_TO_MAKE next to the SVG."""
    svg = (ICONS / "icon.svg").read_bytes()
    chromium = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium)
        for name, size, full_bleed in ICONS_TO_MAKE:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(html(svg, size, full_bleed=full_bleed))
            page.screenshot(path=str(ICONS / name), omit_background=not full_bleed)
            page.close()
            print(f"make_icons: {name} ({size} px)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
