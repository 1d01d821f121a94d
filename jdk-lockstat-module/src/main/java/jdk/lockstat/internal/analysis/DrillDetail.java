package jdk.lockstat.internal.analysis;

import java.util.List;

/**
 * What lies under one drill-down node: its blocked and owner call chains, locks, blocked and owner
 * threads, each with the nanoseconds it accounts for, largest first.
 */
public record DrillDetail(long nanos, long count, List<Entry> chains, List<Entry> ownerChains, List<Entry> locks,
                          List<Entry> threads, List<Entry> ownerThreads) {
    /** key: a ChainRef, LockRef, ThreadRef or {@link Unknown}. */
    public record Entry(Object key, long nanos, long count) {}
}
