#!/usr/bin/env bash
# Installs what the Spark test needs: a Java 17 runtime (Debian's openjdk-17-jre-headless)
# and, in a virtual environment in the user's cache (shared by every clone, as the Debian
# packages are: a fresh clone does not install it again; SPARK_VENV names another), PySpark and
# PyArrow (PyPI). Idempotent: when both are there it only checks them, in about a second.
# Prints the venv's python on its last line.
set -euo pipefail
# Spark 4 runs on Java 17 or 21; pinned to a range the test was run with.
pyspark_req="pyspark>=4.0,<5"
pyarrow_req="pyarrow>=15"
# The folder's name carries the requirements, so a change to them makes a new venv.
venv="${SPARK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/form-rules/spark-venv-$(echo "$pyspark_req $pyarrow_req" | sha1sum | cut -c1-8)}"

java_ok() {
  command -v java >/dev/null 2>&1 || return 1
  local v
  v=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  [ -n "$v" ] && [ "$v" -ge 17 ]
}

if ! java_ok; then
  echo "Installing openjdk-17-jre-headless (Java for Spark)…" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
      echo "Error: Java 17 is missing and this user cannot install it; run as root: apt-get install openjdk-17-jre-headless" >&2
      exit 2
    fi
  fi
  # The JRE's post-install script wants this directory on slim images.
  $sudo mkdir -p /usr/share/man/man1
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq openjdk-17-jre-headless >/dev/null
  java_ok || { echo "Error: java 17 still not found after installing openjdk-17-jre-headless" >&2; exit 2; }
fi

if ! "$venv/bin/python" -c 'import pyspark, pyarrow' >/dev/null 2>&1; then
  echo "Installing PySpark and PyArrow into $venv…" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "$pyspark_req" "$pyarrow_req" >&2
fi
echo "$venv/bin/python"
