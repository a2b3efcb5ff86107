// The reader's code history in the code lab: versions of the code, each with when it was
// kept and where it came from, in this browser's localStorage (one key, a JSON list).
//
// What the reader typed is never dropped for what a link or a starting point brought:
// before either replaces the editor's code, the page keeps that code here (``keepTyped``),
// and when the list is full the oldest version that came from elsewhere goes first. The
// code picker lists the versions (``label``); a pick puts one back in the editor.
//
//   keep(code, source, name)  a version: source "typed", "link" or "start" (name: which
//                             starting point); the same code as the newest is not kept twice
//   keepTyped(code, skip)     the editor's code as typed, unless empty, already kept, or one
//                             of ``skip`` (starting points as they came)
//   versions()                every version, newest first: {code, at (ms since 1970), source, name}
//   previous(current)         the newest typed version other than ``current``, or null
//   label(version)            the picker's words for a version

const KEY = "sudoku-lab lab history";
const OLD_KEY = "sudoku-lab lab previous code";
/** localStorage keys: the history, and the one slot it replaces (read once, then gone). */
const MOST = 30;
const MOST_CHARACTERS = 2_000_000;
/** Versions kept at most, and their characters in all (localStorage holds ~5 M). */
const SOURCES = new Set(["typed", "link", "start"]);

/** The versions as stored (newest first); [] if none or unreadable. */
export function versions() {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? "[]");
  } catch {
    stored = [];
  }
  const valid = Array.isArray(stored)
    ? stored.filter(
        (v) => v && typeof v.code === "string" && Number.isFinite(v.at) && SOURCES.has(v.source) && typeof v.name === "string",
      )
    : [];
  const old = localStorage.getItem(OLD_KEY);
  if (old !== null) {
    if (old.trim() && !valid.some((v) => v.code === old)) {
      valid.push({ code: old, at: 0, source: "typed", name: "" });
    }
    write(valid);
    localStorage.removeItem(OLD_KEY);
  }
  return valid;
}

/** Store ``list`` (newest first), cut to MOST versions and MOST_CHARACTERS: the oldest
 * version from a link or a starting point goes first, the reader's typed ones last. */
function write(list) {
  const kept = [...list];
  const size = () => kept.reduce((sum, v) => sum + v.code.length, 0);
  while (kept.length > MOST || (kept.length > 1 && size() > MOST_CHARACTERS)) {
    const brought = kept.findLastIndex((v) => v.source !== "typed");
    kept.splice(brought > 0 ? brought : kept.length - 1, 1);
  }
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
    return true;
  } catch {
    return false; // storage full or refused: the editor's own key still holds the code
  }
}

/** Keep ``code`` as a version from ``source``; false if the browser refused to store it. */
export function keep(code, source, name = "") {
  const list = versions();
  if (list.length && list[0].code === code && list[0].source === source) {
    list[0].at = Date.now();
  } else {
    list.unshift({ code, at: Date.now(), source, name });
  }
  return write(list);
}

/** Keep ``code`` as typed by the reader, unless it is empty, kept already, or one of
 * ``skip`` (the starting points as they came). */
export function keepTyped(code, skip = []) {
  if (!code.trim() || skip.includes(code) || versions().some((v) => v.code === code)) {
    return true;
  }
  return keep(code, "typed");
}

/** The newest version typed by the reader whose code is not ``current``, or null. */
export function previous(current) {
  return versions().find((v) => v.source === "typed" && v.code !== current) ?? null;
}

/** When a version was kept, in the reader's words: "today 21:40", "7 Dec 21:40". */
function when(at) {
  if (!at) {
    return "earlier";
  }
  const date = new Date(at);
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  const today = new Date().toDateString() === date.toDateString();
  return today ? `today ${time}` : `${date.toLocaleDateString("en-GB", { day: "numeric", month: "short" })} ${time}`;
}

/** The picker's words for ``version``: where it came from, when, and its size. */
export function label(version) {
  const from = { typed: "typed by you", link: "from a link", start: `starting point "${version.name}"` }[version.source];
  const lines = version.code.split("\n").length;
  return `${from}, ${when(version.at)} (${lines} line${lines === 1 ? "" : "s"})`;
}
