// The code lab's editor: the parts of CodeMirror 6 static/js/lab.js uses, bundled by
// scripts/vendor.py (esbuild, pinned in package.json) into static/vendor/codemirror/.
export { EditorView, basicSetup } from "codemirror";
export { python } from "@codemirror/lang-python";
export { indentUnit, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
export { tags } from "@lezer/highlight";
export { oneDarkTheme } from "@codemirror/theme-one-dark";
export { EditorState, StateEffect, StateField, Compartment } from "@codemirror/state";
export { Decoration, GutterMarker, gutter, keymap } from "@codemirror/view";
export { setDiagnostics, lintGutter } from "@codemirror/lint";
export { indentWithTab } from "@codemirror/commands";
