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
import java.util.BitSet;
import java.util.function.Supplier;

/**
 * The durations of one {@link ContentionCube} row's contentions, in the form every tree node the row
 * reaches needs them: whole (nodes above any owner-side aspect), and per set of owner keys that an
 * owner-side node can select, each contention's nanoseconds summed over that set (as the report's tree
 * records them). All contentions of a row have the same owner keys, so the sets are the row's: the blocks
 * of its owner keys grouped by owner thread, method, chain and their combinations, at most 7 per owner
 * key, none when the row has only one owner key.
 *
 * <p>A row of a few contentions keeps each one's nanoseconds per owner key instead ({@link #KEPT}), and a
 * node's distribution is summed from them when a tree is built. A contention that many threads barged
 * past has hundreds of owner keys, and its row is usually its own: a histogram per set of its keys cost
 * gigabytes on a 16-thread trace (16,812 contentions, 3.4 GB live) and most of the viewer's loading time.
 * The sets are found, and the histograms made, only once a row holds more contentions than that.
 */
final class RowDurations {
    /** Contentions a row keeps as their nanoseconds per owner key before it keeps histograms per set instead. */
    static final int KEPT = 16;

    final DurationHistogram whole = new DurationHistogram();
    private final Supplier<BitSet[]> subsetsOfRow;
    private BitSet[] subsets;                    // null while the contentions are kept
    private DurationHistogram[] bySubset;
    private long[][] kept = new long[2][];
    private int keptCount;

    RowDurations(Supplier<BitSet[]> subsetsOfRow) {
        this.subsetsOfRow = subsetsOfRow;
    }

    /** One contention: its whole duration and its nanoseconds per owner key (the row's order; kept, not copied). */
    void record(long nanos, long[] ownerNanos) {
        whole.record(nanos);
        recordOwners(ownerNanos);
    }

    private void recordOwners(long[] ownerNanos) {
        if (subsets == null) {
            if (keptCount < KEPT) {
                if (keptCount == kept.length) {
                    kept = Arrays.copyOf(kept, Math.min(KEPT, keptCount * 2));
                }
                kept[keptCount++] = ownerNanos;
                return;
            }
            bySubsets();
        }
        for (int i = 0; i < subsets.length; i++) {
            long sum = 0;
            for (int o = subsets[i].nextSetBit(0); o >= 0; o = subsets[i].nextSetBit(o + 1)) {
                sum += ownerNanos[o];
            }
            bySubset[i].record(sum);
        }
    }

    /** From kept contentions to a histogram per set of owner keys. */
    private void bySubsets() {
        subsets = subsetsOfRow.get();
        bySubset = new DurationHistogram[subsets.length];
        for (int i = 0; i < subsets.length; i++) {
            bySubset[i] = new DurationHistogram();
        }
        long[][] k = kept;
        int n = keptCount;
        kept = null;
        keptCount = 0;
        for (int c = 0; c < n; c++) {
            recordOwners(k[c]);
        }
    }

    /** Merges a row with the same owner keys (the time axis folded). */
    void add(RowDurations o) {
        whole.add(o.whole);
        if (o.subsets == null) {
            for (int c = 0; c < o.keptCount; c++) {
                recordOwners(o.kept[c]);
            }
            return;
        }
        if (subsets == null) {
            bySubsets();
        }
        for (int i = 0; i < bySubset.length; i++) {   // the same owner keys: the same sets, in the same order
            bySubset[i].add(o.bySubset[i]);
        }
    }

    /** The durations a node selecting these owner keys (indexes, of ownerCount in all) gets. */
    DurationHistogram of(int[] owners, int ownerCount) {
        if (owners.length == ownerCount) {
            return whole;
        }
        if (subsets == null) {
            DurationHistogram h = new DurationHistogram();
            for (int c = 0; c < keptCount; c++) {
                long sum = 0;
                for (int o : owners) {
                    sum += kept[c][o];
                }
                h.record(sum);
            }
            return h;
        }
        BitSet wanted = new BitSet(ownerCount);
        for (int o : owners) {
            wanted.set(o);
        }
        for (int i = 0; i < subsets.length; i++) {
            if (subsets[i].equals(wanted)) {
                return bySubset[i];
            }
        }
        throw new IllegalStateException("owner keys " + wanted + " are no block of the row's " + ownerCount);
    }
}
