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

import java.util.List;

/**
 * A call chain as events refer to it. Its CallChain event can come later than (and from another
 * thread's buffer than) the events using it; frames stay null until then.
 */
public final class ChainRef {
    private final long id;
    private List<Frame> frames;
    /**
     * The first chain defined with the same frames, if not this one. The VM keys chains by their physical
     * frames (compiled code by pc), so one Java call chain can have several ids: interpreted and compiled,
     * two pcs at one bci, code compiled again. Analysis keys contention by the canonical chain.
     */
    private ChainRef canonical;
    /**
     * {@link ParkBlockerKind}'s verdict on this chain (its waiting method's kind, and whether a pool
     * worker's wait for a task lies below it), kept once every frame is resolved: 0 not yet, else the
     * verdict's code.
     */
    int parkVerdict;
    /** {@link #mechanismFrames}, kept once every frame's method and class are known; -1 until then. */
    private int mechanism = -1;

    public ChainRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    /** Innermost frame first; null while the chain's metadata has not been seen. */
    public List<Frame> frames() {
        return frames;
    }

    public boolean defined() {
        return frames != null;
    }

    /** The chain that stands for every chain with these frames: the first one defined with them. */
    public ChainRef canonical() {
        return canonical != null ? canonical : this;
    }

    /** Another chain was defined first with the same frames: it stands for this one. */
    public void sameAs(ChainRef first) {
        canonical = first == this ? null : first;
    }

    public void define(List<Frame> chainFrames) {
        if (frames == null) {
            frames = List.copyOf(chainFrames);
        }
    }

    /**
     * How many innermost frames belong to the locking mechanism (Unsafe.park/unpark, LockSupport,
     * AbstractQueuedSynchronizer, ReentrantLock, ReentrantReadWriteLock, StampedLock, Semaphore,
     * VirtualThread's park and unpark, LockStat's own natives: {@link LockingMechanism}). This is the one
     * rule every view of a chain follows: a chain starts at its first frame outside the mechanism, so that a
     * ReentrantLock's owner is the method that called unlock(), as a monitor's owner is the method that left
     * the synchronized block. A chain made of mechanism frames only is kept whole (0); 0 while unknown.
     */
    public int mechanismFrames() {
        if (frames == null) {
            return 0;
        }
        if (mechanism >= 0) {
            return mechanism;
        }
        int n = 0;
        boolean decided = true;
        while (n < frames.size() && LockingMechanism.contains(frames.get(n).method())) {
            n++;
        }
        int result = n == frames.size() ? 0 : n;
        for (int i = 0; i <= n && i < frames.size(); i++) {
            decided &= LockingMechanism.decided(frames.get(i).method());
        }
        if (decided) {
            mechanism = result;
        }
        return result;
    }

    /**
     * The frames a view shows, innermost first: from the first frame outside the locking mechanism
     * ({@link #mechanismFrames}), or every frame with allFrames; null while the chain is unknown.
     */
    public List<Frame> frames(boolean allFrames) {
        if (frames == null || allFrames) {
            return frames;
        }
        return frames.subList(mechanismFrames(), frames.size());
    }

    /**
     * The method that contended or released: the innermost frame outside the locking mechanism
     * ({@link #mechanismFrames}); null if unknown.
     */
    public MethodRef topMethod() {
        return topMethod(false);
    }

    /** The innermost shown frame's method ({@link #frames(boolean)}); null if unknown. */
    public MethodRef topMethod(boolean allFrames) {
        if (frames == null || frames.isEmpty()) {
            return null;
        }
        return frames.get(allFrames ? 0 : mechanismFrames()).method();
    }

    public boolean uses(java.util.Set<MethodRef> methods) {
        if (frames != null) {
            for (Frame f : frames) {
                if (methods.contains(f.method())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The chain as a report key shows it: the frames of {@link #frames(boolean)}, innermost first,
     * separated by " &lt;- ". Chains that differ only in their mechanism frames read the same, so views
     * that merge keys by their text show them as one.
     */
    public String text(boolean allFrames) {
        List<Frame> shown = frames(allFrames);
        if (shown == null) {
            return "<unknown chain 0x" + Long.toHexString(id) + ">";
        }
        if (shown.isEmpty()) {
            return "<empty chain>";
        }
        StringBuilder sb = new StringBuilder();
        for (Frame f : shown) {
            if (!sb.isEmpty()) {
                sb.append(" <- ");
            }
            sb.append(f);
        }
        return sb.toString();
    }

    /**
     * The text of any aggregation key (a chain, lock, thread, method, class, group name or {@link Unknown}):
     * a chain's by {@link #text(boolean)}, anything else's by toString.
     */
    public static String keyText(Object key, boolean allFrames) {
        return key instanceof ChainRef c ? c.text(allFrames) : String.valueOf(key);
    }

    /** Every frame, innermost first, separated by " &lt;- " (what the trace recorded). */
    @Override
    public String toString() {
        return text(true);
    }
}
