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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.query.BottleGraph;

/**
 * lockstat bottle on a hand-built trace with known answers: 4 busy threads on 2 CPUs for 1 s, each using
 * 50 ms of CPU a 100 ms drain period (ThreadCpu events). Each box is 2 wide and 250 ms tall, each thread
 * was runnable without a CPU for 500 ms, and the output says so; grouped by name, one box of 4 threads.
 */
class BottleCommandTest {
    static final long T0 = TestTraces.START, MS = 1_000_000;

    @TempDir
    Path dir;

    private Path trace() throws IOException {
        List<String> names = new ArrayList<>();
        for (long t = 10; t < 14; t++) {
            names.add("busy-" + t);
        }
        return trace("busy.lct", names);
    }

    /** Threads 10, 11, ... with these names, busy as described above. */
    private Path trace(String file, List<String> names) throws IOException {
        EventBufferBuilder b = new EventBufferBuilder(1, 0, T0);
        long end = 10 + names.size();
        for (long t = 10; t < end; t++) {
            b.event(EventType.THREAD_START, T0, t, 0, names.get((int) (t - 10)));
        }
        for (int k = 1; k <= 10; k++) {
            List<Object[]> cpu = new ArrayList<>();
            for (long t = 10; t < end; t++) {
                cpu.add(new Object[] {t, k * 50 * MS});
            }
            b.event(EventType.THREAD_CPU, T0 + k * 100 * MS, cpu);
        }
        for (long t = 10; t < end; t++) {
            b.event(EventType.THREAD_END, T0 + 1000 * MS, t);
        }
        return Files.write(dir.resolve(file), TestTraces.trace(true, Map.of(), b));   // its header: 2 CPUs
    }

    @Test
    void widthsStayWithinTheCpusAndRunnableTimeIsReported() throws IOException {
        Path t = trace();
        ToolRun json = ToolRun.of("bottle", "--format", "json", t.toString());
        assertEquals(0, json.status(), json.err());
        assertTrue(json.out().contains("\"cpus\": 2,"), json.out());
        assertTrue(json.out().contains("\"cpuTimeRecorded\": true,"), json.out());
        assertTrue(json.out().contains("\"oversubscribed\": true,"), json.out());
        for (long id = 10; id < 14; id++) {
            assertTrue(json.out().contains("{\"label\": \"busy-" + id + " #" + id + "\", \"threads\": 1, \"heightNanos\": 250000000, "
                    + "\"width\": 2.0000, \"runningNanos\": 500000000, \"runnableNanos\": 500000000}"), json.out());
        }
        ToolRun text = ToolRun.of("bottle", "--group-by-name", t.toString());
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("(2 CPUs; running on a CPU, from the threads' recorded CPU time)"), text.out());
        assertTrue(text.out().matches("(?s).*1,000\\.000\\s+2\\.00\\s+2,000\\.000\\s+2,000\\.000\\s+4  busy-#.*"), text.out());
        assertTrue(text.out().contains("Runnable threads waited for a CPU for 2,000.000 ms (100% of their running time)"),
                text.out());
    }

    /**
     * --group-by-name replaces numbers that are tokens of their own (counters: pool-1-thread-3) and keeps
     * digits inside a word, which name something: H2-serialization used to become H#-serialization.
     */
    @Test
    void groupingByNameKeepsDigitsThatArePartOfAWord() throws IOException {
        Path t = trace("names.lct", List.of("pool-1-thread-1", "pool-1-thread-2", "pool-2-thread-1", "worker-12", "worker-3",
                "H2-serialization", "log4j2-appender", "utf8 reader"));
        ToolRun json = ToolRun.of("bottle", "--format", "json", "--group-by-name", t.toString());
        assertEquals(0, json.status(), json.err());
        List<String> labels = new ArrayList<>();
        Matcher m = Pattern.compile("\\{\"label\": \"([^\"]*)\", \"threads\": (\\d+),").matcher(json.out());
        while (m.find()) {
            labels.add(m.group(1) + " x" + m.group(2));
        }
        labels.sort(null);
        assertEquals(List.of("H2-serialization x1", "log4j2-appender x1", "pool-#-thread-# x3", "utf8 reader x1", "worker-# x2"),
                labels, json.out());

        assertEquals("pool-#-thread-#", BottleGraph.pattern("pool-17-thread-3"));
        assertEquals("worker-#", BottleGraph.pattern("worker-12"));
        assertEquals("#", BottleGraph.pattern("42"));
        assertEquals("Thread-# #", BottleGraph.pattern("Thread-7 12"));
        assertEquals("ForkJoinPool.commonPool-worker-#", BottleGraph.pattern("ForkJoinPool.commonPool-worker-5"));
        assertEquals("grpc_#_#.#", BottleGraph.pattern("grpc_1_2.3"));
        assertEquals("##", BottleGraph.pattern("#12"));
        assertEquals("x86_#-worker", BottleGraph.pattern("x86_64-worker"));
        for (String kept : List.of("H2-serialization", "log4j2", "utf8", "worker12", "v2.0a", "3d-render")) {
            assertEquals(kept, BottleGraph.pattern(kept), kept);
        }
    }

    @Test
    void badInputGetsOneMessage() {
        ToolRun format = ToolRun.of("bottle", "--format", "csv", dir.resolve("x.lct").toString());
        assertEquals(2, format.status());
        assertEquals("lockstat bottle: --format must be text or json, not csv\n", format.err());
        ToolRun missing = ToolRun.of("bottle", dir.resolve("none.lct").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().startsWith("lockstat bottle: no such file: "), missing.err());
    }
}
