#!/usr/bin/env bash
# Installs the comparison's own tooling: the Python `zxcvbn` package (PyPI, pinned) in a
# virtual environment under .build/, so nothing outside the package changes. Idempotent and
# quick when already installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/strength-agreement-venv
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import zxcvbn' 2>/dev/null; then exit 0; fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'zxcvbn==4.5.0'
