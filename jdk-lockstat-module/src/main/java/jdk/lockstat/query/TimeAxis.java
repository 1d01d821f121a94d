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
import java.util.List;

/**
 * Fixed-count time buckets over a trace whose length is not known while it is read: the bucket width
 * starts small and doubles (pairs of buckets merge) whenever an event falls past the last bucket, so
 * memory per thread or per aggregation row stays bounded however long the trace is. Everything bucketed
 * on one axis (the viewer's contention cube, thread activity, the contention-over-time chart) folds
 * together, so a time range picked on one applies to the others.
 */
public final class TimeAxis {
    /** Told when the width doubles: bucket i becomes bucket i / 2. */
    public interface FoldListener {
        void folded();
    }

    public static final int BUCKETS = 512;
    private static final long FIRST_WIDTH = 1_000_000;   // 1 ms: a 0.5 s trace already fills the axis

    private long start = Long.MIN_VALUE;
    private long width = FIRST_WIDTH;
    private final List<FoldListener> listeners = new ArrayList<>();

    public void onFold(FoldListener l) {
        listeners.add(l);
    }

    /** The trace's start; times before it fall into bucket 0. Call before the first {@link #bucket}. */
    public synchronized void start(long startNanos) {
        if (start == Long.MIN_VALUE) {
            start = startNanos;
        }
    }

    public synchronized long startNanos() {
        return start == Long.MIN_VALUE ? 0 : start;
    }

    public synchronized long widthNanos() {
        return width;
    }

    /** The bucket of time t, widening the axis until t fits. */
    public synchronized int bucket(long t) {
        if (start == Long.MIN_VALUE) {
            start = t;   // a trace without a header: its first event anchors the axis
        }
        long rel = t - start;
        if (rel < 0) {
            return 0;
        }
        while (rel / width >= BUCKETS) {
            width *= 2;
            listeners.forEach(FoldListener::folded);
        }
        return (int) (rel / width);
    }

    /** Bucket i's start, relative to the trace's start. */
    public synchronized long bucketStart(int i) {
        return i * width;
    }

    /** Folds an array of per-bucket values: bucket i moves to i / 2, summed. */
    public static void fold(long[] values) {
        for (int i = 0; i < BUCKETS / 2; i++) {
            values[i] = values[2 * i] + values[2 * i + 1];
        }
        java.util.Arrays.fill(values, BUCKETS / 2, BUCKETS, 0);
    }
}
