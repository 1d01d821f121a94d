package jdk.lockstat.internal.analysis;

/** Receives complete contentions from the analysis (aggregators, flame graphs, tests). */
@FunctionalInterface
public interface ContentionSink {
    void accept(Contention contention);
}
