#!/usr/bin/env bash
# Installs what the package needs beyond the Swift toolchain: PCRE2's headers.
set -euo pipefail

if [ -f /usr/include/pcre2.h ] || pkg-config --exists libpcre2-8 2>/dev/null; then
  exit 0
fi
echo "Installing libpcre2-dev (PCRE2 headers)…" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "Error: libpcre2-dev is missing and this user cannot install it; run as root: apt-get install libpcre2-dev" >&2
    exit 2
  fi
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libpcre2-dev >/dev/null
