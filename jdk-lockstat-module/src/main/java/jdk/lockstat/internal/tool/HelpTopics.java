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

package jdk.lockstat.internal.tool;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * lockstat help TOPIC: the rules behind a report that a user needs to read it and that fit no command's
 * usage line. Kept here, with the tool, so that an installed JDK answers without the repository's docs.
 */
final class HelpTopics {
    /** Topic name to its text, in the order {@code lockstat help} lists them. */
    private static final Map<String, String> TOPICS = new LinkedHashMap<>();

    static {
        TOPICS.put("parks", """
                Which parks are contention (java.util.concurrent and other LockSupport.park callers)

                A thread parked on a blocker is contention when another thread ends its wait by giving it
                something. Two groups (--by group) of the report hold them:

                  park       a lock: ReentrantLock, ReentrantReadWriteLock, StampedLock, any other blocker not
                             named below. The owner is the thread that released the lock (its unpark).
                  resource   a resource that another thread hands over or gives back: a pool's item (e.g.
                             HikariCP's getConnection, which waits in SynchronousQueue.poll), a hand-off
                             queue (SynchronousQueue, LinkedTransferQueue, Exchanger), a bounded queue's
                             element or free slot (ArrayBlockingQueue, LinkedBlockingQueue take/put/poll/offer:
                             their Condition awaits), a Semaphore's permit, a Condition.await in application
                             code, Future.get and ForkJoinTask.join, CountDownLatch.await and other latches.
                             The owner is the thread whose unpark woke a waiter on the blocker: the thread
                             that handed over or returned the resource (the trace does not tell who held a
                             pooled item meanwhile). Pinned virtual threads' resource waits are here too.

                Their time is in the report's headline ("Blocked: ...") like monitors'. Left out, and told
                in the report's notes with their count and time:

                  idle       a pool worker waiting for its next task: a wait whose call chain passes
                             ThreadPoolExecutor.getTask, ForkJoinPool.awaitWork,
                             ScheduledThreadPoolExecutor$DelayedWorkQueue.take/poll, DelayScheduler.loop,
                             TimerThread.mainLoop or ReferenceQueue.remove (the Common-Cleaner, the
                             Finalizer) below the waiting method. Nobody waits for a worker with nothing to
                             do. The work queue's own lock, taken on the way, stays contention.
                  wait       a park without a blocker (a virtual thread's sleep, a bare LockSupport.park()),
                             at a CyclicBarrier or Phaser (parties waiting for each other, with nothing held
                             by one of them), or in Thread.join (a virtual thread's join awaits a latch; a
                             platform thread's is an Object.wait, never contention).

                The decision is by the park's call chain first: its waiting method (the first frame past
                Unsafe.park and LockSupport), a Condition await's caller, and a frame further down for an
                idle worker or a join; where the chain says nothing (AbstractQueuedSynchronizer.acquire,
                which locks, semaphores and latches share), by the blocker's class name.
                """);
    }

    private HelpTopics() {}

    /** The topics' names, for the usage text. */
    static String names() {
        return String.join(", ", TOPICS.keySet());
    }

    /** Prints a topic; false when there is none of that name. */
    static boolean print(String topic, PrintStream out) {
        String text = TOPICS.get(topic);
        if (text == null) {
            return false;
        }
        out.print(text);
        return true;
    }
}
