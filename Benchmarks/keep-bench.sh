#!/usr/bin/env bash
# The cost of --keep and --only invalid (docs/performance.md): 1M corpus records through
# the release `validate --jsonl --jobs 1`, without and with an "id" member in each
# record, without and with --keep id / --only invalid. Median of RUNS (default 5) runs,
# wall and CPU (user + sys) seconds, output to /dev/null.
#
#   swift build -c release --product validate
#   bash Benchmarks/keep-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
validate=.build/release/validate
rules=Benchmarks/rules/signup-issue6.json
data=Benchmarks/data
mkdir -p "$data"
[ -f "$data/corpus-1m.jsonl" ] || python3 Benchmarks/gen_corpus.py > /dev/null
# The same records with a numeric id in front, as a database export has it.
[ -f "$data/corpus-1m-ids.jsonl" ] ||
  awk '{ printf "{\"id\":%d,%s\n", NR * 7 + 1000000, substr($0, 2) }' "$data/corpus-1m.jsonl" > "$data/corpus-1m-ids.jsonl"

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
measure() {
  local name="$1" input="$2"
  shift 2
  local walls=() cpus=()
  for _ in $(seq "$runs"); do
    local t
    /usr/bin/time -o "$timing" -f '%e %U %S' "$validate" --rules "$rules" --jsonl --jobs 1 --locale ja "$@" \
      --input "$input" > /dev/null 2> /dev/null || [ $? -eq 1 ]
    t=$(tail -1 "$timing")
    walls+=("$(echo "$t" | awk '{print $1}')")
    cpus+=("$(echo "$t" | awk '{print $2 + $3}')")
  done
  local wall cpu
  wall=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-44s wall %5.2f s (%4.2fM records/s)  cpu %5.2f s (%4.2fM records/cpu-s)\n' "$name" "$wall" \
    "$(echo "1 / $wall" | bc -l)" "$cpu" "$(echo "1 / $cpu" | bc -l)"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "plain records" "$data/corpus-1m.jsonl"
measure "records with an id" "$data/corpus-1m-ids.jsonl"
measure "records with an id, --keep id" "$data/corpus-1m-ids.jsonl" --keep id
measure "records with an id, --keep id --only invalid" "$data/corpus-1m-ids.jsonl" --keep id --only invalid
measure "plain records, --only invalid" "$data/corpus-1m.jsonl" --only invalid
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
