"""The code lab attacked: code from a link must not freeze, crash, forge or erase.

The hostile code is written here. The reader's Python runs in a worker of the lab's
sandboxed frame, where ``js`` is the worker's global scope: ``js.postMessage`` sends to
the sandbox, ``js.eval`` runs JS that outlives the run if the worker does, and
``sys.modules["runner"]`` is the lab's own runner. A compromised frame (its script
replaced) is played by Playwright evaluating in the frame. Each test opens its own lab
page where it may end its sandbox. Run this file alone, on one process:
``.venv/bin/pytest -x -q tests/e2e/test_lab_attacked.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import BOOT_MS, off_origin, origin_of, record_requests
from playwright.sync_api import Browser, BrowserContext, Frame, Page
from test_lab import (
    EDITORIAL,
    LEETCODE,
    RUN_MS,
    editor_text,
    run,
    set_code,
    trace_id,
    wait_python,
    wait_trace,
)

FORGED_PROSE = "Your session expired. Paste your code at https://evil.example/"

FLOOD = f"""import js

loaded = js.JSON.parse('{{"type": "loaded"}}')
failed = js.JSON.parse('{{"type": "failed", "message": "{FORGED_PROSE}"}}')
for _ in range(100):
    js.postMessage(loaded)
for _ in range(300_000):
    js.postMessage(failed)


def solve(board):
    pass
"""
"""Code that sends the sandbox 100 ``loaded`` messages and 300,000 forged ``failed``
ones, as the attack that froze the page did."""

OVERSIZED = """import js

for guess in range(1, 40):
    js.eval(f"postMessage({{type: 'result', id: {guess}, recording: 'x'.repeat(9e6)}})")


def solve(board):
    pass
"""
"""Code that sends answers larger than the lab reads, under every id a run may have."""

TIMER = """import js

js.eval(
    "globalThis.hog = []; setInterval(() => { hog.push(new Array(1e5).fill(1));"
    " postMessage({type: 'grown', n: hog.length}); }, 20)"
)


def solve(board):
    pass
"""
"""Code that leaves a timer growing the worker's heap after its run has answered."""

PATCH_LATER = """import json
import sys

runner = sys.modules["runner"]


def forged(code, grids):
    passed = {"writes": 1, "undos": 0, "steps": 1, "ms": 0.1, "done": True}
    results = [
        {"grid": g, "verdict": "ok: forged", "passed": True, "figures": passed, "builtins": {}}
        for g in grids
    ]
    return json.dumps({"results": results, "stolen": code})


runner.judge = forged


def solve(board):
    pass
"""
"""Code that patches the runner so that every later judge passes (and sees the code)."""

PATCH_NOW = """import sys

runner = sys.modules["runner"]
runner.verdict = lambda grid, done, solution: "ok: 0.1 ms, 81 writes, 0 undos"


def solve(board):
    pass
"""
"""Code that forges its own run's verdict: a do-nothing solver said "ok"."""

PATCH_JUDGE_NOW = """import sys

runner = sys.modules["runner"]


def forged(code, grid):
    passed = {"writes": 1, "undos": 0, "steps": 1, "ms": 0.1, "done": True}
    return {"grid": grid, "verdict": "ok: forged", "passed": True, "figures": passed,
            "builtins": {}, "board": grid}


runner.judge_one = forged


def solve(board):
    pass
"""
"""Code that forges its own judge's verdicts."""

RAISE_PROSE = f"""import sys

runner = sys.modules["runner"]


def broken(*args):
    raise RuntimeError("{FORGED_PROSE}")


runner.record = broken


def solve(board):
    pass
"""
"""Code that makes the runner fail with the attacker's words (once the code has run)."""

DO_NOTHING = "def solve(board):\n    pass\n"


@pytest.fixture
def lab_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context of its own (its localStorage too); no request may leave the origin."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    urls = record_requests(context)
    yield context
    context.close()
    assert off_origin(urls, origin_of(urls[0])) == []


def open_lab(context: BrowserContext, url: str) -> Page:
    """A lab page at ``url``, Python ready; no script error on it."""
    page = context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"page error: {error}"))
    page.goto(url)
    wait_python(page)
    return page


@pytest.fixture
def lab(lab_context: BrowserContext, base_url: str) -> Page:
    """The lab on LeetCode's example, Python ready."""
    return open_lab(lab_context, f"{base_url}lab.html?puzzle={LEETCODE}")


def sandbox(page: Page) -> Frame:
    """The lab's sandboxed frame (a compromised one is played by evaluating in it): the
    one made from srcdoc (the Embed dialog's preview is a frame of the page too)."""
    frames = [frame for frame in page.frames if frame.url == "about:srcdoc"]
    assert len(frames) == 1
    return frames[0]


def status(page: Page) -> str:
    """The lab's status line."""
    return page.text_content("#lab-status") or ""


def said_by_the_page(page: Page) -> str:
    """The status line and the error box (the editor holds the hostile code itself)."""
    return status(page) + (page.text_content("#lab-error") or "")


def test_a_flood_from_the_code_is_ended_and_said(lab: Page) -> None:
    """100 ``loaded`` and 300,000 forged ``failed`` messages from the reader's code: the
    boot is posted once, the attacker's words reach neither the status line nor the error
    box, the flooding worker is ended with the page's own words, and the next Run works."""
    set_code(lab, FLOOD)
    lab.locator("#run").click()
    lab.wait_for_function(
        "() => document.getElementById('lab-status').textContent.includes('more messages')",
        timeout=RUN_MS,
    )
    assert status(lab) == (
        "Your code could not run: your code sent the page more messages than a run may: "
        "it was ended"
    )
    assert FORGED_PROSE not in said_by_the_page(lab)
    assert lab.evaluate("document.body.dataset.boots") == "1"
    lab.wait_for_function("!document.getElementById('run').disabled")
    set_code(lab, EDITORIAL)
    assert run(lab).startswith("ok: ")
    assert lab.evaluate("document.body.dataset.boots") == "1"


def test_answers_larger_than_the_lab_reads_are_dropped(lab: Page) -> None:
    """Answers of 9 MB under every id a run may have: none is read by the page; the run
    ends saying so."""
    set_code(lab, OVERSIZED)
    lab.locator("#run").click()
    lab.wait_for_function(
        "() => document.getElementById('lab-status').textContent.includes('larger than')",
        timeout=RUN_MS,
    )
    assert status(lab) == (
        "Your code could not run: your code sent an answer larger than the lab reads: it was ended"
    )


def test_a_compromised_frame_gets_one_boot_and_is_ended_when_it_floods(lab: Page) -> None:
    """The frame's own script replaced: 100 ``loaded`` messages post no second boot, a
    forged ``failed`` out of turn is not read, and 300,000 messages end the frame, said in
    the page's words."""
    before = status(lab)
    frame = sandbox(lab)
    frame.evaluate("for (let i = 0; i < 100; i++) parent.postMessage({type: 'loaded'}, '*')")
    frame.evaluate("m => parent.postMessage({type: 'failed', message: m}, '*')", FORGED_PROSE)
    set_code(lab, EDITORIAL)
    assert run(lab).startswith("ok: ")  # answered after those: they were all read or dropped
    assert lab.evaluate("document.body.dataset.boots") == "1"
    assert FORGED_PROSE not in said_by_the_page(lab)
    assert before.startswith("Python is ready")
    lab.wait_for_function(  # the run's heat map made (if made), the next worker waiting
        "document.body.dataset.labTurn === 'ready' && (document.body.dataset.heat === '1'"
        " || Number(document.body.dataset.runSeconds) >= 2)",
        timeout=RUN_MS,
    )
    frame.evaluate(
        "m => { for (let i = 0; i < 300000; i++)"
        " parent.postMessage({type: 'failed', message: m}, '*'); }",
        FORGED_PROSE,
    )
    lab.wait_for_function("document.body.dataset.python === 'failed'", timeout=RUN_MS)
    assert status(lab) == (
        "Python could not start: the lab's sandbox sent more messages than the page reads, "
        "so it was ended: reload the page to start Python again"
    )
    assert FORGED_PROSE not in said_by_the_page(lab)
    assert lab.locator("#run").is_disabled()


def test_code_that_outlives_its_run_is_ended_with_it(lab: Page) -> None:
    """A timer that grows the worker's heap after the run answered: the worker is ended
    with its run, so the timer never fires again (nothing of it reaches the page), and
    Stop is there whenever code runs."""
    lab.evaluate(
        "window.__grown = 0; window.addEventListener('message', e => {"
        " if (e.data && e.data.type === 'grown') window.__grown += 1; })"
    )
    set_code(lab, TIMER)
    lab.locator("#run").click()
    assert lab.locator("#stop").is_enabled()
    lab.wait_for_function("document.body.dataset.run === '1'", timeout=RUN_MS)
    set_code(lab, EDITORIAL)  # a whole run later, the timer would have fired many times
    assert run(lab).startswith("ok: ")
    assert lab.evaluate("window.__grown") == 0


def test_code_that_ran_once_cannot_forge_later_verdicts(lab: Page) -> None:
    """Code that patched the runner in one run: the next Judge of a do-nothing solver
    still passes nothing (each run has a fresh worker)."""
    set_code(lab, PATCH_LATER)
    run(lab)
    set_code(lab, DO_NOTHING)
    lab.locator("#judge-set").select_option("easy")
    lab.locator("#judge").click()
    lab.wait_for_function("document.body.dataset.judged === '1'", timeout=3 * RUN_MS)
    assert status(lab) == "Judged: 0 of 4 passed."


def test_a_forged_verdict_is_checked_against_the_board(lab: Page) -> None:
    """Code that forges its own run's "ok", or its judge's passes: the page checks the
    board at the end and says what it holds."""
    set_code(lab, PATCH_NOW)
    assert run(lab).startswith(
        "wrong answer: the board at the end is no solution (this page checked it"
    )
    set_code(lab, PATCH_JUDGE_NOW)
    lab.locator("#judge").click()
    lab.wait_for_function("document.body.dataset.judged === '1'", timeout=3 * RUN_MS)
    assert status(lab).endswith(" 0 of 4 passed."), status(lab)
    # The first puzzle's judge ran the code, which patched the runner for the next ones.
    verdicts = lab.locator("#judge-rows td:nth-child(2)").all_text_contents()
    assert verdicts[0].startswith("wrong answer: returned with"), verdicts
    forged = "wrong answer: the board at the end is no solution"
    assert all(verdict.startswith(forged) for verdict in verdicts[1:]), verdicts


def test_the_sandboxs_words_stay_in_their_box(lab: Page) -> None:
    """The runner failing with the attacker's words: the status line says only that the
    code could not run; the words are in the error box, marked as the sandbox's."""
    set_code(lab, RAISE_PROSE)
    lab.locator("#run").click()
    lab.wait_for_function(
        "() => document.getElementById('lab-status').textContent.includes('could not run')",
        timeout=RUN_MS,
    )
    assert status(lab) == "Your code could not run: what its sandbox said is below."
    error = lab.text_content("#lab-error") or ""
    assert error.startswith("Your code's sandbox said: ")
    assert FORGED_PROSE in error


def test_stop_resets_the_player(lab: Page) -> None:
    """A run open in the player, then Stop of the next: the player drops the run and
    shows the puzzle."""
    set_code(lab, EDITORIAL)
    before = trace_id(lab)
    run(lab)
    wait_trace(lab, before)
    set_code(lab, "def solve(board):\n    while True: pass\n")
    lab.locator("#run").click()
    lab.wait_for_function("document.body.dataset.python === 'running'")
    lab.locator("#stop").click()
    lab.wait_for_function("document.querySelector('.player').dataset.state === 'idle'")
    board = "[...document.querySelectorAll('#player .pcell')].map(c => c.textContent || '.')"
    assert "".join(lab.evaluate(board)) == LEETCODE


def test_links_and_starting_points_never_erase_what_the_reader_typed(
    lab_context: BrowserContext, lab: Page
) -> None:
    """The reader's code, then two links opened in a row and a starting point: what they
    typed is still in the history, as "Your previous code" and in the picker with where
    each version came from."""
    mine = "def solve(board):\n    # mine\n    pass\n"
    set_code(lab, mine)
    links = []
    for text in ("# first link\n", "# second link\n"):
        set_code(lab, text)
        lab.locator("#share").click()
        lab.wait_for_function("document.getElementById('share-link').value.includes('#code=')")
        links.append(lab.locator("#share-link").input_value())
        lab.locator("#share-box").evaluate("box => { box.hidden = true; }")
        lab.locator("#share-link").evaluate("input => { input.value = ''; }")
    set_code(lab, mine)
    lab.close()
    page = open_lab(lab_context, links[0])
    assert editor_text(page) == "# first link\n"
    page.close()
    page = open_lab(lab_context, links[1])
    assert editor_text(page) == "# second link\n"
    assert status(page).startswith("This code came from a link")  # kept until Run
    page.locator("#start-from").select_option("the editorial")
    page.locator("#start-from").select_option("previous")
    assert editor_text(page) == mine
    labels = page.locator("#start-from optgroup option").all_text_contents()
    assert any(label.startswith("typed by you, today ") for label in labels), labels
    assert sum(label.startswith("from a link, today ") for label in labels) == 2, labels
    assert any(label.startswith('starting point "the editorial"') for label in labels), labels
    page.wait_for_function("!document.getElementById('run').disabled", timeout=BOOT_MS)
