package jdk.lockstat.internal.analysis;

import java.util.List;

/**
 * An immutable snapshot of one aggregation node: its key as text, total blocked nanoseconds, number of
 * contentions that reached it, share of all contention in percent, children by total (largest first).
 */
public record ReportNode(String key, long totalNanos, long count, double percent, List<ReportNode> children) {
    public ReportNode {
        children = List.copyOf(children);
    }
}
