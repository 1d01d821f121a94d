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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * The lockstat commands on release summaries (Scenario.barging: nine releases of one stretch, written
 * one by one or as head plus summary) and on traces stamped in counter ticks.
 */
class ReleaseSummaryCommandsTest {
    private static final Map<String, String> END = Map.of("end.nanos", Long.toString(TestTraces.START + 5_000_000_000L),
            "lost.buffers", "0", "buffer.high.water", "1");

    @TempDir
    Path dir;

    private static ToolRun run(String... args) {
        return ToolRun.of(args);
    }

    private String barging(String name, boolean summarized) throws IOException {
        return Scenario.write(dir, name, END, Scenario.barging(summarized).buffers()).toString();
    }

    /** Output without the lines naming the file. */
    private static String withoutFile(ToolRun r, String file) {
        return String.join("\n", r.out().lines().filter(l -> !l.contains(file)).toList());
    }

    @Test
    void everyReportOfASummarizedStretchIsThatOfItsExits() throws IOException {
        String exits = barging("exits.lct", false), summarized = barging("summarized.lct", true);
        List<List<String>> commands = List.of(
                List.of("report"), List.of("report", "--by", "owner-thread"), List.of("report", "--by", "owner-method,thread"),
                List.of("report", "--by", "thread,owner-chain", "--format", "csv"),
                List.of("report", "--by", "owner-thread,owner-chain", "--format", "json"),
                List.of("flame", "--owner"), List.of("flame"), List.of("locks", "--format", "csv"));
        for (List<String> c : commands) {
            List<String> a = new ArrayList<>(c), b = new ArrayList<>(c);
            a.add(exits);
            b.add(summarized);
            ToolRun one = run(a.toArray(String[]::new)), other = run(b.toArray(String[]::new));
            assertEquals(0, one.status(), one.err());
            assertEquals(0, other.status(), other.err());
            assertEquals(withoutFile(one, exits), withoutFile(other, summarized), String.join(" ", c));
        }
        ToolRun csv = run("report", "--by", "owner-thread", "--format", "csv", summarized);
        assertTrue(csv.out().contains("contention,worker-13 #13,420,2,"), csv.out());
        assertTrue(csv.out().contains("contention,worker-12 #12,360,2,"), csv.out());
    }

    @Test
    void verifyTakesASummaryForAllItsNumbersAndNamesALostOne() throws IOException {
        ToolRun ok = run("verify", barging("summarized.lct", true));
        assertEquals(0, ok.status(), ok.out());
        assertTrue(ok.out().contains(", 1 monitors)"), ok.out());

        List<EventBufferBuilder> lost = new ArrayList<>(Scenario.barging(true).buffers());
        lost.remove(lost.size() - 1);   // the summary's buffer, the last one numbered
        String damaged = Scenario.write(dir, "damaged.lct", END, lost).toString();
        ToolRun bad = run("verify", damaged);
        assertEquals(1, bad.status(), bad.out());
        assertTrue(bad.out().contains("monitor 0x7f00aa00: sequence number 11 is missing (12 is present)"), bad.out());
        ToolRun report = run("report", "--by", "owner-thread", "--format", "csv", damaged);
        assertEquals(0, report.status(), report.err());
        // The lost summary's time has no known owner; B1's release at 700 and B2's wake-up are a hand-off.
        assertTrue(report.out().contains("contention,<unknown owner>,910,2,"), report.out());
        assertTrue(report.out().contains("contention,<hand-off>,20,1,"), report.out());

        String accounted = Scenario.write(dir, "accounted.lct",
                Map.of("lost.buffers", "1", "buffers.numbered", "7", "buffer.high.water", "1"), lost).toString();
        ToolRun noted = run("verify", accounted);
        assertEquals(0, noted.status(), noted.out());
        assertTrue(noted.out().contains("note: monitor 0x7f00aa00: sequence number 11 is missing (12 is present) (in the 1 lost buffers)"),
                noted.out());
    }

    @Test
    void summaryCountsTheSummarizedReleases() throws IOException {
        ToolRun text = run("summary", barging("summarized.lct", true));
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("Releases:     10 recorded, 8 of them in 1 summary\n"), text.out());
        assertTrue(text.out().replaceAll(" +", " ").contains(" MonitorReleaseSummary 1\n"), text.out());
        ToolRun json = run("summary", "--format", "json", barging("summarized2.lct", true));
        assertTrue(json.out().contains("\"releases\": {\"recorded\": 10, \"summarized\": 8, \"summaries\": 1},"), json.out());
        ToolRun none = run("summary", barging("exits.lct", false));
        assertFalse(none.out().contains("Releases:"), none.out());
    }

    @Test
    void printShowsTheOwnerList() throws IOException {
        String t = barging("summarized.lct", true);
        ToolRun text = run("print", t);
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("MonitorReleaseSummary writer=14 time=+0.000001s monitor=2130749952 seq=4 count=8 enterSeq=0 flags=0 owners=["
                + "{thread=12 chain=112 releases=3 duration=180 free=0}, {thread=13 chain=111 releases=2 duration=150 free=0}, "
                + "{thread=11 chain=111 releases=2 duration=10 free=0}, {thread=13 chain=112 releases=1 duration=60 free=0}]\n"), text.out());
        ToolRun json = run("print", "--format", "json", t);
        assertTrue(json.out().contains("{\"type\": \"MonitorReleaseSummary\", \"writer\": 14, \"buffer\": 6, \"time\": 1000000600, "
                + "\"monitor\": 2130749952, \"seq\": 4, \"count\": 8, \"enterSeq\": 0, \"flags\": 0, \"owners\": [{\"thread\": 12, \"chain\": 112, \"releases\": 3, "
                + "\"duration\": 180, \"free\": 0}, {\"thread\": 13, "), json.out());
    }

    /**
     * A trace stamped by a 2.5 GHz counter that read 1000 when System.nanoTime read 5 s: thread 12 blocks
     * 1 s later (ticks 1000 + 2.5e9) for 2 ms, the first 1 ms behind owner 11.
     */
    private Path ticks(String name, boolean startTicks) throws IOException {
        long t = 1000 + 2_500_000_000L;
        EventBufferBuilder meta = new EventBufferBuilder(0, 0, 1000);
        meta.event(EventType.THREAD_START, 1000L, 11L, 0, "owner");
        meta.event(EventType.THREAD_START, 1000L, 12L, 0, "blocked");
        meta.event(EventType.VM_PAUSE, t + 10_000_000L, 12_345L, 0);
        EventBufferBuilder owner = new EventBufferBuilder(11, 1, 1000);
        owner.event(EventType.MONITOR_INFLATE, 1000L + 1_000_000_000L, 0x1000L, 0L, 0L, 0L);
        owner.event(EventType.MONITOR_CONTENDED_EXIT, t + 2_500_000L, 0x1000L, 2L, 0L);
        EventBufferBuilder blocked = new EventBufferBuilder(12, 2, 1000);
        blocked.event(EventType.MONITOR_CONTENDED_ENTER, t, 0x1000L, 1L, 0L, 0);
        blocked.event(EventType.MONITOR_CONTENDED_ENTERED, t + 5_000_000L, 0x1000L, 3L);
        Map<String, String> h = TestTraces.header();
        h.put(TraceHeader.START_NANOS, "5000000000");
        if (startTicks) {
            h.put(TraceHeader.START_TICKS, "1000");
        }
        h.put(TraceHeader.CLOCK, "rdtsc (invariant TSC)");
        h.put(TraceHeader.CLOCK_FREQUENCY, "2500000000");
        Map<String, String> end = Map.of("end.nanos", "8000000000", "lost.buffers", "0", "buffer.high.water", "1");
        return Files.write(dir.resolve(name), TestTraces.trace(true, h, end, meta, owner, blocked));
    }

    @Test
    void timestampsInTicksReadAsNanoseconds() throws IOException {
        String t = ticks("ticks.lct", true).toString();
        ToolRun print = run("print", t);
        assertEquals(0, print.status(), print.err());
        assertTrue(print.out().contains("MonitorContendedEnter writer=12 time=+1.000000s"), print.out());
        assertTrue(print.out().contains("MonitorContendedEntered writer=12 time=+1.002000s"), print.out());
        assertTrue(print.out().contains("VmPause writer=0 time=+1.004000s duration=12345 kind=0"), print.out());
        ToolRun json = run("print", "--format", "json", t);
        assertTrue(json.out().contains("\"type\": \"MonitorContendedEnter\", \"writer\": 12, \"buffer\": 2, \"time\": 6000000000,"),
                json.out());
        ToolRun report = run("report", "--by", "owner-thread", "--format", "csv", t);
        assertEquals(0, report.status(), report.err());
        assertTrue(report.out().contains("contention,,2000000,1,100.0000,"), report.out());
        assertTrue(report.out().contains("contention,owner #11,1000000,1,50.0000,"), report.out());
        assertTrue(report.out().contains("contention,<hand-off>,1000000,1,50.0000,"), report.out());
        // --from and --to count from start.nanos, the origin converted times share
        ToolRun window = run("report", "--by", "owner-thread", "--from", "1s", "--to", "1000500us", "--format", "csv", t);
        assertTrue(window.out().contains("contention,owner #11,500000,1,100.0000,"), window.out());
        ToolRun summary = run("summary", t);
        assertTrue(summary.out().contains("Clock:        rdtsc (invariant TSC), 2500000000 ticks/s\n"), summary.out());
        assertTrue(summary.out().contains("Duration:     3.000 s\n"), summary.out());
    }

    @Test
    void withoutStartTicksTimestampsAreTakenAsTheyAre() throws IOException {
        String t = ticks("raw.lct", false).toString();
        ToolRun json = run("print", "--format", "json", t);
        assertTrue(json.out().contains("\"type\": \"MonitorContendedEnter\", \"writer\": 12, \"buffer\": 2, \"time\": 2500001000,"),
                json.out());
        ToolRun report = run("report", "--by", "owner-thread", "--format", "csv", t);
        assertTrue(report.out().contains("contention,owner #11,2500000,1,50.0000,"), report.out());
    }
}
