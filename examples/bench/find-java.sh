# Sourced by the bench scripts: sets JAVA to a Java 21+ executable ($JAVA, $JAVA_HOME, `java` on
# the PATH, or a JDK under /usr/lib/jvm), or fails with a hint.
# The version comes from the JDK's `release` file when there is one: starting a JVM just to ask
# (`java -version`) costs 30-100 ms, and the benchmarks time this script as part of the crawl.
is21() {
  local home version
  home="$(dirname "$(dirname "$(readlink -f "$1")")")"
  if [[ -f "$home/release" ]]; then
    version="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")"
    [[ -n "$version" ]] && { (( version >= 21 )); return; }
  fi
  "$1" -version 2>&1 | head -1 | grep -Eq 'version "(2[1-9]|[3-9][0-9])'
}
find_java() {
  local c
  for c in "${JAVA:-}" "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java || true)" \
           /usr/lib/jvm/temurin-25-jdk-amd64/bin/java /usr/lib/jvm/temurin-21-jdk-amd64/bin/java \
           /usr/lib/jvm/java-21-openjdk-amd64/bin/java; do
    if [[ -n "$c" && -x "$c" ]] && is21 "$c"; then JAVA="$c"; return 0; fi
  done
  echo "Spinneret needs Java 21+: set JAVA or JAVA_HOME" >&2
  return 1
}
find_java
