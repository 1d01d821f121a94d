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

package jdk.lockstat.internal.format;

import static jdk.lockstat.internal.format.Field.list;
import static jdk.lockstat.internal.format.Field.of;
import static jdk.lockstat.internal.format.FieldKind.STRING;
import static jdk.lockstat.internal.format.FieldKind.SVARINT;
import static jdk.lockstat.internal.format.FieldKind.TIMESTAMP;
import static jdk.lockstat.internal.format.FieldKind.U1;
import static jdk.lockstat.internal.format.FieldKind.VARINT;

import java.util.List;

/**
 * The event types this version of the format defines, with their ids and fields. Ids must match
 * HotSpot's src/hotspot/share/lockstat/lockStatEventTypes.hpp. The writer stores this table as the
 * trace's schema record, and readers decode events with the schema of the file they read, so a newer
 * trace with more event kinds still reads with an older tool.
 */
public enum EventType {
    THREAD_START(1, of("time", TIMESTAMP), of("thread", VARINT), of("flags", U1), of("name", STRING)),
    THREAD_END(2, of("time", TIMESTAMP), of("thread", VARINT)),
    THREAD_RENAME(3, of("time", TIMESTAMP), of("thread", VARINT), of("name", STRING)),
    CLASS(4, of("class", VARINT), of("loader", VARINT), of("name", STRING)),
    METHOD(5, of("method", VARINT), of("class", VARINT), of("name", STRING), of("signature", STRING),
            of("modifiers", VARINT), of("sourceFile", STRING)),
    CALL_CHAIN(6, of("chain", VARINT),
            list("frames", of("method", VARINT), of("bci", SVARINT), of("line", SVARINT), of("frameType", U1))),
    LOADER_UNLOAD(7, of("time", TIMESTAMP), of("loader", VARINT)),
    CHAIN_PURGE(8, of("time", TIMESTAMP), of("chain", VARINT)),
    MONITOR_INFLATE(10, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT),
            of("objectHash", VARINT), of("class", VARINT)),
    MONITOR_DEFLATE(11, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT)),
    MONITOR_CONTENDED_ENTER(12, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT),
            of("chain", VARINT), of("flags", U1)),
    MONITOR_CONTENDED_ENTERED(13, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT)),
    MONITOR_CONTENDED_EXIT(14, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT),
            of("chain", VARINT)),
    MONITOR_WAIT_EXIT(15, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT),
            of("forwardRef", VARINT)),
    MONITOR_FORWARD_RESOLVE(16, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT),
            of("forwardRef", VARINT), of("chain", VARINT)),
    MONITOR_NOTIFY(17, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT), of("flags", U1),
            of("chain", VARINT)),
    /**
     * Releases seq .. seq+count-1 of a monitor, consecutive and all contended exits, summed per owner
     * thread and chain (docs/trace-format.md): time is the last one's, duration per owner in nanoseconds.
     */
    MONITOR_RELEASE_SUMMARY(18, of("time", TIMESTAMP), of("monitor", VARINT), of("seq", VARINT), of("count", VARINT),
            list("owners", of("thread", VARINT), of("chain", VARINT), of("releases", VARINT), of("duration", VARINT))),
    PARK_BEGIN(20, of("time", TIMESTAMP), of("gseq", VARINT), of("blockerHash", VARINT),
            of("blockerClass", VARINT), of("timeoutKind", U1), of("timeout", VARINT), of("chain", VARINT),
            of("flags", U1)),
    PARK_END(21, of("time", TIMESTAMP), of("gseq", VARINT), of("unparkSeq", VARINT), of("flags", U1)),
    UNPARK(22, of("time", TIMESTAMP), of("gseq", VARINT), of("target", VARINT), of("chain", VARINT),
            of("blockerHash", VARINT), of("blockerClass", VARINT)),
    /**
     * A read release of a ReentrantReadWriteLock or StampedLock that leaves other readers holding, while
     * a writer is first in the queue: it unparks nobody (the last reader's release is an UNPARK).
     */
    SHARED_RELEASE(23, of("time", TIMESTAMP), of("gseq", VARINT), of("blockerHash", VARINT),
            of("blockerClass", VARINT), of("chain", VARINT)),
    VTHREAD_MOUNT(30, of("time", TIMESTAMP), of("thread", VARINT), of("carrier", VARINT)),
    VTHREAD_UNMOUNT(31, of("time", TIMESTAMP), of("thread", VARINT)),
    VM_PAUSE(32, of("time", TIMESTAMP), of("duration", VARINT), of("kind", U1)),
    LOST_BUFFERS(40, of("time", TIMESTAMP), of("buffers", VARINT), of("reason", U1)),
    /** Call-chain counters, totals since tracing started (written at every drain period's safepoint). */
    CHAIN_STATS(41, of("time", TIMESTAMP), of("eventsWithChains", VARINT), of("reused", VARINT),
            of("inserted", VARINT), of("framesWalked", VARINT), of("framesSaved", VARINT),
            of("chainSetSize", VARINT), of("chainSetBytes", VARINT)),
    /**
     * Each traced platform thread's CPU time so far (user + system, nanoseconds since the thread started),
     * written at every drain period's safepoint and at the end: running (on a CPU) apart from runnable.
     */
    THREAD_CPU(42, of("time", TIMESTAMP), list("threads", of("thread", VARINT), of("cpu", VARINT))),
    /**
     * A contended lock still alive when the trace ended (or was dumped), named by its reference path from a GC
     * root; rootKind: 1 a static field, 2 a thread's local or operand, 3 a thread object, 4 a global handle;
     * depth: the references from the root.
     */
    LOCK_NAME(43, of("time", TIMESTAMP), of("lockHash", VARINT), of("lockClass", VARINT), of("rootKind", U1),
            of("depth", VARINT), of("name", STRING)),
    /** The heap search behind LOCK_NAME: duration (ns), locks searched for, found, objects reached, bytes held, flags. */
    LOCK_NAME_SEARCH(44, of("time", TIMESTAMP), of("duration", VARINT), of("locks", VARINT), of("found", VARINT),
            of("objects", VARINT), of("memory", VARINT), of("flags", U1)),
    /**
     * LockStat's own time inside critical sections, totals since tracing started (written at every drain
     * period's safepoint): contended acquisitions recorded and the nanoseconds the new owner spent in
     * LockStat code before returning to its critical section; releases recorded, how many of them were
     * timed (one in 64: two clock reads are most of a release's cost) and the timed ones' nanoseconds
     * from the exit hook to the release; acquisitions that took a buffer or switched context while owning.
     */
    SECTION_STATS(45, of("time", TIMESTAMP), of("acquisitions", VARINT), of("acquireNanos", VARINT),
            of("releases", VARINT), of("releasesTimed", VARINT), of("releaseNanos", VARINT),
            of("slowAcquisitions", VARINT));

    /** THREAD_START flags. */
    public static final int THREAD_VIRTUAL = 1, THREAD_DAEMON = 2, THREAD_EXISTED = 4;
    /** PARK_BEGIN flags: a pinned virtual thread (its carrier blocks); a re-park within one acquisition. */
    public static final int PARK_PINNED = 1, PARK_REPARK = 2;
    /** LOCK_NAME_SEARCH flags: a limit ended it; the tally of contended locks was full; the collector is not searched. */
    public static final int SEARCH_TIME_LIMIT = 1, SEARCH_MEMORY_LIMIT = 2, SEARCH_TALLY_FULL = 4, SEARCH_UNSUPPORTED_GC = 8;
    /** MONITOR_CONTENDED_ENTER flags. */
    public static final int ENTER_AFTER_WAIT = 1;

    private final int id;
    private final List<Field> fields;

    EventType(int id, Field... fields) {
        this.id = id;
        this.fields = List.of(fields);
    }

    public int id() {
        return id;
    }

    public List<Field> fields() {
        return fields;
    }

    /** The name used in schema records, lockstat print and docs: THREAD_START becomes ThreadStart. */
    public String displayName() {
        StringBuilder sb = new StringBuilder();
        for (String part : name().split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return sb.toString();
    }

    /** The events' schema as this version writes it. */
    public static Schema schema() {
        Schema.Builder b = Schema.builder();
        for (EventType t : values()) {
            b.add(new EventDescriptor(t.id, t.displayName(), t.fields));
        }
        return b.build();
    }
}
