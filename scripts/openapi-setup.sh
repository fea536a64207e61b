#!/usr/bin/env bash
# The OpenAPI check's tools from PyPI, in their own virtual environment (.build/openapi-venv):
# jsonschema (Draft 2020-12, the dialect of OpenAPI 3.1 schemas) and openapi-spec-validator.
# Idempotent: quick when they are already installed. Prints the venv's python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/openapi-venv
if ! "$venv/bin/python" -c "import jsonschema, openapi_spec_validator" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "jsonschema>=4.18" "openapi-spec-validator>=0.7" >&2
fi
echo "$venv/bin/python"
