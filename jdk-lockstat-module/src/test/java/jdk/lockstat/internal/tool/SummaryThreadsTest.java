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
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TestTraces;

/**
 * lockstat summary keeps LockStat's own threads (the drain, the last drain at exit: names starting with
 * "LockStat ") apart from the application's: under their own heading, and not in the application's count.
 */
class SummaryThreadsTest {
    @TempDir
    Path dir;

    private Path trace() throws IOException {
        long t0 = TestTraces.START;
        EventBufferBuilder b = new EventBufferBuilder(1, 0, t0);
        b.event(EventType.THREAD_START, t0 + 1, 1L, EventType.THREAD_EXISTED, "main");
        b.event(EventType.THREAD_START, t0 + 2, 21L, 0, "LockStat Drain");
        b.event(EventType.THREAD_START, t0 + 3, 22L, 0, "worker-1");
        b.event(EventType.THREAD_START, t0 + 4, 23L, 0, "LockStatistics");   // an application's name, not LockStat's
        b.event(EventType.THREAD_END, t0 + 5, 22L);
        b.event(EventType.THREAD_START, t0 + 6, 24L, 0, "LockStat Last Drain");
        b.event(EventType.THREAD_END, t0 + 7, 24L);
        return Files.write(dir.resolve("own.lct"), TestTraces.trace(true, b));
    }

    @Test
    void textListsLockStatsThreadsApart() throws IOException {
        ToolRun r = ToolRun.of("summary", trace().toString());
        assertEquals(0, r.status(), r.err());
        String out = r.out();
        assertTrue(out.contains("Threads:      3 started, 1 ended\n"), out);
        int threads = out.indexOf("Threads:"), own = out.indexOf("LockStat's own threads:\n");
        assertTrue(own > threads, out);
        String application = out.substring(threads, own), lockStats = out.substring(own);
        for (String name : new String[] {"\"main\"", "\"worker-1\"", "\"LockStatistics\""}) {
            assertTrue(application.contains(name) && !lockStats.contains(name), name + " is the application's: " + out);
        }
        for (String name : new String[] {"\"LockStat Drain\"", "\"LockStat Last Drain\""}) {
            assertTrue(lockStats.contains(name) && !application.contains(name), name + " is LockStat's: " + out);
        }
        assertTrue(lockStats.matches("(?s)LockStat's own threads:\n\\s+21\\s+\"LockStat Drain\"\\s+platform\n"
                + "\\s+24\\s+\"LockStat Last Drain\"\\s+platform, ended\n.*"), lockStats);
    }

    @Test
    void jsonListsLockStatsThreadsApart() throws IOException {
        ToolRun r = ToolRun.of("summary", "--format", "json", trace().toString());
        assertEquals(0, r.status(), r.err());
        String out = r.out();
        int threads = out.indexOf("\"threads\": ["), own = out.indexOf("\"lockStatThreads\": [");
        assertTrue(threads > 0 && own > threads, out);
        String application = out.substring(threads, own), lockStats = out.substring(own, out.indexOf("\"problems\""));
        assertEquals(3, application.split("\"id\": ", -1).length - 1, application);
        assertTrue(application.contains("{\"id\": 23, \"name\": \"LockStatistics\""), application);
        assertTrue(lockStats.contains("{\"id\": 21, \"name\": \"LockStat Drain\", \"virtual\": false, \"daemon\": false, "
                + "\"ended\": false}"), lockStats);
        assertTrue(lockStats.contains("{\"id\": 24, \"name\": \"LockStat Last Drain\""), lockStats);
        assertEquals(2, lockStats.split("\"id\": ", -1).length - 1, lockStats);
    }

    /** A trace without LockStat's threads (one from before they were traced) has no such heading. */
    @Test
    void noHeadingWithoutThem() throws IOException {
        long t0 = TestTraces.START;
        EventBufferBuilder b = new EventBufferBuilder(1, 0, t0);
        b.event(EventType.THREAD_START, t0 + 1, 1L, 0, "main");
        ToolRun r = ToolRun.of("summary", Files.write(dir.resolve("app.lct"), TestTraces.trace(true, b)).toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Threads:      1 started, 0 ended\n"), r.out());
        assertTrue(!r.out().contains("LockStat's own threads"), r.out());
    }
}
