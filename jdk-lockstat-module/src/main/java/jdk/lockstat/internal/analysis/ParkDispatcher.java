package jdk.lockstat.internal.analysis;

/**
 * Paper 4.1, "park thread dispatcher": receives park events in global sequence order. The VM writes no
 * park events yet, so this only counts them; thread analyzers and blocker analyzers (ReentrantLock,
 * ReentrantReadWriteLock) that emit PARK contentions plug in here.
 */
final class ParkDispatcher {
    private final AnalysisCounters counters;

    ParkDispatcher(AnalysisCounters counters) {
        this.counters = counters;
    }

    void deliver(ParkEvent e) {
        counters.parkEvents++;
    }
}
