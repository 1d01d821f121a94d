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

import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.entered;
import static jdk.lockstat.internal.reconstruct.Scenario.exit;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;
import static jdk.lockstat.internal.reconstruct.Scenario.parts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportNode;

/** Owner attribution of the lock analyzer, from hand-built traces with known answers. */
class LockAnalyzerTest {
    static Scenario twoOwners() {
        return Scenario.twoOwners();
    }

    @Test
    void blockedIntervalSpanningTwoOwnersIsSplitWithHandOffGaps() {
        Scenario.Result r = twoOwners().push();
        assertEquals(2, r.contentions().size(), r.contentions().toString());
        Contention c2 = r.of(T2), c3 = r.of(T3);
        assertEquals(110, c2.nanos());
        assertEquals("11:100-200 ~:200-210", parts(c2));
        assertEquals(170, c3.nanos());
        // [200, 210]: T2 woke up after T1's release and only then held the lock.
        assertEquals("11:150-200 ~:200-210 12:210-300 ~:300-320", parts(c3));
        assertEquals("worker-11 #11=150\nworker-12 #12=90\n<hand-off>=40\n", r.by("owner-thread"));
        assertEquals("demo.Worker.hold11=150\ndemo.Worker.hold12=90\n<hand-off>=40\n", r.by("owner-method"));
        assertEquals("demo.Lock@1234=280\n", r.by("lock"));
        assertEquals("demo.Lock=280\n", r.by("lock-class"));
        assertEquals(0, r.counters().skippedSequenceNumbers());
    }

    /** T2 blocked on the lock from 100, with T1's release at 200 or none, until its own wake-up. */
    static Scenario.Result blockedWithRelease(boolean release) {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        inflate(b1, 0, 0, 0, Scenario.LOCK_CLASS);
        enter(b2, 100, 1, T2);
        if (release) {
            exit(b1, 200, 2, T1);
        }
        entered(b2, release ? 230 : 150, release ? 3 : 2);
        return s.push();
    }

    @Test
    void handOffNeedsASeenReleaseAndUnknownOwnerIsTimeWithoutOne() {
        // No release seen while T2 was blocked (the owner's exit was lost, or it held the lock since
        // before the trace): nobody is known to have held it, and no hand-off is known either.
        Scenario.Result r = blockedWithRelease(false);
        assertEquals("?:100-150", parts(r.of(T2)));
        assertEquals("<unknown owner>=50\n", r.by("owner-thread"));

        // T1's release at 200, T2 runs at 230: the lock was free and being handed to T2.
        r = blockedWithRelease(true);
        assertEquals("11:100-200 ~:200-230", parts(r.of(T2)));
        assertEquals("worker-11 #11=100\n<hand-off>=30\n", r.by("owner-thread"));
        assertEquals("demo.Worker.hold11=100\n<hand-off>=30\n", r.by("owner-method"));
    }

    @Test
    void ownerThatBargesInWithoutWaitingOwnsTheWholeStretch() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        inflate(b1, 0, 0, 0, Scenario.LOCK_CLASS);
        enter(b2, 100, 1, T2);
        exit(b1, 200, 2, T1);   // T1 releases, and takes the lock again before T2 runs
        exit(b1, 260, 3, T1);
        exit(b1, 400, 4, T1);
        entered(b2, 405, 5);
        Contention c = s.push().of(T2);
        assertEquals("11:100-400 ~:400-405", parts(c));   // one merged part: same owner, same chain
        assertEquals("demo.Lock@0x7f00aa00", c.lock().toString());   // never hashed: named by address
    }

    @Test
    void lifetimeBeginningAtAnInflatePastZeroIsNoGap() {
        // A trace started in a running VM (jcmd LockStat.start) meets a monitor inflated long before:
        // the VM writes its inflate with the number the monitor has reached. Nothing before it belongs
        // to the trace; the contention after it is complete, in either buffer order.
        for (boolean inflateLast : new boolean[] {false, true}) {
            Scenario s = new Scenario();
            Scenario.metadata(s.buffer(0));
            EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
            inflate(b2, 90, 26_909, 0, Scenario.LOCK_CLASS);
            enter(b2, 100, 26_910, T2);
            exit(b1, 200, 26_911, T1);
            entered(b2, 205, 26_912);
            List<EventBufferBuilder> order = new ArrayList<>(s.buffers());
            if (inflateLast) {
                Collections.reverse(order);   // T1's exit before T2's inflate
            }
            Scenario.Result r = Scenario.push(order);
            assertEquals("11:100-200 ~:200-205", parts(r.of(T2)), "inflate last: " + inflateLast);
            assertEquals("demo.Lock=105\n", r.by("lock-class"));
            assertEquals(0, r.counters().skippedSequenceNumbers());
        }
    }

    @Test
    void buffersInAnyOrderGiveTheSameContentions() {
        Scenario s = twoOwners();
        String expected = describe(s.push().contentions());
        List<EventBufferBuilder> order = new ArrayList<>(s.buffers());
        for (int i = 0; i < 6; i++) {
            Collections.rotate(order, 1);
            if (i == 3) {
                Collections.reverse(order);
            }
            assertEquals(expected, describe(Scenario.push(order).contentions()), "order " + i);
        }
    }

    @Test
    void lateMetadataIsResolvedWhenItArrives() {
        Scenario s = twoOwners();
        List<EventBufferBuilder> order = new ArrayList<>(s.buffers());
        order.add(order.remove(0));   // thread names, classes, methods, chains after every event
        Scenario.Result r = Scenario.push(order);
        assertEquals("demo.Worker.hold11=150\ndemo.Worker.hold12=90\n<hand-off>=40\n", r.by("owner-method"));
        assertEquals("demo.Lock=280\n", r.by("lock-class"));
        assertEquals("worker-13 #13=170\nworker-12 #12=110\n", r.by("thread"));
        assertEquals(0, r.counters().unresolvedChains());
    }

    @Test
    void metadataThatNeverArrivesRendersAsUnknown() {
        Scenario s = twoOwners();
        List<EventBufferBuilder> order = new ArrayList<>(s.buffers());
        order.remove(0);
        Scenario.Result r = Scenario.push(order);
        assertEquals("<unknown class 0x600>=280\n", r.by("lock-class"));
        assertEquals("<unknown method>=280\n", r.by("method"));
        assertTrue(r.by("chain").contains("<unknown chain 0x71>=170"), r.by("chain"));
        assertTrue(r.by("thread").contains("<unknown thread> #13=170"), r.by("thread"));
        assertEquals(2, r.counters().unresolvedChains());

        // A chain whose method was never described.
        Scenario m = new Scenario();
        EventBufferBuilder meta = m.buffer(0);
        meta.event(jdk.lockstat.internal.format.EventType.CALL_CHAIN, 111L, List.<Object[]>of(new Object[] {0xbeefL, 1L, 2L, 0L}));
        EventBufferBuilder b1 = m.buffer(T1), b2 = m.buffer(T2);
        enter(b2, 10, 0, T2);
        exit(b1, 20, 1, T1);
        entered(b2, 30, 2);
        assertEquals("<hand-off>=10\n<unknown method 0xbeef>=10\n", m.push().by("owner-method"));
    }

    @Test
    void chainsWithTheSameFramesAreOneChain() {
        // The VM keys chains by physical frames: T1's method, interpreted and then compiled, releases
        // under two chain ids whose frames are the same Java frames; a third id has other frames.
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(jdk.lockstat.internal.format.EventType.CALL_CHAIN, 211L, List.of(new Object[] {1011L, 5L, 11L, 0L},
                new Object[] {1011L, 9L, 100L, 0L}));
        meta.event(jdk.lockstat.internal.format.EventType.CALL_CHAIN, 311L, List.of(new Object[] {1011L, 6L, 12L, 0L},
                new Object[] {1011L, 9L, 100L, 0L}));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        inflate(b1, 0, 0, 0, Scenario.LOCK_CLASS);
        enter(b2, 100, 1, T2);
        b1.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_EXIT, Scenario.T0 + 200, Scenario.LOCK, 2L, 111L);
        b1.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_EXIT, Scenario.T0 + 300, Scenario.LOCK, 3L, 211L);
        b1.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_EXIT, Scenario.T0 + 350, Scenario.LOCK, 4L, 311L);
        entered(b2, 400, 5);
        Scenario.Result r = s.push();
        assertEquals("demo.Worker.hold11(Worker.java:11) <- demo.Worker.hold11(Worker.java:100)=200\n"
                + "<hand-off>=50\n"
                + "demo.Worker.hold11(Worker.java:12) <- demo.Worker.hold11(Worker.java:100)=50\n", r.by("owner-chain"));
        // Blocked side too: the enter's chain 112 stands for itself.
        assertEquals(1, r.by("chain").lines().count(), r.by("chain"));
    }

    @Test
    void ownerSideAspectsSplitAndBlockedSideAspectsFollow() {
        Scenario.Result r = twoOwners().push();
        assertEquals("worker-11 #11=150\nworker-11 #11/worker-12 #12=100\nworker-11 #11/worker-13 #13=50\n"
                + "worker-12 #12=90\nworker-12 #12/worker-13 #13=90\n"
                + "<hand-off>=40\n<hand-off>/worker-13 #13=30\n<hand-off>/worker-12 #12=10\n",
                r.by("owner-thread,thread"));
        assertEquals("intrinsic=280\n", r.by("group"));
        AggregationTree tree = new AggregationTree(Aspect.parseList("owner-thread"));
        r.contentions().forEach(tree::accept);
        ReportNode root = tree.snapshot();
        assertEquals(2, root.count());
        ReportNode handOff = root.children().get(2);
        assertEquals(2, handOff.count(), "both contentions have hand-off time");
        assertEquals(100.0 * 40 / 280, handOff.percent(), 1e-9);
    }

    static String describe(List<Contention> list) {
        List<String> lines = new ArrayList<>();
        for (Contention c : list) {
            lines.add(c.thread().id() + " " + (c.start() - Scenario.T0) + ".." + (c.end() - Scenario.T0) + " " + parts(c));
        }
        Collections.sort(lines);
        return String.join("\n", lines);
    }
}
