// ESLint for the site's own JavaScript (`make lint`): the service worker, the page
// scripts in static/js and the MicroPython probe the unit tests run in Node. Each file
// gets the globals of where it runs and the module type it is loaded as. Not shipped:
// scripts/build_site.py ships only what the pages reference.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [".venv/", "_site/", "build/", "static/vendor/", "tests/vendor/", "test-results/"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // The service worker: registered as a classic script (src/web/page/common/offline.py).
    files: ["sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    // The app's boot watchdog and the blog's <sudoku-lab> tag: classic scripts.
    files: ["static/js/boot.js", "static/js/embed.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    // Module scripts: the widget's start (embed.html), the Share panel's GIF (index.html),
    // a recording in a widget's address (imported by widget.js and embed.js when there is one).
    files: ["static/js/widget.js", "static/js/gif.js", "static/js/recording.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // The code lab's page modules (lab.html).
    files: ["static/js/lab.js", "static/js/lab-python.js", "static/js/lab-share.js", "static/js/lab-link.js", "static/js/lab-embed.js", "static/js/lab-history.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    // The code lab's sandbox frame (a classic inline script) and its worker (classic, blob:).
    files: ["static/js/lab-sandbox.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["static/js/lab-runner.js"],
    languageOptions: { sourceType: "script", globals: globals.worker },
  },
  {
    // The app's deep worker: a module worker of the site (src/web/page/app/deep.py).
    files: ["static/js/deep.js"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  {
    // The bundle's entry (scripts/vendor.py): never shipped itself.
    files: ["scripts/codemirror.js"],
    languageOptions: { sourceType: "module" },
  },
  {
    files: ["tests/**/*.mjs", "bench/**/*.mjs", "scripts/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
