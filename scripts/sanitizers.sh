#!/usr/bin/env bash
# Runs the concurrency tests under ThreadSanitizer and the input-reader tests under
# AddressSanitizer, each in its own scratch path so the ordinary debug build is left alone.
#
#   scripts/sanitizers.sh            both
#   scripts/sanitizers.sh thread     ThreadSanitizer only
#   scripts/sanitizers.sh address    AddressSanitizer only
#
# ThreadSanitizer makes every memory access many times slower, so the concurrency test
# validates FORM_RULES_CONCURRENCY_RECORDS records per thread here (default 5000; the
# ordinary test run uses 100 000). Set it to 100000 for the full run.
set -euo pipefail
cd "$(dirname "$0")/.."

which="${1:-all}"
export FORM_RULES_CONCURRENCY_RECORDS="${FORM_RULES_CONCURRENCY_RECORDS:-5000}"

# Suites that share one Policy between threads.
concurrency_suites='ConcurrencyTests|SharedPolicyStressTests|PasswordConcurrencyTests'
# Suites that feed hostile bytes to the readers: the library's line reader and JSON record
# decoder, and the CLI tests, whose validate binary is built with the same sanitizer.
input_suites='InputReaderTests|LineReaderTests|JSONParserTests|LimitsTests|SecretRedactionTests|BadInputTests|SecretLeakTests|JSONLinesTests|BulkJSONLinesTests'

if [[ "$which" == all || "$which" == thread ]]; then
  echo "== ThreadSanitizer: $concurrency_suites ($FORM_RULES_CONCURRENCY_RECORDS records per thread)" >&2
  TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" \
    swift test --sanitize=thread --scratch-path .build/tsan --filter "$concurrency_suites"
fi
if [[ "$which" == all || "$which" == address ]]; then
  echo "== AddressSanitizer: $input_suites" >&2
  ASAN_OPTIONS="halt_on_error=1 detect_leaks=1 ${ASAN_OPTIONS:-}" \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt print_suppressions=0 ${LSAN_OPTIONS:-}" \
    swift test --sanitize=address --scratch-path .build/asan --filter "$input_suites"
fi
