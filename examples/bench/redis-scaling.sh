#!/usr/bin/env bash
# Distributed crawl scaling on one Redis: for each N given, N node processes crawl the site at
# START_URL as one crawl (`run books --redis ...`), against a Redis of their own, and the script
# prints the wall time, the items (and distinct UPCs), the pages per second of all nodes together,
# the Redis CPU used (INFO cpu) per page, and the Redis commands per page (INFO commandstats,
# commands inside scripts included; the EVALSHA row alone is the round trips).
#   bash examples/bench/redis-scaling.sh 1 2 4
# Env: START_URL (default http://127.0.0.1:8089/, the bench's nginx replica: gen.py --books 10000
# for the wide one), REDIS_PORT (default 7700; a server is started there if none answers, without
# persistence, and left running). Needs the examples jar (./mvnw -q -B package -DskipTests).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$ROOT/examples/bench/find-java.sh"
JAR="$ROOT/examples/target/spinneret-examples.jar"
START_URL="${START_URL:-http://127.0.0.1:8089/}"
PORT="${REDIS_PORT:-7700}"
WORK="$(mktemp -d /tmp/redis-scaling.XXXXXX)"
R="redis-cli -p $PORT"
[[ -f "$JAR" ]] || { echo "no $JAR: ./mvnw -q -B package -DskipTests" >&2; exit 2; }
if ! $R ping >/dev/null 2>&1; then
  redis-server --port "$PORT" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes --logfile "$WORK/redis.log"
  for _ in $(seq 50); do $R ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
cpu() { $R info cpu | awk -F: '/used_cpu_(sys|user):/{s+=$2} END{printf "%.3f", s}'; }
calls() { $R info commandstats | awk -F'[:=,]' '/^cmdstat_/{s+=$3} END{print s}'; }
evals() { $R info commandstats | awk -F'[:=,]' '/^cmdstat_evalsha:/{print $3}'; }
for N in "$@"; do
  $R flushall >/dev/null; $R config resetstat >/dev/null
  c0=$(cpu); t0=$(date +%s.%N)
  pids=()
  for i in $(seq 1 "$N"); do
    "$JAVA" -jar "$JAR" run books --redis "redis://127.0.0.1:$PORT/0" -s start_urls="$START_URL" -s idle_timeout=1 \
      -o "$WORK/n$N-$i.jsonl" > "$WORK/n$N-$i.log" 2>&1 &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  t1=$(date +%s.%N); c1=$(cpu)
  items=$(cat "$WORK"/n"$N"-*.jsonl | wc -l)
  upcs=$(cat "$WORK"/n"$N"-*.jsonl | python3 -c 'import sys,json; print(len({json.loads(l)["upc"] for l in sys.stdin}))')
  reqs=$(grep -ho '^[0-9]* requests' "$WORK"/n"$N"-*.log | awk '{s+=$1} END{print s+0}')
  python3 - "$N" "$t0" "$t1" "$c0" "$c1" "$items" "$upcs" "$reqs" "$(calls)" "$(evals)" <<'PY'
import sys
n, t0, t1, c0, c1, items, upcs, reqs, calls, evals = sys.argv[1:]
wall = float(t1) - float(t0); rcpu = float(c1) - float(c0); reqs = max(int(reqs), 1)
print(f"nodes={n} wall={wall:.1f}s items={items} distinct_upcs={upcs} requests={reqs} pages/s={reqs / wall:.0f} "
      f"redis_cpu={rcpu:.2f}s redis_us_per_page={rcpu / reqs * 1e6:.0f} commands_per_page={int(calls) / reqs:.1f} "
      f"evalsha_per_page={int(evals or 0) / reqs:.2f}")
PY
  rm -f "$WORK"/n"$N"-*.jsonl
done
