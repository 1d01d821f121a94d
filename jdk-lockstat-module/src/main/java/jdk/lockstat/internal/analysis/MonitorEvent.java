package jdk.lockstat.internal.analysis;

/**
 * A monitor event with its ids already resolved: what the rearranger queues. Compact on purpose (one
 * object, no boxed fields), since a monitor's queue may hold thousands while a gap is open.
 */
final class MonitorEvent extends SequencedEvent {
    /** Kinds: the format's event ids. */
    static final int INFLATE = 10, DEFLATE = 11, ENTER = 12, ENTERED = 13, EXIT = 14, WAIT_EXIT = 15,
            FORWARD_RESOLVE = 16, NOTIFY = 17;

    final int kind;
    final long monitor;
    /** The thread the event belongs to (the buffer's writer, or the mounted virtual thread). */
    final ThreadRef thread;
    /** Enter: blocked chain; exit: owner chain; forward resolve: the resolved chain. null if none. */
    final ChainRef chain;
    /** Enter flags (1 = after wait), or the inflated object's identity hash for INFLATE. */
    final long value;
    /** Wait exit / forward resolve: the forward reference; inflate: unused. */
    final long forwardRef;
    /** Inflate: the lock object's class. */
    final ClassRef lockClass;

    MonitorEvent(int kind, long time, long monitor, long seq, ThreadRef thread, ChainRef chain, long value,
                 long forwardRef, ClassRef lockClass) {
        super(seq, time);
        this.kind = kind;
        this.monitor = monitor;
        this.thread = thread;
        this.chain = chain;
        this.value = value;
        this.forwardRef = forwardRef;
        this.lockClass = lockClass;
    }

    @Override
    public String toString() {
        return "MonitorEvent[kind=" + kind + ", monitor=0x" + Long.toHexString(monitor) + ", seq=" + seq
                + ", time=" + time + ", thread=" + thread.id() + "]";
    }
}
