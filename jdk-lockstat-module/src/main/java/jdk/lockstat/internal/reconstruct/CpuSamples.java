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

package jdk.lockstat.internal.reconstruct;

import java.util.Arrays;

/**
 * One thread's CPU time samples (ThreadCpu, one a drain period), in time order, for {@link OwnerStateJoin}:
 * window i runs from sample i - 1 to sample i, and its on-CPU share, once computed, is kept with it. Owner
 * parts look their windows up by binary search, so a trace of millions of parts costs a few steps each.
 * Keeps between {@link #KEPT} and twice as many of the latest samples.
 */
final class CpuSamples {
    static final int KEPT = 512;
    private long[] times = new long[16], cpus = new long[16];
    private double[] shares = new double[16];
    private int size;

    /** Adds a sample later than every one so far (an older or equal one is ignored: false). */
    boolean add(long time, long cpuNanos) {
        if (size > 0 && time <= times[size - 1]) {
            return false;
        }
        if (size == 2 * KEPT) {   // drop the oldest half at once
            System.arraycopy(times, KEPT, times, 0, KEPT);
            System.arraycopy(cpus, KEPT, cpus, 0, KEPT);
            System.arraycopy(shares, KEPT, shares, 0, KEPT);
            size = KEPT;
        } else if (size == times.length) {
            int n = Math.min(2 * KEPT, 2 * size);
            times = Arrays.copyOf(times, n);
            cpus = Arrays.copyOf(cpus, n);
            shares = Arrays.copyOf(shares, n);
        }
        times[size] = time;
        cpus[size] = cpuNanos;
        shares[size] = Double.NaN;
        size++;
        return true;
    }

    int size() {
        return size;
    }

    long time(int i) {
        return times[i];
    }

    long cpu(int i) {
        return cpus[i];
    }

    /** The index of the first sample later than t (size() if none). */
    int firstAfter(long t) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Window i's share as computed before, or NaN. */
    double share(int window) {
        return shares[window];
    }

    void share(int window, double share) {
        shares[window] = share;
    }
}
