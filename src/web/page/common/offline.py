"""Offline for every page (MicroPython, main thread): the service worker and the update notice.

A built site (scripts/build_site.py) has ``version.json`` (its release) and ``sw.js`` (the
worker that precaches the release). The dev tree has neither, so there nothing registers
and every edit shows on reload. Pages call ``keep_offline()`` once Python is ready: a first
visit then precaches the site while the page is idle instead of competing with its boot.

A page that runs a release other than the last one this browser ran here says so, once,
in the page's ``#release-note`` live region (if it has one). The service worker decides
when a new release takes over (see sw.js); this module only notices that it did.

A page run by a service worker that is not the site's own ``sw.js`` (a script of the same
origin, at the account's root say, registered its own for this path: docs/security.md)
says so in its ``#worker-note`` alert, as text, and in body[data-controller].
"""

from pyscript import window

RELEASE_KEY = "sudoku-lab release "
"""localStorage key prefix; the site's URL follows, as forks may share one origin."""
UPDATED = "Sudoku Lab was updated to a new version since your last visit."


async def page_release() -> str:
    """The release this page was served from (cache or network); "" on the dev tree."""
    response = await window.fetch("./version.json")
    if not response.ok:
        return ""
    release: str = (await response.json()).release
    return release


def last_release(release: str) -> str | None:
    """The release this browser ran here before (None the first time); remember ``release``."""
    key = RELEASE_KEY + window.URL.new("./", window.location.href).href
    seen: str | None = window.localStorage.getItem(key)
    window.localStorage.setItem(key, release)
    return seen


def say_updated() -> None:
    """Put the update notice in the page's polite live region, as text."""
    note = window.document.getElementById("release-note")
    if note:
        note.textContent = UPDATED


FOREIGN = (
    "Warning: this page is run by a service worker that is not Sudoku Lab's own ({}). "
    "Another site at this web address installed it, and it can change what this page "
    "shows. Sudoku Lab is safe only from its own address."
)


def own_worker() -> bool:
    """Whether the page's controller, if any, is the site's own sw.js; if not, say so."""
    controller = window.navigator.serviceWorker.controller
    if not controller:
        return True
    script = str(controller.scriptURL)
    if script == window.URL.new("./sw.js", window.location.href).href:
        window.document.body.dataset.controller = "ours"
        return True
    window.document.body.dataset.controller = "foreign"
    window.console.warn(FOREIGN.format(script))
    note = window.document.getElementById("worker-note")
    if note:
        note.textContent = FOREIGN.format(script[:200])
    return False


async def keep_offline() -> str:
    """Register the service worker of a built site; say so when a new release took over.

    Returns the page's release ("" where there is none). Any refusal (an insecure origin,
    storage blocked in a third-party frame) leaves the page working online, unregistered.
    The worker is registered before localStorage is touched: a refusal to register comes
    as a rejected promise, which Python catches, but where storage is denied (Chromium's
    cross-site iframes) reading ``window.localStorage`` throws synchronously, and in
    MicroPython such a JS throw unwinds through the wasm past every ``except``.
    """
    try:
        release = await page_release()
        if not release:
            return ""
        own_worker()
        await window.navigator.serviceWorker.register("./sw.js")
        seen = last_release(release)
    except Exception:  # no service worker or no storage here: the page still works
        return ""
    if seen and seen != release:
        say_updated()
    window.document.body.dataset.release = release
    return release
