#!/usr/bin/env bash
# The whole-site example (`site`) against a real static documentation site served by nginx on
# 127.0.0.1: by default PostgreSQL's manual from Debian's postgresql-doc-15 (1,169 HTML pages;
# `apt-get install -y postgresql-doc-15 nginx`), or any directory given as DOC_ROOT. The crawl starts
# at the site's root, as docs/links.md's command does, or at START_PAGE (a path such as index.html).
#   bash examples/bench/docs-site.sh [DOC_ROOT [START_PAGE]]
# Needs the examples jar (./mvnw -q -B package -DskipTests). Prints the HTML files on disk, the
# items, the fetches (the crawl's own count and nginx's access log), fetches outside the site,
# duplicate fetches, items with a fragment, HTML files never crawled, and the wall time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DOCS="${1:-/usr/share/doc/postgresql-doc-15/html}"
START_PAGE="${2-}"
[[ -d "$DOCS" ]] || { echo "no documentation at $DOCS: apt-get install -y postgresql-doc-15, or give a directory" >&2; exit 2; }
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || { echo "nginx is not installed: apt-get install -y nginx" >&2; exit 2; }
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
source "$ROOT/examples/bench/find-java.sh"
WORK="$(mktemp -d /tmp/docs-site.XXXXXX)"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cat > "$WORK/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log $WORK/access.log;
  client_body_temp_path $WORK; proxy_temp_path $WORK; fastcgi_temp_path $WORK; uwsgi_temp_path $WORK; scgi_temp_path $WORK;
  server { listen 127.0.0.1:$PORT; root $DOCS; }
}
CONF
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK"
# KEEP=1 keeps the work directory (nginx.conf, access.log, crawl.log, site.jsonl)
trap 'kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; [[ "${KEEP:-0}" == 1 ]] && echo "kept $WORK" || rm -rf "$WORK"' EXIT
SITE="http://127.0.0.1:$PORT/"
started=$(date +%s.%N)
"$JAVA" -jar "$ROOT/examples/target/spinneret-examples.jar" run site -s "start_urls=$SITE$START_PAGE" -s download_delay=0 \
  -c 16 -O "$WORK/site.jsonl" --log-level warn > "$WORK/crawl.log" 2>&1 || { tail -5 "$WORK/crawl.log" >&2; exit 1; }
ended=$(date +%s.%N)
summary="$(grep -E '^[0-9]+ requests' "$WORK/crawl.log" | tail -1 || true)"
html_on_disk=$(find "$DOCS" -name '*.html' -o -name '*.htm' | wc -l)
items=$(wc -l < "$WORK/site.jsonl")
logged=$(grep -vc ' /robots.txt ' "$WORK/access.log" || true)
fetches=$(awk '{print $1}' <<< "$summary")
dupes=$(grep -v ' /robots.txt ' "$WORK/access.log" | awk '{print $7}' | sort | uniq -d | wc -l)
fragments=$(python3 -c 'import json,sys; print(sum("#" in json.loads(l)["url"] for l in open(sys.argv[1])))' "$WORK/site.jsonl")
outside=$(python3 -c 'import json,sys; print(sum(not json.loads(l)["url"].startswith(sys.argv[2]) for l in open(sys.argv[1])))' "$WORK/site.jsonl" "$SITE")
missed=$(python3 - "$WORK/site.jsonl" "$DOCS" "$SITE" <<'PY'
import json, os, sys
seen = {json.loads(l)["url"][len(sys.argv[3]):] or "index.html" for l in open(sys.argv[1])}
seen = {s + "index.html" if s.endswith("/") else s for s in seen}
files = {os.path.relpath(os.path.join(d, f), sys.argv[2]) for d, _, fs in os.walk(sys.argv[2]) for f in fs if f.endswith((".html", ".htm"))}
missing = sorted(files - seen)
print(len(missing), " ".join(missing[:5]))
PY
)
echo "site:                    $DOCS on $SITE (nginx)"
echo "crawl summary:           $summary"
echo "HTML files on disk:      $html_on_disk"
echo "items:                   $items"
echo "fetches (crawl count):   $fetches"
echo "fetches nginx served:    $logged (robots.txt left out)"
echo "fetches outside the site: $((fetches - logged)) (items outside: $outside)"
echo "duplicate fetches:       $dupes"
echo "items with a fragment:   $fragments"
echo "HTML files not crawled:  $missed"
printf 'wall time:               %.1f s\n' "$(echo "$ended - $started" | bc)"
