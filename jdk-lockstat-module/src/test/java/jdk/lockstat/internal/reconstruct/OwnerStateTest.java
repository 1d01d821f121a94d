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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.OwnerState;
import jdk.lockstat.internal.model.ThreadRef;

/** Owner parts split by what the owner was doing meanwhile, on hand-built traces with known answers. */
class OwnerStateTest {
    /** A second monitor: the one the owner of LOCK blocks on. */
    static final long INNER = 0x7f00bb00L;

    /**
     * T2 blocks on LOCK (100..420) while T1 holds it; T1 is itself blocked on INNER from 150 to 300,
     * which T3 holds until 290; T1 releases LOCK at 400. Buffers in the order that completes T2's
     * contention before T1's own one is known (T3's release comes last), behind an early period end, so
     * the contention must be held until the owner's state is known.
     */
    static Scenario nested(boolean pause) {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.CHAIN_STATS, T0 + 50, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
        if (pause) {
            meta.event(EventType.VM_PAUSE, T0 + 320, 30L, 0);
        }
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        Scenario.inflate(b2, 0, 0, 0x1234, Scenario.LOCK_CLASS);
        Scenario.enter(b2, 100, 1, T2);
        Scenario.entered(b2, 420, 3);
        b1.event(EventType.MONITOR_INFLATE, T0 + 1, INNER, 0L, 0x5678L, Scenario.LOCK_CLASS);
        b1.event(EventType.MONITOR_CONTENDED_ENTER, T0 + 150, INNER, 1L, 100 + T1, 0);
        b1.event(EventType.MONITOR_CONTENDED_ENTERED, T0 + 300, INNER, 3L);
        Scenario.exit(b1, 400, 2, T1);
        b3.event(EventType.MONITOR_CONTENDED_EXIT, T0 + 290, INNER, 2L, 100 + T3);
        // T1's buffer first: T2's contention is complete before T3's release completes T1's.
        s.buffers().remove(b1);
        s.buffers().add(1, b1);
        return s;
    }

    static String states(Contention c) {
        return c.parts().stream().map(p -> (p.owner() == null ? (p.handOff() ? "~" : "?") : Long.toString(p.owner().id()))
                + ":" + p.state() + ":" + (p.start() - T0) + "-" + (p.end() - T0)).collect(Collectors.joining(" "));
    }

    @Test
    void ownerBlockedOnAnotherLockIsBlockedForThatPartOfItsOwnerTime() {
        Scenario.Result r = nested(false).push();
        Contention c = r.of(T2);
        // 150..290 T1 waited for T3's INNER, 290..300 for INNER's hand-off to itself.
        assertEquals("11:running:100-150 11:blocked:150-290 11:blocked:290-300 11:running:300-400 ~:running:400-420",
                states(c));
        OwnerPart blocked = c.parts().get(1);
        assertEquals("demo.Lock@5678", blocked.blockedOn().toString(), "the detail names the lock it was blocked on");
        assertEquals("13:running:150-290 ~:running:290-300", states(r.of(T1)));
        String byState = r.by("owner-thread,owner-state");
        assertTrue(byState.contains("worker-11 #11/blocked=150\n") && byState.contains("worker-11 #11/running=150\n")
                && byState.contains("worker-13 #13/running=140\n"), byState);
        // Owner totals are what they were without the split.
        assertTrue(byState.contains("worker-11 #11=300\n") && byState.contains("worker-13 #13=140\n"), byState);
    }

    /**
     * Scenario.twoOwners with the owners' CPU time (issue 41, item 4): in the window 0..400 T1 used 200
     * ns of its 400 ready, T2 145 of its 290 (it was blocked 100..210). Each owner part where nothing
     * traced held the owner up is running for its share on a CPU, runnable for the rest; hand-offs and
     * the owners' totals stay as they were.
     */
    @Test
    void ownerOffACpuWhileHoldingIsRunnable() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.THREAD_CPU, T0, List.<Object[]>of(new Object[] {T1, 0L}, new Object[] {T2, 0L}));
        meta.event(EventType.THREAD_CPU, T0 + 400, List.<Object[]>of(new Object[] {T1, 200L}, new Object[] {T2, 145L}));
        Scenario.twoOwnersEvents(s, Scenario.LOCK_CLASS);
        Scenario.Result r = s.push();
        assertEquals("11:running:100-150 11:runnable:150-200 ~:running:200-210", states(r.of(T2)));
        assertEquals("11:running:150-175 11:runnable:175-200 ~:running:200-210 12:running:210-255 12:runnable:255-300"
                + " ~:running:300-320", states(r.of(T3)));
        String byState = r.by("owner-thread,owner-state");
        assertTrue(byState.contains("worker-11 #11=150\n") && byState.contains("worker-11 #11/running=75\n")
                && byState.contains("worker-11 #11/runnable=75\n") && byState.contains("worker-12 #12/runnable=45\n"), byState);
    }

    /** Without CPU time (an older trace) every such part stays running. */
    @Test
    void withoutCpuTimeOwnersStayRunning() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        Scenario.twoOwnersEvents(s, Scenario.LOCK_CLASS);
        assertEquals("11:running:100-200 ~:running:200-210", states(s.push().of(T2)));
    }

    /** A thread started while tracing (Scenario's workers, at T0) had used no CPU then: one sample will do. */
    @Test
    void threadStartIsTheFirstCpuSample() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.THREAD_CPU, T0 + 400, List.<Object[]>of(new Object[] {T1, 200L}));
        Scenario.twoOwnersEvents(s, Scenario.LOCK_CLASS);
        assertEquals("11:running:100-150 11:runnable:150-200 ~:running:200-210", states(s.push().of(T2)));
    }

    static String roots(Contention c) {
        return c.parts().stream().map(p -> (p.rootOwner() == null ? p.rootUnowned().toString() : Long.toString(p.rootOwner().id()))
                + ":" + (p.start() - T0) + "-" + (p.end() - T0)).collect(Collectors.joining(" "));
    }

    @Test
    void blameIsPassedToTheOwnerOfTheLockTheOwnerWaitedFor() {
        Scenario.Result r = nested(false).push();
        // refresh() (T1) held LOCK, but from 150 to 290 it waited for INNER, held by query() (T3).
        assertEquals("11:100-150 13:150-290 <hand-off>:290-300 11:300-400 <hand-off>:400-420", roots(r.of(T2)));
        assertEquals("13:150-290 <hand-off>:290-300", roots(r.of(T1)));
        String direct = r.by("owner-method"), root = r.by("root-owner-method");
        assertTrue(direct.contains("demo.Worker.hold11=300\n") && direct.contains("demo.Worker.hold13=140\n"), direct);
        assertTrue(root.contains("demo.Worker.hold13=280\n") && root.contains("demo.Worker.hold11=150\n")
                && root.contains("<hand-off>=40\n"), root);
        assertTrue(r.by("root-owner-chain").contains("demo.Worker.hold13(Worker.java:13)"), r.by("root-owner-chain"));
        assertTrue(r.by("root-owner-thread").contains("worker-13 #13=280\n"), r.by("root-owner-thread"));
    }

    /**
     * Past the join's bound on the owner parts it keeps for blame, a blocked interval lets go of its
     * contention: the owner's state there stays blocked (on INNER), and who held INNER then is unknown,
     * not the blocked owner itself.
     */
    @Test
    void blameBeyondTheBoundOfKeptPartsIsAnUnknownRootOwner() {
        Scenario s = nested(false);
        Scenario.Result r = Scenario.push(s.buffers(), ContentionAnalysis.Options.defaults().withOwnerStates(true).withBlameBound(0));
        Contention c = r.of(T2);
        assertEquals("11:running:100-150 11:blocked:150-300 11:running:300-400 ~:running:400-420", states(c));
        assertEquals("11:100-150 <unknown owner>:150-300 11:300-400 <hand-off>:400-420", roots(c));
        String root = r.by("root-owner-method");
        // hold13 keeps only T1's own wait for INNER (140); with blame it also had T2's 140 through T1.
        assertTrue(root.contains("<unknown owner>=150\n") && root.contains("demo.Worker.hold13=140\n")
                && root.contains("demo.Worker.hold11=150\n"), root);
    }

    /**
     * Complete contentions wait for their owners' states until a drain period's end passes them, with at
     * most so many owner parts between them (on a barging monitor each blocked thread waits through
     * hundreds of owners): past that the oldest goes on with what is known, and the rest in order.
     */
    @Test
    void contentionsHeldForTheirOwnersStatesAreBoundedByTheirParts() {
        List<Contention> out = new ArrayList<>();
        OwnerStateJoin join = new OwnerStateJoin(out::add, 0, 10);
        join.settled(0);   // a drain period's end before all of them: each is held
        ThreadRef owner = new ThreadRef(1);
        List<Contention> in = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Contention c = new Contention(Contention.Kind.INTRINSIC, null, new ThreadRef(10 + i), null, false, 100);
            for (int p = 0; p < 4; p++) {
                c.addPart(100 + 10 * p, 105 + 10 * p, owner, null, 0);   // four parts: none adjoins the next
            }
            c.close(200);
            in.add(c);
            join.accept(c);
        }
        // 4 parts each, at most 10 held: the third, fourth and fifth each let the oldest go.
        assertEquals(in.subList(0, 3), out);
        join.finish();
        assertEquals(in, out);
        assertEquals(4, out.get(4).parts().size());
    }

    @Test
    void ownerStateAloneKeepsNoPartsAndTheSameTimeInEachState() {
        ContentionAnalysis.Options states = ContentionAnalysis.Options.defaults().withOwnerStates(true, false);
        ContentionAnalysis.Options roots = ContentionAnalysis.Options.defaults().withOwnerStates(true, true);
        assertEquals(0, states.maxBlameParts());
        assertEquals(OwnerStateJoin.MAX_BLAME_PARTS, roots.maxBlameParts());
        assertTrue(states.ownerStates() && roots.ownerStates());
        Scenario.Result alone = Scenario.push(nested(false).buffers(), states);
        Scenario.Result withRoots = Scenario.push(nested(false).buffers(), roots);
        // The same time in each state; with roots the blocked slice is cut where its root changes (290).
        assertEquals(withRoots.by("owner-state"), alone.by("owner-state"));
        assertEquals("11:running:100-150 11:blocked:150-290 11:blocked:290-300 11:running:300-400 ~:running:400-420",
                states(withRoots.of(T2)));
        assertEquals("11:running:100-150 11:blocked:150-300 11:running:300-400 ~:running:400-420", states(alone.of(T2)));
    }

    @Test
    void aCycleOfBlockedOwnersIsReportedAsSuch() {
        // T1 holds LOCK and waits for INNER (150..300), whose owner T3 waits for LOCK meanwhile (160..290):
        // the analysis meets T1 again on the path and stops there.
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.CHAIN_STATS, T0 + 50, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        Scenario.inflate(b2, 0, 0, 0x1234, Scenario.LOCK_CLASS);
        b1.event(EventType.MONITOR_INFLATE, T0 + 1, INNER, 0L, 0x5678L, Scenario.LOCK_CLASS);
        Scenario.enter(b2, 100, 1, T2);
        b1.event(EventType.MONITOR_CONTENDED_ENTER, T0 + 150, INNER, 1L, 100 + T1, 0);
        Scenario.enter(b3, 160, 2, T3);
        b3.event(EventType.MONITOR_CONTENDED_EXIT, T0 + 290, INNER, 2L, 100 + T3);
        b1.event(EventType.MONITOR_CONTENDED_ENTERED, T0 + 300, INNER, 3L);
        Scenario.exit(b1, 400, 3, T1);
        Scenario.entered(b3, 410, 4);
        Scenario.exit(b3, 420, 5, T3);
        Scenario.entered(b2, 430, 6);
        Scenario.Result r = s.push();
        // 150..160 T3 ran holding INNER; from 160 it waited for LOCK, held by T1, already on the path.
        assertEquals("11:100-150 13:150-160 <deadlock cycle>:160-290 <hand-off>:290-300 11:300-400 <hand-off>:400-410"
                + " 13:410-420 <hand-off>:420-430", roots(r.of(T2)));
    }

    @Test
    void vmPauseWinsOverRunningAndSplitsTheSameOwnerPart() {
        Scenario.Result r = nested(true).push();
        assertEquals("11:running:100-150 11:blocked:150-290 11:blocked:290-300 11:running:300-320 11:vm-pause:320-350"
                + " 11:running:350-400 ~:running:400-420", states(r.of(T2)));
        assertTrue(r.by("owner-state").contains("vm-pause=30\n"), r.by("owner-state"));
    }

    @Test
    void everyBufferOrderGivesTheSameStates() {
        String expected = states(nested(false).push().of(T2));
        List<EventBufferBuilder> buffers = nested(false).buffers();
        for (int rot = 0; rot < buffers.size(); rot++) {
            List<EventBufferBuilder> order = new java.util.ArrayList<>(buffers.subList(1, buffers.size()));
            java.util.Collections.rotate(order, rot);
            order.add(0, buffers.get(0));   // the period end first: contentions are held
            assertEquals(expected, states(Scenario.push(order).of(T2)), "rotation " + rot);
        }
        assertEquals(OwnerState.BLOCKED, nested(false).push().of(T2).parts().get(1).state());
    }
}
