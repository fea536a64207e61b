#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a number of seconds.
#
#   Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags…]
#   TARGET: rules | email | jsonl | messages     SECONDS: default 60; 0 builds only
#
# The FormRules sources are compiled straight into the fuzzer together with the target file
# (one module, so the target sees what the library's own tests see), with ASan and libFuzzer's
# coverage instrumentation. The growing corpus lives in .build/fuzz/corpus/TARGET, seeded from
# Fuzz/seeds/TARGET; crashes land in .build/fuzz/artifacts/TARGET/; the log in .build/fuzz/TARGET.log.
set -euo pipefail

cd "$(dirname "$0")/.."
target="${1:-}"
seconds="${2:-60}"
shift $(( $# < 2 ? $# : 2 ))

case "$target" in
  rules) source_file=RulesLoaderFuzz.swift; max_len=16384 ;;
  email) source_file=EmailFuzz.swift; max_len=512 ;;
  jsonl) source_file=JSONLInputFuzz.swift; max_len=65536 ;;
  messages) source_file=MessageRendererFuzz.swift; max_len=4096 ;;
  *)
    echo "usage: Fuzz/run.sh rules|email|jsonl|messages [SECONDS] [libFuzzer flags…]" >&2
    exit 2
    ;;
esac

out=.build/fuzz
mkdir -p "$out/corpus/$target" "$out/artifacts/$target"
binary="$out/$target"

mapfile -t library < <(find Sources/FormRules -name '*.swift' | sort)
newest=$(ls -t "${library[@]}" "Fuzz/Targets/$source_file" Fuzz/run.sh | sed -n 1p)
if [[ ! -x "$binary" || "$newest" -nt "$binary" ]]; then
  echo "building $binary" >&2
  swiftc -sanitize=fuzzer,address -parse-as-library -module-name FormRulesFuzz -O -g \
    -package-name form_rules -I Sources/CPCRE2 -I Sources/CIDN2 -use-ld=lld "${library[@]}" "Fuzz/Targets/$source_file" \
    -lpcre2-8 -lidn2 -lm -o "$binary"
fi
[[ "$seconds" == 0 ]] && exit 0

dict=()
[[ -f "Fuzz/dicts/$target.dict" ]] && dict=("-dict=Fuzz/dicts/$target.dict")

status=0
SWIFT_BACKTRACE=enable=no "$binary" "$out/corpus/$target" "Fuzz/seeds/$target" "${dict[@]}" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
  -artifact_prefix="$out/artifacts/$target/" -print_final_stats=1 "$@" 2>&1 | tee "$out/$target.log" \
  || status=$?

# The figures Fuzz/README.md records: executions and the last coverage line.
echo "---- $target summary" >&2
grep -E '^#[0-9]+' "$out/$target.log" | tail -n 1 >&2 || true
grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "$out/$target.log" >&2 || true
ls "$out/artifacts/$target" >&2
exit "$status"
