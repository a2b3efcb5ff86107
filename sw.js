// Sudoku Lab's service worker: the whole site, one release at a time, offline.
//
// scripts/build_site.py fills BUILD in _site/sw.js: the release (a hash of every shipped
// file) and each file's SHA-256 (Subresource Integrity). This copy in the repo is the
// template: with no files it is the dev-mode worker, which only removes itself (and any
// cache a built site left on the same origin), so `make serve` always serves the tree.
//
// The update flow never runs a page half old, half new:
// - one cache per release, named after the scope and the release;
// - install fetches every file, checks each against its hash (a stale HTTP-cache copy is
//   fetched again from the network) and only then stores them: a release is complete or
//   absent;
// - no skipWaiting on install and no clients.claim: a worker serves only the pages it
//   served from their first request, so one page load sees one release;
// - the waiting release takes over at a navigation of the site's only open window (a
//   reload, or a fresh visit): the old worker answers that navigation with a blank page
//   that reloads once the new release controls it, and tells the new one to activate;
//   the reload is served by the new release. With a second window open the new release
//   waits, since that window still runs the old one;
// - activate deletes the older releases' caches of this scope (other project pages on
//   the same origin keep theirs).
"use strict";

const BUILD = { release: "", files: {} };

const NAME = "sudoku-lab";
const SCOPE = self.registration.scope;
const CACHE = `${NAME} ${SCOPE} ${BUILD.release}`;

/** A URL without its query and fragment: embed.html?puzzle=... is embed.html. */
function bare(url) {
  const clean = new URL(url);
  clean.search = "";
  clean.hash = "";
  return clean.href;
}

/** The file a navigation shows: the scope itself is index.html. */
function pageFile(url) {
  const path = bare(url);
  return path.endsWith("/") ? `${path}index.html` : path;
}

/** One file of this release, checked against its hash; a stale HTTP-cache copy is refetched. */
async function fetchChecked(path, integrity) {
  for (const cache of ["default", "reload"]) {
    try {
      const response = await fetch(new Request(path, { integrity, cache }));
      if (response.ok) {
        return response;
      }
    } catch {
      // an integrity mismatch or a network error: try the network, past the HTTP cache
    }
  }
  throw new Error(`${path}: could not fetch the file of release ${BUILD.release}`);
}

/** Store every file of the release, or none: all are fetched and checked before any put. */
async function precache() {
  const paths = Object.keys(BUILD.files);
  const responses = await Promise.all(paths.map((p) => fetchChecked(p, BUILD.files[p])));
  const cache = await caches.open(CACHE);
  await Promise.all(paths.map((p, i) => cache.put(new URL(p, SCOPE).href, responses[i])));
}

/** Delete this scope's caches except ``keep`` (none in dev mode). */
async function dropCaches(keep) {
  const names = await caches.keys();
  const ours = names.filter((n) => n.startsWith(`${NAME} ${SCOPE} `) && n !== keep);
  await Promise.all(ours.map((n) => caches.delete(n)));
}

// What the old release answers the navigation it hands over: a blank page, no app code,
// that reloads once the waiting release has moved on to active (Refresh: the fallback).
const HAND_OVER = `<!doctype html><meta charset="utf-8"><title>Sudoku Lab</title><script>
  let gone = false;
  const go = () => gone || ((gone = true), location.reload());
  navigator.serviceWorker.getRegistration().then((r) =>
    r && r.waiting ? r.waiting.addEventListener("statechange", go) : go());
</script>`;

/** The hand-over page for the only window, once the waiting release was told to take over. */
async function handOver() {
  const next = self.registration.waiting;
  if (!next) {
    return null;
  }
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length > 1) {
    return null;
  }
  next.postMessage("take-over");
  const headers = { "Content-Type": "text/html; charset=utf-8", Refresh: "3" };
  return new Response(HAND_OVER, { headers });
}

/** This release's copy of ``request`` (a URL or a Request), if it has one. */
function fromRelease(request) {
  // caches.match with cacheName, not caches.open: a lookup must never recreate a cache
  // that activation (or the browser, under storage pressure) has deleted.
  return caches.match(request, { cacheName: CACHE, ignoreVary: true });
}

/** A page of the site: this release's copy; an unknown page: the network, else the app. */
async function navigate(request) {
  const handed = await handOver();
  if (handed) {
    return handed;
  }
  const page = await fromRelease(pageFile(request.url));
  if (page) {
    return page;
  }
  try {
    return await fetch(request);
  } catch {
    return (await fromRelease(`${SCOPE}index.html`)) ?? Response.error();
  }
}

/** Cache first, from this release's cache only; the network for anything not shipped. */
async function respond(request) {
  if (request.mode === "navigate") {
    return navigate(request);
  }
  return (await fromRelease(request)) ?? fetch(request);
}

if (BUILD.release) {
  self.addEventListener("install", (event) => event.waitUntil(precache()));
  self.addEventListener("activate", (event) => event.waitUntil(dropCaches(CACHE)));
  self.addEventListener("message", (event) => {
    if (event.data === "take-over") {
      self.skipWaiting();
    }
  });
  self.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method === "GET" && request.url.startsWith(SCOPE)) {
      event.respondWith(respond(request));
    }
  });
} else {
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (event) =>
    event.waitUntil(dropCaches("").then(() => self.registration.unregister())),
  );
}
