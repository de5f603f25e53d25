# Sourced by the bench scripts: sets JAVA to a Java 21+ executable ($JAVA, $JAVA_HOME, `java` on
# the PATH, or a JDK under /usr/lib/jvm), or fails with a hint.
is21() { "$1" -version 2>&1 | head -1 | grep -Eq 'version "(2[1-9]|[3-9][0-9])'; }
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
