#!/usr/bin/env bash
# Installs the comparison's own tooling: the Python `zxcvbn` package (PyPI, pinned) in a
# virtual environment in the user's cache (shared by every clone, as the Debian packages are;
# its name carries the pin). Idempotent and quick when already installed. Prints the venv's
# python on its last line.
set -euo pipefail
requirement='zxcvbn==4.5.0'
venv="${XDG_CACHE_HOME:-$HOME/.cache}/form-rules/strength-agreement-venv-$(echo "$requirement" | sha1sum | cut -c1-8)"
if ! { [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import zxcvbn' 2>/dev/null; }; then
  python3 -m venv "$venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$requirement" >&2
fi
echo "$venv/bin/python"
