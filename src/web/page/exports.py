"""The Share panel's pictures, for posts and feeds that allow no iframe (index.html).

The worker draws them with the core's ``sudoku.render`` (``render_steps``: the same SVG
as ``sudoku render``); this page saves them as files: the step shown as an SVG, a range
of steps as a storyboard SVG, or as an animated GIF (static/js/gif.js encodes the
pictures with the vendored gifenc). The range is the panel's "Steps A to B every K";
bad numbers are said in the panel's status line, never raised.

Runs on the page's main thread (MicroPython).
"""

import json

import browser
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from player import Player

GIF_DELAY_MS = 400
"""How long each frame of a GIF shows."""


def bind(player: "Player") -> None:
    """Listen to the panel's three buttons."""

    def on(name: str, job: "Callable[[Player], Coroutine[Any, Any, None]]") -> None:
        button = document.getElementById(name)
        if button is not None:
            button.addEventListener("click", create_proxy(lambda _e: browser.spawn(job(player))))

    on("export-svg", save_step)
    on("export-storyboard", save_storyboard)
    on("export-gif", save_gif)


def say(text: str) -> None:
    """The panel's status line."""
    document.getElementById("export-status").textContent = text


def number(name: str) -> int | None:
    """The whole number in input ``name`` (None if it holds none)."""
    text = document.getElementById(name).value.strip()
    return int(text) if text.isdigit() else None


def steps_asked() -> "tuple[int, int, int] | None":
    """The panel's range: first, last, every; None (said) when it does not read."""
    first, last, every = number("export-from"), number("export-to"), number("export-every")
    if first is None or last is None or every is None or every < 1:
        say("Steps: write whole numbers, FROM to TO every K (K at least 1).")
        return None
    if last < first:
        say(f"Steps: {last} comes before {first}: write the earlier step first.")
        return None
    return first, last, every


async def pictures(player: "Player", first: int, last: int, every: int) -> "dict[str, Any] | None":
    """The worker's pictures of steps ``first``..``last`` of the player's trace; None
    (said) with no trace or a refusal."""
    line = player.timeline
    if line is None or player.solver is None:
        say("Watch a search first: the pictures are of its steps.")
        return None
    say("Drawing...")
    answer: dict[str, Any] = json.loads(
        await player.solver.render_steps(line.grid, player.strategy, first, last, every)
    )
    if "error" in answer:
        say("Cannot draw these steps: " + answer["error"] + ".")
        return None
    return answer


def save(data: "Any", kind: str, name: str) -> None:
    """Offer ``data`` (text or a Blob) as a file download named ``name``."""
    blob = data if kind == "blob" else window.Blob.new(to_js([data]), to_js({"type": kind}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 60000)


def file_stem(player: "Player") -> str:
    """``sudoku-naive``: the start of every file name."""
    return "sudoku-" + player.strategy


async def save_step(player: "Player") -> None:
    """The step shown, as an SVG file."""
    step = player.cursor.pos
    answer = await pictures(player, step, step, 1)
    if answer is not None:
        save(answer["svgs"][0], "image/svg+xml", f"{file_stem(player)}-step-{step}.svg")
        say(f"Saved step {step} as an SVG.")


async def range_pictures(
    player: "Player",
) -> "tuple[tuple[int, int, int], dict[str, Any]] | None":
    """The panel's range and the worker's pictures of it; None (said) if either fails."""
    asked = steps_asked()
    answer = await pictures(player, *asked) if asked else None
    return None if answer is None or asked is None else (asked, answer)


async def save_storyboard(player: "Player") -> None:
    """The panel's range of steps as one storyboard SVG."""
    made = await range_pictures(player)
    if made is None:
        return
    asked, answer = made
    if not answer["storyboard"]:
        say("Too many steps for one storyboard: step by more (every K).")
        return
    first, last, _ = asked
    save(answer["storyboard"], "image/svg+xml", f"{file_stem(player)}-steps-{first}-{last}.svg")
    say(f"Saved a storyboard of {len(answer['svgs'])} steps.")


async def save_gif(player: "Player") -> None:
    """The panel's range of steps as an animated GIF."""
    made = await range_pictures(player)
    if made is None:
        return
    asked, answer = made
    say(f"Encoding {len(answer['svgs'])} frames...")
    blob = await window.sudokuLabGif(to_js(answer["svgs"]), GIF_DELAY_MS)
    first, last, _ = asked
    save(blob, "blob", f"{file_stem(player)}-steps-{first}-{last}.gif")
    say(f"Saved an animated GIF of {len(answer['svgs'])} frames.")
