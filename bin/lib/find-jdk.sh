# Sourced by bin/caas-operator and .ci/run: picks a JDK >= 21 and exports JAVA_HOME (its feature
# version in CAAS_JDK_MAJOR).
# Order: $JAVA_HOME, then `java` on PATH, then the newest under /usr/lib/jvm.

jdk_major() { # prints the feature version of the java at $1, or nothing
  # A JDK's release file says it (JAVA_VERSION="25.0.3"; "1.8.0_..." reads as 1): no JVM is
  # started, which would cost each bin/juju call a second JVM start. Without one, ask the JVM.
  local release
  release="$(dirname "$(dirname "$1")")/release"
  if [ -r "$release" ] && grep -q '^JAVA_VERSION="[0-9]' "$release"; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release" | head -n 1
    return
  fi
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
