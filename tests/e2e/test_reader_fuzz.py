"""The readers' fuzz, inside the browser: hostile input through the solver worker's ``parse``.

tests/unit/test_fuzz.py fuzzes ``sudoku.parse`` in CPython; the browser runs the same code
in Pyodide (the app's worker) and MicroPython (the widget's), whose limits differ: 185
nested ``[`` once overflowed Pyodide's JS stack and killed the app's worker for good
(issue 11). Here a few hundred seeded, generated inputs go through each page's own
worker, as the page calls it (its ``parse`` export, from the page's JavaScript): deep
nesting, huge and random unicode text, bidi and control characters, near-valid puzzles,
list literals of every wrong shape, and JS values (arrays, numbers, objects, deep arrays).

Each answer must be a board or ``{"error": message}``, neither a crash nor a hang, and
equal to what ``src/web/worker/worker.py``'s ``parse`` answers in CPython for the same value;
the worker must still answer ``ready()`` and read a good puzzle afterwards.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from support import LEETCODE, WORKER, load_file

ROWS = [list(LEETCODE[r * 9 : r * 9 + 9]) for r in range(9)]
SEED = 11
"""The generator's seed: the same inputs on every run (a failure names the input)."""
READY_MS = 120_000
CALL_MS = 10_000
"""The most one ``parse`` may take in the browser before the test calls it a hang."""
SAFE_INT = 2**53 - 1
"""JS numbers hold integers exactly up to here (Pyodide gives a float past it)."""

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
ODD = (
    BIDI
    + "\x00\x07\t\n\r\x1b\x7f\x85\xa0\xad\u200b\ufeff\u2028\u2029\u3000"  # controls, spaces
    + "\uff15\u0665\u0966\U0001d7d3\u2464"  # digits of other scripts, a circled 5
    + "\u2500\u2502\u253c\u2554\u256c"  # box drawing (grid art)
    + "\u00e9\u4e2d\U0001f600\U0010fffd\ue000"  # letters, an emoji, private use
    + "[](){}'\",.-_*|+#:;0123456789 eE+-xX"  # list literal and number syntax
)
"""Characters the random text is drawn from: what a hostile paste or link may hold."""

APP_WORKER_CALLS = """(async () => {
  const worker = document.querySelector('script[type=mpy][worker]').xworker;
  await worker.ready;
  return worker.sync;
})()"""
PAGES = [
    pytest.param(("index.html", APP_WORKER_CALLS), id="app"),
    pytest.param(("embed.html", "window.sudokuLabSolver()"), id="widget"),
]
"""Each page, and a JS expression for its MicroPython worker's calls. Both pages send
their worker text only (a grid, a URL's ``puzzle``): a JS array would reach MicroPython
as a proxy, which no page sends."""


# -- the inputs ------------------------------------------------------------------------


def random_text(rng: random.Random, size: int) -> str:
    """``size`` characters of ``ODD`` and of any code point (surrogates aside)."""
    chars = []
    for _ in range(size):
        if rng.random() < 0.8:
            chars.append(rng.choice(ODD))
        else:
            code = rng.randrange(0x10FFFF)
            chars.append(chr(code if not 0xD800 <= code < 0xE000 else 0x2603))
    return "".join(chars)


def random_leaf(rng: random.Random) -> Any:
    """A cell as JSON may hold it: digits as text or numbers, and everything else."""
    return rng.choice(
        [
            lambda: str(rng.randrange(10)),
            lambda: rng.randrange(-20, 20),
            lambda: rng.randrange(-SAFE_INT, SAFE_INT),
            lambda: rng.randrange(10) + rng.choice([0.5, 0.25, 1e-9]),
            lambda: rng.choice([1e300, -1e-300, 123.456]),
            lambda: rng.choice([".", "", "55", " ", "\u202e5", "\uff15", "x", "None"]),
            lambda: random_text(rng, rng.randrange(4)),
            lambda: rng.choice([True, False]),
            dict,
            lambda: {"5": 5},
        ]
    )()


def random_tree(rng: random.Random, depth: int) -> Any:
    """A list of lists of ... of leaves, of any (wrong) shape: ``depth`` levels at most."""
    if depth == 0 or rng.random() < 0.15:
        return random_leaf(rng)
    size = rng.choice([0, 1, 8, 9, 9, 9, 10, rng.randrange(30)])
    return [random_tree(rng, depth - 1) for _ in range(size)]


def near_board(rng: random.Random) -> list[list[Any]]:
    """LeetCode's example with a few cells, a row or the shape broken."""
    board: list[list[Any]] = [list(row) for row in ROWS]
    for _ in range(rng.randrange(1, 4)):
        row, col = rng.randrange(9), rng.randrange(9)
        change = rng.randrange(4)
        if change == 0:
            board[row][col] = random_leaf(rng)
        elif change == 1:
            del board[row][col]
        elif change == 2:
            board[row].append(random_leaf(rng))
        else:
            board[row] = random_tree(rng, 2)
    return board


def mutated_line(rng: random.Random) -> str:
    """LeetCode's 81-character line with characters replaced, inserted or dropped."""
    chars = list(LEETCODE)
    for _ in range(rng.randrange(1, 5)):
        at = rng.randrange(len(chars) + 1)
        change = rng.randrange(3)
        if change == 0 and at < len(chars):
            chars[at] = random_text(rng, 1)
        elif change == 1:
            chars.insert(at, random_text(rng, 1))
        elif chars:
            del chars[min(at, len(chars) - 1)]
    return "".join(chars)


def nested(depth: int, opener: str = "[", inner: str = "") -> str:
    """``depth`` brackets opened, ``inner``, and as many closed."""
    closer = {"[": "]", "(": ")", "{": "}"}[opener]
    return opener * depth + inner + closer * depth


def inputs() -> list[dict[str, Any]]:
    """Every input, seeded: ``{"text": str}``, ``{"value": JSON value}`` (sent to the worker
    as a JS value), or ``{"deep": n}`` (an array nested ``n`` deep, built in the page)."""
    rng = random.Random(SEED)
    texts = [
        *("[" * n for n in (3, 10, 184, 185, 186, 1000, 5000, 9999, 10_000, 10_001)),
        *(nested(n, "[", "5") for n in (2, 3, 4, 185, 3000)),
        *(nested(n, opener) for n in (185, 3000) for opener in "({"),
        "[1," * 3000,
        "[" + ",".join(["[" + ",".join("5" * 9) + "]"] * 9) + "]" * 200,
        "]" * 5000,
        "1" * 10_000,
        "1" * 10_001,
        "." * 9_999 + "\u202e",
        "9" * 5000 + "." * 5000,
        "[[" + "9" * 5000 + "]]",
        "[[1e" + "9" * 4000 + "]]",
        "[[" + "1" * 4300 + "]]",
        "\u202e" * 81,
        BIDI * 7,
        json.dumps(ROWS),
        repr(ROWS),
        json.dumps(ROWS).replace('"', ""),
        "\n".join(" ".join(LEETCODE[r * 9 : r * 9 + 9]) for r in range(9)),
        "",
        " \t\n",
    ]
    texts += [random_text(rng, rng.choice([1, 9, 81, 82, 200, 2000])) for _ in range(80)]
    texts += [mutated_line(rng) for _ in range(50)]
    texts += [json.dumps(near_board(rng)) for _ in range(40)]
    texts += [json.dumps(random_tree(rng, rng.randrange(1, 6))) for _ in range(30)]
    texts += [repr(random_tree(rng, rng.randrange(1, 5))) for _ in range(20)]
    values = [
        ROWS,
        [[int(c) if c != "." else 0 for c in row] for row in ROWS],
        [],
        [[]],
        [[[]]],
        5,
        -1,
        0.5,
        SAFE_INT,
        True,
        {},
        {"board": ROWS},
        "\u202e" + LEETCODE,
    ]
    values += [near_board(rng) for _ in range(40)]
    values += [random_tree(rng, rng.randrange(1, 6)) for _ in range(30)]
    deep = [{"deep": n} for n in (3, 100, 185, 1000)]  # deeper: the page's postMessage refuses
    return [{"text": t} for t in texts] + [{"value": v} for v in values] + deep


def as_python(item: dict[str, Any]) -> Any:
    """The value the worker's ``parse`` receives for ``item``, as CPython data."""
    if "deep" in item:
        value: Any = "5"
        for _ in range(item["deep"]):
            value = [value]
        return value
    return item["text"] if "text" in item else item["value"]


# -- the browser ---------------------------------------------------------------------

CALL_ALL = """async ([workerCalls, items, callMs]) => {
  const calls = await eval(workerCalls);
  const value = (item) => {
    if ("text" in item) return item.text;
    if ("value" in item) return item.value;
    let deep = "5";
    for (let i = 0; i < item.deep; i++) deep = [deep];
    return deep;
  };
  const within = (promise) => Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error("no answer")), callMs)),
  ]);
  const answers = [];
  for (const item of items) {
    try {
      answers.push(String(await within(calls.parse(value(item)))));
    } catch (error) {
      answers.push("CRASH: " + String(error && error.message || error).slice(0, 300));
      if (String(error).includes("no answer")) break;
    }
  }
  let ready;
  try {
    ready = String(await within(calls.ready()));
  } catch (error) {
    ready = "CRASH: " + String(error);
  }
  let good;
  try {
    good = String(await within(calls.parse(LEETCODE_TEXT)));
  } catch (error) {
    good = "CRASH: " + String(error);
  }
  return {answers, ready, good};
}""".replace("LEETCODE_TEXT", json.dumps(LEETCODE))


@pytest.fixture(scope="module")
def worker() -> ModuleType:
    """src/web/worker/worker.py in CPython: the answers the browser's must equal."""
    return load_file(WORKER)


@pytest.fixture
def fresh(context: BrowserContext) -> Iterator[Page]:
    """A page of its own, not yet opened (its own worker: a dead one dies with it)."""
    page = context.new_page()
    yield page
    page.close()


def test_the_inputs_are_many_seeded_and_hostile() -> None:
    """The generator gives the same few hundred inputs each run, the hostile kinds among them."""
    items = inputs()
    assert items == inputs()
    assert 300 <= len(items) <= 600
    texts = [item["text"] for item in items if "text" in item]
    assert any(text.startswith("[" * 5000) for text in texts)
    assert any(len(text) > 10_000 for text in texts)
    assert any(set(BIDI) & set(text) for text in texts)
    assert sum("value" in item for item in items) >= 50
    assert max(item.get("deep", 0) for item in items) >= 1000


def open_page(page: Page, base_url: str, name: str) -> list[str]:
    """``name`` booted (its worker answered); the page errors, as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + name)
    page.wait_for_function("document.body.dataset.ready !== 'false'", timeout=READY_MS, polling=100)
    assert page.evaluate("document.body.dataset.ready") == "true"
    return errors


@pytest.mark.parametrize("target", PAGES)
def test_parse_in_the_browser_answers_as_cpython(
    fresh: Page, base_url: str, worker: ModuleType, target: tuple[str, str]
) -> None:
    """Every hostile input gets a board or an error message from the page's own worker,
    the same as CPython's, and the worker lives on: ``ready()`` and a good puzzle after."""
    page_name, calls = target
    errors = open_page(fresh, base_url, page_name)
    items = [item for item in inputs() if "text" in item]
    result = fresh.evaluate(CALL_ALL, [calls, items, CALL_MS])
    answers = result["answers"]
    assert len(answers) == len(items), f"no answer to input {len(answers) - 1}"
    differ = []
    for number, (item, answer) in enumerate(zip(items, answers, strict=True)):
        assert not answer.startswith("CRASH"), (number, str(item)[:200], answer)
        shown = json.loads(answer)
        assert set(shown) in ({"grid"}, {"error"}), (number, answer[:200])
        if "error" in shown:
            assert isinstance(shown["error"], str)
            assert shown["error"]
            assert "\n" not in shown["error"]
        expected = json.loads(worker.parse(as_python(item)))
        if shown != expected:
            differ.append((number, str(item)[:120], answer[:160], json.dumps(expected)[:160]))
    assert differ == [], "\n".join(map(str, differ[:8]))
    assert json.loads(result["ready"])["python"]
    assert json.loads(result["good"])["grid"] == LEETCODE
    assert errors == []
