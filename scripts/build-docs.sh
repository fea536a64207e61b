#!/usr/bin/env bash
# Builds the FormRules documentation with the toolchain's docc, warnings treated as errors,
# into .build/docs. No plugin package: symbol graphs come from the compiler directly.
# A scratch path of its own keeps the symbol-graph flags from invalidating the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
  if [ -x "$swift_bin/docc" ]; then docc="$swift_bin/docc"; elif [ -x /opt/swift/usr/bin/docc ]; then docc=/opt/swift/usr/bin/docc; fi
fi
if [ -z "$docc" ]; then
  echo "build-docs: no docc found beside swift or on PATH" >&2
  exit 1
fi

scratch=.build/docs-build
graphs=.build/symbol-graphs
build() {
  local status=0
  swift build --scratch-path "$scratch" --target FormRules \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$scratch.log" 2>&1 || status=$?
  grep -Ev '^\[[0-9]+/[0-9]+\]' "$scratch.log" || true
  if [ "$status" -ne 0 ]; then
    echo "build-docs: swift build failed" >&2
    exit "$status"
  fi
}
rm -rf .build/docs
mkdir -p "$graphs"
build
# The compiler writes the graph only when it compiles; an up-to-date build whose graph
# was deleted needs a clean build.
if [ ! -f "$graphs/FormRules.symbols.json" ]; then
  rm -rf "$scratch"
  build
fi
if [ ! -f "$graphs/FormRules.symbols.json" ]; then
  echo "build-docs: the compiler wrote no FormRules symbol graph" >&2
  exit 1
fi
# Only our module's graphs: the C shim's and the standard library's extensions add noise.
find "$graphs" -name '*.symbols.json' ! -name 'FormRules*' -delete
"$docc" convert Sources/FormRules/FormRules.docc \
  --fallback-display-name FormRules --fallback-bundle-identifier org.form-rules.FormRules \
  --additional-symbol-graph-dir "$graphs" \
  --warnings-as-errors \
  --output-path .build/docs
echo "build-docs: .build/docs"
