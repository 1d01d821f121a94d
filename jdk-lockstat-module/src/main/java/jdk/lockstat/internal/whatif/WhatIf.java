/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.whatif;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * lockstat whatif's prediction: for the sections that blocked others most or held their locks longest,
 * how much faster the traced threads' work would go if that section's holds were scaled.
 *
 * <p>Speed is the threads' rate of lock acquisitions, summed: each thread with at least one replayed
 * acquisition counts its acquisitions over its span, so a thread that took a lock once and then waited
 * for the run to end weighs little, and the workers that loop over the sections weigh most. The
 * prediction compares two replays of the same model (scaled and unscaled), so whatever the replay gets
 * wrong about the recorded run itself is in both; {@link Result#replayRatio()} says how far the unscaled
 * replay is from the recording.
 */
public final class WhatIf {
    /**
     * One section's prediction. blockedPercent: of all blocked time, the part charged to this section's
     * holders; ownerPercent: its recorded holds as a percent of the run (how busy it kept its lock).
     */
    public record Section(Object key, double predictedSpeedup, long blockedNanos, double blockedPercent, long heldNanos,
                          double ownerPercent, int blockedRank, double criticalPathPercent) {}

    /**
     * replayRatio: the unscaled replay's speed over the recording's (1.0: the replay reproduces the run);
     * deadlocksBroken: how often the unscaled replay found two threads waiting for each other's lock (holds
     * whose estimated starts or ends crossed) and let the earlier waiter go on.
     */
    public record Result(double scale, List<Section> sections, double replayRatio, ReplayModel model, int deadlocksBroken,
                         CriticalPath criticalPath) {}

    /**
     * How far (as a fraction) the unscaled replay with the CPUs shared may go from the recorded run's
     * speed before the replay keeps each thread's time as recorded instead.
     */
    static final double CPU_MODEL_TOLERANCE = 0.15;

    private WhatIf() {}

    /**
     * Predicts, for the top candidates by blocked time and by hold time (top of each), the speedup when
     * their holds are scaled by scale; sections ranked by predicted speedup, highest first.
     */
    public static Result predict(ReplayModel m, double scale, int top) {
        if (!(scale >= 0) || scale > 1e6) {
            throw new IllegalArgumentException("scale must be 0 or more: " + scale);
        }
        int n = m.sectionCount();
        List<Integer> byBlocked = new ArrayList<>(), byHeld = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byBlocked.add(i);
            byHeld.add(i);
        }
        byBlocked.sort(Comparator.comparingLong((Integer i) -> -m.blockedNanos(i)).thenComparing(i -> i));
        byHeld.sort(Comparator.comparingLong((Integer i) -> -m.heldNanos(i)).thenComparing(i -> i));
        Set<Integer> candidates = new LinkedHashSet<>(byBlocked.subList(0, Math.min(top, n)));
        candidates.addAll(byHeld.subList(0, Math.min(top, n)));
        LockReplay.Unscaled unscaled = LockReplay.unscaled(m);
        double recorded = recordedRate(m);
        if (m.replayCpus() > 0 && Math.abs(rate(m, unscaled.replay().spans()) / recorded - 1) > CPU_MODEL_TOLERANCE) {
            // Sharing the CPUs does not reproduce the recorded run (the threads' time off a CPU is not all
            // in parks and waits: sleeps, I/O): each thread's time stays as recorded instead.
            m.cpuModelRejected = rate(m, unscaled.replay().spans()) / recorded;
            unscaled = LockReplay.unscaled(m);
        }
        LockReplay.Replay base = unscaled.replay();
        CriticalPath path = unscaled.criticalPath();
        double baseRate = rate(m, base.spans());
        List<Section> out = new ArrayList<>();
        for (int i : candidates) {
            double r = rate(m, LockReplay.replay(m, i, scale).spans());
            out.add(new Section(m.section(i), r / baseRate, m.blockedNanos(i),
                    percent(m.blockedNanos(i), m.blockedNanos()), m.heldNanos(i), percent(m.heldNanos(i), m.runNanos()),
                    byBlocked.indexOf(i) + 1, percent(path.sectionNanos(i), path.nanos())));
        }
        out.sort(Comparator.comparingDouble((Section s) -> -s.predictedSpeedup()).thenComparingInt(Section::blockedRank));
        return new Result(scale, out.size() > top ? out.subList(0, top) : out, baseRate / recorded, m, base.deadlocksBroken(), path);
    }

    /** The threads' acquisitions per ns, summed. */
    private static double rate(ReplayModel m, long[] spans) {
        double r = 0;
        for (int t = 0; t < spans.length; t++) {
            r += m.lines.get(t).acquisitions / (double) Math.max(1, spans[t]);
        }
        return r;
    }

    private static double recordedRate(ReplayModel m) {
        double r = 0;
        for (ReplayModel.Line l : m.lines) {
            r += l.acquisitions / (double) Math.max(1, l.end - l.start);
        }
        return r;
    }

    private static double percent(long part, long whole) {
        return whole <= 0 ? 0 : 100.0 * part / whole;
    }
}
