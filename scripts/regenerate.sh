#!/usr/bin/env bash
# Writes every generated file of the repository, and nothing else: the built-in common-password
# list (Sources/FormRulesPassword/Generated/), words.bin, docs/messages.md, the message tables of
# docs/password.md, the export fixtures and the golden reports. The list, each file's source and
# how it is made: Tests/FormRulesGenerators (GeneratedFile.all); .gitattributes marks the files.
# Tests only compare; CI runs this and fails if `git diff --exit-code` then finds a change.
#
#   bash scripts/regenerate.sh           write what changed and list it
#   bash scripts/regenerate.sh --check   write nothing; list what is stale, exit 1 if anything is
#
# Debug build, in .build like `swift build` (so CI's test build reuses it). `validate` is built
# with it: the export fixtures are its output.
set -euo pipefail
cd "$(dirname "$0")/.."
# The whole debug build, tests included, as `swift test` and CI's build stage make it: a build of
# only `--product validate` compiles every module with other flags, and the next test build then
# compiles all of them again (298 files). FORM_RULES_BUILD_FLAGS: see .ci/run.
SWIFT_DETERMINISTIC_HASHING=1 swift build ${FORM_RULES_BUILD_FLAGS:-} --build-tests >/dev/null
"$(swift build --show-bin-path)/form-rules-gen" "$@"
