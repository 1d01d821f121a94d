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

/**
 * A stable sort of indices by a comparison of what they index, without boxing: the replay model orders
 * millions of holds and actions (a hot lock's 20 s trace has 12 M holds), where a list of objects or
 * arrays, one per hold, was most of the analysis's memory.
 */
final class IndexSort {
    /** Compares what two indices stand for. */
    @FunctionalInterface
    interface IndexComparator {
        int compare(int i, int j);
    }

    private IndexSort() {}

    /** 0 .. n-1 in the order cmp gives, equal ones in index order (a stable sort of the identity). */
    static int[] sorted(int n, IndexComparator cmp) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        sort(idx, n, cmp);
        return idx;
    }

    /** Sorts idx[0 .. n) by cmp, stably: a bottom-up merge sort, after insertion sorts of short runs. */
    static void sort(int[] idx, int n, IndexComparator cmp) {
        final int run = 32;
        for (int lo = 0; lo < n; lo += run) {
            int hi = Math.min(n, lo + run);
            for (int i = lo + 1; i < hi; i++) {
                int v = idx[i], j = i;
                while (j > lo && cmp.compare(idx[j - 1], v) > 0) {
                    idx[j] = idx[j - 1];
                    j--;
                }
                idx[j] = v;
            }
        }
        if (n <= run) {
            return;
        }
        int[] from = idx, to = new int[n];
        for (int width = run; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width), hi = Math.min(n, lo + 2 * width);
                int a = lo, b = mid, k = lo;
                while (a < mid && b < hi) {
                    to[k++] = cmp.compare(from[b], from[a]) < 0 ? from[b++] : from[a++];
                }
                while (a < mid) {
                    to[k++] = from[a++];
                }
                while (b < hi) {
                    to[k++] = from[b++];
                }
            }
            int[] t = from;
            from = to;
            to = t;
        }
        if (from != idx) {
            System.arraycopy(from, 0, idx, 0, n);
        }
    }
}
