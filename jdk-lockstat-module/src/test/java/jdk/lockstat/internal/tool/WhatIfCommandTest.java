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
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * lockstat whatif on a trace with known owners (Scenario.twoOwners) and on bad options; the prediction
 * itself is tested on hand-built contentions (internal.whatif.WhatIfTest).
 */
class WhatIfCommandTest {
    @TempDir
    Path dir;

    private String trace() throws IOException {
        return Scenario.twoOwners().write(dir, "two.lct").toString();
    }

    @Test
    void textRanksSectionsBesideTheirBlockedShare() throws IOException {
        ToolRun r = ToolRun.of("whatif", trace());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("What if a section's holds took 0.50 of their time: "), r.out());
        assertTrue(r.out().contains(", by owner-method (run "), r.out());
        assertTrue(r.out().contains("    speedup   blocked    rank      held   on path  section\n"), r.out());
        assertTrue(r.out().contains("demo.Worker.hold11\n"), r.out());
        assertTrue(r.out().contains("demo.Worker.hold12\n"), r.out());
        assertTrue(r.out().contains("Notes:\n"), r.out());
    }

    @Test
    void jsonNamesEachSectionsPrediction() throws IOException {
        ToolRun r = ToolRun.of("whatif", "--format", "json", "--scale", "0", "--by", "owner-thread", trace());
        assertEquals(0, r.status(), r.err());
        String j = r.out();
        assertTrue(j.startsWith("{\"trace\": "), j);
        assertTrue(j.contains("\"by\": \"owner-thread\", \"scale\": 0.0000, "), j);
        assertTrue(j.contains("{\"key\": \"worker-11 #11\", \"predictedSpeedup\": "), j);
        assertTrue(j.contains("\"blockedNanos\": 150, \"blockedPercent\": 53.5714, \"blockedRank\": 1, "), j);
        assertTrue(j.contains("\"deadlocksBroken\": 0}"), j);
    }

    @Test
    void criticalPathListsWhatThePathWasSpentOn() throws IOException {
        ToolRun r = ToolRun.of("whatif", "--critical-path", trace());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\nCritical path: "), r.out());
        assertTrue(r.out().contains("  <outside the locks>\n"), r.out());
        assertTrue(r.out().contains("  <hand-off>\n"), r.out());
        ToolRun j = ToolRun.of("whatif", "--critical-path", "--format", "json", trace());
        assertTrue(j.out().contains(", \"criticalPath\": {\"nanos\": "), j.out());
    }

    @Test
    void badOptionsAreUsageErrors() throws IOException {
        String t = trace();
        ToolRun typo = ToolRun.of("whatif", "--by", "owner-metod", t);
        assertEquals(2, typo.status());
        assertTrue(typo.err().contains("--by owner-metod: unknown aspect; did you mean owner-method? (choices: lock-class, lock, "
                + "owner-thread, owner-method, owner-chain, owner-site)"), typo.err());
        ToolRun blockedSide = ToolRun.of("whatif", "--by", "thread", t);
        assertEquals(2, blockedSide.status());
        assertTrue(blockedSide.err().contains("a section is named by an owner aspect or its lock"), blockedSide.err());
        ToolRun scale = ToolRun.of("whatif", "--scale", "-1", t);
        assertEquals(2, scale.status());
        assertTrue(scale.err().contains("--scale needs a factor for the section's hold times"), scale.err());
        ToolRun apps = ToolRun.of("whatif", "--app-packages", "demo", t);
        assertEquals(2, apps.status());
        assertTrue(apps.err().contains("--app-packages applies to the aspects site and owner-site"), apps.err());
        ToolRun format = ToolRun.of("whatif", "--format", "csv", t);
        assertEquals(2, format.status());
    }
}
