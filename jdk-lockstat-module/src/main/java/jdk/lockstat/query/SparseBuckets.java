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
 * Nanoseconds per {@link TimeAxis} bucket for buckets that have any: a short-lived thread touches a
 * few buckets and costs a few words, not a whole array (traces can hold 10^5 threads).
 */
final class SparseBuckets {
    private int[] buckets = new int[4];
    private long[] values = new long[4];
    private int size;

    void add(int bucket, long nanos) {
        if (nanos == 0) {
            return;
        }
        if (size > 0 && buckets[size - 1] == bucket) {
            values[size - 1] += nanos;   // the common case: intervals arrive roughly in time order
            return;
        }
        int at = Arrays.binarySearch(buckets, 0, size, bucket);
        if (at >= 0) {
            values[at] += nanos;
            return;
        }
        at = -at - 1;
        if (size == buckets.length) {
            buckets = Arrays.copyOf(buckets, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        System.arraycopy(buckets, at, buckets, at + 1, size - at);
        System.arraycopy(values, at, values, at + 1, size - at);
        buckets[at] = bucket;
        values[at] = nanos;
        size++;
    }

    /** The axis doubled its width: bucket i becomes i / 2. */
    void fold() {
        int out = 0;
        for (int i = 0; i < size; i++) {
            int b = buckets[i] / 2;
            if (out > 0 && buckets[out - 1] == b) {
                values[out - 1] += values[i];
            } else {
                buckets[out] = b;
                values[out] = values[i];
                out++;
            }
        }
        size = out;
    }

    /** Adds this thread's values into a dense per-bucket array. */
    void addTo(long[] dense) {
        for (int i = 0; i < size; i++) {
            dense[buckets[i]] += values[i];
        }
    }

    long sum(int fromBucket, int toBucket) {
        long s = 0;
        for (int i = 0; i < size; i++) {
            if (buckets[i] >= fromBucket && buckets[i] < toBucket) {
                s += values[i];
            }
        }
        return s;
    }
}
