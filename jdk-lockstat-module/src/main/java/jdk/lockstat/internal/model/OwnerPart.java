/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.model;

/**
 * One part of a blocked interval and who held the lock during it. owner null: no known owner, either a
 * hand-off (the lock was released, and the thread that takes it next, the blocked one or another, had
 * not run yet: scheduler latency) or unknown (no release was seen: lost events, an owner from before the
 * trace). chain null with a known owner: the owner's chain is unknown (chain 0 from VM code, a wait()
 * forward reference that was never resolved).
 */
public final class OwnerPart {
    private long start;
    private long end;
    // The sum of its intervals: end - start, but for a folded part (Contention#foldParts).
    private long nanos;
    private boolean folded;
    private ThreadRef owner;
    private ChainRef chain;
    private final boolean handOff;
    private OwnerState state = OwnerState.RUNNING;
    private LockRef blockedOn;
    // Transitive blame, only where it leads elsewhere (rooted): otherwise the root is the owner itself.
    private boolean rooted;
    private ThreadRef rootOwner;
    private ChainRef rootChain;
    private Unknown rootUnowned;
    /** A wait() release's forward reference while its chain is not resolved yet; 0 otherwise. */
    long pendingRef;

    OwnerPart(long start, long end, ThreadRef owner, ChainRef chain, boolean handOff) {
        this.start = start;
        this.end = end;
        this.nanos = end - start;
        this.owner = owner;
        this.chain = chain;
        this.handOff = owner == null && handOff;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    /** How long it held: end - start, or the sum of its intervals when folded. */
    public long nanos() {
        return nanos;
    }

    /**
     * Whether it stands for several intervals of its holder (Contention#foldParts): start is the first
     * one's start, end the last one's end, nanos their sum.
     */
    public boolean folded() {
        return folded;
    }

    public ThreadRef owner() {
        return owner;
    }

    public ChainRef chain() {
        return chain;
    }

    /** No owner: the lock was between a release and the next owner's wake-up. */
    public boolean handOff() {
        return handOff;
    }

    /** What the owner was doing meanwhile; RUNNING until the analysis joins the owner's own events. */
    public OwnerState state() {
        return state;
    }

    /** The lock the owner was itself blocked on, when {@link #state()} is BLOCKED and the lock is known. */
    public LockRef blockedOn() {
        return blockedOn;
    }

    /**
     * The thread this time comes back to: the owner, or, where the owner was itself blocked on another
     * lock, that lock's owner then, and so on until an owner that was not blocked. null: the root is
     * {@link #rootUnowned()}.
     */
    public ThreadRef rootOwner() {
        return rooted ? rootOwner : owner;
    }

    /** The root owner's chain (where it held the lock that held up the others). */
    public ChainRef rootChain() {
        ChainRef c = rooted ? rootChain : chain;
        return c != null ? c.canonical() : null;
    }

    /** Why there is no root owner: a hand-off, an unknown owner, or a cycle (deadlock) on the way. */
    public Unknown rootUnowned() {
        return rooted ? rootUnowned : owner == null ? unownedKey() : null;
    }

    /** Sets the root (owner and chain, or why there is none); returns this part. */
    public OwnerPart rootedAt(ThreadRef owner, ChainRef chain, Unknown unowned) {
        rooted = true;
        rootOwner = owner;
        rootChain = owner != null ? chain : null;
        rootUnowned = owner != null ? null : unowned;
        return this;
    }

    /** [from, to) of this part, with the owner's state then. */
    public OwnerPart slice(long from, long to, OwnerState s, LockRef on) {
        if (folded) {
            throw new IllegalStateException("a folded part has no one interval to slice: " + this);
        }
        OwnerPart p = new OwnerPart(from, to, owner, chain, handOff);
        p.state = s;
        p.blockedOn = s == OwnerState.BLOCKED ? on : null;
        p.rooted = rooted;
        p.rootOwner = rootOwner;
        p.rootChain = rootChain;
        p.rootUnowned = rootUnowned;
        return p;
    }

    /** The key of a part without an owner: {@link Unknown#HAND_OFF} or {@link Unknown#OWNER}. */
    public Unknown unownedKey() {
        return handOff ? Unknown.HAND_OFF : Unknown.OWNER;
    }

    void extendTo(long newEnd) {
        nanos += newEnd - end;
        end = newEnd;
    }

    /** Another interval [from, to) of the same holder, not adjacent to this part's. */
    void fold(long from, long to) {
        folded = true;
        nanos += to - from;
        start = Math.min(start, from);
        end = Math.max(end, to);
    }

    void useCanonicalChain() {
        if (chain != null) {
            chain = chain.canonical();
        }
        if (rootChain != null) {
            rootChain = rootChain.canonical();
        }
    }

    /**
     * A resource holder's part whose hold was never confirmed (the thread waited again before it gave
     * anything back): it is the part of the thread whose release ended it, with that release's chain.
     */
    public void reassign(ThreadRef giver, ChainRef giverChain) {
        owner = giver;
        chain = giverChain;
        pendingRef = 0;
    }

    /** A wait() forward reference resolved to this chain (null: never resolved, unknown chain). */
    public void resolve(ChainRef resolved) {
        chain = resolved;
        pendingRef = 0;
    }

    /** This part clipped to [from, to), or null when it lies outside. */
    OwnerPart clip(long from, long to) {
        long s = Math.max(start, from), e = Math.min(end, to);
        if (e <= s) {
            return null;
        }
        return s == start && e == end ? this : slice(s, e, state, blockedOn);
    }

    @Override
    public String toString() {
        return "[" + start + ".." + end + " " + (owner == null ? unownedKey() : owner) + " " + (chain == null ? "-" : chain) + "]";
    }
}
