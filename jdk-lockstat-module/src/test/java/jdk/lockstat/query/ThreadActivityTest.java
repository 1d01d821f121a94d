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

package jdk.lockstat.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.ThreadRef;

/** Timelines and bottle graphs from known intervals. */
class ThreadActivityTest {
    static final long S = 5_000_000_000L, MS = 1_000_000;

    static ThreadRef thread(long id, String name) {
        ThreadRef t = new ThreadRef(id);
        t.started(name, false, false);
        return t;
    }

    @Test
    void statesPerThreadAddUpToItsLifetime() {
        TimeAxis axis = new TimeAxis();
        axis.start(S);
        ThreadActivity a = new ThreadActivity(axis);
        ThreadRef t = thread(1, "main");
        a.listener().threadStarted(t, S, true);
        a.listener().parked(t, ParkBlockerKind.LOCK, S + 10 * MS, S + 30 * MS);     // blocked 20 ms
        a.listener().waitStarted(t, S + 40 * MS);
        a.listener().waitEnded(t, S + 45 * MS);                                      // waiting 5 ms
        a.listener().parked(t, ParkBlockerKind.IDLE, S + 50 * MS, S + 60 * MS);     // parked 10 ms
        a.listener().threadEnded(t, S + 100 * MS);
        a.finish(S + 200 * MS);
        ThreadActivity.ThreadTimeline tl = a.timelines(0, TimeAxis.BUCKETS, 10).get(0);
        assertEquals(20 * MS, tl.total(ThreadState.BLOCKED));
        assertEquals(5 * MS, tl.total(ThreadState.WAITING));
        assertEquals(10 * MS, tl.total(ThreadState.PARKED));
        assertEquals(65 * MS, tl.total(ThreadState.RUNNING));
    }

    /**
     * The bottle graphs paper's example shape: a main thread runs alone for 40 ms, then 4 workers run
     * in parallel for 60 ms while main waits. Main: share 40, parallelism 1; each worker: share 15,
     * parallelism 4; grouped, the workers are one box of share 60.
     */
    @Test
    void bottleGraphSharesAndParallelism() {
        TimeAxis axis = new TimeAxis();
        axis.start(S);
        ThreadActivity a = new ThreadActivity(axis);
        ThreadRef main = thread(1, "main");
        a.listener().threadStarted(main, S, true);
        a.listener().waitStarted(main, S + 40 * MS);
        a.listener().waitEnded(main, S + 100 * MS);
        for (int i = 0; i < 4; i++) {
            ThreadRef w = thread(10 + i, "worker-" + i);
            a.listener().threadStarted(w, S + 40 * MS, false);
            a.listener().parked(w, ParkBlockerKind.IDLE, S + 100 * MS, S + 100 * MS);   // traced, for no time
            a.listener().threadEnded(w, S + 100 * MS);
        }
        a.listener().threadEnded(main, S + 100 * MS);
        a.listener().threadStarted(thread(2, "Reference Handler"), S, true);   // never traced: left out
        a.finish(S + 100 * MS);
        BottleGraph g = a.bottleGraph(0, TimeAxis.BUCKETS, false);
        assertEquals(5, g.boxes().size());
        BottleGraph.Box first = g.boxes().get(0);
        assertEquals("main #1", first.label());
        assertEquals(40 * MS, first.shareNanos(), 1);
        assertEquals(1.0, first.parallelism(), 1e-9);
        for (BottleGraph.Box w : g.boxes().subList(1, 5)) {
            assertEquals(15 * MS, w.shareNanos(), 1);
            assertEquals(4.0, w.parallelism(), 1e-9);
        }
        assertEquals(100 * MS, g.sharedNanos());
        assertEquals(1, g.untracedThreads());
        List<BottleGraph.Box> grouped = a.bottleGraph(0, TimeAxis.BUCKETS, true).boxes();
        assertEquals(2, grouped.size());
        assertEquals("worker-#", grouped.get(1).label());
        assertEquals(4, grouped.get(1).threads());
        assertEquals(60 * MS, grouped.get(1).shareNanos(), 1);
        assertEquals(4.0, grouped.get(1).parallelism(), 1e-9);
    }

    /** A 10 ms safepoint while main runs alone: 10 ms paused, not running; its share shrinks by as much. */
    @Test
    void vmPausesStopRunningThreads() {
        TimeAxis axis = new TimeAxis();
        axis.start(S);
        ThreadActivity a = new ThreadActivity(axis);
        ThreadRef main = thread(1, "main");
        a.listener().threadStarted(main, S, true);
        a.listener().parked(main, ParkBlockerKind.IDLE, S + 30 * MS, S + 40 * MS);
        a.listener().vmPause(S + 10 * MS, 10 * MS, 0);
        a.listener().threadEnded(main, S + 40 * MS);
        a.finish(S + 40 * MS);
        ThreadActivity.ThreadTimeline tl = a.timelines(0, TimeAxis.BUCKETS, 10).get(0);
        assertEquals(10 * MS, tl.total(ThreadState.PAUSED));
        assertEquals(20 * MS, tl.total(ThreadState.RUNNING));
        assertEquals(10 * MS, tl.total(ThreadState.PARKED));
        assertEquals(1, a.pauses()[0]);
        BottleGraph g = a.bottleGraph(0, TimeAxis.BUCKETS, false);
        assertEquals(20 * MS, g.boxes().get(0).shareNanos(), 1);
    }

    /**
     * 8 busy threads on 2 CPUs for 1 s, none blocking: each gets 250 ms of CPU (sampled every 100 ms, as
     * the drain periods do). Running is time on a CPU, so each box is 2 wide (all 8 share 2 CPUs) and 125 ms
     * tall, the graph is 1 s tall, and each thread was runnable, without a CPU, for 750 ms: oversubscribed.
     * The same threads without CPU time are "alive, never traced" and left out.
     */
    @Test
    void cpuTimeMakesRunnableThreadsNotParallel() {
        for (boolean withCpu : new boolean[] {true, false}) {
            TimeAxis axis = new TimeAxis();
            axis.start(S);
            ThreadActivity a = new ThreadActivity(axis);
            for (int i = 0; i < 8; i++) {
                ThreadRef t = thread(10 + i, "busy-" + i);
                a.listener().threadStarted(t, S, false);
                for (int k = 1; withCpu && k <= 10; k++) {
                    a.listener().cpuTime(t, S + k * 100 * MS, k * 25 * MS);
                }
                a.listener().threadEnded(t, S + 1000 * MS);
            }
            a.finish(S + 1000 * MS);
            BottleGraph g = a.bottleGraph(0, TimeAxis.BUCKETS, false);
            if (!withCpu) {
                assertEquals(0, g.boxes().size());
                assertEquals(false, g.cpuRecorded());
                continue;
            }
            assertEquals(8, g.boxes().size());
            for (BottleGraph.Box b : g.boxes()) {
                assertEquals(250 * MS, b.runningNanos(), MS);
                assertEquals(750 * MS, b.runnableNanos(), MS);
                assertEquals(2.0, b.parallelism(), 0.01);
                assertEquals(125 * MS, b.shareNanos(), MS);
            }
            assertEquals(1000 * MS, g.sharedNanos(), MS);
            assertEquals(true, g.cpuRecorded());
            assertEquals(true, g.oversubscribed());
            ThreadActivity.ThreadTimeline tl = a.timelines(0, TimeAxis.BUCKETS, 10).get(0);
            assertEquals(250 * MS, tl.total(ThreadState.RUNNING), MS);
            assertEquals(750 * MS, tl.total(ThreadState.RUNNABLE), MS);
        }
    }

    /**
     * 2 threads on 2 CPUs, each on a CPU all the time except while blocked: width about 2, nothing
     * runnable. A thread's CPU goes to its not-blocked time only: T1 blocked for the first half of every
     * period used half of each period's CPU, and nothing of it lands where it was blocked.
     */
    @Test
    void cpuTimeGoesToNotBlockedTime() {
        TimeAxis axis = new TimeAxis();
        axis.start(S);
        ThreadActivity a = new ThreadActivity(axis);
        ThreadRef t0 = thread(10, "worker-0"), t1 = thread(11, "worker-1");
        a.listener().threadStarted(t0, S, false);
        a.listener().threadStarted(t1, S, false);
        for (int k = 1; k <= 10; k++) {
            a.listener().parked(t1, ParkBlockerKind.LOCK, S + (k - 1) * 100 * MS, S + (k - 1) * 100 * MS + 50 * MS);
            a.listener().cpuTime(t0, S + k * 100 * MS, k * 100 * MS);
            a.listener().cpuTime(t1, S + k * 100 * MS, k * 50 * MS);
        }
        a.listener().threadEnded(t0, S + 1000 * MS);
        a.listener().threadEnded(t1, S + 1000 * MS);
        a.finish(S + 1000 * MS);
        BottleGraph g = a.bottleGraph(0, TimeAxis.BUCKETS, false);
        assertEquals(2, g.boxes().size());
        assertEquals(false, g.oversubscribed());
        assertEquals(0, g.runnableNanos(), MS);
        ThreadActivity.ThreadTimeline w1 = a.timelines(0, TimeAxis.BUCKETS, 10).stream()
                .filter(tl -> tl.threadId() == 11).findFirst().orElseThrow();
        assertEquals(500 * MS, w1.total(ThreadState.RUNNING), MS);
        assertEquals(500 * MS, w1.total(ThreadState.BLOCKED), MS);
        // worker-0 ran alone while worker-1 was blocked (500 ms of share), with it otherwise (250): width 1.33.
        BottleGraph.Box b0 = g.boxes().stream().filter(b -> b.label().startsWith("worker-0")).findFirst().orElseThrow();
        assertEquals(750 * MS, b0.shareNanos(), 2 * MS);
        assertEquals(1000.0 / 750, b0.parallelism(), 0.01);
    }
}
