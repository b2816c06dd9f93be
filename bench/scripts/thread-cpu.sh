#!/usr/bin/env bash
# Runs a command (a benchmark), samples every second the CPU time of each thread of the bench JVM
# (from /proc/<pid>/task/*/stat), and prints the command's output lines with their epoch time.
# Then `bench/scripts/thread-cpu.py OUT FROM TO` sums the CPU per thread kind between two times.
#   bench/scripts/thread-cpu.sh /tmp/run -- bin/caas-operator-bench lifecycle --units 1000
set -euo pipefail
out=$1; shift
[ "${1:-}" = "--" ] && shift
rm -f "$out.out" "$out.threads"
"$@" 2>/dev/null | while IFS= read -r line; do echo "$(date +%s.%N) $line"; done > "$out.out" &
sleep 1
pid=$(pgrep -f caas-operator-bench.jar | head -1)
while kill -0 "$pid" 2>/dev/null; do
  now=$(date +%s.%N)
  for task in /proc/"$pid"/task/*; do
    stat=$(cat "$task/stat" 2>/dev/null) || continue
    name=${stat#*(}; name=${name%)*}; rest=${stat##*) }
    read -r -a fields <<< "$rest"
    echo "$now ${task##*/} ${name// /_} ${fields[11]} ${fields[12]}"   # utime stime (clock ticks)
  done >> "$out.threads"
  sleep 1
done
wait
cat "$out.out"
