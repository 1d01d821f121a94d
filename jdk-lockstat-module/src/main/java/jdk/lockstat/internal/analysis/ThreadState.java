package jdk.lockstat.internal.analysis;

/** What a thread did, as far as the trace tells; RUNNING is alive and none of the others. */
public enum ThreadState {
    RUNNING("running"),
    /** Contending for a monitor or a park-based lock. */
    BLOCKED("blocked"),
    /** Object.wait(), a condition, a latch, a future: waiting for an event, not for a lock. */
    WAITING("waiting"),
    /** Parked idle, e.g. a pool worker with nothing to do. */
    PARKED("parked"),
    /** Would have run, but the JVM had stopped every thread (a safepoint: GC, deoptimisation, ...). */
    PAUSED("VM pause");

    private final String label;

    ThreadState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
