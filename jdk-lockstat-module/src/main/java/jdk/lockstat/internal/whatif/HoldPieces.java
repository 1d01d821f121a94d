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

import java.util.Arrays;

/**
 * One holder's hold pieces (a lock, owner and chain: {@link HoldCollector}): intervals [from, to) that
 * overlap wherever several threads waited behind the same hold, kept as little more than their union.
 * Each time the array is full the union is taken in place, and the array grows only when that leaves
 * it more than half full, so memory follows the holds rather than the threads behind them (on a
 * 16-thread barging monitor every hold came once per blocked thread: 1 GB of pieces for 1.9 M holds),
 * at O(log n) a piece. Intervals that touch join, as in the replay's holds.
 */
final class HoldPieces {
    private long[] a = new long[16];
    private int n;   // longs used: from, to, from, to, ...

    void add(long from, long to) {
        if (n == a.length) {
            unite();
            if (n > a.length / 2) {
                a = Arrays.copyOf(a, a.length * 2);
            }
        }
        a[n++] = from;
        a[n++] = to;
    }

    void addAll(HoldPieces other) {
        for (int i = 0; i < other.n; i += 2) {
            add(other.a[i], other.a[i + 1]);
        }
    }

    /** The longs the array holds now (two a piece). */
    int capacity() {
        return a.length;
    }

    /** Joins the pieces into their union, in time order; how many intervals it has (from(i), to(i)). */
    int united() {
        unite();
        return n / 2;
    }

    /** The i-th interval's start, after united(). */
    long from(int i) {
        return a[2 * i];
    }

    /** The i-th interval's end, after united(). */
    long to(int i) {
        return a[2 * i + 1];
    }

    private void unite() {
        sort(0, n / 2 - 1);
        int out = 0;
        for (int i = 0; i < n; i += 2) {
            if (out > 0 && a[i] <= a[out - 1]) {
                a[out - 1] = Math.max(a[out - 1], a[i + 1]);
            } else {
                a[out++] = a[i];
                a[out++] = a[i + 1];
            }
        }
        n = out;
    }

    /** Sorts pairs lo..hi (inclusive, pair indices) by their start. */
    private void sort(int lo, int hi) {
        while (hi - lo > 16) {
            long pivot = a[2 * ((lo + hi) >>> 1)];
            int i = lo, j = hi;
            while (i <= j) {
                while (a[2 * i] < pivot) {
                    i++;
                }
                while (a[2 * j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(i++, j--);
                }
            }
            if (j - lo < hi - i) {   // recurse into the smaller side: depth stays O(log n)
                sort(lo, j);
                lo = i;
            } else {
                sort(i, hi);
                hi = j;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            for (int j = i; j > lo && a[2 * (j - 1)] > a[2 * j]; j--) {
                swap(j - 1, j);
            }
        }
    }

    private void swap(int i, int j) {
        long f = a[2 * i], t = a[2 * i + 1];
        a[2 * i] = a[2 * j];
        a[2 * i + 1] = a[2 * j + 1];
        a[2 * j] = f;
        a[2 * j + 1] = t;
    }
}
