/*
 * Sudoku Lab on any page: <sudoku-lab puzzle="..." strategy="naive"></sudoku-lab>
 *
 * Load this script from the Sudoku Lab site, then write the tag. It becomes an iframe
 * of the site's embed.html with the tag's attributes as URL parameters (puzzle,
 * strategy, speed, autoplay, loop, controls, theme, step, note, candidates, tree: see
 * docs/embedding.md); changing an
 * attribute later reloads the widget with it. The iframe starts at a placeholder height
 * close to the widget's own, so the browser's lazy loading works for a post with many
 * tags (an iframe of height 0 is "in view" however far down it is), then takes the
 * height the widget reports. Whatever the tag holds (for example a plain-text board)
 * stays visible until the widget has answered, and for readers without JavaScript.
 *
 * Where the site is: the `site` attribute if the tag has one (the address of the Sudoku
 * Lab site, e.g. "https://you.github.io/sudoku-lab/"), else the address this script was
 * loaded from (as a classic script, a module or deferred). A bundler that copies this
 * file into another script loses that address: then write `site` on each tag. With no
 * site to be found, or a site that is not an http: or https: address (a `javascript:`
 * one would run in the host page), the tag keeps its content and says why in the console.
 *
 * The post's own code (docs/embedding.md, "Your own code in the widget"): a tag with a
 * `recording` attribute plays a recording made by `sudoku watch FILE PUZZLE --record`,
 * the JSON text of its own `<script type="application/json">` child (`recording` with no
 * value) or of the element of the page whose id the attribute names. The text is packed
 * into the widget's address after `#` (static/js/recording.js, loaded from the site only
 * for such a tag, once the page is parsed); the widget checks it and shows its code as
 * text, never running it.
 *
 * Driving it from the page (docs/embedding.md, "Drive the widget"): the element has
 * methods `goto(step)`, `play()`, `pause()` and `setStrategy(name)`, which post the
 * widget's commands to its frame (src/web/page/widget/host.py reads them), and it fires a `step`
 * event, `event.detail = {step, kind, nodes}`, as the widget reports where it is (at most
 * ten times a second, and always its last step). Commands given before the widget's first
 * report (it is loading, or not yet scrolled into view) wait for it, in order.
 *
 * Security: this runs on third-party pages, so it trusts two messages only, and only
 * from this element's own iframe: {type: "sudoku-lab:height", height: <number of pixels,
 * 1..10000>} and {type: "sudoku-lab:step", step: <whole number>, kind: <an event kind>,
 * nodes: <whole number>}, with exactly those keys. Anything else is ignored. No attribute
 * value ever goes into HTML: the URL is built with URLSearchParams.
 */
(function () {
  "use strict";

  var PARAMS = ["puzzle", "strategy", "speed", "autoplay", "loop", "controls", "theme", "step", "note", "candidates", "tree"];
  var MESSAGE = "sudoku-lab:height";
  var STEP = "sudoku-lab:step";
  var KINDS = ["start", "try", "reject", "place", "force", "stuck", "undo", "solved", "exhausted"];
  var STRATEGIES = ["naive", "mrv", "propagate"];
  var MAX_HEIGHT = 10000;
  var WEB = ["http:", "https:"]; // the only schemes a widget's site may have
  var PLACEHOLDER = { full: [920, 1560], compact: [560, 1060], tree: [450, 520] };
  var ONE_COLUMN_BELOW = 640;
  /* Heights (px) the widget measures with every control and with a few (`controls` set),
     in a frame 40rem wide and in a phone's (one column, below ONE_COLUMN_BELOW px), and
     what the search tree adds (`tree` set): a close guess for the frame until the
     widget's first report, which is its final height (static/js/widget.js lays out
     before Python what Python shows), so the frame takes its height once. */

  /** This script's own address, however it was loaded; null if it cannot be known. */
  function scriptUrl() {
    if (document.currentScript && document.currentScript.src) return document.currentScript.src;
    var scripts = document.querySelectorAll("script[src]");
    for (var i = 0; i < scripts.length; i += 1) {
      if (/\/static\/js\/embed\.js(?:[?#]|$)/.test(scripts[i].src)) return scripts[i].src;
    }
    return null;
  }

  var SCRIPT = scriptUrl();

  /** The widget page for an element: from its `site` attribute, else from this script;
   * null (said in the console) when there is none, or it is not a web (http:, https:)
   * address: a `javascript:` site would run its text in this page's origin. */
  function widgetBase(element) {
    var site = element.getAttribute("site");
    var base = null;
    try {
      if (site) base = new URL("embed.html", new URL(site.replace(/\/?$/, "/"), location.href));
      else if (SCRIPT) base = new URL("../../embed.html", SCRIPT);
    } catch {
      base = null; // an address that is no URL: no widget page, as with no address
    }
    if (!base) {
      console.error("<sudoku-lab>: no Sudoku Lab site known; give the tag a site attribute");
      return null;
    }
    if (WEB.indexOf(base.protocol) < 0) {
      console.error("<sudoku-lab>: the site attribute must be an http: or https: address, not " +
        JSON.stringify(base.protocol) + "; the tag keeps its content");
      return null;
    }
    return base;
  }

  /** Whether a message's data is exactly {type: MESSAGE, height: a sane number}. */
  function isHeightMessage(data) {
    if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
    var keys = Object.keys(data).sort();
    if (keys.length !== 2 || keys[0] !== "height" || keys[1] !== "type") return false;
    return data.type === MESSAGE && typeof data.height === "number" &&
      isFinite(data.height) && data.height > 0 && data.height <= MAX_HEIGHT;
  }

  /** Whether a message's data is exactly {type: STEP, step, kind, nodes} (see above). */
  function isStepMessage(data) {
    if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
    var keys = Object.keys(data).sort().join(",");
    return keys === "kind,nodes,step,type" && data.type === STEP &&
      Number.isSafeInteger(data.step) && data.step >= 0 &&
      Number.isSafeInteger(data.nodes) && data.nodes >= 0 && KINDS.indexOf(data.kind) >= 0;
  }

  /** The widget's URL for an element: its known attributes as query parameters, and its
   * recording's fragment (`#trace=...`, once packed: see `packed`). */
  function widgetUrl(element, base) {
    var url = new URL(base.href);
    PARAMS.forEach(function (name) {
      var value = element.getAttribute(name);
      if (value !== null) url.searchParams.set(name, value);
    });
    return url.href + (element.fragment || "");
  }

  /** The JSON text of the recording a tag names (see above); null, said in the console,
   * when there is no such element. */
  function recordingText(element) {
    var id = element.getAttribute("recording");
    var found = id ? document.getElementById(id) : element.querySelector('script[type="application/json"]');
    if (!found) {
      console.error("<sudoku-lab>: no recording: " + (id ? "no element with id " + JSON.stringify(id)
        : "the tag holds no <script type=\"application/json\">") + "; the widget plays without it");
      return null;
    }
    return found.textContent;
  }

  /** The fragment carrying a tag's recording, `#trace=` and the packed text ("" when it
   * has none), once the page is parsed (a tag is connected before its children exist). */
  function packed(element, base) {
    var parsed = document.readyState !== "loading" ? Promise.resolve()
      : new Promise(function (done) { document.addEventListener("DOMContentLoaded", done, { once: true }); });
    return parsed.then(function () {
      var text = recordingText(element);
      if (text === null) return "";
      return import(new URL("static/js/recording.js", base).href)
        .then(function (module) { return module.pack(text); })
        .then(function (value) { return "#trace=" + value; });
    }).catch(function (error) {
      console.error("<sudoku-lab>: the recording could not be packed: " + error);
      return "";
    });
  }

  class SudokuLab extends HTMLElement {
    static get observedAttributes() {
      return PARAMS.concat(["site"]);
    }

    connectedCallback() {
      if (this.frame) return;
      var base = widgetBase(this);
      if (!base) return; // (said in the console)
      var frame = document.createElement("iframe");
      var self = this;
      this.fragment = "";
      if (this.hasAttribute("recording")) {
        packed(this, base).then(function (fragment) {
          self.fragment = fragment;
          if (self.frame === frame) frame.src = widgetUrl(self, base);
        });
      } else {
        frame.src = widgetUrl(this, base);
      }
      frame.title = this.getAttribute("title") || "Sudoku Lab: backtracking, step by step";
      frame.loading = "lazy";
      this.style.display = "block";
      var column = this.getBoundingClientRect().width < ONE_COLUMN_BELOW ? 1 : 0;
      var guess = (this.hasAttribute("controls") ? PLACEHOLDER.compact : PLACEHOLDER.full)[column];
      if (/^(1|true|yes|on)$/i.test(this.getAttribute("tree") || "")) guess += PLACEHOLDER.tree[column];
      frame.style.cssText = "display:block;width:100%;border:0;overflow:hidden;height:" + guess + "px";
      this.frame = frame;
      this.ready = false; // true from the widget's first step report (see send)
      this.waiting = this.waiting || [];
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

    attributeChangedCallback() {
      if (!this.frame) return; // not connected yet: connecting reads every attribute
      if (this.hasAttribute("recording") && !this.frame.src) return; // (packing sets it)
      var base = widgetBase(this);
      var url = base && widgetUrl(this, base);
      if (url && url !== this.frame.src) {
        this.ready = false; // a new widget loads: commands wait for its first report
        this.frame.src = url;
      }
    }

    /** Show step `step` (a whole number), paused. */
    goto(step) {
      if (!Number.isSafeInteger(step) || step < 0) throw new RangeError("goto: a step is a whole number from 0");
      this.send({ type: "sudoku-lab:goto", step: step });
    }

    /** Play from the step shown. */
    play() {
      this.send({ type: "sudoku-lab:play" });
    }

    /** Pause. */
    pause() {
      this.send({ type: "sudoku-lab:pause" });
    }

    /** Trace the same puzzle by another strategy: "naive", "mrv" or "propagate". */
    setStrategy(name) {
      if (STRATEGIES.indexOf(name) < 0) throw new RangeError("setStrategy: one of " + STRATEGIES.join(", "));
      this.send({ type: "sudoku-lab:strategy", strategy: name });
    }

    /** Post a command to the widget, or keep it until the widget's first report. */
    send(command) {
      if (this.frame && this.ready) this.frame.contentWindow.postMessage(command, new URL(this.frame.src).origin);
      else (this.waiting = this.waiting || []).push(command);
    }

    onMessage(event) {
      if (!this.frame || event.source !== this.frame.contentWindow) return;
      if (isStepMessage(event.data)) {
        this.onStep(event.data);
        return;
      }
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

    /** The widget says where it is: it is ready for the commands that waited; tell the page. */
    onStep(data) {
      this.ready = true;
      var waiting = this.waiting || [];
      this.waiting = [];
      waiting.forEach(this.send, this);
      this.dispatchEvent(new CustomEvent("step", {
        detail: { step: data.step, kind: data.kind, nodes: data.nodes },
      }));
    }
  }

  if (!customElements.get("sudoku-lab")) customElements.define("sudoku-lab", SudokuLab);
})();
