#!/usr/bin/env bash
# The whole test suite: unit, CLI and pseudo-terminal tests, then every shipped rules
# file's own examples. Ends with one `N passed, N failed` line.
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
done < <(grep -l '"tests"' $(find Rules -name '*.json' -not -path 'Rules/schema/*' -not -path 'Rules/lists/*' | sort))

# The strength estimator against the Python zxcvbn package on a seeded corpus (issue 16):
# each target is one check; the tool installs its own zxcvbn (Tests/strength-agreement/setup.sh).
agreement_log=$(mktemp)
ESTIMATOR="$(swift build --show-bin-path)/password-bench" bash Tests/strength-agreement/run.sh 2>&1 | tee "$agreement_log"
agreement_status=${PIPESTATUS[0]}
agreement_passed=$(grep -Eo 'strength agreement: [0-9]+ passed' "$agreement_log" | grep -Eo '[0-9]+' || echo 0)
agreement_failed=$(grep -Eo 'strength agreement: [0-9]+ passed, [0-9]+ failed' "$agreement_log" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || echo 1)
if [ "$agreement_status" -ne 0 ] && [ "$agreement_failed" -eq 0 ]; then agreement_failed=1; fi

echo "swift test: exit $swift_status ($swift_total tests); rules files: $policy_passed passed, $policy_failed failed;" \
  "strength agreement: $agreement_passed passed, $agreement_failed failed"
passed=$((swift_total - swift_failed + policy_passed + agreement_passed))
failed=$((swift_failed + policy_failed + agreement_failed))
echo "$passed passed, $failed failed"
[ "$swift_status" -eq 0 ] && [ "$policy_failed" -eq 0 ] && [ "$agreement_status" -eq 0 ]
