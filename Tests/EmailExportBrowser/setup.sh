#!/usr/bin/env bash
# Tools for the email-export browser check, installed idempotently and quickly when present:
# Chromium from Debian (driven headless through its own binary, /usr/bin/chromium) and
# Playwright from PyPI. Playwright's own browser download is never used.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if ! [ -x /usr/bin/chromium ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

if ! python3 -c 'import playwright.sync_api' >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check 'playwright>=1.40'
fi
