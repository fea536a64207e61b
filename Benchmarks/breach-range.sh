#!/usr/bin/env bash
# notBreached's range mode through the project's own mirror (issue 28, point 4):
#   (a) p50/p99 per range check: `password-bench range` against `validate serve --breach-file`;
#   (b) the mirror's requests/s under wrk, random prefixes with Add-Padding: true.
# Over a 1 GiB downloader-format file (sorted SHA1HEX:COUNT lines, CRLF) generated under /tmp by
# `password-bench --generate-only` (deterministic, reused when present; never committed).
#
#   bash Benchmarks/breach-range.sh                 # release build, 1 GiB, wrk -t2 -c32 -d10s
#   SIZE_MB=64 DUR=5s bash Benchmarks/breach-range.sh
#
# Loopback only; wrk bounded by -d and `timeout`; the server is stopped by its pid. The machine
# may be shared: the load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=${FILE:-/tmp/form-rules-range-1g.txt}
SIZE_MB=${SIZE_MB:-1024}
COUNT=${COUNT:-2000}
THREADS=${THREADS:-2}
CONNS=${CONNS:-32}
DUR=${DUR:-10s}
SERVER_THREADS=${SERVER_THREADS:-2}
command -v wrk >/dev/null || { echo "wrk missing: sudo apt-get install -y wrk"; exit 1; }

swift build -c release --product validate 2>&1 | tail -1
swift build -c release --product password-bench 2>&1 | tail -1
BIN=.build/release
"$BIN/password-bench" --generate-only --file "$FILE" --size-mb "$SIZE_MB"

LOG=$(mktemp)
PID=
stop() { [ -n "$PID" ] && kill -TERM "$PID" 2>/dev/null && wait "$PID" 2>/dev/null; PID=; rm -f "$LOG"; }
trap stop EXIT INT TERM
"$BIN/validate" serve --rules Rules/login.json --breach-file "$FILE" --listen 127.0.0.1:0 \
  --threads "$SERVER_THREADS" --access-log off --no-web 2> "$LOG" &
PID=$!
for _ in $(seq 1 100); do grep -q listening "$LOG" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '"address":"127.0.0.1:[0-9]*"' "$LOG" | grep -o '[0-9]*"$' | tr -d '"')

echo "date: $(date -u +%FT%TZ); commit: $(git rev-parse --short HEAD); $(nproc) cores"
echo "file: $FILE ($(($(stat -c %s "$FILE") >> 20)) MiB); server --threads $SERVER_THREADS --access-log off"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(a) $BIN/password-bench range --url http://127.0.0.1:$PORT/range/ --count $COUNT"
"$BIN/password-bench" range --url "http://127.0.0.1:$PORT/range/" --count "$COUNT"
echo "(b) wrk -t$THREADS -c$CONNS -d$DUR --latency -s Benchmarks/range.lua http://127.0.0.1:$PORT"
timeout 120 wrk -t"$THREADS" -c"$CONNS" -d"$DUR" --latency -s Benchmarks/range.lua "http://127.0.0.1:$PORT" \
  | grep -E "Requests/sec|Transfer/sec|^ +(50|99)%|non-2xx|requests in"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server rss: $(ps -o rss= -p "$PID" | tr -d ' ') KiB"
