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
// - every answer from the cache is checked against its hash first, every time: SHA-256
//   of the very entry served (see ``served``). Any script of the origin can write this
//   cache (every project page of a GitHub user shares it), with the original's headers
//   too, so no earlier check is trusted. An entry that is missing or whose bytes changed
//   is fetched again with its integrity and stored again; if that fails too, the answer
//   is a 503 whose text says which file is missing or corrupt and what to do.
//   A navigation first puts back any missing file, or says which are missing, so a page
//   never starts from half a release. Never another release's file, never silently;
// - no skipWaiting on install and no clients.claim: a worker serves only the pages it
//   served from their first request, so one page load sees one release;
// - the waiting release takes over at a navigation of the site's only open window (a
//   reload, or a fresh visit): the old worker answers that navigation with a blank page
//   that reloads once the new release controls it, and tells the new one to activate
//   (the new one obeys that message from the active worker only, never from a page);
//   the reload is served by the new release. With a second window open the new release
//   waits, since that window still runs the old one;
// - activate deletes the older releases' caches of this scope (other project pages on
//   the same origin keep theirs).
"use strict";

const BUILD = { release: "", files: {}, lazy: [] };

const NAME = "sudoku-lab";
const SCOPE = self.registration.scope;
const CACHE = `${NAME} ${SCOPE} ${BUILD.release}`;

/** Each file's URL (the cache's key) -> its site path, the key of BUILD.files. */
const FILES = new Map(Object.keys(BUILD.files).map((p) => [new URL(p, SCOPE).href, p]));

/** The files stored when first used, not at install (Pyodide: only the code lab runs it),
 * as paths. A page starts without them; the lab asks for them ("keep-lazy", or by
 * fetching them through this worker), each checked against its hash like any other. */
const LAZY = new Set(BUILD.lazy);

/** The digests Subresource Integrity names, strongest last, as SubtleCrypto calls them. */
const DIGESTS = { sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

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

/** Store every file of the release but the lazy ones, or none: all are fetched and
 * checked before any put. Lazy files an older release of this scope holds with the same
 * hash are copied over (the code lab stays offline across releases). */
async function precache() {
  const paths = Object.keys(BUILD.files).filter((p) => !LAZY.has(p));
  const responses = await Promise.all(paths.map((p) => fetchChecked(p, BUILD.files[p])));
  const cache = await caches.open(CACHE);
  await Promise.all(paths.map((p, i) => cache.put(new URL(p, SCOPE).href, responses[i])));
  await Promise.all([...LAZY].map((p) => keepOlder(cache, p)));
}

/** Copy lazy file ``path`` from an older release of this scope, if one holds it with
 * this release's hash. */
async function keepOlder(cache, path) {
  const url = new URL(path, SCOPE).href;
  const names = (await caches.keys()).filter((n) => n.startsWith(`${NAME} ${SCOPE} `) && n !== CACHE);
  for (const name of names) {
    const old = await caches.match(url, { cacheName: name, ignoreVary: true });
    if (old && (await matches(await old.clone().arrayBuffer(), BUILD.files[path]))) {
      await cache.put(url, old);
      return;
    }
  }
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

/** Whether a message's sender is this scope's active worker: the release before this one,
 * which says "take-over" when its only window navigates (``handOver``). Any page of the
 * origin can post to a waiting worker; obeying it would hand an open window of the old
 * release the new release's files. */
function fromActive(source) {
  const active = self.registration.active;
  return active !== null && source === active;
}

/** This release's copy of ``url``, if it has one. */
function fromRelease(url) {
  // caches.match with cacheName, not caches.open: a lookup must never recreate a cache
  // that activation (or the browser, under storage pressure) has deleted.
  return caches.match(url, { cacheName: CACHE, ignoreVary: true });
}

/** Base64 of bytes, as Subresource Integrity writes a digest. */
function base64(bytes) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/** Whether ``bytes`` match an integrity value ("sha256-<base64>"; of several, the strongest). */
async function matches(bytes, integrity) {
  const known = integrity
    .split(/\s+/)
    .map((token) => token.split("?")[0].match(/^(sha256|sha384|sha512)-(.+)$/))
    .filter(Boolean);
  const order = Object.keys(DIGESTS);
  const strongest = Math.max(-1, ...known.map(([, name]) => order.indexOf(name)));
  for (const [, name, digest] of known.filter(([, n]) => order.indexOf(n) === strongest)) {
    if (base64(await crypto.subtle.digest(DIGESTS[name], bytes)) === digest) {
      return true;
    }
  }
  return false;
}

/** A network response, if its bytes match, as a response built on the bytes hashed. */
async function checkedFresh(response, integrity) {
  const bytes = await response.arrayBuffer();
  if (!(await matches(bytes, integrity))) {
    return null;
  }
  const { status, statusText, headers } = response;
  return new Response(new Blob([bytes]), { status, statusText, headers: new Headers(headers) });
}

/** Refetches under way, by URL: the one network fetch all who ask at once share. */
const refetching = new Map();

/** This release's ``url`` fetched again from the network, checked against its hash and
 * stored again (if the cache takes it: the copy is served all the same); a fresh copy
 * for each caller. Rejects if the network has no copy with this release's bytes. */
function refetch(url) {
  let pending = refetching.get(url);
  if (!pending) {
    const path = FILES.get(url);
    const integrity = BUILD.files[path];
    pending = (async () => {
      const fresh = await checkedFresh(await fetchChecked(path, integrity), integrity);
      if (!fresh) {
        throw new Error(`${path}: the network's copy is not this release's`);
      }
      try {
        // Only the active worker gets requests, and only activation drops a release's
        // cache: this opens its own release's cache (recreated if a script deleted it).
        await (await caches.open(CACHE)).put(url, fresh.clone());
      } catch {
        // no room, say: served from this copy all the same
      }
      return fresh;
    })();
    refetching.set(url, pending);
    pending.then(
      () => refetching.delete(url),
      () => refetching.delete(url),
    );
  }
  return pending.then((fresh) => fresh.clone());
}

/** The answer for ``url``, a file of this release, its bytes checked now, every time.
 *
 * The cache is not this worker's alone: any script of the origin (every project page of a
 * GitHub user shares it) can put other bytes under a URL, with the original's exact status
 * and headers. So no entry is trusted from an earlier check: the entry served is the one
 * hashed, read through a clone of the very response returned. A Cache Storage response
 * is returned as it is, never rebuilt from its bytes: Chromium keeps its compiled code
 * (Pyodide's wasm) only for those. An entry that is missing or fails its hash is fetched
 * again with its integrity and stored again; if the network has no such copy either, the
 * answer is a 503 whose text says which file is missing or corrupt and what to do. */
async function served(url) {
  const path = FILES.get(url);
  let state = "missing from";
  try {
    const cached = await fromRelease(url);
    if (cached) {
      state = "corrupt in";
      if (await matches(await cached.clone().arrayBuffer(), BUILD.files[path])) {
        return cached;
      }
    }
  } catch {
    state = "unreadable in"; // the entry's body could not be read
  }
  try {
    return await refetch(url);
  } catch {
    // offline, or the server has another release: said below
  }
  return failure(unavailable(`${path} is ${state}`, "copy"));
}

/** What to say when files cannot be served: ``what`` ("x.js is missing from"), in words. */
function unavailable(what, copies) {
  return (
    `Sudoku Lab: ${what} the offline cache, and the network did not give this version's ` +
    `${copies} (the network is unavailable, or the site was updated since). ` +
    "Reload the page when online."
  );
}

/** A 503 whose text says what is wrong; on the worker's console too. */
function failure(text) {
  console.error(text);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  return new Response(text, { status: 503, statusText: "Service Unavailable", headers });
}

/** Put back every file of the release missing from its cache (fetched again with its
 * hash); the paths that could not be. */
async function restoreMissing() {
  const present = (await caches.has(CACHE))
    ? new Set((await (await caches.open(CACHE)).keys()).map((request) => request.url))
    : new Set();
  const missing = [...FILES.keys()].filter((url) => !present.has(url) && !LAZY.has(FILES.get(url)));
  const results = await Promise.allSettled(missing.map(refetch));
  return missing.filter((_, i) => results[i].status === "rejected").map((url) => FILES.get(url));
}

/** Why a page cannot start: the files still missing, named (the first few), in words. */
function missingPage(paths) {
  if (paths.length === 1) {
    return failure(unavailable(`${paths[0]} is missing from`, "copy"));
  }
  const named = paths.slice(0, 5).join(", ") + (paths.length > 5 ? ", ..." : "");
  return failure(unavailable(`${paths.length} files (${named}) are missing from`, "copies"));
}

/** A page of the site: this release's copy; an unknown page: the network, else the app.
 * A page starts only from a whole release: a file missing from the cache (deleted by
 * another script, say) is fetched again first, or the page says what is missing. */
async function navigate(request) {
  const handed = await handOver();
  if (handed) {
    return handed;
  }
  const missing = await restoreMissing();
  if (missing.length) {
    return missingPage(missing);
  }
  const page = pageFile(request.url);
  if (FILES.has(page)) {
    return served(page);
  }
  try {
    return await fetch(request);
  } catch {
    return served(`${SCOPE}index.html`);
  }
}

/** Cache first, from this release's cache only, checked; the network for anything not shipped. */
async function respond(request) {
  if (request.mode === "navigate") {
    return navigate(request);
  }
  return FILES.has(request.url) ? served(request.url) : fetch(request);
}

/** Whether a message's sender is a page of this release (in this scope, one of its
 * files): the only pages whose messages count. Another project's page of the origin is
 * not. */
function fromOurPage(source) {
  return source instanceof WindowClient && FILES.has(pageFile(source.url));
}

/** The lazy files being stored at a page's request, once per worker lifetime. */
let keeping = null;

/** A message: the app's own two, each from its one sender, or nothing at all. A page's
 * other messages (any shape, any number) are dropped unread and start no work. The
 * browser still keeps a worker that gets messages running; that is harmless, since it
 * checks every answer's bytes when it serves them and keeps no verdict from before. */
function hear(event) {
  if (event.data === "take-over" && fromActive(event.source)) {
    self.skipWaiting();
  } else if (event.data === "keep-lazy" && keeping === null && fromOurPage(event.source)) {
    // From the code lab, on its first visit (a page this worker does not control yet):
    // store the lazy files now, checked, so the lab works offline from then on. It only
    // ever stores this release's own files.
    const urls = [...LAZY].map((p) => new URL(p, SCOPE).href);
    keeping = Promise.allSettled(urls.map(served));
    event.waitUntil(keeping);
  }
}

if (BUILD.release) {
  self.addEventListener("install", (event) => event.waitUntil(precache()));
  self.addEventListener("activate", (event) => event.waitUntil(dropCaches(CACHE)));
  self.addEventListener("message", hear);
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
