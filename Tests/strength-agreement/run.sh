#!/usr/bin/env bash
# The zxcvbn comparison as a test: installs its tooling, builds the estimator's command-line
# front (password-bench estimate) unless ESTIMATOR names one, and runs compare.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
python=$(bash Tests/strength-agreement/setup.sh | tail -1)
estimator=${ESTIMATOR:-}
if [ -z "$estimator" ]; then
  swift build --product password-bench 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]|^Building|^Build complete' || true
  estimator=$(swift build --show-bin-path)/password-bench
fi
estimator=$(cd "$(dirname "$estimator")" && pwd)/$(basename "$estimator")
cd Tests/strength-agreement
exec "$python" compare.py --estimator "$estimator" "$@"
