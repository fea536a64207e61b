#!/usr/bin/env bash
# Compiles every ```swift block of README.md, docs/*.md, the DocC articles and Examples/*/README.md,
# and the examples' executables (Examples/*/Sources/*), in one scratch package that depends on this repository by path, the way a user's package does
# (`.package(path: "../form-rules")`: a path dependency's package name is its folder name), and
# runs the programs whose blocks document their output with `// Prints:`.
# How blocks become programs: scripts/snippets.py. Ends with `snippets: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
scratch=$repo/.build/snippet-check
mkdir -p "$scratch"
# The documented folder name, whatever this clone's folder is called.
ln -sfn "$repo" "$scratch/form-rules"
python3 scripts/snippets.py "$repo" "$scratch" || exit 2

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }

# Manifests shown in the docs: they must parse and name the products by the documented package.
while IFS=$'\t' read -r block folder; do
  [ -n "$block" ] || continue
  ln -sfn "$repo" "$folder/../form-rules"
  if out=$(cd "$folder" && swift package dump-package 2>&1); then pass "$block (manifest)"; else
    echo "$out"
    fail "$block (manifest)"
  fi
done < <(python3 -c 'import json,sys; [print(m["block"]+"\t"+m["folder"]) for m in json.load(open(sys.argv[1]))["manifests"]]' "$scratch/plan.json")

# The documented PCRE2-on-iOS route: the `BinaryPCRE2` trait takes the CPCRE2XCFramework product
# of the binary package form-rules-pcre2 by URL, `SystemPCRE2` (default) the system library, and
# nothing else depends on either (scripts/portable-check.sh builds and tests the trait through a
# mirror; the XCFramework itself can only be built on macOS).
# stdout only: beside `swift test` (scripts/test.sh) SwiftPM first says on stderr that it waits for
# the build folder's lock.
if swift package dump-package 2>/dev/null | python3 -c '
import json, sys
manifest = json.load(sys.stdin)
targets = {t["name"]: t for t in manifest["targets"]}
def condition(dep):
    kind, value = next(iter(dep.items()))
    return kind, value[0], (value[-1] or {}).get("traits")
core = [condition(d) for d in targets["FormRules"]["dependencies"]]
assert ("target", "CPCRE2", ["SystemPCRE2"]) in core, core
assert ("product", "CPCRE2XCFramework", ["BinaryPCRE2"]) in core, core
users = [t["name"] for t in manifest["targets"] for d in t.get("dependencies", [])
         if "CPCRE2" in json.dumps(d)]
assert users == ["FormRules", "FormRules"], users
traits = {t["name"]: t for t in manifest["traits"]}
assert set(traits["default"]["enabledTraits"]) == {"IDNA", "SystemPCRE2"}, traits
' && bash -n scripts/build-pcre2-xcframework.sh; then pass "Package.swift: PCRE2 by trait, system or binary package (iOS route)"; else
  fail "Package.swift: PCRE2 by trait, system or binary package (iOS route)"
fi

app=$scratch/app
# The snippets read Rules/… relative to the working directory, as from the repository's root.
ln -sfn "$repo/Rules" "$app/Rules"
log=$scratch/build.log
if (cd "$app" && SWIFT_DETERMINISTIC_HASHING=1 swift build ${FORM_RULES_BUILD_FLAGS:-} --build-tests) >"$log" 2>&1; then
  build_ok=1
else
  build_ok=0
  grep -E "error:" "$log" | sed "s|$app/||" | sort -u | head -60
fi

# One line per program: name, kind, blocks, whether it is checked here, expected output file.
while IFS=$'\x1f' read -r name kind blocks requires expected; do
  if [ -n "$requires" ] && [ "$(uname)" != Darwin ]; then
    echo "SKIP $blocks (needs $requires: compiled on Apple platforms only)"
    continue
  fi
  if [ "$build_ok" -ne 1 ] && grep -E "(Sources/$name/|SnippetTests/$name\.swift).*error:" "$log" >/dev/null; then
    fail "$blocks (does not compile)"
    continue
  fi
  if [ "$build_ok" -ne 1 ]; then
    fail "$blocks (the package did not build)"
    continue
  fi
  if [ "$kind" = executable ] && [ -n "$expected" ]; then
    actual=$(cd "$app" && "$app/.build/debug/$name" 2>&1)
    if [ "$actual" = "$(cat "$expected")" ]; then pass "$blocks (compiles, prints as documented)"; else
      echo "--- documented"
      cat "$expected"
      printf '\n--- printed\n'
      echo "$actual"
      fail "$blocks (prints something else)"
    fi
  else
    pass "$blocks (compiles)"
  fi
done < <(python3 - "$scratch" <<'EOF'
import json, sys
scratch = sys.argv[1]
plan = json.load(open(scratch + "/plan.json"))
for p in plan["programs"]:
    expected = ""
    if p["expected"] is not None:
        expected = f"{scratch}/{p['name']}.expected"
        open(expected, "w").write("\n".join(p["expected"]))
    print("\x1f".join([p["name"], p["kind"], " ".join(p["blocks"]), p["requires"] or "", expected]))
EOF
)
python3 -c 'import json,sys; [print("SKIP "+s["block"]+" ("+s["reason"]+")") for s in json.load(open(sys.argv[1]))["skipped"]]' "$scratch/plan.json"

# The examples' executables, compiled in the same package (their tests run the binaries:
# scripts/test.sh); each example's own manifest must still parse.
while IFS=$'\t' read -r name folder; do
  [ -n "$name" ] || continue
  if [ "$build_ok" -eq 1 ] && [ -x "$app/.build/debug/$name" ]; then pass "example $name (compiles)"; else
    grep -E "Sources/$name/.*error:" "$log" | head -20
    fail "example $name (does not compile)"
  fi
  if out=$(cd "$folder" && swift package dump-package 2>&1); then pass "example $name (manifest)"; else
    echo "$out"
    fail "example $name (manifest)"
  fi
done < <(python3 -c 'import json,sys; [print(e["name"]+"\t"+e["folder"]) for e in json.load(open(sys.argv[1]))["examples"]]' "$scratch/plan.json")

echo "snippets: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
