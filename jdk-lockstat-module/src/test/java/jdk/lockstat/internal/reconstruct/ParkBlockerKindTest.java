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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.ParkBlockerKind;

/**
 * Which parks are contention: by the waiting method in the park's chain (an idle worker of a
 * ForkJoinPool subclass, a task's join), by the blocker's class name (latches, semaphores: resource
 * waits), and locks that must stay contention in their own group. Hand-built traces, as found by tracing
 * Apache Pekko.
 */
class ParkBlockerKindTest {
    // Classes of the frames
    static final long UNSAFE = 0x9a0L, LOCK_SUPPORT = 0x9a1L, FJP = 0x9a2L, AQS = 0x9a3L, PROMISE = 0x9a4L,
            SEMAPHORE = 0x9a5L, REENTRANT_LOCK = 0x9a6L, READ_LOCK = 0x9a7L, LBQ = 0x9a8L, TPE = 0x9a9L,
            CONDITION = 0x9aaL, FJ_TASK = 0x9abL;
    // Classes of the blockers
    static final long PEKKO_POOL = 0x9b0L, COMPLETION_LATCH = 0x9b1L, SEMAPHORE_SYNC = 0x9b2L, RRWL_SYNC = 0x9b3L,
            RL_SYNC = 0x9b4L, CONDITION_OBJECT = 0x9b5L, USER_TASK = 0x9b6L, APP_LATCH = 0x9b7L;
    // Chains: innermost frame first
    static final long FJP_IDLE = 300, LATCH_AWAIT = 301, SEMAPHORE_ACQUIRE = 302, READ_LOCK_ACQUIRE = 303,
            QUEUE_LOCK = 304, QUEUE_AWAIT = 305, TASK_JOIN = 306, APP_CODE = 307;

    /** Classes, methods and chains of the parks below. */
    static void chains(EventBufferBuilder b) {
        chains(b, true, true);
    }

    /** The frames' classes and methods, and/or the chains that use them (ids are the same either way). */
    static void chains(EventBufferBuilder b, boolean methods, boolean withChains) {
        if (methods) {
            b.event(EventType.CLASS, UNSAFE, 0L, "jdk.internal.misc.Unsafe");
            b.event(EventType.CLASS, LOCK_SUPPORT, 0L, "java.util.concurrent.locks.LockSupport");
            b.event(EventType.CLASS, FJP, 0L, "java.util.concurrent.ForkJoinPool");
            b.event(EventType.CLASS, AQS, 0L, "java.util.concurrent.locks.AbstractQueuedSynchronizer");
            b.event(EventType.CLASS, PROMISE, 0L, "scala.concurrent.impl.Promise$DefaultPromise");
            b.event(EventType.CLASS, SEMAPHORE, 0L, "java.util.concurrent.Semaphore");
            b.event(EventType.CLASS, REENTRANT_LOCK, 0L, "java.util.concurrent.locks.ReentrantLock");
            b.event(EventType.CLASS, READ_LOCK, 0L, "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock");
            b.event(EventType.CLASS, LBQ, 0L, "java.util.concurrent.LinkedBlockingQueue");
            b.event(EventType.CLASS, TPE, 0L, "java.util.concurrent.ThreadPoolExecutor");
            b.event(EventType.CLASS, CONDITION, 0L, "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject");
            b.event(EventType.CLASS, FJ_TASK, 0L, "java.util.concurrent.ForkJoinTask");
        }
        EventBufferBuilder mb = methods ? b : null;
        long[] next = {2000};
        long park = method(mb, next, UNSAFE, "park"), lsPark = method(mb, next, LOCK_SUPPORT, "park"),
                lsParkNanos = method(mb, next, LOCK_SUPPORT, "parkNanos"), awaitWork = method(mb, next, FJP, "awaitWork"),
                runWorker = method(mb, next, FJP, "runWorker"), acquire = method(mb, next, AQS, "acquire"),
                sharedNanos = method(mb, next, AQS, "tryAcquireSharedNanos"),
                sharedInt = method(mb, next, AQS, "acquireSharedInterruptibly"),
                shared = method(mb, next, AQS, "acquireShared"), tryAwait = method(mb, next, PROMISE, "tryAwait0"),
                semAcquire = method(mb, next, SEMAPHORE, "acquire"),
                rlLock = method(mb, next, REENTRANT_LOCK, "lockInterruptibly"),
                readLock = method(mb, next, READ_LOCK, "lock"), take = method(mb, next, LBQ, "take"),
                getTask = method(mb, next, TPE, "getTask"), await = method(mb, next, CONDITION, "await"),
                awaitDone = method(mb, next, FJ_TASK, "awaitDone"), join = method(mb, next, FJ_TASK, "join");
        if (!withChains) {
            return;
        }
        long worker = 1000 + T1;   // demo.Worker.hold11 (Scenario.metadata)
        chain(b, FJP_IDLE, park, awaitWork, runWorker);
        chain(b, LATCH_AWAIT, park, lsParkNanos, acquire, sharedNanos, tryAwait, worker);
        chain(b, SEMAPHORE_ACQUIRE, park, lsPark, acquire, sharedInt, semAcquire, worker);
        chain(b, READ_LOCK_ACQUIRE, park, lsPark, acquire, shared, readLock, worker);
        chain(b, QUEUE_LOCK, park, lsPark, acquire, rlLock, take, getTask);
        chain(b, QUEUE_AWAIT, park, lsPark, await, take, getTask);
        chain(b, TASK_JOIN, park, lsPark, awaitDone, join, worker);
        chain(b, APP_CODE, park, lsPark, worker);
    }

    static void blockers(EventBufferBuilder b) {
        b.event(EventType.CLASS, PEKKO_POOL, 0L, "org.apache.pekko.dispatch.PekkoJdk9ForkJoinPool");
        b.event(EventType.CLASS, COMPLETION_LATCH, 0L, "scala.concurrent.impl.Promise$CompletionLatch");
        b.event(EventType.CLASS, SEMAPHORE_SYNC, 0L, "java.util.concurrent.Semaphore$NonfairSync");
        b.event(EventType.CLASS, RRWL_SYNC, 0L, "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync");
        b.event(EventType.CLASS, RL_SYNC, 0L, "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        b.event(EventType.CLASS, CONDITION_OBJECT, 0L, "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject");
        b.event(EventType.CLASS, USER_TASK, 0L, "demo.SumTask");
        b.event(EventType.CLASS, APP_LATCH, 0L, "demo.StartLatch$Sync");
    }

    /** The next method id, written to b unless b is null. */
    private static long method(EventBufferBuilder b, long[] next, long cls, String name) {
        long id = next[0]++;
        if (b != null) {
            b.event(EventType.METHOD, id, cls, name, "()V", 0L, "X.java");
        }
        return id;
    }

    private static void chain(EventBufferBuilder b, long id, long... methods) {
        List<Object[]> frames = new ArrayList<>();
        for (long method : methods) {
            frames.add(new Object[] {method, 1L, 10L, 0L});
        }
        b.event(EventType.CALL_CHAIN, id, frames);
    }

    /**
     * Where a park's metadata comes: before the park, or after it ended (another buffer drained later):
     * its chain, its frames' methods (the chain known, not what it calls), or the blocker's class too.
     */
    enum Metadata { EARLY, CHAIN_LATE, METHODS_LATE, ALL_LATE }

    /** T2 parks at 100 on the blocker with the chain; T1 unparks it at 200; it runs at 210. */
    static Scenario.Result parkOnce(long blockerClass, long chain, Metadata when) {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        if (when != Metadata.ALL_LATE) {
            blockers(meta);
        }
        if (when == Metadata.EARLY) {
            chains(meta);
        } else if (when == Metadata.METHODS_LATE) {
            chains(meta, false, true);
        }
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2);
        b2.event(EventType.PARK_BEGIN, T0 + 100, 1L, 0x4242L, blockerClass, 0, 0L, chain, 0);
        b1.event(EventType.UNPARK, T0 + 200, 2L, T2, 100 + T1, 0L, 0L);
        b2.event(EventType.PARK_END, T0 + 210, 3L, 2L, 0);
        if (when != Metadata.EARLY) {
            EventBufferBuilder late = s.buffer(0);   // drained last
            chains(late, true, when != Metadata.METHODS_LATE);
            if (when == Metadata.ALL_LATE) {
                blockers(late);
            }
        }
        return s.push();
    }

    /**
     * Pekko's PekkoJdk9ForkJoinPool (a ForkJoinPool subclass): its idle workers park in
     * ForkJoinPool.awaitWork with the pool as blocker and are woken by signalWork. Idle, not contention,
     * whenever the chain's metadata comes.
     */
    @Test
    void idleWorkerOfAForkJoinPoolSubclassIsIdle() {
        for (Metadata when : Metadata.values()) {
            Scenario.Result r = parkOnce(PEKKO_POOL, FJP_IDLE, when);
            assertTrue(r.contentions().isEmpty(), when + ": " + r.contentions());
            assertEquals(1, r.counters().parkIdles, when.toString());
            assertEquals(0, r.counters().parkWaits, when.toString());
            assertEquals(0, r.counters().contentions, when.toString());
            if (when == Metadata.EARLY) {
                assertTrue(r.analysis().lockStatistics().rows().isEmpty(), r.analysis().lockStatistics().rows().toString());
            }
        }
    }

    /**
     * Scala's Promise$CompletionLatch (an AQS shared acquire), an application's FooLatch$Sync and a
     * Semaphore's sync: resource waits (the thread that opened the latch or returned the permit is the
     * owner), whenever the metadata comes. They were waits (latches) and locks (semaphores) before
     * resource waits were contention.
     */
    @Test
    void latchesAndSemaphoresAreResourceWaits() {
        for (long[] c : new long[][] {{COMPLETION_LATCH, LATCH_AWAIT}, {APP_LATCH, LATCH_AWAIT}, {SEMAPHORE_SYNC, SEMAPHORE_ACQUIRE}}) {
            for (Metadata when : Metadata.values()) {
                Scenario.Result r = parkOnce(c[0], c[1], when);
                assertEquals(1, r.contentions().size(), when + " " + Long.toHexString(c[0]) + ": " + r.contentions());
                assertEquals(Contention.Kind.RESOURCE, r.of(T2).kind(), when.toString());
                assertEquals("11:100-200 ~:200-210", Scenario.parts(r.of(T2)), when.toString());
                assertEquals(1, r.counters().resourceWaits, when.toString());
                assertEquals(0, r.counters().parkWaits + r.counters().parkIdles, when.toString());
            }
        }
    }

    /** A join of an application's ForkJoinTask (the task is the blocker): a resource wait for its result. */
    @Test
    void joinOfAnApplicationTaskIsAResourceWait() {
        Scenario.Result r = parkOnce(USER_TASK, TASK_JOIN, Metadata.CHAIN_LATE);
        assertEquals(1, r.contentions().size(), r.contentions().toString());
        assertEquals(Contention.Kind.RESOURCE, r.of(T2).kind());
        assertEquals(0, r.counters().parkWaits);
        assertEquals("resource=110\n", r.by("group"));
    }

    /**
     * A pool worker waiting on its queue's condition for a task is idle; the queue's lock, taken on the
     * way, is contention like any ReentrantLock.
     */
    @Test
    void queueLockIsContentionQueueConditionIsIdle() {
        Scenario.Result wait = parkOnce(CONDITION_OBJECT, QUEUE_AWAIT, Metadata.EARLY);
        assertTrue(wait.contentions().isEmpty(), wait.contentions().toString());
        assertEquals(1, wait.counters().parkIdles);
        for (Metadata when : Metadata.values()) {
            Scenario.Result lock = parkOnce(RL_SYNC, QUEUE_LOCK, when);
            assertEquals(1, lock.contentions().size(), when + ": " + lock.contentions());
            assertEquals("11:100-200 ~:200-210", Scenario.parts(lock.of(T2)));
        }
    }

    /**
     * ReentrantReadWriteLock's read lock and a ReentrantLock stay contention in group park, however they are
     * found; a lock taken under ThreadPoolExecutor.getTask too.
     */
    @Test
    void locksStayContention() {
        long[][] cases = {{RRWL_SYNC, READ_LOCK_ACQUIRE}, {RL_SYNC, APP_CODE}, {RL_SYNC, 0}, {RL_SYNC, QUEUE_LOCK}};
        for (long[] c : cases) {
            for (Metadata when : Metadata.values()) {
                Scenario.Result r = parkOnce(c[0], c[1], when);
                assertEquals(1, r.contentions().size(), when + " " + Long.toHexString(c[0]) + ": " + r.contentions());
                assertEquals(Contention.Kind.PARK, r.of(T2).kind());
                assertEquals(0, r.counters().parkWaits + r.counters().parkIdles, when.toString());
                assertEquals(1, r.counters().contentions, when.toString());
                assertEquals(0, r.counters().resourceWaits, when.toString());
                assertEquals("park=110\n", r.by("group"), when.toString());
            }
        }
    }

    /** The classification itself, on resolved and unresolved chains. */
    @Test
    void methodDecidesBeforeClassName() {
        ClassRef pool = cls("com.example.MyPool"), fjp = cls("java.util.concurrent.ForkJoinPool"),
                unsafe = cls("jdk.internal.misc.Unsafe"), ls = cls("java.util.concurrent.locks.LockSupport"),
                aqs = cls("java.util.concurrent.locks.AbstractQueuedSynchronizer");
        ChainRef idle = new ChainRef(1);
        idle.define(List.of(frame(unsafe, "park"), frame(fjp, "awaitWork")));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(pool, idle));
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(pool));                  // the class alone: a lock
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(pool, new ChainRef(2)));   // chain not known yet
        assertFalse(ParkBlockerKind.decided(pool, new ChainRef(2)));
        assertTrue(ParkBlockerKind.decided(pool, idle));
        assertTrue(ParkBlockerKind.decided(new ClassRef(9), idle));   // the method decides: no need for the class

        // A frame whose method is not known yet: undecided until it is.
        MethodRef late = new MethodRef(77);
        ChainRef pending = new ChainRef(3);
        pending.define(List.of(frame(unsafe, "park"), new Frame(late, 0, -1, false)));
        assertFalse(ParkBlockerKind.decided(pool, pending));
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(pool, pending));
        late.define(fjp, "awaitWork", "(Ljava/util/concurrent/ForkJoinPool$WorkQueue;)I", "ForkJoinPool.java");
        assertTrue(ParkBlockerKind.decided(pool, pending));
        assertEquals(ParkBlockerKind.IDLE, ParkBlockerKind.of(pool, pending));

        // AQS's acquire says nothing: the class decides (semaphores and latches were a lock and waits).
        ChainRef acquire = new ChainRef(4);
        acquire.define(List.of(frame(unsafe, "park"), frame(ls, "park"), frame(aqs, "acquire")));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(cls("java.util.concurrent.Semaphore$FairSync"), acquire));
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(cls("java.util.concurrent.locks.ReentrantReadWriteLock$FairSync"), acquire));
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(cls("java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock"), acquire));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(cls("java.util.concurrent.CountDownLatch$Sync"), acquire));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(cls("scala.concurrent.impl.CompletionLatch"), acquire));
        assertEquals(ParkBlockerKind.RESOURCE, ParkBlockerKind.of(cls("Latch"), acquire));
        assertEquals(ParkBlockerKind.LOCK, ParkBlockerKind.of(cls("com.example.LatchedLock"), acquire));
        assertEquals(ParkBlockerKind.WAIT, ParkBlockerKind.of(null, acquire));   // no blocker
    }

    private static ClassRef cls(String name) {
        ClassRef c = new ClassRef(name.hashCode());
        c.define(name, 0);
        return c;
    }

    private static Frame frame(ClassRef holder, String name) {
        MethodRef mr = new MethodRef(name.hashCode());
        mr.define(holder, name, "()V", null);
        return new Frame(mr, 0, -1, false);
    }
}
