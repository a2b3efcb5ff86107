"""The blog widget (embed.html) and its one-tag loader (static/js/embed.js): every URL
parameter, fallbacks with a visible note, the board before Python and without JS, and a
cross-origin host page (a second local server) that sizes the iframe from its messages."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import Host, off_origin, origin_of
from helpers import preloaded
from playwright.sync_api import Browser, BrowserContext, Frame, Page
from support import EASY, HARD, LEETCODE, ROOT, WEB, load_file

from sudoku.tracing import apply, source, trace
from sudoku.words import STRATEGIES

PLAYER = "document.querySelector('#player')"
SPOOF = "\u202egnp.exe"
"""A parameter name that a right-to-left override would show as "exe.png"."""
READY_MS = 120_000
LOOPED = f"""() => {{
    const seen = window.__steps ??= [];
    seen.push(+{PLAYER}.dataset.steps);
    return new Set(seen).size > 3 && seen.some((step, i) => i > 0 && step < seen[i - 1]);
}}"""
"""The step shown, noted at every animation frame, until the player has gone back to the
start of its loop at least once and shown more than three steps."""
SIBLINGS = re.findall(r'const SIBLINGS = "([^"]+)"', (ROOT / "static/js/widget.js").read_text())
"""The channel sibling widgets talk on (static/js/widget.js's name, read from it)."""
PARTS = load_file(WEB / "page" / "common" / "options.py").CONTROLS
"""Every part a widget may show (the page's own table: its unit test checks it against the
markup's ``data-part`` attributes)."""


def open_widget(context: BrowserContext, base_url: str, query: str, *, ready: bool = True) -> Page:
    """embed.html with ``query`` in a new tab; waits for the player unless told not to."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "embed.html" + query)
    if ready:
        page.wait_for_function(
            "document.body.dataset.ready !== 'false'", timeout=READY_MS, polling=100
        )
        assert page.evaluate("document.body.dataset.ready") == "true"
    assert errors == []
    return page


def givens(page: Page) -> str:
    """The widget board's givens as a grid."""
    return page.evaluate(
        """[...document.querySelectorAll('#player .pcell')].map(c =>
             c.classList.contains('given') ? c.textContent : '.').join('')"""
    )


def visible_parts(page: Page) -> set[str]:
    """The player parts shown."""
    return set(
        page.evaluate(
            "[...document.querySelectorAll('[data-part]')].filter(e => !e.hidden)"
            ".map(e => e.dataset.part)"
        )
    )


def note_text(page: Page) -> str:
    """The widget's note line."""
    return page.locator("#player [data-role='note']").text_content() or ""


def test_defaults_show_leetcodes_example_with_every_control(
    context: BrowserContext, base_url: str
) -> None:
    """No parameters: LeetCode's example, naive, paused, every control, no note."""
    page = open_widget(context, base_url, "")
    assert givens(page) == LEETCODE
    assert page.evaluate("document.querySelector('#p-strategy').value") == "naive"
    assert page.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert visible_parts(page) == set(PARTS)
    assert not page.locator("#player [data-role='note']").is_visible()
    assert page.evaluate("document.documentElement.dataset.theme") == "auto"
    page.close()


def test_every_parameter_is_honoured(context: BrowserContext, base_url: str) -> None:
    """puzzle, strategy, speed, autoplay, loop, controls and theme each take effect."""
    query = (
        f"?puzzle={EASY}&strategy=mrv&speed=50&autoplay=1&loop=5-20"
        "&controls=play,counters,code&theme=dark"
    )
    page = open_widget(context, base_url, query)
    assert givens(page) == EASY
    assert page.evaluate("document.querySelector('#p-strategy').value") == "mrv"
    assert page.locator("#player [data-role='code']").text_content() == source("mrv")[0]
    assert page.locator("#player [data-role='speed-label']").text_content() == "50 steps/s"
    assert page.evaluate(f"{PLAYER}.dataset.state") == "playing"
    page.wait_for_function(LOOPED, polling="raf", timeout=READY_MS)
    seen = page.evaluate("window.__steps")
    assert min(seen) >= 5
    assert max(seen) <= 20
    assert len(set(seen)) > 3
    assert visible_parts(page) == {"play", "counters", "code"}
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 20, 27)"
    assert note_text(page) == ""
    page.close()


def test_leetcode_json_puzzle_and_max_speed(context: BrowserContext, base_url: str) -> None:
    """A LeetCode JSON board (URL-encoded) is read; speed=max is as fast as possible."""
    rows = [list(LEETCODE[r * 9 : r * 9 + 9]) for r in range(9)]
    query = "?puzzle=" + quote(json.dumps(rows)) + "&speed=max&theme=light"
    page = open_widget(context, base_url, query)
    assert givens(page) == LEETCODE
    label = page.locator("#player [data-role='speed-label']").text_content()
    assert label == "as fast as possible"
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    page.close()


def test_bad_parameters_fall_back_with_a_visible_note(
    context: BrowserContext, base_url: str
) -> None:
    """Every bad value falls back to its default and is named in the note; never blank."""
    query = (
        "?puzzle=12345&strategy=fastest&speed=warp&autoplay=perhaps&loop=9-1"
        "&controls=play,fly&theme=pink&colour=red"
        f"&{quote(SPOOF)}=1&{'n' * 300}=2"
    )
    page = open_widget(context, base_url, query)
    note = note_text(page)
    for problem in (
        "puzzle='12345'",
        "strategy='fastest'",
        "speed='warp'",
        "autoplay='perhaps'",
        "loop='9-1'",
        "controls='fly'",
        "theme='pink'",
        "'colour'='red'",
        "'\\u202egnp.exe'='1'",  # an unknown name is quoted, its bidi mark escaped
        "'" + "n" * 37 + "...'='2'",  # and cut, like a value
    ):
        assert problem in note
    assert "\u202e" not in note
    assert "n" * 38 not in note
    assert page.locator("#player [data-role='note']").is_visible()
    assert givens(page) == LEETCODE
    assert page.evaluate("document.querySelector('#p-strategy').value") == "naive"
    assert page.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert visible_parts(page) == {"play"}
    page.close()


def core_totals(puzzle: str, strategy: str) -> dict[str, str]:
    """The core's trace of ``puzzle`` (CPython): its number of events, last counters, end."""
    events = list(trace(puzzle, strategy))
    last = events[-1]
    numbers = {"steps": len(events), "nodes": last["nodes"], "backtracks": last["backtracks"]}
    totals = {name: f"{number:,}" for name, number in numbers.items()}
    return totals | {"max_depth": str(last["max_depth"]), "outcome": last["kind"]}


def compare_row(page: Page, strategy: str) -> dict[str, str]:
    """One strategy's row of the widget's compare table, as shown."""
    return {
        field: page.locator(f"#player [data-role='cmp-{strategy}-{field}']").text_content() or ""
        for field in ("steps", "nodes", "backtracks", "max_depth", "outcome")
    }


def test_compare_mode_counts_equal_the_cores(context: BrowserContext, base_url: str) -> None:
    """controls=compare: the table appears on request and holds the core's own counts."""
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&controls=play,compare")
    assert visible_parts(page) == {"play", "compare"}
    table = page.locator("#player [data-role='compare-table']")
    assert not table.is_visible()
    page.get_by_role("button", name="Compare all three").click()
    page.wait_for_function(f"{PLAYER}.dataset.compare === 'done'", timeout=READY_MS)
    assert table.is_visible()
    assert page.get_by_role("region", name="Strategies compared").get_attribute("tabindex") == "0"
    status = page.locator("#player [data-role='compare-status']")
    assert status.get_attribute("role") == "status"
    assert (status.text_content() or "").startswith("Done")
    for strategy in STRATEGIES:
        assert compare_row(page, strategy) == core_totals(LEETCODE, strategy)
    page.close()


def test_controls_without_compare_hide_it(context: BrowserContext, base_url: str) -> None:
    """A controls list that leaves compare out shows neither its button nor its table."""
    page = open_widget(context, base_url, "?controls=play,step,counters")
    assert visible_parts(page) == {"play", "step", "counters"}
    assert page.get_by_role("button", name="Compare all three").count() == 0
    assert page.get_by_role("region", name="Strategies compared").count() == 0
    page.close()


NAMED_BY = {
    "play": ("Play", "Pause"),
    "step": ("\u25b6", "\u25c0", "Step back", "Step forward"),
    "scrub": ("Timeline",),
    "speed": ("Speed", "steps/s"),
    "strategy": ("Strategy",),
    "legend": ("play/pause",),
    "compare": ("Compare",),
}
"""The words (and glyphs) a part shows: text that names it when it is absent."""


def absent_named(page: Page, shown: set[str]) -> list[str]:
    """The words of ``NAMED_BY`` that the page's visible text holds for absent parts."""
    text = page.evaluate("document.body.innerText")
    return [
        word
        for part, words in NAMED_BY.items()
        if part not in shown
        for word in words
        if word in text
    ]


@pytest.mark.parametrize("controls", ["none", "step,counters"])
def test_without_play_the_text_names_no_absent_control(
    browser: Browser, base_url: str, shots: Path, controls: str
) -> None:
    """No Play button: no text names a control that is absent, and what the caption
    offers works: a click on the board plays, another pauses (at a phone's width)."""
    context = browser.new_context(viewport={"width": 360, "height": 800})
    page = open_widget(context, base_url, "?controls=" + controls)
    shown = set(controls.split(",")) - {"none"}
    assert visible_parts(page) == shown
    caption = page.locator("#player [data-role='caption']").text_content() or ""
    assert caption.startswith("Ready: click the board")
    assert absent_named(page, shown) == []
    page.screenshot(path=shots / f"embed-controls-{controls}-360.png", full_page=True)
    board = page.locator("#player [data-role='board']")
    assert board.get_attribute("tabindex") == "0"
    assert "click it or press Space" in (board.get_attribute("aria-label") or "")
    board.click()
    page.wait_for_function(
        f"{PLAYER}.dataset.state === 'playing' && +{PLAYER}.dataset.steps > 2", timeout=READY_MS
    )
    assert absent_named(page, shown) == []
    board.click()
    page.wait_for_function(f"{PLAYER}.dataset.state === 'paused'", timeout=READY_MS)
    assert absent_named(page, shown) == []
    page.set_viewport_size({"width": 1000, "height": 800})
    page.screenshot(path=shots / f"embed-controls-{controls}-1000.png", full_page=True)
    context.close()


def test_with_play_the_board_is_only_a_board(context: BrowserContext, base_url: str) -> None:
    """With its Play button the widget says press Play; a click on the board plays nothing."""
    page = open_widget(context, base_url, "?controls=play")
    caption = page.locator("#player [data-role='caption']").text_content() or ""
    assert caption.startswith("Ready: press Play")
    page.locator("#player [data-role='board']").click()
    assert page.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert page.locator("#player [data-role='board']").get_attribute("tabindex") is None
    page.close()


def core_state(grid: str, strategy: str, step: int) -> tuple[str, dict[str, int]]:
    """The board (forced digits as digits) and the counters after ``step`` events of the
    core's own trace: what a link to that step must show."""
    cells, counters = list(grid), {"nodes": 0, "backtracks": 0, "depth": 0, "max-depth": 0}
    for event in islice(trace(grid, strategy), step):
        apply(cells, event)
        counters = {
            key.replace("_", "-"): event[key]
            for key in ("nodes", "backtracks", "depth", "max_depth")
        }
    return "".join(cells), counters


def shown_state(page: Page | Frame) -> tuple[str, dict[str, int]]:
    """The widget's board (the digits its cells hold: not the digit a blank current cell
    shows while it is tried) and counters as shown."""
    board = page.evaluate(
        """[...document.querySelectorAll('#player .pcell')].map(c =>
             ['given', 'guess', 'forced'].some(k => c.classList.contains(k))
             ? c.textContent : '.').join('')"""
    )
    counters = {
        role: int(
            (page.locator(f"#player [data-role='{role}']").text_content() or "").replace(",", "")
        )
        for role in ("nodes", "backtracks", "depth", "max-depth")
    }
    return board, counters


@pytest.mark.parametrize(
    ("strategy", "step"), [("naive", 1), ("mrv", 57), ("propagate", 40), ("naive", 9001)]
)
def test_a_step_link_opens_paused_at_that_step(
    context: BrowserContext, base_url: str, strategy: str, step: int
) -> None:
    """step=N opens paused with the board and counters exactly as after N steps of the
    core's trace (9001: past the first page, fetched on the way)."""
    page = open_widget(
        context,
        base_url,
        f"?puzzle={HARD if step > 4000 else LEETCODE}&strategy={strategy}&step={step}",
    )
    grid = HARD if step > 4000 else LEETCODE
    assert page.evaluate(f"+{PLAYER}.dataset.steps") == step
    assert page.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert shown_state(page) == core_state(grid, strategy, step)
    assert note_text(page) == ""
    page.close()


def test_a_step_past_the_end_shows_the_last_and_a_bad_step_says_so(
    context: BrowserContext, base_url: str
) -> None:
    """A step past the end of the search shows its last step; a step that is not a number
    falls back to step 0, with a note."""
    steps = sum(1 for _ in trace(EASY, "propagate"))
    page = open_widget(context, base_url, f"?puzzle={EASY}&strategy=propagate&step=999999")
    assert page.evaluate(f"+{PLAYER}.dataset.steps") == steps
    assert shown_state(page) == core_state(EASY, "propagate", steps)
    page.close()
    page = open_widget(context, base_url, f"?puzzle={EASY}&step=-3")
    assert page.evaluate(f"+{PLAYER}.dataset.steps") == 0
    assert "step='-3': not a step number; using step 0." in note_text(page)
    page.close()


def test_long_values_and_queries_are_ignored_and_said(
    context: BrowserContext, base_url: str
) -> None:
    """A step of 5,000 digits is ignored unread (MicroPython reads long numbers in quadratic
    time: 1.9 million digits froze the widget for minutes), the rest of the link is used;
    a query past the limit is ignored whole. The note says which."""
    page = open_widget(context, base_url, f"?puzzle={EASY}&step={'9' * 5_000}")
    assert givens(page) == EASY
    assert page.evaluate(f"+{PLAYER}.dataset.steps") == 0
    assert "step: 5,000 characters (at most 100); ignored." in note_text(page)
    page.close()
    query = f"?puzzle={EASY}&note={'%20' * 20_000}"
    page = open_widget(context, base_url, query)
    assert givens(page) == LEETCODE
    assert f"query has {len(query):,} characters (at most 16,000): all ignored." in note_text(page)
    page.close()


def test_the_bloggers_caption_is_plain_text_above_the_board(
    context: BrowserContext, base_url: str
) -> None:
    """note=TEXT shows above the board as text (markup stays text, length capped); without
    it the caption line takes no room."""
    text = "Watch <b>r1c3</b> fail:   the first   backtrack " + "x" * 300
    page = open_widget(context, base_url, "?note=" + quote(text))
    caption = page.locator("#player [data-role='host-caption']")
    shown = caption.text_content() or ""
    assert shown.startswith("Watch <b>r1c3</b> fail: the first backtrack x")
    assert len(shown) == 200
    assert shown.endswith("...")
    assert caption.locator("b").count() == 0
    above = page.evaluate(
        "document.querySelector('[data-role=host-caption]').getBoundingClientRect().bottom"
        " <= document.querySelector('#player .pboard').getBoundingClientRect().top"
    )
    assert above
    page.close()
    page = open_widget(context, base_url, "")
    assert not page.locator("#player [data-role='host-caption']").is_visible()
    page.close()


def test_markup_in_parameters_stays_text(context: BrowserContext, base_url: str) -> None:
    """URL text never becomes HTML: a script tag in a parameter shows as text in the note."""
    page = open_widget(context, base_url, "?theme=" + quote("<img src=x onerror=alert(1)>"))
    assert "<img src=x" in note_text(page)
    assert page.locator("#player [data-role='note'] img").count() == 0
    page.close()


def test_board_shows_the_puzzle_before_the_solver_is_ready(
    context: BrowserContext, base_url: str
) -> None:
    """The givens are painted, and the link's strategy shown in the menu, by the main
    thread while Python still loads."""
    page = open_widget(context, base_url, f"?puzzle={EASY}&strategy=propagate", ready=False)
    first = page.wait_for_function(
        "arg => [...document.querySelectorAll('#player .pcell')].map(c => c.textContent || '.')"
        ".join('') === arg && [document.body.dataset.ready, document.querySelector('#p-strategy')"
        ".value]",
        arg=EASY,
        timeout=READY_MS,
        polling="raf",
    ).json_value()
    assert first == ["false", "propagate"]  # read as the board first showed it: static/js
    page.close()


def test_starting_python_asks_for_the_runtime_at_once_and_once(
    browser: Browser, base_url: str
) -> None:
    """In view, the widget adds its preloads as it starts Python: the runtime, its config,
    its script and the files the config lists (its pack of compiled modules), and each
    preload is its file's request (``preloaded``; tests/e2e/test_cross_site.py: none
    before it starts)."""
    context = browser.new_context()
    page = open_widget(context, base_url, f"?puzzle={EASY}")
    found = preloaded(page, config=base_url + "pyscript-widget.toml")
    script = page.locator("script[type=mpy]")
    wanted = [script.get_attribute("src"), "./pyscript-widget.toml"]
    wanted += ["./static/vendor/micropython/micropython.wasm"]
    wanted += tomllib.loads((ROOT / "pyscript-widget.toml").read_text(encoding="utf-8"))["files"]
    assert {base_url + str(path).removeprefix("./") for path in wanted} <= found.keys()
    context.close()


def test_a_count_waits_while_a_sibling_widget_starts(
    context: BrowserContext, base_url: str
) -> None:
    """A widget counts a long search only while no sibling widget of the site is starting
    Python: one that says so when asked who is (and again each half second) holds the
    count at its start; once it says it has started, the count runs to its end."""
    assert len(SIBLINGS) == 1
    sibling = context.new_page()
    sibling.goto(base_url + "static/css/player.css")  # a document of the widget's origin
    sibling.evaluate(
        """name => {
            const channel = window.__channel = new BroadcastChannel(name);
            const say = (what) => channel.postMessage({ from: "sibling", say: what });
            channel.onmessage = ({ data }) => { if (data.say === "who") say("starting"); };
            window.__beat = setInterval(say, 500, "starting");
            window.__started = () => { clearInterval(window.__beat); say("started"); };
        }""",
        SIBLINGS[0],
    )
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=naive")
    page.wait_for_function("document.body.dataset.held === 'true'", timeout=READY_MS)
    assert page.evaluate(f"{PLAYER}.dataset.cost") == ""
    sibling.evaluate("window.__started()")
    page.wait_for_function(f"{PLAYER}.dataset.cost === '79462'", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.held") == "false"
    assert "This search takes 79,462 steps" in page.locator("#player").inner_text()
    sibling.close()
    page.close()


# -- a host page on another origin -------------------------------------------------------

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<title>A blog post</title></head>
<body>
<h1>How backtracking works</h1>
<script src="{app}static/js/embed.js"></script>
<sudoku-lab puzzle="{puzzle}" strategy="mrv">
<pre id="fallback">a plain-text board</pre>
</sudoku-lab>
<p>After the widget.</p>
</body></html>
"""


@pytest.fixture(scope="module")
def host_url(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A blog page served from a second local origin (another port) using the tag."""
    folder: Path = tmp_path_factory.mktemp("host")
    (folder / "post.html").write_text(HOST_PAGE.format(app=base_url, puzzle=EASY), "utf-8")
    server = Host(folder, "/")
    yield server.url + "post.html"
    server.stop()


@pytest.fixture
def host(browser: Browser, host_url: str, base_url: str) -> Iterator[Page]:
    """The host page in its own context; requests may go to the two local origins only."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    page = context.new_page()
    page.goto(host_url)
    yield page
    context.close()
    assert off_origin(off_origin(urls, origin_of(base_url)), origin_of(host_url)) == []


def widget_frame(page: Page) -> Frame:
    """The widget's frame inside the host page."""
    handle = page.wait_for_selector("sudoku-lab iframe")
    frame = handle.content_frame() if handle else None
    assert frame
    return frame


def test_cross_origin_tag_makes_a_sized_iframe(host: Page, base_url: str) -> None:
    """The tag becomes an iframe of the app's embed.html, sized by the widget's message."""
    iframe = host.locator("sudoku-lab iframe")
    src = iframe.get_attribute("src") or ""
    assert src.startswith(base_url + "embed.html?")
    assert f"puzzle={EASY}" in src
    host.wait_for_function("document.querySelector('sudoku-lab').dataset.height", timeout=READY_MS)
    height = int(host.evaluate("document.querySelector('sudoku-lab').dataset.height"))
    assert height > 300
    assert iframe.evaluate("f => f.getBoundingClientRect().height") == height
    assert not host.locator("#fallback").is_visible()
    frame = widget_frame(host)
    frame.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_MS)
    frame.locator("#player [data-role='play']").click()
    frame.wait_for_function(f"+{PLAYER}.dataset.steps > 3")
    frame.locator("#player [data-role='play']").click()
    now = frame.evaluate("document.body.dataset.height")
    host.wait_for_function(
        "h => document.querySelector('sudoku-lab').dataset.height === h", arg=now
    )


def test_only_the_exact_height_message_from_its_own_iframe_counts(host: Page) -> None:
    """Other shapes, other sources and absurd heights are ignored; the exact one is used."""
    host.wait_for_function("document.querySelector('sudoku-lab').dataset.height", timeout=READY_MS)
    frame = widget_frame(host)
    frame.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_MS)
    real = host.evaluate("document.querySelector('sudoku-lab').dataset.height")
    for message in (
        "{type: 'sudoku-lab:height', height: 123, extra: 1}",
        "{type: 'sudoku-lab:height', height: '123'}",
        "{type: 'other', height: 123}",
        "{type: 'sudoku-lab:height', height: 1e9}",
        "{type: 'sudoku-lab:height', height: -5}",
        "['sudoku-lab:height', 123]",
        "'sudoku-lab:height'",
    ):
        frame.evaluate(f"parent.postMessage({message}, '*')")
    host.evaluate("window.postMessage({type: 'sudoku-lab:height', height: 123}, '*')")
    frame.evaluate("parent.postMessage({type: 'sudoku-lab:height', height: 777}, '*')")
    host.wait_for_function("document.querySelector('sudoku-lab').dataset.height === '777'")
    assert real != "777"
    assert host.locator("sudoku-lab iframe").evaluate("f => f.style.height") == "777px"


def test_without_javascript_the_tags_board_and_the_widgets_note_show(
    browser: Browser, host_url: str, base_url: str
) -> None:
    """No JS: the host shows the tag's plain-text board; the widget says it needs JS."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(host_url)
    assert page.locator("#fallback").is_visible()
    page.goto(base_url + "embed.html?puzzle=" + EASY)
    assert "needs JavaScript" in (page.locator("main").text_content() or "")
    context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_widget_screenshots_in_a_host_page(
    browser: Browser, host_url: str, theme: str, shots: Path
) -> None:
    """The widget in a blog page, light and dark, as a reader sees it (for the docs)."""
    context = browser.new_context(viewport={"width": 820, "height": 1000}, color_scheme=theme)
    page = context.new_page()
    page.goto(host_url)
    frame = widget_frame(page)
    frame.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_MS)
    for _ in range(12):
        frame.locator("#player [data-role='forward']").click()
    frame.wait_for_function(f"{PLAYER}.dataset.steps === '12'")
    height = frame.evaluate("document.body.dataset.height")
    page.wait_for_function(  # the frame is sized to the widget as it is now
        "h => document.querySelector('sudoku-lab').dataset.height === h", arg=height
    )
    page.screenshot(path=shots / f"embed-{theme}.png", full_page=True)
    assert frame.evaluate(f"{PLAYER}.dataset.steps") == "12"
    context.close()
