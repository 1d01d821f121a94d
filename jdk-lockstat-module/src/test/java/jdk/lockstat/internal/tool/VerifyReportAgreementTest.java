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
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.SequenceNumbers;
import jdk.lockstat.internal.reconstruct.LifetimeScenarios;
import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * verify and the analysis judge sequence numbers by one rule (SequenceNumbers): a trace verify calls
 * intact gets no damage note from report, and one whose numbers verify calls impossible gets the same
 * count in report's note and exit status 1 from both (issue 41, item 3).
 */
class VerifyReportAgreementTest {
    @TempDir
    Path dir;

    /** The H2/HikariCP case: a deflation handed over after the address's next lifetime had begun. */
    @Test
    void lateDeflationIsNoDamage() throws IOException {
        for (boolean deflationFirst : new boolean[] {true, false}) {
            Path trace = LifetimeScenarios.lateDeflation(deflationFirst).write(dir, "late-" + deflationFirst + ".lct");
            ToolRun verify = ToolRun.of("verify", trace.toString());
            assertEquals(0, verify.status(), verify.out());
            assertTrue(verify.out().contains(": OK ("), verify.out());
            ToolRun report = ToolRun.of("report", "--by", "owner-thread", trace.toString());
            assertEquals(0, report.status(), report.err());
            assertEquals("", report.err());
            assertFalse(report.out().contains("impossible"), report.out());
            assertFalse(report.out().contains("never arrived"), report.out());
            assertFalse(report.out().contains("incomplete"), report.out());
            assertTrue(report.out().contains("1 monitor deflation(s) arrived after the next inflation's events had been"
                    + " analysed; each such pair of lifetimes was analysed as one"), report.out());
            assertTrue(report.out().contains("Blocked: 0.000 ms in 2 contentions"), report.out());
        }
    }

    /** Numbers no VM writes: past SequenceNumbers.MAX, a release summary of no releases, a park's gseq. */
    @Test
    void impossibleNumbersAreDamageForBoth() throws IOException {
        Scenario s = Scenario.twoOwners();
        EventBufferBuilder b = s.buffer(Scenario.T3);
        long t = Scenario.T0 + 400;
        b.event(EventType.MONITOR_CONTENDED_ENTER, t, Scenario.LOCK, SequenceNumbers.MAX + 1, 113L, 0);
        b.event(EventType.MONITOR_RELEASE_SUMMARY, t + 10, Scenario.LOCK, 7L, 0L, 0L, 0, List.<Object[]>of());
        b.event(EventType.PARK_BEGIN, t + 20, SequenceNumbers.MAX + 7, 0L, 0L, 0, 0L, 113L, 0);
        Path trace = s.write(dir, "impossible.lct");

        ToolRun verify = ToolRun.of("verify", trace.toString());
        assertEquals(1, verify.status(), verify.out());
        assertTrue(verify.out().contains("INVALID"), verify.out());
        assertTrue(verify.out().contains("  3 monitor or park event(s) carry an impossible sequence number (damaged)"),
                verify.out());

        ToolRun report = ToolRun.of("report", trace.toString());
        assertEquals(1, report.status(), report.err());
        assertTrue(report.out().contains("  3 monitor or park event(s) with an impossible sequence number (damage) were ignored"),
                report.out());
        assertTrue(report.err().contains("3 monitor or park event(s) carry an impossible sequence number (damaged; left out)"),
                report.err());
        // The rest of the trace is analysed as without them.
        assertTrue(report.out().contains("Blocked: 0.000 ms in 2 contentions"), report.out());
    }

    /** The rule itself, at its edges. */
    @Test
    void rule() {
        assertTrue(SequenceNumbers.possible(0));
        assertTrue(SequenceNumbers.possible(SequenceNumbers.MAX));
        assertFalse(SequenceNumbers.possible(SequenceNumbers.MAX + 1));
        assertFalse(SequenceNumbers.possible(-1));
        assertTrue(SequenceNumbers.possible(5, 1));
        assertTrue(SequenceNumbers.possible(SequenceNumbers.MAX - 9, 10));
        assertFalse(SequenceNumbers.possible(SequenceNumbers.MAX - 9, 11));
        assertFalse(SequenceNumbers.possible(5, 0));
        assertFalse(SequenceNumbers.possible(5, -3));
        assertFalse(SequenceNumbers.possible(1, Long.MAX_VALUE));
    }
}
