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

import java.util.Arrays;

/**
 * The contention durations that reached one aggregation node, for percentiles: many short contentions
 * and a few long ones can have the same total. Log-linear buckets as in HdrHistogram, 32 per power of
 * two: values below 64 ns have a bucket each, a larger bucket is at most 1/32 of its lowest value
 * wide. A percentile is reported as its bucket's middle, clamped to the exact minimum and maximum, so
 * it is within 1/64 (1.6%) of the exact value; count, minimum and maximum are exact.
 *
 * <p>Sparse, because a tree can have many thousands of nodes and most hold few distinct durations:
 * while every duration lies in one bucket (most nodes of a large tree have one contention) there is no
 * array, the bucket is the minimum's; from the second bucket on, one long per occupied bucket (bucket
 * index in the high bits, its count in the low 52), sorted by bucket, in an array grown on demand:
 * 8 bytes per bucket plus the array header, at most 1,888 buckets (the whole range of a long).
 *
 * <p>Mutable, not thread-safe: its owners lock around it. Report snapshots hold copies.
 */
public final class DurationHistogram {
    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS;   // buckets per power of two
    private static final int COUNT_BITS = 52;       // bucket indexes need 11 bits above the count
    private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;
    private static final long[] NONE = {};

    private long[] entries = NONE;
    private int size;   // 0 while count is 0 or every duration lies in the bucket of min
    private long count;
    private long min;
    private long max;

    /** Adds one duration; a negative one (a damaged clock) counts as 0. */
    public void record(long nanos) {
        long v = Math.max(0, nanos);
        if (count > 0 && (size > 0 || bucket(v) != bucket(min))) {
            spread();
            add(bucket(v), 1);
        }
        min = count == 0 ? v : Math.min(min, v);
        max = Math.max(max, v);
        count++;
    }

    /** From one bucket without an array to an entry per bucket: a second bucket is about to be used. */
    private void spread() {
        if (size == 0 && count > 0) {
            add(bucket(min), count);
        }
    }

    /** Adds every duration of another histogram (merging nodes, or rows into nodes). */
    public void add(DurationHistogram other) {
        if (other.count == 0) {
            return;
        }
        boolean oneBucket = size == 0 && other.size == 0 && (count == 0 || bucket(min) == bucket(other.min));
        if (!oneBucket) {
            spread();
            if (other.size == 0) {
                add(bucket(other.min), other.count);
            }
            for (int i = 0; i < other.size; i++) {
                add(index(other.entries[i]), other.entries[i] & COUNT_MASK);
            }
        }
        min = count == 0 ? other.min : Math.min(min, other.min);
        max = Math.max(max, other.max);
        count += other.count;
    }

    private void add(int bucket, long n) {
        int at = find(bucket);
        if (at >= 0) {
            // 2^52 samples in one bucket would take a century of contention: saturate rather than wrap.
            long c = Math.min(COUNT_MASK, (entries[at] & COUNT_MASK) + n);
            entries[at] = ((long) bucket << COUNT_BITS) | c;
            return;
        }
        at = -at - 1;
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, Math.max(2, size + (size >> 1) + 1));
        }
        System.arraycopy(entries, at, entries, at + 1, size - at);
        entries[at] = ((long) bucket << COUNT_BITS) | Math.min(COUNT_MASK, n);
        size++;
    }

    /** Position of the bucket's entry, or -(insertion point) - 1. */
    private int find(int bucket) {
        if (size > 0 && index(entries[size - 1]) == bucket) {
            return size - 1;   // common: one node's durations are similar
        }
        int lo = 0, hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int b = index(entries[mid]);
            if (b < bucket) {
                lo = mid + 1;
            } else if (b > bucket) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -lo - 1;
    }

    private static int index(long entry) {
        return (int) (entry >>> COUNT_BITS);
    }

    /** The bucket of a duration: exact below 2 * SUB, then SUB buckets per power of two. */
    static int bucket(long nanos) {
        int shift = Math.max(0, 63 - Long.numberOfLeadingZeros(nanos) - SUB_BITS);
        return (shift << SUB_BITS) + (int) (nanos >>> shift);
    }

    /** The smallest duration in a bucket. */
    static long lowest(int bucket) {
        int shift = bucket < 2 * SUB ? 0 : (bucket >> SUB_BITS) - 1;
        return (long) (bucket - (shift << SUB_BITS)) << shift;
    }

    /** How many durations a bucket holds. */
    static long width(int bucket) {
        return bucket < 2 * SUB ? 1 : 1L << ((bucket >> SUB_BITS) - 1);
    }

    public long count() {
        return count;
    }

    /** The shortest duration, exact; 0 when empty. */
    public long minNanos() {
        return min;
    }

    /** The longest duration, exact; 0 when empty. */
    public long maxNanos() {
        return max;
    }

    /**
     * The nearest-rank percentile (the smallest duration that at least percent % of the durations do
     * not exceed), to within 1/64 of it; exact when it is the minimum or the maximum. 0 when empty.
     */
    public long percentile(int percent) {
        if (percent < 1 || percent > 100) {
            throw new IllegalArgumentException("percentile " + percent);
        }
        if (count == 0) {
            return 0;
        }
        // ceil(count * percent / 100) without overflow: count = 100q + r.
        long rank = count / 100 * percent + (count % 100 * percent + 99) / 100;
        if (rank >= count) {
            return max;
        }
        if (rank == 1) {
            return min;
        }
        if (size == 0) {
            return middle(bucket(min));
        }
        long seen = 0;
        for (int i = 0; i < size; i++) {
            seen += entries[i] & COUNT_MASK;
            if (seen >= rank) {
                return middle(index(entries[i]));
            }
        }
        return max;   // only if bucket counts saturated
    }

    /** What a bucket's durations are reported as: its middle, within the exact minimum and maximum. */
    private long middle(int bucket) {
        return Math.min(max, Math.max(min, lowest(bucket) + (width(bucket) >> 1)));
    }

    /**
     * How many durations are below the given one, to within a bucket: the counts of the buckets whose
     * middle is below it (for a bar histogram by ranges).
     */
    public long countBelow(long nanos) {
        if (size == 0) {
            return count > 0 && lowest(bucket(min)) + (width(bucket(min)) >> 1) < nanos ? count : 0;
        }
        long n = 0;
        for (int i = 0; i < size; i++) {
            int b = index(entries[i]);
            if (lowest(b) + (width(b) >> 1) >= nanos) {
                break;
            }
            n += entries[i] & COUNT_MASK;
        }
        return n;
    }

    /** Count, p50, p90, p99 and max, as reported. */
    public DurationDistribution distribution() {
        return new DurationDistribution(count, percentile(50), percentile(90), percentile(99), max);
    }

    public DurationHistogram copy() {
        DurationHistogram h = new DurationHistogram();
        h.entries = size == 0 ? NONE : Arrays.copyOf(entries, size);
        h.size = size;
        h.count = count;
        h.min = min;
        h.max = max;
        return h;
    }

    /** Occupied buckets (for memory measurements and tests). */
    int buckets() {
        return size > 0 ? size : count > 0 ? 1 : 0;
    }

    /** Entries in the array: none while the durations lie in one bucket. */
    int entries() {
        return size;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DurationHistogram h && count == h.count && min == h.min && max == h.max
                && Arrays.equals(entries, 0, size, h.entries, 0, h.size);
    }

    @Override
    public int hashCode() {
        int hash = Long.hashCode(count) * 31 + Long.hashCode(max);
        for (int i = 0; i < size; i++) {
            hash = hash * 31 + Long.hashCode(entries[i]);
        }
        return hash;
    }

    @Override
    public String toString() {
        return distribution().toString();
    }
}
