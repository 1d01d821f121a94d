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
     * {@link ParkBlockerKind}'s verdict on this chain's waiting method, kept once every frame is resolved:
     * 0 not yet, 1 none, 2 + the kind's ordinal.
     */
    int parkVerdict;

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
     * The method that contended or released: the innermost frame's, skipping the frames of the locking
     * mechanism itself (Unsafe.park/unpark, LockSupport, AbstractQueuedSynchronizer, ReentrantLock, ...),
     * so that a ReentrantLock's owner is the method that called unlock(), as a monitor's owner is the
     * method that left the synchronized block; null if unknown.
     */
    public MethodRef topMethod() {
        if (frames == null || frames.isEmpty()) {
            return null;
        }
        for (Frame f : frames) {
            if (!LockingMechanism.contains(f.method())) {
                return f.method();
            }
        }
        return frames.get(0).method();
    }

    /**
     * How many innermost frames belong to the locking mechanism (Unsafe.park, LockSupport, AQS, ...):
     * a viewer shortens the chain from the first frame after them.
     */
    public int mechanismFrames() {
        if (frames == null) {
            return 0;
        }
        int n = 0;
        while (n < frames.size() - 1 && LockingMechanism.contains(frames.get(n).method())) {
            n++;
        }
        return n;
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

    /** Innermost first, separated by " &lt;- ". */
    @Override
    public String toString() {
        if (frames == null) {
            return "<unknown chain 0x" + Long.toHexString(id) + ">";
        }
        if (frames.isEmpty()) {
            return "<empty chain>";
        }
        StringBuilder sb = new StringBuilder();
        for (Frame f : frames) {
            if (!sb.isEmpty()) {
                sb.append(" <- ");
            }
            sb.append(f);
        }
        return sb.toString();
    }
}
