#!/usr/bin/env bash
# The 1M-row Spark figure of docs/performance.md: Tests/spark/run.sh (Examples/spark/validate_users.py
# in local[2], compared with one `validate --jsonl`) on 1,000,000 rows with the release binary.
# CI runs the same check on 100k rows (scripts/test.sh). Java 17 and PySpark install on first use.
#
#   swift build -c release --product validate
#   time bash Benchmarks/spark-1m.sh
set -euo pipefail
cd "$(dirname "$0")/.."
validate=.build/release/validate
[ -x "$validate" ] || swift build -c release --product validate
SPARK_TEST_ROWS=1000000 bash Tests/spark/run.sh "$validate"
