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

import java.util.BitSet;

/**
 * The durations of one {@link ContentionCube} row's contentions, in the form every tree node the row
 * reaches needs them: whole (nodes above any owner-side aspect), and per set of owner keys that an
 * owner-side node can select, each contention's nanoseconds summed over that set (as the report's tree
 * records them). All contentions of a row have the same owner keys, so the sets are the row's: the blocks
 * of its owner keys grouped by owner thread, method, chain and their combinations, at most 7 per owner
 * key, none when the row has only one owner key.
 */
final class RowDurations {
    final DurationHistogram whole = new DurationHistogram();
    private final BitSet[] subsets;
    private final DurationHistogram[] bySubset;

    RowDurations(BitSet[] subsets) {
        this.subsets = subsets;
        this.bySubset = new DurationHistogram[subsets.length];
        for (int i = 0; i < subsets.length; i++) {
            bySubset[i] = new DurationHistogram();
        }
    }

    /** One contention: its whole duration and its nanoseconds per owner key (the row's order). */
    void record(long nanos, long[] ownerNanos) {
        whole.record(nanos);
        for (int i = 0; i < subsets.length; i++) {
            long sum = 0;
            for (int o = subsets[i].nextSetBit(0); o >= 0; o = subsets[i].nextSetBit(o + 1)) {
                sum += ownerNanos[o];
            }
            bySubset[i].record(sum);
        }
    }

    /** Merges a row with the same owner keys (the time axis folded). */
    void add(RowDurations o) {
        whole.add(o.whole);
        for (int i = 0; i < bySubset.length; i++) {
            bySubset[i].add(o.bySubset[i]);
        }
    }

    /** The durations a node selecting these owner keys (indexes, of ownerCount in all) gets. */
    DurationHistogram of(int[] owners, int ownerCount) {
        if (owners.length == ownerCount) {
            return whole;
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
