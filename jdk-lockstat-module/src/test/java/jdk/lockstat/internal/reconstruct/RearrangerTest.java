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

import static jdk.lockstat.internal.reconstruct.Scenario.LOCK;
import static jdk.lockstat.internal.reconstruct.Scenario.T0;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.deflate;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.enterAfterWait;
import static jdk.lockstat.internal.reconstruct.Scenario.entered;
import static jdk.lockstat.internal.reconstruct.Scenario.exit;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;
import static jdk.lockstat.internal.reconstruct.Scenario.parts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceClock;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.query.Aspect;

/** Ordering by per-monitor sequence numbers: lifetimes, wait() forward references, lost events, bounds. */
class RearrangerTest {
    /**
     * The address is used by an object of demo.Lock (hash 0x1234), deflated, then by an object of another
     * class: the new lifetime's events arrive between the old lifetime's, and both start at seq 0.
     */
    @Test
    void reusedMonitorAddressKeepsLifetimesApart() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.CLASS, Scenario.OTHER_CLASS, 0L, "demo.Other");
        EventBufferBuilder oldStart = s.buffer(T2);
        inflate(oldStart, 10, 0, 0x1234, Scenario.LOCK_CLASS);
        enter(oldStart, 20, 1, T2);
        EventBufferBuilder newLife = s.buffer(T3);
        inflate(newLife, 100, 0, 0x5678, Scenario.OTHER_CLASS);
        enter(newLife, 110, 1, T3);
        entered(newLife, 160, 3);
        EventBufferBuilder newExit = s.buffer(T1);
        exit(newExit, 150, 2, T1);
        EventBufferBuilder oldExit = s.buffer(T1);
        exit(oldExit, 30, 2, T1);
        deflate(oldExit, 50, 4);
        EventBufferBuilder oldEnd = s.buffer(T2);
        entered(oldEnd, 35, 3);
        Scenario.Result r = s.push();
        assertEquals("demo.Other@5678=50\ndemo.Lock@1234=15\n", r.by("lock"));
        assertEquals("demo.Other@5678=50\ndemo.Other@5678/worker-11 #11=40\ndemo.Other@5678/<hand-off>=10\n"
                + "demo.Lock@1234=15\ndemo.Lock@1234/worker-11 #11=10\ndemo.Lock@1234/<hand-off>=5\n", r.by("lock,owner-thread"));
        assertEquals(0, r.counters().skippedSequenceNumbers());
        assertEquals(0, r.counters().lateEvents());
        assertEquals(0, r.counters().missingDeflates());
    }

    /**
     * The address is deflated and re-inflated under heavy contention while the old lifetime still waits
     * for a late buffer (its last entered): the new lifetime holds 100,000 releases before the old one
     * ends. Its window grows past the sparse-window bound because it fills densely; nothing is dropped.
     */
    @Test
    void laterLifetimeHoldsManyDenseEventsWhileTheFirstWaits() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder oldStart = s.buffer(T2);
        inflate(oldStart, 10, 0, 0x1234, Scenario.LOCK_CLASS);
        enter(oldStart, 20, 1, T2);
        EventBufferBuilder oldExit = s.buffer(T1);
        exit(oldExit, 30, 2, T1);
        deflate(oldExit, 50, 4);
        EventBufferBuilder newLife = s.buffer(T3);
        inflate(newLife, 100, 0, 0x5678, Scenario.LOCK_CLASS);
        enter(newLife, 110, 1, T3);
        int releases = 100_000;
        EventBufferBuilder owner = s.buffer(T1);
        for (int i = 0; i < releases; i++) {
            if (owner.size() > 60_000) {
                owner = s.buffer(T1);
            }
            exit(owner, 120 + i, 2 + i, T1);
        }
        entered(s.buffer(T3), 120 + releases, 2 + releases);
        EventBufferBuilder oldEnd = s.buffer(T2);   // the late buffer
        entered(oldEnd, 35, 3);
        Scenario.Result r = s.push();
        assertEquals(0, r.counters().skippedSequenceNumbers());
        assertEquals(0, r.counters().lateEvents());
        assertEquals(0, r.counters().implausibleSequenceNumbers);
        assertEquals(List.of("demo.Lock@5678=100010", "demo.Lock@1234=15"), r.by("lock").lines().toList());
    }

    @Test
    void reusedAddressInFileOrder() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        inflate(b1, 10, 0, 0, Scenario.LOCK_CLASS);
        enter(b2, 20, 1, T2);
        exit(b1, 30, 2, T1);
        entered(b2, 40, 3);
        deflate(b1, 50, 4);
        inflate(b1, 50, 0, 0, Scenario.OTHER_CLASS);   // the same timestamp: the inflation still starts anew
        enter(b3, 70, 1, T3);
        exit(b1, 90, 2, T1);
        entered(b3, 95, 3);
        Scenario.Result r = s.push();
        assertEquals(List.of("<unknown class 0x700>@0x7f00aa00=25", "demo.Lock@0x7f00aa00=20"), r.by("lock").lines().toList());
    }

    /**
     * T1 calls wait() with T2 queued: the release's owner chain is a forward reference, resolved when T1
     * next releases the lock, in a later buffer. T1 re-acquires after notify: an after-wait contention.
     */
    @Test
    void waitForwardReferenceIsResolvedFromALaterBuffer() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        inflate(b1, 0, 0, 0x42, Scenario.LOCK_CLASS);
        enter(b2, 100, 1, T2);
        b1.event(EventType.MONITOR_WAIT_EXIT, T0 + 150, LOCK, 2L, 7L);
        entered(b2, 160, 3);
        enterAfterWait(b1, 170, 4, T1);
        exit(b2, 200, 5, T2);
        entered(b1, 210, 6);
        EventBufferBuilder later = s.buffer(T1);
        later.event(EventType.MONITOR_FORWARD_RESOLVE, T0 + 250, LOCK, 7L, 7L, 111L);

        List<Contention> seen = new ArrayList<>();
        ContentionAnalysis a = new ContentionAnalysis(seen::add);
        for (EventBufferBuilder b : s.buffers().subList(0, 3)) {
            a.accept(new EventBuffer(EventType.schema(), b.toByteBuffer(), TraceClock.IDENTITY));
        }
        assertEquals(1, seen.size(), "only the after-wait contention is complete: " + seen);
        assertTrue(seen.get(0).afterWait());
        assertEquals("12:170-200 ~:200-210", parts(seen.get(0)));
        a.accept(new EventBuffer(EventType.schema(), later.toByteBuffer(), TraceClock.IDENTITY));
        assertEquals(2, seen.size(), "held until its owner chain was resolved");
        Contention c = seen.get(1);
        assertEquals("11:100-150 ~:150-160", parts(c));
        assertEquals(111L, c.parts().get(0).chain().id());
        a.finish();
        assertEquals(0, a.counters().unresolvedForwardRefs());
        assertEquals(1, a.counters().afterWaitContentions());
        assertEquals(1, a.counters().contentions());

        AggregationTree tree = new AggregationTree(Aspect.parseList("owner-method"));
        seen.forEach(tree::accept);
        assertEquals("demo.Worker.hold11", tree.snapshot().children().get(0).key());
        assertEquals(50, tree.snapshot().children().get(0).totalNanos());
        assertEquals(60, tree.snapshot().totalNanos(), "after-wait contention is not in the main tree");
        assertEquals(40, tree.afterWaitSnapshot().totalNanos());
        assertEquals("demo.Worker.hold12", tree.afterWaitSnapshot().children().get(0).key());
    }

    @Test
    void waitLoopSharesOneReferenceAndUnresolvedOnesEndUnknown() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        enter(b2, 100, 0, T2);
        b1.event(EventType.MONITOR_WAIT_EXIT, T0 + 150, LOCK, 1L, 9L);
        exit(b3, 160, 2, T3);        // T3 takes the lock without contention and releases it
        b1.event(EventType.MONITOR_WAIT_EXIT, T0 + 170, LOCK, 3L, 9L);   // T1 back, waits again: same reference
        entered(b2, 180, 4);
        b1.event(EventType.MONITOR_FORWARD_RESOLVE, T0 + 300, LOCK, 5L, 9L, 111L);
        Scenario.Result r = s.push();
        Contention c = r.of(T2);
        assertEquals("11:100-150 13:150-160 11:160-170 ~:170-180", parts(c));
        assertEquals(111L, c.parts().get(0).chain().id());
        assertEquals(111L, c.parts().get(2).chain().id());
        assertEquals("demo.Worker.hold11=60\n<hand-off>=10\ndemo.Worker.hold13=10\n", r.by("owner-method"));

        // Without the resolve: the contention still comes out at the end, with an unknown owner chain.
        EventBufferBuilder blocked = new EventBufferBuilder(T2, 1, T0);
        enter(blocked, 100, 0, T2);
        entered(blocked, 160, 2);
        EventBufferBuilder waiter = new EventBufferBuilder(T1, 2, T0);
        waiter.event(EventType.MONITOR_WAIT_EXIT, T0 + 150, LOCK, 1L, 9L);
        Scenario.Result u = Scenario.push(List.of(blocked, waiter));
        assertEquals(1, u.contentions().size());
        assertEquals(null, u.contentions().get(0).parts().get(0).chain());
        assertEquals(1, u.counters().unresolvedForwardRefs());
        assertEquals("<unknown chain>=50\n<hand-off>=10\n", u.by("owner-chain"));
    }

    /** A buffer holding seq 2 (T1's release) was lost: the gap is skipped and its part has no known owner. */
    @Test
    void lostEventIsSkippedAndCounted() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b2 = s.buffer(T2), b3 = s.buffer(T3);
        inflate(b2, 0, 0, 0x42, Scenario.LOCK_CLASS);
        enter(b2, 100, 1, T2);
        // seq 2: T1's contended exit at 200, lost
        entered(b2, 210, 3);
        enter(b3, 250, 4, T3);
        exit(b2, 300, 5, T2);
        entered(b3, 305, 6);
        Scenario.Result r = s.push();
        assertEquals(1, r.counters().skippedSequenceNumbers());
        assertEquals("?:100-210", parts(r.of(T2)));
        assertEquals("12:250-300 ~:300-305", parts(r.of(T3)));
        assertTrue(r.counters().notes().get(0).contains("1 monitor event(s) never arrived"), r.counters().notes().toString());
    }

    /** Behind a gap that never fills, a monitor's pending events stay bounded and analysis goes on before the end. */
    @Test
    void gapIsResyncedWhenTheBoundIsReached() {
        List<EventBufferBuilder> buffers = new ArrayList<>();
        EventBufferBuilder meta = new EventBufferBuilder(0, 0, T0);
        Scenario.metadata(meta);
        buffers.add(meta);
        contentionsAfterAGap(buffers);   // seq 0 never arrives
        for (ContentionAnalysis.Options bounds : List.of(ContentionAnalysis.Options.defaults().withBounds(16, 1000, 100),
                ContentionAnalysis.Options.defaults().withBounds(1000, 16, 100))) {
            List<Contention> seen = new ArrayList<>();
            ContentionAnalysis a = new ContentionAnalysis(seen::add, bounds);
            for (EventBufferBuilder b : buffers) {
                a.accept(new EventBuffer(EventType.schema(), b.toByteBuffer(), TraceClock.IDENTITY));
            }
            assertEquals(100, seen.size(), "analysed before the end of the trace");
            assertEquals(1, a.counters().forcedResyncs());
            assertEquals(1, a.counters().skippedSequenceNumbers());
            a.finish();
            assertEquals(100, seen.size());
            assertEquals("11:100-110 ~:110-112", parts(seen.get(0)));
        }
    }

    /**
     * A monitor past its bound does not give up on a gap that a drain period has not yet closed: the
     * missing event can still come (an idle thread's buffer waits for the next period). Once a period
     * that ended after the waiting events has arrived, the gap is final and skipped at the bound.
     */
    @Test
    void gapIsHeldPastTheMonitorBoundUntilAPeriodEndClosesIt() {
        for (boolean closed : new boolean[] {false, true}) {
            List<EventBufferBuilder> buffers = new ArrayList<>();
            EventBufferBuilder meta = new EventBufferBuilder(0, 0, T0);
            Scenario.metadata(meta);
            periodEnd(meta, 50);   // before every monitor event: closes nothing
            buffers.add(meta);
            long t = contentionsAfterAGap(buffers);   // seq 0 comes last (or never)
            EventBufferBuilder period = new EventBufferBuilder(0, buffers.size(), T0);
            periodEnd(period, closed ? t : 99);
            buffers.add(period);
            EventBufferBuilder more = new EventBufferBuilder(T2, buffers.size(), T0);
            enter(more, t + 1, 301, T2);
            buffers.add(more);
            EventBufferBuilder late = new EventBufferBuilder(T3, buffers.size(), T0);
            exit(late, 90, 0, T3);   // its own enter was before the trace: nothing blocked behind it
            buffers.add(late);

            List<Contention> seen = new ArrayList<>();
            ContentionAnalysis a = new ContentionAnalysis(seen::add, ContentionAnalysis.Options.defaults().withBounds(16, 1000, 100));
            for (EventBufferBuilder b : buffers) {
                a.accept(new EventBuffer(EventType.schema(), b.toByteBuffer(), TraceClock.IDENTITY));
            }
            a.finish();
            assertEquals(100, seen.size());
            if (closed) {
                assertEquals(1, a.counters().forcedResyncs(), "a closed gap is skipped at the bound");
                assertEquals(1, a.counters().lateEvents(), "the event behind a closed gap is late");
            } else {
                assertEquals(0, a.counters().forcedResyncs(), "an open gap is held past the monitor bound");
                assertEquals(0, a.counters().skippedSequenceNumbers());
                assertEquals(0, a.counters().lateEvents());
            }
            assertEquals("11:100-110 ~:110-112", parts(seen.get(0)));
        }
    }

    /**
     * 100 contentions from seq 1 on (seq 0 missing), each in three buffers: T2 enters at 100 + 20i, T1
     * releases 10 later, T2 has entered 2 after that. Returns the time after the last one (2100).
     */
    private static long contentionsAfterAGap(List<EventBufferBuilder> buffers) {
        long seq = 1;
        long t = 100;
        for (int i = 0; i < 100; i++) {
            EventBufferBuilder a = new EventBufferBuilder(T2, buffers.size(), T0);
            enter(a, t, seq++, T2);
            buffers.add(a);
            EventBufferBuilder b = new EventBufferBuilder(T1, buffers.size(), T0);
            exit(b, t + 10, seq++, T1);
            buffers.add(b);
            EventBufferBuilder c = new EventBufferBuilder(T2, buffers.size(), T0);
            entered(c, t + 12, seq++);
            buffers.add(c);
            t += 20;
        }
        return t;
    }

    private static void periodEnd(EventBufferBuilder b, long time) {
        b.event(EventType.CHAIN_STATS, T0 + time, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void enteredWithoutEnterAndEnterWithoutEnteredAreCountedNotGuessed() {
        EventBufferBuilder b2 = new EventBufferBuilder(T2, 0, T0);
        EventBufferBuilder b1 = new EventBufferBuilder(T1, 1, T0);
        EventBufferBuilder b3 = new EventBufferBuilder(T3, 2, T0);
        entered(b2, 5, 0);           // its enter happened before (lost)
        enter(b2, 10, 1, T2);        // its entered is lost, and T2 blocks again
        exit(b1, 20, 2, T1);
        enter(b2, 30, 3, T2);
        exit(b1, 40, 4, T1);
        entered(b2, 45, 5);
        enter(b3, 50, 6, T3);        // still blocked when the trace ends
        Scenario.Result r = Scenario.push(List.of(b2, b1, b3));
        assertEquals(1, r.contentions().size());
        assertEquals("11:30-40 ~:40-45", parts(r.contentions().get(0)));
        assertEquals(1, r.counters().strayEntered());
        assertEquals(1, r.counters().discardedContentions());
        assertEquals(1, r.counters().openAtEnd());
    }

    @Test
    void virtualThreadEventsBelongToTheMountedThread() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.THREAD_START, T0, 500L, EventType.THREAD_VIRTUAL, "vt-500");
        meta.event(EventType.THREAD_START, T0 + 1, 500L, 0, "second start is ignored");
        EventBufferBuilder carrier = s.buffer(T3);
        carrier.event(EventType.VTHREAD_MOUNT, T0 + 90, 500L, T3);
        enter(carrier, 100, 0, T2);
        carrier.event(EventType.VTHREAD_UNMOUNT, T0 + 101, 500L);
        exit(carrier, 150, 1, T3);   // the carrier's own release
        carrier.event(EventType.VTHREAD_MOUNT, T0 + 160, 500L, T3);
        entered(carrier, 170, 2);
        Scenario.Result r = s.push();
        Contention c = r.contentions().get(0);
        assertEquals(500, c.thread().id());
        assertEquals("13:100-150 ~:150-170", parts(c));
        assertEquals("virtual-thread=70\n", r.by("group"));
        assertEquals("vt-500 #500=70\n", r.by("thread"));
    }

    @Test
    void unloadedClassIdMayBeReusedAfterwards() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.CLASS, 0x900L, 0x55L, "first.Lock");
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        inflate(b1, 10, 0, 0, 0x900L);
        enter(b2, 20, 1, T2);
        exit(b1, 30, 2, T1);
        entered(b2, 40, 3);
        deflate(b1, 45, 4);
        EventBufferBuilder unload = s.buffer(0);
        unload.event(EventType.LOADER_UNLOAD, T0 + 50, 0x55L);
        unload.event(EventType.CHAIN_PURGE, T0 + 50, 113L);
        EventBufferBuilder reuse = s.buffer(0);
        reuse.event(EventType.CLASS, 0x900L, 0x66L, "second.Lock");
        reuse.event(EventType.METHOD, 2000L, 0x800L, "other", "()V", 0L, "Worker.java");
        reuse.event(EventType.CALL_CHAIN, 113L, List.<Object[]>of(new Object[] {2000L, 1L, 1L, 0L}));
        EventBufferBuilder b3 = s.buffer(T1), b4 = s.buffer(T2);
        inflate(b3, 60, 0, 0, 0x900L);
        enter(b4, 70, 1, T2);
        b3.event(EventType.MONITOR_CONTENDED_EXIT, T0 + 100, LOCK, 2L, 113L);   // the reused chain id
        entered(b4, 101, 3);
        Scenario.Result r = s.push();
        assertEquals("second.Lock=31\nfirst.Lock=20\n", r.by("lock-class"));
        assertEquals("demo.Worker.other=30\n<hand-off>=11\ndemo.Worker.hold11=10\n", r.by("owner-method"));
    }

}
