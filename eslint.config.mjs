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
    // Module scripts: the widget's start (embed.html), the Share panel's GIF (index.html).
    files: ["static/js/widget.js", "static/js/gif.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    files: ["eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
