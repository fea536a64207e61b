#!/usr/bin/env bash
# The configuration an iOS app gets, proven on Linux (issue 27): the package built with its
# default traits off (no IDNA, so no libidn2; no SystemPCRE2) and the `BinaryPCRE2` trait on, as
# an iOS app's manifest asks (`traits: ["BinaryPCRE2"]`). That trait takes PCRE2 from the binary
# package form-rules-pcre2 by URL; here a mirror (`--config-path`, so no checkout is edited) points
# that URL at a local stand-in whose `CPCRE2XCFramework` module is the system PCRE2 under the
# XCFramework's module name (an XCFramework itself links only on Apple platforms). Like an app's
# build, it compiles only the libraries an app links and the core's tests (FORM_RULES_CORE_ONLY=1:
# no server, HTTP client or tool; controls against the default build show the checks can fail). Then
#   1. FormRules and FormRulesUI reference no libidn2, libmicrohttpd, libcurl or
#      FoundationNetworking symbol, and hold no `validate --help` text (the default build's
#      FormRules does reference libidn2, and FormRulesHTTP FoundationNetworking, so the checks
#      can fail); FormRules was compiled against the binary package's module, not CPCRE2;
#   2. the core's test targets (FormRulesTests, FormRulesUITests, CustomRuleTests) pass in it:
#      tests that need libidn2 are disabled by name (`IDNA.isAvailable`), the fallback's own
#      tests run instead.
# Ends with one `N passed, N failed` line. Its own scratch path, so the ordinary build is left alone.
#
# It builds a copy of the package in .build/portable-package (sources, tests and data; no .build or
# .git), kept in step file by file so that a second run is incremental: resolving BinaryPCRE2's
# dependency writes a pin into Package.resolved beside the manifest, and that pin in the checkout
# would make every later default `swift build` there look for the stand-in, which it cannot fetch.
# The copy keeps the pin out, so this check can run beside other builds (scripts/test.sh does).
#
#   bash scripts/portable-check.sh               build, then check and test
#   bash scripts/portable-check.sh --build-only  build only (.ci/run starts it beside its own build)
#
# One run at a time: a second waits for the first (a lock on .build/portable.lock), then finds the
# build done.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
copy=$root/.build/portable-package
mkdir -p "$copy"
exec 9>"$root/.build/portable.lock"
flock 9
listed() { find . \( -path ./.build -o -path ./.git -o -path ./.swiftpm -o -path ./Package.resolved \) -prune -o -type f -print | sort; }
listed >"$copy.want"
(cd "$copy" && listed) >"$copy.have"
# Files gone from the checkout go from the copy; new and changed ones are copied (`cp -u` writes an
# existing file in place, so the build sees only what changed).
comm -13 "$copy.want" "$copy.have" | (cd "$copy" && xargs -r -d '\n' rm -f)
xargs -r -d '\n' cp -a -u --parents -t "$copy" <"$copy.want"
cd "$copy"
scratch=$root/.build/portable
passed=0
failed=0
check() {
  if eval "$2"; then passed=$((passed + 1)); echo "PASS $1"; else failed=$((failed + 1)); echo "FAIL $1"; fi
}

# The stand-in for form-rules-pcre2, a git repository tagged as the manifest asks, and the mirror.
standin=$root/.build/portable-pcre2/form-rules-pcre2
config=$root/.build/portable-pcre2/config
rm -rf "$standin" "$config" && mkdir -p "$standin/Sources/CPCRE2XCFramework" "$config"
cp Sources/CPCRE2/shim.h "$standin/Sources/CPCRE2XCFramework/"
printf 'module CPCRE2XCFramework [system] {\n  header "shim.h"\n  link "pcre2-8"\n  export *\n}\n' \
  >"$standin/Sources/CPCRE2XCFramework/module.modulemap"
cat >"$standin/Package.swift" <<'MANIFEST'
// swift-tools-version: 5.9
import PackageDescription

let package = Package(
  name: "form-rules-pcre2",
  products: [.library(name: "CPCRE2XCFramework", targets: ["CPCRE2XCFramework"])],
  targets: [.systemLibrary(name: "CPCRE2XCFramework", pkgConfig: "libpcre2-8")])
MANIFEST
version=$(sed -n 's/.*package(url: pcre2BinaryPackage, from: "\([0-9.]*\)").*/\1/p' Package.swift)
url=$(sed -n 's/^let pcre2BinaryPackage = "\(.*\)"$/\1/p' Package.swift)
# Fixed dates: the same commit every run, so the pin in Package.resolved stays valid.
(cd "$standin" && git init -q && git add -A && GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z \
  git -c user.email=ci@localhost -c user.name=ci commit -qm stand-in \
  && git tag "$version")
# The mirror goes in a configuration folder of its own (`--config-path`): `swift package config
# set-mirror` would write the checkout's .swiftpm/ instead.
printf '{"object": [{"original": "%s", "mirror": "file://%s"}], "version": 1}\n' "$url" "$standin" >"$config/mirrors.json"
# Resolving writes the copy's Package.resolved (a library commits none: .gitignore).
traits=(--disable-default-traits --traits BinaryPCRE2 --config-path "$config")
# Only the libraries an app links and the core's tests (Package.swift, FORM_RULES_CORE_ONLY).
export FORM_RULES_CORE_ONLY=1
# The build runs in the idle scheduling class (SCHED_IDLE, `chrt --idle`): scripts/test.sh runs
# it beside suites that wait on a browser or a server, and those must not wait on the compiler.
# Any ordinary task that wakes preempts it at once (nice 19 does not: the kernel's EEVDF
# scheduler lets a niced task finish its slice). Alone, it changes nothing.
if ! SWIFT_DETERMINISTIC_HASHING=1 chrt --idle 0 swift build ${FORM_RULES_BUILD_FLAGS:-} "${traits[@]}" --build-tests --scratch-path "$scratch" >"$scratch.log" 2>&1; then
  grep -E 'error:' "$scratch.log" | sort -u | head -40
  echo "0 passed, 1 failed"
  exit 1
fi
[ "${1:-}" = --build-only ] && exit 0
objects() { find "$scratch/debug/$1.build" -name '*.o'; }
undefined() { objects "$1" | xargs nm -u 2>/dev/null; }

check "FormRules was compiled with BinaryPCRE2 against form-rules-pcre2's module" \
  "grep -q 'form-rules-pcre2/Sources/CPCRE2XCFramework/module.modulemap' $scratch/debug/description.json \
    && grep -q '\"-DBinaryPCRE2\"' $scratch/debug/description.json && ! grep -q '\"-DSystemPCRE2\"' $scratch/debug/description.json"
for module in FormRules FormRulesUI; do
  # grep -c reads everything: an early exit would break the pipe and, under pipefail, the count.
  check "$module links no libidn2" "[ \$(undefined $module | grep -c 'idn2_') -eq 0 ]"
  check "$module links no libmicrohttpd" "[ \$(undefined $module | grep -c 'MHD_') -eq 0 ]"
  # FormRulesHTTP's URLSession client (issue 28) stays out of the core: no libcurl, no FoundationNetworking.
  check "$module links no libcurl or FoundationNetworking" \
    "[ \$(undefined $module | grep -Ec 'curl_|FoundationNetworking') -eq 0 ]"
  check "$module holds no validate --help text" "[ \$(objects $module | xargs cat | grep -ac 'cli.help.serve') -eq 0 ]"
done
# The controls read the default build (scripts/test.sh builds it first): the same checks find
# what they look for there, so they can fail.
default=$root/.build/debug
if [ -d "$default/FormRules.build" ]; then
  check "the default build's FormRules does link libidn2 (control)" \
    "[ \$(find $default/FormRules.build -name '*.o' | xargs nm -u 2>/dev/null | grep -c 'idn2_') -gt 0 ]"
fi
if [ -d "$default/FormRulesHTTP.build" ]; then
  check "FormRulesHTTP does use FoundationNetworking (control)" \
    "[ \$(find $default/FormRulesHTTP.build -name '*.o' | xargs nm -u 2>/dev/null | grep -c 'FoundationNetworking') -gt 0 ]"
fi
if [ -d "$default/validate.build" ]; then
  check "the tool does hold its help text (control)" \
    "[ \$(find $default/validate.build -name '*.o' | xargs cat | grep -ac 'cli.help.serve') -gt 0 ]"
fi
check "the server, the HTTP clients and the tool were left out of this build" \
  "[ ! -d $scratch/debug/FormRulesServer.build ] && [ ! -d $scratch/debug/FormRulesHTTP.build ] && [ ! -d $scratch/debug/validate.build ]"

log=$(mktemp)
# The timer-leak test measures the whole process's resident set, which the suites running beside
# it move by tens of megabytes in this smaller run; it runs in the ordinary suite.
# The strength lists file suite compares committed data with the JSON lists it is compiled from:
# nothing in it depends on the traits, and it takes 12 s of a debug build.
swift test --skip-build "${traits[@]}" --scratch-path "$scratch" \
  --filter 'FormRulesTests\.|FormRulesUITests\.|CustomRuleTests\.' --skip 'CheckTimerLeakTests|StrengthListsFileTests' 2>&1 | tee "$log" \
  | grep -E '^✘|Test run with'
status=${PIPESTATUS[0]}
total=$(grep -Eo 'Test run with [0-9]+ test' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
if [ "$status" -eq 0 ]; then
  passed=$((passed + total))
else
  broken=$(grep -Ec '^✘ Test "[^"]*" (failed|with [0-9]+ test cases failed)' "$log" || true)
  [ "$broken" -gt 0 ] || broken=1
  passed=$((passed + total - broken))
  failed=$((failed + broken))
fi
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
