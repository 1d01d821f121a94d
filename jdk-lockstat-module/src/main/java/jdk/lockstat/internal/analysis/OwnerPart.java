package jdk.lockstat.internal.analysis;

/**
 * One part of a blocked interval and who held the lock during it. owner null: unknown owner (the gap
 * between a release and the next owner's wake-up, or the tail before the blocked thread's own wake-up).
 * chain null with a known owner: the owner's chain is unknown (chain 0 from VM code, a wait() forward
 * reference that was never resolved).
 */
public final class OwnerPart {
    private final long start;
    private long end;
    private final ThreadRef owner;
    private ChainRef chain;
    /** A wait() release's forward reference while its chain is not resolved yet; 0 otherwise. */
    long pendingRef;

    OwnerPart(long start, long end, ThreadRef owner, ChainRef chain) {
        this.start = start;
        this.end = end;
        this.owner = owner;
        this.chain = chain;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    public long nanos() {
        return end - start;
    }

    public ThreadRef owner() {
        return owner;
    }

    public ChainRef chain() {
        return chain;
    }

    void extendTo(long newEnd) {
        end = newEnd;
    }

    void useCanonicalChain() {
        if (chain != null) {
            chain = chain.canonical();
        }
    }

    void resolve(ChainRef resolved) {
        chain = resolved;
        pendingRef = 0;
    }

    /** This part clipped to [from, to), or null when it lies outside. */
    OwnerPart clip(long from, long to) {
        long s = Math.max(start, from), e = Math.min(end, to);
        if (e <= s) {
            return null;
        }
        return s == start && e == end ? this : new OwnerPart(s, e, owner, chain);
    }

    @Override
    public String toString() {
        return "[" + start + ".." + end + " " + (owner == null ? Unknown.OWNER : owner) + " " + (chain == null ? "-" : chain) + "]";
    }
}
