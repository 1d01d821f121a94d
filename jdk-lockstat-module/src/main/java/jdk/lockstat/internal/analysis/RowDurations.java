package jdk.lockstat.internal.analysis;

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
