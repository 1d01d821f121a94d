package jdk.lockstat.internal.analysis;

/** An event the rearranger orders: by a gapless sequence number, with its time for tie-breaking lifetimes. */
abstract class SequencedEvent {
    final long seq;
    final long time;

    SequencedEvent(long seq, long time) {
        this.seq = seq;
        this.time = time;
    }
}
