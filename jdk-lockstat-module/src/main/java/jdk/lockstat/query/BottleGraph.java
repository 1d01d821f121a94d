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
import java.util.regex.Pattern;

/**
 * A bottle graph (Du Bois et al., "Bottle Graphs: Visualizing Scalability Bottlenecks in
 * Multi-Threaded Applications", OOPSLA'13): one box per thread (or per group of threads with the same
 * name pattern), stacked. A box's height is the thread's share of the run time: every moment is divided
 * among the threads running at that moment. Its width is the thread's parallelism: its running time
 * divided by its share, i.e. how many threads ran on average while it ran. A tall, narrow box is a
 * thread the others wait for.
 *
 * <p>Running is time on a CPU where the trace recorded threads' CPU time (ThreadCpu events, one per drain
 * period): the seed paper's definition, in which a runnable thread that has no CPU is not running. Widths
 * then never exceed the number of CPUs, and a thread's runnable time (ready, but waiting for a CPU) is
 * reported apart: much of it means more runnable threads than CPUs (oversubscription), not parallelism.
 * Without CPU time (older traces), running is alive and neither blocked, waiting, parked nor paused.
 *
 * <p>Threads that never blocked, waited or parked in the trace, and whose CPU time was not recorded, are
 * left out (counted in untracedThreads): their waiting, if any, is invisible to the trace (VM threads,
 * sleep, I/O), so they would count as running all their life.
 *
 * <p>Computed per {@link TimeAxis} bucket: within a bucket, running is assumed evenly spread (exact when
 * the number of running threads is constant within it).
 *
 * @param cpuRecorded running is time on a CPU (the trace recorded CPU time)
 * @param runnableNanos the boxes' runnable time: ready to run, without a CPU
 */
public record BottleGraph(List<Box> boxes, long windowNanos, long sharedNanos, int untracedThreads, boolean cpuRecorded,
                          long runnableNanos) {
    /**
     * label: a thread's name or a name pattern; shareNanos: the height; parallelism: the width;
     * runnableNanos: ready to run but without a CPU (0 where CPU time was not recorded).
     */
    public record Box(String label, int threads, long runningNanos, double shareNanos, double parallelism,
                      long runnableNanos) {}

    /** Runnable threads waited for a CPU for at least 1% of the time the boxes ran. */
    public boolean oversubscribed() {
        long running = boxes.stream().mapToLong(Box::runningNanos).sum();
        return runnableNanos > 0 && runnableNanos >= running / 100;
    }

    /**
     * cpus: the traced VM's CPUs (0: unknown). Where CPU time was recorded, a bucket never has more running
     * time than its CPUs could give: CPU time per drain period is spread over the period's buckets by each
     * thread's not-blocked time, which may pile more than that into one bucket; the excess is runnable.
     */
    static BottleGraph of(List<ThreadActivity.ThreadTimeline> timelines, int from, int to, long origin, long width,
                          boolean byNamePattern, int cpus) {
        from = Math.max(0, from);
        to = Math.min(TimeAxis.BUCKETS, to);
        long[] runningPerBucket = new long[TimeAxis.BUCKETS];
        long[] spanPerBucket = new long[TimeAxis.BUCKETS];
        boolean cpuRecorded = false;
        for (ThreadActivity.ThreadTimeline tl : timelines) {
            cpuRecorded |= tl.onCpu();
            if (!tl.traced() && !tl.onCpu()) {
                continue;
            }
            long[] running = tl.nanos()[ThreadState.RUNNING.ordinal()];
            for (int b = from; b < to; b++) {
                runningPerBucket[b] += running[b];
                long bs = origin + b * width;
                long alive = Math.max(0, Math.min(tl.endNanos(), bs + width) - Math.max(tl.startNanos(), bs));
                spanPerBucket[b] = Math.max(spanPerBucket[b], alive);   // the part of the bucket any thread lived in
            }
        }
        double[] onCpu = new double[TimeAxis.BUCKETS];   // of a bucket's running time, the part CPUs could give
        for (int b = from; b < to; b++) {
            long capacity = cpuRecorded && cpus > 0 ? (long) cpus * spanPerBucket[b] : Long.MAX_VALUE;
            onCpu[b] = runningPerBucket[b] > capacity ? capacity / (double) runningPerBucket[b] : 1;
            runningPerBucket[b] = Math.min(runningPerBucket[b], capacity);
        }
        Map<String, double[]> byLabel = new LinkedHashMap<>();   // label -> {threads, running, share, runnable}
        long window = 0;
        for (int b = from; b < to; b++) {
            window += spanPerBucket[b];
        }
        double shared = 0;
        int untraced = 0;
        long runnableTotal = 0;
        for (ThreadActivity.ThreadTimeline tl : timelines) {
            long[] running = tl.nanos()[ThreadState.RUNNING.ordinal()];
            long[] ready = tl.nanos()[ThreadState.RUNNABLE.ordinal()];
            long run = 0, runnable = 0;
            double share = 0;
            for (int b = from; b < to; b++) {
                runnable += ready[b];
                if (running[b] > 0 && runningPerBucket[b] > 0) {
                    long r = Math.round(running[b] * onCpu[b]);
                    run += r;
                    runnable += running[b] - r;
                    // the bucket's span divided among the threads running in it, by their running time
                    share += r * (double) spanPerBucket[b] / runningPerBucket[b];
                }
            }
            if (run == 0) {
                continue;
            }
            if (!tl.traced() && !tl.onCpu()) {
                untraced++;
                continue;   // no traced event at all: VM threads, idle daemons (see ThreadTimeline.traced)
            }
            String name = tl.threadName();
            String label = byNamePattern ? pattern(name) : tl.thread();
            double[] acc = byLabel.computeIfAbsent(label, k -> new double[4]);
            acc[0]++;
            acc[1] += run;
            acc[2] += share;
            acc[3] += runnable;
            shared += share;
            runnableTotal += runnable;
        }
        List<Box> boxes = new ArrayList<>();
        byLabel.forEach((label, a) -> boxes.add(new Box(label, (int) a[0], (long) a[1], a[2],
                a[2] > 0 ? a[1] / a[2] : 0, (long) a[3])));
        // As the paper draws them: the least parallel (the bottleneck) at the bottom, widest on top.
        boxes.sort(Comparator.comparingDouble(Box::parallelism).thenComparing(Box::label));
        return new BottleGraph(boxes, window, Math.round(shared), untraced, cpuRecorded, runnableTotal);
    }

    /**
     * A number that is a token of its own: digits with a separator ('-', '_', ' ', '#', '.') or the
     * name's start or end on both sides. Digits inside a word are part of a name, not a counter.
     */
    private static final Pattern COUNTER = Pattern.compile("(?<![^-_ #.])[0-9]+(?![^-_ #.])");

    /**
     * "pool-1-thread-17" and "pool-1-thread-3" share the pattern "pool-#-thread-#", "worker-12" is
     * "worker-#"; numbers that are part of a word stay, since they name something rather than count
     * threads: "H2-serialization", "log4j2-appender" and "utf8 reader" are their own patterns.
     */
    public static String pattern(String threadName) {
        return COUNTER.matcher(threadName).replaceAll("#");
    }
}
