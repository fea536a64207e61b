#!/usr/bin/env bash
# Raw pointers stay in the fence (issue 27, point 4): counts the uses of `Unsafe…Pointer`,
# `withUnsafe…` and `UnsafeTemporaryAllocation` in each Swift file under Sources outside the
# `Unsafe/` folders. Every file must have none: one check per Swift file, which fails naming the
# file and its count. Ends with "N passed, N failed" (a scripts/test.sh suite).
#
# Until every file was converted, a debt list allowed the files not yet converted their uses and
# could only shrink; it reached zero and is gone, so a new use anywhere outside Unsafe/ fails.
#
# After the files, three self-test checks run the same count on a temporary copy of Sources and
# prove it fails on a new use in an existing file and in a new file, and passes on the same use
# inside an Unsafe/ folder.
#
#   scripts/unsafe-fence.sh          check the tree, then the self-test
#   scripts/unsafe-fence.sh --print  "count path" for each file outside Unsafe/ with a use
set -uo pipefail
cd "$(dirname "$0")/.."
pattern='Unsafe[A-Za-z]*Pointer|withUnsafe[A-Za-z]*|UnsafeTemporaryAllocation'

# counts ROOT: "count path" for each Swift file under ROOT/Sources outside Unsafe/ with a use.
counts() {
  (cd "$1" && find Sources -name '*.swift' -not -path '*/Unsafe/*' | LC_ALL=C sort | while read -r f; do
    n=$(grep -oE "$pattern" "$f" | wc -l)
    [ "$n" -gt 0 ] && echo "$n $f"
  done)
}

# check ROOT: one line per failing file, then the tally; a file with no use passes.
check() {
  local root=$1 total used failed
  total=$(cd "$root" && find Sources -name '*.swift' -not -path '*/Unsafe/*' | wc -l)
  used=$(counts "$root")
  failed=0
  if [ -n "$used" ]; then
    while read -r n f; do
      echo "FAIL $f: $n uses of a raw pointer outside Unsafe/ (move them into the target's Unsafe/ folder)"
      failed=$((failed + 1))
    done <<<"$used"
  fi
  echo "$((total - failed)) passed, $failed failed"
  [ "$failed" -eq 0 ]
}

if [ "${1:-}" = --print ]; then
  counts .
  exit 0
fi

out=$(mktemp)
check . >"$out" && tree_ok=1 || tree_ok=0
grep -v ' passed, ' "$out"
passed=$(grep -Eo '^[0-9]+ passed' "$out" | grep -Eo '[0-9]+')
failed=$(grep -Eo '[0-9]+ failed' "$out" | grep -Eo '[0-9]+')
rm -f "$out"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r Sources "$tmp/Sources"
# expect NAME WANT(pass|fail): one self-test check.
expect() {
  if check "$tmp" >"$tmp/out"; then got=pass; else got=fail; fi
  if [ "$got" = "$2" ]; then passed=$((passed + 1)); else
    echo "FAIL self-test $1: wanted $2, got $got"
    sed 's/^/  /' "$tmp/out"
    failed=$((failed + 1))
  fi
}
if [ "$tree_ok" = 1 ]; then
  first=Sources/FormRules/Validate/Plan.swift
  echo '// UnsafeMutablePointer<UInt8>' >>"$tmp/$first"
  expect "one use in $first" fail
  cp "$first" "$tmp/$first"
  mkdir -p "$tmp/Sources/FormRules/New"
  echo 'let p: UnsafeRawPointer? = nil' >"$tmp/Sources/FormRules/New/New.swift"
  expect "a new file with a use" fail
  # The same use inside an Unsafe/ folder is fine.
  mkdir -p "$tmp/Sources/FormRules/New/Unsafe"
  mv "$tmp/Sources/FormRules/New/New.swift" "$tmp/Sources/FormRules/New/Unsafe/New.swift"
  expect "a new use inside Unsafe/" pass
else
  echo "FAIL self-test: skipped, the tree itself fails"
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
