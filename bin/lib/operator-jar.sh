# Sourced by bin/caas-operator and bin/juju: ensure_operator_jar builds the operator's jar on first
# use and sets $jar to it. Needs $home (the repository) and a JDK (find_jdk).
ensure_operator_jar() {
  jar="$home/operator-app/target/caas-operator.jar"
  [ -f "$jar" ] && return 0
  # One build at a time: `status` typed in a second terminal while `run` still builds waits for
  # that build instead of starting another in the same target directories.
  mkdir -p "$home/operator-app/target"
  exec 9>"$home/operator-app/target/.launcher-build.lock"
  if ! flock -n 9; then
    echo "caas-operator: another caas-operator command is building it; waiting for that build..." >&2
    flock 9
  fi
  if [ ! -f "$jar" ]; then
    echo "caas-operator: first use, building it (mvn -DskipTests package; a few minutes)..." >&2
    if ! (cd "$home" && mvn -B -q -DskipTests package -pl operator-app -am >&2); then
      echo "caas-operator: the build failed; run 'mvn -B -DskipTests package' in $home to see why" >&2
      exec 9>&-
      return 1
    fi
  fi
  exec 9>&-
}
