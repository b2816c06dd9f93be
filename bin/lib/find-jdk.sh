# Sourced by bin/caas-operator and .ci/run: picks a JDK >= 21 and exports JAVA_HOME (its feature
# version in CAAS_JDK_MAJOR).
# Order: $JAVA_HOME, then `java` on PATH, then the newest under /usr/lib/jvm.

jdk_major() { # prints the feature version of the java at $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

find_jdk() {
  local candidates=() c major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for c in $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do candidates+=("${c%/}"); done
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    major=$(jdk_major "$c/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      export JAVA_HOME="$c"
      export PATH="$JAVA_HOME/bin:$PATH"
      CAAS_JDK_MAJOR="$major"
      return 0
    fi
  done
  echo "caas-operator: no JDK 21 or newer found (looked at JAVA_HOME, java on PATH and /usr/lib/jvm/*); install one or set JAVA_HOME" >&2
  return 1
}
