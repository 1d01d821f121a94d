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
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.reconstruct.Scenario;
import jdk.lockstat.query.Aspect;

/**
 * lockstat report, flame and locks on a trace with known answers (Scenario.twoOwners: T2 blocked 110 ns,
 * T3 170 ns; owners T1 150 ns (100 of T2's, 50 of T3's), T2 90 ns (of T3's), unknown 40 ns (10 of T2's, 30 of T3's)), and
 * on bad input. A node's distribution has what each contention gave it: whole above owner nodes, the
 * owner's share below.
 */
class AnalysisCommandsTest {
    @TempDir
    Path dir;

    private static ToolRun run(String... args) {
        return ToolRun.of(args);
    }

    private String trace() throws IOException {
        return Scenario.twoOwners().write(dir, "two.lct").toString();
    }

    @Test
    void reportByOwnerMethodAsText() throws IOException {
        ToolRun r = run("report", "--by", "owner-method", trace());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().map(l -> l.trim().replaceAll(" +", " ")).toList();
        assertTrue(lines.contains("percent blocked count p50 p90 p99 max key"), r.out());
        assertTrue(lines.contains("53.57% 0.000 ms 2 50 ns 100 ns 100 ns 100 ns demo.Worker.hold11"), r.out());
        assertTrue(lines.contains("32.14% 0.000 ms 1 90 ns 90 ns 90 ns 90 ns demo.Worker.hold12"), r.out());
        assertTrue(lines.contains("14.29% 0.000 ms 2 10 ns 30 ns 30 ns 30 ns <hand-off>"), r.out());
        assertTrue(lines.contains("Contention durations: p50 110 ns, p90 170 ns, p99 170 ns, max 170 ns"), r.out());
        assertTrue(r.out().contains("in 2 contentions, by owner-method"), r.out());
        assertTrue(r.out().contains("After wait() (re-acquiring a monitor after notify or timeout, reported separately): none"), r.out());
    }

    @Test
    void defaultReportIsLockClassThenOwnerChain() throws IOException {
        ToolRun r = run("report", trace());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("by lock-class > owner-chain"), r.out());
        assertTrue(r.out().replaceAll(" +", " ").contains("100.00% 0.000 ms 2 110 ns 170 ns 170 ns 170 ns demo.Lock\n"), r.out());
        assertTrue(r.out().contains("    demo.Worker.hold11(Worker.java:11) [+1]\n"), r.out());
        assertTrue(r.out().contains("    at demo.Worker.hold11(Worker.java:100)\n"), r.out());
    }

    @Test
    void reportAsJsonTree() throws IOException {
        ToolRun r = run("report", "--by", "lock,owner-thread", "--format", "json", trace());
        assertEquals(0, r.status(), r.err());
        String j = r.out();
        assertTrue(j.contains("\"aspects\": [\"lock\", \"owner-thread\"]"), j);
        assertTrue(j.contains("\"contention\": {\"key\": \"all\", \"totalNanos\": 280, \"count\": 2, \"percent\": 100.0000, "
                + "\"distribution\": {\"count\": 2, \"p50Nanos\": 110, \"p90Nanos\": 170, \"p99Nanos\": 170, \"maxNanos\": 170}, \"children\": ["), j);
        assertTrue(j.contains("{\"key\": \"demo.Lock@1234\", \"totalNanos\": 280, \"count\": 2, \"percent\": 100.0000, "
                + "\"distribution\": {\"count\": 2, \"p50Nanos\": 110, \"p90Nanos\": 170, \"p99Nanos\": 170, \"maxNanos\": 170}, \"children\": ["), j);
        assertTrue(j.contains("{\"key\": \"worker-11 #11\", \"totalNanos\": 150, \"count\": 2, \"percent\": 53.5714, "
                + "\"distribution\": {\"count\": 2, \"p50Nanos\": 50, \"p90Nanos\": 100, \"p99Nanos\": 100, \"maxNanos\": 100}, \"children\": []}"), j);
        assertTrue(j.contains("{\"key\": \"worker-12 #12\", \"totalNanos\": 90, \"count\": 1, \"percent\": 32.1429, "
                + "\"distribution\": {\"count\": 1, \"p50Nanos\": 90, \"p90Nanos\": 90, \"p99Nanos\": 90, \"maxNanos\": 90}, "
                + "\"children\": []}"), j);
        assertTrue(j.contains("\"afterWait\": {\"key\": \"after wait\", \"totalNanos\": 0, \"count\": 0, \"percent\": 0.0000, "
                + "\"distribution\": {\"count\": 0, \"p50Nanos\": 0, \"p90Nanos\": 0, \"p99Nanos\": 0, \"maxNanos\": 0}"), j);
        assertTrue(j.contains("\"complete\": true"), j);
        assertEquals(count(j, '{'), count(j, '}'));
        assertEquals(count(j, '['), count(j, ']'));
    }

    @Test
    void reportAsCsv() throws IOException {
        ToolRun r = run("report", "--by", "thread,owner-thread", "--format", "csv", trace());
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("tree,thread,owner-thread,totalNanos,count,percent,p50Nanos,p90Nanos,p99Nanos,maxNanos", lines.get(0));
        assertEquals("contention,,,280,2,100.0000,110,170,170,170", lines.get(1));
        assertTrue(lines.contains("contention,worker-13 #13,,170,1,60.7143,170,170,170,170"), r.out());
        assertTrue(lines.contains("contention,worker-13 #13,worker-12 #12,90,1,32.1429,90,90,90,90"), r.out());
        assertTrue(lines.contains("contention,worker-12 #12,<hand-off>,10,1,3.5714,10,10,10,10"), r.out());
    }

    @Test
    void topAndMinPercentFoldTheRest() throws IOException {
        ToolRun top = run("report", "--by", "owner-thread", "--top", "1", "--format", "csv", trace());
        assertEquals(0, top.status(), top.err());
        assertTrue(top.out().contains("contention,worker-11 #11,150,2,53.5714"), top.out());
        assertTrue(top.out().contains("contention,<2 more>,130,3,46.4286,30,90,90,90"), top.out());
        ToolRun min = run("report", "--by", "owner-thread", "--min-percent", "20", "--format", "csv", trace());
        assertTrue(min.out().contains("contention,worker-12 #12,90,1,32.1429"), min.out());
        assertTrue(min.out().contains("contention,<1 more>,40,2,14.2857"), min.out());
    }

    @Test
    void timeWindowClipsContentionsAndThreadFilterSelectsBlockedThreads() throws IOException {
        String t = trace();
        ToolRun w = run("report", "--by", "owner-thread", "--from", "200ns", "--to", "0.0003ms", "--format", "csv", t);
        assertEquals(0, w.status(), w.err());
        // The clipped contentions last 10 and 100 ns inside the window: their distribution says so.
        assertTrue(w.out().contains("contention,,110,2,100.0000,10,100,100,100"), w.out());
        assertTrue(w.out().contains("contention,worker-12 #12,90,1,81.8182,90,90,90,90"), w.out());
        assertTrue(w.out().contains("contention,<hand-off>,20,2,18.1818,10,10,10,10"), w.out());

        ToolRun byName = run("report", "--by", "thread", "--thread", "worker-12", "--format", "csv", t);
        assertTrue(byName.out().contains("contention,,110,1,100.0000"), byName.out());
        ToolRun byIds = run("report", "--by", "thread", "--thread", "13,12", "--format", "csv", t);
        assertTrue(byIds.out().contains("contention,,280,2,100.0000"), byIds.out());
        ToolRun repeated = run("report", "--by", "thread", "--thread", "13", "--thread", "worker-99", "--format", "csv", t);
        assertTrue(repeated.out().contains("contention,,170,1,100.0000"), repeated.out());
    }

    @Test
    void flameGraphLinesAreRootFirstAndWeightedByNanos() throws IOException {
        ToolRun blocked = run("flame", trace());
        assertEquals(0, blocked.status(), blocked.err());
        assertEquals(List.of("demo.Worker.hold12;demo.Worker.hold12 110", "demo.Worker.hold13;demo.Worker.hold13 170"),
                blocked.out().lines().toList());
        ToolRun owners = run("flame", "--owner", trace());
        assertEquals(List.of("<hand-off> 40", "demo.Worker.hold11;demo.Worker.hold11 150",
                "demo.Worker.hold12;demo.Worker.hold12 90"), owners.out().lines().toList());
    }

    @Test
    void locksTable() throws IOException {
        ToolRun csv = run("locks", "--format", "csv", trace());
        assertEquals(0, csv.status(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertEquals("lock,timesBlocked,peakBlocked,blockedThreadTimeNanos,blockedRealTimeNanos,avgBlockedNanos,avgHoldNanos,"
                + "blockedNow,realTimeUtilPercent,threadTimeUtilPercent,realLifeTimeUtilPercent,threadLifeTimeUtilPercent,"
                + "firstThread,firstChain", lines.get(0));
        assertTrue(lines.get(1).startsWith("demo.Lock@1234,2,2,280,220,140,110,0,0.0000,0.0000,100,127.2727,worker-12 #12,"),
                lines.get(1));
        ToolRun text = run("locks", trace());
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("demo.Lock@1234"), text.out());
        assertTrue(text.out().contains("first blocked: worker-12 #12 at demo.Worker.hold12(Worker.java:12)"), text.out());
        ToolRun json = run("locks", "--format", "json", trace());
        assertTrue(json.out().contains("\"timesBlocked\": 2, \"peakBlocked\": 2, \"blockedThreadTimeNanos\": 280"), json.out());
    }

    @Test
    void truncatedTraceGivesWhatWasReadableAndAWarning() throws IOException {
        Path good = Scenario.twoOwners().write(dir, "plain.lct", false);
        byte[] data = Files.readAllBytes(good);
        Path cut = dir.resolve("cut.lct");
        Files.write(cut, Arrays.copyOf(data, data.length - 20));
        ToolRun r = run("report", "--by", "owner-thread", cut.toString());
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.err().startsWith("lockstat report: warning: "), r.err());
        assertTrue(r.err().contains("truncated"), r.err());
        assertTrue(r.out().contains("worker-11 #11"), r.out());
    }

    @Test
    void badOptionsAreUsageErrors() throws IOException {
        String t = trace();
        assertUsage(run("report", "--by", "lock,colour", t), "--by: unknown aspect \"colour\" (aspects: group, lock-class, lock, thread, method, chain, site, owner-thread, owner-method, owner-chain, owner-site, owner-state, root-owner-thread, root-owner-method, root-owner-chain)");
        assertUsage(run("report", "--by", "lock,lock", t), "aspect lock given twice");
        assertUsage(run("report", "--format", "xml", t), "--format must be text, csv, json or html, not xml");
        assertUsage(run("report", "--top", "0", t), "--top needs a positive whole number");
        assertUsage(run("report", "--min-percent", "120", t), "--min-percent needs a number from 0 to 100");
        assertUsage(run("report", "--from", "soon", t), "--from needs a time since the trace's start");
        assertUsage(run("report", "--from", "2s", "--to", "1s", t), "--to must be later than --from");
        assertUsage(run("flame", "--colour", t), "unknown option --colour");
        assertUsage(run("locks", "--thread", "x", t), "unknown option --thread");
        assertUsage(run("report"), "missing trace file");
        ToolRun missing = run("report", dir.resolve("none.lct").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }

    /**
     * A --thread that names no thread of the trace used to give an empty report ("0.000 ms") and exit 0:
     * now one line that lists the trace's threads, exit 2, from every command that takes the option.
     */
    @Test
    void threadFilterMatchingNoThreadIsAUsageError() throws IOException {
        String t = trace();
        String message = "--thread nosuch matches no thread in the trace, by name or id; its threads: worker-11, worker-12, worker-13";
        for (String[] args : List.of(new String[] {"report", "--thread", "nosuch", t}, new String[] {"flame", "--thread", "nosuch", t},
                new String[] {"export", "--thread", "nosuch", "-o", dir.resolve("p.pb.gz").toString(), t})) {
            ToolRun r = run(args);
            assertUsage(r, message);
            assertEquals("", r.out(), "nothing but the message");
            assertEquals("lockstat " + args[0] + ": " + message + "\n", r.err());
        }
        assertTrue(Files.notExists(dir.resolve("p.pb.gz")), "export writes no profile");
        assertUsage(run("report", "--thread", "Worker-12,99", t), "--thread Worker-12,99 matches no thread in the trace");

        // Some values match: the output has those, and a warning names the others.
        ToolRun some = run("report", "--by", "thread", "--thread", "13", "--thread", "worker-99", "--format", "csv", t);
        assertEquals(0, some.status(), some.err());
        assertTrue(some.out().contains("contention,,170,1,100.0000"), some.out());
        assertEquals("lockstat report: warning: --thread worker-99 matches no thread in the trace (the output has the others)\n",
                some.err());
        // A thread that exists but never blocked is no mistake: an empty report, exit 0.
        ToolRun idle = run("report", "--thread", "worker-11", t);
        assertEquals(0, idle.status(), idle.err());
        assertEquals("", idle.err());
    }

    /** At most 20 names, sorted, so that the line stays readable on a server with hundreds of threads. */
    @Test
    void theThreadsNamedAreTheFirstTwentySorted() throws IOException {
        Scenario s = Scenario.twoOwners();
        EventBufferBuilder names = s.buffer(0);
        for (long id = 30; id < 55; id++) {
            names.event(EventType.THREAD_START, Scenario.T0, id, 0, "pool-" + (char) ('a' + (54 - id)));
        }
        String t = s.write(dir, "many.lct").toString();
        ToolRun r = run("report", "--thread", "nosuch", t);
        assertUsage(r, "; its threads: pool-a, pool-b, pool-c, pool-d, pool-e, pool-f, pool-g, pool-h, pool-i, pool-j, pool-k, "
                + "pool-l, pool-m, pool-n, pool-o, pool-p, pool-q, pool-r, pool-s, pool-t, and 8 more\n");
    }

    /**
     * A window outside the trace used to print "no contention" and exit 0. The test traces run 5 s
     * (TestTraces: end.nanos 5 s after start.nanos).
     */
    @Test
    void windowOutsideTheTraceIsAUsageError() throws IOException {
        String t = trace();
        String extent = "; the trace runs from 0 s to 5.000 s";
        assertUsage(run("report", "--from", "20s", t), "--from 20s is after the trace's end: the window is empty" + extent);
        assertUsage(run("report", "--from", "5s", "--to", "6s", t), "--from 5s is the trace's end: the window is empty" + extent);
        assertUsage(run("flame", "--to", "0ms", t), "--to 0ms is the trace's start: the window is empty" + extent);
        assertUsage(run("report", "--from", "2s", "--to", "1s", t), "--to must be later than --from (--from 2s, --to 1s)" + extent);
        assertUsage(run("report", "--from", "1s", "--to", "1000ms", t), "--to must be later than --from (--from 1s, --to 1000ms)" + extent);
        ToolRun export = run("export", "--from", "1min", "-o", dir.resolve("w.pb.gz").toString(), t);
        assertUsage(export, "--from 1min is after the trace's end");
        assertTrue(Files.notExists(dir.resolve("w.pb.gz")), "export writes no profile");
        // Inside the trace, or reaching past its end, a window is fine, even where it holds no contention.
        for (String[] window : List.of(new String[] {"--from", "0"}, new String[] {"--from", "4.9s", "--to", "1min"},
                new String[] {"--to", "10s"})) {
            List<String> args = new ArrayList<>(List.of("report"));
            args.addAll(List.of(window));
            args.add(t);
            ToolRun r = run(args.toArray(String[]::new));
            assertEquals(0, r.status(), args + ": " + r.err());
            assertEquals("", r.err());
        }
    }

    /** An unknown aspect was a usage error already; now it names the aspect the user probably meant. */
    @Test
    void unknownAspectSuggestsTheClosest() throws IOException {
        String t = trace();
        String aspects = " (aspects: " + Aspect.names() + ")";
        assertUsage(run("report", "--by", "owner-metod", t), "--by: unknown aspect \"owner-metod\"; did you mean owner-method?" + aspects);
        assertUsage(run("report", "--by", "lock,thraed", t), "--by: unknown aspect \"thraed\"; did you mean thread?" + aspects);
        assertUsage(run("report", "--by", "Lock-Clas", t), "--by: unknown aspect \"Lock-Clas\"; did you mean lock-class?" + aspects);
        assertUsage(run("report", "--by", "colour", t), "--by: unknown aspect \"colour\"" + aspects);
        assertTrue(run("help").out().contains("did you mean"), "--help says so");
    }

    @Test
    void usageListsTheAnalysisCommands() {
        ToolRun r = run("help");
        assertTrue(r.out().contains("lockstat report [--by ASPECT,...]"), r.out());
        assertTrue(r.out().contains("lockstat flame [--owner]"), r.out());
        assertTrue(r.out().contains("lockstat locks [--format text|csv|json]"), r.out());
    }

    private static void assertUsage(ToolRun r, String message) {
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(message), r.err());
        assertEquals(r.err().contains("\nusage: ") ? 2 : 1, r.err().lines().count(), r.err());
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }
}
