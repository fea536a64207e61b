#!/usr/bin/env bash
# Installs what the package needs beyond the Swift toolchain: the headers of PCRE2 (regular
# expressions), GNU libidn2 (IDNA2008/UTS #46 for email domains) and GNU libmicrohttpd
# (`validate serve`). Quick when all are there.
set -euo pipefail

missing=()
if ! { [ -f /usr/include/pcre2.h ] || pkg-config --exists libpcre2-8 2>/dev/null; }; then
  missing+=(libpcre2-dev)
fi
if ! { [ -f /usr/include/microhttpd.h ] || pkg-config --exists libmicrohttpd 2>/dev/null; }; then
  missing+=(libmicrohttpd-dev)
fi
if ! { [ -f /usr/include/idn2.h ] || pkg-config --exists libidn2 2>/dev/null; }; then
  missing+=(libidn2-dev)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing ${missing[*]}…" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "Error: ${missing[*]} missing and this user cannot install them; run as root: apt-get install ${missing[*]}" >&2
    exit 2
  fi
fi
# Another apt run (a shared machine, unattended upgrades) holds the lock for a while: wait for it.
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
