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
    private final long start;
    private long end;
    private final ThreadRef owner;
    private ChainRef chain;
    private final boolean handOff;
    /** A wait() release's forward reference while its chain is not resolved yet; 0 otherwise. */
    long pendingRef;

    OwnerPart(long start, long end, ThreadRef owner, ChainRef chain, boolean handOff) {
        this.start = start;
        this.end = end;
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

    public long nanos() {
        return end - start;
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

    /** The key of a part without an owner: {@link Unknown#HAND_OFF} or {@link Unknown#OWNER}. */
    public Unknown unownedKey() {
        return handOff ? Unknown.HAND_OFF : Unknown.OWNER;
    }

    void extendTo(long newEnd) {
        end = newEnd;
    }

    void useCanonicalChain() {
        if (chain != null) {
            chain = chain.canonical();
        }
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
        return s == start && e == end ? this : new OwnerPart(s, e, owner, chain, handOff);
    }

    @Override
    public String toString() {
        return "[" + start + ".." + end + " " + (owner == null ? unownedKey() : owner) + " " + (chain == null ? "-" : chain) + "]";
    }
}
