"""The post's own code in the widget (issue 24): a recording made by ``sudoku watch
--record`` plays in embed.html, from an iframe's ``#trace=`` and from a ``<sudoku-lab
recording>`` tag of a blog post, with each write's own line marked in the post's code;
hostile recordings give one note and the widget plays on without them; a widget without
a recording loads none of the code that plays one."""

from __future__ import annotations

import base64
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Host, off_origin, origin_of
from playwright.sync_api import Browser, BrowserContext, Page
from support import LEETCODE
from test_a11y import axe_violations

from sudoku.cli.watch import fragment
from sudoku.plain import STARTING_POINTS, unmarked
from sudoku.recording import record
from sudoku.watching import Event, watch

PLAYER = "document.querySelector('#player')"
READY_MS = 120_000
SETS = unmarked(STARTING_POINTS["sets per unit"])[0]
HOSTILE_CODE = (
    '# </script><img src=x onerror="window.__owned = 1"> <b>bold</b>\n'
    "def solve(board):\n"
    "    board[0][2] = '4'\n"
    "    board[0][3] = '6'\n"
    "    board[0][3] = '.'\n"
)
"""A post's code whose text holds markup, even the end of the script element it sits in."""
PLAYING_ONLY = ("recording.js", "mpy-widget-worker.recorded_files.pack")
"""The files only a widget playing a recording loads (the second, its worker's modules
that play it: scripts/pyconfig.py's ``pack_path``)."""


def recorded(code: str, grid: str = LEETCODE) -> tuple[str, list[Event]]:
    """``code`` run on ``grid``: its recording (``sudoku watch --record``) and events."""
    events: list[Event] = []
    run = watch(code, grid, on_event=events.append)
    return record(code, grid, events, run), events


def packed(data: bytes) -> str:
    """``data`` deflated, as a ``trace=`` value."""
    return base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


def opened(context: BrowserContext, url: str) -> tuple[Page, list[str], list[str]]:
    """``url`` in a new tab, once the widget is ready; its errors and requests."""
    page = context.new_page()
    errors: list[str] = []
    urls: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: urls.append(request.url))
    page.goto(url)
    page.wait_for_function(
        "['true', 'failed'].includes(document.body.dataset.ready)", timeout=READY_MS
    )
    assert page.evaluate("document.body.dataset.ready") == "true"
    return page, errors, urls


def shown(page: object) -> dict[str, object]:
    """What the player shows: step, marked line, caption, board, note, code."""
    return page.evaluate(  # type: ignore[attr-defined, no-any-return]
        f"""() => {{
        const root = {PLAYER};
        const part = role => root.querySelector(`[data-role='${{role}}']`);
        return {{
            step: +root.dataset.steps,
            recorded: root.dataset.recorded,
            line: +(root.querySelector('.line.current')?.dataset.line ?? 0),
            caption: part('caption').textContent,
            note: part('note').hidden ? '' : part('note').textContent,
            board: [...root.querySelectorAll('.pcell')].map(c => c.textContent || '.').join(''),
            code: part('code').textContent,
        }};
    }}"""
    )


def boards(grid: str, events: list[Event]) -> list[str]:
    """The board after each event (index 0: before any)."""
    cells, seen = list(grid), [grid]
    for event in events:
        index = int(event["cell"][1]) * 9 + int(event["cell"][3]) - 10
        cells[index] = event["digit"] if event["kind"] == "place" else "."
        seen.append("".join(cells))
    return seen


def test_an_iframe_plays_the_posts_code_with_each_writes_line(
    context: BrowserContext, base_url: str
) -> None:
    """``#trace=`` as ``sudoku watch --record=fragment`` prints it: the post's code in the
    code panel, and at each step the line that wrote, the cell written, the caption; End
    is the run's last write; the files that play it came only now."""
    text, events = recorded(SETS)
    page, errors, urls = opened(context, f"{base_url}embed.html?speed=max#{fragment(text)}")
    after = boards(LEETCODE, events)
    first = shown(page)
    assert (first["recorded"], first["step"], first["line"], first["code"]) == (
        "true",
        0,
        0,
        SETS.rstrip("\n") + "\n",
    )
    assert "Your code writes to the board 8,365 times" in str(first["caption"])
    for step in range(1, 41):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"+{PLAYER}.dataset.steps === {step}")
        now, event = shown(page), events[step - 1]
        assert now["line"] == event["line"], step
        index = int(event["cell"][1]) * 9 + int(event["cell"][3]) - 10
        ghost = after[step][:index] + event["digit"] + after[step][index + 1 :]
        assert now["board"] == ghost, step  # an undone digit still shows, as undone
        verb = "writes" if event["kind"] == "place" else "sets"
        assert str(now["caption"]).startswith(f"Line {event['line']} {verb} "), now["caption"]
    page.keyboard.press("End")
    page.wait_for_function(f"+{PLAYER}.dataset.steps === {len(events)}")
    assert shown(page)["board"] == after[-1]
    assert all(any(url.endswith(name) for url in urls) for name in PLAYING_ONLY)
    assert errors == []


def test_a_widget_without_a_recording_loads_nothing_of_it(
    context: BrowserContext, base_url: str
) -> None:
    """A widget with no ``#trace=`` requests none of the files that play one."""
    page, errors, urls = opened(context, f"{base_url}embed.html")
    assert shown(page)["recorded"] == "false"
    assert [url for url in urls if url.endswith(PLAYING_ONLY)] == []
    assert errors == []


BIG = packed(b"[" * 5_000_000)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("%3Cscript%3E", "trace: not base64url text; ignored."),
        ("A" * 1_000_001, "trace: 1,000,001 characters (at most 1,000,000); ignored."),
        ("AAAA", "trace: it is not deflate data"),
        (BIG, "trace: it inflates to more than 4,000,000 bytes; ignored."),
        (packed(b"\xff\xfe"), "trace: it does not inflate to UTF-8 text; ignored."),
        (
            packed(b"<img src=x onerror=alert(1)>"),
            "Cannot play this recording: recording: not JSON",
        ),
        (
            packed(recorded(HOSTILE_CODE)[0].replace("u146", "u145").encode()),
            (
                "Cannot play this recording: recording: step 3 ('u145:5:1'): undoes 5 at r1c4,"
                " which holds 6"
            ),
        ),
        (
            packed(b'{"recording": ' + b"9" * 1_000_000 + b"}"),
            "Cannot play this recording: recording: a number of more than 1000 digits",
        ),
        (
            packed(b'{"recording": 1, "message": "' + b"x" * 3_000_000 + b'"}'),
            "Cannot play this recording: recording: longer than 620000 characters",
        ),
    ],
    ids=[
        "markup",
        "too long",
        "not deflate",
        "bomb",
        "not utf-8",
        "not json",
        "bad undo",
        "million digits",
        "long string",
    ],
)
def test_a_hostile_recording_is_one_note_and_the_widget_plays_on(
    context: BrowserContext, base_url: str, value: str, said: str
) -> None:
    """A trace that cannot play: one line in the note, ending with what plays instead (the
    URL's strategy); no error on the page, no markup from it."""
    page, errors, _ = opened(context, f"{base_url}embed.html?strategy=mrv#trace={value}")
    now = shown(page)
    assert now["recorded"] == "false"
    assert str(now["note"]).startswith(said), now["note"]
    assert str(now["note"]).endswith(" Playing mrv instead.")
    assert "\n" not in str(now["note"])
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert errors == []


POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>My solveSudoku, step by step</title></head>
<body>
<h1>How my solution searches</h1>
<script src="{app}static/js/embed.js"></script>
<sudoku-lab recording controls="play,step,counters,code">
<script type="application/json">{inline}</script>
<pre>a plain-text board</pre>
</sudoku-lab>
<p>The same run, from an element of the post:</p>
<sudoku-lab recording="my-run" controls="play,step,counters,code"></sudoku-lab>
<script type="application/json" id="my-run">{named}</script>
</body></html>
"""


@pytest.fixture(scope="module")
def post(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A blog post on a second local origin with two tags playing recordings: one inline,
    one naming an element; the code holds markup and a ``</script>``."""
    folder: Path = tmp_path_factory.mktemp("post")
    inline, named = recorded(SETS)[0], recorded(HOSTILE_CODE)[0]
    html = POST.format(app=base_url, inline=inline, named=named)
    (folder / "post.html").write_text(html, "utf-8")
    server = Host(folder, "/")
    yield server.url + "post.html"
    server.stop()


def test_a_blog_posts_tags_play_the_posts_code(browser: Browser, post: str, base_url: str) -> None:
    """Each tag's widget plays its recording with its lines marked; the code's markup is
    text in the code panel, in the post and in the widget; requests stay on the two
    origins."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    urls: list[str] = []
    errors: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(post)
    _, events = recorded(HOSTILE_CODE)
    for number, (code, lines) in enumerate([(SETS, None), (HOSTILE_CODE, events)]):
        handle = page.locator("sudoku-lab iframe").nth(number)
        handle.scroll_into_view_if_needed()
        frame = handle.element_handle().content_frame()
        assert frame
        frame.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_MS)
        assert shown(frame)["code"] == code.rstrip("\n") + "\n"
        frame.locator("#player [data-role='forward']").click()
        frame.wait_for_function(f"+{PLAYER}.dataset.steps === 1")
        assert shown(frame)["line"] == (lines[0]["line"] if lines else shown(frame)["line"])
        assert shown(frame)["line"] > 0
        assert frame.evaluate("document.querySelectorAll('img').length") == 0
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.evaluate("window.__owned") is None
    assert errors == []
    assert off_origin(off_origin(urls, origin_of(base_url)), origin_of(post)) == []
    context.close()


def test_a_recorded_widget_has_no_axe_violations(context: BrowserContext, base_url: str) -> None:
    """The widget playing a recording, an error's message in its note, mid-run: zero axe
    violations (the renamed counters and headings, the open writes, the marked line)."""
    code = (
        "def solve(board):\n    board[0][2] = '4'\n    board[0][3] = '6'\n"
        "    board[0][3] = '.'\n    return 1 / 0\n"
    )
    page, errors, _ = opened(context, f"{base_url}embed.html#{fragment(recorded(code)[0])}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"+{PLAYER}.dataset.steps === 2")
    assert shown(page)["note"] == "error on line 5: ZeroDivisionError: division by zero"
    assert axe_violations(page) == []
    assert errors == []
