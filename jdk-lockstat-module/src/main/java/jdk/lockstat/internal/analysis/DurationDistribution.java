package jdk.lockstat.internal.analysis;

/**
 * What the report shows of a node's {@link DurationHistogram}: how many contention durations (what each
 * contention gave the node, see {@link AggregationTree}), their nearest-rank median, 90th and 99th
 * percentiles (within 1/64 of the exact value) and the exact maximum, all in nanoseconds; all 0 for a
 * node without contentions.
 */
public record DurationDistribution(long count, long p50Nanos, long p90Nanos, long p99Nanos, long maxNanos) {}
