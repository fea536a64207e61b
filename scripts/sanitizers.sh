#!/usr/bin/env bash
# The whole `swift test` under one sanitizer, in its own scratch path so the ordinary debug
# build is left alone. ASan and TSan cannot share a build (each instruments every object, and
# the runtimes conflict), and two whole builds cost as much as the rest of CI, so a run builds
# one: CI alternates by day (AddressSanitizer on even days since 1970, ThreadSanitizer on odd),
# so every sanitizer covers every suite within two days of any change; a developer picks.
#
#   scripts/sanitizers.sh            today's sanitizer (the alternation)
#   scripts/sanitizers.sh address    AddressSanitizer (with LeakSanitizer)
#   scripts/sanitizers.sh thread     ThreadSanitizer
#   scripts/sanitizers.sh both       one after the other (two builds: a nightly or a release)
#
# Every test runs under the sanitizer except MemoryBoundTests, which measure the uninstrumented
# server (address space under prlimit --as, RSS, a p99): it finds the sanitizer at run time
# (FormRulesTestSupport's Sanitizer, by dlsym of the runtime's init symbol) and prints why it skips.
#
# The tests run one at a time (`--no-parallel`). Under a sanitizer each test is 5–15× slower, and
# in parallel the CPU-bound suites held the process's concurrency pool (two threads on two cores)
# for minutes at a time: tests whose named checks run in that pool (EmbeddedChecks, the range
# mirror) then waited past their clients' 120 s deadline and failed, though they pass alone. One
# at a time loses no race a sanitizer could find (a test's races are among its own threads) and
# costs a few minutes in a job that takes twenty.
#
# The concurrency stress test validates FORM_RULES_CONCURRENCY_RECORDS records per thread (5000
# unless set, as in the ordinary run).
set -euo pipefail
cd "$(dirname "$0")/.."

which="${1:-auto}"
if [[ "$which" == auto ]]; then
  if (($(date -u +%s) / 86400 % 2 == 0)); then which=address; else which=thread; fi
fi
export FORM_RULES_CONCURRENCY_RECORDS="${FORM_RULES_CONCURRENCY_RECORDS:-5000}"

if [[ "$which" == both || "$which" == thread ]]; then
  echo "== ThreadSanitizer: the whole swift test ($FORM_RULES_CONCURRENCY_RECORDS records per thread)" >&2
  TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" \
    swift test --sanitize=thread --scratch-path .build/tsan --no-parallel
fi
if [[ "$which" == both || "$which" == address ]]; then
  echo "== AddressSanitizer: the whole swift test" >&2
  ASAN_OPTIONS="halt_on_error=1 detect_leaks=1 ${ASAN_OPTIONS:-}" \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt print_suppressions=0 ${LSAN_OPTIONS:-}" \
    swift test --sanitize=address --scratch-path .build/asan --no-parallel
fi
