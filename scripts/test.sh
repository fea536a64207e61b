#!/usr/bin/env bash
# The whole test suite: unit, CLI and pseudo-terminal tests, every shipped rules file's own
# examples, then the HTML export's email inputs in headless Chromium
# (Tests/EmailExportBrowser). Ends with one `N passed, N failed` line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 2

swift build --build-tests 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
log=$(mktemp)
swift test --skip-build 2>&1 | tee "$log"
swift_status=${PIPESTATUS[0]}

# Swift Testing's closing line: "Test run with N tests in M suites passed/failed …"
swift_total=$(grep -Eo 'Test run with [0-9]+ test' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
swift_failed=$(grep -Eo 'with [0-9]+ tests? failed|[0-9]+ issues?' "$log" | tail -1 | grep -Eo '^[a-z ]*[0-9]+' | grep -Eo '[0-9]+' || true)
if [ "$swift_status" -eq 0 ]; then swift_failed=0; fi
swift_failed=${swift_failed:-1}

policy_passed=0
policy_failed=0
while IFS= read -r rules; do
  if out=$(.build/debug/validate test --rules "$rules" 2>&1); then
    policy_passed=$((policy_passed + 1))
  else
    echo "$out"
    echo "policy tests failed: $rules"
    policy_failed=$((policy_failed + 1))
  fi
done < <(grep -l '"tests"' $(find Rules -name '*.json' -not -path 'Rules/schema/*' | sort))

# The HTML export's email inputs in headless Chromium: one test per rules file.
email_browser_results=$(mktemp)
EMAIL_BROWSER_RESULTS=$email_browser_results VALIDATE_BIN=$PWD/.build/debug/validate \
  bash Tests/EmailExportBrowser/run.sh
email_browser_status=$?
read -r email_browser_passed email_browser_failed < "$email_browser_results"

echo "swift test: exit $swift_status ($swift_total tests); rules files: $policy_passed passed, $policy_failed failed;" \
  "email export in Chromium: $email_browser_passed passed, $email_browser_failed failed"
passed=$((swift_total - swift_failed + policy_passed + email_browser_passed))
failed=$((swift_failed + policy_failed + email_browser_failed))
echo "$passed passed, $failed failed"
[ "$swift_status" -eq 0 ] && [ "$policy_failed" -eq 0 ] && [ "$email_browser_status" -eq 0 ]
