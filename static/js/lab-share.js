// The code lab's share links: the reader's code, deflated, in the link's fragment.
//
// ``#code=`` then the code's UTF-8 bytes, compressed with CompressionStream("deflate-raw")
// and written in base64url (RFC 4648, section 5, no padding). The fragment never reaches a
// server. A link's code is only shown: it runs when the reader presses Run (lab.js).

export const KEY = "code";
/** The fragment's parameter. */

export const MAX_LINK = 64000;
/** Characters of a fragment read at most (a long one is refused unread). */

export const MAX_CODE = 100000;
/** Characters of code a link may carry once inflated (a zip bomb stops there). */

/** Bytes in base64url, no padding. */
function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** base64url text as bytes; throws on anything else. */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) {
    throw new Error("the link's code is not base64url");
  }
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** ``bytes`` through a CompressionStream or DecompressionStream, at most ``limit`` bytes out. */
async function through(stream, bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`the link's code is longer than ${limit.toLocaleString("en")} characters`);
    }
    chunks.push(value);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/** The fragment that carries ``code`` (``#code=...``). */
export async function fragmentOf(code) {
  const packed = await through(
    new CompressionStream("deflate-raw"),
    new TextEncoder().encode(code),
    Infinity,
  );
  return `#${KEY}=${toBase64url(packed)}`;
}

/** The code a fragment carries; null if it carries none; an Error if it cannot be read. */
export async function codeOf(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const packed = params.get(KEY);
  if (packed === null) {
    return null;
  }
  if (packed.length > MAX_LINK) {
    throw new Error("the link's code is too long to read");
  }
  const bytes = await through(
    new DecompressionStream("deflate-raw"),
    fromBase64url(packed),
    MAX_CODE * 4,
  );
  const code = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  if (code.length > MAX_CODE) {
    throw new Error(`the link's code is longer than ${MAX_CODE.toLocaleString("en")} characters`);
  }
  return code;
}
