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

/**
 * A bottle graph (Du Bois et al., "Bottle Graphs: Visualizing Scalability Bottlenecks in
 * Multi-Threaded Applications", OOPSLA'13): one box per thread (or per group of threads with the same
 * name pattern), stacked. A box's height is the thread's share of the run time: every moment is divided
 * among the threads running at that moment. Its width is the thread's parallelism: its running time
 * divided by its share, i.e. how many threads ran on average while it ran. A tall, narrow box is a
 * thread the others wait for.
 *
 * <p>Threads that never blocked, waited or parked in the trace are left out (counted in untracedThreads):
 * their waiting, if any, is invisible to the trace (VM threads, sleep, I/O), so they would count as
 * running all their life.
 *
 * <p>Computed per {@link TimeAxis} bucket: within a bucket, running is assumed evenly spread (exact when
 * the number of running threads is constant within it).
 */
public record BottleGraph(List<Box> boxes, long windowNanos, long sharedNanos, int untracedThreads) {
    /** label: a thread's name or a name pattern; shareNanos: the height; parallelism: the width. */
    public record Box(String label, int threads, long runningNanos, double shareNanos, double parallelism) {}

    static BottleGraph of(List<ThreadActivity.ThreadTimeline> timelines, int from, int to, long origin, long width,
                          boolean byNamePattern) {
        from = Math.max(0, from);
        to = Math.min(TimeAxis.BUCKETS, to);
        long[] runningPerBucket = new long[TimeAxis.BUCKETS];
        long[] spanPerBucket = new long[TimeAxis.BUCKETS];
        for (ThreadActivity.ThreadTimeline tl : timelines) {
            if (!tl.traced()) {
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
        Map<String, double[]> byLabel = new LinkedHashMap<>();   // label -> {threads, running, share}
        long window = 0;
        for (int b = from; b < to; b++) {
            window += spanPerBucket[b];
        }
        double shared = 0;
        int untraced = 0;
        for (ThreadActivity.ThreadTimeline tl : timelines) {
            long[] running = tl.nanos()[ThreadState.RUNNING.ordinal()];
            long run = 0;
            double share = 0;
            for (int b = from; b < to; b++) {
                if (running[b] > 0 && runningPerBucket[b] > 0) {
                    run += running[b];
                    // the bucket's span divided among the threads running in it, by their running time
                    share += running[b] * (double) spanPerBucket[b] / runningPerBucket[b];
                }
            }
            if (run == 0) {
                continue;
            }
            if (!tl.traced()) {
                untraced++;
                continue;   // no traced event at all: VM threads, idle daemons (see ThreadTimeline.traced)
            }
            String name = tl.thread().displayName();
            String label = byNamePattern ? pattern(name) : name + " #" + tl.thread().id();
            double[] acc = byLabel.computeIfAbsent(label, k -> new double[3]);
            acc[0]++;
            acc[1] += run;
            acc[2] += share;
            shared += share;
        }
        List<Box> boxes = new ArrayList<>();
        byLabel.forEach((label, a) -> boxes.add(new Box(label, (int) a[0], (long) a[1], a[2],
                a[2] > 0 ? a[1] / a[2] : 0)));
        // As the paper draws them: the least parallel (the bottleneck) at the bottom, widest on top.
        boxes.sort(Comparator.comparingDouble(Box::parallelism).thenComparing(Box::label));
        return new BottleGraph(boxes, window, Math.round(shared), untraced);
    }

    /** "pool-1-thread-17" and "pool-1-thread-3" share the pattern "pool-#-thread-#". */
    public static String pattern(String threadName) {
        return threadName.replaceAll("[0-9]+", "#");
    }
}
