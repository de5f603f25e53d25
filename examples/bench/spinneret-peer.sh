#!/usr/bin/env bash
# Spinneret as one row of the shared crawler benchmark (bench/peers.sh), e.g.
#   bash /tmp/bench/peers.sh --skip-install --only "webmagic spinneret" \
#     --extra spinneret 'bash /path/to/spinneret/examples/bench/spinneret-peer.sh {start} {out} {conc}'
# Crawls START with the `books` example spider (li.next + product links only, six fields and the
# category per book) into OUT as JSON lines, at concurrency CONC, no delay, robots.txt off, no retries.
# JAVA_OPTS is passed to the JVM; JAVA (or JAVA_HOME) picks the JVM, else the first Java 21+ found.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[[ $# -eq 3 ]] || { echo "usage: $0 START_URL OUT.jsonl CONCURRENCY" >&2; exit 2; }
source "$ROOT/examples/bench/find-java.sh"
# shellcheck disable=SC2086
exec "$JAVA" ${JAVA_OPTS:-} -jar "$ROOT/runtime/target/runtime.jar" run books --spiders "$ROOT/examples/target/spiders" \
  -s "start_urls=$1" -o "$2" -c "$3" -s download_delay=0 -s respect_robots=false -s retry_times=0 --log-level warn
