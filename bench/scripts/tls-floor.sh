#!/usr/bin/env bash
# The pod path's floor (docs/performance.md, issue 17): curl's own start-up (a refused connection),
# then curl against a bare JDK TLS server (TlsFloor.java: ECDSA P-256, a fixed reply) with the
# operator's JVM options and with the JVM's default compilers. Prints p50 of the last half of
# $CALLS calls (default 200), and the server JVM's CPU per connection.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/../../bin/lib/find-jdk.sh"
find_jdk
calls="${CALLS:-200}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
"$JAVA_HOME/bin/keytool" -genkeypair -keyalg EC -groupname secp256r1 -alias listener -dname CN=localhost \
  -ext san=ip:127.0.0.1 -keystore "$work/keys.p12" -storetype PKCS12 -storepass changeit -keypass changeit -validity 1 2>/dev/null
"$JAVA_HOME/bin/javac" -d "$work" "$here/TlsFloor.java"

p50() { sort -n | awk '{v[NR]=$1} END {printf "p50 %.1f ms\n", v[int((NR+1)/2)]}'; }
timed() { # $@: the curl command; prints one duration per call (ms), the last half of the calls
  for i in $(seq 1 "$calls"); do
    s=$EPOCHREALTIME; "$@" >/dev/null 2>&1 || true; e=$EPOCHREALTIME
    [ "$i" -gt $((calls / 2)) ] && echo "($e - $s) * 1000" | bc
  done
}

echo "curl alone (refused at once): $(timed curl -sk https://127.0.0.1:1/ | p50)"
port=18443
for opts in "-XX:TieredStopAtLevel=1" ""; do
  port=$((port + 1))
  "$JAVA_HOME/bin/java" $opts -cp "$work" TlsFloor "$work/keys.p12" "$port" >"$work/server.log" 2>&1 &
  server=$!
  until grep -q ready "$work/server.log"; do sleep 0.1; done
  result="$(timed curl -sk --data-binary hello "https://127.0.0.1:$port/" | p50)"
  echo "curl + bare JDK TLS server, JVM options '${opts:-default}': $result; $(tail -1 "$work/server.log")"
  kill "$server"; wait "$server" 2>/dev/null || true
done
