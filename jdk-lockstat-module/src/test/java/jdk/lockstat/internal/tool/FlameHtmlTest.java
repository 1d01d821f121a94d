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
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * lockstat flame --format html, run by a real browser: headless Chromium (tools/install-chromium.sh) loads
 * the page from a file with no network, runs its script and gives back the DOM, which must hold the
 * flame graph's frames of the A-1ms/B-6ms trace (Scenario.holdAB). Also leaves a screenshot in
 * target/flame-graph.png.
 */
class FlameHtmlTest {
    @TempDir
    Path dir;

    private String html(String... options) throws Exception {
        Path trace = Scenario.holdAB(5).write(dir, "ab.lct");
        List<String> args = new ArrayList<>(List.of("flame", "--format", "html"));
        args.addAll(List.of(options));
        args.add(trace.toString());
        ToolRun r = ToolRun.of(args.toArray(String[]::new));
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        return r.out();
    }

    private String chromium(Path page, String fragment, String... options) throws Exception {
        return HeadlessChromium.run(dir, page, fragment, options);
    }

    /** The text of every frame element of the flame graph, in document order. */
    static List<String> frames(String dom) {
        List<String> frames = new ArrayList<>();
        Matcher m = Pattern.compile("<div class=\"f( [a-z ]+)?\"[^>]*>([^<]*)</div>").matcher(dom);
        while (m.find()) {
            frames.add(m.group(2) + (m.group(1) == null ? "" : " [" + m.group(1).trim() + "]"));
        }
        return frames;
    }

    @Test
    void selfContainedPageWithBothViews() throws Exception {
        String page = html("--owner");
        assertTrue(page.startsWith("<!DOCTYPE html>"), page);
        for (String external : List.of("http:", "https:", "src=", "href=", "url(", "@import", "@font-face", "//cdn")) {
            assertFalse(page.contains(external), "the page must not load anything: " + external);
        }
        assertEquals(2, page.split("<script", -1).length - 1, "the data and the script, both inline");
        assertTrue(page.contains("\"initial\": \"owner\""), page);
        assertTrue(page.contains("\"AB.holdB\""), page);
        // the same stacks as --format collapsed: [nanos, frame indexes root first]
        assertEquals(List.of("AB.run;AB.holdA 35000000", "AB.run;AB.holdB 35000000"), ToolRun.of("flame",
                Scenario.holdAB(5).write(dir, "ab2.lct").toString()).out().lines().toList());
    }

    @Test
    void frameNamesCannotEndTheScript() {
        String s = FlameGraphHtml.jsString("</script><img src=x onerror=alert(1)>&\u2028\"\\");
        assertEquals("\"\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e\\u0026\\u2028\\\"\\\\\"", s);
        assertEquals("\"\\ufffd\"", FlameGraphHtml.jsString("\ud800"), "a lone surrogate");
    }

    /**
     * Hover, click to zoom and reset, driven by a script added after the page's own (as a user would, by
     * events); it writes what it saw into the DOM.
     */
    @Test
    void chromiumHoversZoomsAndResets() throws Exception {
        String driver = """
                <pre id="seen"></pre>
                <script>
                (() => {   // its own scope: the page's names stay the page's
                const seen = [];
                const frame = name => [...document.querySelectorAll("#chart .f")].find(d => d.textContent === name);
                frame("AB.holdA").dispatchEvent(new MouseEvent("mouseenter"));
                seen.push("hover: " + document.getElementById("details").textContent);
                frame("AB.holdA").click();
                seen.push("zoomed: " + [...document.querySelectorAll("#chart .f")].map(d => d.textContent + " " + d.className + " " + d.style.width).join(", "));
                frame("AB.holdA").dispatchEvent(new MouseEvent("mouseenter"));
                seen.push("hover zoomed: " + document.getElementById("details").textContent);
                document.getElementById("reset").click();
                seen.push("reset: " + [...document.querySelectorAll("#chart .f")].map(d => d.textContent).join(", "));
                frame("AB.holdB").click();
                frame("all").click();
                seen.push("root click: " + document.querySelectorAll("#chart .f").length + " frames");
                document.getElementById("view-blocked").click();
                seen.push("blocked: " + document.getElementById("about").textContent);
                document.getElementById("seen").textContent = seen.join("\\n");
                })();
                </script>
                </body>""";
        Path page = dir.resolve("driven.html");
        Files.writeString(page, html("--owner").replace("</body>", driver), StandardCharsets.UTF_8);
        String dom = chromium(page, "", "--dump-dom", "--window-size=1200,800");
        Matcher m = Pattern.compile("(?s)<pre id=\"seen\">(.*?)</pre>").matcher(dom);
        assertTrue(m.find(), dom);
        List<String> seen = m.group(1).replace("&amp;", "&").lines().toList();
        assertEquals("hover: AB.holdA  \u2014  10.0 ms blocked, 14.29% of all", seen.get(0));
        assertTrue(seen.get(1).matches("zoomed: AB\\.holdA f (\\d+)px, AB\\.run f above \\1px, all f above \\1px"), seen.get(1));
        assertEquals("hover zoomed: AB.holdA  \u2014  10.0 ms blocked, 14.29% of all, 100.00% of the zoomed frame", seen.get(2));
        assertEquals("reset: all, AB.run, AB.holdB, AB.holdA", seen.get(3));
        assertEquals("root click: 4 frames", seen.get(4));
        assertTrue(seen.get(5).startsWith("blocked: Where threads were blocked"), seen.get(5));
    }

    @Test
    void chromiumDrawsTheOwnerAndBlockedViews() throws Exception {
        Path page = dir.resolve("ab.html");
        Files.writeString(page, html("--owner"), StandardCharsets.UTF_8);

        String owner = chromium(page, "", "--dump-dom", "--window-size=1200,800");
        List<String> frames = frames(owner);
        // bottom-up: the root, its caller AB.run, then the owners' methods, widest first
        assertEquals(List.of("all", "AB.run", "AB.holdB", "AB.holdA"), frames, owner);
        assertTrue(owner.contains("<button id=\"view-owner\" type=\"button\" class=\"on\">"), owner);
        assertTrue(owner.contains("Where the lock was held while others waited"), owner);
        assertTrue(owner.contains("Total 70.0 ms."), owner);
        assertTrue(owner.contains("title=\"AB.holdB\n60.0 ms blocked (85.71%)\""), owner);
        assertTrue(owner.contains("<h1 id=\"title\">Lock contention: ab.lct</h1>"), owner);

        String searched = chromium(page, "#view=blocked&search=holdB", "--dump-dom", "--window-size=1200,800");
        assertTrue(searched.contains("<button id=\"view-blocked\" type=\"button\" class=\"on\">"), searched);
        assertEquals(List.of("all", "AB.run", "AB.holdA", "AB.holdB [match]"), frames(searched), searched);
        assertTrue(searched.contains("Matched: 50.00% (35.0 ms)"), searched);

        String ownerSearch = chromium(page, "#search=Hold[B]$", "--dump-dom", "--window-size=1200,800");
        assertTrue(ownerSearch.contains("Matched: 85.71% (60.0 ms)"), ownerSearch);

        Path screenshot = Path.of("target", "flame-graph.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        chromium(page, "#search=holdA", "--screenshot=" + screenshot, "--window-size=1200,800", "--hide-scrollbars");
        assertTrue(Files.size(screenshot) > 10_000, "a screenshot of the page: " + screenshot);
    }
}
