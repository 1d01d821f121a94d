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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One contention (paper 4.1): a thread blocked on a lock from start to end, in a call chain, and who
 * held the lock during which part of that interval. Built by a lock analyzer while events are replayed;
 * handed on only when complete, after which it does not change.
 */
public final class Contention {
    /** Which mechanism blocked the thread, or what it waited for (the "group" aspect also separates virtual threads). */
    public enum Kind {
        INTRINSIC, PARK,
        /** A virtual thread parked while pinned: it blocked its carrier too. */
        PINNED_PARK,
        /**
         * A park waiting for a resource that another thread hands over or gives back (a pooled item, a
         * queue's element, a permit, a future's result: {@link ParkBlockerKind#RESOURCE}), pinned or not;
         * its owner parts are the threads whose unparks woke waiters on the blocker.
         */
        RESOURCE
    }

    private Kind kind;
    private final LockRef lock;
    private final ThreadRef thread;
    private ChainRef chain;
    private final boolean afterWait;
    private final long start;
    private long end;
    private final List<OwnerPart> parts;
    /** Owner parts whose wait() forward reference is not resolved yet. */
    private int unresolvedParts;
    private boolean folding;   // foldParts was called
    private OwnerPart[] folded;   // the holders' parts by owner and chain once folding began (a power of two)
    private int foldedCount;
    private boolean closed;
    private boolean ownersJoined;
    private long weight = 1;

    /** An open contention from start (the reconstruction's lock analyzers build it up, then close it). */
    public Contention(Kind kind, LockRef lock, ThreadRef thread, ChainRef chain, boolean afterWait, long start) {
        this(kind, lock, thread, chain, afterWait, start, start, new ArrayList<>(4));
    }

    private Contention(Kind kind, LockRef lock, ThreadRef thread, ChainRef chain, boolean afterWait, long start,
                       long end, List<OwnerPart> parts) {
        this.kind = kind;
        this.lock = lock;
        this.thread = thread;
        this.chain = chain;
        this.afterWait = afterWait;
        this.start = start;
        this.end = end;
        this.parts = parts;
    }

    public Kind kind() {
        return kind;
    }

    /**
     * This park waited for a resource rather than a lock: its kind becomes {@link Kind#RESOURCE}. Decided
     * only once its chain's and blocker's metadata are known (often after the park ended), so set before
     * the contention is handed on to aggregation, not when the park begins.
     */
    public void resourceWait() {
        if (kind == Kind.INTRINSIC) {
            throw new IllegalStateException("a monitor contention waits for a lock: " + this);
        }
        kind = Kind.RESOURCE;
    }

    public LockRef lock() {
        return lock;
    }

    /** The blocked thread. */
    public ThreadRef thread() {
        return thread;
    }

    /** Once its chains are defined: each chain replaced by the one standing for its frames. */
    public void useCanonicalChains() {
        if (chain != null) {
            chain = chain.canonical();
        }
        for (OwnerPart p : parts) {
            p.useCanonicalChain();
        }
    }

    /** The blocked thread's call chain, null if unknown. */
    public ChainRef chain() {
        return chain;
    }

    /** The thread was re-acquiring the lock after wait() (notified or timed out): classified separately. */
    public boolean afterWait() {
        return afterWait;
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

    /** In time order, covering [start, end) without overlap; parts of zero length are left out. */
    public List<OwnerPart> parts() {
        return Collections.unmodifiableList(parts);
    }

    public void close(long endTime) {
        end = endTime;
        closed = true;
    }

    /** The blocked interval goes on after all (its thread parks again in the same acquisition). */
    public void reopen() {
        closed = false;
    }

    /**
     * Adds [from, to) held by owner/chain (pendingRef: a wait() forward reference still to be resolved).
     * Extends the previous part instead when it is the same holder; returns the new part, or null when
     * nothing new was created.
     */
    public OwnerPart addPart(long from, long to, ThreadRef owner, ChainRef ownerChain, long pendingRef) {
        return add(from, to, owner, ownerChain, pendingRef, false);
    }

    /**
     * Adds [from, to) without an owner: a hand-off (handOff: a release was seen at from, and the next
     * owner had not run yet) or an unknown owner (no release seen).
     */
    public void addUnowned(long from, long to, boolean handOff) {
        add(from, to, null, null, 0, handOff);
    }

    private OwnerPart add(long from, long to, ThreadRef owner, ChainRef ownerChain, long pendingRef, boolean handOff) {
        if (to <= from) {
            return null;
        }
        // A part waiting for its chain (pendingRef) is never folded: it is resolved on its own later.
        if (pendingRef == 0 && (folded != null || (folding && parts.size() >= FOLD_FROM))) {
            return fold(from, to, owner, ownerChain, owner == null && handOff);
        }
        if (!parts.isEmpty()) {
            OwnerPart last = parts.get(parts.size() - 1);
            if (last.owner() == owner && last.chain() == ownerChain && last.pendingRef == pendingRef && last.end() == from
                    && last.handOff() == (owner == null && handOff)) {
                last.extendTo(to);
                return null;
            }
        }
        OwnerPart p = new OwnerPart(from, to, owner, ownerChain, handOff);
        p.pendingRef = pendingRef;
        parts.add(p);
        return p;
    }

    /**
     * Owner parts from now on are kept one per holder (owner, chain, hand-off or not), each with the sum
     * of its intervals (OwnerPart#nanos), once the contention has {@link #FOLD_FROM} parts: what
     * aggregation by holder needs, in memory that grows with the holders, not with how many times they
     * held the lock while this thread was blocked (thousands of barging owners on a hot monitor). Only
     * for consumers that never ask a part for its interval (no owner-state join, no time window, no
     * holds for what-if); parts waiting for a chain (pendingRef) are never folded.
     */
    public void foldParts() {
        folding = true;
    }

    /** Parts before folding starts: a short contention keeps its intervals and builds no table. */
    static final int FOLD_FROM = 8;

    /**
     * [from, to) added to its holder's folded part (null returned), or a new part for a new holder
     * (returned). The holders' parts are found in
     * an open-addressing table by owner and chain identity (a hash map's key objects cost a fifth of a
     * barging trace's analysis). A part whose chain changes later (resolved, made canonical) is no longer
     * found under its old slot; the next interval of that holder starts a new part, so no time is lost.
     */
    private OwnerPart fold(long from, long to, ThreadRef owner, ChainRef ownerChain, boolean handOff) {
        if (folded == null) {
            folded = new OwnerPart[32];
            for (OwnerPart p : parts) {
                if (p.pendingRef == 0 && find(p.owner(), p.chain(), p.handOff()) == null) {
                    insert(p);
                }
            }
        }
        OwnerPart p = find(owner, ownerChain, handOff);
        if (p != null) {
            p.fold(from, to);
            return null;
        }
        p = new OwnerPart(from, to, owner, ownerChain, handOff);
        parts.add(p);
        insert(p);
        return p;
    }

    private static int slot(ThreadRef owner, ChainRef chain, boolean handOff, int mask) {
        long h = (owner == null ? 0 : owner.id()) * 0x9E3779B97F4A7C15L + (chain == null ? 0 : chain.id());
        h = h * 2 + (handOff ? 1 : 0);
        return (int) (h ^ (h >>> 29) ^ (h >>> 41)) & mask;
    }

    private OwnerPart find(ThreadRef owner, ChainRef chain, boolean handOff) {
        int mask = folded.length - 1;
        for (int i = slot(owner, chain, handOff, mask); ; i = (i + 1) & mask) {
            OwnerPart p = folded[i];
            if (p == null || (p.owner() == owner && p.chain() == chain && p.handOff() == handOff)) {
                return p;
            }
        }
    }

    private void insert(OwnerPart p) {
        if (2 * (foldedCount + 1) > folded.length) {
            OwnerPart[] old = folded;
            folded = new OwnerPart[old.length * 2];
            foldedCount = 0;
            for (OwnerPart q : old) {
                if (q != null) {
                    insert(q);
                }
            }
        }
        int mask = folded.length - 1;
        int i = slot(p.owner(), p.chain(), p.handOff(), mask);
        while (folded[i] != null) {
            i = (i + 1) & mask;
        }
        folded[i] = p;
        foldedCount++;
    }

    /**
     * Replaces the owner parts by finer ones covering the same time (the owners' states joined in);
     * before the contention is handed on to aggregation.
     */
    public void replaceParts(List<OwnerPart> finer) {
        folded = null;
        foldedCount = 0;
        parts.clear();
        parts.addAll(finer);
    }

    /**
     * How many contentions this one stands for: 1, or N in a trace that recorded one in N contentions
     * at random (-XX:TraceLockContentionSampling). Aggregates count it N times and its times N times.
     */
    public long weight() {
        return weight;
    }

    public void weight(long w) {
        if (w < 1) {
            throw new IllegalArgumentException("weight must be at least 1: " + w);
        }
        weight = w;
    }

    /** Its owner parts carry the owners' states and root owners (the analysis joined them in). */
    public boolean ownersJoined() {
        return ownersJoined;
    }

    public void ownersJoined(boolean joined) {
        ownersJoined = joined;
    }

    /** Whether {@link #close} ended the blocked interval. */
    public boolean closed() {
        return closed;
    }

    /**
     * The number of owner parts still waiting for a wait() forward reference to resolve (the contention is
     * complete when it is closed and this is 0); -1 marks a contention that is never handed on.
     */
    public int unresolvedParts() {
        return unresolvedParts;
    }

    public void unresolvedParts(int n) {
        unresolvedParts = n;
    }

    /** This contention restricted to the time window [from, to); null if it lies outside. */
    public Contention clip(long from, long to) {
        if (from <= start && end <= to) {
            return this;
        }
        long s = Math.max(start, from), e = Math.min(end, to);
        if (e <= s) {
            return null;
        }
        List<OwnerPart> clipped = new ArrayList<>(parts.size());
        for (OwnerPart p : parts) {
            OwnerPart c = p.clip(s, e);
            if (c != null) {
                clipped.add(c);
            }
        }
        Contention c = new Contention(kind, lock, thread, chain, afterWait, s, e, clipped);
        c.closed = true;
        return c;
    }

    @Override
    public String toString() {
        return "Contention[" + lock + " " + thread + " " + start + ".." + end + (afterWait ? " after-wait" : "")
                + " parts=" + parts + "]";
    }
}
