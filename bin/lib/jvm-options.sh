# Sourced by bin/caas-operator and bin/caas-operator-bench: the JVM options the operator runs with
# unless CAAS_OPERATOR_JAVA_OPTS (or BENCH_JAVA_OPTS) says otherwise.
#
# -XX:TieredStopAtLevel=1: the client compiler (C1) only. The operator's own Java work per hook is
# small and spread over much library code (Pekko, Slick, H2, Jackson); on a 2-core machine the
# optimising compiler (C2) spent a third of the operator's CPU for its first minutes compiling
# it, competing with the hooks. Measured with bin/caas-operator-bench (README "Performance"):
# 1,000-unit lifecycle 2.19 -> 1.72 x the bare spawn, exec 0.38 -> 0.41 of the bare rate, RSS
# 427 -> 299 MiB, recovery 1.7 -> 1.0 s. CAAS_OPERATOR_JAVA_OPTS="" restores the JVM's default.
CAAS_DEFAULT_JAVA_OPTS="-XX:TieredStopAtLevel=1"

# Options that keep the JVM's own warnings off the terminal, whatever CAAS_OPERATOR_JAVA_OPTS says
# (they change nothing the operator does). Call after find_jdk.
#
# --sun-misc-unsafe-memory-access=allow: JDK 24 and later warn (four lines on stderr, on every
# command that starts Pekko) that Pekko's and Scala's use of sun.misc.Unsafe will go away
# (JEP 471/498); "allow" is the behaviour of JDK 21-23 without the warning. The option exists from
# JDK 23 on: a JDK 21 or 22 refuses to start with it ("Unrecognized option"), so it is given only
# to a JDK that knows it.
caas_quiet_java_opts() {
  if [ "${CAAS_JDK_MAJOR:-0}" -ge 23 ]; then
    echo "--sun-misc-unsafe-memory-access=allow"
  fi
}
