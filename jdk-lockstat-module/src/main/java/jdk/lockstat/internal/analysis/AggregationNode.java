package jdk.lockstat.internal.analysis;

import java.util.HashMap;
import java.util.Map;

/**
 * Paper 4.2: an aggregator (total duration, count, and the distribution of what each contention gave it)
 * coupled with the selector for the next aspect (children by key, created on first use).
 */
final class AggregationNode {
    final Object key;
    long totalNanos;
    long count;
    final DurationHistogram durations = new DurationHistogram();
    Map<Object, AggregationNode> children;

    AggregationNode(Object key) {
        this.key = key;
    }

    AggregationNode child(Object childKey) {
        if (children == null) {
            children = new HashMap<>();
        }
        AggregationNode n = children.get(childKey);
        if (n == null) {
            n = new AggregationNode(childKey);
            children.put(childKey, n);
        }
        return n;
    }
}
