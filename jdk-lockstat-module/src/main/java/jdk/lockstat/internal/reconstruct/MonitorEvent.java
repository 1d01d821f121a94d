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

import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * A monitor event with its ids already resolved: what the rearranger queues. Compact on purpose (one
 * object, no boxed fields), since a monitor's queue may hold thousands while a gap is open. The rare
 * release summary carries its owners in a subclass ({@link ReleaseSummary}), so the others stay small.
 */
class MonitorEvent extends SequencedEvent {
    /** Kinds: the format's event ids. */
    static final int INFLATE = EventType.Id.MONITOR_INFLATE, DEFLATE = EventType.Id.MONITOR_DEFLATE,
            ENTER = EventType.Id.MONITOR_CONTENDED_ENTER, ENTERED = EventType.Id.MONITOR_CONTENDED_ENTERED,
            EXIT = EventType.Id.MONITOR_CONTENDED_EXIT, WAIT_EXIT = EventType.Id.MONITOR_WAIT_EXIT,
            FORWARD_RESOLVE = EventType.Id.MONITOR_FORWARD_RESOLVE, NOTIFY = EventType.Id.MONITOR_NOTIFY,
            RELEASE_SUMMARY = EventType.Id.MONITOR_RELEASE_SUMMARY;

    final int kind;
    final long monitor;
    /**
     * The thread the event belongs to (the buffer's writer, or the mounted virtual thread). A release
     * summary's is whoever wrote it, which means nothing: its owners are in its list.
     */
    final ThreadRef thread;
    /** Enter: blocked chain; exit: owner chain; forward resolve: the resolved chain. null if none. */
    final ChainRef chain;
    /** Enter flags (1 = after wait), or the inflated object's identity hash for INFLATE. */
    final long value;
    /** Wait exit / forward resolve: the forward reference; inflate: unused. */
    final long forwardRef;
    /** Inflate: the lock object's class. */
    final ClassRef lockClass;
    /**
     * With split numbering (docs/trace-format.md, "Monitor sequence numbers"): how many of the monitor's
     * enter-side events (its inflate, contended enters, deflation: the shared counter's numbers) come
     * before this event; for those events their own number. The event's place in the monitor's one
     * sequence is then {@code seq}, the owner-side numbers before it plus this. -1 with one counter
     * for every event (traces of VMs before split numbering), where seq is the place itself.
     */
    final long enters;

    MonitorEvent(int kind, long time, long monitor, long seq, ThreadRef thread, ChainRef chain, long value,
                 long forwardRef, ClassRef lockClass) {
        this(kind, time, monitor, seq, -1, thread, chain, value, forwardRef, lockClass);
    }

    MonitorEvent(int kind, long time, long monitor, long seq, long enters, ThreadRef thread, ChainRef chain, long value,
                 long forwardRef, ClassRef lockClass) {
        super(seq, time);
        this.kind = kind;
        this.monitor = monitor;
        this.thread = thread;
        this.chain = chain;
        this.value = value;
        this.forwardRef = forwardRef;
        this.lockClass = lockClass;
        this.enters = enters;
    }

    /**
     * A contended enter with split numbering has only its enter-side number: its place follows from the
     * owner-side events around it (the rearranger's {@link MonitorQueue} finds it).
     */
    static MonitorEvent unplacedEnter(long time, long monitor, long enterNumber, ThreadRef thread, ChainRef chain,
                                      long flags) {
        return new MonitorEvent(ENTER, time, monitor, UNPLACED, enterNumber, thread, chain, flags, 0, null);
    }

    /** seq of an enter whose place is not known yet. */
    static final long UNPLACED = -1;

    boolean unplaced() {
        return seq == UNPLACED;
    }

    /** This unplaced enter at its place in the monitor's sequence. */
    MonitorEvent placedAt(long place) {
        return new MonitorEvent(kind, time, monitor, place, enters, thread, chain, value, forwardRef, lockClass);
    }

    /** Owner-side numbers before this event (split numbering only). */
    final long ownersBefore() {
        return seq - enters;
    }

    /** Whether this event took a number of the enter side (split numbering). */
    final boolean enterSide() {
        return kind == INFLATE || kind == ENTER || kind == DEFLATE;
    }

    @Override
    public String toString() {
        return "MonitorEvent[kind=" + kind + ", monitor=0x" + Long.toHexString(monitor) + ", seq=" + seq
                + (count() > 1 ? ".." + lastSeq() : "") + ", time=" + time + ", thread=" + thread.id() + "]";
    }
}
