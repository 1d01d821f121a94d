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

import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.reconstruct.Scenario;
import jdk.lockstat.query.ApplicationFrames;

/**
 * The site aspects (issue 41, item 5): two call sites in the application reach one library method that
 * holds the lock, as two Log4j call sites reach one appender. owner-method names the library method for
 * both; owner-site with --app-packages names each site apart, with exactly its owner parts' time.
 *
 * <p>Scenario.twoOwners' events: T2 is blocked 100..210 behind T1 (100 ns, then a 10 ns hand-off), T3
 * 150..320 behind T1 (50), a hand-off (10), T2 (90) and a hand-off (20). T1 releases in Service.audit's
 * call of Appender.append, T2 in Service.trace's.
 */
class SiteAspectTest {
    @TempDir
    Path dir;

    @AfterEach
    void defaultRule() {
        ApplicationFrames.use(List.of());   // one rule per process: leave the default for other tests
    }

    private Path trace() throws IOException {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.workers(meta);
        meta.event(EventType.CLASS, 0x600L, 0L, "org.lib.Lock");
        meta.event(EventType.CLASS, 0x901L, 0L, "org.lib.Appender");
        meta.event(EventType.CLASS, 0x902L, 0L, "com.example.Service");
        meta.event(EventType.CLASS, 0x903L, 0L, "java.lang.Thread");
        meta.event(EventType.METHOD, 2001L, 0x901L, "append", "()V", 0x1L, "Appender.java");
        meta.event(EventType.METHOD, 2002L, 0x902L, "audit", "()V", 0x1L, "Service.java");
        meta.event(EventType.METHOD, 2003L, 0x902L, "trace", "()V", 0x1L, "Service.java");
        meta.event(EventType.METHOD, 2004L, 0x903L, "run", "()V", 0x1L, "Thread.java");
        // T1: append <- Service.audit:42; T2: append <- Service.trace:57 (two bytecodes of line 57 in T2's
        // and T3's chains: one site); every chain ends in Thread.run.
        meta.event(EventType.CALL_CHAIN, 100 + T1, List.of(new Object[] {2001L, 3L, 10L, 0L},
                new Object[] {2002L, 5L, 42L, 0L}, new Object[] {2004L, 11L, 1474L, 0L}));
        meta.event(EventType.CALL_CHAIN, 100 + T2, List.of(new Object[] {2001L, 3L, 10L, 0L},
                new Object[] {2003L, 7L, 57L, 0L}, new Object[] {2004L, 11L, 1474L, 0L}));
        meta.event(EventType.CALL_CHAIN, 100 + T3, List.of(new Object[] {2001L, 1L, 9L, 0L},
                new Object[] {2003L, 9L, 57L, 0L}, new Object[] {2004L, 11L, 1474L, 0L}));
        Scenario.twoOwnersEvents(s, 0x600L);
        return s.write(dir, "sites.lct");
    }

    private static String json(String... args) {
        ToolRun r = ToolRun.of(args);
        assertEquals(0, r.status(), r.err());
        return r.out().replaceAll("\\s+", " ");
    }

    /** The report (JSON, whitespace folded) has a row keyed key with exactly nanos of blocked time. */
    private static void assertRow(String report, String key, long nanos) {
        assertTrue(report.contains("\"key\": \"" + key + "\", \"totalNanos\": " + nanos + ","), key + "=" + nanos + " in " + report);
    }

    @Test
    void ownerSiteNamesEachApplicationCallSite() throws IOException {
        String t = trace().toString();
        String byMethod = json("report", "--by", "owner-method", "--format", "json", t);
        assertRow(byMethod, "org.lib.Appender.append", 240);
        String bySite = json("report", "--by", "owner-site", "--app-packages", "com.example", "--format", "json", t);
        assertRow(bySite, "com.example.Service.audit(Service.java:42)", 150);
        assertRow(bySite, "com.example.Service.trace(Service.java:57)", 90);
        assertRow(bySite, "<hand-off>", 40);
        assertFalse(bySite.contains("Appender"), bySite);
    }

    @Test
    void defaultRuleTakesTheFirstFrameOutsideTheJdk() throws IOException {
        String t = trace().toString();
        String bySite = json("report", "--by", "owner-site", "--format", "json", t);
        assertRow(bySite, "org.lib.Appender.append(Appender.java:10)", 240);
        // blocked side: T2's and T3's chains differ in their bytecodes, not in the site
        String blocked = json("report", "--by", "site", "--app-packages", "com.example", "--format", "json", t);
        assertRow(blocked, "com.example.Service.trace(Service.java:57)", 280);
        String none = json("report", "--by", "owner-site", "--app-packages", "org.nothing", "--format", "json", t);
        assertRow(none, "<no application frame>", 240);
    }

    @Test
    void appPackagesNeedASiteAspectAndPackageNames() throws IOException {
        String t = trace().toString();
        ToolRun noSite = ToolRun.of("report", "--by", "owner-method", "--app-packages", "com.example", t);
        assertEquals(2, noSite.status());
        assertEquals("lockstat report: --app-packages applies to the aspects site and owner-site; --by names neither\n", noSite.err());
        ToolRun bad = ToolRun.of("report", "--by", "owner-site", "--app-packages", "com.example,1bad", t);
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("--app-packages: not a package name: \"1bad\""), bad.err());
    }

    @Test
    void applicationRuleMatchesPackagesAndSubpackagesOnly() {
        ApplicationFrames.use(List.of("com.example"));
        assertTrue(ApplicationFrames.isApplication("com.example.Service"));
        assertTrue(ApplicationFrames.isApplication("com.example.web.Handler$1"));
        assertFalse(ApplicationFrames.isApplication("com.examples.Other"));
        assertFalse(ApplicationFrames.isApplication("org.lib.Appender"));
        ApplicationFrames.use(List.of());
        assertTrue(ApplicationFrames.isApplication("org.lib.Appender"));
        assertFalse(ApplicationFrames.isApplication("java.util.HashMap"));
        assertFalse(ApplicationFrames.isApplication("jdk.internal.misc.Unsafe"));
        assertFalse(ApplicationFrames.isApplication("sun.nio.ch.FileChannelImpl"));
    }
}
