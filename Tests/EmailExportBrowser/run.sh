#!/usr/bin/env bash
# The browser check of `validate export --to html` for email fields: every shipped rules file
# (Rules/*.json, Rules/policies/*.json) and the fixtures here (which pin the type=email cases),
# in headless Chromium. Installs its tools first (setup.sh).
#
#   bash Tests/EmailExportBrowser/run.sh          # what scripts/test.sh runs
#
# With EMAIL_BROWSER_RESULTS=FILE, writes "PASSED FAILED" (rules files) to FILE. Exits non-zero
# when any file has a counterexample or the check cannot run.
set -uo pipefail
cd "$(dirname "$0")/../.."
results=${EMAIL_BROWSER_RESULTS:-$(mktemp)}
echo "0 1" > "$results"   # until the check says otherwise: a setup failure is a failure

if ! bash Tests/EmailExportBrowser/setup.sh; then
  echo "email export browser check: setup failed (chromium from apt, playwright from PyPI)"
  exit 1
fi
validate=${VALIDATE_BIN:-$PWD/.build/debug/validate}
if [ ! -x "$validate" ]; then
  swift build --product validate 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
fi
files=$(find Rules -name '*.json' -not -path 'Rules/schema/*' -not -path 'Rules/lists/*' -not -path 'Rules/messages/*' | sort)
log=$(mktemp)
timeout 900 python3 Tests/EmailExportBrowser/check_export.py "$validate" $files Tests/EmailExportBrowser/fixtures/*.json \
  2>&1 | tee "$log"
status=${PIPESTATUS[0]}
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
if [ -n "$line" ]; then
  echo "$line" | awk '{print $1, $3}' > "$results"
fi
exit "$status"
