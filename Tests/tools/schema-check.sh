#!/bin/sh
# Runs Tests/tools/schema_check.py with Python's `jsonschema` (from PyPI) in a virtual
# environment under .build/venv, created on first use. The Swift tests call this script so
# that rules files and exported schemas are checked by a validator that shares no code
# with ours. Usage: see schema_check.py.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.build/venv"
mkdir -p "$root/.build"

install() {
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import jsonschema' 2>/dev/null; then
    return 0
  fi
  if ! command -v python3 >/dev/null 2>&1; then
    echo "schema-check: python3 is not installed" >&2
    exit 127
  fi
  rm -rf "$venv"
  if ! python3 -m venv "$venv" >&2; then
    echo "schema-check: 'python3 -m venv' failed; install the venv module (Debian: apt-get install python3-venv)" >&2
    exit 1
  fi
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18,<5' >&2
}

# Tests run in parallel: one of them creates the environment while the others wait.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$root/.build/venv.lock"
  flock 9
  install
  flock -u 9
else
  install
fi
exec "$venv/bin/python" "$root/Tests/tools/schema_check.py" "$@"
