#!/usr/bin/env bash
# The configuration an iOS app gets, proven on Linux (issue 27): the package built with its
# default traits off (no IDNA, so no libidn2), then
#   1. FormRules and FormRulesUI reference no libidn2, libmicrohttpd, libcurl or
#      FoundationNetworking symbol, and hold no `validate --help` text (the default build's
#      FormRules does reference libidn2, and FormRulesHTTP FoundationNetworking, so the checks
#      can fail);
#   2. the core's test targets (FormRulesTests, FormRulesUITests, CustomRuleTests) pass in it:
#      tests that need libidn2 are disabled by name (`IDNA.isAvailable`), the fallback's own
#      tests run instead.
# Ends with one `N passed, N failed` line. Its own scratch path, so the ordinary build is left alone.
set -uo pipefail
cd "$(dirname "$0")/.."
scratch=.build/portable
passed=0
failed=0
check() {
  if eval "$2"; then passed=$((passed + 1)); echo "PASS $1"; else failed=$((failed + 1)); echo "FAIL $1"; fi
}

if ! swift build --disable-default-traits --build-tests --scratch-path "$scratch" >"$scratch.log" 2>&1; then
  grep -E 'error:' "$scratch.log" | sort -u | head -40
  echo "0 passed, 1 failed"
  exit 1
fi
objects() { find "$scratch/debug/$1.build" -name '*.o'; }
undefined() { objects "$1" | xargs nm -u 2>/dev/null; }

for module in FormRules FormRulesUI; do
  # grep -c reads everything: an early exit would break the pipe and, under pipefail, the count.
  check "$module links no libidn2" "[ \$(undefined $module | grep -c 'idn2_') -eq 0 ]"
  check "$module links no libmicrohttpd" "[ \$(undefined $module | grep -c 'MHD_') -eq 0 ]"
  # FormRulesHTTP's URLSession client (issue 28) stays out of the core: no libcurl, no FoundationNetworking.
  check "$module links no libcurl or FoundationNetworking" \
    "[ \$(undefined $module | grep -Ec 'curl_|FoundationNetworking') -eq 0 ]"
  check "$module holds no validate --help text" "[ \$(objects $module | xargs cat | grep -ac 'cli.help.serve') -eq 0 ]"
done
default=.build/debug/FormRules.build
if [ -d "$default" ]; then
  check "the default build's FormRules does link libidn2 (control)" \
    "[ \$(find $default -name '*.o' | xargs nm -u 2>/dev/null | grep -c 'idn2_') -gt 0 ]"
fi
if [ -d "$scratch/debug/FormRulesHTTP.build" ]; then
  check "FormRulesHTTP does use FoundationNetworking (control)" \
    "[ \$(undefined FormRulesHTTP | grep -c 'FoundationNetworking') -gt 0 ]"
fi
if [ -d "$scratch/debug/validate.build" ]; then
  check "the tool does hold its help text (control)" \
    "[ \$(objects validate | xargs cat | grep -ac 'cli.help.serve') -gt 0 ]"
fi

log=$(mktemp)
# The timer-leak test measures the whole process's resident set, which the suites running beside
# it move by tens of megabytes in this smaller run; it runs in the ordinary suite.
swift test --skip-build --disable-default-traits --scratch-path "$scratch" \
  --filter 'FormRulesTests\.|FormRulesUITests\.|CustomRuleTests\.' --skip CheckTimerLeakTests 2>&1 | tee "$log" \
  | grep -E '^✘|Test run with'
status=${PIPESTATUS[0]}
total=$(grep -Eo 'Test run with [0-9]+ test' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
if [ "$status" -eq 0 ]; then
  passed=$((passed + total))
else
  broken=$(grep -Ec '^✘ Test "[^"]*" (failed|with [0-9]+ test cases failed)' "$log" || true)
  [ "$broken" -gt 0 ] || broken=1
  passed=$((passed + total - broken))
  failed=$((failed + broken))
fi
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
