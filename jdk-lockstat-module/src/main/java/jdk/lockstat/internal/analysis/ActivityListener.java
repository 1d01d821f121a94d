package jdk.lockstat.internal.analysis;

/**
 * What threads did besides contending, for timelines and bottle graphs: lifetimes, parks of every
 * kind, and Object.wait(). Monitor contention itself arrives as {@link Contention}s. Calls come in
 * buffer order, not time order. All methods are optional.
 */
public interface ActivityListener {
    ActivityListener NONE = new ActivityListener() {};

    /** ThreadStart; existedAtStart: the thread was running when tracing started (time is that moment). */
    default void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {}

    default void threadEnded(ThreadRef thread, long time) {}

    /** A park that blocked from..to, on a blocker of the given kind (null blocker: WAIT). */
    default void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {}

    /** The thread released a monitor in Object.wait(). */
    default void waitStarted(ThreadRef thread, long time) {}

    /**
     * The thread is back from Object.wait() by this time at the latest: it contends to re-enter, or it
     * releases the monitor again (the trace has no event for an uncontended return from wait()).
     */
    default void waitEnded(ThreadRef thread, long time) {}

    /** Every Java thread was stopped from time for duration nanoseconds (a safepoint; kind 0). */
    default void vmPause(long time, long duration, int kind) {}
}
