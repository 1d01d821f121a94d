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

import static jdk.lockstat.internal.reconstruct.Scenario.T0;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.parts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.internal.model.ThreadRef;

/** Park-based contention (paper 3.3, 4.1) from hand-built traces with known answers. */
class ParkAnalyzerTest {
    static final long T4 = 14;
    static final long SYNC_CLASS = 0x900L, CONDITION_CLASS = 0x901L, RW_CLASS = 0x902L, SYNC_HASH = 0x5151;

    static void parkMetadata(EventBufferBuilder b) {
        Scenario.metadata(b);
        b.event(EventType.THREAD_START, T0, T4, 0, "worker-" + T4);
        b.event(EventType.CLASS, SYNC_CLASS, 0L, "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        b.event(EventType.CLASS, CONDITION_CLASS, 0L, "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject");
        b.event(EventType.METHOD, 1000 + T4, 0x800L, "hold" + T4, "()V", 0L, "Worker.java");
        b.event(EventType.CALL_CHAIN, 100 + T4, List.<Object[]>of(new Object[] {1000 + T4, 5L, T4, 0L}));
    }

    static void parkBegin(EventBufferBuilder b, long time, long gseq, long thread, long blockerClass) {
        b.event(EventType.PARK_BEGIN, T0 + time, gseq, SYNC_HASH, blockerClass, 0, 0L, 100 + thread, 0);
    }

    static void parkEnd(EventBufferBuilder b, long time, long gseq, long unparkSeq) {
        b.event(EventType.PARK_END, T0 + time, gseq, unparkSeq, 0);
    }

    static void unpark(EventBufferBuilder b, long time, long gseq, long unparker, long target) {
        unpark(b, time, gseq, unparker, target, 0);
    }

    /** An unpark whose release says how long the unparker held the lock (held > 0: its acquisition was stamped). */
    static void unpark(EventBufferBuilder b, long time, long gseq, long unparker, long target, long held) {
        b.event(EventType.UNPARK, T0 + time, gseq, target, 100 + unparker, 0L, 0L, held);
    }

    /**
     * The paper's Figure 5: a non-fair ReentrantLock. T1 holds it; T2 parks (100), T4 parks (150); T1
     * unparks T2 (200) but T3 barges in before T2 runs; T2 wakes (210), parks again (220); T3 unparks T2
     * (300); T2 wakes (310) and holds the lock, then unparks T4 (400); T4 wakes (410). T4 was never
     * unparked by T1 or T3, but parked on the same blocker: it is attributed through it.
     */
    @Test
    void figureFiveAttributesThroughTheSharedBlocker() {
        Scenario.Result r = figureFive(false);
        List<Contention> t2 = r.contentions().stream().filter(c -> c.thread().id() == T2).toList();
        assertEquals(2, t2.size(), r.contentions().toString());
        assertEquals("11:100-200 ~:200-210", parts(t2.get(0)));
        assertEquals("13:220-300 ~:300-310", parts(t2.get(1)));
        assertEquals("11:150-200 13:200-300 12:300-400 ~:400-410", parts(r.of(T4)));
        assertEquals(Contention.Kind.PARK, r.of(T4).kind());
        assertEquals("park=460\n", r.by("group"));
        assertEquals("demo.Worker.hold11=150\ndemo.Worker.hold13=180\ndemo.Worker.hold12=100\n<hand-off>=30\n".lines().sorted().toList(),
                r.by("owner-method").lines().sorted().toList());
    }

    /** Park-based locks are in the per-lock table (lockstat locks) like monitors. */
    @Test
    void parkBlockersHaveLockStatistics() {
        Scenario s = new Scenario();
        parkMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b4 = s.buffer(T4);
        parkBegin(b2, 100, 1, T2, SYNC_CLASS);
        parkBegin(b4, 150, 2, T4, SYNC_CLASS);
        unpark(b1, 200, 3, T1, T2);
        parkEnd(b2, 210, 4, 3);
        unpark(b2, 300, 5, T2, T4);
        parkEnd(b4, 305, 6, 5);
        Scenario.Result r = s.push();
        List<PerLockStatistics.Row> rows = r.analysis().lockStatistics().rows();
        assertEquals(1, rows.size(), rows.toString());
        PerLockStatistics.Row row = rows.get(0);
        assertEquals("java.util.concurrent.locks.ReentrantLock$NonfairSync@5151", row.lock().toString());
        assertEquals(2, row.timesBlocked());
        assertEquals(2, row.peakBlocked());
        assertEquals(110 + 155, row.threadTime());   // blocked thread-time
        assertEquals(205, row.realTime());            // union of [100,210] and [150,305]
    }

    /** Buffers arrive in any order; the global sequence puts the events back in order. */
    @Test
    void outOfOrderBuffersGiveTheSameAnswer() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        parkMetadata(meta);
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b4 = s.buffer(T4);
        parkBegin(b2, 100, 1, T2, SYNC_CLASS);
        parkBegin(b4, 150, 2, T4, SYNC_CLASS);
        unpark(b1, 200, 3, T1, T2);
        parkEnd(b2, 210, 4, 3);
        unpark(b2, 300, 5, T2, T4);
        parkEnd(b4, 305, 6, 5);
        Scenario.Result r = Scenario.push(List.of(b4, b1, meta, b2));
        assertEquals("11:150-200 12:200-300 ~:300-305", parts(r.of(T4)));
        assertEquals(0, r.counters().skippedParkSequenceNumbers);
    }

    /**
     * A condition wait in application code is a resource wait, charged to the thread that signalled it (it
     * was left out as a wait before resource waits were contention); a park that used an earlier permit
     * did not block.
     */
    @Test
    void conditionWaitIsAResourceWaitPermitIsNotContention() {
        Scenario s = new Scenario();
        parkMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        parkBegin(b2, 100, 1, T2, CONDITION_CLASS);
        unpark(b1, 200, 2, T1, T2);       // signal
        parkEnd(b2, 210, 3, 2);
        unpark(b1, 300, 4, T1, T2);       // unpark before the park: the permit
        parkBegin(b2, 310, 5, T2, SYNC_CLASS);
        parkEnd(b2, 311, 6, 4);
        Scenario.Result r = s.push();
        assertEquals(1, r.contentions().size(), r.contentions().toString());
        assertEquals(Contention.Kind.RESOURCE, r.of(T2).kind());
        assertEquals("11:100-200 ~:200-210", parts(r.of(T2)));
        assertEquals(0, r.counters().parkWaits);
        assertEquals(1, r.counters().nonBlockingParks);
    }

    /**
     * The blocker's Class event can come after the park (another thread's buffer, drained later): the
     * kind is decided when the class is known. A phaser known late is a wait, not contention; a latch
     * known late is a resource wait, a lock known late a lock, each in its group.
     */
    @Test
    void blockerClassKnownOnlyAfterTheParkDecidesItsKind() {
        List<String> classes = List.of("java.util.concurrent.Phaser$QNode", "java.util.concurrent.CountDownLatch$Sync",
                "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        List<String> groups = List.of("", "resource=110\n", "park=110\n");
        for (String cls : classes) {
            Scenario s = new Scenario();
            Scenario.metadata(s.buffer(0));
            long lateClass = 0x950L;
            EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
            parkBegin(b2, 100, 1, T2, lateClass);
            unpark(b1, 200, 2, T1, T2);
            parkEnd(b2, 210, 3, 2);
            s.buffer(0).event(EventType.CLASS, lateClass, 0L, cls);   // the class arrives last
            Scenario.Result r = s.push();
            boolean phaser = cls.contains("Phaser");
            assertEquals(phaser ? 0 : 1, r.contentions().size(), cls + ": " + r.contentions());
            assertEquals(phaser ? 1 : 0, r.counters().parkWaits, cls);
            assertEquals(phaser ? 110 : 0, r.counters().parkWaitNanos, cls);
            assertEquals(groups.get(classes.indexOf(cls)), r.by("group"), cls);
        }
    }

    /**
     * Figure five with hold starts: T3 barged in at 240 (its unpark at 300 says it held the lock 60) and T2
     * at 320 (held 80 at 400). Before each acquisition the waiters' time is not the holder's: a hand-off
     * after a release (T4 from T1's unpark at 200, T2 woken at 310 on its way), or an unknown owner where
     * the waiter parked while someone it never saw held the lock (T2's second park at 220).
     */
    @Test
    void holdStartsKeepTheTimeBeforeAnAcquisitionFromItsHolder() {
        Scenario.Result r = figureFive(false, 60, 80);
        List<Contention> t2 = r.contentions().stream().filter(c -> c.thread().id() == T2).toList();
        assertEquals("?:220-240 13:240-300 ~:300-310", parts(t2.get(1)));
        assertEquals("11:150-200 ~:200-240 13:240-300 ~:300-320 12:320-400 ~:400-410", parts(r.of(T4)));
        // A hold longer than the time since the waiter's previous part charges that part whole, as before.
        assertEquals("11:150-200 13:200-300 12:300-400 ~:400-410", parts(figureFive(false, 500, 0).of(T4)));
    }

    /**
     * A ReentrantLock's release that unparks nobody, with its hold (SharedRelease, held > 0): T1 unparks T2
     * at 200, but T3 takes the lock at 220 before T2 runs and releases it at 260, waking nobody. T2 was
     * blocked by T3 for T3's hold; before and after it the lock was free.
     */
    @Test
    void aBargingReleaseWithItsHoldIsItsHoldersPart() {
        Scenario s = new Scenario();
        parkMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        parkBegin(b2, 100, 1, T2, SYNC_CLASS);
        unpark(b1, 200, 2, T1, T2);
        b3.event(EventType.SHARED_RELEASE, T0 + 260, 3L, SYNC_HASH, SYNC_CLASS, 100 + T3, 40L);
        parkEnd(b2, 300, 4, 2);
        Scenario.Result r = s.push();
        assertEquals("11:100-200 ~:200-220 13:220-260 ~:260-300", parts(r.of(T2)));
    }

    /** The events of figure 5; repark: T2's second park has the flag java.util.concurrent's acquire sets. */
    static Scenario.Result figureFive(boolean repark) {
        return figureFive(repark, 0, 0);
    }

    /** heldT3, heldT2: how long the unparks of T3 and T2 say their threads held the lock (0: not known). */
    static Scenario.Result figureFive(boolean repark, long heldT3, long heldT2) {
        Scenario s = new Scenario();
        parkMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3), b4 = s.buffer(T4);
        parkBegin(b2, 100, 1, T2, SYNC_CLASS);
        parkBegin(b4, 150, 2, T4, SYNC_CLASS);
        unpark(b1, 200, 3, T1, T2);
        parkEnd(b2, 210, 4, 3);
        if (repark) {
            repark(b2, 220, 5, T2);
        } else {
            parkBegin(b2, 220, 5, T2, SYNC_CLASS);
        }
        unpark(b3, 300, 6, T3, T2, heldT3);
        parkEnd(b2, 310, 7, 6);
        unpark(b2, 400, 8, T2, T4, heldT2);
        parkEnd(b4, 410, 9, 8);
        return s.push();
    }

    static void repark(EventBufferBuilder b, long time, long gseq, long thread) {
        b.event(EventType.PARK_BEGIN, T0 + time, gseq, SYNC_HASH, SYNC_CLASS, 0, 0L, 100 + thread, EventType.PARK_REPARK);
    }

    static void sharedRelease(EventBufferBuilder b, long time, long gseq, long reader) {
        b.event(EventType.SHARED_RELEASE, T0 + time, gseq, SYNC_HASH, RW_CLASS, 100 + reader);
    }

    /**
     * Figure 5 with the re-park flag that java.util.concurrent's acquire sets: T2's second park continues
     * the acquisition of its first, so T2 has one contention, and the time from its wake-up (210) to the
     * next release goes to T3, the barging thread that held the lock meanwhile.
     */
    @Test
    void reparkInOneAcquisitionIsOneContention() {
        Scenario.Result r = figureFive(true);
        List<Contention> t2 = r.contentions().stream().filter(c -> c.thread().id() == T2).toList();
        assertEquals(1, t2.size(), r.contentions().toString());
        assertEquals("11:100-200 ~:200-210 13:210-300 ~:300-310", parts(t2.get(0)));
        assertEquals(1, r.counters().reparks);
        assertEquals(2, r.analysis().lockStatistics().rows().get(0).timesBlocked());
        assertEquals("park=470\n", r.by("group"));
    }

    /** Without the flag, or on another blocker, or after the window, a park begins a contention of its own. */
    @Test
    void onlyAFlaggedPromptReparkContinues() {
        for (long gap : new long[] {10, 200_000_000L}) {
            Scenario s = new Scenario();
            parkMetadata(s.buffer(0));
            EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
            parkBegin(b2, 100, 1, T2, SYNC_CLASS);
            unpark(b1, 200, 2, T1, T2);
            parkEnd(b2, 210, 3, 2);
            parkBegin(b2, 220, 4, T2, SYNC_CLASS);   // not flagged: a new lock() call
            unpark(b3, 300, 5, T3, T2);
            parkEnd(b2, 310, 6, 5);
            repark(b2, 310 + gap, 7, T2);            // flagged, but the window passed for the large gap
            unpark(b1, 400 + gap, 8, T1, T2);
            parkEnd(b2, 410 + gap, 9, 8);
            Scenario.Result r = s.push();
            assertEquals(gap == 10 ? 2 : 3, r.contentions().size(), gap + ": " + r.contentions());
            assertEquals(gap == 10 ? 1 : 0, r.counters().reparks, "gap " + gap);
        }
    }

    static void rwMetadata(EventBufferBuilder b) {
        parkMetadata(b);
        b.event(EventType.CLASS, RW_CLASS, 0L, "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync");
    }

    /**
     * A writer (T4) parks at 100 behind three readers that release at 200 (T1), 300 (T2) and 400 (T3, the
     * last, which unparks it). Each is charged in proportion to its hold during the wait (100, 200, 300 of
     * 600), laid out in release order. A reader's release of an inner (reentrant) hold is superseded by its
     * outer one; a release before the writer parked is not part of its wait.
     */
    @Test
    void writerIsChargedToEveryReaderByHoldTime() {
        Scenario s = new Scenario();
        rwMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3), b4 = s.buffer(T4);
        sharedRelease(b3, 50, 1, T3);         // before the writer parked
        parkBegin(b4, 100, 2, T4, RW_CLASS);
        sharedRelease(b1, 150, 3, T1);        // inner hold
        sharedRelease(b1, 200, 4, T1);
        sharedRelease(b2, 300, 5, T2);
        unpark(b3, 400, 6, T3, T4);
        parkEnd(b4, 410, 7, 6);
        Scenario.Result r = s.push();
        assertEquals("11:100-150 12:150-250 13:250-400 ~:400-410", parts(r.of(T4)));
        assertEquals(3, r.counters().sharedReleases);   // the first came before any park on the lock
        assertEquals("demo.Worker.hold11=50\ndemo.Worker.hold12=100\ndemo.Worker.hold13=150\n<hand-off>=10\n"
                .lines().sorted().toList(), r.by("owner-method").lines().sorted().toList());
    }

    /**
     * The same writer's wait tells each reader's own hold, from the writer's park to the reader's release
     * (what-if lets readers hold together): T1 to its outer release at 200 (its inner one at 150 as well),
     * T2 to 300, T3 (the unpark) to 400.
     */
    @Test
    void eachReaderHoldIsToldFromTheWritersParkToItsRelease() {
        Scenario s = new Scenario();
        rwMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3), b4 = s.buffer(T4);
        parkBegin(b4, 100, 1, T4, RW_CLASS);
        sharedRelease(b1, 150, 2, T1);
        sharedRelease(b1, 200, 3, T1);
        sharedRelease(b2, 300, 4, T2);
        unpark(b3, 400, 5, T3, T4);
        parkEnd(b4, 410, 6, 5);
        List<String> held = new ArrayList<>();
        s.push(new jdk.lockstat.internal.model.ActivityListener() {
            @Override
            public void readerHeld(jdk.lockstat.internal.model.LockRef lock, ThreadRef reader,
                                   jdk.lockstat.internal.model.ChainRef chain, long from, long to) {
                held.add(reader.id() + ":" + (from - T0) + "-" + (to - T0));
            }
        });
        assertEquals(List.of("11:100-200", "12:100-300", "13:100-400"), held);
    }

    /** The last reader's unpark was lost: the readers seen share the time up to the last of their releases. */
    @Test
    void readersShareTheWaitWithoutTheUnpark() {
        Scenario s = new Scenario();
        rwMetadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b4 = s.buffer(T4);
        parkBegin(b4, 100, 1, T4, RW_CLASS);
        sharedRelease(b1, 200, 2, T1);
        sharedRelease(b2, 400, 3, T2);
        parkEnd(b4, 410, 5, 0);
        Scenario.Result r = s.push();
        assertEquals("11:100-175 12:175-400 ~:400-410", parts(r.of(T4)));
    }
}
