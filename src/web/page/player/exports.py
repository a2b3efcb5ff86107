"""The Share panel's pictures, for posts and feeds that allow no iframe (index.html).

The worker draws them with the core's ``sudoku.render`` (``render_start``, then
``render_more`` a chunk at a time, so Stop can end a drawing far into a long search:
the same SVG as ``sudoku render``); this page saves them as files: the step shown as an
SVG, a range of steps as a storyboard SVG, or as an animated GIF (static/js/gif.js
encodes the pictures with the vendored gifenc). The range is the panel's "Steps A to B
every K": before it is asked, the panel says what it makes (the most a storyboard and a
GIF hold, the K that fits, the GIF's size, where the search ends); bad numbers (past
``options.MAX_STEP``, past the end of the search) are said in the panel's status line,
never raised, and never cross to the worker. A GIF of several MB is made at the second
press, its size said at the first.

Runs on the page's main thread (MicroPython).
"""

import browser
import captions
from client import WorkerError
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from sudoku.words import grouped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from client import Solver
    from contract import Pictures
    from player import Player

FIELDS = ("export-from", "export-to", "export-every")
"""The panel's range: "Steps FROM to TO every K"."""

drawing: "dict[str, Any]" = {"busy": False, "stop": False, "limits": None, "warned": None}
"""The panel's state: a drawing under way (``busy``) and whether Stop was pressed; the
worker's ``limits`` (boards, frames: None until asked); the range last ``warned`` of a
large GIF (a second press makes it)."""


def bind(player: "Player") -> None:
    """Listen to the panel's buttons and range."""

    def on(name: str, job: "Callable[[Player], Coroutine[Any, Any, None]]") -> None:
        button = document.getElementById(name)
        if button is not None:
            browser.listen(button, "click", lambda _e: browser.spawn(job(player)))

    on("export-svg", save_step)
    on("export-storyboard", save_storyboard)
    on("export-gif", save_gif)
    stop = document.getElementById("export-stop")
    if stop is not None:
        browser.listen(stop, "click", lambda _e: drawing.update(stop=True))
    for name in FIELDS:
        field = document.getElementById(name)
        if field is not None:
            browser.listen(field, "input", lambda _e: show_plan(player))


def say(text: str) -> None:
    """The panel's status line."""
    document.getElementById("export-status").textContent = text


def search_end(player: "Player") -> int | None:
    """The search's last step, if known: its trace ended in the player, or was counted."""
    line = player.timeline
    if line is not None and line.done:
        return line.received
    counted = player.view.root.dataset.cost or ""
    return int(counted) if counted.isdigit() else None


def asked_range(player: "Player") -> "tuple[int, int, int] | str":
    """The panel's range as numbers (``captions.read_range``), or what is wrong with it."""
    texts = tuple(document.getElementById(name).value for name in FIELDS)
    return captions.read_range(texts, search_end(player))


def show_plan(player: "Player") -> None:
    """Say what the panel's range makes, before it is asked (``captions.export_plan``) and
    how long the search is; the limits are asked of the worker the first time."""
    plan = document.getElementById("export-plan")
    if plan is None or player.timeline is None:
        return
    limits = drawing["limits"]
    if limits is None and player.solver is not None:
        drawing["limits"] = ()  # asked once: the answer shows the plan
        browser.spawn(ask_limits(player))
    if not limits:
        return
    asked = asked_range(player)
    words = asked if isinstance(asked, str) else captions.export_plan(asked, limits)
    counted = player.view.root.dataset.cost or ""
    plan.textContent = (
        words + " " + captions.search_end_words(search_end(player), counted)
    ).strip()


async def ask_limits(player: "Player") -> None:
    """The worker's limits (boards, frames), then the plan."""
    if player.solver is None:
        return
    answer = await player.solver.render_limits()
    drawing["limits"] = (answer["boards"], answer["frames"])
    show_plan(player)


def steps_asked(player: "Player") -> "tuple[int, int, int] | None":
    """The panel's range: first, last, every; None (said) when it does not read. The plan
    is said again too: the search may have been counted since."""
    show_plan(player)
    asked = asked_range(player)
    if isinstance(asked, str):
        say(asked)
        return None
    return asked


async def pictures(player: "Player", first: int, last: int, every: int) -> "Pictures | None":
    """The worker's pictures of steps ``first``..``last`` of the player's trace; None
    (said) with no trace, a refusal, a drawing already under way, or Stop pressed."""
    line, solver = player.timeline, player.solver
    if line is None or solver is None:
        say("Watch a search first: the pictures are of its steps.")
        return None
    if drawing["busy"]:
        say("Still drawing: wait, or press Stop.")
        return None
    drawing.update(busy=True, stop=False)
    stop = document.getElementById("export-stop")
    stop.hidden = False
    say("Drawing...")
    try:
        opened = await solver.render_start(line.grid, player.strategy, first, last, every)
        return await drawn(solver, opened["render"], last)
    except WorkerError as error:
        say("Cannot draw these steps: " + str(error) + ".")
        return None
    finally:
        drawing["busy"] = False
        stop.hidden = True


async def drawn(solver: "Solver", key: int, last: int) -> "Pictures | None":
    """Drawing ``key`` (of steps up to ``last``) to its end, a chunk a call, saying how far
    it got; None (the drawing dropped, said) once Stop is pressed."""
    answer = await solver.render_more(key)
    while "step" in answer:
        if drawing["stop"]:
            await solver.render_stop(key)
            say("Stopped: no picture was saved.")
            return None
        say(f"Drawing: step {grouped(answer['step'])} of {grouped(last)}...")
        answer = await solver.render_more(key)
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


def too_many(asked: "tuple[int, int, int]", most: int, what: str) -> bool:
    """Whether ``asked`` makes more than ``most`` pictures (said, with the K that fits)."""
    first, last, every = asked
    count = (last - first) // every + 1
    if count <= most:
        return False
    fits = grouped(captions.least_every(first, last, most))
    many = grouped(count)
    say(f"{what} holds {most} pictures at most: these steps make {many}; step by {fits} or more.")
    return True


async def save_storyboard(player: "Player") -> None:
    """The panel's range of steps as one storyboard SVG."""
    asked = steps_asked(player)
    limits = drawing["limits"]
    if asked is None or (limits and too_many(asked, limits[0], "A storyboard")):
        return
    answer = await pictures(player, *asked)
    if answer is None:
        return
    if not answer["storyboard"]:
        say("Too many steps for one storyboard: step by more (every K).")
        return
    first, last, _ = asked
    save(answer["storyboard"], "image/svg+xml", f"{file_stem(player)}-steps-{first}-{last}.svg")
    say(f"Saved a storyboard of {len(answer['svgs'])} steps.")


async def save_gif(player: "Player") -> None:
    """The panel's range of steps as an animated GIF; one of several MB only at a second
    press (its size said first)."""
    asked = steps_asked(player)
    limits = drawing["limits"]
    if asked is None or (limits and too_many(asked, limits[1], "A GIF")):
        return
    count = (asked[1] - asked[0]) // asked[2] + 1
    size = count * captions.GIF_FRAME_BYTES
    if size >= captions.GIF_WARN_BYTES and drawing["warned"] != asked:
        drawing["warned"] = asked
        say(
            f"This GIF will be about {captions.megabytes(size)} ({grouped(count)} frames): "
            "press Animated GIF again to make it, or step by more for a smaller one."
        )
        return
    drawing["warned"] = None
    answer = await pictures(player, *asked)
    if answer is None:
        return
    say(f"Encoding {len(answer['svgs'])} frames...")
    blob = await window.sudokuLabGif(to_js(answer["svgs"]), answer["delay"])
    first, last, _ = asked
    save(blob, "blob", f"{file_stem(player)}-steps-{first}-{last}.gif")
    say(f"Saved an animated GIF of {len(answer['svgs'])} frames.")
