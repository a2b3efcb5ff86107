#!/usr/bin/env bash
# Make sure the e2e tests have a Chromium, and print which one they will use.
#   $SUDOKU_CHROMIUM wins; else /usr/bin/chromium; else, as root with apt-get, Debian's
#   chromium package; else Playwright's own build (playwright install chromium, with its
#   system libraries on a CI runner).
# tests/e2e/conftest.py picks the same one in the same order.
set -euo pipefail
playwright=${PLAYWRIGHT:-.venv/bin/playwright}

if [ -n "${SUDOKU_CHROMIUM:-}" ]; then
  [ -x "$SUDOKU_CHROMIUM" ] || { echo "SUDOKU_CHROMIUM=$SUDOKU_CHROMIUM is not an executable" >&2; exit 1; }
  echo "chromium: $SUDOKU_CHROMIUM (SUDOKU_CHROMIUM)"
elif [ -x /usr/bin/chromium ]; then
  echo "chromium: /usr/bin/chromium"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "chromium: installing Debian's chromium with apt-get" >&2
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium
  [ -x /usr/bin/chromium ] || { echo "apt-get installed no /usr/bin/chromium" >&2; exit 1; }
  echo "chromium: /usr/bin/chromium"
else
  echo "chromium: installing Playwright's Chromium" >&2
  # On a CI runner (CI set, e.g. GitHub Actions) also the system libraries it needs.
  "$playwright" install ${CI:+--with-deps} chromium
  echo "chromium: Playwright's own"
fi
