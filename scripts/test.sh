#!/usr/bin/env bash
# The whole test suite: unit, CLI, pseudo-terminal and server tests, every shipped rules
# file's own examples, then the suites that need tools from Debian or PyPI (each installs
# its own: OpenAPI validators, headless Chromium, Spark…). Ends with one `N passed, N failed`
# line that counts them all; exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 2
# The server suite parses /metrics with the Prometheus client's own parser (Debian's package,
# for /usr/bin/python3).
if ! /usr/bin/python3 -c 'import prometheus_client' 2>/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3-prometheus-client >/dev/null
fi

# Each part's wall time and CPU time, printed at the end (issue 31: where the minutes go).
times=()
cpu_file=$(mktemp)
# children_cpu: sets `cpu` to the CPU seconds (user + system) of every process this shell has
# waited for. `times` runs here, not in a $(…) subshell, which would have waited for none.
children_cpu() {
  times >"$cpu_file"
  cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%d", t + 0.5 }' "$cpu_file")
}
# part_start, then part_end NAME: records a part's wall and CPU seconds. bash reaps a background
# suite as soon as it ends, so its CPU counts in the part then running; `collect` gives its wall time.
part_start() {
  t0=$(date +%s)
  children_cpu
  cpu0=$cpu
}
part_end() {
  children_cpu
  times+=("$1: $(($(date +%s) - t0)) s, CPU $((cpu - cpu0)) s${2:+ $2}")
}
# tally NAME STATUS OUTPUT: adds the counts of a suite whose output ends with a "N passed, N failed"
# line; a suite that exits non-zero without counting a failure counts as one.
tally() {
  local name=$1 status=$2 out=$3
  local line p f
  line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$out" | tail -1)
  p=$(echo "$line" | grep -Eo '[0-9]+ passed' | grep -Eo '[0-9]+')
  f=$(echo "$line" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+')
  p=${p:-0}
  f=${f:-0}
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p))
  failed=$((failed + f))
  summary+="; $name: $p passed, $f failed"
}

# suite NAME COMMAND…: runs a suite and adds its counts.
suite() {
  local name=$1
  shift
  local out
  out=$(mktemp)
  part_start
  "$@" 2>&1 | tee "$out"
  local status=${PIPESTATUS[0]}
  part_end "$name"
  tally "$name" "$status" "$out"
}

# background_suite NAME COMMAND…: starts a suite beside the others, its output kept in a file;
# `collect NAME` waits for it, prints its output and adds its counts. For a suite that mostly
# compiles while the others mostly wait on a browser, a JVM or a server.
declare -A background_pid background_out background_t0
background_suite() {
  local name=$1
  shift
  background_out[$name]=$(mktemp)
  background_t0[$name]=$(date +%s)
  ("$@" >"${background_out[$name]}" 2>&1) &
  background_pid[$name]=$!
}
collect() {
  local name=$1 status=0
  wait "${background_pid[$name]}" || status=$?
  times+=("$name: $(($(date +%s) - ${background_t0[$name]})) s (beside the parts after it started)")
  cat "${background_out[$name]}"
  tally "$name" "$status" "${background_out[$name]}"
}

# FORM_RULES_BUILD_FLAGS: extra `swift build` flags for every build here, the same in each so no
# build undoes another (.ci/run sets `-debug-info-format none`; unset on a developer's machine).
# SWIFT_DETERMINISTIC_HASHING=1 keeps SwiftPM's trait defines in one order (.ci/run says why).
part_start
SWIFT_DETERMINISTIC_HASHING=1 swift build ${FORM_RULES_BUILD_FLAGS:-} --build-tests 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
part_end build
# The suites below use this build as it is (public-api-safety reads its modules).
export FORM_RULES_BUILT=1
# The configuration an iOS app gets: no libidn2 (the IDNA trait off), the libraries an app links
# and the core's tests (scripts/portable-check.sh). Its build (about 150 CPU seconds) runs in the
# idle scheduling class beside everything below, so it takes only the cycles the tests leave: swift
# test leaves about 40 core-seconds, the browser, JVM and server suites most of theirs. (At nice 19
# instead it stretched swift test from 93 s to 164 s; in the idle class swift test takes 90 s.) After
# the build above: its controls read that build.
background_suite portable bash scripts/portable-check.sh
# Every ```swift block of README.md, docs/ and the DocC articles, compiled in a scratch package that
# depends on this one by path, and run where it documents its output. It is mostly a build (about
# 40 CPU seconds), so it too runs in the idle class beside everything below.
background_suite snippets chrt --idle 0 bash scripts/check-snippets.sh
part_start
log=$(mktemp)
swift test --skip-build 2>&1 | tee "$log"
swift_status=${PIPESTATUS[0]}
part_end "swift test"

# Swift Testing's closing line: "Test run with N tests in M suites passed/failed …"
swift_total=$(grep -Eo 'Test run with [0-9]+ test' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
swift_failed=$(grep -Eo 'with [0-9]+ tests? failed|[0-9]+ issues?' "$log" | tail -1 | grep -Eo '^[a-z ]*[0-9]+' | grep -Eo '[0-9]+' || true)
if [ "$swift_status" -eq 0 ]; then swift_failed=0; fi
swift_failed=${swift_failed:-1}
passed=$((swift_total - swift_failed))
failed=$swift_failed
summary="swift test: exit $swift_status ($swift_total tests)"

policy_passed=0
policy_failed=0
part_start
while IFS= read -r rules; do
  if out=$(.build/debug/validate test --rules "$rules" 2>&1); then
    policy_passed=$((policy_passed + 1))
  else
    echo "$out"
    echo "policy tests failed: $rules"
    policy_failed=$((policy_failed + 1))
  fi
done < <(grep -l '"tests"' $(find Rules -name '*.json' -not -path 'Rules/schema/*' -not -path 'Rules/lists/*' | sort))
passed=$((passed + policy_passed))
failed=$((failed + policy_failed))
summary+="; rules files: $policy_passed passed, $policy_failed failed"
part_end "rules files"

VALIDATE_BIN="$PWD/.build/debug/validate"
export VALIDATE_BIN


# docs/openapi.json against the real server's responses (validators from PyPI, own venv).
openapi_check() {
  local python
  python=$(bash scripts/openapi-setup.sh) || { echo "openapi: setup failed"; return 1; }
  "$python" scripts/openapi-check.py "$VALIDATE_BIN" | grep -v '^PASS'
  return "${PIPESTATUS[0]}"
}
suite openapi openapi_check
# The HTML export's email inputs in headless Chromium: one test per rules file.
suite email-export bash Tests/EmailExportBrowser/run.sh
# The Spark recipe for real: Java 17 and PySpark on first use, then 100k rows in local[2]
# (SPARK_TEST_ROWS; what proves the recipe: partitions, row order, the comparison with one
# `validate --jsonl`). The 1M-row figure is a benchmark: Benchmarks/spark-1m.sh.
# FORM_RULES_SKIP_SPARK=1 skips it on a developer's machine (CI never sets it).
# It runs beside the browser suite: each waits more than it computes (CI 2026-12-06: Spark 51 s
# of wall for 37 s of CPU, the browser suite 102 s for 72 s), so together they fit in 2 cores.
# Its installs come first, in the foreground, so no two apt-get runs meet.
spark=0
if [ "${FORM_RULES_SKIP_SPARK:-0}" = 1 ]; then
  summary+="; spark: skipped (FORM_RULES_SKIP_SPARK=1)"
else
  spark=1
  bash Tests/spark/setup.sh >/dev/null || echo "spark: setup failed (the suite reports it)"
  background_suite spark env SPARK_TEST_ROWS="${SPARK_TEST_ROWS:-100000}" bash Tests/spark/run.sh "$VALIDATE_BIN"
fi
# The web pages in headless Chromium against a real `validate serve`, in two workers. (In a lane
# of its own beside the suites below it took 238 s instead of 107 s, and email-export 121 s
# instead of 27 s: two Chromiums and the portable check at once is more than 2 cores hold.)
suite browser bash Tests/Browser/run.sh
# The strength estimator against the Python zxcvbn package on a seeded corpus: each target
# is one check; the tool installs its own zxcvbn (Tests/strength-agreement/setup.sh).
strength_agreement() {
  ESTIMATOR="$(swift build --show-bin-path)/password-bench" bash Tests/strength-agreement/run.sh
}
suite strength-agreement strength_agreement
[ "$spark" -eq 1 ] && collect spark

# The identity-rest example against a local Firebase Auth REST stub, with the binary the snippet
# package built from its sources (one build of FormRules for both; its manifest is checked there).
collect snippets
suite identity-rest env IDENTITY_REST_BIN="$PWD/.build/snippet-check/app/.build/debug/identity-rest" \
  bash Examples/identity-rest/test.sh
# No pointer in any library product's public API (issue 27): symbol graphs of the debug build.
suite public-api-safety bash scripts/public-api-safety.sh
# Raw pointers only in Unsafe/ folders: none in any other Swift file under Sources (issue 27).
suite unsafe-fence bash scripts/unsafe-fence.sh
collect portable

echo "== test parts (wall seconds)"
for line in "${times[@]}"; do echo "  $line"; done
echo "$summary"
echo "$passed passed, $failed failed"
[ "$swift_status" -eq 0 ] && [ "$failed" -eq 0 ]
