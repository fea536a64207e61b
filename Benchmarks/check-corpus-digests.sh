#!/usr/bin/env bash
# The 300,000-record golden check, benchmark-side (it left `swift test`, which now compares
# readable goldens: Tests/FormRulesTests/Fixtures/golden, GoldenRecordsTests). The first N
# records of the Python corpus (Benchmarks/gen_corpus.py, Python's `random`) through
# `validate --jsonl --jobs 1`, SHA-1 of the reports, against Benchmarks/corpus-reports.sha1
# (`rules locale records sha1` per line; the history of each digest is in git log of that file
# and of Tests/FormRulesTests/BulkValidatorTests.swift before it moved).
#
#   swift build -c release --product validate
#   bash Benchmarks/check-corpus-digests.sh [VALIDATE]     (default .build/release/validate)
#
# Ends with `corpus digests: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
validate="${1:-.build/release/validate}"
corpus=$(mktemp)
trap 'rm -f "$corpus"' EXIT
python3 Benchmarks/gen_corpus.py --n 100000 --out "$corpus" >/dev/null || exit 2
passed=0
failed=0
while read -r rules locale records digest; do
  [ -n "$rules" ] || continue
  actual=$(head -n "$records" "$corpus" | LANG=C "$validate" --rules "$rules" --locale "$locale" --jsonl --jobs 1 2>/dev/null | sha1sum | cut -d' ' -f1)
  if [ "$actual" = "$digest" ]; then
    passed=$((passed + 1)); echo "PASS $rules $locale $records"
  else
    failed=$((failed + 1)); echo "FAIL $rules $locale $records: $actual, expected $digest"
  fi
done < Benchmarks/corpus-reports.sha1
echo "corpus digests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
