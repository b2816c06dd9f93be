# Sourced by bin/caas-operator: the options that start the operator's JVM from its ahead-of-time
# cache (JDK 25+, JEP 483/514/515), made at build time by bin/lib/aot-train.sh. Call after find_jdk.
#
# Only `run` gets it. The JVM loads and links every class of the cache when it starts: a
# long-running operator gains (a cold start with its first hooks costs a quarter to a third less
# CPU), a command that lives a second loses (--version: 1.6 against 1.0-1.35 s of CPU).
# docs/performance.md ("A cold operator") has the numbers.
#
# Never in the way: nothing on a JDK before 25 (a JDK 21-23 refuses -XX:AOTCache); nothing when
# the cache is older than the jar (a build that skipped the training); and when the JVM still finds
# it unusable (another JDK, another build's jars, a damaged file) it starts without it, as
# -XX:AOTMode=auto does, with its warnings turned off so the terminal stays quiet.
# CAAS_OPERATOR_AOT_CACHE names another cache file; "off" uses none.

# The cache beside the jar (operator-app/target/caas-operator.aot), unless CAAS_OPERATOR_AOT_CACHE says.
caas_aot_cache() {
  echo "${CAAS_OPERATOR_AOT_CACHE:-${1%.jar}.aot}"
}

# Prints the JVM options for the jar at $1 and the command line that follows ($2...).
caas_aot_opts() {
  local jar=$1 cache
  shift
  [ "${CAAS_JDK_MAJOR:-0}" -ge 25 ] || return 0
  [ "$(caas_aot_command "$@")" = run ] || return 0
  cache=$(caas_aot_cache "$jar")
  [ "$cache" != off ] && [ -f "$cache" ] || return 0
  # a cache trained from this jar is newer than it; an explicitly named one is the user's choice
  [ -n "${CAAS_OPERATOR_AOT_CACHE:-}" ] || [ "$cache" -nt "$jar" ] || return 0
  echo "-XX:AOTCache=$cache -Xlog:aot*=off,cds*=off"
}

# The subcommand: the first word that is neither an option nor the value of a global option given
# as a separate word (--log-level debug run).
caas_aot_command() {
  local skip="" word
  for word in "$@"; do
    if [ -n "$skip" ]; then skip=""; continue; fi
    case $word in
      --log-level | --log-format) skip=yes ;;
      -*) ;;
      *) echo "$word"; return 0 ;;
    esac
  done
}
