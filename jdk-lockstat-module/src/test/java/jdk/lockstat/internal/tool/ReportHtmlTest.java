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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * lockstat report --format html on the forced A-1ms/B-6ms workload (5 cycles: 20 contentions, 70 ms
 * blocked, AB.holdB's owners 60 ms of it), loaded in headless Chromium: every section is there, and each
 * figure the page shows is the one the text commands print for the same trace (report's trees, locks'
 * row, bottle's boxes). Leaves target/report-html.png to look at.
 */
class ReportHtmlTest {
    @TempDir
    Path dir;

    private Path page(String trace, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("report", "--format", "html"));
        args.addAll(List.of(options));
        args.add(trace);
        ToolRun r = ToolRun.of(args.toArray(String[]::new));
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("<!DOCTYPE html>"), r.out());
        assertFalse(r.out().contains("http://") || r.out().contains("https://") || r.out().contains("src=\""),
                "self-contained: nothing to fetch");
        Path page = dir.resolve("report.html");
        Files.writeString(page, r.out(), StandardCharsets.UTF_8);
        return page;
    }

    @Test
    void chromiumShowsTheFiguresOfTheTextCommands() throws Exception {
        String trace = Scenario.holdAB(5).write(dir, "ab.lct").toString();
        Path page = page(trace);
        String dom = HeadlessChromium.run(dir, page, "", "--dump-dom", "--window-size=1280,900");

        for (String id : List.of("summary", "over-time", "blocked-side", "owner-side", "locks", "whatif", "bottle", "flame")) {
            assertTrue(dom.contains("<section id=\"" + id + "\">"), id + " in " + dom);
        }
        String text = ToolRun.of("report", trace).out();
        assertTrue(text.contains("Blocked: 70.000 ms in 20 contentions"), text);
        assertTrue(dom.contains("<div class=\"card\" id=\"card-blocked\"><div class=\"label\">Blocked</div><div class=\"value\">"
                + "70.000 ms</div><div class=\"detail\">in 20 contentions</div></div>"), dom);

        // Each row of both trees as report --format json gives it for the same aspects.
        for (String[] tree : List.of(new String[] {"blocked-side", "lock,chain"}, new String[] {"owner-side", "lock,owner-chain"})) {
            String json = ToolRun.of("report", "--format", "json", "--by", tree[1], trace).out();
            json = json.substring(0, json.indexOf("\"afterWait\""));
            String section = section(dom, tree[0]);
            Matcher node = Pattern.compile("\\{\"key\": \"([^\"]*)\", \"totalNanos\": (\\d+), \"count\": (\\d+), \"percent\": "
                    + "([0-9.]+)").matcher(json);
            int rows = 0;
            while (node.find()) {
                if (node.group(1).equals("all")) {
                    continue;
                }
                String row = String.format(java.util.Locale.ROOT, "<span class=\"pct\">%.2f%%</span><span class=\"num\">%s</span>"
                        + "<span class=\"num\">%s</span>", Double.parseDouble(node.group(4)),
                        jdk.lockstat.query.ReportFormat.millis(Long.parseLong(node.group(2))), node.group(3));
                assertTrue(section.contains(row), tree[0] + ": " + row + " in " + section);
                String key = node.group(1).replace("<", "&lt;").replace(">", "&gt;");   // as Chromium writes attributes
                assertTrue(section.contains("title=\"" + key + "\""), key + " in " + section);
                rows++;
            }
            assertEquals(3, rows, "the lock and its two chains: " + json);
        }
        String owners = section(dom, "owner-side");
        assertTrue(owners.contains("<span class=\"pct\">85.71%</span><span class=\"num\">60.000 ms</span>"), owners);
        assertTrue(owners.contains(">AB.holdB(AB.java:22) [+1]</span>"), owners);
        assertTrue(owners.contains("<div>at AB.run(AB.java:31)</div>"), "frames under the label: " + owners);

        String locks = section(dom, "locks");
        assertTrue(Pattern.compile("<tr><td class=\"lock\">AB\\$Shared@[^<]*</td><td>20</td><td>1</td><td>70.000 ms</td>")
                .matcher(locks).find(), locks);

        // What-if: the sections, speedups and blocked shares lockstat whatif gives, in its order.
        String whatIfJson = ToolRun.of("whatif", "--format", "json", trace).out();
        Matcher s = Pattern.compile("\\{\"key\": \"([^\"]*)\", \"predictedSpeedup\": ([0-9.]+), [^}]*?\"blockedPercent\": ([0-9.]+)")
                .matcher(whatIfJson);
        String whatIf = section(dom, "whatif");
        int sections = 0, at = 0;
        while (s.find()) {
            String row = String.format(java.util.Locale.ROOT, "<tr><td class=\"lock\">%s</td><td>%.2fx</td><td>%.2f%%</td>", s.group(1),
                    Double.parseDouble(s.group(2)), Double.parseDouble(s.group(3)));
            int i = whatIf.indexOf(row);
            assertTrue(i > at, row + " in order in " + whatIf);
            at = i;
            sections++;
        }
        assertEquals(2, sections, "AB.holdA and AB.holdB: " + whatIfJson);
        assertTrue(whatIf.indexOf("AB.holdB") < whatIf.indexOf("AB.holdA"), "the 6 ms section gains most: " + whatIf);

        String bottleJson = ToolRun.of("bottle", "--format", "json", trace).out();
        List<String> labels = Pattern.compile("\\{\"label\": \"([^\"]*)\"").matcher(bottleJson).results().map(m -> m.group(1)).toList();
        assertEquals(4, labels.size(), bottleJson);
        String bottle = section(dom, "bottle");
        for (String l : labels) {
            assertTrue(bottle.contains("</span>" + l + "</td>"), l + " in " + bottle);
        }
        assertEquals(labels.size(), Pattern.compile("<rect class=\"box\"").matcher(bottle).results().count(), bottle);

        String overTime = section(dom, "over-time");
        assertTrue(overTime.contains("<polygon class=\"blocked\" points=\""), overTime);
        assertTrue(section(dom, "flame").contains("<iframe title=\"flame graphs\" sandbox=\"allow-scripts\" srcdoc=\"&lt;!DOCTYPE html&gt;"),
                "the flame page inline");

        Path screenshot = Path.of("target", "report-html.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        HeadlessChromium.run(dir, page, "", "--screenshot=" + screenshot, "--window-size=1280,2600", "--hide-scrollbars");
        assertTrue(Files.size(screenshot) > 20_000, "a screenshot of the page: " + screenshot);
    }

    /** --by adds report's own tree first; --top prunes every tree as report does, the rest in one row. */
    @Test
    void byAndTopAsInTheTextReport() throws Exception {
        String trace = Scenario.holdAB(5).write(dir, "ab.lct").toString();
        String html = Files.readString(page(trace, "--by", "owner-method", "--top", "1"));
        String by = section(html, "by-aspects");
        assertTrue(by.contains("<h2>By owner-method</h2>"), by);
        assertTrue(by.contains("title=\"AB.holdB\""), by);
        assertTrue(by.contains("title=\"&lt;1 more&gt;\""), "holdA pruned into one row: " + by);
        assertTrue(html.indexOf("id=\"by-aspects\"") < html.indexOf("id=\"blocked-side\""), "--by's tree first");
    }

    @Test
    void aTraceWithoutContentionSaysSo() throws Exception {
        String trace = Scenario.holdAB(0).write(dir, "none.lct").toString();
        String html = Files.readString(page(trace));
        assertTrue(section(html, "owner-side").contains("No contention."), html);
        assertTrue(section(html, "locks").contains("No contended lock."), html);
        assertTrue(section(html, "over-time").contains("No thread blocked or waited in the window."), html);
        assertTrue(section(html, "whatif").contains("No holds to replay"), html);
    }

    /**
     * A pool run dry: its waits are resource waits, which the replay cannot shorten (no holder recorded), so
     * the page says how much of the blocked time its predictions leave out instead of showing 1.00x as if
     * there were nothing to gain (found on the HikariCP + H2 trial, 99.5% of the blocked time).
     */
    @Test
    void resourceWaitsTheReplayLeavesOutAreNamed() throws Exception {
        String trace = jdk.lockstat.internal.reconstruct.ResourceScenarios.pool(false).write(dir, "pool.lct").toString();
        String whatIf = section(Files.readString(page(trace)), "whatif");
        assertTrue(Pattern.compile("<p class=\"caveat\">Not in this replay: 100.0% of the blocked time, [0-9.,]+ ms in 1 wait\\(s\\) "
                + "for a resource").matcher(whatIf).find(), whatIf);
    }

    /** A sampled trace has no what-if (the replay needs every hold), and the page says why. */
    @Test
    void aSampledTraceSaysWhyThereIsNoWhatIf() throws Exception {
        String trace = Scenario.holdAB(5).writeSampled(dir, "sampled.lct", 10).toString();
        String whatIf = section(Files.readString(page(trace)), "whatif");
        assertTrue(whatIf.contains("The trace recorded one in 10 contentions"), whatIf);
        assertFalse(whatIf.contains("<table"), whatIf);
    }

    /** Past its bound the what-if's collector is let go: the page's memory stays flat in the trace's length. */
    @Test
    void theWhatIfKeepsABoundedNumberOfContentionsAndParks() {
        ReportPage.BoundedHolds b = new ReportPage.BoundedHolds(new jdk.lockstat.internal.whatif.HoldCollector((l, p) -> "s"), 3);
        jdk.lockstat.internal.model.ThreadRef t = new jdk.lockstat.internal.model.ThreadRef(1);
        b.parked(t, null, 0, 10);
        b.parked(t, null, 20, 30);
        b.waitEnded(t, 40);
        assertTrue(b.holds != null, "three kept");
        b.parked(t, null, 50, 60);
        assertTrue(b.holds == null, "the fourth lets the collector go");
        b.parked(t, null, 70, 80);   // and nothing fails after
    }

    @Test
    void traceTextIsEscaped() {
        assertEquals("&lt;script&gt;a&amp;b&quot;c&#39;d&lt;/script&gt;", HtmlReport.esc("<script>a&b\"c'd</script>"));
        assertEquals(10, HtmlReport.niceCeiling(6.2), 0);
        assertEquals(2, HtmlReport.niceCeiling(1.5), 0);
        assertEquals(0.5, HtmlReport.niceCeiling(0.31), 1e-12);
    }

    @Test
    void usageErrorNamesHtml() {
        ToolRun r = ToolRun.of("report", "--format", "svg", "x.lct");
        assertEquals(2, r.status());
        assertEquals("lockstat report: --format must be text, csv, json or html, not svg\n", r.err().lines().findFirst().orElse("") + "\n");
    }

    /** The text of one section of the page. */
    private static String section(String html, String id) {
        int from = html.indexOf("<section id=\"" + id + "\">");
        assertTrue(from >= 0, id);
        return html.substring(from, html.indexOf("</section>", from));
    }
}
