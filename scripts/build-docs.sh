#!/usr/bin/env bash
# Builds the FormRules and FormRulesUI documentation with the toolchain's docc, warnings treated
# as errors, into .build/docs/MODULE, and fails when a public symbol has no doc comment.
# No plugin package: symbol graphs come from the compiler directly.
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
# build MODULE: compiles the module with its symbol graph into $graphs/MODULE.
build() {
  local status=0
  swift build --scratch-path "$scratch" --target "$1" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/$1" >"$scratch.log" 2>&1 || status=$?
  grep -Ev '^\[[0-9]+/[0-9]+\]' "$scratch.log" || true
  if [ "$status" -ne 0 ]; then
    echo "build-docs: swift build failed" >&2
    exit "$status"
  fi
}
rm -rf .build/docs && mkdir -p .build/docs
# Each module's documentation: FormRules, then FormRulesUI (whose articles link to FormRules' types).
for module in FormRules FormRulesUI; do
  mkdir -p "$graphs/$module"
  build "$module"
  # The compiler writes the graph only when it compiles; an up-to-date build whose graph
  # was deleted needs a clean build.
  if [ ! -f "$graphs/$module/$module.symbols.json" ]; then
    rm -rf "$scratch"
    build "$module"
  fi
  if [ ! -f "$graphs/$module/$module.symbols.json" ]; then
    echo "build-docs: the compiler wrote no $module symbol graph" >&2
    exit 1
  fi
  # Only this module's graphs: the C shims', the dependencies' and the standard library's add noise.
  find "$graphs/$module" -name '*.symbols.json' ! -name "$module.symbols.json" ! -name "$module@*.symbols.json" -delete
  "$docc" convert "Sources/$module/$module.docc" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.form-rules.$module" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --warnings-as-errors \
    --output-path ".build/docs/$module"
  # Every public symbol has a doc comment (scripts/api-surface.py lists any that has none).
  python3 scripts/api-surface.py "$graphs/$module" "$module" --undocumented --check
done
echo "build-docs: .build/docs/FormRules, .build/docs/FormRulesUI"
