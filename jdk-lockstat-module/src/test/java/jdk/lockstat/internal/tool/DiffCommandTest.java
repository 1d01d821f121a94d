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
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * lockstat diff on forced traces: the A-1ms/B-6ms workload (5 cycles, 70 ms blocked, AB.holdB 60 ms of
 * it, in a 5 s trace) against itself with holdB shortened to 1 ms, and against itself recorded over
 * 10 s. The changed section comes first with its exact change per second of run; what did not change
 * shows no change once normalised by duration; the collapsed form is flamegraph.pl's differential input.
 */
class DiffCommandTest {
    @TempDir
    Path dir;

    private String base() throws Exception {
        return Scenario.holdAB(5).write(dir, "base.lct").toString();
    }

    @Test
    void theShortenedSectionComesFirstWithItsChange() throws Exception {
        String fixed = Scenario.holdAB(5, 1_000_000, 1_000_000).write(dir, "fixed.lct").toString();
        ToolRun r = ToolRun.of("diff", "--by", "owner-method", base(), fixed);
        assertEquals(0, r.status(), r.err());
        System.out.println(r.out());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(1).matches("Base  .*base.lct: 70.000 ms blocked in 20 contentions over 5.000 s: 14.000 ms/s"), r.out());
        assertTrue(lines.get(2).matches("New   .*fixed.lct: 20.000 ms blocked in 20 contentions over 5.000 s: 4.000 ms/s"), r.out());
        assertEquals("Change: -10.000 ms/s (-71.4%)", lines.get(3));
        int header = lines.indexOf(lines.stream().filter(l -> l.contains("change ms/s")).findFirst().orElseThrow());
        assertEquals("       -10.000       12.000        2.000        2.0 -> 2.0      AB.holdB", lines.get(header + 1));
        assertEquals("        +0.000        2.000        2.000        2.0 -> 2.0      AB.holdA", lines.get(header + 2));

        ToolRun json = ToolRun.of("diff", "--format", "json", "--by", "lock-class,owner-method", base(), fixed);
        assertEquals(0, json.status(), json.err());
        String j = json.out();
        assertTrue(j.contains("\"aspects\": [\"lock-class\", \"owner-method\"]"), j);
        assertTrue(j.contains("{\"key\": \"AB$Shared\", \"changeNanosPerSecond\": -10000000.0, \"baseNanosPerSecond\": 14000000.0, "
                + "\"newNanosPerSecond\": 4000000.0, \"baseNanos\": 70000000, \"newNanos\": 20000000, \"baseContentions\": 20, "
                + "\"newContentions\": 20, \"children\": ["), j);
        assertTrue(j.indexOf("\"key\": \"AB.holdB\", \"changeNanosPerSecond\": -10000000.0") < j.indexOf("\"key\": \"AB.holdA\""), j);
    }

    @Test
    void tracesOfDifferentLengthsCompareBySecondOfRun() throws Exception {
        Map<String, String> end = Map.of("end.nanos", Long.toString(TestTraces.START + 10_000_000_000L), "lost.buffers", "0",
                "buffers", "6", "buffer.high.water", "1");
        Scenario longer = Scenario.holdAB(5);
        String slow = Scenario.write(dir, "longer.lct", end, longer.buffers()).toString();
        String out = ToolRun.of("diff", "--by", "owner-method", base(), slow).out();
        assertTrue(out.contains("over 10.000 s: 7.000 ms/s"), out);
        assertTrue(out.contains("        -6.000       12.000        6.000        2.0 -> 1.0      AB.holdB"), out);
        String same = ToolRun.of("diff", "--by", "owner-method", base(), base()).out();
        assertTrue(same.contains("Change: +0.000 ms/s (+0.0%)"), same);
    }

    @Test
    void collapsedIsTheDifferentialFlameGraphsInput() throws Exception {
        String fixed = Scenario.holdAB(5, 1_000_000, 1_000_000).write(dir, "fixed.lct").toString();
        ToolRun r = ToolRun.of("diff", "--format", "collapsed", "--owner", base(), fixed);
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("AB.run;AB.holdA 2000000 2000000", "AB.run;AB.holdB 12000000 2000000"), r.out().lines().toList());
    }

    /**
     * The differential flame graph in a real browser: widths from the new trace, holdB (12 -> 2 ms/s) blue,
     * holdA (unchanged) neutral; the base's widths on request. Leaves target/flame-graph-diff.png.
     */
    @Test
    void chromiumDrawsTheDifferentialFlameGraph() throws Exception {
        String fixed = Scenario.holdAB(5, 1_000_000, 1_000_000).write(dir, "fixed.lct").toString();
        ToolRun r = ToolRun.of("diff", "--format", "html", base(), fixed);
        assertEquals(0, r.status(), r.err());
        Path page = dir.resolve("diff.html");
        java.nio.file.Files.writeString(page, r.out(), java.nio.charset.StandardCharsets.UTF_8);

        String dom = HeadlessChromium.run(dir, page, "", "--dump-dom", "--window-size=1200,800");
        assertEquals(List.of("all", "AB.run", "AB.holdA", "AB.holdB"), FlameHtmlTest.frames(dom), dom);
        assertTrue(dom.contains("<h1 id=\"title\">lockstat diff base.lct \u2192 fixed.lct</h1>"), dom);
        assertTrue(dom.contains("<button id=\"widths\" type=\"button\">Widths from base</button>"), dom);
        assertTrue(dom.contains("Per second of each run: base 14.0 ms/s \u2192 new 4.00 ms/s (\u221210.0 ms/s)"), dom);
        assertTrue(dom.contains("title=\"AB.holdB\nbase 12.0 ms/s \u2192 new 2.00 ms/s (\u221210.0 ms/s)\""), dom);
        assertTrue(dom.contains("title=\"AB.holdA\nbase 2.00 ms/s \u2192 new 2.00 ms/s (+0 ns/s)\""), dom);
        Matcher holdB = Pattern.compile("style=\"[^\"]*background: (rgb\\([^)]*\\))[^\"]*\"[^>]*>AB.holdB<").matcher(dom);
        assertTrue(holdB.find(), dom);
        int[] rgb = Pattern.compile("\\d+").matcher(holdB.group(1)).results().mapToInt(m -> Integer.parseInt(m.group())).toArray();
        assertTrue(rgb[2] > rgb[0] + 60, "shrunk: blue, " + holdB.group(1));

        String fromBase = HeadlessChromium.run(dir, page, "#widths=base", "--dump-dom", "--window-size=1200,800");
        assertEquals(List.of("all", "AB.run", "AB.holdB", "AB.holdA"), FlameHtmlTest.frames(fromBase), "base widths: holdB widest");
        assertTrue(fromBase.contains("widths from the base trace"), fromBase);

        Path screenshot = Path.of("target", "flame-graph-diff.png").toAbsolutePath();
        java.nio.file.Files.deleteIfExists(screenshot);
        HeadlessChromium.run(dir, page, "#view=owner", "--screenshot=" + screenshot, "--window-size=1200,500", "--hide-scrollbars");
        assertTrue(java.nio.file.Files.size(screenshot) > 5_000, "a screenshot of the page: " + screenshot);
    }

    @Test
    void usageErrors() throws Exception {
        String b = base();
        for (String[] args : List.of(new String[] {"diff", b}, new String[] {"diff", "--format", "svg", b, b},
                new String[] {"diff", "--format", "collapsed", "--by", "lock", b, b}, new String[] {"diff", "--owner", b, b},
                new String[] {"diff", "--by", "nonsense", b, b}, new String[] {"diff", "--top", "0", b, b},
                new String[] {"diff", "--app-packages", "com.example", b, b})) {
            ToolRun r = ToolRun.of(args);
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("lockstat diff: "), r.err());
            assertEquals("", r.out());
        }
        ToolRun missing = ToolRun.of("diff", b, dir.resolve("none.lct").toString());
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }
}
