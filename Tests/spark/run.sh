#!/usr/bin/env bash
# The Spark recipe of docs/performance.md, run for real (Tests/spark/spark_test.py):
# installs Java and PySpark if needed (setup.sh), then validates a generated 1M-row
# Parquet table with Examples/spark/validate_users.py in local[2] and compares it
# with one `validate --jsonl` process. Ends with `spark: N passed, N failed`.
#
#   bash Tests/spark/run.sh [VALIDATE_BINARY]      # default: .build/debug/validate
#   SPARK_TEST_ROWS=20000 bash Tests/spark/run.sh  # a quicker run (scripts/test.sh: 100000)
set -uo pipefail
cd "$(dirname "$0")/../.."
validate="${1:-.build/debug/validate}"
if ! python=$(bash Tests/spark/setup.sh | tail -1); then
  echo "Spark test setup failed"
  echo "spark: 0 passed, 1 failed"
  exit 1
fi
if [ ! -x "$validate" ]; then swift build --product validate 2>&1 | tail -1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" Tests/spark/spark_test.py --validate "$validate" --rows "${SPARK_TEST_ROWS:-1000000}" --work "$work"
