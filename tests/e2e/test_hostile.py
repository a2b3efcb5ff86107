"""Hostile input on the pages: markup and script in every place text comes in.

Paste, the import box, every URL parameter of index.html and embed.html, every attribute
of the ``<sudoku-lab>`` tag and error messages that quote input each get HTML and script
payloads. Nothing may run (no dialog, ``window.__pwned`` stays undefined), no element may
come from a payload, the text shows literally, and a failed read never touches the board.
postMessage traffic of foreign shapes is ignored by the app, the widget and the host.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from conftest import ROOT, load_script, wait_ready
from helpers import (
    BARRIER,
    cell_values,
    expect_barrier,
    load,
    paste,
    show_import_export,
    wait_barrier,
    wait_verdict,
)
from playwright.sync_api import BrowserContext, Dialog, Frame, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PAYLOADS = (
    '<img src=x onerror="window.__pwned=1;alert(1)">',
    '"><script>window.__pwned=1;alert(1)</script>',
    "javascript:window.__pwned=1;alert(1)",
    "<svg onload=window.__pwned=1>",
)
READY_MS = 120_000

INJECTED = """() => {
    const bad = [];
    for (const el of document.querySelectorAll('*:not(sudoku-lab)')) {
        for (const attr of el.attributes) {
            if (attr.name.startsWith('on')) bad.push(el.tagName + ' ' + attr.name);
            if (/^\\s*javascript:/i.test(attr.value)) bad.push(el.tagName + ' ' + attr.name);
        }
    }
    for (const el of document.querySelectorAll('img, svg, script:not([src])')) {
        bad.push(el.tagName);
    }
    return bad;
}"""
"""Elements or attributes only a payload could have made (the pages have none of them;
the host's own <sudoku-lab> tag carries the payloads as its author wrote them)."""


@pytest.fixture
def dialogs(app: Page) -> Iterator[list[str]]:
    """Every dialog (alert, confirm, prompt) the app page opens during the test."""
    seen: list[str] = []

    def record(dialog: Dialog) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    app.on("dialog", record)
    yield seen
    app.remove_listener("dialog", record)


def assert_inert(page: Page | Frame, dialogs: list[str]) -> None:
    """No payload ran and none became an element."""
    assert dialogs == []
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.evaluate(INJECTED) == []


def message_text(page: Page) -> str:
    """The message list's text."""
    return page.locator("#messages").text_content() or ""


def quoted_board(payload: str) -> str:
    """LeetCode JSON whose r1c1 holds the payload: the error message quotes that cell."""
    rows = [["."] * 9 for _ in range(9)]
    rows[0][0] = payload
    return json.dumps(rows)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_pasted_on_the_board_is_shown_as_text_and_keeps_the_board(
    board: Page, dialogs: list[str], payload: str
) -> None:
    """A payload pasted as a puzzle, or quoted by the error, stays text; the board stays."""
    before = load(board, "leetcode")
    for text in (payload, quoted_board(payload)):
        paste(board, "#r5c5", text)
        wait_verdict(board, "unread")
        assert cell_values(board) == before
        assert_inert(board, dialogs)
    # the second paste's answer replaces the first's message (the verdict was "unread" already)
    board.wait_for_function(
        "quote => document.querySelector('#messages').textContent.includes(quote)",
        arg=repr(payload)[:17],  # the quote, literally (cut at 20)
    )
    assert_inert(board, dialogs)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payload_in_the_import_box_is_shown_as_text_and_keeps_the_board(
    board: Page, dialogs: list[str], payload: str
) -> None:
    """The import box: same rule as paste, and the box keeps what the user typed."""
    before = load(board, "easy")
    show_import_export(board)
    text = quoted_board(payload)
    board.locator("#import-text").fill(text)
    board.locator("#import").click()
    wait_verdict(board, "unread")
    assert cell_values(board) == before
    assert board.locator("#import-text").input_value() == text
    assert message_text(board).startswith("Could not read the import box: r1c1: ")
    assert repr(payload)[:17] in message_text(board)
    assert_inert(board, dialogs)
    show_import_export(board, shown=False)


def test_foreign_messages_to_the_app_change_nothing(board: Page, dialogs: list[str]) -> None:
    """postMessage of any shape to the app is ignored: board and status stay as they were."""
    before = load(board, "easy")
    status = board.locator("#status").text_content()
    expect_barrier(board)
    for message in (
        "{type: 'sudoku-lab:height', height: 1}",
        "{puzzle: '1'.repeat(81)}",
        f"{json.dumps(PAYLOADS[0])}",
        "{type: 'sudoku-lab:load', board: [['1']]}",
    ):
        board.evaluate(f"window.postMessage({message}, '*')")
    board.evaluate("b => window.postMessage(b, '*')", BARRIER)
    wait_barrier(board)
    assert cell_values(board) == before
    assert board.locator("#status").text_content() == status
    assert_inert(board, dialogs)


RECORD_VIOLATIONS = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"""
"""Collects every Content-Security-Policy violation of a page from its first script."""

CSP = (
    "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "worker-src 'self' blob:; connect-src 'self'; img-src 'self' blob:; frame-src 'self'; "
    "style-src 'self'; "
    "manifest-src 'self'; base-uri 'none'; form-action 'none'"
)
"""The policy docs/security.md explains, directive by directive."""


@pytest.mark.parametrize("name", ["index.html", "embed.html"])
def test_both_pages_carry_the_documented_policy(name: str) -> None:
    """Each page, as served, sets exactly the documented CSP in a meta tag (its one source:
    src/web/page/common/head.html, which both include), and has no inline script."""
    html = load_script("serve").render(ROOT, name)
    assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in html
    assert "<script>" not in html
    assert re.search(r"<[^>]*\son[a-z]+\s*=", html) is None  # no on*= handler attributes


def open_page(context: Any, url: str) -> tuple[Page, list[str], list[str]]:
    """A new tab at ``url`` recording dialogs and page errors."""
    page = context.new_page()
    seen: list[str] = []
    errors: list[str] = []
    page.on("dialog", lambda dialog: (seen.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(url)
    return page, seen, errors


def hostile_query(pairs: list[tuple[str, str]]) -> str:
    """A query of ``pairs`` plus a parameter whose name is a payload, all percent-encoded."""
    pairs = [*pairs, (PAYLOADS[0], "1")]
    return "?" + "&".join(f"{quote(n, safe='')}={quote(v, safe='')}" for n, v in pairs)


def test_every_url_parameter_of_the_app_stays_text(context: BrowserContext, base_url: str) -> None:
    """index.html?puzzle=<payload>&strategy=<payload>...: quoted as text, board empty, inert."""
    query = hostile_query(
        [
            ("puzzle", quoted_board(PAYLOADS[0])),
            ("strategy", PAYLOADS[1]),
            ("speed", PAYLOADS[2]),
            ("theme", PAYLOADS[3]),
        ]
    )
    page, seen, errors = open_page(context, base_url + query)
    try:
        wait_ready(page)
        wait_verdict(page, "unread")
        assert cell_values(page) == "." * 81
        assert message_text(page).startswith("Could not read the link: r1c1: ")
        assert repr(PAYLOADS[0])[:17] in message_text(page)
        assert page.locator("#p-strategy").input_value() == "naive"
        page.wait_for_function("document.querySelector('#player').dataset.trace")
        note = page.locator("#player [data-role='note']").text_content() or ""
        assert "strategy='" + PAYLOADS[1][:20] in note  # still shown once the trace opened
        assert_inert(page, seen)
        assert errors == []
        assert page.evaluate("window.__violations") == []  # booted and solved within the CSP
        page.evaluate(
            """() => { const s = document.createElement('script');
                       s.textContent = 'window.__pwned = 1'; document.body.append(s); }"""
        )
        assert page.evaluate("typeof window.__pwned") == "undefined"  # inline script blocked
        assert page.evaluate("window.__violations") == ["script-src-elem inline"]
    finally:
        page.close()


@pytest.fixture
def tagged_host(context: BrowserContext, base_url: str) -> Iterator[Page]:
    """A host page whose <sudoku-lab> tag has a payload in every attribute, widget booted."""
    attributes = (
        "puzzle",
        "strategy",
        "speed",
        "autoplay",
        "loop",
        "controls",
        "theme",
        "title",
    )
    page, seen, errors = open_page(context, base_url + "no-such-host.html")
    attrs = " ".join(
        f"{name}='{PAYLOADS[i % len(PAYLOADS)].replace(chr(39), '&#39;')}'"
        for i, name in enumerate(attributes)
    )
    page.set_content(
        f"<!doctype html><title>host</title><sudoku-lab {attrs}><p>fallback</p></sudoku-lab>"
        f"<script src='{base_url}static/js/embed.js'></script>"
    )
    frame = page.wait_for_selector("sudoku-lab iframe", state="attached")
    content = frame.content_frame() if frame else None
    assert content
    content.wait_for_function(  # the frame's own document, not the blank one before it
        "['true', 'failed'].includes(document.body?.dataset.ready)", timeout=READY_MS
    )
    yield page
    page.close()
    assert seen == []
    assert errors == []


def widget(host: Page) -> Frame:
    """The widget frame of the host page."""
    handle = host.query_selector("sudoku-lab iframe")
    frame = handle.content_frame() if handle else None
    assert frame
    return frame


def test_tag_attributes_become_url_parameters_never_markup(tagged_host: Page) -> None:
    """embed.js puts each attribute in the iframe's query (encoded); nothing runs anywhere."""
    src = tagged_host.locator("sudoku-lab iframe").get_attribute("src") or ""
    assert "embed.html?puzzle=%3Cimg+src%3Dx+onerror%3D" in src
    assert "<" not in src
    assert tagged_host.locator("sudoku-lab iframe").get_attribute("title") == PAYLOADS[3]
    frame = widget(tagged_host)
    assert frame.evaluate("document.body.dataset.ready") == "true"
    note = frame.locator("#player [data-role='note']").text_content() or ""
    assert "strategy='" + PAYLOADS[1][:20] in note  # the payload, quoted literally (cut)
    assert frame.evaluate("document.documentElement.dataset.theme") == "auto"
    assert_inert(tagged_host, [])
    assert_inert(frame, [])


def agreed_height(host: Page, frame: Frame) -> str:
    """The widget's height once the host's tag shows the one it reported last, read again
    while they differ (a widget still settling reports a new one), for 30 s at most."""
    for _ in range(15):
        real: str = frame.evaluate("document.body.dataset.height")
        try:
            host.wait_for_function(
                "h => document.querySelector('sudoku-lab').dataset.height === h",
                arg=real,
                timeout=2000,
            )
        except PlaywrightTimeoutError:
            continue  # the widget reported another height since: read it again
        return real
    raise AssertionError("the host never showed the height the widget reported")


def test_the_host_takes_only_the_exact_height_message(tagged_host: Page) -> None:
    """Payload-carrying and malformed messages from the widget or elsewhere are ignored."""
    frame = widget(tagged_host)
    real = agreed_height(tagged_host, frame)
    expect_barrier(tagged_host)
    for message in (
        f"{{type: 'sudoku-lab:height', height: {json.dumps(PAYLOADS[0])}}}",
        "{type: 'sudoku-lab:height', height: 50, html: '<img src=x onerror=alert(1)>'}",
        "{type: 'sudoku-lab:height', height: NaN}",
        "{type: 'sudoku-lab:height', height: Infinity}",
        "{type: 'sudoku-lab:height', height: 0}",
        "{type: 'sudoku-lab:height', height: 10001}",
        "Object.assign(Object.create({type: 'sudoku-lab:height'}), {height: 42})",
        "null",
        json.dumps(PAYLOADS[1]),
    ):
        frame.evaluate(f"parent.postMessage({message}, '*')")
    frame.evaluate("b => parent.postMessage(b, '*')", BARRIER)
    wait_barrier(tagged_host)
    assert tagged_host.evaluate("document.querySelector('sudoku-lab').dataset.height") == real
    assert_inert(tagged_host, [])


def test_foreign_messages_to_the_widget_change_nothing(tagged_host: Page) -> None:
    """The widget listens to no message: hostile ones leave its state and DOM alone."""
    frame = widget(tagged_host)
    before = frame.evaluate("document.querySelector('#player').dataset.steps")
    expect_barrier(frame)
    for message in (
        "{type: 'sudoku-lab:height', height: 5}",
        "{type: 'play'}",
        "{puzzle: '1'.repeat(81)}",
        json.dumps(PAYLOADS[0]),
    ):
        tagged_host.evaluate(
            f"document.querySelector('sudoku-lab iframe').contentWindow.postMessage({message}, '*')"
        )
    tagged_host.evaluate(
        "b => document.querySelector('sudoku-lab iframe').contentWindow.postMessage(b, '*')",
        BARRIER,
    )
    wait_barrier(frame)
    assert frame.evaluate("document.querySelector('#player').dataset.steps") == before
    assert_inert(frame, [])


SCRIPT_SITES = (
    "javascript://x/%0aparent.__pwned=document.domain//",
    "JaVaScRiPt://x/%0aparent.__pwned=document.domain//",
    "javascript:/x/%0aparent.__pwned=document.domain//",
    "file:///etc/",
)
"""``site`` attributes that are no web address: a frame of the first three would run
their text in the host page's origin (``new URL("embed.html", site)`` keeps the scheme),
the last would point the frame at the reader's disk."""


def test_a_site_that_is_no_web_address_makes_no_frame(
    context: BrowserContext, base_url: str
) -> None:
    """A tag whose ``site`` is not http: or https: gets no iframe, runs nothing, keeps its
    content and says why in the console; a tag with the real site beside it still works."""
    page, seen, errors = open_page(context, base_url + "no-such-host.html")
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    tags = "".join(
        f"<sudoku-lab site='{site}'><p>fallback {i}</p></sudoku-lab>"
        for i, site in enumerate(SCRIPT_SITES)
    )
    page.set_content(
        f"<!doctype html><title>host</title>{tags}<sudoku-lab id='good' site='{base_url}'>"
        f"</sudoku-lab><script src='{base_url}static/js/embed.js'></script>"
    )
    page.wait_for_selector("#good iframe", state="attached")
    assert page.locator("sudoku-lab iframe").count() == 1
    assert page.locator("sudoku-lab p:visible").count() == len(SCRIPT_SITES)
    refused = [text for text in said if "must be an http: or https: address" in text]
    assert len(refused) == len(SCRIPT_SITES)
    assert '"javascript:"' in refused[0]
    assert '"file:"' in refused[-1]
    assert_inert(page, seen)
    assert errors == []
    page.close()
