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

package jdk.lockstat.internal.tool;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;

/**
 * For lockstat verify: how many events of one monitor address hold each sequence number, as runs of
 * equal counts. A release summary holds millions of numbers in one event, so a count per number would
 * cost memory by the number rather than by the event; runs cost memory by the irregularities only (a
 * gapless monitor is one run however long). Ranges are collected and merged into the runs in batches.
 */
final class SeqCoverage {
    /** Ranges [from, to) not merged yet. */
    private long[] from = new long[16];
    private long[] to = new long[16];
    private int pending;
    /** The merged counts: counts[i] holds from starts[i] to starts[i+1]; the last run's count is 0. */
    private long[] starts = new long[0];
    private int[] counts = new int[0];
    private int runs;

    /** One event holding the numbers from..to-1. */
    void add(long rangeFrom, long rangeTo) {
        if (pending == from.length) {
            if (pending >= Math.max(4096, runs)) {
                merge();
            } else {
                from = Arrays.copyOf(from, pending * 2);
                to = Arrays.copyOf(to, pending * 2);
            }
        }
        from[pending] = rangeFrom;
        to[pending] = rangeTo;
        pending++;
    }

    /**
     * The first number k below a number k+1 held by more events than k is, beyond the lifetimes that
     * begin at k+1 ({@code lifetimeStarts}: an address is reused with numbers from 0 again, so counts
     * never grow with the number but where a lifetime began past 0); -1 if there is none.
     */
    long firstGap(LongUnaryOperator lifetimeStarts) {
        merge();
        long before = 0;
        for (int i = 0; i < runs; i++) {
            if (starts[i] > 0 && counts[i] > before + lifetimeStarts.applyAsLong(starts[i])) {
                return starts[i] - 1;
            }
            before = counts[i];
        }
        return -1;
    }

    /** Sweeps the runs and the pending ranges' ends in order of number into new runs. */
    private void merge() {
        if (pending == 0) {
            return;
        }
        long[] ups = Arrays.copyOf(from, pending);
        long[] downs = Arrays.copyOf(to, pending);
        Arrays.sort(ups);
        Arrays.sort(downs);
        long[] newStarts = new long[runs + 2 * pending];
        int[] newCounts = new int[newStarts.length];
        int n = 0, r = 0, u = 0, d = 0;
        int old = 0, ranges = 0;   // the old runs' count and the open ranges at the position
        int last = 0;
        while (r < runs || u < ups.length || d < downs.length) {
            long at = Long.MAX_VALUE;
            if (r < runs) {
                at = starts[r];
            }
            if (u < ups.length) {
                at = Math.min(at, ups[u]);
            }
            if (d < downs.length) {
                at = Math.min(at, downs[d]);
            }
            while (r < runs && starts[r] == at) {
                old = counts[r++];
            }
            while (u < ups.length && ups[u] == at) {
                ranges++;
                u++;
            }
            while (d < downs.length && downs[d] == at) {
                ranges--;
                d++;
            }
            int now = old + ranges;
            if (now != last) {
                newStarts[n] = at;
                newCounts[n++] = now;
                last = now;
            }
        }
        starts = newStarts;
        counts = newCounts;
        runs = n;
        pending = 0;
    }
}
