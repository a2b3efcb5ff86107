/*
 * Sudoku Lab on any page: <sudoku-lab puzzle="..." strategy="naive"></sudoku-lab>
 *
 * Load this script from the Sudoku Lab site, then write the tag. It becomes an iframe
 * of the site's embed.html with the tag's attributes as URL parameters (puzzle,
 * strategy, speed, autoplay, loop, controls, theme: see docs/embedding.md), and the
 * iframe takes the height the widget reports. Whatever the tag holds (for example a
 * plain-text board) stays visible until the widget has answered, and for readers
 * without JavaScript.
 *
 * Security: this runs on third-party pages, so it trusts one message only: one whose
 * source is this element's own iframe and whose data is exactly
 * {type: "sudoku-lab:height", height: <number of pixels, 1..10000>}. Anything else is
 * ignored. No attribute value ever goes into HTML: the URL is built with URLSearchParams.
 */
(function () {
  "use strict";

  var SCRIPT = document.currentScript;
  var WIDGET = new URL("../../embed.html", SCRIPT ? SCRIPT.src : location.href);
  var PARAMS = ["puzzle", "strategy", "speed", "autoplay", "loop", "controls", "theme"];
  var MESSAGE = "sudoku-lab:height";
  var MAX_HEIGHT = 10000;

  /** Whether a message's data is exactly {type: MESSAGE, height: a sane number}. */
  function isHeightMessage(data) {
    if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
    var keys = Object.keys(data).sort();
    if (keys.length !== 2 || keys[0] !== "height" || keys[1] !== "type") return false;
    return data.type === MESSAGE && typeof data.height === "number" &&
      isFinite(data.height) && data.height > 0 && data.height <= MAX_HEIGHT;
  }

  /** The widget's URL for an element: its known attributes as query parameters. */
  function widgetUrl(element) {
    var url = new URL(WIDGET.href);
    PARAMS.forEach(function (name) {
      var value = element.getAttribute(name);
      if (value !== null) url.searchParams.set(name, value);
    });
    return url.href;
  }

  class SudokuLab extends HTMLElement {
    connectedCallback() {
      if (this.frame) return;
      var frame = document.createElement("iframe");
      frame.src = widgetUrl(this);
      frame.title = this.getAttribute("title") || "Sudoku Lab: backtracking, step by step";
      frame.loading = "lazy";
      frame.style.cssText = "display:block;width:100%;border:0;height:0;overflow:hidden";
      this.frame = frame;
      this.onMessage = this.onMessage.bind(this);
      window.addEventListener("message", this.onMessage);
      this.style.display = "block";
      this.appendChild(frame);
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
      if (this.frame) this.frame.remove();
      this.frame = null;
    }

    onMessage(event) {
      if (!this.frame || event.source !== this.frame.contentWindow) return;
      if (!isHeightMessage(event.data)) return;
      var frame = this.frame;
      frame.style.height = Math.ceil(event.data.height) + "px";
      this.setAttribute("data-height", String(Math.ceil(event.data.height)));
      // The fallback content: whatever the tag holds besides the iframe. (Read now, not
      // when connected: a tag met while parsing is connected before its children exist.)
      Array.prototype.forEach.call(this.children, function (child) {
        if (child !== frame) child.hidden = true;
      });
    }
  }

  if (!customElements.get("sudoku-lab")) customElements.define("sudoku-lab", SudokuLab);
})();
