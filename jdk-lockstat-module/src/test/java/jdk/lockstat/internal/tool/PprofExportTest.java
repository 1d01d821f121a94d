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
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * lockstat export --format pprof, read by the real reader: {@code go tool pprof} (Debian's golang-go;
 * tools/install-pprof.sh). The trace is the A-1ms/B-6ms shape (Scenario.holdAB): AB.holdB's owners caused
 * 6/7 of the blocked time, while the blocked side is half and half.
 */
class PprofExportTest {
    private static final int CYCLES = 5;   // 20 contentions, 70 ms blocked: 60 ms caused by holdB, 10 by holdA

    @TempDir
    Path dir;

    private String pprof(String... args) throws Exception {
        return GoPprof.run(dir, args);
    }

    private Path export(String trace, String... options) {
        Path out = dir.resolve("profile-" + options.length + "-" + String.join("", options).replace("-", "") + ".pb.gz");
        List<String> args = new ArrayList<>(List.of("export", "--format", "pprof"));
        args.addAll(List.of(options));
        args.addAll(List.of("-o", out.toString(), trace));
        ToolRun r = ToolRun.of(args.toArray(String[]::new));
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.out() + r.err());
        return out;
    }

    /** The -top rows: flat%, then the function name. */
    private static List<String[]> top(String output) {
        List<String[]> rows = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\s*\\S+\\s+([0-9.]+)%\\s+[0-9.]+%\\s+\\S+\\s+[0-9.]+%\\s+(.+?)\\s*$").matcher(output);
        while (m.find()) {
            rows.add(new String[] {m.group(1), m.group(2)});
        }
        return rows;
    }

    @Test
    void ownerSideIsGosMutexProfile() throws Exception {
        String trace = Scenario.holdAB(CYCLES).write(dir, "ab.lct").toString();
        Path profile = export(trace);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(profile))) {
            assertTrue(in.readAllBytes().length > 0, "gzip-compressed");
        }
        String top = pprof("-top", "-sample_index=delay", profile.toString());
        System.out.println("go tool pprof -top -sample_index=delay (owner side):\n" + top);
        assertTrue(top.contains("Type: delay"), top);
        assertTrue(top.contains("of 70ms total"), top);
        List<String[]> rows = top(top);
        assertEquals(3, rows.size(), top);
        assertEquals("AB.holdB", rows.get(0)[1], top);
        double share = Double.parseDouble(rows.get(0)[0]);
        assertTrue(share > 84 && share < 86, "holdB caused 6/7 of the delay: " + top);
        assertEquals("AB.holdA", rows.get(1)[1], top);
        assertEquals("14.29", rows.get(1)[0], top);
        assertEquals(List.of("0", "AB.run"), List.of(rows.get(2)), top);   // the caller, with no time of its own

        String counts = pprof("-top", "-sample_index=contentions", profile.toString());
        assertTrue(counts.contains("of 20 total"), "one contention per round: " + counts);

        String tags = pprof("-tags", "-sample_index=delay", profile.toString());
        System.out.println("go tool pprof -tags -sample_index=delay (owner side):\n" + tags);
        for (String label : List.of("group: Total 70.0ms", "70.0ms (  100%): intrinsic\n", "lock-class: Total 70.0ms",
                "70.0ms (  100%): AB$Shared\n", "lock: Total 70.0ms", "70.0ms (  100%): AB$Shared@ab5\n",
                "owner-thread: Total 70.0ms", "30.0ms (42.86%): ab-3 #23\n", "30.0ms (42.86%): ab-4 #24\n",
                "5.0ms ( 7.14%): ab-1 #21\n", "5.0ms ( 7.14%): ab-2 #22\n",
                "blocked-thread: Total 70.0ms", "30.0ms (42.86%): ab-1 #21\n", "5.0ms ( 7.14%): ab-3 #23\n")) {
            assertTrue(tags.contains(label), label + " in " + tags);
        }
    }

    @Test
    void blockedSideIsGosBlockProfile() throws Exception {
        String trace = Scenario.holdAB(CYCLES).write(dir, "ab.lct").toString();
        String top = pprof("-top", "-sample_index=delay", export(trace, "--side", "blocked").toString());
        System.out.println("go tool pprof -top -sample_index=delay (blocked side):\n" + top);
        List<String[]> rows = top(top);
        assertEquals(3, rows.size(), top);
        assertEquals(List.of("50.00", "50.00"), List.of(rows.get(0)[0], rows.get(1)[0]), top);
        assertEquals(List.of("AB.holdA", "AB.holdB"), List.of(rows.get(0)[1], rows.get(1)[1]), top);
        // a time window clips, as in report
        String window = pprof("-top", "-sample_index=delay", export(trace, "--side", "blocked", "--from", "0", "--to", "7.001ms").toString());
        assertTrue(window.contains("of 7ms total"), window);
    }

    @Test
    void stacksFollowTheMechanismRule() throws Exception {
        String trace = Scenario.reentrantLock().write(dir, "reentrant.lct").toString();
        String traces = pprof("-traces", "-sample_index=delay", export(trace).toString());
        assertTrue(traces.contains("demo.Shop.sell"), traces);
        assertTrue(!traces.contains("Unsafe") && !traces.contains("LockSupport") && !traces.contains("AbstractQueued"), traces);
        String all = pprof("-traces", "-sample_index=delay", export(trace, "--all-frames").toString());
        assertTrue(all.contains("jdk.internal.misc.Unsafe.unpark"), all);
        assertTrue(all.contains("java.util.concurrent.locks.AbstractQueuedSynchronizer.signalNext"), all);
    }

    @Test
    void badExportOptionsAreUsageErrors() throws IOException {
        String trace = Scenario.twoOwners().write(dir, "two.lct").toString();
        for (String[] args : List.of(new String[] {"export", trace}, new String[] {"export", "--format", "jfr", "-o", "x", trace},
                new String[] {"export", "--side", "both", "-o", "x", trace}, new String[] {"export", "-o"},
                new String[] {"export", "-o", trace, trace}, new String[] {"export", "-o", dir.toString(), trace})) {
            ToolRun r = ToolRun.of(args);
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("lockstat export: "), r.err());
        }
        assertEquals(0, ToolRun.of("verify", trace).status(), "the trace is left as it was");
        ToolRun noDir = ToolRun.of("export", "-o", dir.resolve("none/p.pb.gz").toString(), trace);
        assertEquals(1, noDir.status());
        assertEquals("lockstat export: cannot write " + dir.resolve("none/p.pb.gz") + ": no such directory\n", noDir.err());
    }

    /**
     * T2 blocks at 100 and wakes at 150 with no release seen (unknown owner, 50 ns); T3 blocks at 200, T2
     * releases at 300 and T3 wakes at 330 (T2 100 ns, then a hand-off of 30 ns).
     */
    private String handOffAndUnknownOwner() throws IOException {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(Scenario.T1), b2 = s.buffer(Scenario.T2), b3 = s.buffer(Scenario.T3);
        Scenario.inflate(b1, 0, 0, 0x1234, Scenario.LOCK_CLASS);
        Scenario.enter(b2, 100, 1, Scenario.T2);
        Scenario.entered(b2, 150, 2);
        Scenario.enter(b3, 200, 3, Scenario.T3);
        Scenario.exit(b2, 300, 4, Scenario.T2);
        Scenario.entered(b3, 330, 5);
        return s.write(dir, "unowned.lct").toString();
    }

    /**
     * {@code <hand-off>} and {@code <unknown owner>} are functions of their own, under names pprof shows as
     * they are: pprof used to turn both into "" (see PprofProfile), one {@code <unknown>} row in -top.
     * Decoded here, so this holds without go installed; {@link #pprofTopKeepsHandOffAndUnknownOwnerApart}
     * asks pprof itself.
     */
    @Test
    void handOffAndUnknownOwnerAreFunctionsOfTheirOwn() throws IOException {
        Path profile = export(handOffAndUnknownOwner());
        byte[] proto;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(profile))) {
            proto = in.readAllBytes();
        }
        List<String[]> functions = DecodedProfile.functions(proto);
        Map<String, Long> shown = new TreeMap<>();
        for (String[] f : functions) {
            shown.merge(DecodedProfile.nameShownByPprof(f[1], f[2]), 1L, Long::sum);
        }
        assertEquals(Map.of("<hand-off>", 1L, "<unknown owner>", 1L, "demo.Worker.hold12", 1L), shown, functions.stream()
                .map(Arrays::toString).toList().toString());
        assertEquals(3, functions.stream().map(f -> f[0]).distinct().count(), "three function ids");
    }

    @Test
    void pprofTopKeepsHandOffAndUnknownOwnerApart() throws Exception {
        String top = pprof("-top", "-sample_index=delay", export(handOffAndUnknownOwner()).toString());
        System.out.println("go tool pprof -top -sample_index=delay (hand-off and unknown owner):\n" + top);
        assertTrue(top.contains("of 180ns total"), top);
        List<String> names = top(top).stream().map(r -> r[1] + " " + r[0]).sorted().toList();
        assertEquals(List.of("<hand-off> 16.67", "<unknown owner> 27.78", "demo.Worker.hold12 55.56"), names, top);
    }
}
