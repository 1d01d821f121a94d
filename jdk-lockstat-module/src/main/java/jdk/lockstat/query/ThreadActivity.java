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

package jdk.lockstat.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.QueryInputs;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Per-thread time in each {@link ThreadState}, bucketed on a {@link TimeAxis}: the data behind the thread
 * timeline and the bottle graph (Du Bois et al., OOPSLA'13). Lifetimes come from ThreadStart/ThreadEnd;
 * blocked time from monitor contentions and parks on locks and resources (pools, queues, permits,
 * conditions, futures, latches); waiting from Object.wait() and parks at barriers, in joins or without a
 * blocker; parked from idle parks. Running is the rest of a thread's life, so time in sleep(), I/O or JVM
 * pauses counts as running (the trace has no events for them).
 *
 * <p>Fed by one thread; read by any, under the axis's lock (the viewer draws while it loads).
 */
public final class ThreadActivity {
    private static final int BLOCKED = 0, WAITING = 1, PARKED = 2;

    private final TimeAxis axis;
    private final Map<ThreadRef, Track> tracks = new LinkedHashMap<>();
    private final SparseBuckets pauses = new SparseBuckets();   // VM pause nanoseconds per bucket
    private long pauseCount, pauseNanos;
    private long end = Long.MIN_VALUE;
    private long latest = Long.MIN_VALUE;   // while loading: the latest time seen
    private boolean cpuRecorded;   // the trace has ThreadCpu events
    // Per thread at most this many CPU time segments (a drain period each, 100 ms: over 50 minutes);
    // beyond, neighbours merge, halving the resolution.
    private static final int MAX_CPU_SEGMENTS = 1 << 15;
    // A thread on a CPU for less of its not-blocked time in a drain period than this was idle (see IDLE).
    private static final double IDLE_BELOW = 0.05;

    /** One thread's lifetime and its non-running time per bucket. */
    private static final class Track {
        final ThreadRef thread;
        long start = Long.MAX_VALUE;
        long end = Long.MAX_VALUE;   // MAX_VALUE: alive at the trace's end
        long waitSince = Long.MIN_VALUE;
        long parkSince = Long.MIN_VALUE;   // a park still open at the trace's end
        int parkState;
        boolean traced;   // it blocked, waited or parked at least once
        boolean startedInTrace;   // its CPU time before its first ThreadCpu is all within the trace
        final SparseBuckets[] states = {new SparseBuckets(), new SparseBuckets(), new SparseBuckets()};
        // CPU time: the last sample, and segments {from, to, cpu nanos used in between} in time order.
        long cpuAt = Long.MIN_VALUE, cpuSoFar;
        long[] cpu = new long[0];
        int cpuSegments;

        void addCpu(long from, long to, long nanos) {
            if (cpuSegments * 3 == cpu.length) {
                if (cpuSegments == MAX_CPU_SEGMENTS) {
                    for (int i = 0; i < cpuSegments / 2; i++) {   // neighbours merge: [a.from, b.to), a + b
                        cpu[3 * i] = cpu[6 * i];
                        cpu[3 * i + 1] = cpu[6 * i + 4];
                        cpu[3 * i + 2] = cpu[6 * i + 2] + cpu[6 * i + 5];
                    }
                    cpuSegments /= 2;
                } else {
                    cpu = java.util.Arrays.copyOf(cpu, Math.max(48, cpu.length * 2));
                }
            }
            cpu[3 * cpuSegments] = from;
            cpu[3 * cpuSegments + 1] = to;
            cpu[3 * cpuSegments + 2] = nanos;
            cpuSegments++;
        }

        Track(ThreadRef thread) {
            this.thread = thread;
        }
    }

    public ThreadActivity(TimeAxis axis) {
        this.axis = axis;
        axis.onFold(() -> {
            pauses.fold();
            for (Track t : tracks.values()) {
                for (SparseBuckets s : t.states) {
                    s.fold();
                }
            }
        });
    }

    /**
     * What fills this from an analysis: its listener and its sink for monitor contentions (park contentions
     * arrive through the listener). The engine's types stay out of this class's public API; code outside
     * the package reaches them through {@link QueryInputs}.
     */
    private final Inputs inputs = new Inputs();

    static {
        QueryInputs.registerActivity(a -> ((ThreadActivity) a).inputs);
    }

    ActivityListener listener() {
        return inputs;
    }

    ContentionSink sink() {
        return inputs;
    }

    private final class Inputs implements ActivityListener, ContentionSink, QueryInputs.Activity {
        @Override
        public void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {
            synchronized (axis) {
                Track t = track(thread);
                t.start = Math.min(t.start, existedAtStart ? Math.min(time, axis.startNanos()) : time);
                t.startedInTrace = !existedAtStart;
                seen(time);
            }
        }

        @Override
        public void threadEnded(ThreadRef thread, long time) {
            synchronized (axis) {
                track(thread).end = time;
                seen(time);
            }
        }

        @Override
        public void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {
            synchronized (axis) {
                add(track(thread), state(kind), from, to);
            }
        }

        @Override
        public void parkedUntilEnd(ThreadRef thread, ParkBlockerKind kind, long from) {
            synchronized (axis) {
                Track t = track(thread);
                t.parkSince = from;
                t.parkState = state(kind);
            }
        }

        @Override
        public void waitStarted(ThreadRef thread, long time) {
            synchronized (axis) {
                track(thread).waitSince = time;
            }
        }

        @Override
        public void waitEnded(ThreadRef thread, long time) {
            synchronized (axis) {
                Track t = track(thread);
                if (t.waitSince != Long.MIN_VALUE) {
                    add(t, WAITING, t.waitSince, time);
                    t.waitSince = Long.MIN_VALUE;
                }
            }
        }

        @Override
        public void vmPause(long time, long duration, int kind) {
            synchronized (axis) {
                pauseCount++;
                pauseNanos += duration;
                seen(time + duration);
                spread(pauses, time, time + duration);
            }
        }

        @Override
        public void cpuTime(ThreadRef thread, long time, long cpuNanos) {
            synchronized (axis) {
                cpuRecorded = true;
                Track t = track(thread);
                seen(time);
                if (t.cpuAt == Long.MIN_VALUE) {
                    // A thread started during the trace used all of its CPU time since its start.
                    if (t.startedInTrace && t.start < time) {
                        t.addCpu(t.start, time, cpuNanos);
                    }
                } else if (time > t.cpuAt && cpuNanos >= t.cpuSoFar) {
                    t.addCpu(t.cpuAt, time, cpuNanos - t.cpuSoFar);
                }
                if (time > t.cpuAt) {
                    t.cpuAt = time;
                    t.cpuSoFar = cpuNanos;
                }
            }
        }

        /** Monitor contentions; park contentions arrive through {@code parked}. */
        @Override
        public void accept(Contention c) {
            if (c.kind() != Contention.Kind.INTRINSIC || c.thread() == null) {
                return;
            }
            synchronized (axis) {
                add(track(c.thread()), BLOCKED, c.start(), c.end());
            }
        }

        @Override
        public ActivityListener listener() {
            return this;
        }

        @Override
        public ContentionSink sink() {
            return this;
        }
    }

    private Track track(ThreadRef t) {
        return tracks.computeIfAbsent(t, Track::new);
    }

    private static int state(ParkBlockerKind kind) {
        return switch (kind) {
            case LOCK, RESOURCE -> BLOCKED;
            case WAIT -> WAITING;
            case IDLE -> PARKED;
        };
    }

    /** Whether the trace recorded threads' CPU time: running is then on a CPU, apart from runnable. */
    public boolean cpuRecorded() {
        synchronized (axis) {
            return cpuRecorded;
        }
    }

    /** VM pauses seen: count and total nanoseconds. */
    public long[] pauses() {
        synchronized (axis) {
            return new long[] {pauseCount, pauseNanos};
        }
    }

    /** The trace's end: threads without ThreadEnd were alive until then; open waits end here. */
    public void finish(long endNanos) {
        synchronized (axis) {
            end = Math.max(end, endNanos);
            axis.bucket(end);
            for (Track t : tracks.values()) {
                if (t.waitSince != Long.MIN_VALUE) {
                    add(t, WAITING, t.waitSince, end);
                    t.waitSince = Long.MIN_VALUE;
                }
                if (t.parkSince != Long.MIN_VALUE) {
                    add(t, t.parkState, t.parkSince, Math.min(end, t.end));
                    t.parkSince = Long.MIN_VALUE;
                }
            }
        }
    }

    private void add(Track t, int state, long from, long to) {
        t.traced = true;
        if (to <= from) {
            return;
        }
        seen(to);
        spread(t.states[state], from, to);
    }

    /** Adds [from, to) to the buckets it overlaps. */
    private void spread(SparseBuckets into, long from, long to) {
        if (to <= from) {
            return;
        }
        int last = axis.bucket(to - 1);   // first: it may widen the axis
        int first = axis.bucket(from);
        long w = axis.widthNanos(), origin = axis.startNanos();
        for (int b = first; b <= last; b++) {
            long bs = origin + b * w;
            long overlap = Math.min(to, bs + w) - Math.max(from, bs);
            into.add(b, Math.max(0, overlap));
        }
    }

    private void seen(long time) {
        latest = Math.max(latest, time);
        axis.bucket(time);
    }

    /** The trace's end, or while loading the latest time seen. */
    private long traceEnd() {
        return end != Long.MIN_VALUE ? end : latest != Long.MIN_VALUE ? latest : axis.startNanos();
    }

    /**
     * One thread's nanoseconds per state (RUNNING, BLOCKED, WAITING, PARKED) per bucket. traced: the
     * thread blocked, waited or parked at least once. A thread that never did is most likely one whose
     * waiting the trace cannot see (VM threads, native or I/O waits, sleep), so its "running" is only
     * "alive": bottle graphs leave such threads out, unless its CPU time was recorded (onCpu: RUNNING is
     * then time on a CPU, RUNNABLE the rest of its not-blocked time).
     */
    public record ThreadTimeline(String threadName, long threadId, long startNanos, long endNanos, long[][] nanos,
                                 boolean traced, boolean onCpu) {
        /** The thread as reports name it: its name and id. */
        public String thread() {
            return threadName + " #" + threadId;
        }

        public long total(ThreadState s) {
            long sum = 0;
            for (long v : nanos[s.ordinal()]) {
                sum += v;
            }
            return sum;
        }
    }

    /**
     * Timelines of the threads alive in buckets [from, to), traced threads first, busiest first (blocked + waiting time), at
     * most max of them. Times are absolute trace-clock nanoseconds; arrays are indexed by bucket.
     */
    public List<ThreadTimeline> timelines(int from, int to, int max) {
        synchronized (axis) {
            List<ThreadTimeline> all = new ArrayList<>();
            for (Track t : tracks.values()) {
                ThreadTimeline tl = timeline(t);
                if (alive(tl, from, to)) {
                    all.add(tl);
                }
            }
            all.sort(Comparator.comparing((ThreadTimeline tl) -> !tl.traced())
                    .thenComparingLong(tl -> -(tl.total(ThreadState.BLOCKED) + tl.total(ThreadState.WAITING)))
                    .thenComparingLong(ThreadTimeline::threadId));
            return all.size() > max ? new ArrayList<>(all.subList(0, max)) : all;
        }
    }

    /** Number of threads seen. */
    public int threads() {
        synchronized (axis) {
            return tracks.size();
        }
    }

    /** Average number of threads in each state per bucket, over all threads: the chart over time. */
    public double[][] averageThreads() {
        synchronized (axis) {
            double[][] avg = new double[ThreadState.values().length][TimeAxis.BUCKETS];
            long w = axis.widthNanos();
            for (Track t : tracks.values()) {
                ThreadTimeline tl = timeline(t);
                for (int s = 0; s < avg.length; s++) {
                    for (int b = 0; b < TimeAxis.BUCKETS; b++) {
                        avg[s][b] += tl.nanos()[s][b] / (double) w;
                    }
                }
            }
            return avg;
        }
    }

    private static boolean alive(ThreadTimeline tl, int from, int to) {
        for (long[] state : tl.nanos()) {
            for (int b = from; b < to; b++) {
                if (state[b] > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private ThreadTimeline timeline(Track t) {
        long origin = axis.startNanos(), w = axis.widthNanos();
        long s = t.start == Long.MAX_VALUE ? origin : t.start;
        long e = t.end == Long.MAX_VALUE ? traceEnd() : t.end;
        long[][] nanos = new long[ThreadState.values().length][TimeAxis.BUCKETS];
        for (int i = 0; i < t.states.length; i++) {
            t.states[i].addTo(nanos[i + 1]);
        }
        long[] paused = new long[TimeAxis.BUCKETS];
        pauses.addTo(paused);
        for (int b = 0; b < TimeAxis.BUCKETS; b++) {
            long bs = origin + b * w;
            long alive = Math.max(0, Math.min(e, bs + w) - Math.max(s, bs));
            long other = nanos[1][b] + nanos[2][b] + nanos[3][b];
            if (other > alive && other > 0) {
                // Overlapping records (a wait's upper-bound end): scale down to the lifetime.
                double f = alive / (double) other;
                for (int i = 1; i <= t.states.length; i++) {
                    nanos[i][b] = Math.round(nanos[i][b] * f);
                }
                other = alive;
            }
            long running = alive - Math.min(alive, other);
            // A pause stops the thread only where it would have run: its share of the bucket's running time.
            long stopped = Math.min(running, Math.round(paused[b] * (double) alive / w));
            nanos[ThreadState.PAUSED.ordinal()][b] = stopped;
            nanos[0][b] = running - stopped;
        }
        if (t.cpuSegments > 0) {
            splitByCpu(t, nanos, origin, w);
        }
        return new ThreadTimeline(t.thread.displayName(), t.thread.id(), s, e, nanos, t.traced, t.cpuSegments > 0);
    }

    /**
     * Splits a thread's not-blocked time into on a CPU (RUNNING) and waiting for one (RUNNABLE): each CPU
     * time segment's nanoseconds go to the buckets it covers in proportion to the thread's not-blocked time
     * there, at most all of it; what is left is runnable, or IDLE where the thread was on a CPU for less
     * than IDLE_BELOW of that time in the segment (it slept or waited where the trace cannot see).
     * Not-blocked time outside every segment (before the first sample of a thread that existed when tracing
     * started) stays running, as without CPU time.
     */
    private static void splitByCpu(Track t, long[][] nanos, long origin, long w) {
        int run = ThreadState.RUNNING.ordinal(), runnable = ThreadState.RUNNABLE.ordinal();
        long[] free = nanos[run];
        double[] onCpu = new double[TimeAxis.BUCKETS];
        double[] idle = new double[TimeAxis.BUCKETS];
        double[] covered = new double[TimeAxis.BUCKETS];   // of each bucket, the part segments cover
        for (int i = 0; i < t.cpuSegments; i++) {
            long from = t.cpu[3 * i], to = t.cpu[3 * i + 1], used = t.cpu[3 * i + 2];
            int first = (int) Math.max(0, Math.min(TimeAxis.BUCKETS - 1, Math.floorDiv(from - origin, w)));
            int last = (int) Math.max(0, Math.min(TimeAxis.BUCKETS - 1, Math.floorDiv(to - 1 - origin, w)));
            double eligible = 0;
            for (int b = first; b <= last; b++) {
                long bs = origin + b * w;
                double part = Math.max(0, Math.min(to, bs + w) - Math.max(from, bs)) / (double) w;
                eligible += free[b] * part;
            }
            double f = eligible > 0 ? Math.min(1, used / eligible) : 0;
            for (int b = first; b <= last; b++) {
                long bs = origin + b * w;
                double part = Math.max(0, Math.min(to, bs + w) - Math.max(from, bs)) / (double) w;
                onCpu[b] += free[b] * part * f;
                if (f < IDLE_BELOW) {
                    idle[b] += free[b] * part * (1 - f);
                }
                covered[b] += part;
            }
        }
        for (int b = 0; b < TimeAxis.BUCKETS; b++) {
            if (covered[b] <= 0 || free[b] == 0) {
                continue;
            }
            long known = Math.round(free[b] * Math.min(1, covered[b]));   // the not-blocked time segments cover
            long cpu = Math.min(known, Math.round(onCpu[b]));
            long quiet = Math.min(known - cpu, Math.round(idle[b]));
            nanos[ThreadState.IDLE.ordinal()][b] = quiet;
            nanos[runnable][b] = known - cpu - quiet;
            nanos[run][b] = free[b] - (known - cpu);
        }
    }

    /** The bottle graph of buckets [from, to); see {@link BottleGraph}. */
    public BottleGraph bottleGraph(int from, int to, boolean byNamePattern) {
        return bottleGraph(from, to, byNamePattern, 0);
    }

    /** The same, with the traced VM's CPU count (0: unknown), which running time never exceeds. */
    public BottleGraph bottleGraph(int from, int to, boolean byNamePattern, int cpus) {
        synchronized (axis) {
            List<ThreadTimeline> all = new ArrayList<>();
            tracks.values().forEach(t -> all.add(timeline(t)));
            return BottleGraph.of(all, from, to, axis.startNanos(), axis.widthNanos(), byNamePattern, cpus);
        }
    }
}
