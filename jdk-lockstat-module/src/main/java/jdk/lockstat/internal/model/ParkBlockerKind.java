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

/**
 * What a park on a blocker means (paper 4.1's blocker dispatcher): waiting for a lock is contention;
 * waiting for a condition, a latch or a barrier is a wait (like Object.wait(), not contention); an idle
 * worker waiting for work is idle. Only LOCK parks become contentions.
 *
 * <p>Decided first by the waiting method, the park chain's first frame past the park itself
 * (Unsafe.park, LockSupport, a virtual thread's park): {@code ForkJoinPool.awaitWork} is an idle worker
 * whatever the pool's class (an application's subclass of ForkJoinPool too), {@code FutureTask.awaitDone}
 * a wait whatever the task's class. A method that says nothing (AQS's acquire, which locks, latches and
 * semaphores share) or a chain not known (yet) leaves it to the blocker's class name.
 */
public enum ParkBlockerKind {
    LOCK, WAIT, IDLE;

    /** JDK methods that park for the reason they name, whatever the blocker's class: "Class.method". */
    private static final Map<String, ParkBlockerKind> WAITING_METHODS = Map.ofEntries(
            // idle: pool workers and hand-off queues waiting for work
            Map.entry("java.util.concurrent.ForkJoinPool.awaitWork", IDLE),
            Map.entry("java.util.concurrent.DelayScheduler.loop", IDLE),
            Map.entry("java.util.concurrent.LinkedTransferQueue$DualNode.await", IDLE),    // and SynchronousQueue (JDK 21+)
            Map.entry("java.util.concurrent.LinkedTransferQueue.awaitMatch", IDLE),
            Map.entry("java.util.concurrent.SynchronousQueue$TransferStack.awaitFulfill", IDLE),
            Map.entry("java.util.concurrent.SynchronousQueue$TransferQueue.awaitFulfill", IDLE),
            Map.entry("java.util.concurrent.Exchanger.exchange", IDLE),
            Map.entry("java.util.concurrent.Exchanger.slotExchange", IDLE),
            Map.entry("java.util.concurrent.Exchanger.arenaExchange", IDLE),
            // waits: conditions, futures, phasers (not the locks their callers may take)
            Map.entry("java.util.concurrent.FutureTask.awaitDone", WAIT),
            Map.entry("java.util.concurrent.ForkJoinTask.awaitDone", WAIT),
            Map.entry("java.util.concurrent.CompletableFuture$Signaller.block", WAIT),
            Map.entry("java.util.concurrent.Phaser$QNode.block", WAIT),
            Map.entry("java.util.concurrent.SubmissionPublisher$BufferedSubscription.block", WAIT),
            Map.entry("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode.block", WAIT),
            Map.entry("java.util.concurrent.locks.AbstractQueuedLongSynchronizer$ConditionNode.block", WAIT));

    /** Frames of the park itself, above the waiting method. */
    private static final List<String> PARK_PREFIXES = List.of(
            "jdk.internal.misc.Unsafe.", "sun.misc.Unsafe.", "java.util.concurrent.locks.LockSupport.",
            "java.lang.VirtualThread.", "java.lang.VirtualThread$", "jdk.internal.misc.VirtualThreads.",
            "java.lang.System$", "jdk.internal.vm.Continuation.");

    /** Between a condition's await and its ConditionNode.block when the waiter is managed (ForkJoinPool). */
    private static final List<String> MANAGED_BLOCK = List.of("java.util.concurrent.ForkJoinPool.managedBlock",
            "java.util.concurrent.ForkJoinPool.unmanagedBlock", "java.util.concurrent.ForkJoinPool.compensatedBlock");

    /**
     * The park's kind: by the waiting method in its chain when that decides, else by the blocker's class.
     * Where the chain or the class is not known yet the answer may change once they are: see
     * {@link #decided}.
     */
    public static ParkBlockerKind of(ClassRef blockerClass, ChainRef chain) {
        ParkBlockerKind byMethod = byMethod(chain);
        return byMethod != null ? byMethod : of(blockerClass);
    }

    /**
     * Whether {@link #of(ClassRef, ChainRef)} has what it looks at: the chain's frames down to the waiting
     * method and, unless that method decides, the blocker's class name.
     */
    public static boolean decided(ClassRef blockerClass, ChainRef chain) {
        if (chain != null && waitingFrame(chain.frames()) == -2) {
            return false;
        }
        return blockerClass == null || blockerClass.name() != null || byMethod(chain) != null;
    }

    /** By the blocker's class name alone (the chain not known). */
    public static ParkBlockerKind of(ClassRef blockerClass) {
        if (blockerClass == null) {
            return WAIT;   // no blocker: a virtual thread's sleep, or a bare LockSupport.park()
        }
        String name = blockerClass.name();
        if (name == null) {
            return LOCK;   // metadata not (yet) known: attribute, as the common case
        }
        if (name.endsWith("$ConditionObject") || name.startsWith("java.util.concurrent.CountDownLatch")
                || name.startsWith("java.util.concurrent.CyclicBarrier") || name.startsWith("java.util.concurrent.Phaser")
                || name.startsWith("java.util.concurrent.CompletableFuture") || name.startsWith("java.util.concurrent.FutureTask")
                || isLatch(name)) {
            return WAIT;
        }
        if (name.startsWith("java.util.concurrent.SynchronousQueue") || name.startsWith("java.util.concurrent.LinkedTransferQueue")
                || name.startsWith("java.util.concurrent.ForkJoinPool") || name.startsWith("java.util.concurrent.Exchanger")
                || name.startsWith("java.util.concurrent.ScheduledThreadPoolExecutor")) {
            return IDLE;
        }
        return LOCK;
    }

    /**
     * A one-shot latch by its name (Scala's {@code Promise$CompletionLatch}, an application's
     * {@code FooLatch} or {@code FooLatch$Sync}): a class or an enclosing class whose simple name ends in
     * "Latch". Its waiters wait for an event, not for a lock's owner.
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

    /** The waiting method's kind when it decides; null when it does not, or the chain is not known. */
    private static ParkBlockerKind byMethod(ChainRef chain) {
        if (chain == null || !chain.defined()) {
            return null;
        }
        if (chain.parkVerdict != 0) {
            return chain.parkVerdict == 1 ? null : values()[chain.parkVerdict - 2];
        }
        ParkBlockerKind kind = byMethod(chain.frames());
        if (resolved(chain.frames())) {
            chain.parkVerdict = kind == null ? 1 : 2 + kind.ordinal();   // final once every frame is known
        }
        return kind;
    }

    private static ParkBlockerKind byMethod(List<Frame> frames) {
        int w = waitingFrame(frames);
        if (w < 0) {
            return null;
        }
        String waiting = name(frames.get(w));
        ParkBlockerKind kind = WAITING_METHODS.get(waiting);
        int await = -1;
        if (isConditionAwait(waiting)) {
            kind = WAIT;
            await = w;
        } else if (waiting.endsWith("$ConditionNode.block")) {
            await = w + 1;   // the await that blocked, past ForkJoinPool's managed blocking
            while (await < frames.size() && MANAGED_BLOCK.contains(String.valueOf(name(frames.get(await))))) {
                await++;
            }
            if (await >= frames.size() || !isConditionAwait(String.valueOf(name(frames.get(await))))) {
                await = -1;
            }
        }
        if (await >= 0 && idleWorker(frames, await)) {
            return IDLE;
        }
        return kind;
    }

    /**
     * A condition wait by a pool worker for its next task (the await's caller is the scheduled pool's
     * queue, or a queue's take/poll called by ThreadPoolExecutor.getTask): idle. The queue's own lock,
     * taken before the await, is a separate park and stays contention.
     */
    private static boolean idleWorker(List<Frame> frames, int await) {
        String queue = await + 1 < frames.size() ? name(frames.get(await + 1)) : null;
        if (queue == null) {
            return false;
        }
        if (queue.equals("java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.take")
                || queue.equals("java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue.poll")) {
            return true;
        }
        return (queue.endsWith(".take") || queue.endsWith(".poll")) && await + 2 < frames.size()
                && "java.util.concurrent.ThreadPoolExecutor.getTask".equals(name(frames.get(await + 2)));
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
