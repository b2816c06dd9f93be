#!/usr/bin/env bash
# Makes the operator's ahead-of-time cache (JDK 25+, JEP 483/514/515): one training run of the
# real operator jar (`run` with a small charm on the local substrate, two units through install,
# leader-elected, config-changed and start, each hook calling the tools an ops charm calls), after
# which the JVM writes the classes it loaded and linked, and the method profiles it gathered, into
# CACHE. bin/caas-operator starts `run` from it (bin/lib/aot-cache.sh): a cold operator finds its
# classes loaded and linked instead of reading them from 100-odd jars. docs/performance.md ("A cold
# operator") has the numbers and why the cache is made at build time.
#
#   bin/lib/aot-train.sh JAVA JAR CACHE
#
# Run by the Maven build of operator-app (package phase); on a JDK before 25 it says so and makes
# nothing. A training that fails leaves no cache and says why on stderr; it never fails the build:
# the operator runs the same without a cache, only its start is slower.
set -uo pipefail
java=$1 jar=$(readlink -f "$2") cache=$3
log="$cache.log"

. "$(dirname "$(readlink -f "$0")")/find-jdk.sh"
major=$(jdk_major "$java")
if [ "${major:-0}" -lt 25 ]; then
  echo "aot-train: $java is JDK ${major:-?}: the ahead-of-time cache needs JDK 25; none made" >&2
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/caas-aot-train.XXXXXX")
operator=""
cleanup() {
  [ -n "$operator" ] && kill "$operator" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
rm -f "$cache" "$cache.tmp" "$log"

# The charm: one dispatch for every hook, calling what ops calls in a hook (is-leader, config-get,
# state-get/state-set, status-set, application status, juju-log), then, in start, marking the unit
# done. Bash on purpose: a fresh machine may have no Python packages, and what the cache holds is
# the operator's side of each call, the same whoever calls.
charm="$work/charm"
mkdir -p "$charm/hooks"
cat >"$charm/metadata.yaml" <<'EOF'
name: aot-training
summary: exercises the hook-tool path once, to train the operator's ahead-of-time cache
EOF
cat >"$charm/config.yaml" <<'EOF'
options:
  greeting: {type: string, default: hello}
EOF
cat >"$charm/dispatch" <<'EOF'
#!/bin/sh
hook=${JUJU_DISPATCH_PATH#hooks/}
leader=$(is-leader --format=json)
config-get --format=json >/dev/null
config-get greeting >/dev/null
state-get --format=json >/dev/null
printf '%s\n' "last: $hook" | state-set --file -
juju-log --log-level DEBUG -- "training: $hook"
status-set --application=False maintenance "in $hook"
if [ "$leader" = true ]; then status-set --application=True active ready; fi
status-get --format=json --include-data >/dev/null
application-version-set 1.0
status-set --application=False active
if [ "$hook" = start ]; then : >"$AOT_DONE/${JUJU_UNIT_NAME%/*}-${JUJU_UNIT_NAME#*/}"; fi
exit 0
EOF
chmod +x "$charm/dispatch"
cat >"$work/app.yaml" <<EOF
application: aot
charm: $charm
scale: 2
config:
  greeting: hi
EOF
mkdir -p "$work/done"

# Hooks get a fixed environment, none of the operator's: the marker directory is written into the
# charm. XDG_STATE_HOME: the training operator registers for the CLI in the work directory, not in
# the home of whoever builds.
sed -i "s|\$AOT_DONE|$work/done|" "$charm/dispatch"
XDG_STATE_HOME="$work/state" "$java" -XX:TieredStopAtLevel=1 -XX:AOTCacheOutput="$cache.tmp" \
  --sun-misc-unsafe-memory-access=allow \
  -jar "$jar" run --spec "$work/app.yaml" --data-dir "$work/data" --listen 127.0.0.1:0 \
  --pebble off --log-level warn >>"$log" 2>&1 &
operator=$!

# Both units past start, or the operator gone, or two minutes: the bound only guards a hung run.
for _ in $(seq 1200); do
  [ "$(ls "$work/done" | wc -l)" -ge 2 ] && break
  kill -0 "$operator" 2>/dev/null || break
  sleep 0.1
done
if [ "$(ls "$work/done" | wc -l)" -lt 2 ]; then
  echo "aot-train: the training run did not finish its hooks (see $log); no ahead-of-time cache made" >&2
  exit 0
fi
# Removing the specification stops the operator cleanly (exit 0); the JVM then writes the cache.
rm -f "$work/app.yaml"
wait "$operator"
rc=$?
operator=""
if [ "$rc" -ne 0 ] || [ ! -s "$cache.tmp" ]; then
  echo "aot-train: the training run exited $rc without a cache (see $log); no ahead-of-time cache made" >&2
  rm -f "$cache.tmp"
  exit 0
fi
mv -f "$cache.tmp" "$cache"
