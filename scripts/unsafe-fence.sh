#!/usr/bin/env bash
# Raw pointers stay in the fence (issue 27, point 4): counts the uses of `Unsafe…Pointer`,
# `withUnsafe…` and `UnsafeTemporaryAllocation` in each Swift file under Sources outside the
# `Unsafe/` folders, and compares them with scripts/unsafe-fence-debt.txt ("count path" a line).
# One check per file: it fails when a file has more uses than its debt line (or any, without
# one), and when a debt line is larger than the file needs, so the list only shrinks. Ends with
# "N passed, N failed" (a scripts/test.sh suite).
#
# After the files, four self-test checks run the same comparison on a temporary copy of Sources
# and prove it fails on a new use (in a listed file, in a new file), passes on a new use inside
# an Unsafe/ folder, and fails on a debt line one too high.
#
#   scripts/unsafe-fence.sh          check the tree, then the self-test
#   scripts/unsafe-fence.sh --print  the debt list as the tree is now (to shrink the file)
set -uo pipefail
cd "$(dirname "$0")/.."
pattern='Unsafe[A-Za-z]*Pointer|withUnsafe[A-Za-z]*|UnsafeTemporaryAllocation'

# counts ROOT: "count path" for each file under ROOT/Sources outside Unsafe/ with a use.
counts() {
  (cd "$1" && find Sources -name '*.swift' -not -path '*/Unsafe/*' | LC_ALL=C sort | while read -r f; do
    n=$(grep -oE "$pattern" "$f" | wc -l)
    [ "$n" -gt 0 ] && echo "$n $f"
  done)
}

# check ROOT DEBT: one line per failing file, then the tally.
check() {
  local root=$1 debt=$2 passed=0 failed=0
  declare -A allowed=() actual=()
  while read -r n f; do
    case "$n" in '' | '#'*) continue ;; esac
    allowed[$f]=$n
  done <"$debt"
  while read -r n f; do actual[$f]=$n; done < <(counts "$root")
  for f in $(printf '%s\n' "${!allowed[@]}" "${!actual[@]}" | LC_ALL=C sort -u); do
    local a=${actual[$f]:-0} d=${allowed[$f]:-0}
    if [ "$a" -gt "$d" ]; then
      echo "FAIL $f: $a uses outside Unsafe/, debt allows $d (move them into an Unsafe/ folder)"
      failed=$((failed + 1))
    elif [ "$a" -lt "$d" ]; then
      echo "FAIL $f: $a uses outside Unsafe/, debt says $d (lower its line in $debt)"
      failed=$((failed + 1))
    else
      passed=$((passed + 1))
    fi
  done
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

debt=scripts/unsafe-fence-debt.txt
if [ "${1:-}" = --print ]; then
  counts .
  exit 0
fi

check . "$debt" >/tmp/unsafe-fence.$$ && tree_ok=1 || tree_ok=0
grep -v ' passed, ' /tmp/unsafe-fence.$$
passed=$(grep -Eo '^[0-9]+ passed' /tmp/unsafe-fence.$$ | grep -Eo '[0-9]+')
failed=$(grep -Eo '[0-9]+ failed' /tmp/unsafe-fence.$$ | grep -Eo '[0-9]+')
rm -f /tmp/unsafe-fence.$$

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r Sources "$tmp/Sources"
# expect NAME WANT(pass|fail) DEBT: one self-test check.
expect() {
  if check "$tmp" "$3" >"$tmp/out"; then got=pass; else got=fail; fi
  if [ "$got" = "$2" ]; then passed=$((passed + 1)); else
    echo "FAIL self-test $1: wanted $2, got $got"
    sed 's/^/  /' "$tmp/out"
    failed=$((failed + 1))
  fi
}
if [ "$tree_ok" = 1 ]; then
  # A new use in a file with a debt line, and in a file without one.
  first=$(grep -v '^#' "$debt" | awk 'NF == 2 { print $2; exit }')
  echo '// UnsafeMutablePointer<UInt8>' >>"$tmp/$first"
  expect "one more use in $first" fail "$debt"
  cp "$first" "$tmp/$first"
  mkdir -p "$tmp/Sources/FormRules/New"
  echo 'let p: UnsafeRawPointer? = nil' >"$tmp/Sources/FormRules/New/New.swift"
  expect "a new file with a use" fail "$debt"
  # The same use inside an Unsafe/ folder is fine.
  mkdir -p "$tmp/Sources/FormRules/New/Unsafe"
  mv "$tmp/Sources/FormRules/New/New.swift" "$tmp/Sources/FormRules/New/Unsafe/New.swift"
  expect "a new use inside Unsafe/" pass "$debt"
  # A debt line larger than needed.
  awk 'NF == 2 && !/^#/ && !done { $1 = $1 + 1; done = 1 } { print }' "$debt" >"$tmp/debt"
  expect "a debt line one too high" fail "$tmp/debt"
else
  echo "FAIL self-test: skipped, the tree itself fails"
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
