#!/usr/bin/env bash
# Regenerates Sources/FormRulesPassword/Resources/strength/words.bin, the precompiled form of the strength
# dictionaries' JSON lists that the strength rule loads (see Sources/FormRulesPassword/Resources/strength/README.md).
# Run it after changing any JSON list there, then commit words.bin with the lists.
set -euo pipefail
cd "$(dirname "$0")/.."
FORMRULES_WRITE_STRENGTH_LISTS=1 swift test --filter 'StrengthListsFileTests/upToDate'
swift test --filter StrengthListsFileTests
