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

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventDescriptor;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.Field;
import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Paper Figure 6, "event parser" (the part after the format layer's decoding): tracks whose events a
 * buffer holds (its writer, or a mounted virtual thread between VthreadMount and VthreadUnmount), sends
 * metadata to the resolver and monitor and park events, with resolved ids, to the rearranger.
 * Fields are found by name in the trace's own schema (once per event type), so traces whose events
 * have more fields still analyse.
 */
final class EventDecoder {
    private static final String[] NAMES = {"time", "thread", "flags", "name", "class", "loader", "method",
        "signature", "sourceFile", "chain", "frames", "monitor", "seq", "objectHash", "forwardRef", "gseq",
        "blockerHash", "blockerClass", "unparkSeq", "target", "duration", "kind", "count", "owners", "threads",
        "lockHash", "lockClass", "modifiers", "enterSeq", "ownerSeq", "held", "free"};
    private static final int TIME = 0, THREAD = 1, FLAGS = 2, NAME = 3, CLASS = 4, LOADER = 5, METHOD = 6,
            SIGNATURE = 7, SOURCE = 8, CHAIN = 9, FRAMES = 10, MONITOR = 11, SEQ = 12, HASH = 13, FORWARD = 14,
            GSEQ = 15, BLOCKER_HASH = 16, BLOCKER_CLASS = 17, UNPARK_SEQ = 18, TARGET = 19, DURATION = 20, KIND = 21,
            COUNT = 22, OWNERS = 23, THREADS = 24, LOCK_HASH = 25, LOCK_CLASS = 26, MODIFIERS = 27,
            ENTER_SEQ = 28, OWNER_SEQ = 29, HELD = 30;

    /**
     * Field positions of one event type, and of its lists' element fields: the call chain's frames
     * (method, bci, line, frameType) and the release summary's owners (thread, chain, releases, duration, free).
     */
    private record Layout(int[] at, int[] frame, int[] owner, int[] cpu) {}

    private final MetadataResolver resolver;
    private final EventRearranger rearranger;
    private ActivityListener activity = ActivityListener.NONE;
    private final Map<EventDescriptor, Layout> layouts = new IdentityHashMap<>();
    private ThreadRef writer;
    private ThreadRef context;
    private long lastTime = Long.MIN_VALUE;
    /** The trace numbers each monitor's events from two counters (see {@link MonitorEvent#enters}). */
    private boolean split;

    EventDecoder(MetadataResolver resolver, EventRearranger rearranger) {
        this.resolver = resolver;
        this.rearranger = rearranger;
    }

    void activityListener(ActivityListener listener) {
        activity = listener;
    }

    /**
     * Whether monitor events are numbered from two counters, an owner side and an enter side
     * (docs/trace-format.md, "Monitor sequence numbers"; the header's monitor.numbering).
     */
    void splitNumbering(boolean split) {
        this.split = split;
    }

    /** Every buffer starts in its writer's context. */
    void startBuffer(long writerThread) {
        writer = resolver.thread(writerThread);
        context = writer;
    }

    /** Latest event time seen (the trace's end when no end record is present). */
    long lastTime() {
        return lastTime;
    }

    void event(Event v) {
        EventDescriptor d = v.type();
        Layout l = layouts.get(d);
        if (l == null) {
            l = layout(d);
            layouts.put(d, l);
        }
        int[] at = l.at();
        if (at[TIME] >= 0) {
            long t = num(v, at[TIME]);
            if (t > lastTime) {
                lastTime = t;
            }
        }
        switch (d.id()) {
            case EventType.Id.THREAD_START -> {
                long id = num(v, at[THREAD]);
                int flags = (int) num(v, at[FLAGS]);
                resolver.threadStart(id, flags, str(v, at[NAME]));
                activity.threadStarted(resolver.thread(id), num(v, at[TIME]), (flags & EventType.THREAD_EXISTED) != 0);
            }
            case EventType.Id.THREAD_END -> activity.threadEnded(resolver.thread(num(v, at[THREAD])), num(v, at[TIME]));
            case EventType.Id.CLASS -> resolver.defineClass(num(v, at[CLASS]), num(v, at[LOADER]), str(v, at[NAME]));
            case EventType.Id.METHOD -> resolver.defineMethod(num(v, at[METHOD]), num(v, at[CLASS]), str(v, at[NAME]),
                    str(v, at[SIGNATURE]), str(v, at[SOURCE]), at[MODIFIERS] >= 0 ? (int) num(v, at[MODIFIERS]) : -1);
            case EventType.Id.CALL_CHAIN -> resolver.defineChain(num(v, at[CHAIN]), frames(v, l));
            case EventType.Id.LOADER_UNLOAD -> resolver.loaderUnloaded(num(v, at[LOADER]));
            case EventType.Id.CHAIN_PURGE -> resolver.chainPurged(num(v, at[CHAIN]));
            case EventType.Id.MONITOR_INFLATE -> monitor(MonitorEvent.INFLATE, v, at, null, num(v, at[HASH]), 0,
                    resolver.classRef(num(v, at[CLASS])));
            case EventType.Id.MONITOR_DEFLATE -> monitor(MonitorEvent.DEFLATE, v, at, null, 0, 0, null);
            case EventType.Id.MONITOR_CONTENDED_ENTER -> {
                long flags = num(v, at[FLAGS]);
                if ((flags & EventType.ENTER_AFTER_WAIT) != 0) {
                    activity.waitEnded(context, num(v, at[TIME]));
                }
                monitor(MonitorEvent.ENTER, v, at, resolver.chain(num(v, at[CHAIN])), flags, 0, null);
            }
            case EventType.Id.MONITOR_CONTENDED_ENTERED -> monitor(MonitorEvent.ENTERED, v, at, null, 0, 0, null);
            // value: how long the owner held the monitor (0: not known; docs/trace-format.md, "Hold starts")
            case EventType.Id.MONITOR_CONTENDED_EXIT -> monitor(MonitorEvent.EXIT, v, at, resolver.chain(num(v, at[CHAIN])),
                    Math.max(0, num(v, at[HELD])), 0, null);
            case EventType.Id.MONITOR_WAIT_EXIT -> {
                activity.waitStarted(context, num(v, at[TIME]));
                monitor(MonitorEvent.WAIT_EXIT, v, at, null, 0, num(v, at[FORWARD]), null);
            }
            case EventType.Id.MONITOR_FORWARD_RESOLVE -> {
                activity.waitEnded(context, num(v, at[TIME]));
                monitor(MonitorEvent.FORWARD_RESOLVE, v, at, resolver.chain(num(v, at[CHAIN])), 0,
                    num(v, at[FORWARD]), null);
            }
            // Reserved (no VM writes it), yet it would hold a place in the monitor's sequence: queued like the others.
            case EventType.Id.MONITOR_NOTIFY -> monitor(MonitorEvent.NOTIFY, v, at, resolver.chain(num(v, at[CHAIN])), num(v, at[FLAGS]), 0, null);
            case EventType.Id.MONITOR_RELEASE_SUMMARY -> releaseSummary(v, l);
            case EventType.Id.PARK_BEGIN -> rearranger.parkEvent(new ParkEvent(ParkEvent.BEGIN, num(v, at[TIME]), num(v, at[GSEQ]), context,
                    resolver.chain(num(v, at[CHAIN])), num(v, at[BLOCKER_HASH]), resolver.classRef(num(v, at[BLOCKER_CLASS])),
                    num(v, at[FLAGS])));
            case EventType.Id.PARK_END -> rearranger.parkEvent(new ParkEvent(ParkEvent.END, num(v, at[TIME]), num(v, at[GSEQ]), context, null,
                    num(v, at[UNPARK_SEQ]), null, num(v, at[FLAGS])));
            case EventType.Id.UNPARK -> rearranger.parkEvent(new ParkEvent(ParkEvent.UNPARK, num(v, at[TIME]), num(v, at[GSEQ]), context,
                    resolver.chain(num(v, at[CHAIN])), num(v, at[TARGET]), resolver.classRef(num(v, at[BLOCKER_CLASS])), 0,
                    resolver.thread(num(v, at[TARGET])), num(v, at[BLOCKER_HASH]), Math.max(0, num(v, at[HELD]))));
            case EventType.Id.SHARED_RELEASE -> rearranger.parkEvent(new ParkEvent(ParkEvent.SHARED_RELEASE, num(v, at[TIME]), num(v, at[GSEQ]),
                    context, resolver.chain(num(v, at[CHAIN])), num(v, at[BLOCKER_HASH]),
                    resolver.classRef(num(v, at[BLOCKER_CLASS])), 0, null, 0, Math.max(0, num(v, at[HELD]))));
            case EventType.Id.VTHREAD_MOUNT -> {
                context = resolver.thread(num(v, at[THREAD]));
                context.markVirtual();
            }
            case EventType.Id.VTHREAD_UNMOUNT -> context = writer;
            case EventType.Id.VM_PAUSE -> activity.vmPause(num(v, at[TIME]), num(v, at[DURATION]), (int) num(v, at[KIND]));
            // Written at the drain period's safepoint after every thread's buffer was handed over.
            case EventType.Id.CHAIN_STATS -> {
                if (at[TIME] >= 0) {
                    rearranger.periodEnd(num(v, at[TIME]));
                }
            }
            case EventType.Id.THREAD_CPU -> threadCpu(v, l);
            case EventType.Id.LOCK_NAME -> {
                // Class id 0 names no class (the VM never writes it): damage, nothing to name.
                ClassRef lockClass = at[LOCK_CLASS] >= 0 ? resolver.classRef(num(v, at[LOCK_CLASS])) : null;
                if (lockClass != null && at[LOCK_HASH] >= 0 && at[NAME] >= 0) {
                    lockClass.nameLock(num(v, at[LOCK_HASH]), str(v, at[NAME]));
                }
            }
            default -> { /* reserved kinds (a rename, lost buffers) and later versions' kinds: not needed here */ }
        }
    }

    private void monitor(int kind, Event v, int[] at, ChainRef chain, long value, long forwardRef, ClassRef cls) {
        if (at[MONITOR] < 0 || at[SEQ] < 0) {
            return;   // a schema without the fields ordering needs: nothing to analyse
        }
        long time = num(v, at[TIME]);
        long monitor = num(v, at[MONITOR]);
        long seq = num(v, at[SEQ]);
        if (!split) {
            rearranger.monitorEvent(new MonitorEvent(kind, time, monitor, seq, context, chain, value, forwardRef, cls));
            return;
        }
        // Split numbering: the place in the monitor's one sequence is the sum of both sides' numbers
        // before the event; an enter's follows from the owner-side events around it (MonitorQueue).
        MonitorEvent e;
        switch (kind) {
            case MonitorEvent.ENTER -> e = MonitorEvent.unplacedEnter(time, monitor, seq, context, chain, value);
            case MonitorEvent.INFLATE, MonitorEvent.DEFLATE -> e = new MonitorEvent(kind, time, monitor,
                    seq + num(v, at[OWNER_SEQ]), seq, context, chain, value, forwardRef, cls);
            default -> {
                long enters = num(v, at[ENTER_SEQ]);
                e = new MonitorEvent(kind, time, monitor, seq + enters, enters, context, chain, value, forwardRef, cls);
            }
        }
        rearranger.monitorEvent(e);
    }

    /**
     * A MonitorReleaseSummary: its owners' thread ids resolve like any thread id (an owner may never have
     * written an event of its own), their chains like an exit's. The writer is whoever closed the
     * stretch, no owner, so the context thread plays no part.
     */
    private void releaseSummary(Event v, Layout l) {
        int[] at = l.at();
        if (at[MONITOR] < 0 || at[SEQ] < 0 || at[COUNT] < 0) {
            return;   // a schema without the fields ordering needs: nothing to analyse
        }
        List<ReleaseSummary.Owner> owners = List.of();
        if (v.ref(at[OWNERS]) instanceof List<?> list) {
            int[] o = l.owner();
            owners = new ArrayList<>(list.size());
            for (Object x : list) {
                Object[] f = (Object[]) x;
                // free: 0 in traces before hold starts (docs/trace-format.md)
                owners.add(new ReleaseSummary.Owner(resolver.thread(num(f, o[0])), resolver.chain(num(f, o[1])),
                        num(f, o[2]), num(f, o[3]), num(f, o[4])));
            }
        }
        long seq = num(v, at[SEQ]);
        long enters = split ? num(v, at[ENTER_SEQ]) : -1;
        boolean run = (num(v, at[FLAGS]) & EventType.RELEASE_SUMMARY_RUN) != 0;   // absent before runs: 0
        rearranger.monitorEvent(new ReleaseSummary(num(v, at[TIME]), num(v, at[MONITOR]), split ? seq + enters : seq,
                enters, num(v, at[COUNT]), context, owners, run));
    }

    /** A ThreadCpu: each listed thread's CPU time so far, at the event's time. */
    private void threadCpu(Event v, Layout l) {
        int[] at = l.at();
        if (at[TIME] < 0 || !(v.ref(at[THREADS]) instanceof List<?> list)) {
            return;
        }
        int[] c = l.cpu();
        long time = num(v, at[TIME]);
        for (Object x : list) {
            Object[] f = (Object[]) x;
            activity.cpuTime(resolver.thread(num(f, c[0])), time, num(f, c[1]));
        }
    }

    private List<Frame> frames(Event v, Layout l) {
        int at = l.at()[FRAMES];
        if (!(v.ref(at) instanceof List<?> list)) {
            return List.of();
        }
        int[] fr = l.frame();
        List<Frame> frames = new ArrayList<>(list.size());
        for (Object o : list) {
            Object[] f = (Object[]) o;
            frames.add(new Frame(resolver.method(num(f, fr[0])), (int) num(f, fr[1]), (int) num(f, fr[2]),
                    num(f, fr[3]) == 1));
        }
        return frames;
    }

    private static Layout layout(EventDescriptor d) {
        int[] at = new int[NAMES.length];
        for (int i = 0; i < NAMES.length; i++) {
            at[i] = d.fieldIndex(NAMES[i]);
        }
        // An element field the schema lacks reads as 0 (a damaged schema: method 0 is an unknown method).
        return new Layout(at, elements(d, at[FRAMES], "method", "bci", "line", "frameType"),
                elements(d, at[OWNERS], "thread", "chain", "releases", "duration", "free"),
                elements(d, at[THREADS], "thread", "cpu"));
    }

    /** Positions of the named element fields of the list field at {@code at} (-1: absent). */
    private static int[] elements(EventDescriptor d, int at, String... names) {
        int[] pos = new int[names.length];
        java.util.Arrays.fill(pos, -1);
        if (at >= 0) {
            List<Field> el = d.fields().get(at).elements();
            for (int i = 0; i < el.size(); i++) {
                for (int n = 0; n < names.length; n++) {
                    if (el.get(i).name().equals(names[n])) {
                        pos[n] = i;   // others: a later version's element fields
                    }
                }
            }
        }
        return pos;
    }

    /** A numeric field of an event, 0 when the schema lacks it (0 means "none" for every id). */
    private static long num(Event v, int i) {
        return v.num(i);
    }

    private static String str(Event v, int i) {
        return v.ref(i) instanceof String s ? s : null;
    }

    /** A numeric field of a list's element, 0 when the schema lacks it. */
    private static long num(Object[] v, int i) {
        if (i < 0 || i >= v.length) {
            return 0;
        }
        return v[i] instanceof Long l ? l : v[i] instanceof Number n ? n.longValue() : 0;
    }

}
