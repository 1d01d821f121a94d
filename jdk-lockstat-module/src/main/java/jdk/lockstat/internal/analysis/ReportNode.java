package jdk.lockstat.internal.analysis;

import java.util.List;

/**
 * An immutable snapshot of one aggregation node: its key as text, total blocked nanoseconds, number of
 * contentions that reached it, share of all contention in percent, the nanoseconds each of those
 * contentions gave it (a histogram, a copy that is never changed), children by total (largest first).
 */
public record ReportNode(String key, long totalNanos, long count, double percent, DurationHistogram durations,
                         List<ReportNode> children) {
    public ReportNode {
        children = List.copyOf(children);
    }

    /** Count, p50, p90, p99 and max of the nanoseconds each contention gave this node. */
    public DurationDistribution distribution() {
        return durations.distribution();
    }
}
