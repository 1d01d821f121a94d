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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.TestTraces;

/** The lockstat command on traces written by the real writer, and on bad input. */
class MainTest {
    @TempDir
    Path dir;

    private static ToolRun run(String... args) {
        return ToolRun.of(args);
    }

    private Path trace(boolean compress) throws IOException {
        Path p = dir.resolve(compress ? "t.lct" : "plain.lct");
        Files.write(p, TestTraces.trace(compress, TestTraces.everyEventType(1, 0), TestTraces.everyEventType(2, 1)));
        return p;
    }

    @Test
    void summaryShowsHeaderAndThreads() throws IOException {
        ToolRun r = run("summary", trace(true).toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Process id:   4242"), r.out());
        assertTrue(r.out().contains("Snappy framing"), r.out());
        assertTrue(r.out().contains("complete"), r.out());
        assertTrue(r.out().contains("\"main\""), r.out());
        assertTrue(r.out().contains("-XX:TraceLockContention=true"), r.out());
        assertTrue(r.out().contains("ThreadStart"), r.out());
    }

    @Test
    void summaryJsonIsJson() throws IOException {
        ToolRun r = run("summary", "--format", "json", trace(false).toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("{") && r.out().trim().endsWith("}"), r.out());
        assertTrue(r.out().contains("\"compressed\": false"), r.out());
        assertTrue(r.out().contains("\"ThreadStart\": 4"), r.out());
    }

    @Test
    void summaryShowsCallChainCounters() throws IOException {
        // Two CHAIN_STATS events (totals): 1000 then 1100 events with chains, 990 then 1090 reused.
        ToolRun r = run("summary", trace(true).toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Call chains:  1,100 events with chains; 99.09% reused from the chain set, 10 new"), r.out());
        assertTrue(r.out().contains("8,800 physical frames walked (8.0 per event), 2,000 saved by frame marking (18.52%)"), r.out());
        assertTrue(r.out().contains("chain set: 10 chains, 600,000 bytes"), r.out());
        assertTrue(r.out().contains("2 drain periods; lowest reuse in a period: 99.00%"), r.out());
        ToolRun j = run("summary", "--format", "json", trace(false).toString());
        assertEquals(0, j.status(), j.err());
        assertTrue(j.out().contains("\"callChains\": {\n    \"time\": "), j.out());
        assertTrue(j.out().contains("\"eventsWithChains\": 1100,\n    \"reused\": 1090"), j.out());
        assertTrue(j.out().contains("\"reusedPercent\": 99.0909"), j.out());
        assertTrue(j.out().contains("{\"time\": "), j.out());   // per period
        assertTrue(j.out().contains("\"eventsWithChains\": 100, \"reused\": 100, \"inserted\": 0, \"reusedPercent\": 100.0000"), j.out());
    }

    @Test
    void summaryShowsLockStatTimeInCriticalSections() throws IOException {
        // Two SECTION_STATS events (totals): the later one, 800 acquisitions in 16 us, 2000 releases of
        // which 200 timed in 4 us (20 ns each: 40 us for all of them), 1000 releases made inline (not in it).
        ToolRun r = run("summary", trace(true).toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("0.056 ms in all; 800 contended acquisitions, 20 ns each; 2,000 releases, 20 ns each (200 timed)"),
                r.out());
        assertTrue(r.out().contains("1 acquisitions took a buffer"), r.out());
        assertTrue(r.out().contains("1,000 more releases continued their thread's run in C2's inline exit"), r.out());
        ToolRun j = run("summary", "--format", "json", trace(false).toString());
        assertEquals(0, j.status(), j.err());
        assertTrue(j.out().contains("\"criticalSections\": {\"acquisitions\": 800, \"acquireNanos\": 16000, "
                + "\"nanosPerAcquisition\": 20.0000, \"releases\": 2000, \"releasesTimed\": 200, \"releaseNanos\": 4000, "
                + "\"nanosPerRelease\": 20.0000, \"slowAcquisitions\": 1, \"inlineReleases\": 1000}"), j.out());
    }

    @Test
    void printShowsEveryEvent() throws IOException {
        ToolRun r = run("print", trace(true).toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(2 * TestTraces.EVENTS_PER_BUFFER, r.out().lines().count(), r.out());
        assertTrue(r.out().contains("MonitorContendedExit writer=1 time=+"), r.out());
        ToolRun j = run("print", "--json", trace(true).toString());
        assertEquals(0, j.status(), j.err());
        assertTrue(j.out().contains("\"type\": \"CallChain\""), j.out());
        assertTrue(j.out().contains("\"frames\": [{\"method\": "), j.out());
        assertTrue(j.out().contains("\"complete\": true"), j.out());
    }

    @Test
    void verifyAcceptsIntactAndNamesTruncation() throws IOException {
        Path good = trace(true);
        ToolRun ok = run("verify", good.toString());
        assertEquals(0, ok.status(), ok.out() + ok.err());
        assertTrue(ok.out().contains(": OK"), ok.out());

        byte[] data = Files.readAllBytes(good);
        Path cut = dir.resolve("cut.lct");
        Files.write(cut, Arrays.copyOf(data, data.length - 20));
        ToolRun bad = run("verify", cut.toString());
        assertEquals(1, bad.status());
        assertTrue(bad.out().contains("TRUNCATED"), bad.out());
    }

    @Test
    void verifyFindsMonitorSequenceGapsAndDanglingReferences() throws IOException {
        long t = TestTraces.START;
        jdk.lockstat.internal.format.EventBufferBuilder b = new jdk.lockstat.internal.format.EventBufferBuilder(1, 0, t);
        b.event(jdk.lockstat.internal.format.EventType.MONITOR_INFLATE, t + 1, 0x1000L, 0L, 0L, 0x60L);
        b.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTER, t + 2, 0x1000L, 1L, 77L, 0);
        // seq 2 (the owner's exit) never arrives
        b.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTERED, t + 3, 0x1000L, 3L);
        Path p = dir.resolve("gap.lct");
        Files.write(p, TestTraces.trace(true, b));
        ToolRun r = run("verify", p.toString());
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("monitor 0x1000: sequence number 2 is missing"), r.out());
        assertTrue(r.out().contains("call chain reference(s) without metadata, e.g. 0x4d"), r.out());
        assertTrue(r.out().contains("class reference(s) without metadata"), r.out());

        // A reused address: two lifetimes 0..2 and 0..1 are fine.
        jdk.lockstat.internal.format.EventBufferBuilder ok = new jdk.lockstat.internal.format.EventBufferBuilder(1, 0, t);
        ok.event(jdk.lockstat.internal.format.EventType.CLASS, 0x50L, 0L, "Lock");
        for (long seq : new long[] {0, 1, 2}) {
            ok.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTERED, t + seq, 0x2000L, seq);
        }
        ok.event(jdk.lockstat.internal.format.EventType.MONITOR_INFLATE, t + 10, 0x2000L, 0L, 0L, 0x50L);
        ok.event(jdk.lockstat.internal.format.EventType.MONITOR_DEFLATE, t + 11, 0x2000L, 1L);
        Path q = dir.resolve("reuse.lct");
        Files.write(q, TestTraces.trace(false, ok));
        ToolRun r2 = run("verify", q.toString());
        assertEquals(0, r2.status(), r2.out());
        assertTrue(r2.out().contains("1 monitors"), r2.out());
    }

    @Test
    void lostBuffersThatAreAccountedForLeaveTheTraceValid() throws IOException {
        long t = TestTraces.START;
        jdk.lockstat.internal.format.EventBufferBuilder first = new jdk.lockstat.internal.format.EventBufferBuilder(1, 0, t);
        first.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTERED, t + 1, 0x1000L, 0L);
        // buffer 1 (seq 1 of the monitor) was dropped by the VM and counted
        jdk.lockstat.internal.format.EventBufferBuilder third = new jdk.lockstat.internal.format.EventBufferBuilder(1, 2, t);
        third.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTERED, t + 3, 0x1000L, 2L);
        // thread 88's start was in the lost buffer too (the VM's shared buffer can be dropped)
        third.event(jdk.lockstat.internal.format.EventType.THREAD_END, t + 4, 88L);
        Path p = Files.write(dir.resolve("lost.lct"), TestTraces.trace(true, java.util.Map.of("lost.buffers", "1"), first, third));
        ToolRun ok = run("verify", p.toString());
        assertEquals(0, ok.status(), ok.out());
        assertTrue(ok.out().contains("1 buffers lost and accounted for"), ok.out());
        assertTrue(ok.out().contains("note: monitor 0x1000: sequence number 1 is missing"), ok.out());
        assertTrue(ok.out().contains("note: thread 88 ends without having started (in the 1 lost buffers)"), ok.out());

        // The same gap without the VM's count is damage.
        Files.write(p, TestTraces.trace(true, first, third));
        ToolRun bad = run("verify", p.toString());
        assertEquals(1, bad.status(), bad.out());
        assertTrue(bad.out().contains("1 event buffers missing from the sequence but the VM reported 0 lost"), bad.out());
        assertTrue(bad.out().contains("thread 88 ends without having started"), bad.out());
    }

    /**
     * Buffers dropped when tracing stopped behind a full queue are numbered after the last one written:
     * no hole shows them, the VM's count of numbers handed out does (SlowDrainTest's trailing losses).
     */
    @Test
    void lostBuffersAfterTheLastOneAreAccountedForByTheNumberedCount() throws IOException {
        long t = TestTraces.START;
        jdk.lockstat.internal.format.EventBufferBuilder first = new jdk.lockstat.internal.format.EventBufferBuilder(1, 0, t);
        first.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTERED, t + 1, 0x1000L, 0L);
        // buffer 1 lost in the middle, buffers 3 and 4 lost at the end: 3 lost, 5 numbered
        jdk.lockstat.internal.format.EventBufferBuilder third = new jdk.lockstat.internal.format.EventBufferBuilder(1, 2, t);
        third.event(jdk.lockstat.internal.format.EventType.MONITOR_CONTENDED_ENTERED, t + 3, 0x1000L, 2L);
        // {lost, numbered, verdict}; a number after the last one need not be lost (a buffer that never held an event)
        for (String[] c : new String[][] {{"3", "5", "OK"}, {"1", "5", "OK"}, {"3", "4", "INVALID"}, {"0", "5", "INVALID"}}) {
            Path p = Files.write(dir.resolve("trailing.lct"),
                    TestTraces.trace(true, java.util.Map.of("lost.buffers", c[0], "buffers.numbered", c[1]), first, third));
            ToolRun r = run("verify", p.toString());
            assertTrue(r.out().contains(": " + c[2]), r.out());
            if (c[2].equals("OK")) {
                assertEquals(0, r.status(), r.out());
                assertTrue(r.out().contains(c[0] + " buffers lost and accounted for"), r.out());
            } else {
                assertEquals(1, r.status(), r.out());
                assertTrue(r.out().contains(c[0].equals("0")
                        ? "1 event buffers missing from the sequence but the VM reported 0 lost"
                        : "the VM reported 3 lost buffers but 1 are missing from the sequence and 1 numbered after the last one"), r.out());
            }
        }
    }

    @Test
    void badInputGivesOneClearLine() throws IOException {
        ToolRun missing = run("summary", dir.resolve("nope.lct").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("no such file"), missing.err());

        ToolRun directory = run("verify", dir.toString());
        assertEquals(1, directory.status());
        assertTrue(directory.err().contains("is a directory"), directory.err());

        Path text = Files.writeString(dir.resolve("notes.txt"), "just some text\n");
        ToolRun notTrace = run("summary", text.toString());
        assertEquals(1, notTrace.status());
        assertTrue(notTrace.err().contains("not a LockStat trace"), notTrace.err());
        assertEquals(1, notTrace.err().lines().count(), notTrace.err());

        ToolRun usage = run("summary");
        assertEquals(2, usage.status());
        assertTrue(usage.err().contains("missing trace file"), usage.err());

        ToolRun unknown = run("frobnicate");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown command"), unknown.err());

        ToolRun badOption = run("print", "--colour", text.toString());
        assertEquals(2, badOption.status());
        assertTrue(badOption.err().contains("unknown option --colour"), badOption.err());
    }
}
