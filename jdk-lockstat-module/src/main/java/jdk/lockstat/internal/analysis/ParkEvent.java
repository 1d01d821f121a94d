package jdk.lockstat.internal.analysis;

/**
 * A park/unpark event (ParkBegin, ParkEnd, Unpark), ordered by the global park sequence number (paper
 * 3.3). The VM does not write these yet; the pipeline already orders them for the park analysis to come.
 */
final class ParkEvent extends SequencedEvent {
    static final int BEGIN = 20, END = 21, UNPARK = 22;

    final int kind;
    final ThreadRef thread;
    final ChainRef chain;
    /** Begin: blocker hash; end: the matching unpark's gseq; unpark: target thread id. */
    final long value;
    final ClassRef blockerClass;
    final long flags;
    /** Unpark: the target thread (the same object as its events' thread); null otherwise. */
    final ThreadRef target;

    ParkEvent(int kind, long time, long gseq, ThreadRef thread, ChainRef chain, long value, ClassRef blockerClass, long flags) {
        this(kind, time, gseq, thread, chain, value, blockerClass, flags, null);
    }

    ParkEvent(int kind, long time, long gseq, ThreadRef thread, ChainRef chain, long value, ClassRef blockerClass, long flags,
              ThreadRef target) {
        super(gseq, time);
        this.target = target;
        this.kind = kind;
        this.thread = thread;
        this.chain = chain;
        this.value = value;
        this.blockerClass = blockerClass;
        this.flags = flags;
    }
}
