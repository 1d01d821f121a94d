#!/usr/bin/env python3
"""Matches a sampled trace's recorded waits with the program's own (SemaphoreWaits' or MonitorWaits' file).

Usage: match-waits.py [--sampling N (10)] TRACE.json WAITS.txt [TRACE.json WAITS.txt ...]
TRACE.json: `lockstat print --format json TRACE`. A recorded wait is a first ParkBegin (neither REPARK
nor FOLLOWED) to the last ParkEnd before the thread's next first park, or a platform thread's
MonitorContendedEnter to its MonitorContendedEntered; it is matched with the program's
wait of the same thread that contains its begin. Prints, per pair, the program's waits that parked
(over 0.2 ms) beside the recorded ones, the scaled total, and, over all pairs, the share of the
program's waits the trace recorded per 5 ms of wait length: a fair draw records one in N of each.
"""
import bisect, json, sys

def recorded_monitor_waits(events):
    """A platform thread's MonitorContendedEnter to its MonitorContendedEntered (a virtual thread's are
    written by its carriers: not matched here)."""
    begins, waits = {}, []
    for e in sorted((e for e in events if e["type"] in ("MonitorContendedEnter", "MonitorContendedEntered")),
                    key=lambda e: e["time"]):
        if e["type"] == "MonitorContendedEnter":
            begins[e["writer"]] = e["time"]
        elif e["writer"] in begins:
            waits.append([e["writer"], begins.pop(e["writer"]), e["time"]])
    return waits

def recorded_waits(events):
    if any(e["type"] == "MonitorContendedEnter" for e in events):
        return recorded_monitor_waits(events)
    per = {}
    for e in events:
        if e["type"] in ("ParkBegin", "ParkEnd"):
            per.setdefault(e["writer"], []).append(e)
    waits = []
    for tid, es in per.items():
        es.sort(key=lambda e: e["gseq"])
        cur = None
        for e in es:
            if e["type"] == "ParkBegin":
                if e["flags"] & 4 or (e["flags"] & 2 and cur):
                    continue   # FOLLOWED: no wait; REPARK: the same wait
                if cur:
                    waits.append(cur)
                cur = [tid, e["time"], None]
            elif cur:
                cur[2] = e["time"]
        if cur:
            waits.append(cur)
    return [w for w in waits if w[2] is not None]

def q(xs, p):
    xs = sorted(xs)
    return xs[int(p * (len(xs) - 1))] / 1e6

bins_all, bins_recorded = {}, {}
args = sys.argv[1:]
sampling = 10
if args[:1] == ["--sampling"]:
    sampling, args = int(args[1]), args[2:]
for trace, waits_file in zip(args[0::2], args[1::2]):
    doc = json.load(open(trace))
    log = {}
    for line in open(waits_file):
        t, a, b = map(int, line.split())
        log.setdefault(t, []).append((a, b))
    for t in log:
        log[t].sort()
    parked = [b - a for L in log.values() for a, b in L if b - a > 200_000]
    recorded, matched, keys = [], [], set()
    for tid, begin, end in recorded_waits(doc["events"]):
        L = log.get(tid, [])
        i = bisect.bisect_right(L, (begin, 1 << 62)) - 1
        if i >= 0 and L[i][0] <= begin <= L[i][1]:
            recorded.append(end - begin)
            matched.append(L[i][1] - L[i][0])
            keys.add((tid, L[i][0]))
    total = sum(b - a for L in log.values() for a, b in L)
    if not parked or not recorded:
        print(f"{trace}: {len(parked)} of the program's waits parked, {len(recorded)} recorded ones matched them "
              "(a virtual thread's monitor events are written by its carriers: compare lockstat report's total)")
        continue
    print(f"{trace}: the program's waits that parked {len(parked)}, mean {sum(parked) / len(parked) / 1e6:.2f} ms, "
          f"p99 {q(parked, .99):.1f} ms")
    print(f"  recorded {len(recorded)} ({100 * len(recorded) / len(parked):.1f}%), mean {sum(recorded) / len(recorded) / 1e6:.2f} ms, "
          f"p99 {q(recorded, .99):.1f} ms (the program's own for them: mean {sum(matched) / len(matched) / 1e6:.2f} ms); "
          f"scaled total {100 * sampling * sum(recorded) / total:.1f}% of the program's waiting (one in {sampling})")
    for t, L in log.items():
        for a, b in L:
            if b - a > 200_000:
                k = min(int((b - a) / 1e6 // 5) * 5, 60)
                bins_all[k] = bins_all.get(k, 0) + 1
                bins_recorded[k] = bins_recorded.get(k, 0) + ((t, a) in keys)
print("recorded share of the program's waits, by length:")
for k in sorted(bins_all):
    print(f"  {k:2d}-{k + 5 if k < 60 else 'up'} ms: {bins_all[k]:6d} waits, {bins_recorded[k]:5d} recorded = "
          f"{100 * bins_recorded[k] / bins_all[k]:.1f}%")
