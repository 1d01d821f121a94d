package jdk.lockstat.internal.analysis;

/**
 * The derived per-lock metrics of the J9 park-contention thesis (section 3.7), with "parked" read as
 * "blocked". Kept as plain formulas so that they can be checked against the thesis's own tables.
 */
public final class LockMetrics {
    private LockMetrics() {}

    /** 3.7.10: AverageParkingTime = ParkingThreadTime / TimesParked. */
    public static double averageBlockedTime(double threadTime, long timesBlocked) {
        return timesBlocked == 0 ? 0 : threadTime / timesBlocked;
    }

    /**
     * 3.7.11: AverageHoldTime = ParkingRealTime / (TimesParked - ParkedNow): the time the lock was held
     * while someone waited for it, per hand-over.
     */
    public static double averageHoldTime(double realTime, long timesBlocked, long blockedNow) {
        long handOvers = timesBlocked - blockedNow;
        return handOvers <= 0 ? 0 : realTime / handOvers;
    }

    /**
     * 3.7.12–3.7.15: 100 × time / span. With the run's duration as span: real-time and thread-time
     * utilisation; with the lock's own lifetime (its first to its last blocking event): real-life-time
     * and thread-life-time utilisation.
     */
    public static double utilisationPercent(double time, double span) {
        return span <= 0 ? 0 : 100.0 * time / span;
    }
}
