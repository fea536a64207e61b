#!/usr/bin/env bash
# No pointer in the public API (issue 27, point 4): every library product's public symbols, from
# the compiler's symbol graphs of the debug build, are checked by scripts/api-surface.py --unsafe.
# Each public symbol is one check; a symbol whose declaration names an Unsafe…Pointer,
# OpaquePointer or Unmanaged fails. Ends with "N passed, N failed" (a scripts/test.sh suite).
set -uo pipefail
cd "$(dirname "$0")/.."
modules=(FormRules FormRulesPassword FormRulesExport FormRulesBulk FormRulesUI FormRulesServer)
# The whole build, as scripts/test.sh makes it (which sets FORM_RULES_BUILT after building, so
# this builds nothing there); a build of only these targets would compile them with other flags.
if [ "${FORM_RULES_BUILT:-0}" != 1 ]; then
  SWIFT_DETERMINISTIC_HASHING=1 swift build ${FORM_RULES_BUILD_FLAGS:-} --build-tests >/dev/null || { echo "public-api-safety: build failed"; echo "0 passed, 1 failed"; exit 1; }
fi
modules_dir="$(swift build --show-bin-path)/Modules"
graphs=.build/public-api-graphs
rm -rf "$graphs"
passed=0
failed=0
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  if ! swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -I Sources/CPCRE2 -I Sources/CIDN2 \
    -I Sources/CMicroHTTPD -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    -output-dir "$graphs/$module" >/dev/null; then
    echo "FAIL $module: no symbol graph"
    failed=$((failed + 1))
    continue
  fi
  out=$(python3 scripts/api-surface.py "$graphs/$module" "$module" --unsafe)
  echo "$out" | grep -v ' passed, '
  p=$(echo "$out" | grep -Eo '[0-9]+ passed' | grep -Eo '[0-9]+')
  f=$(echo "$out" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+')
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-1}))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
