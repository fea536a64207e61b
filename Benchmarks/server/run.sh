#!/usr/bin/env bash
# Load benchmark of `validate serve` next to the peers a team would otherwise deploy
# (peers/: Express + Ajv, FastAPI + pydantic on uvicorn and granian; copied from
# ../shared/bench/server-peers, see peers/README.md). Same bodies, same wrk script and settings.
#
#   SETUP=1 Benchmarks/server/run.sh   # first time: the peers' setup (wrk, node, .venv)
#   Benchmarks/server/run.sh           # ours + peers; PEERS_ONLY="express-cluster2" to narrow
#   OURS_ONLY=1 Benchmarks/server/run.sh
#
# For ours: correctness check (peers/check.py), warm-up, RUNS x DUR runs, a 60 s run with RSS
# before and after, and a DUR run with SIGHUP every 0.5 s counting responses other than 200/422.
# Loopback only; every run bounded by wrk -d and `timeout`; the server is stopped by its pid.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$PWD
ROOT=$(cd ../.. && pwd)
DUR=${DUR:-10s}
WARM=${WARM:-3s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
RUNS=${RUNS:-2}
LONG=${LONG:-60s}
SERVER_THREADS=${SERVER_THREADS:-2}
OUT=results
# The peers read the common-password list from ../shared (see peers/README.md).
export COMMON_PASSWORDS=${COMMON_PASSWORDS:-$(cd "$ROOT/../shared/data/common-passwords" && pwd)/common-passwords.txt}
mkdir -p "$OUT"

if [ "${SETUP:-0}" = 1 ]; then (cd peers && SETUP=1 ONLY=none ./run.sh); fi
command -v wrk >/dev/null || { echo "wrk missing: SETUP=1 $0"; exit 1; }

(cd "$ROOT" && swift build -c release --product validate 2>&1 | tail -1)
BIN=$ROOT/.build/release/validate
(cd peers && python3 gen_bodies.py >/dev/null)

PID=
stop() { [ -n "$PID" ] && kill -TERM "$PID" 2>/dev/null && wait "$PID" 2>/dev/null; PID=; }
trap stop EXIT INT TERM
rss() { ps -o rss= -p "$PID" | tr -d ' '; }
wrk_run() { # FILE DURATION SCRIPT
  PEERS=peers BODIES=peers/bodies.json timeout 120 wrk -t"$THREADS" -c"$CONNS" -d"$2" --latency -s "$3" \
    "http://127.0.0.1:$PORT/v1/rules/signup/validate" > "$1" 2>&1 || true
}

{
  echo "date: $(date -u +%FT%TZ); host: $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "load: wrk -t$THREADS -c$CONNS -d$DUR --latency -s bodies.lua; server --threads $SERVER_THREADS --access-log off"
} | tee "$OUT/ours.txt"

"$BIN" serve --rules "$ROOT/Rules" --listen 127.0.0.1:0 --threads "$SERVER_THREADS" --access-log off \
  --no-web 2> "$OUT/ours.server.log" &
PID=$!
for _ in $(seq 1 100); do grep -q listening "$OUT/ours.server.log" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '"address":"127.0.0.1:[0-9]*"' "$OUT/ours.server.log" | grep -o '[0-9]*"$' | tr -d '"')
python3 peers/check.py "$PORT" --path /v1/rules/signup/validate | tee -a "$OUT/ours.txt"
echo "rss idle: $(rss) KiB" | tee -a "$OUT/ours.txt"
wrk_run "$OUT/ours.warm.txt" "$WARM" peers/bodies.lua
for r in $(seq 1 "$RUNS"); do
  wrk_run "$OUT/ours.run$r.txt" "$DUR" peers/bodies.lua
  echo "run$r: $(grep -h 'Requests/sec' "$OUT/ours.run$r.txt")  $(grep -hE '^ +(50|99)%' "$OUT/ours.run$r.txt" | tr -s ' ' | tr '\n' ' ')" | tee -a "$OUT/ours.txt"
done
echo "rss before $LONG run: $(rss) KiB" | tee -a "$OUT/ours.txt"
wrk_run "$OUT/ours.long.txt" "$LONG" peers/bodies.lua
echo "long: $(grep -h 'Requests/sec' "$OUT/ours.long.txt"); rss after: $(rss) KiB" | tee -a "$OUT/ours.txt"
( for _ in $(seq 1 20); do sleep 0.5; kill -HUP "$PID"; done ) &
HUPS=$!
wrk_run "$OUT/ours.reload.txt" "$DUR" status.lua
wait "$HUPS" || true
echo "reload under load: $(grep -h 'Requests/sec' "$OUT/ours.reload.txt"); $(grep -h unexpected "$OUT/ours.reload.txt");" \
  "reloads: $(grep -c '"result":"reloaded"' "$OUT/ours.server.log")" | tee -a "$OUT/ours.txt"
stop

# The same with the access log on (its default): one JSON line per request, to a file.
"$BIN" serve --rules "$ROOT/Rules" --listen 127.0.0.1:0 --threads "$SERVER_THREADS" --no-web \
  2> "$OUT/ours.access.log" &
PID=$!
for _ in $(seq 1 100); do grep -q listening "$OUT/ours.access.log" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '"address":"127.0.0.1:[0-9]*"' "$OUT/ours.access.log" | grep -o '[0-9]*"$' | tr -d '"')
wrk_run "$OUT/ours.log-warm.txt" "$WARM" peers/bodies.lua
wrk_run "$OUT/ours.log-run.txt" "$DUR" peers/bodies.lua
stop
echo "access log on: $(grep -h 'Requests/sec' "$OUT/ours.log-run.txt")  $(grep -hE '^ +(50|99)%' "$OUT/ours.log-run.txt" | tr -s ' ' | tr '\n' ' ')" \
  "lines: $(grep -c '"route"' "$OUT/ours.access.log")" | tee -a "$OUT/ours.txt"
rm -f "$OUT/ours.access.log"

if [ "${OURS_ONLY:-0}" != 1 ]; then
  (cd peers && ONLY="${PEERS_ONLY:-express-cluster2 fastapi-uvicorn-2w fastapi-granian-2w}" RUNS="$RUNS" DUR="$DUR" ./run.sh) \
    | tee "$OUT/peers.txt"
  # peers/results/ holds the shared benchmark's quiet-machine figures; this run's go here.
  cp peers/results/results.md "$OUT/peers.md"
  # RSS of the peers before and after a $LONG run, like ours (summed over the process tree).
  tree_pids() { local c; echo "$1"; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree_pids "$c"; done; }
  tree_rss() { ps -o rss= -p "$(tree_pids "$1" | paste -sd, -)" 2>/dev/null | awk '{s+=$1} END {print s+0}'; }
  peer_long() { # NAME PORT CMD...
    local name=$1 port=$2 pids p; shift 2
    case " ${PEERS_LONG:-express-cluster2 fastapi-uvicorn-2w} " in *" $name "*) ;; *) return 0 ;; esac
    (cd peers && exec "$@") > "$OUT/$name.long.log" 2>&1 &
    PID=$!
    for _ in $(seq 1 100); do curl -s -o /dev/null -X POST "http://127.0.0.1:$port/noop" && break; sleep 0.2; done
    BODIES=peers/bodies.json timeout 120 wrk -t"$THREADS" -c"$CONNS" -d"$WARM" -s peers/bodies.lua \
      "http://127.0.0.1:$port/validate/signup" > /dev/null 2>&1 || true
    local before; before=$(tree_rss "$PID")
    BODIES=peers/bodies.json timeout 120 wrk -t"$THREADS" -c"$CONNS" -d"$LONG" --latency -s peers/bodies.lua \
      "http://127.0.0.1:$port/validate/signup" > "$OUT/$name.long.txt" 2>&1 || true
    echo "$name $LONG: $(grep -h 'Requests/sec' "$OUT/$name.long.txt")  $(grep -hE '^ +(50|99)%' "$OUT/$name.long.txt" | tr -s ' ' | tr '\n' ' ')" \
      "rss before: $before KiB; after: $(tree_rss "$PID") KiB" | tee -a "$OUT/peers.txt"
    pids=$(tree_pids "$PID")
    kill -TERM "$PID" 2>/dev/null || true
    sleep 1
    for p in $pids; do kill -0 "$p" 2>/dev/null && kill -KILL "$p" 2>/dev/null; done
    wait "$PID" 2>/dev/null || true
    PID=
  }
  peer_long express-cluster2 8101 env WORKERS=2 node app_express.js
  peer_long fastapi-uvicorn-2w 8102 .venv/bin/uvicorn app_fastapi:app --host 127.0.0.1 --port 8102 \
    --log-level warning --no-access-log --workers 2
fi
