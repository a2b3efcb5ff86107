"""The Share panel's pictures (issue 13, item 5): the step shown as an SVG, a range as a
storyboard and as an animated GIF, each downloaded and parsed; the SVG is byte for byte
what ``sudoku render`` writes (the same core code, in the worker)."""

from __future__ import annotations

import io
from pathlib import Path

import sitekit
from conftest import Host
from helpers import load
from PIL import Image
from playwright.sync_api import Browser, Page
from support import LEETCODE
from test_player import watch

from sudoku.render import scene, scenes, storyboard, svg

PLAYER = "document.querySelector('#player')"


def go_to(page: Page, step: int) -> None:
    """Show step ``step`` through the timeline."""
    page.evaluate(
        "n => { const s = document.querySelector('#p-scrub'); s.value = n;"
        " s.dispatchEvent(new Event('input')); }",
        step,
    )
    page.wait_for_function(f"{PLAYER}.dataset.steps === '{step}'")


def download(page: Page, button: str) -> tuple[str, bytes]:
    """Click ``button`` in the Share panel; the file it offers: name, bytes."""
    with page.expect_download(timeout=60_000) as info:
        page.locator(button).click()
    path = info.value.path()
    return info.value.suggested_filename, Path(path).read_bytes()


def test_the_step_shown_as_svg_is_the_clis(app: Page) -> None:
    """SVG of the step shown: named after it, byte for byte sudoku render's (which
    test_render.py parses)."""
    watch(app, "leetcode", "naive")
    go_to(app, 67)
    app.locator("#share summary").click()
    name, data = download(app, "#export-svg")
    assert name == "sudoku-naive-step-67.svg"
    assert data.decode() == svg(scene(LEETCODE, "naive", 67))
    assert "Saved step 67" in (app.locator("#export-status").text_content() or "")


def test_a_range_as_storyboard_and_gif(app: Page) -> None:
    """Steps 60 to 70 every 2: a storyboard equal to the CLI's, and a GIF of 6 frames."""
    load(app, "leetcode")
    watch(app, "leetcode", "naive")
    app.locator("#share summary").click()
    app.locator("#export-from").fill("60")
    app.locator("#export-to").fill("70")
    app.locator("#export-every").fill("2")
    name, data = download(app, "#export-storyboard")
    assert name == "sudoku-naive-steps-60-70.svg"
    assert data.decode() == storyboard(scenes(LEETCODE, "naive", 60, 70, 2))
    name, data = download(app, "#export-gif")
    assert name == "sudoku-naive-steps-60-70.gif"
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF"
        assert gif.n_frames == 6
        assert gif.info.get("loop") == 0
        assert gif.info.get("duration") == 400


def test_bad_ranges_are_said(app: Page) -> None:
    """A range that does not read, or runs backwards, is said in the panel; no file."""
    watch(app, "leetcode", "naive")
    app.locator("#share summary").click()
    app.locator("#export-from").fill("70")
    app.locator("#export-to").fill("60")
    app.locator("#export-gif").click()
    app.wait_for_function(
        "document.querySelector('#export-status').textContent.includes('60 comes before 70')"
    )
    app.locator("#export-to").fill("")
    app.locator("#export-storyboard").click()
    app.wait_for_function(
        "document.querySelector('#export-status').textContent.startsWith('Steps: write')"
    )


def test_a_gif_from_the_built_site_offline(browser: Browser, tmp_path: Path) -> None:
    """The built site ships and precaches the GIF encoder the page imports (it stopped at
    "Encoding 4 frames..." with a 404): one visit, the network cut, a GIF still comes."""
    site = tmp_path / "_site"
    sitekit.build(site)
    host = Host(site, sitekit.PREFIX)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    host.stop()
    context.set_offline(True)
    page.reload()
    sitekit.wait_booted(page)
    watch(page, "leetcode", "naive")
    page.locator("#share summary").click()
    page.locator("#export-from").fill("60")
    page.locator("#export-to").fill("66")
    page.locator("#export-every").fill("2")
    _, data = download(page, "#export-gif")
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == 4
    context.close()


STATUS = "document.querySelector('#export-status').textContent"


def wait_status(page: Page, text: str) -> None:
    """Wait until the panel's status line starts with ``text``."""
    page.wait_for_function(f"t => {STATUS}.startsWith(t)", arg=text, timeout=60_000)


def test_the_panel_says_its_limits_and_refuses_what_cannot_be_drawn(app: Page) -> None:
    """Before anything is asked the panel says what the range makes, the K that fits a
    storyboard and a GIF, and where the search ends; a step past 10**9 (it would wrap as it
    crosses to the worker: 10**12 arrived as -727,379,968), a range past the end of the
    search and one too long for a storyboard are refused in words; a GIF of several MB is
    only announced at the first press."""
    watch(app, "leetcode", "naive")
    app.wait_for_function(f"{PLAYER}.dataset.cost === '79462'", timeout=60_000)
    app.locator("#share summary").click()
    app.locator("#export-to").fill("6000")
    plan = (
        "Steps 0 to 6,000 every 1: 6,001 pictures. A storyboard holds 60 at most (here every"
        " 101 or more), a GIF 500 (every 13 or more). This search ends at step 79,462."
    )
    app.wait_for_function("p => document.querySelector('#export-plan').textContent === p", arg=plan)
    for to, button, said in (
        (str(10**12), "#export-gif", "Steps: write whole numbers from 0 to 1,000,000,000,"),
        ("90000", "#export-storyboard", "Steps: this search ends at step 79,462: choose TO"),
        (
            "6000",
            "#export-storyboard",
            "A storyboard holds 60 pictures at most: these steps make 6,001; step by 101 or more.",
        ),
        (
            "199",
            "#export-gif",
            "This GIF will be about 3.2 MB (200 frames): press Animated GIF again",
        ),
    ):
        app.locator("#export-to").fill(to)
        app.locator(button).click()
        wait_status(app, said)
    assert app.locator("#export-stop").is_hidden()


def test_a_long_drawing_can_be_stopped(app: Page) -> None:
    """Steps two million into a search longer than the player counts: the panel says how
    far the drawing got and Stop ends it; the worker is free at once for the next one."""
    watch(app, "slow", "naive")
    app.locator("#share summary").click()
    app.locator("#export-from").fill("2000000")
    app.locator("#export-to").fill("2000004")
    app.locator("#export-gif").click()
    wait_status(app, "Drawing: step ")
    app.locator("#export-stop").click()
    wait_status(app, "Stopped: no picture was saved.")
    assert app.locator("#export-stop").is_hidden()
    name, data = download(app, "#export-svg")
    assert name == "sudoku-naive-step-0.svg"
    assert data.startswith(b"<svg")
