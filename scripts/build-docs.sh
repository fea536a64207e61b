#!/usr/bin/env bash
# Builds the FormRules and FormRulesUI documentation with the toolchain's docc, warnings treated
# as errors, into .build/docs/MODULE, and fails when a public symbol has no doc comment.
# No plugin package: symbol graphs come from the toolchain's swift-symbolgraph-extract.
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

graphs=.build/symbol-graphs
# The symbol graphs come from the ordinary debug build's modules (swift-symbolgraph-extract),
# so CI compiles nothing twice: the test stage's `swift build --build-tests` reuses this build.
log=.build/build-docs.log
mkdir -p .build
# The whole build, tests included: a build of only these targets compiles them with other flags,
# and the next test build would compile every module again. FORM_RULES_BUILD_FLAGS: see .ci/run.
if ! SWIFT_DETERMINISTIC_HASHING=1 swift build ${FORM_RULES_BUILD_FLAGS:-} --build-tests >"$log" 2>&1; then
  grep -Ev '^\[[0-9]+/[0-9]+\]' "$log" || true
  echo "build-docs: swift build failed" >&2
  exit 1
fi
modules_dir="$(swift build --show-bin-path)/Modules"
rm -rf .build/docs "$graphs" && mkdir -p .build/docs
# Each module's documentation: FormRules, then FormRulesUI (whose articles link to FormRules' types).
# FormRulesUI re-exports FormRules, and its pages include FormRules' symbols (as the compiler's
# own graphs do), so its articles and doc comments link to them.
for module in FormRules FormRulesUI; do
  mkdir -p "$graphs/$module"
  swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -I Sources/CPCRE2 -I Sources/CIDN2 \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    -experimental-allowed-reexported-modules=FormRules -output-dir "$graphs/$module" || {
    echo "build-docs: no $module symbol graph" >&2
    exit 1
  }
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
