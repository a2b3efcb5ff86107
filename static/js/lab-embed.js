// The code lab's Embed dialog (lab.html): the last run, ready for a post, in one step.
//
// Two snippets of the widget playing the run's recording (docs/embedding.md, "Your own
// code in the widget"): the <sudoku-lab recording> tag with the recording's JSON inline
// (static/js/embed.js packs it), and a plain iframe of embed.html with the recording
// packed in its fragment (#trace=, static/js/recording.js). Each with its size and a Copy
// button, and a live preview: the widget itself, in an iframe of this site's embed.html,
// as the post will show it. The widget only plays a recording (it checks it, and shows
// the code as text), so no code of the reader's runs in the preview.
//
// The recording came from the sandbox, where the reader's code ran and could have sent
// anything: it is parsed and written again before it goes into a snippet, every <, > and
// & as a \u escape, so no recording can end the tag's <script> element early in a post.
//
// Flags for tests: the dialog's data-trace (the packed recording's length, once made).

import { pack } from "./recording.js";

const $ = (id) => document.getElementById(id);

/** ``text`` (a recording's JSON) written again, safe inside an HTML <script> element. */
export function safeJson(text) {
  const escape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  return JSON.stringify(JSON.parse(text)).replace(/[<>&\u2028\u2029]/g, escape);
}

/** ``text`` fit for an HTML attribute's double quotes. */
function attribute(text) {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** ``text``'s size in kB (UTF-8), as the dialog says it. */
export function kilobytes(text) {
  const size = new Blob([text]).size / 1000;
  return `${size < 10 ? size.toFixed(1) : Math.round(size).toLocaleString("en")} kB`;
}

/** The site's address (this page's folder), as the snippets name it. */
function siteAddress() {
  return new URL("./", location.href).href;
}

/** The tag snippet: embed.js, then the tag holding the recording's JSON. */
export function tagSnippet(site, controls, json) {
  return (
    `<script src="${attribute(site)}static/js/embed.js" defer></script>\n` +
    `<sudoku-lab recording controls="${attribute(controls)}" title="My solveSudoku, step by step">\n` +
    `<script type="application/json">${json}</script>\n` +
    "</sudoku-lab>"
  );
}

/** A Copy button: copy its field's text; say so, or ask the reader to copy it by hand. */
async function copy(button) {
  const field = $(button.dataset.copies);
  const own = button.dataset.label || (button.dataset.label = button.textContent);
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = "Copied";
  } catch {
    field.select();
    button.textContent = "Select and copy";
  }
  setTimeout(() => (button.textContent = own), 2000);
}

/** The preview: a fresh frame of the widget at ``url`` (a new frame each time: a new
 * fragment alone would not reload it), sized by the height the widget reports. */
function preview(url) {
  const old = $("embed-preview");
  const frame = document.createElement("iframe");
  frame.id = "embed-preview";
  frame.className = old.className;
  frame.title = "Preview: the widget as your post will show it";
  frame.src = url;
  old.replaceWith(frame);
}

/** Take the widget's height from the preview's own frame, in exactly the shape
 * embed.js accepts (docs/embedding.md, "For the curious: the height message"). */
function onHeight(event) {
  const frame = $("embed-preview");
  const data = event.data;
  const ok =
    frame && event.source === frame.contentWindow && data && typeof data === "object" &&
    Object.keys(data).length === 2 && data.type === "sudoku-lab:height" &&
    Number.isFinite(data.height) && data.height > 0 && data.height <= 10000;
  if (ok) {
    frame.style.height = `${Math.ceil(data.height)}px`;
  }
}

let bound = false;

/** Open the dialog for ``run`` (the last run the player plays); ``widget`` is the page's
 * ``embed`` (its controls) and ``iframeSnippet(url)`` (lab.py: the app's snippet). */
export async function openEmbed(run, widget) {
  const dialog = $("embed-box");
  if (!bound) {
    bound = true;
    for (const button of dialog.querySelectorAll("button[data-copies]")) {
      button.addEventListener("click", () => copy(button));
    }
    $("embed-close").addEventListener("click", () => dialog.close());
    window.addEventListener("message", onHeight);
  }
  if (!run) {
    return;
  }
  let json;
  try {
    json = safeJson(run.recording);
  } catch {
    $("embed-note").textContent = "This run's recording cannot be read: run your code again.";
    dialog.showModal();
    return;
  }
  const site = siteAddress();
  const trace = await pack(json);
  const url = `${site}embed.html?controls=${widget.controls}#trace=${trace}`;
  const tag = tagSnippet(site, widget.controls, json);
  const frame = await widget.iframeSnippet(url);
  $("embed-tag").value = tag;
  $("embed-iframe").value = frame;
  $("embed-tag-size").textContent = kilobytes(tag);
  $("embed-iframe-size").textContent = kilobytes(frame);
  $("embed-note").textContent =
    `Your last run (${run.verdict}), as the widget replays it: your code never runs on a reader's machine.`;
  preview(url);
  dialog.dataset.trace = String(trace.length);
  dialog.showModal();
}
