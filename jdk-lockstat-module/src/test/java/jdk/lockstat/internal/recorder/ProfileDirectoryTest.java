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

package jdk.lockstat.internal.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.reconstruct.Scenario;
import jdk.lockstat.internal.tool.GoPprof;

/**
 * Periodic profiles: the A-1ms/B-6ms buffers (Scenario.holdAB) through a profile directory give an
 * owner-side profile whose top owner go tool pprof names AB.holdB at 6/7 of the delay, and a blocked
 * side half and half; later intervals start empty; only the most recent keep intervals stay.
 */
class ProfileDirectoryTest {
    @TempDir
    Path dir;

    private ProfileDirectory directory(String spec) throws Exception {
        return new ProfileDirectory(ProfileDirectory.Spec.parse(spec), new TraceHeader(TestTraces.header()), TestTraces.START);
    }

    private List<Path> files(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        }
    }

    @Test
    void eachIntervalIsAProfilePprofReads() throws Exception {
        Path out = dir.resolve("profiles");
        ProfileDirectory p = directory(out + ",interval=10s,keep=2");
        for (EventBufferBuilder b : Scenario.holdAB(5).buffers()) {
            p.buffer(b.toByteBuffer());
        }
        p.end(Map.of());   // the analysis finished: the first interval holds all 20 contentions
        List<Path> first = files(out);
        assertEquals(2, first.size(), first.toString());
        assertTrue(first.get(0).getFileName().toString().matches("lockstat-\\d+-000001-\\d{8}-\\d{6}-blocked\\.pb\\.gz"), first.toString());
        assertEquals(first.get(0).getFileName().toString().replace("-blocked.", "-owner."), first.get(1).getFileName().toString());
        Path owner = first.get(1), blocked = first.get(0);
        String top = GoPprof.run(dir, "-top", "-sample_index=delay", owner.toString());
        assertTrue(top.contains("of 70ms total"), top);
        assertTrue(top.matches("(?s).*\\n\\s*60ms 85\\.71% 85\\.71%\\s+60ms 85\\.71%\\s+AB\\.holdB\\n.*"), top);
        String blockedTop = GoPprof.run(dir, "-top", "-sample_index=delay", blocked.toString());
        assertTrue(blockedTop.contains("35ms 50.00%"), blockedTop);
        assertTrue(GoPprof.run(dir, "-raw", owner.toString()).contains("lockstat periodic profile, owner side"));

        p.writeInterval();
        p.writeInterval();
        List<Path> now = files(out);
        assertEquals(4, now.size(), "the two most recent intervals: " + now);
        assertTrue(now.stream().noneMatch(f -> f.getFileName().toString().contains("-000001-")), "the oldest deleted: " + now);
        String empty = GoPprof.run(dir, "-top", "-sample_index=delay", now.get(3).toString());
        assertTrue(empty.contains("0 of 0 total") || empty.contains("of 0 total"), empty);
        assertEquals(3, p.profilesWritten());
    }

    @Test
    void badSpecsAreOneMessage() {
        for (String[] c : List.of(new String[] {"", "needs a directory"}, new String[] {"d,interval=10", "interval needs a time"},
                new String[] {"d,interval=500ms", "at least 1 s"}, new String[] {"d,keep=0", "keep must be 1 to 100000"},
                new String[] {"d,keep=x", "keep needs a number"}, new String[] {"d,every=5s", "unknown option \"every=5s\""},
                new String[] {"d%q", "unknown '%q'"})) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileDirectory.Spec.parse(c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
        ProfileDirectory.Spec s = ProfileDirectory.Spec.parse("d,interval=5m,keep=3");
        assertEquals(300_000_000_000L, s.intervalNanos());
        assertEquals(3, s.keep());
        assertEquals(60_000_000_000L, ProfileDirectory.Spec.parse("d").intervalNanos());
    }
}
