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

package jdk.lockstat.internal.model;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a park on a blocker means (paper 4.1's blocker dispatcher). Contention is any park that another
 * thread ends by giving something: a lock's release (LOCK), or a resource (RESOURCE) that another thread
 * hands over or gives back: a pooled item, a hand-off queue's element, a bounded queue's element or free
 * slot, a semaphore's permit, a condition's signal, a future's result, a latch's count-down. Both are
 * reported, each in its own group; a resource wait's owners are the threads that held the resource
 * meanwhile (ResourceHolds), or else the thread whose unpark woke a waiter on the blocker (the thread
 * that handed over or returned the resource), as a lock's is its releaser. What
 * is not contention is left out and counted with its time: a pool worker waiting for its next task
 * (IDLE: nobody is held up by a worker with nothing to do), and parks without a blocker (a sleep), at a
 * barrier or phaser (parties waiting for each other, with nothing held by one of them) or in a thread's
 * join (WAIT).
 *
 * <p>Decided first by the chain. Its waiting method, the first frame past the park itself (Unsafe.park,
 * LockSupport, a virtual thread's park), decides where it says what the park waits for whatever the
 * blocker's class: {@code ForkJoinPool.awaitWork} is an idle worker (an application's subclass of
 * ForkJoinPool too), {@code FutureTask.awaitDone} a resource wait whatever the task's class, a condition's
 * await a resource wait unless its caller is a barrier's. A method that says nothing (AQS's acquire, which
 * locks, latches and semaphores share) or a chain not known (yet) leaves it to the blocker's class name.
 * Then a resource wait whose chain passes, further down, a pool worker's wait for a task
 * ({@code ThreadPoolExecutor.getTask}, {@code ForkJoinPool.awaitWork}, the scheduled pool's
 * {@code DelayedWorkQueue.take}, {@code DelayScheduler.loop}, a Timer's {@code TimerThread.mainLoop}, a
 * cleaner's {@code ReferenceQueue.remove}) is
 * idle: the same SynchronousQueue.poll is a resource wait in a connection pool's borrow and an idle
 * worker under getTask. One under {@code Thread.join} is a wait (a virtual thread's join awaits a latch;
 * a platform thread's is an Object.wait, never contention). A lock stays a lock wherever it is taken: the
 * work queue's own lock, taken by an idle worker on its way to the queue's condition, blocks that worker
 * like any lock.
 */
public enum ParkBlockerKind {
    LOCK, RESOURCE, WAIT, IDLE;

    /** JDK methods that park for the reason they name, whatever the blocker's class: "Class.method". */
    private static final Map<String, ParkBlockerKind> WAITING_METHODS = Map.ofEntries(
            // idle: pool workers waiting for work
            Map.entry("java.util.concurrent.ForkJoinPool.awaitWork", IDLE),
            Map.entry("java.util.concurrent.DelayScheduler.loop", IDLE),
            // resources: hand-offs (SynchronousQueue, LinkedTransferQueue, Exchanger), results (futures,
            // joins), a publisher's buffer space
            Map.entry("java.util.concurrent.LinkedTransferQueue$DualNode.await", RESOURCE),    // and SynchronousQueue (JDK 21+)
            Map.entry("java.util.concurrent.LinkedTransferQueue.awaitMatch", RESOURCE),
            Map.entry("java.util.concurrent.SynchronousQueue$TransferStack.awaitFulfill", RESOURCE),
            Map.entry("java.util.concurrent.SynchronousQueue$TransferQueue.awaitFulfill", RESOURCE),
            Map.entry("java.util.concurrent.Exchanger.exchange", RESOURCE),
            Map.entry("java.util.concurrent.Exchanger.slotExchange", RESOURCE),
            Map.entry("java.util.concurrent.Exchanger.arenaExchange", RESOURCE),
            Map.entry("java.util.concurrent.FutureTask.awaitDone", RESOURCE),
            Map.entry("java.util.concurrent.ForkJoinTask.awaitDone", RESOURCE),
            Map.entry("java.util.concurrent.CompletableFuture$Signaller.block", RESOURCE),
            Map.entry("java.util.concurrent.SubmissionPublisher$BufferedSubscription.block", RESOURCE),
            // waits: a phaser's parties wait for each other (not the locks their callers may take)
            Map.entry("java.util.concurrent.Phaser$QNode.block", WAIT));

    /** Callers of a condition's await that wait for other parties rather than for a resource. */
    private static final Set<String> BARRIER_CALLERS = Set.of("java.util.concurrent.CyclicBarrier.dowait");

    /**
     * Frames below a resource wait that make it a pool worker's wait for its next task (idle). Each is on
     * a worker's stack only between tasks: a task that runs and waits for a resource has runWorker below
     * it, never getTask. A ReferenceQueue's remove (the Common-Cleaner's and the Finalizer's loops, a
     * queue's poller in an application) waits for the GC to enqueue work, which no thread holds.
     */
    private static final Set<String> IDLE_WORKER_FRAMES = Set.of(
            "java.util.concurrent.ThreadPoolExecutor.getTask",
            "java.util.concurrent.ForkJoinPool.awaitWork",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take",
            "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.poll",
            "java.util.concurrent.DelayScheduler.loop",
            "java.util.TimerThread.mainLoop",
            "java.lang.ref.ReferenceQueue.remove");

    /**
     * Frames below a resource wait that make it a wait for a thread's end: a virtual thread's join awaits
     * a CountDownLatch, a platform thread's is an Object.wait (never contention). Both are waits, left out
     * alike, rather than the first a resource wait owned by the ending thread.
     */
    private static final Set<String> THREAD_JOIN_FRAMES = Set.of("java.lang.Thread.join", "java.lang.VirtualThread.joinNanos");

    /** Frames of the park itself, above the waiting method. */
    private static final List<String> PARK_PREFIXES = List.of(
            "jdk.internal.misc.Unsafe.", "sun.misc.Unsafe.", "java.util.concurrent.locks.LockSupport.",
            "java.lang.VirtualThread.", "java.lang.VirtualThread$", "jdk.internal.misc.VirtualThreads.",
            "java.lang.System$", "jdk.internal.vm.Continuation.");

    /** Between a condition's await and its ConditionNode.block when the waiter is managed (ForkJoinPool). */
    private static final List<String> MANAGED_BLOCK = List.of("java.util.concurrent.ForkJoinPool.managedBlock",
            "java.util.concurrent.ForkJoinPool.unmanagedBlock", "java.util.concurrent.ForkJoinPool.compensatedBlock");

    /** Whether parks of this kind are contention (reported, with an owner). */
    public boolean contention() {
        return this == LOCK || this == RESOURCE;
    }

    /**
     * The park's kind: by the waiting method in its chain when that decides, else by the blocker's class;
     * a resource wait of a pool worker between tasks is idle, one in a thread's join a wait. Where the
     * chain or the class is not known yet the answer may change once they are: see {@link #decided}.
     */
    public static ParkBlockerKind of(ClassRef blockerClass, ChainRef chain) {
        Verdict v = verdict(chain);
        ParkBlockerKind kind = v != null && v.method() != null ? v.method() : of(blockerClass);
        if (kind != RESOURCE || v == null) {
            return kind;
        }
        return switch (v.below()) {
            case IDLE_WORKER -> IDLE;
            case THREAD_JOIN -> WAIT;
            default -> RESOURCE;
        };
    }

    /**
     * Whether {@link #of(ClassRef, ChainRef)} has what it looks at: the chain's frames down to the waiting
     * method (and a condition await's caller); unless that method decides, the blocker's class name; and for
     * a resource wait, the frames below it down to a pool worker's wait for a task, a thread's join or the
     * chain's end.
     */
    public static boolean decided(ClassRef blockerClass, ChainRef chain) {
        Verdict v = verdict(chain);
        if (chain != null && v == null) {
            return false;
        }
        ParkBlockerKind kind;
        if (v != null && v.method() != null) {
            kind = v.method();
        } else if (blockerClass != null && blockerClass.name() == null) {
            return false;
        } else {
            kind = of(blockerClass);
        }
        return kind != RESOURCE || v == null || v.below() != Below.UNKNOWN;
    }

    /** By the blocker's class name alone (the chain not known, or its waiting method says nothing). */
    public static ParkBlockerKind of(ClassRef blockerClass) {
        if (blockerClass == null) {
            return WAIT;   // no blocker: a virtual thread's sleep, or a bare LockSupport.park()
        }
        String name = blockerClass.name();
        if (name == null) {
            return LOCK;   // metadata not (yet) known: attribute, as the common case
        }
        ParkBlockerKind known = blockerClass.parkKind;
        if (known == null) {
            known = byName(name);
            blockerClass.parkKind = known;   // a class's name never changes once defined
        }
        return known;
    }

    private static ParkBlockerKind byName(String name) {
        if (name.startsWith("java.util.concurrent.CyclicBarrier") || name.startsWith("java.util.concurrent.Phaser")) {
            return WAIT;
        }
        if (name.startsWith("java.util.concurrent.ForkJoinPool") || name.startsWith("java.util.concurrent.ScheduledThreadPoolExecutor")
                || name.startsWith("java.util.concurrent.DelayScheduler")) {
            return IDLE;
        }
        if (name.endsWith("$ConditionObject") || name.startsWith("java.util.concurrent.CountDownLatch")
                || name.startsWith("java.util.concurrent.Semaphore") || name.startsWith("java.util.concurrent.SynchronousQueue")
                || name.startsWith("java.util.concurrent.LinkedTransferQueue") || name.startsWith("java.util.concurrent.Exchanger")
                || name.startsWith("java.util.concurrent.CompletableFuture") || name.startsWith("java.util.concurrent.FutureTask")
                || isLatch(name)) {
            return RESOURCE;
        }
        return LOCK;
    }

    /**
     * A one-shot latch by its name (Scala's {@code Promise$CompletionLatch}, an application's
     * {@code FooLatch} or {@code FooLatch$Sync}): a class or an enclosing class whose simple name ends in
     * "Latch". Its waiters wait for the thread that opens it, as for a future's result.
     */
    private static boolean isLatch(String name) {
        String simple = name.substring(name.lastIndexOf('.') + 1);
        for (String part : simple.split("\\$")) {
            if (part.endsWith("Latch")) {
                return true;
            }
        }
        return false;
    }

    /**
     * What lies below a resource wait's waiting method: nothing that changes it, a pool worker's wait for a
     * task, a thread's join, or not known yet (a frame's metadata has not come).
     */
    private enum Below { NOTHING, IDLE_WORKER, THREAD_JOIN, UNKNOWN }

    /**
     * What a chain says: its waiting method's kind (null: the method says nothing, the class decides), and
     * what the frames below it say of a resource wait.
     */
    private record Verdict(ParkBlockerKind method, Below below) {
        // values() copies its array at every call, and decode runs for every park
        private static final Below[] BELOW = Below.values();
        private static final ParkBlockerKind[] KINDS = ParkBlockerKind.values();

        /** As {@link ChainRef#parkVerdict} keeps it: 1 + (the method's ordinal + 1, 0 for none) * 4 + below. */
        int code() {
            return 1 + (method == null ? 0 : 1 + method.ordinal()) * BELOW.length + below.ordinal();
        }

        private static final Verdict[] DECODED = new Verdict[1 + (KINDS.length + 1) * BELOW.length];

        static {
            for (int code = 1; code < DECODED.length; code++) {
                int method = (code - 1) / BELOW.length, below = (code - 1) % BELOW.length;
                DECODED[code] = new Verdict(method == 0 ? null : KINDS[method - 1], BELOW[below]);
            }
        }

        static Verdict decode(int code) {
            return DECODED[code];
        }
    }

    /** The chain's verdict; null when there is no chain, or a frame it needs is not resolved yet. */
    private static Verdict verdict(ChainRef chain) {
        if (chain == null || !chain.defined()) {
            return null;
        }
        if (chain.parkVerdict != 0) {
            return Verdict.decode(chain.parkVerdict);
        }
        Verdict v = verdict(chain.frames());
        if (v != null && resolved(chain.frames())) {
            chain.parkVerdict = v.code();   // final once every frame is known
        }
        return v;
    }

    private static Verdict verdict(List<Frame> frames) {
        int w = waitingFrame(frames);
        if (w == -2) {
            return null;
        }
        if (w == -1) {
            return new Verdict(null, Below.NOTHING);   // nothing but the park: the class decides
        }
        String waiting = name(frames.get(w));
        ParkBlockerKind kind = WAITING_METHODS.get(waiting);
        int await = -1;
        if (isConditionAwait(waiting)) {
            await = w;
        } else if (waiting.endsWith("$ConditionNode.block")) {
            await = w + 1;   // the await that blocked, past ForkJoinPool's managed blocking
            while (await < frames.size() && MANAGED_BLOCK.contains(String.valueOf(name(frames.get(await))))) {
                await++;
            }
            if (await >= frames.size() || !isConditionAwait(String.valueOf(name(frames.get(await))))) {
                await = -1;   // not a condition's block after all, or its await is not in the chain: the class decides
            }
        }
        if (await >= 0) {
            String caller = await + 1 < frames.size() ? name(frames.get(await + 1)) : null;
            if (caller == null && await + 1 < frames.size()) {
                return null;   // the caller's metadata has not come yet
            }
            kind = caller != null && BARRIER_CALLERS.contains(caller) ? WAIT : RESOURCE;
        }
        if (kind == IDLE || kind == WAIT) {
            return new Verdict(kind, Below.NOTHING);
        }
        return new Verdict(kind, below(frames, w + 1));   // a resource wait, or one by the class
    }

    /**
     * The first frame from index from on that is a pool worker's wait for a task or a thread's join;
     * UNKNOWN at an unresolved frame before it.
     */
    private static Below below(List<Frame> frames, int from) {
        for (int i = from; i < frames.size(); i++) {
            String n = name(frames.get(i));
            if (n == null) {
                return Below.UNKNOWN;
            }
            if (IDLE_WORKER_FRAMES.contains(n)) {
                return Below.IDLE_WORKER;
            }
            if (THREAD_JOIN_FRAMES.contains(n)) {
                return Below.THREAD_JOIN;
            }
        }
        return Below.NOTHING;
    }

    private static boolean isConditionAwait(String method) {
        return (method.startsWith("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await")
                || method.startsWith("java.util.concurrent.locks.AbstractQueuedLongSynchronizer$ConditionObject.await"));
    }

    /**
     * Index of the first frame past the park itself; -1 when there is none (every frame is the park's),
     * -2 when a frame down to it is not resolved yet (its Method or Class event has not come).
     */
    private static int waitingFrame(List<Frame> frames) {
        if (frames == null) {
            return -2;
        }
        for (int i = 0; i < frames.size(); i++) {
            String n = name(frames.get(i));
            if (n == null) {
                return -2;
            }
            if (!isPark(n)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isPark(String method) {
        for (String p : PARK_PREFIXES) {
            if (method.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** "Class.method", or null while its metadata (Method or Class event) is missing. */
    private static String name(Frame f) {
        MethodRef m = f.method();
        if (m == null || m.name() == null) {
            return null;
        }
        ClassRef holder = m.declaringClass();
        if (holder == null) {
            return m.name();   // a method without a class id: only its name is known, and ever will be
        }
        return holder.name() == null ? null : holder.name() + "." + m.name();
    }

    private static boolean resolved(List<Frame> frames) {
        for (Frame f : frames) {
            MethodRef m = f.method();
            if (m == null || m.name() == null || (m.declaringClass() != null && m.declaringClass().name() == null)) {
                return false;
            }
        }
        return true;
    }
}
