#!/usr/bin/env bash
# Spinneret as one row of the shared crawler benchmark (bench/peers.sh), e.g.
#   bash /tmp/bench/peers.sh --skip-install --only "webmagic spinneret" \
#     --extra spinneret 'bash /path/to/spinneret/examples/bench/spinneret-peer.sh --dist {start} {out} {conc}'
# Crawls START with the `books` example spider (li.next + product links only, six fields and the
# category per book) into OUT as JSON lines, at concurrency CONC, no delay, robots.txt off, no retries.
# --dist: through the distribution's bin/spinneret (its conf/jvm.options; JAVA_OPTS and
# SPINNERET_OPTS added); without it, java -jar runtime/target/runtime.jar with the JVM's defaults
# and JAVA_OPTS. JAVA (or JAVA_HOME) picks the JVM, else the first Java 21+ found.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIST=0
if [[ "${1:-}" == --dist ]]; then DIST=1; shift; fi
[[ $# -eq 3 ]] || { echo "usage: $0 [--dist] START_URL OUT.jsonl CONCURRENCY" >&2; exit 2; }
source "$ROOT/examples/bench/find-java.sh"
CRAWL=(run books -s "start_urls=$1" -O "$2" -c "$3" -s download_delay=0 -s respect_robots=false -s retry_times=0 --log-level warn)
if [[ $DIST == 1 ]]; then
  HOME_DIR="$ROOT/distribution/target/spinneret"
  JAVA_HOME="$(dirname "$(dirname "$(readlink -f "$JAVA")")")" exec "$HOME_DIR/bin/spinneret" "${CRAWL[@]}" --spiders "$HOME_DIR/spiders"
fi
# shellcheck disable=SC2086
exec "$JAVA" ${JAVA_OPTS:-} -jar "$ROOT/runtime/target/runtime.jar" "${CRAWL[@]}" --spiders "$ROOT/examples/target/spiders"
