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

import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.parts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.ParkBlockerKind;

/**
 * Parks on resources are contention in group resource, charged to the thread whose unpark woke the
 * waiter; a pool worker's park between tasks stays idle and is left out with its time. The traces are
 * {@link ResourceScenarios}' (HikariCP's borrow, a full ArrayBlockingQueue, a barrier).
 */
class ResourceWaitTest {
    /**
     * The pool's SynchronousQueue.poll under ConcurrentBag.borrow is a resource wait, owned by the thread
     * that returned the connection up to its return; the same poll under ThreadPoolExecutor.getTask is an
     * idle worker, left out with its 7.52 ms. Whenever the metadata comes.
     */
    @Test
    void poolBorrowIsAResourceWaitExecutorPollIsIdle() {
        for (boolean late : new boolean[] {false, true}) {
            Scenario.Result r = ResourceScenarios.pool(late).push();
            assertEquals(1, r.contentions().size(), late + ": " + r.contentions());
            Contention c = r.of(T2);
            assertEquals(Contention.Kind.RESOURCE, c.kind());
            assertEquals("java.util.concurrent.SynchronousQueue$Transferer", c.lock().lockClass().name());
            assertEquals("11:1000000-5000000 ~:5000000-5010000", parts(c), "late " + late);
            assertEquals("resource=4010000\n", r.by("group"));
            assertEquals(1, r.counters().contentions, "late " + late);
            assertEquals(1, r.counters().resourceWaits, "late " + late);
            assertEquals(1, r.counters().idleParks(), "late " + late);
            assertEquals(7_520_000, r.counters().idleParkNanos(), "late " + late);
            assertEquals(0, r.counters().parkWaits, "late " + late);
        }
    }

    /** The owner side of a resource wait: the returning thread, in the chain that gave the connection back. */
    @Test
    void resourceWaitIsChargedToTheUnparkingThreadAndChain() {
        Scenario.Result r = ResourceScenarios.pool(false).push();
        assertEquals("worker-11 #11=4000000\n<hand-off>=10000\n", r.by("owner-thread"));
        String returned = r.by("owner-chain").lines().findFirst().orElseThrow();
        assertTrue(returned.contains("com.zaxxer.hikari.util.ConcurrentBag.requite(ConcurrentBag.java:")
                && returned.contains("com.zaxxer.hikari.pool.ProxyConnection.close(") && returned.endsWith("=4000000"), returned);
    }

    /**
     * Every thread holding a pooled item keeps it from a waiter: T2's 3 ms wait is shared by T1 and T3
     * (the return that woke T2), 1.5 ms each, as readers share a writer's wait; T1's part has the chain
     * of T1's later return (App.report), T2's part of T3's second wait the chain where T2 took its
     * connection (it never gives back). Waits with no other holder known are the returner's alone.
     */
    @Test
    void poolWaitIsSharedByEveryHolderSeenGivingBack() {
        Scenario.Result r = ResourceScenarios.dryPool().push();
        assertEquals(4, r.contentions().size(), r.contentions().toString());
        assertEquals("12:4000000-6000000 ~:6000000-6010000", parts(r.of(Scenario.T1)));
        assertEquals("11:7000000-8500000 13:8500000-10000000 ~:10000000-10010000", parts(r.of(T2)));
        List<String> t3 = r.contentions().stream().filter(c -> c.thread().id() == T3).map(Scenario::parts).toList();
        assertEquals(List.of("11:1000000-3000000 ~:3000000-3010000", "12:11000000-11500000 11:11500000-12000000 ~:12000000-12010000"), t3);
        assertEquals("worker-11 #11=4000000\nworker-12 #12=2500000\nworker-13 #13=1500000\n<hand-off>=40000\n",
                r.by("owner-thread"));
        String bySite = r.by("owner-chain");
        assertTrue(bySite.lines().anyMatch(l -> l.contains("demo.App.report(") && l.endsWith("=2000000")), bySite);
        assertTrue(bySite.lines().anyMatch(l -> l.contains("ConcurrentBag.borrow(") && l.endsWith("=500000")), bySite);
    }

    /**
     * A semaphore's releaser that takes a permit back at once (a barge, not in the trace) holds from its
     * release, provisionally: a later wait is shared with it, under the chain of its next release.
     */
    @Test
    void bargingGiverHoldsFromItsRelease() {
        Scenario.Result r = ResourceScenarios.bargingSemaphore().push();
        assertEquals("12:1000000-3000000 ~:3000000-3010000 12:3010000-4005000 13:4005000-5000000 ~:5000000-5010000",
                parts(r.of(Scenario.T1)));
        assertEquals("12:6000000-7000000 ~:7000000-7010000", parts(r.of(T3)));
        assertEquals(List.of("demo.App.siteA=3395000", "demo.App.siteB=1995000", "<hand-off>=40000"),   // siteB: 0.995 + T3's 1 ms
                r.by("owner-method").lines().map(l -> l.replaceAll("\\(.*\\)", "")).toList());
    }

    /**
     * A Semaphore's release that wakes nobody is recorded (a shared release) and ends its thread's hold
     * there: the hold before it is charged to its site, the one after to the next release's.
     */
    @Test
    void quietReleaseEndsAHold() {
        Scenario.Result r = ResourceScenarios.quietSemaphoreRelease().push();
        assertEquals("12:1000000-3000000 12:3000000-4000000 13:4000000-5000000 ~:5000000-5010000", parts(r.of(Scenario.T1)));
        assertEquals(List.of("demo.App.siteA=3400000", "demo.App.siteB=2000000", "<hand-off>=30000"),
                r.by("owner-method").lines().map(l -> l.replaceAll("\\(.*\\)", "")).toList());
        assertEquals(1, r.counters().sharedReleases);
    }

    /**
     * A returner that may hold again (it also waits here) but waits here again before it gives anything
     * back held nothing: its share of T2's wait goes back to T3, whose return ended it, with that chain.
     */
    @Test
    void provisionalHoldThatWasNoneGoesBackToTheGiver() {
        Scenario.Result r = ResourceScenarios.returnerWaitsAgain().push();
        assertEquals("13:5000000-6000000 13:6000000-7000000 ~:7000000-7010000", parts(r.of(T2)));
        assertTrue(r.by("owner-chain").lines().anyMatch(l -> l.contains("demo.App.report(") && l.endsWith("=2000000")),
                r.by("owner-chain"));
    }

    /**
     * The same when the draw left T1's second wait out and it comes as a followed giver's bare park: it
     * ends the provisional hold as the full park did, and is no contention of its own.
     */
    @Test
    void followedGiversParkEndsItsProvisionalHold() {
        Scenario.Result full = ResourceScenarios.returnerWaitsAgain().push();
        Scenario.Result r = ResourceScenarios.returnerWaitsAgainUnsampled().push();
        assertEquals("13:5000000-6000000 13:6000000-7000000 ~:7000000-7010000", parts(r.of(T2)));
        assertEquals(full.by("owner-chain"), r.by("owner-chain"));
        assertEquals(3, r.contentions().size(), r.contentions().toString());
        assertEquals(1, r.counters().followedParks);
        assertEquals(0, full.counters().followedParks);
    }

    /**
     * Holders whose takes the trace does not show: read as a full trace, T1's release at 3 ms is charged
     * all of T3's wait up to it; read as a sampled one, T2, which gives back later with no hold seen
     * since it last waited (at 1 ms), held since then at the latest and shares that interval with T1.
     */
    @Test
    void sampledWaitIsSharedWithHoldersRevealedLater() {
        assertEquals("11:1000000-3000000 12:3000000-5000000 ~:5000000-5010000",
                parts(ResourceScenarios.twoUnseenHolders().push().of(T3)));
        Scenario.Result r = ResourceScenarios.twoUnseenHolders().push(new jdk.lockstat.internal.format.TraceHeader(
                java.util.Map.of(jdk.lockstat.internal.format.TraceHeader.SAMPLING_FLAG, "10")));
        assertEquals("12:1000000-2000000 11:2000000-3000000 12:3000000-5000000 ~:5000000-5010000", parts(r.of(T3)));
        assertTrue(r.by("owner-chain").lines().anyMatch(l -> l.contains("demo.App.report(") && l.endsWith("=30000000")),
                r.by("owner-chain"));
    }

    /**
     * A full ArrayBlockingQueue: put's await on notFull is a resource wait, put's lock acquisition a lock,
     * each charged to the taking thread whose unlock woke it.
     */
    @Test
    void fullArrayBlockingQueuePutIsAResourceWaitItsLockALock() {
        Scenario.Result r = ResourceScenarios.fullQueue().push();
        assertEquals(2, r.contentions().size(), r.contentions().toString());
        assertEquals(Contention.Kind.RESOURCE, r.of(T2).kind());
        assertEquals("11:2000000-4000000 ~:4000000-4010000", parts(r.of(T2)));
        assertEquals(Contention.Kind.PARK, r.of(T3).kind());
        assertEquals("11:1000000-3000000 ~:3000000-3010000", parts(r.of(T3)));
        assertEquals(List.of("park=2010000", "resource=2010000"), r.by("group").lines().sorted().toList());
        assertEquals(List.of("park/<hand-off>=10000", "park/java.util.concurrent.ArrayBlockingQueue.take=2000000",
                "resource/<hand-off>=10000", "resource/java.util.concurrent.ArrayBlockingQueue.take=2000000"),
                r.by("group,owner-method").lines().filter(l -> l.contains("/")).sorted().toList());
        assertEquals(1, r.counters().resourceWaits);
        assertEquals(2, r.counters().contentions);
    }

    /** A barrier's await is a wait, a fixed pool's worker in LinkedBlockingQueue.poll under getTask idle: both left out. */
    @Test
    void barrierIsAWaitQueuePollUnderGetTaskIsIdle() {
        Scenario.Result r = ResourceScenarios.barrierAndIdleWorker().push();
        assertTrue(r.contentions().isEmpty(), r.contentions().toString());
        assertEquals(1, r.counters().parkWaits);
        assertEquals(2_010_000, r.counters().parkWaitNanos);
        assertEquals(1, r.counters().idleParks());
        assertEquals(4_020_000, r.counters().idleParkNanos());
        assertEquals(0, r.counters().resourceWaits);
        assertTrue(r.counters().notes().contains("1 idle worker park(s), 4.020 ms in all, are not contention (left out):"
                + " pool workers waiting for their next task (under ThreadPoolExecutor.getTask, ForkJoinPool.awaitWork,"
                + " a scheduler's, Timer's or cleaner's loop); see lockstat help parks"), r.counters().notes().toString());
        assertTrue(r.counters().notes().contains("1 park(s) without a blocker (a sleep), at a barrier or phaser or in a thread's"
                + " join, 2.010 ms in all, are not contention (left out)"), r.counters().notes().toString());
    }

    /**
     * The rule on chains alone: the waiting method, a condition await's caller, then a worker's frame or a
     * join below.
     */
    @Test
    void chainDecidesResourceIdleOrWait() {
        ClassRef queue = cls("java.util.concurrent.SynchronousQueue$Transferer"),
                condition = cls("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject"),
                lock = cls("java.util.concurrent.locks.ReentrantLock$NonfairSync"), task = cls("demo.Task");
        String park = "jdk.internal.misc.Unsafe.park", ls = "java.util.concurrent.locks.LockSupport.park",
                await = "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await",
                dual = "java.util.concurrent.LinkedTransferQueue$DualNode.await", getTask = "java.util.concurrent.ThreadPoolExecutor.getTask";
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(queue, chain(park, ls, dual, "java.util.concurrent.SynchronousQueue.poll",
                "com.zaxxer.hikari.util.ConcurrentBag.borrow")));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(queue, chain(park, ls, dual, "java.util.concurrent.SynchronousQueue.poll",
                getTask, "java.util.concurrent.ThreadPoolExecutor.runWorker")));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(condition, chain(park, ls, await,
                "java.util.concurrent.LinkedBlockingQueue.take", "demo.Consumer.run")));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(condition, chain(park, ls, await,
                "java.util.concurrent.LinkedBlockingQueue.take", getTask)));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(condition, chain(park, ls, await + "Nanos",
                "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take", getTask)));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(condition, chain(park, ls, await, "demo.Buffer.awaitSpace")));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(condition, chain(park, ls, await + "Nanos",
                "java.lang.ref.ReferenceQueue.await", "java.lang.ref.ReferenceQueue.remove0", "java.lang.ref.ReferenceQueue.remove",
                "jdk.internal.ref.CleanerImpl.run")));
        assertEquals(ParkBlockerKind.WAIT, ParkBlockerKind.of(condition, chain(park, ls, await,
                "java.util.concurrent.CyclicBarrier.dowait", "java.util.concurrent.CyclicBarrier.await")));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(task, chain(park, ls, "java.util.concurrent.FutureTask.awaitDone",
                "java.util.concurrent.FutureTask.get", "demo.App.main")));
        // A latch's await is a resource wait, except in a virtual thread's join (a platform thread's is an Object.wait).
        ClassRef latch = cls("java.util.concurrent.CountDownLatch$Sync");
        String acquire = "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                shared = "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly",
                latchAwait = "java.util.concurrent.CountDownLatch.await";
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(latch, chain(park, ls, acquire, shared, latchAwait, "demo.App.main")));
        assertEquals(ParkBlockerKind.WAIT, ParkBlockerKind.of(latch, chain(park, ls, acquire, shared, latchAwait,
                "java.lang.VirtualThread.joinNanos", "java.lang.Thread.join", "demo.App.main")));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(cls("java.util.concurrent.DelayScheduler"),
                chain(park, "java.util.concurrent.locks.LockSupport.parkNanos", "java.util.concurrent.DelayScheduler.loop")));
        // A lock stays a lock under getTask: the work queue's own lock blocks its worker.
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(lock, chain(park, ls,
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire", "java.util.concurrent.locks.ReentrantLock.lockInterruptibly",
                "java.util.concurrent.LinkedBlockingQueue.take", getTask)));
    }

    /**
     * A resource wait is decided only once the frames below its waiting method are known (a pool worker's
     * getTask may be among them); a lock at once, since nothing below changes it.
     */
    @Test
    void resourceWaitWaitsForTheFramesBelow() {
        ClassRef queue = cls("java.util.concurrent.SynchronousQueue$Transferer"),
                lock = cls("java.util.concurrent.locks.ReentrantLock$NonfairSync");
        MethodRef late = new MethodRef(99);
        ChainRef poll = new ChainRef(1);
        poll.define(List.of(frame("jdk.internal.misc.Unsafe.park"), frame("java.util.concurrent.LinkedTransferQueue$DualNode.await"),
                frame("java.util.concurrent.SynchronousQueue.poll"), new Frame(late, 0, -1, false)));
        assertFalse(ParkBlockerKind.decided(queue, poll));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(queue, poll));   // for now
        ChainRef acquire = new ChainRef(2);
        acquire.define(List.of(frame("jdk.internal.misc.Unsafe.park"), frame("java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire"),
                new Frame(late, 0, -1, false)));
        assertTrue(ParkBlockerKind.decided(lock, acquire));
        late.define(cls("java.util.concurrent.ThreadPoolExecutor"), "getTask", "()Ljava/lang/Runnable;", "ThreadPoolExecutor.java");
        assertTrue(ParkBlockerKind.decided(queue, poll));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(queue, poll));
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(lock, acquire));
    }

    private static ChainRef chain(String... frames) {
        ChainRef c = new ChainRef(frames.length);
        c.define(java.util.Arrays.stream(frames).map(ResourceWaitTest::frame).toList());
        return c;
    }

    private static Frame frame(String classAndMethod) {
        int dot = classAndMethod.lastIndexOf('.');
        MethodRef m = new MethodRef(classAndMethod.hashCode());
        m.define(cls(classAndMethod.substring(0, dot)), classAndMethod.substring(dot + 1), "()V", null);
        return new Frame(m, 0, -1, false);
    }

    private static ClassRef cls(String name) {
        ClassRef c = new ClassRef(name.hashCode());
        c.define(name, 0);
        return c;
    }
}
