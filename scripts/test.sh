#!/usr/bin/env bash
# The whole test suite: unit, CLI, pseudo-terminal and server tests, then every shipped rules
# file's own examples, then docs/openapi.json against the real server. Ends with one `N passed, N failed` line.
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

# docs/openapi.json against the real server's responses (validators from PyPI, own venv).
openapi_passed=0
openapi_failed=1
if python=$(bash scripts/openapi-setup.sh); then
  openapi_log=$(mktemp)
  "$python" scripts/openapi-check.py .build/debug/validate | tee "$openapi_log" | grep -v '^PASS'
  openapi_passed=$(tail -1 "$openapi_log" | grep -Eo '^[0-9]+' || echo 0)
  openapi_failed=$(tail -1 "$openapi_log" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || echo 1)
else
  echo "openapi check: could not install jsonschema and openapi-spec-validator"
fi

# Every ```swift block of README.md, docs/ and the DocC articles, compiled in a scratch package that
# depends on this one by path, and run where it documents its output (scripts/check-snippets.sh).
snippets_log=$(mktemp)
bash scripts/check-snippets.sh 2>&1 | tee "$snippets_log" | grep -v '^PASS'
snippets_passed=$(tail -1 "$snippets_log" | grep -Eo '[0-9]+ passed' | grep -Eo '[0-9]+' || echo 0)
snippets_failed=$(tail -1 "$snippets_log" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || echo 1)

echo "swift test: exit $swift_status ($swift_total tests); rules files: $policy_passed passed, $policy_failed failed;" \
  "openapi: $openapi_passed passed, $openapi_failed failed; snippets: $snippets_passed passed, $snippets_failed failed"
passed=$((swift_total - swift_failed + policy_passed + openapi_passed + snippets_passed))
failed=$((swift_failed + policy_failed + openapi_failed + snippets_failed))
echo "$passed passed, $failed failed"
[ "$swift_status" -eq 0 ] && [ "$policy_failed" -eq 0 ] && [ "$openapi_failed" -eq 0 ] && [ "$snippets_failed" -eq 0 ]
