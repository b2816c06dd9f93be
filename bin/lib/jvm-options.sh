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
