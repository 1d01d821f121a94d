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

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportNode;
import jdk.lockstat.query.TimeAxis;
import jdk.lockstat.query.TraceModel;

/**
 * A trace that recorded one in N contentions (-XX:TraceLockContentionSampling) is read as the estimate
 * of the whole: every output counts each recorded contention N times and its time N times, and says so;
 * durations' percentiles stay as recorded; what-if, which replays every hold, refuses it. The same events
 * are written twice, with and without the header's rate, and each output is compared exactly.
 */
class SampledTraceTest {
    private static final int RATE = 4;

    @TempDir
    Path dir;

    @Test
    void reportsScaleCountsAndTimesAndSaySo() throws Exception {
        String all = Scenario.holdAB(5).write(dir, "all.lct").toString();
        String sampled = writeSampled();
        String plainJson = run("report", "--format", "json", "--by", "lock-class,owner-method", all);
        String sampledJson = run("report", "--format", "json", "--by", "lock-class,owner-method", sampled);
        assertTrue(plainJson.contains("\"sampling\": 1,"), plainJson);
        assertTrue(sampledJson.contains("\"sampling\": " + RATE + ","), sampledJson);
        List<long[]> plain = totalsAndCounts(plainJson), scaled = totalsAndCounts(sampledJson);
        assertEquals(plain.size(), scaled.size());
        assertTrue(plain.size() > 3, plainJson);
        for (int i = 0; i < plain.size(); i++) {
            assertEquals(RATE * plain.get(i)[0], scaled.get(i)[0], "totalNanos of node " + i + ": " + sampledJson);
            assertEquals(RATE * plain.get(i)[1], scaled.get(i)[1], "count of node " + i + ": " + sampledJson);
        }
        assertEquals(percentiles(plainJson), percentiles(sampledJson), "durations as recorded");

        String text = run("report", sampled);
        assertTrue(text.contains("Sampled: one in 4 contentions recorded, at random; counts and times are the recorded ones times 4"), text);
        assertTrue(!run("report", all).contains("Sampled:"));
        assertTrue(run("summary", sampled).contains("Sampling:     one in 4 contentions recorded"));
        assertTrue(!run("summary", all).contains("Sampling:"));
    }

    @Test
    void flameGraphsAndTheViewersCubeScaleToo() throws Exception {
        String all = Scenario.holdAB(5).write(dir, "all.lct").toString();
        String sampled = writeSampled();
        for (String side : List.of("--owner", "--all-frames")) {
            List<Long> plain = values(run("flame", side, all)), scaled = values(run("flame", side, sampled));
            assertEquals(plain.size(), scaled.size());
            for (int i = 0; i < plain.size(); i++) {
                assertEquals(RATE * plain.get(i), scaled.get(i), "collapsed stack " + i);
            }
        }
        TraceModel plain = TraceModel.of(Path.of(all)).load((r, t, e) -> { });
        TraceModel scaled = TraceModel.of(Path.of(sampled)).load((r, t, e) -> { });
        assertEquals(1, plain.sampling());
        assertEquals(RATE, scaled.sampling());
        ReportNode p = plain.cube().tree(List.of(Aspect.OWNER_METHOD), 0, TimeAxis.BUCKETS, false).toReportNode();
        ReportNode s = scaled.cube().tree(List.of(Aspect.OWNER_METHOD), 0, TimeAxis.BUCKETS, false).toReportNode();
        assertEquals(RATE * p.totalNanos(), s.totalNanos());
        assertEquals(RATE * p.count(), s.count());
        for (int i = 0; i < p.children().size(); i++) {
            assertEquals(p.children().get(i).key(), s.children().get(i).key());
            assertEquals(RATE * p.children().get(i).totalNanos(), s.children().get(i).totalNanos());
        }
    }

    @Test
    void whatIfRefusesASampledTrace() {
        ToolRun r = ToolRun.of("whatif", writeSampled());
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().contains("recorded one in 4 contentions") && r.err().contains("without sampling"), r.err());
        assertEquals("", r.out());
    }

    private String writeSampled() {
        try {
            return Scenario.holdAB(5).writeSampled(dir, "sampled.lct", RATE).toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String run(String... args) {
        ToolRun r = ToolRun.of(args);
        assertEquals(0, r.status(), String.join(" ", args) + ": " + r.err());
        return r.out();
    }

    /** Every report node's totalNanos and count, in document order. */
    private static List<long[]> totalsAndCounts(String json) {
        Matcher m = Pattern.compile("\"totalNanos\": (\\d+), \"count\": (\\d+)").matcher(json);
        List<long[]> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
        }
        return out;
    }

    private static List<String> percentiles(String json) {
        Matcher m = Pattern.compile("\"p50Nanos\": \\d+, \"p90Nanos\": \\d+, \"p99Nanos\": \\d+, \"maxNanos\": \\d+").matcher(json);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** The weights of collapsed stacks ("frame;frame value" lines), in order. */
    private static List<Long> values(String collapsed) {
        return collapsed.lines().filter(l -> !l.isBlank()).map(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).toList();
    }
}
