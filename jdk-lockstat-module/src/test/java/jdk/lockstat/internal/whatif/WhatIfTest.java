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

package jdk.lockstat.internal.whatif;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * The what-if replay on hand-built contentions with answers worked out by hand: the recorded run replayed
 * unscaled is the recorded run, and a scaled section's holds shorten by exactly the scale, with the
 * waiting that follows from them.
 */
class WhatIfTest {
    private static final ClassRef OBJECT = new ClassRef(1);
    static {
        OBJECT.define("java.lang.Object", 0);
    }
    private final LockRef lock = LockRef.of(OBJECT, 0x11, 0), other = LockRef.of(OBJECT, 0x22, 0);
    private final ThreadRef t1 = thread(1), t2 = thread(2), t3 = thread(3);

    private static ThreadRef thread(long id) {
        ThreadRef t = new ThreadRef(id);
        t.started("worker-" + id, false, false);
        return t;
    }

    /** A contention of thread on l from start to end, with owner parts {from, to, owner index (0: t1, 1: t2)}. */
    private Contention blocked(ThreadRef thread, LockRef l, long start, long end, long[]... parts) {
        Contention c = new Contention(Contention.Kind.INTRINSIC, l, thread, null, false, start);
        for (long[] p : parts) {
            c.addPart(p[0], p[1], p[2] == 0 ? t1 : t2, null, 0);
        }
        c.close(end);
        return c;
    }

    /**
     * Over [0, 40): t1 holds [0, 10) while t2 waits; t2 holds [10, 20) while t1 waits from 12; t1 holds
     * [20, 30) while t2 waits from 25; t2 then holds the lock with no one behind it (a hold of no length).
     * Sections are the owner threads.
     */
    private ReplayModel alternating() {
        HoldCollector c = new HoldCollector((l, p) -> p.owner());
        c.accept(blocked(t2, lock, 0, 10, new long[] {0, 10, 0}));
        c.accept(blocked(t1, lock, 12, 20, new long[] {12, 20, 1}));
        c.accept(blocked(t2, lock, 25, 30, new long[] {25, 30, 0}));
        return ReplayModel.build(c, 0, 40);
    }

    private static double speedupOf(WhatIf.Result r, Object key) {
        return r.sections().stream().filter(s -> s.key() == key).findFirst().orElseThrow().predictedSpeedup();
    }

    /**
     * The replay's hand-off time is how long a woken waiter took to get the lock after a release: t3's
     * own wake-up (20..50), not the 2 ns the lock was free before t2 barged in (a hold start's gap).
     */
    @Test
    void theHandOffTimeIsTheWakeUpNotTheGapBeforeABargingOwner() {
        HoldCollector c = new HoldCollector((l, p) -> p.owner());
        Contention x = new Contention(Contention.Kind.INTRINSIC, lock, t3, null, false, 0);
        x.addPart(0, 10, t1, null, 0);
        x.addUnowned(10, 12, true);
        x.addPart(12, 20, t2, null, 0);
        x.addUnowned(20, 50, true);
        x.close(50);
        c.accept(x);
        assertArrayEquals(new long[] {30, 1}, c.handOffs.get(lock));
        assertEquals(30, ReplayModel.build(c, 0, 50).wake[0]);
    }

    @Test
    void theUnscaledReplayIsTheRecordedRun() {
        ReplayModel m = alternating();
        assertEquals(2, m.threadCount());
        assertEquals(4, m.holdCount());          // three seen, and t2's last, which nobody waited behind
        assertEquals(1, m.unknownHoldCount());
        WhatIf.Result r = WhatIf.predict(m, 1.0, 10);
        assertEquals(1.0, r.replayRatio(), 1e-12);
        assertEquals(1.0, speedupOf(r, t1), 1e-12);
        assertEquals(1.0, speedupOf(r, t2), 1e-12);
        assertEquals(0, r.deadlocksBroken());
    }

    /**
     * t1's holds halved: t1 releases at 5, t2 holds 5..15, t1 (back at 7) holds 15..20 and ends at 30;
     * t2 (back at 20) waits for t1's release at 20 and ends at 30. Two acquisitions each in 30 instead
     * of 40: 4/3. Removed (scale 0): t1 ends at 20, t2 at 25: (2/20 + 2/25) / (4/40) = 1.8.
     */
    @Test
    void aScaledSectionShortensItsHoldsAndTheWaitsBehindThem() {
        ReplayModel m = alternating();
        WhatIf.Result half = WhatIf.predict(m, 0.5, 10);
        assertEquals(4.0 / 3, speedupOf(half, t1), 1e-12);
        WhatIf.Result none = WhatIf.predict(m, 0, 10);
        assertEquals(1.8, speedupOf(none, t1), 1e-12);
        // t2's one hold seen (10..20) halved: t2 releases at 15, t1 (waiting since 12) holds 15..25, and
        // both end at 35: 40/35.
        assertEquals(40.0 / 35, speedupOf(half, t2), 1e-12);
    }

    /**
     * From t1's end at 40 back: its own time after its last release (10, outside), its hold 20..30; it
     * waited for t2's release at 20: t2's hold 10..20; t2 waited for t1's release at 10: t1's hold 0..10.
     */
    @Test
    void theCriticalPathFollowsTheReleasesEachThreadWaitedFor() {
        ReplayModel m = alternating();
        CriticalPath p = LockReplay.unscaled(m).criticalPath();
        assertEquals(40, p.nanos());
        assertEquals(2, p.threads());
        assertEquals(2, p.handOffs());
        assertEquals(0, p.handOffNanos());
        assertEquals(10, p.outsideNanos());
        int s1 = m.sections.indexOf(t1), s2 = m.sections.indexOf(t2);
        assertEquals(20, p.sectionNanos(s1));
        assertEquals(10, p.sectionNanos(s2));
        WhatIf.Result r = WhatIf.predict(m, 0.5, 10);
        assertEquals(50.0, r.sections().get(0).criticalPathPercent(), 1e-12);
    }

    @Test
    void sectionsAreRankedByGainBesideTheirBlockedRank() {
        WhatIf.Result r = WhatIf.predict(alternating(), 0.5, 10);
        assertEquals(List.of(t1, t2), r.sections().stream().map(WhatIf.Section::key).toList());
        WhatIf.Section first = r.sections().get(0);
        assertEquals(15, first.blockedNanos());          // t2 waited 10 behind t1, and 5 more
        assertEquals(1, first.blockedRank());
        assertEquals(20, first.heldNanos());             // [0, 10) and [20, 30)
        assertEquals(50.0, first.ownerPercent(), 1e-12);
    }

    /**
     * Pieces of one hold (the same owner seen by two waiters) are one hold; a piece standing for a nested
     * hold and the next one (ending after the outer) is split at the outer's end, as the program nests
     * them: the nested hold, and the next one taken as the thread left the outer lock.
     */
    @Test
    void holdsAreJoinedAndMadeToNest() {
        HoldCollector c = new HoldCollector((l, p) -> l);
        // t1 holds `lock` [0, 20), seen by t2 from 2 and (as the same hold) from 5.
        c.accept(blocked(t2, lock, 2, 20, new long[] {2, 20, 0}));
        c.accept(blocked(t2, lock, 21, 22));
        // t1 holds `other` inside `lock` (t3 waits on it 6..10) and once more from 11, where t3's wait
        // sees one piece to 30, crossing `lock`'s end (t2 sees its end too).
        c.accept(blocked(t3, other, 6, 10, new long[] {6, 10, 0}));
        c.accept(blocked(t2, other, 24, 30, new long[] {24, 30, 0}));
        c.accept(blocked(t3, other, 11, 30, new long[] {11, 30, 0}));
        ReplayModel m = ReplayModel.build(c, 0, 40);
        ReplayModel.Line l1 = m.lines.stream().filter(l -> l.thread == t1).findFirst().orElseThrow();
        // lock [2, 20); other [6, 10) and [11, 20) nested in it, and [20, 30) after it.
        assertEquals(8, l1.n);
        long[] times = new long[l1.n];
        for (int i = 0; i < l1.n; i++) {
            times[i] = l1.time[i];
        }
        assertEquals(List.of(2L, 6L, 10L, 11L, 20L, 20L, 20L, 30L), java.util.Arrays.stream(times).boxed().toList());
        assertEquals(List.of(true, true, false, true, false, false, true, false), acquires(l1));
        assertEquals(0, WhatIf.predict(m, 0.5, 10).deadlocksBroken());
    }

    private static List<Boolean> acquires(ReplayModel.Line l) {
        List<Boolean> a = new java.util.ArrayList<>();
        for (int i = 0; i < l.n; i++) {
            a.add(l.acquire[i]);
        }
        return a;
    }

    /**
     * A hold nobody waited behind ends, as estimated, where its owner parked next; one first seen when a
     * waiter arrived began no earlier than the owner's last park's end and the lock's previous release.
     */
    @Test
    void unseenEndsAndEstimatedStartsComeFromParksAndReleases() {
        HoldCollector c = new HoldCollector((l, p) -> p.owner());
        c.accept(blocked(t2, lock, 0, 10, new long[] {0, 10, 0}));   // t1 holds to 10; t2 takes the lock
        c.parked(t2, ParkBlockerKind.WAIT, 14, 20);                   // ... and has let it go by 14
        c.parked(t1, ParkBlockerKind.WAIT, 15, 18);                   // t1 takes it again after 18
        c.accept(blocked(t3, lock, 20, 30, new long[] {20, 30, 0}));
        ReplayModel m = ReplayModel.build(c, 0, 40);
        assertEquals(List.of(0L, 10L, 18L, 30L), times(line(m, t1)));
        assertEquals(List.of(10L, 14L), times(line(m, t2)));
        assertEquals(List.of(30L, 30L), times(line(m, t3)));     // nothing bounds t3's: no length
        assertEquals(2, m.unknownHoldCount());
    }

    /**
     * Estimates can leave a hold with no time at all (here two owners' pieces overlap on one lock, and
     * one owner's estimated start is moved to the other's release): it is not replayed, rather than
     * released before it is taken, which left its owner holding the lock for ever and the next waiter
     * deadlocked. Every thread takes each lock before it releases it.
     */
    @Test
    void aHoldLeftWithNoTimeIsNotReplayed() {
        HoldCollector c = new HoldCollector((l, p) -> p.owner());
        c.accept(blocked(t3, lock, 0, 10, new long[] {0, 10, 0}));
        c.accept(blocked(t3, other, 3, 8, new long[] {3, 8, 1}));
        c.accept(blocked(t3, lock, 3, 8, new long[] {3, 8, 1}));
        c.accept(blocked(t3, lock, 12, 14));
        ReplayModel m = ReplayModel.build(c, 0, 20);
        for (ReplayModel.Line l : m.lines) {
            Map<Integer, Integer> held = new HashMap<>();
            for (int i = 0; i < l.n; i++) {
                int now = held.merge(l.lock[i], l.acquire[i] ? 1 : -1, Integer::sum);
                assertTrue(now >= 0, l.thread + " releases lock " + l.lock[i] + " it does not hold, at action " + i);
            }
            held.forEach((lk, n) -> assertEquals(0, n, l.thread + " ends holding lock " + lk));
        }
        assertEquals(0, WhatIf.predict(m, 0.5, 10).deadlocksBroken());
    }

    /**
     * One CPU kept busy by t1 and t2, which ran side by side all along, each on it half of the time: t1
     * holds the lock 40..50, t2 90..100 (t3 waits behind each). The replay shares the CPU: unscaled, it is
     * the recorded run; with t1's hold halved, t1 needs the CPU less, so t2, which never holds t1's
     * section, gets more of it and ends earlier. With each thread's time kept as recorded (the CPU count
     * unknown), t2 ends when it did.
     */
    @Test
    void aBusyRunSharesItsCpusAmongTheThreads() {
        ReplayModel shared = ReplayModel.build(sideBySide(1), 0, 100), asRecorded = ReplayModel.build(sideBySide(0), 0, 100);
        assertEquals(1.0, shared.cpuBusy(), 1e-12);
        assertEquals(1.0, shared.replayCpus(), 1e-12);
        assertEquals(0.0, asRecorded.replayCpus(), 1e-12);
        int i2 = shared.lines.indexOf(line(shared, t2)), s1 = shared.sections.indexOf(t1);
        assertEquals(100, LockReplay.replay(shared, -1, 1.0).spans()[i2]);
        assertEquals(98, LockReplay.replay(shared, s1, 0.5).spans()[i2]);
        int j2 = asRecorded.lines.indexOf(line(asRecorded, t2)), r1 = asRecorded.sections.indexOf(t1);
        assertEquals(100, LockReplay.replay(asRecorded, r1, 0.5).spans()[j2]);
    }

    /** CPU time comes from the samples in the window (they arrive in buffer order, not time order). */
    @Test
    void cpuTimeIsTakenInTheWindow() {
        HoldCollector c = new HoldCollector((l, p) -> p.owner());
        c.cpuTime(t1, 100, 60);
        c.cpuTime(t1, 0, 0);
        c.cpuTime(t1, 50, 10);
        c.cpuTime(t2, 20, 5);
        c.cpuTime(t2, 90, 25);
        assertEquals(60, c.cpuNanos(t1, 0, 100));
        assertEquals(50, c.cpuNanos(t1, 50, 100));
        assertEquals(10, c.cpuNanos(t1, 0, 60));
        assertEquals(20, c.cpuNanos(t2, 0, 100));       // before its first sample: nothing known, nothing counted
        assertEquals(-1, c.cpuNanos(t3, 0, 100));
        assertEquals(70, c.cpuNanos(50, 100));
    }

    private HoldCollector sideBySide(int cpus) {
        HoldCollector c = new HoldCollector((l, p) -> p.owner());
        c.accept(blocked(t3, lock, 40, 50, new long[] {40, 50, 0}));
        c.accept(blocked(t3, lock, 90, 100, new long[] {90, 100, 1}));
        c.cpuTime(t1, 0, 0);
        c.cpuTime(t1, 100, 50);
        c.cpuTime(t2, 0, 0);
        c.cpuTime(t2, 100, 50);
        c.cpus(cpus);
        return c;
    }

    private static ReplayModel.Line line(ReplayModel m, ThreadRef t) {
        return m.lines.stream().filter(l -> l.thread == t).findFirst().orElseThrow();
    }

    /** Each action's time: when an acquisition took the lock, when a release let it go. */
    private static List<Long> times(ReplayModel.Line l) {
        List<Long> t = new java.util.ArrayList<>();
        for (int i = 0; i < l.n; i++) {
            t.add(l.acquire[i] ? l.acquired[i] : l.time[i]);
        }
        return t;
    }

    @Test
    void aNegativeScaleIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WhatIf.predict(alternating(), -0.5, 10));
    }

    /** A chain of one frame: method name of class className. */
    private static ChainRef chain(long id, String className, String name) {
        ClassRef c = new ClassRef(id);
        c.define(className, 0);
        MethodRef m = new MethodRef(id);
        m.define(c, name, "()V", "ReentrantReadWriteLock.java");
        ChainRef chain = new ChainRef(id);
        chain.define(List.of(new Frame(m, 0, 1, false)));
        return chain;
    }

    /**
     * A ReentrantReadWriteLock over [0, 40): writer w0 holds it over [2, 10) while readers r1 and r2 wait
     * from 2 and 3; both take it at 10 and hold it together until 20, while writer w waits from 11 (its
     * parts lay the two readers end to end: r1 [11, 15), r2 [15, 20)); w then holds [20, 30) while a
     * third reader r3 waits from 22. Sections are the owners' chains. The replay lets r1 and r2 in
     * together (one at a time, the unscaled replay would not be the recorded run). With the readers'
     * holds halved they leave at 15, w holds [15, 25), r3 takes the lock at 25, and r1, r2, w and r3, whose
     * own time after their locks is 20, 20, 10 and 10, end at 35; w0 at 40 as before: (4/35 + 1/40) / (5/40).
     */
    @Test
    void readersOfAReadWriteLockHoldItTogether() {
        ClassRef rw = new ClassRef(50);
        rw.define("java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync", 0);
        LockRef l = LockRef.of(rw, 0x33, 0);
        ChainRef reading = chain(60, "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock", "unlock");
        ChainRef writing = chain(61, "java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock", "unlock");
        ChainRef readWait = chain(62, "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock", "lock");
        ChainRef writeWait = chain(63, "java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock", "lock");
        ThreadRef r1 = thread(11), r2 = thread(12), w = thread(13), r3 = thread(14), w0 = thread(15);
        HoldCollector c = new HoldCollector((lk, p) -> p.chain());
        for (ThreadRef r : List.of(r1, r2)) {
            Contention blocked = new Contention(Contention.Kind.PARK, l, r, readWait, false, r == r1 ? 2 : 3);
            blocked.addPart(r == r1 ? 2 : 3, 10, w0, writing, 0);
            blocked.close(10);
            c.accept(blocked);
        }
        c.readerHeld(l, r1, reading, 11, 20);   // as the analysis tells the readers' own holds
        c.readerHeld(l, r2, reading, 11, 20);
        Contention writer = new Contention(Contention.Kind.PARK, l, w, writeWait, false, 11);
        writer.addPart(11, 15, r1, reading, 0);
        writer.addPart(15, 20, r2, reading, 0);
        writer.close(20);
        c.accept(writer);
        Contention reader = new Contention(Contention.Kind.PARK, l, r3, readWait, false, 22);
        reader.addPart(22, 30, w, writing, 0);
        reader.close(30);
        c.accept(reader);
        ReplayModel m = ReplayModel.build(c, 0, 40);
        WhatIf.Result unscaled = WhatIf.predict(m, 1.0, 10);
        assertEquals(1.0, unscaled.replayRatio(), 1e-12);
        WhatIf.Result half = WhatIf.predict(m, 0.5, 10);
        assertEquals((4.0 / 35 + 1.0 / 40) / (5.0 / 40), speedupOf(half, reading), 1e-12);
    }
}
