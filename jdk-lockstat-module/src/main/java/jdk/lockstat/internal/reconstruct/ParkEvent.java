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

package jdk.lockstat.internal.reconstruct;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * A park/unpark event (ParkBegin, ParkEnd, Unpark, SharedRelease), ordered by the global park sequence
 * number (paper 3.3).
 */
final class ParkEvent extends SequencedEvent {
    static final int BEGIN = 20, END = 21, UNPARK = 22, SHARED_RELEASE = 23;

    final int kind;
    final ThreadRef thread;
    final ChainRef chain;
    /** Begin and shared release: blocker hash; end: the matching unpark's gseq; unpark: target thread id. */
    final long value;
    final ClassRef blockerClass;
    final long flags;
    /** Unpark: the target thread (the same object as its events' thread); null otherwise. */
    final ThreadRef target;
    /**
     * Unpark in a sampled trace whose target's park was not recorded: the hash of the blocker the target
     * was parked on (with blockerClass), so that the unpark still splits the recorded parks on it; else 0.
     */
    final long unparkBlocker;
    /**
     * Unpark, and a shared release of an exclusive lock: how long the releasing thread held the lock, in
     * nanoseconds (a ReentrantLock taken while threads were queued on it); 0: not known, or a release of
     * a shared one.
     */
    final long held;

    ParkEvent(int kind, long time, long gseq, ThreadRef thread, ChainRef chain, long value, ClassRef blockerClass, long flags) {
        this(kind, time, gseq, thread, chain, value, blockerClass, flags, null);
    }

    ParkEvent(int kind, long time, long gseq, ThreadRef thread, ChainRef chain, long value, ClassRef blockerClass, long flags,
              ThreadRef target) {
        this(kind, time, gseq, thread, chain, value, blockerClass, flags, target, 0, 0);
    }

    ParkEvent(int kind, long time, long gseq, ThreadRef thread, ChainRef chain, long value, ClassRef blockerClass, long flags,
              ThreadRef target, long unparkBlocker, long held) {
        super(gseq, time);
        this.target = target;
        this.unparkBlocker = unparkBlocker;
        this.held = held;
        this.kind = kind;
        this.thread = thread;
        this.chain = chain;
        this.value = value;
        this.blockerClass = blockerClass;
        this.flags = flags;
    }
}
