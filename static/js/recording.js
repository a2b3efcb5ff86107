/*
 * A recorded run of a reader's own code in a widget's address (docs/embedding.md, "Your
 * own code in the widget"): `embed.html#trace=` then the recording's JSON text (what
 * `sudoku watch FILE PUZZLE --record` prints; src/sudoku/recording.py) compressed with
 * deflate (zlib's format, CompressionStream's "deflate") and written in base64url without
 * padding. `sudoku watch ... --record=fragment` prints that `trace=...` part.
 *
 * In the fragment, not the query: a fragment never goes to the server (a long query can be
 * refused with 414 before the page loads; the widget's query caps stay as they are), and
 * the browser keeps up to 2 MB of it.
 *
 * Loaded only when there is a recording: by a widget whose address has `trace=`
 * (static/js/widget.js) and by a `<sudoku-lab recording>` tag (static/js/embed.js), so a
 * widget without one loads not a byte of this. Nothing here runs the recording's code:
 * the widget's worker checks the text (src/sudoku/recording.py) and shows the code as
 * text only.
 */

/** The longest `trace=` value read (base64url characters: ~730 kB compressed). */
export const MAX_CHARS = 1_000_000;
/** The most bytes a `trace=` value may inflate to (a recording at its caps is less). */
export const MAX_BYTES = 4_000_000;

/** `text` (a recording's JSON text) as the value of `trace=`. */
export async function pack(text) {
  const deflated = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate"));
  const bytes = new Uint8Array(await new Response(deflated).arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The `trace=` value of a fragment (`#trace=...&...`), or null when it has none. */
export function traceValue(hash) {
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (part.startsWith("trace=")) return part.slice(6);
  }
  return null;
}

/** Inflate `bytes`, refusing past MAX_BYTES; the text, or an error's sentence. */
async function inflate(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_BYTES) {
        reader.cancel().catch(() => {});
        return { error: `it inflates to more than ${MAX_BYTES.toLocaleString("en")} bytes` };
      }
      chunks.push(value);
    }
  } catch {
    return { error: "it is not deflate data (copy all that sudoku watch --record=fragment printed)" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks).arrayBuffer()) };
  } catch {
    return { error: "it does not inflate to UTF-8 text" };
  }
}

/**
 * The recording in a widget's fragment: `{text, error}`, the JSON text ("" if none) or one
 * sentence saying why it was ignored ("" if none); null when the fragment has no `trace=`.
 */
export async function unpack(hash) {
  const value = traceValue(hash);
  if (value === null) return null;
  const refused = (why) => ({ text: "", error: `trace: ${why}; ignored.` });
  if (value.length > MAX_CHARS) {
    return refused(`${value.length.toLocaleString("en")} characters (at most ${MAX_CHARS.toLocaleString("en")})`);
  }
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return refused("not base64url text");
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const found = await inflate(bytes);
  return found.error ? refused(found.error) : { text: found.text, error: "" };
}
