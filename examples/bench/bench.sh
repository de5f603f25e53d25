#!/usr/bin/env bash
# Spinneret throughput benchmark: crawls the books replica (50 listing + 1000 detail pages, a
# sequential pagination chain) and its wide variant (500 listing + 10,000 detail pages, listing
# pages also link to every tenth listing page) with the `books` example spider, no download
# delay, robots.txt off, at several concurrencies, and prints whole-process figures measured by
# /usr/bin/time: wall time, pages/s, items/s, CPU seconds (user+sys) and peak RSS, plus the
# sustained pages/s between 10% and 90% of the crawl (from the progress log).
#
# Usage (from the repository root, after ./mvnw -q -B package -DskipTests):
#   bash examples/bench/bench.sh [--server jdk|nginx] [--sites "books wide"] [--conc "16 64 256"]
#                                [--runs 3] [--wide-books 10000] [--java-opts "-XX:..."]
#
# --server nginx  (default when /usr/sbin/nginx exists) the replica is exported as static files and
#                 served by nginx (1 worker): the server takes little of the 2 cores, as in bench/peers.sh
# --server jdk    (default otherwise) the replica runs in its own JVM: java -jar spinneret-examples.jar
#                 serve (the JDK's HTTP server; it takes a noticeable share of the CPU itself)
# The crawler runs as users run it, `java -jar runtime/target/runtime.jar run books ...`, in one
# JVM with the JVM's defaults; --java-opts (or JAVA_OPTS) adds options, e.g. those of the
# distribution's conf/jvm.options (-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn32m ...).
# Each row is the median of --runs runs after two discarded warm-up runs per site (min-max wall in
# brackets). Environment: JAVA (else JAVA_HOME, else the first Java 21+ found), BENCH_DIR (default
# /tmp/spinneret-bench), PORT (default 8097; the wide site uses PORT+1).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUNTIME_JAR="$ROOT/runtime/target/runtime.jar"
EXAMPLES_JAR="$ROOT/examples/target/spinneret-examples.jar"
SPIDERS="$ROOT/examples/target/spiders"
BENCH_DIR="${BENCH_DIR:-/tmp/spinneret-bench}"
PORT="${PORT:-8097}"
SERVER=jdk; [[ -x /usr/sbin/nginx ]] && SERVER=nginx
SITES="books wide"
CONCS="16 64 256"
RUNS=3
WIDE_BOOKS=10000
JAVA_OPTS="${JAVA_OPTS:-}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --server) SERVER="$2"; shift 2 ;;
    --sites) SITES="$2"; shift 2 ;;
    --conc) CONCS="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --wide-books) WIDE_BOOKS="$2"; shift 2 ;;
    --java-opts) JAVA_OPTS="$2"; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
for f in "$RUNTIME_JAR" "$EXAMPLES_JAR" "$SPIDERS"; do
  [[ -e "$f" ]] || { echo "missing $f: build first with ./mvnw -q -B package -DskipTests" >&2; exit 1; }
done
[[ -x /usr/bin/time ]] || { echo "needs GNU time: apt-get install -y time" >&2; exit 1; }
source "$ROOT/examples/bench/find-java.sh"
mkdir -p "$BENCH_DIR"

PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [[ -n "$p" ]] && kill "$p" 2>/dev/null || true; done
  if [[ -s "$BENCH_DIR/nginx/nginx.pid" ]]; then kill -QUIT "$(cat "$BENCH_DIR/nginx/nginx.pid")" 2>/dev/null || true; fi
}
trap cleanup EXIT

port_of() { if [[ "$1" == books ]]; then echo "$PORT"; else echo $((PORT + 1)); fi; }

wait_up() {
  for _ in $(seq 1 200); do curl -sf -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "server at $1 did not come up" >&2; exit 1
}

# ---------------------------------------------------------------- servers
if [[ "$SERVER" == jdk ]]; then
  for site in $SITES; do
    p="$(port_of "$site")"
    "$JAVA" -XX:+UseSerialGC -jar "$EXAMPLES_JAR" serve "$site" --port "$p" --books "$WIDE_BOOKS" \
      > "$BENCH_DIR/serve-$site.log" 2>&1 &
    PIDS+=("$!")
    wait_up "http://127.0.0.1:$p/"
  done
elif [[ "$SERVER" == nginx ]]; then
  [[ -x /usr/sbin/nginx ]] || { echo "needs nginx: apt-get install -y nginx (or use --server jdk)" >&2; exit 1; }
  servers=""
  for site in $SITES; do
    p="$(port_of "$site")"
    dir="$BENCH_DIR/site-$site"; [[ "$site" == wide ]] && dir="$BENCH_DIR/site-wide-$WIDE_BOOKS"
    if [[ ! -f "$dir/index.html" || "$dir/index.html" -ot "$EXAMPLES_JAR" ]]; then
      rm -rf "$dir"
      "$JAVA" -jar "$EXAMPLES_JAR" export "$site" "$dir" --books "$WIDE_BOOKS" >&2
    fi
    servers+="server { listen 127.0.0.1:$p; root $dir; index index.html; location / { try_files \$uri \$uri/ =404; } }"$'\n'
  done
  mkdir -p "$BENCH_DIR/nginx"
  cat > "$BENCH_DIR/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $BENCH_DIR/nginx/nginx.pid;
error_log $BENCH_DIR/nginx/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types; default_type application/octet-stream; charset utf-8;
  access_log off; sendfile on; tcp_nopush on; tcp_nodelay on; gzip off;
  keepalive_timeout 65; keepalive_requests 100000; open_file_cache max=16000 inactive=60s; # each entry holds a descriptor: stay under a 20,000 fd limit
  client_body_temp_path $BENCH_DIR/nginx/cb; proxy_temp_path $BENCH_DIR/nginx/px;
  fastcgi_temp_path $BENCH_DIR/nginx/fc; uwsgi_temp_path $BENCH_DIR/nginx/uw; scgi_temp_path $BENCH_DIR/nginx/sc;
  $servers
}
CONF
  # an instance left by an earlier run of this script (same BENCH_DIR) is ours to stop
  if [[ -s "$BENCH_DIR/nginx/nginx.pid" ]] && kill -0 "$(cat "$BENCH_DIR/nginx/nginx.pid")" 2>/dev/null; then
    kill -QUIT "$(cat "$BENCH_DIR/nginx/nginx.pid")"; sleep 0.5
  fi
  /usr/sbin/nginx -p "$BENCH_DIR/nginx" -c "$BENCH_DIR/nginx/nginx.conf"
  for site in $SITES; do wait_up "http://127.0.0.1:$(port_of "$site")/"; done
else
  echo "--server is jdk or nginx" >&2; exit 2
fi

# ---------------------------------------------------------------- crawls
# crawl SITE CONC TAG -> "wall user sys rss_kb requests items"
crawl() {
  local site="$1" conc="$2" tag="$3"
  local out="$BENCH_DIR/$site-c$conc-$tag.jsonl" log="$BENCH_DIR/$site-c$conc-$tag.log" tf="$BENCH_DIR/$site-c$conc-$tag.time"
  rm -f "$out"
  # shellcheck disable=SC2086
  /usr/bin/time -f '%e %U %S %M' -o "$tf" "$JAVA" $JAVA_OPTS -jar "$RUNTIME_JAR" run books --spiders "$SPIDERS" \
    -s "start_urls=http://127.0.0.1:$(port_of "$site")/" -c "$conc" -s download_delay=0 -s respect_robots=false \
    -s retry_times=0 -s progress_interval=0.25 -o "$out" > "$log" 2>&1 || { echo "crawl failed, see $log" >&2; tail -5 "$log" >&2; }
  local requests
  requests="$(grep -Eo '[0-9]+ requests \|' "$log" | tail -1 | grep -Eo '^[0-9]+' || echo 0)"
  echo "$(tail -1 "$tf") $requests $(wc -l < "$out" 2>/dev/null || echo 0) $(sustained "$log" "$requests")"
}

# Pages/s between the progress lines at 10% and 90% of the crawl (start-up and the tail left out),
# from the log lines' HH:MM:SS.mmm timestamps; 0 if the crawl was too short for two such lines.
sustained() {
  awk -v total="$2" '/ pages \| .* pages\/s \|/ {
      split($1, t, ":"); secs = t[1] * 3600 + t[2] * 60 + t[3]
      for (i = 1; i <= NF; i++) if ($(i + 1) == "pages" && $(i + 2) == "|") { p = $i; break }
      if (p >= 0.1 * total && p <= 0.9 * total) { if (!n++) { p0 = p; s0 = secs } p1 = p; s1 = secs }
    } END { print (n >= 2 && s1 > s0 ? (p1 - p0) / (s1 - s0) : 0) }' "$1"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }

ROWS=()
for site in $SITES; do
  # two warm-ups: the page cache and the replica's own JIT settle
  echo "warm-up: $site" >&2
  crawl "$site" 64 warmup > /dev/null
  crawl "$site" 64 warmup2 > /dev/null
  for c in $CONCS; do
    : > "$BENCH_DIR/runs.txt"
    for r in $(seq 1 "$RUNS"); do
      line="$(crawl "$site" "$c" "run$r")"
      echo "  $site c=$c run $r: wall/user/sys/rssKB/requests/items/sustained = $line" >&2
      echo "$line" >> "$BENCH_DIR/runs.txt"
    done
    wall="$(awk '{print $1}' "$BENCH_DIR/runs.txt" | median)"
    wmin="$(awk '{print $1}' "$BENCH_DIR/runs.txt" | sort -g | head -1)"
    wmax="$(awk '{print $1}' "$BENCH_DIR/runs.txt" | sort -g | tail -1)"
    cpu="$(awk '{print $2 + $3}' "$BENCH_DIR/runs.txt" | median)"
    rss="$(awk '{print $4}' "$BENCH_DIR/runs.txt" | median)"
    pages="$(awk '{print $5}' "$BENCH_DIR/runs.txt" | median)"
    items="$(awk '{print $6}' "$BENCH_DIR/runs.txt" | median)"
    sust="$(awk '{print $7}' "$BENCH_DIR/runs.txt" | median)"
    ROWS+=("$(awk -v s="$site" -v c="$c" -v w="$wall" -v lo="$wmin" -v hi="$wmax" -v cpu="$cpu" -v rss="$rss" -v p="$pages" -v i="$items" -v su="$sust" \
      'BEGIN { printf "%-6s %5s %8.2f %-13s %9.0f %9.0f %9s %7.2f %8.0f %7d %6d", s, c, w, "(" lo "-" hi ")", p / w, i / w, (su > 0 ? sprintf("%.0f", su) : "-"), cpu, rss / 1024, p, i }')")
  done
done

printf '\nserver=%s runs=%s java_opts=%s\n' "$SERVER" "$RUNS" "${JAVA_OPTS:-none}"
printf '%-6s %5s %8s %-13s %9s %9s %9s %7s %8s %7s %6s\n' site conc wall_s "(min-max)" pages/s items/s sust_p/s cpu_s rss_MiB pages items
for r in "${ROWS[@]}"; do echo "$r"; done
echo "(whole process incl. JVM start, CPU = user+sys of the process tree, RSS = its largest process;"
echo " pages/s and items/s = count / median wall; sust_p/s = median rate between 10% and 90% of the"
echo " pages, from the progress log; logs and items in $BENCH_DIR)"
