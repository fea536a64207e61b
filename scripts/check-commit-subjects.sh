#!/usr/bin/env bash
# Refuses commit subjects over 72 characters on commits after a950cd1 (the last commit before
# the rule; older history stays as it was). Run by .ci/run; scripts/hooks/commit-msg refuses
# them before they are made (git config core.hooksPath scripts/hooks).
set -euo pipefail
cd "$(dirname "$0")/.."
base=a950cd1
if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  echo "check-commit-subjects: $base not in this clone's history; nothing to check"
  exit 0
fi
long=$(git log --format='%h %s' "$base..HEAD" | awk '{ s = $0; sub(/^[^ ]+ /, "", s); if (length(s) > 72) print }')
if [ -n "$long" ]; then
  echo "Commit subjects over 72 characters (put the reasons in the body):"
  echo "$long"
  exit 1
fi
echo "commit subjects: all within 72 characters since $base"
