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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.ResourceScenarios;

/**
 * lockstat report on a connection pool run dry (ResourceScenarios.pool: T2 waits 4.01 ms for a connection
 * that T1 returns; an executor's worker is idle for 7.52 ms): the wait is in the headline, in group
 * resource, with its owner explained; the idle worker is left out with its time; lockstat help says why.
 */
class ResourceWaitReportTest {
    @TempDir
    Path dir;

    private String trace() throws IOException {
        return ResourceScenarios.pool(false).write(dir, "pool.lct").toString();
    }

    @Test
    void poolWaitIsInTheHeadlineIdleWorkerInTheNotesWithItsTime() throws IOException {
        ToolRun r = ToolRun.of("report", "--by", "group,lock-class,owner-thread", trace());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().map(l -> l.trim().replaceAll(" +", " ")).toList();
        assertTrue(lines.contains("Blocked: 4.010 ms in 1 contentions, by group > lock-class > owner-thread"), r.out());
        assertTrue(lines.contains("100.00% 4.010 ms 1 4.01 ms 4.01 ms 4.01 ms 4.01 ms resource"), r.out());
        assertTrue(lines.contains("100.00% 4.010 ms 1 4.01 ms 4.01 ms 4.01 ms 4.01 ms java.util.concurrent.SynchronousQueue$Transferer"),
                r.out());
        assertTrue(lines.contains("99.75% 4.000 ms 1 4.00 ms 4.00 ms 4.00 ms 4.00 ms worker-11 #11"), r.out());
        assertTrue(lines.contains("1 resource wait(s) (group resource: waits for a pool's item, a hand-off or bounded queue,"
                + " a permit, a condition, a future or a latch) are contention like locks; their owners are the threads that"
                + " held the resource meanwhile (a pool's item, a permit: threads that both wait for it and give it back),"
                + " each for its time holding, or else the thread that handed it over or returned it (its unpark woke a"
                + " waiter); see lockstat help parks"), r.out());
        assertTrue(lines.contains("1 idle worker park(s), 7.520 ms in all, are not contention (left out): pool workers waiting"
                + " for their next task (under ThreadPoolExecutor.getTask, ForkJoinPool.awaitWork, a scheduler's, Timer's or cleaner's"
                + " loop); see lockstat help parks"), r.out());
    }

    @Test
    void helpParksExplainsTheRule() {
        ToolRun r = ToolRun.of("help", "parks");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Which parks are contention"), r.out());
        for (String s : List.of("resource ", "ThreadPoolExecutor.getTask", "SynchronousQueue", "ArrayBlockingQueue",
                "the thread whose unpark woke a waiter", "The owners are the threads that held the resource", "Left out, and told\nin the report's notes with their count and time")) {
            assertTrue(r.out().contains(s), s + " in\n" + r.out());
        }
        ToolRun usage = ToolRun.of("help");
        assertTrue(usage.out().contains("lockstat help TOPIC explains more (topics: parks, aspects, report, owners, locks, bottle, whatif, diff, sampling)."), usage.out());
        ToolRun unknown = ToolRun.of("help", "nosuch");
        assertEquals(2, unknown.status());
        assertEquals("lockstat help: no topic nosuch (topics: parks, aspects, report, owners, locks, bottle, whatif, diff, sampling)\n", unknown.err());
    }
}
