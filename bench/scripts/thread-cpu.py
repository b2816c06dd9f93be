#!/usr/bin/env python3
"""CPU seconds per thread kind (digits folded) of the bench JVM between two epoch times, from
bench/scripts/thread-cpu.sh's samples. Usage: thread-cpu.py OUT FROM TO"""
import collections, re, sys

out, lo, hi = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
ticks = 100  # USER_HZ
samples = collections.defaultdict(dict)
for line in open(out + ".threads"):
    t, tid, name, utime, stime = line.split()
    samples[float(t)][tid] = (name, int(utime) + int(stime))
times = sorted(samples)
start = max([t for t in times if t <= lo] or times[:1])
end = min([t for t in times if t >= hi] or times[-1:])
by_kind = collections.Counter()
for tid, (name, cpu) in samples[end].items():
    before = samples[start].get(tid, (name, 0))[1]
    by_kind[re.sub(r"\d+", "N", name)] += cpu - before
total = sum(by_kind.values()) / ticks
print("window %.1f s: %.2f core-seconds = %.2f cores (threads that ended inside the window are missing)"
      % (end - start, total, total / max(end - start, 1e-9)))
for kind, cpu in by_kind.most_common(15):
    print("%7.2f s  %s" % (cpu / ticks, kind))
