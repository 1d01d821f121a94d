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
        a.threadStarted(t, S, true);
        a.parked(t, ParkBlockerKind.LOCK, S + 10 * MS, S + 30 * MS);     // blocked 20 ms
        a.waitStarted(t, S + 40 * MS);
        a.waitEnded(t, S + 45 * MS);                                      // waiting 5 ms
        a.parked(t, ParkBlockerKind.IDLE, S + 50 * MS, S + 60 * MS);     // parked 10 ms
        a.threadEnded(t, S + 100 * MS);
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
        a.threadStarted(main, S, true);
        a.waitStarted(main, S + 40 * MS);
        a.waitEnded(main, S + 100 * MS);
        for (int i = 0; i < 4; i++) {
            ThreadRef w = thread(10 + i, "worker-" + i);
            a.threadStarted(w, S + 40 * MS, false);
            a.parked(w, ParkBlockerKind.IDLE, S + 100 * MS, S + 100 * MS);   // traced, for no time
            a.threadEnded(w, S + 100 * MS);
        }
        a.threadEnded(main, S + 100 * MS);
        a.threadStarted(thread(2, "Reference Handler"), S, true);   // never traced: left out
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
        a.threadStarted(main, S, true);
        a.parked(main, ParkBlockerKind.IDLE, S + 30 * MS, S + 40 * MS);
        a.vmPause(S + 10 * MS, 10 * MS, 0);
        a.threadEnded(main, S + 40 * MS);
        a.finish(S + 40 * MS);
        ThreadActivity.ThreadTimeline tl = a.timelines(0, TimeAxis.BUCKETS, 10).get(0);
        assertEquals(10 * MS, tl.total(ThreadState.PAUSED));
        assertEquals(20 * MS, tl.total(ThreadState.RUNNING));
        assertEquals(10 * MS, tl.total(ThreadState.PARKED));
        assertEquals(1, a.pauses()[0]);
        BottleGraph g = a.bottleGraph(0, TimeAxis.BUCKETS, false);
        assertEquals(20 * MS, g.boxes().get(0).shareNanos(), 1);
    }
}
