#!/usr/bin/env bash
# Installs what the browser suite needs, idempotently: Chromium and its driver from Debian,
# Playwright, pytest and axe-playwright-python from PyPI. Playwright drives the system browser
# (executable_path=/usr/bin/chromium); its own browser download is never used.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-noto-cjk >/dev/null
fi

if ! python3 -c 'import playwright, pytest, axe_playwright_python, xdist' >/dev/null 2>&1; then
  # axe-playwright-python carries axe-core's script: the accessibility checks need no network.
  # pytest-xdist runs the suite in two workers (run.sh): the tests mostly wait on the page.
  python3 -m pip install --quiet --disable-pip-version-check 'playwright>=1.40' 'pytest>=7' \
    'axe-playwright-python>=0.1.4' 'pytest-xdist>=3'
fi
