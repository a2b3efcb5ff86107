#!/usr/bin/env bash
# Make sure the e2e tests have their Chromiums, and print which they will use.
#   $SUDOKU_CHROMIUM wins (for every test); else Debian's two packages: the headless shell
#   (/usr/bin/chromium-headless-shell: most tests, the app boots there in 0.6 s instead of
#   1.0 s) and the whole browser (/usr/bin/chromium: the benchmarks, and the tests of frames
#   on another site, whose storage the shell does not keep apart), installed with apt-get
#   as root when one is missing; else Playwright's own build (both kinds).
# tests/support.py (launch_options) picks them in the same order.
#   --system-only: only the apt-get step (make setup runs it beside pip's install, before
#   the virtualenv with Playwright exists); the e2e target runs the whole script after.
set -euo pipefail
system_only=${1:-}
playwright=${PLAYWRIGHT:-.venv/bin/playwright}
shell=/usr/bin/chromium-headless-shell
whole=/usr/bin/chromium

if [ -n "${SUDOKU_CHROMIUM:-}" ]; then
  [ -x "$SUDOKU_CHROMIUM" ] || { echo "SUDOKU_CHROMIUM=$SUDOKU_CHROMIUM is not an executable" >&2; exit 1; }
  echo "chromium: $SUDOKU_CHROMIUM (SUDOKU_CHROMIUM)"
  exit 0
fi
if { [ ! -x "$shell" ] || [ ! -x "$whole" ]; } && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "chromium: installing Debian's chromium and chromium-headless-shell with apt-get" >&2
  apt-get update -q
  # Both at once: they share chromium-common, so they move to one version together.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    chromium chromium-headless-shell
  [ -x "$shell" ] && [ -x "$whole" ] || { echo "apt-get installed no $shell or $whole" >&2; exit 1; }
fi
[ "$system_only" = "--system-only" ] && exit 0
if [ -x "$whole" ]; then
  if [ -x "$shell" ]; then
    echo "chromium: $shell, and $whole for other sites' frames and the benchmarks"
  else
    echo "chromium: $whole (no $shell: the e2e suite runs slower)"
  fi
else
  echo "chromium: installing Playwright's Chromium" >&2
  # On a CI runner (CI set, e.g. GitHub Actions) also the system libraries it needs.
  "$playwright" install ${CI:+--with-deps} chromium
  echo "chromium: Playwright's own"
fi
