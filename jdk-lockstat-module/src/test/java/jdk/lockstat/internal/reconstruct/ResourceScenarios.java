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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;

/**
 * Parks on resources with the call chains real ones have (JDK 25's java.util.concurrent, HikariCP's
 * ConcurrentBag), for the resource-wait tests of the engine and the tool. Times are in milliseconds
 * after {@link Scenario#T0}, so that reports show them. Threads as in {@link Scenario#metadata}.
 */
public final class ResourceScenarios {
    public static final long MS = 1_000_000;

    // Blocker classes (objects: their hashes)
    static final long SQ_TRANSFERER = 0xc01L, CONDITION_OBJECT = 0xc02L, RL_SYNC = 0xc03L, SEMAPHORE_SYNC = 0xc04L;
    static final long POOL_QUEUE = 0x5a, EXECUTOR_QUEUE = 0x77, ABQ_LOCK = 0x61, ABQ_NOT_FULL = 0x62, TRIP = 0x63,
            LBQ_NOT_EMPTY = 0x64, PERMITS = 0x65;
    // Chains, innermost frame first
    /** HikariCP's getConnection waiting in SynchronousQueue.poll under ConcurrentBag.borrow. */
    static final long BORROW = 501;
    /** A cached thread pool's worker between tasks: the same SynchronousQueue.poll, under getTask. */
    static final long EXECUTOR_IDLE = 502;
    /** A connection's close giving it back: SynchronousQueue.offer's unpark under ConcurrentBag.requite. */
    static final long RETURN = 503;
    /** Another site's close giving a connection back. */
    static final long RETURN_ELSEWHERE = 510;
    /** Semaphore.acquire in demo.App.site, and Semaphore.release in demo.App.siteA and siteB. */
    static final long SEM_ACQUIRE = 511, SEM_RELEASE_A = 512, SEM_RELEASE_B = 513;
    /** ThreadPoolExecutor.execute handing a task to an idle worker. */
    static final long EXECUTE = 504;
    /** ArrayBlockingQueue.put on a full queue: its notFull condition's await. */
    static final long ABQ_PUT_AWAIT = 505;
    /** ArrayBlockingQueue.put taking the queue's ReentrantLock. */
    static final long ABQ_PUT_LOCK = 506;
    /** ArrayBlockingQueue.take's unlock, after it signalled notFull. */
    static final long ABQ_TAKE_UNLOCK = 507;
    /** CyclicBarrier.await: its trip condition's await, called by dowait. */
    static final long BARRIER_AWAIT = 508;
    /** A fixed thread pool's worker between tasks: LinkedBlockingQueue.poll's awaitNanos under getTask. */
    static final long LBQ_IDLE = 509;

    private ResourceScenarios() {}

    /** Classes, methods and chains of the parks here: "Class.method" per frame. */
    static void metadata(EventBufferBuilder b) {
        Scenario.metadata(b);
        b.event(EventType.CLASS, SQ_TRANSFERER, 0L, "java.util.concurrent.SynchronousQueue$Transferer");
        b.event(EventType.CLASS, CONDITION_OBJECT, 0L, "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject");
        b.event(EventType.CLASS, RL_SYNC, 0L, "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        Map<String, Long> classes = new LinkedHashMap<>();
        Map<String, Long> methods = new LinkedHashMap<>();
        String park = "jdk.internal.misc.Unsafe.park", unpark = "jdk.internal.misc.Unsafe.unpark",
                lsPark = "java.util.concurrent.locks.LockSupport.park", lsParkNanos = "java.util.concurrent.locks.LockSupport.parkNanos",
                lsUnpark = "java.util.concurrent.locks.LockSupport.unpark",
                await = "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await",
                block = "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block",
                unmanaged = "java.util.concurrent.ForkJoinPool.unmanagedBlock", managed = "java.util.concurrent.ForkJoinPool.managedBlock",
                sqPoll = "java.util.concurrent.SynchronousQueue.poll", sqOffer = "java.util.concurrent.SynchronousQueue.offer",
                sqXfer = "java.util.concurrent.SynchronousQueue.xfer", ltqXfer = "java.util.concurrent.LinkedTransferQueue.xfer",
                dualAwait = "java.util.concurrent.LinkedTransferQueue$DualNode.await",
                getTask = "java.util.concurrent.ThreadPoolExecutor.getTask", runWorker = "java.util.concurrent.ThreadPoolExecutor.runWorker",
                abqPut = "java.util.concurrent.ArrayBlockingQueue.put", abqTake = "java.util.concurrent.ArrayBlockingQueue.take",
                acquire = "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                signalNext = "java.util.concurrent.locks.AbstractQueuedSynchronizer.signalNext",
                release = "java.util.concurrent.locks.AbstractQueuedSynchronizer.release",
                syncLock = "java.util.concurrent.locks.ReentrantLock$Sync.lockInterruptibly",
                lockInt = "java.util.concurrent.locks.ReentrantLock.lockInterruptibly", unlock = "java.util.concurrent.locks.ReentrantLock.unlock";
        chain(b, classes, methods, BORROW, park, lsParkNanos, dualAwait, ltqXfer, sqXfer, sqPoll,
                "com.zaxxer.hikari.util.ConcurrentBag.borrow", "com.zaxxer.hikari.pool.HikariPool.getConnection",
                "com.zaxxer.hikari.HikariDataSource.getConnection", "demo.App.insert");
        chain(b, classes, methods, EXECUTOR_IDLE, park, lsParkNanos, dualAwait, ltqXfer, sqXfer, sqPoll, getTask, runWorker);
        chain(b, classes, methods, RETURN, unpark, lsUnpark, ltqXfer, sqXfer, sqOffer, "com.zaxxer.hikari.util.ConcurrentBag.requite",
                "com.zaxxer.hikari.pool.PoolEntry.recycle", "com.zaxxer.hikari.pool.ProxyConnection.close", "demo.App.insert");
        chain(b, classes, methods, RETURN_ELSEWHERE, unpark, lsUnpark, ltqXfer, sqXfer, sqOffer, "com.zaxxer.hikari.util.ConcurrentBag.requite",
                "com.zaxxer.hikari.pool.PoolEntry.recycle", "com.zaxxer.hikari.pool.ProxyConnection.close", "demo.App.report");
        b.event(EventType.CLASS, SEMAPHORE_SYNC, 0L, "java.util.concurrent.Semaphore$NonfairSync");
        chain(b, classes, methods, SEM_ACQUIRE, park, lsPark, acquire, "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireSharedInterruptibly",
                "java.util.concurrent.Semaphore.acquire", "demo.App.site");
        for (long id : new long[] {SEM_RELEASE_A, SEM_RELEASE_B}) {
            chain(b, classes, methods, id, unpark, lsUnpark, signalNext, "java.util.concurrent.locks.AbstractQueuedSynchronizer.releaseShared",
                    "java.util.concurrent.Semaphore.release", id == SEM_RELEASE_A ? "demo.App.siteA" : "demo.App.siteB");
        }
        chain(b, classes, methods, EXECUTE, unpark, lsUnpark, ltqXfer, sqXfer, sqOffer,
                "java.util.concurrent.ThreadPoolExecutor.execute", "demo.App.submit");
        chain(b, classes, methods, ABQ_PUT_AWAIT, park, lsPark, block, unmanaged, managed, await, abqPut, "demo.App.produce");
        chain(b, classes, methods, ABQ_PUT_LOCK, park, lsPark, acquire, syncLock, lockInt, abqPut, "demo.App.produce");
        chain(b, classes, methods, ABQ_TAKE_UNLOCK, unpark, lsUnpark, signalNext, release, unlock, abqTake, "demo.App.consume");
        chain(b, classes, methods, BARRIER_AWAIT, park, lsPark, block, unmanaged, managed, await,
                "java.util.concurrent.CyclicBarrier.dowait", "java.util.concurrent.CyclicBarrier.await", "demo.App.step");
        chain(b, classes, methods, LBQ_IDLE, park, lsParkNanos, await + "Nanos", "java.util.concurrent.LinkedBlockingQueue.poll",
                getTask, runWorker);
    }

    /** A CallChain of these "Class.method" frames, writing each class and method the first time. */
    private static void chain(EventBufferBuilder b, Map<String, Long> classes, Map<String, Long> methods, long id,
                              String... frames) {
        List<Object[]> list = new ArrayList<>();
        for (String frame : frames) {
            int dot = frame.lastIndexOf('.');
            String cls = frame.substring(0, dot);
            Long c = classes.get(cls);
            if (c == null) {
                c = 0xd00L + classes.size();
                classes.put(cls, c);
                b.event(EventType.CLASS, c, 0L, cls);
            }
            Long m = methods.get(frame);
            if (m == null) {
                m = 6000L + methods.size();
                methods.put(frame, m);
                b.event(EventType.METHOD, m, c, frame.substring(dot + 1), "()V", 0L, cls.substring(cls.lastIndexOf('.') + 1) + ".java");
            }
            list.add(new Object[] {m, 1L, 10L + list.size(), 0L});
        }
        b.event(EventType.CALL_CHAIN, id, list);
    }

    static void park(EventBufferBuilder b, double ms, long gseq, long blockerHash, long blockerClass, long chain) {
        b.event(EventType.PARK_BEGIN, T0 + at(ms), gseq, blockerHash, blockerClass, 0, 0L, chain, 0);
    }

    /** A followed giver's park (sampled traces): its blocker, no chain, no end (EventType.PARK_FOLLOWED). */
    static void followedPark(EventBufferBuilder b, double ms, long gseq, long blockerHash, long blockerClass) {
        b.event(EventType.PARK_BEGIN, T0 + at(ms), gseq, blockerHash, blockerClass, 0, 0L, 0L, EventType.PARK_FOLLOWED);
    }

    static void unpark(EventBufferBuilder b, double ms, long gseq, long target, long chain) {
        b.event(EventType.UNPARK, T0 + at(ms), gseq, target, chain, 0L, 0L);
    }

    static void wake(EventBufferBuilder b, double ms, long gseq, long unparkSeq) {
        b.event(EventType.PARK_END, T0 + at(ms), gseq, unparkSeq, 0);
    }

    static long at(double ms) {
        return Math.round(ms * MS);
    }

    /**
     * A connection pool run dry, beside a cached thread pool's idle worker: T3, the executor's worker,
     * parks at 0.5 ms in SynchronousQueue.poll under ThreadPoolExecutor.getTask; T2 parks at 1 ms in the
     * same method under ConcurrentBag.borrow (another SynchronousQueue, the pool's); T1 closes its
     * connection at 5 ms, which unparks T2 (awake at 5.01 ms); T1 hands T3 a task at 8 ms (awake at 8.02
     * ms). T2 waited 4.01 ms for a connection, 4 ms of it for T1's return; T3 was idle for 7.52 ms.
     * lateMetadata: the chains' and classes' events come in a last buffer, after the parks ended.
     */
    public static Scenario pool(boolean lateMetadata) {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        if (!lateMetadata) {
            metadata(meta);
        }
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        park(b3, 0.5, 1, EXECUTOR_QUEUE, SQ_TRANSFERER, EXECUTOR_IDLE);
        park(b2, 1, 2, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b1, 5, 3, T2, RETURN);
        wake(b2, 5.01, 4, 3);
        unpark(b1, 8, 5, T3, EXECUTE);
        wake(b3, 8.02, 6, 5);
        if (lateMetadata) {
            metadata(s.buffer(0));
        }
        return s;
    }

    /**
     * A pool of two connections and three threads, run dry: T1 and T2 hold one each from the start (taken
     * without waiting: not seen). T3 parks at 1 ms; T1's return at 3 ms wakes it (awake at 3.01 ms: T3
     * holds one from then). T1 parks at 4 ms; T2's return at 6 ms wakes it (6.01 ms). T2 parks at 7 ms;
     * T3's return at 10 ms wakes it (10.01 ms). While T2 waited, T1 and T3 held the two connections the
     * whole time, and both have been seen giving back: 1.5 ms each, T1's with the chain of its return at
     * 12 ms, which wakes T3 (parked at 11 ms, awake at 12.01 ms): T3's 1 ms wait is T2's and T1's, 0.5
     * ms each, T2's with the chain where it took its connection (it never gives back). T3's and T1's
     * first waits had no other holder known to give back: each is charged to the returner alone.
     */
    public static Scenario dryPool() {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        park(b3, 1, 1, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b1, 3, 2, T3, RETURN);
        wake(b3, 3.01, 3, 2);
        park(b1, 4, 4, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b2, 6, 5, T1, RETURN);
        wake(b1, 6.01, 6, 5);
        park(b2, 7, 7, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b3, 10, 8, T2, RETURN);
        wake(b2, 10.01, 9, 8);
        park(b3, 11, 10, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b1, 12, 11, T3, RETURN_ELSEWHERE);
        wake(b3, 12.01, 12, 11);
        return s;
    }

    /**
     * A semaphore of two permits whose releaser takes one back at once: T3 holds a permit from the start
     * (not seen); T2 parks at 0.1 ms and T3's release at 0.5 ms (in siteA) wakes it (0.51 ms). T1 parks
     * at 1 ms; T2's release at 3 ms (in siteA) wakes it, but T2 takes the permit back first: T1, awake
     * at 3.01 ms, parks again at 3.02 ms (a re-park). T3's release at 5 ms wakes T1 for good (5.01 ms).
     * T3 parks at 6 ms; T2's release at 7 ms (in siteB) wakes it (7.01 ms). From 3.01 to 5 ms T1 waited
     * on T2 (a thread that waits here: holding from its release at 3 ms, provisionally, confirmed by its
     * release at 7 ms) and T3 alike: 0.995 ms each, T2's under siteB, where it gave that permit back
     * (siteA: T3's 0.4 ms, T2's 2 ms and T3's 0.995 ms).
     */
    public static Scenario bargingSemaphore() {
        return semaphore(false);
    }

    /**
     * A semaphore release that wakes nobody (the first waiter signalled already), recorded as a shared
     * release: T2 parks at 0.1 ms, T3's release at 0.5 ms wakes it (0.51 ms). T1 parks at 1 ms. T2 gives
     * back at 3 ms quietly (siteA) and takes a permit back at once (not seen); T3's release at 5 ms (siteA)
     * wakes T1 (5.01 ms); T3 parks at 6 ms and T2's release at 7 ms (siteB) wakes it (7.01 ms). T1's first
     * 2 ms are T2's first hold (siteA, ended by the quiet release); from 3 to 5 ms T2's second hold
     * (siteB) and T3 share it, 1 ms each.
     */
    public static Scenario quietSemaphoreRelease() {
        return semaphore(true);
    }

    /** T2 parks on the semaphore at 0.1 ms, T3's release at 0.5 ms wakes it (0.51 ms), T1 parks at 1 ms; the last gseq. */
    private static long twoSemaphoreWaiters(EventBufferBuilder b1, EventBufferBuilder b2, EventBufferBuilder b3) {
        park(b2, 0.1, 1, PERMITS, SEMAPHORE_SYNC, SEM_ACQUIRE);
        unpark(b3, 0.5, 2, T2, SEM_RELEASE_A);
        wake(b2, 0.51, 3, 2);
        park(b1, 1, 4, PERMITS, SEMAPHORE_SYNC, SEM_ACQUIRE);
        return 4;
    }

    /** The two semaphore scenarios above: T2's release at 3 ms is quiet, or wakes T1, which parks again. */
    private static Scenario semaphore(boolean quiet) {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        long g = twoSemaphoreWaiters(b1, b2, b3);
        if (quiet) {
            b2.event(EventType.SHARED_RELEASE, T0 + at(3), ++g, PERMITS, SEMAPHORE_SYNC, SEM_RELEASE_A);
        } else {
            unpark(b2, 3, ++g, T1, SEM_RELEASE_A);
            wake(b1, 3.01, ++g, g - 1);
            b1.event(EventType.PARK_BEGIN, T0 + at(3.02), ++g, PERMITS, SEMAPHORE_SYNC, 0, 0L, SEM_ACQUIRE, EventType.PARK_REPARK);
        }
        unpark(b3, 5, ++g, T1, SEM_RELEASE_A);
        wake(b1, 5.01, ++g, g - 1);
        park(b3, 6, ++g, PERMITS, SEMAPHORE_SYNC, SEM_ACQUIRE);
        unpark(b2, 7, ++g, T3, SEM_RELEASE_B);
        wake(b3, 7.01, ++g, g - 1);
        return s;
    }

    /**
     * A pool whose returner does not take an item back: T1 parks at 1 ms, T2's return at 2 ms wakes it
     * (2.01 ms). T3 parks at 3 ms; T1's return at 4 ms wakes it (4.01 ms): T1, a thread that waits here,
     * may hold again from its return. T2 parks at 5 ms; T3's return at 7 ms wakes it (7.01 ms): T2's 2 ms
     * are shared by T1 (provisionally) and T3, 1 ms each. T1 then waits here again at 8 ms, before it gave
     * anything back: it held nothing, and its millisecond is T3's, whose return ended it.
     */
    public static Scenario returnerWaitsAgain() {
        return returnerWaitsAgain(false);
    }

    /**
     * The same in a sampled trace: T1's wait at 8 ms was left out by the draw, and comes as a followed
     * giver's bare park (no chain, no end; EventType.PARK_FOLLOWED), since its return at 4 ms was recorded.
     */
    public static Scenario returnerWaitsAgainUnsampled() {
        return returnerWaitsAgain(true);
    }

    private static Scenario returnerWaitsAgain(boolean followed) {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        park(b1, 1, 1, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b2, 2, 2, T1, RETURN);
        wake(b1, 2.01, 3, 2);
        park(b3, 3, 4, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b1, 4, 5, T3, RETURN);
        wake(b3, 4.01, 6, 5);
        park(b2, 5, 7, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        unpark(b3, 7, 8, T2, RETURN_ELSEWHERE);
        wake(b2, 7.01, 9, 8);
        if (followed) {
            followedPark(b1, 8, 10, POOL_QUEUE, SQ_TRANSFERER);
        } else {
            park(b1, 8, 10, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        }
        return s;
    }

    /**
     * A pool of two connections, sampled: T1 holds one from the start (taken without waiting: not seen).
     * T3 parks at 1 ms; so does T2, in a wait the draw left out (a followed giver's bare park: all it says
     * is that T2 waited here then), and takes the other connection at once (not seen either). T1 gives back
     * at 3 ms without waking anyone (RETURN); T2's return at 5 ms (RETURN_ELSEWHERE) wakes T3 (5.01 ms).
     * T2 held through both intervals, but until its release at 5 ms nothing showed it holding.
     */
    public static Scenario twoUnseenHolders() {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        park(b3, 1, 1, POOL_QUEUE, SQ_TRANSFERER, BORROW);
        followedPark(b2, 1, 2, POOL_QUEUE, SQ_TRANSFERER);
        b1.event(EventType.SHARED_RELEASE, T0 + at(3), 3L, POOL_QUEUE, SQ_TRANSFERER, RETURN);
        unpark(b2, 5, 4, T3, RETURN_ELSEWHERE);
        wake(b3, 5.01, 5, 4);
        return s;
    }

    /**
     * A producer blocked on a full ArrayBlockingQueue, and one on the queue's lock: T3 parks at 1 ms on
     * the queue's ReentrantLock in put; T2 parks at 2 ms on its notFull condition in put (the queue is
     * full); T1, in take, unlocks at 3 ms (unparking T3, awake at 3.01 ms) and, having signalled notFull,
     * unlocks again at 4 ms (unparking T2, awake at 4.01 ms).
     */
    public static Scenario fullQueue() {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        park(b3, 1, 1, ABQ_LOCK, RL_SYNC, ABQ_PUT_LOCK);
        park(b2, 2, 2, ABQ_NOT_FULL, CONDITION_OBJECT, ABQ_PUT_AWAIT);
        unpark(b1, 3, 3, T3, ABQ_TAKE_UNLOCK);
        wake(b3, 3.01, 4, 3);
        unpark(b1, 4, 5, T2, ABQ_TAKE_UNLOCK);
        wake(b2, 4.01, 6, 5);
        return s;
    }

    /**
     * Condition awaits that are not resource waits: T2 at a CyclicBarrier from 1 ms, tripped by T1 at 3
     * ms (awake at 3.01 ms); T3, a fixed pool's worker, in LinkedBlockingQueue.poll under getTask from 2
     * ms, handed a task by T1 at 6 ms (awake at 6.02 ms).
     */
    public static Scenario barrierAndIdleWorker() {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        park(b2, 1, 1, TRIP, CONDITION_OBJECT, BARRIER_AWAIT);
        park(b3, 2, 2, LBQ_NOT_EMPTY, CONDITION_OBJECT, LBQ_IDLE);
        unpark(b1, 3, 3, T2, 100 + T1);
        wake(b2, 3.01, 4, 3);
        unpark(b1, 6, 5, T3, 100 + T1);
        wake(b3, 6.02, 6, 5);
        return s;
    }
}
