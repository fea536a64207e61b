#!/usr/bin/env bash
# The browser suite: installs its tools (setup.sh), then runs the pages in headless Chromium
# against a real `validate serve` that conftest.py starts on 127.0.0.1 and a free port.
#
#   bash Tests/Browser/run.sh                                  # what scripts/test.sh runs (last line: browser: N passed, N failed)
#   SCREENSHOTS_DIR=docs/images bash Tests/Browser/run.sh      # also refresh the docs' screenshots
#
# With BROWSER_RESULTS=FILE, writes "PASSED FAILED" to FILE. Exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
results=${BROWSER_RESULTS:-$(mktemp)}
export BROWSER_RESULTS=$results
echo "0 1" > "$results"   # until pytest says otherwise: a setup failure is a failure

if ! bash Tests/Browser/setup.sh; then
  echo "browser suite: setup failed (chromium from apt; playwright, pytest and axe-playwright-python from PyPI)"
  exit 1
fi
export VALIDATE_BIN=${VALIDATE_BIN:-$PWD/.build/debug/validate}
if [ ! -x "$VALIDATE_BIN" ]; then
  swift build --product validate 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
fi
if [ -n "${SCREENSHOTS_DIR:-}" ]; then
  mkdir -p "$SCREENSHOTS_DIR"
  SCREENSHOTS_DIR=$(cd "$SCREENSHOTS_DIR" && pwd)
  export SCREENSHOTS_DIR
fi
cd Tests/Browser
# Two workers (pytest-xdist), each with its own server and browser: a test mostly waits on the
# page (debounces, transitions, the server), so two at once take about 107 s instead of 137 s.
timeout 1500 python3 -m pytest -q -p no:cacheprovider -o addopts="" -n "${BROWSER_WORKERS:-2}" \
  test_pages.py test_hardening.py
status=$?
read -r browser_passed browser_failed < "$results" || { browser_passed=0; browser_failed=1; }
echo "browser: $browser_passed passed, $browser_failed failed"
exit "$status"
