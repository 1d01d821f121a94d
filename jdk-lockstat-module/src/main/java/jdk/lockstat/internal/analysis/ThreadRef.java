package jdk.lockstat.internal.analysis;

/**
 * A Java thread as events refer to it. Created on first mention; the name arrives with ThreadStart,
 * possibly later than events of the thread (it sits in the VM's shared metadata buffer), so it is filled
 * in place and everything holding this object sees it. Thread ids are never reused by the JVM.
 */
public final class ThreadRef {
    private final long id;
    private String name;
    private boolean virtual;
    private boolean daemon;

    ThreadRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    /** The thread's name, or null while no ThreadStart has been seen. */
    public String name() {
        return name;
    }

    public boolean isVirtual() {
        return virtual;
    }

    public boolean isDaemon() {
        return daemon;
    }

    /** ThreadStart: the first one wins (a thread can have two when it started as tracing started). */
    void started(String threadName, boolean isVirtual, boolean isDaemon) {
        if (name == null) {
            name = threadName;
            daemon = isDaemon;
        }
        virtual |= isVirtual;
    }

    /** A VthreadMount named this thread: it is virtual even if its ThreadStart is missing. */
    void markVirtual() {
        virtual = true;
    }

    /** The name to show: unnamed virtual threads (the default) say what they are. */
    public String displayName() {
        if (name == null) {
            return "<unknown thread>";
        }
        if (name.isEmpty()) {
            return virtual ? "<virtual>" : "<unnamed>";
        }
        return name;
    }

    @Override
    public String toString() {
        return displayName() + " #" + id;
    }
}
