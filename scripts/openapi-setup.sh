#!/usr/bin/env bash
# The OpenAPI check's tools from PyPI, in their own virtual environment in the user's cache
# (shared by every clone, as the Debian packages are; its name carries the requirements):
# jsonschema (Draft 2020-12, the dialect of OpenAPI 3.1 schemas) and openapi-spec-validator.
# Idempotent: quick when they are already installed. Prints the venv's python.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=("jsonschema>=4.18" "openapi-spec-validator>=0.7")
venv="${XDG_CACHE_HOME:-$HOME/.cache}/form-rules/openapi-venv-$(echo "${requirements[*]}" | sha1sum | cut -c1-8)"
if ! "$venv/bin/python" -c "import jsonschema, openapi_spec_validator" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "${requirements[@]}" >&2
fi
echo "$venv/bin/python"
