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

package jdk.lockstat.internal.reconstruct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.query.LockRows;
import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.query.LockMetrics;
import jdk.lockstat.query.LockStatistics;

/**
 * The per-lock formulas against the J9 park-contention thesis's own tables: the two rows of its
 * Figure 3.5 (times in its clock's units, run about 10.2 million, lifetimes about 10.0 million) and the
 * three locks of Table 5.1 (ms; run 100,398 ms, lifetimes 99,992, 1,349 and 288 ms), each value as
 * printed, rounded to two decimals.
 */
class LockMetricsTest {
    record ThesisRow(long times, double threadTime, double realTime, long now, double run, double life,
                     double avgPark, double avgHold, double realUtil, double threadUtil, double realLifeUtil, double threadLifeUtil) {}

    static final List<ThesisRow> FIGURE_3_5 = List.of(
            new ThesisRow(3224, 6260087, 100028, 0, 10_204_000, 10_003_000, 1941.71, 31.03, 0.98, 61.35, 1.00, 62.58),
            new ThesisRow(164, 6721, 4219, 0, 10_204_000, 10_003_000, 40.98, 25.73, 0.04, 0.07, 0.04, 0.07));

    static final List<ThesisRow> TABLE_5_1 = List.of(
            new ThesisRow(1681, 6225735, 99992, 0, 100_398, 99_992, 3703.59, 59.48, 99.60, 6201.05, Double.NaN, 6226.23),
            new ThesisRow(83, 33783, 1348, 0, 100_398, 1_349, 407.02, 16.24, 1.34, 33.65, Double.NaN, 2504.30),
            new ThesisRow(67, 8507, 288, 0, 100_398, 288, 126.97, 4.30, 0.29, 8.47, Double.NaN, 2953.82));

    @Test
    void formulasReproduceTheThesisTables() {
        for (ThesisRow r : concat(FIGURE_3_5, TABLE_5_1)) {
            assertEquals(r.avgPark(), round(LockMetrics.averageBlockedTime(r.threadTime(), r.times())), r.toString());
            assertEquals(r.avgHold(), round(LockMetrics.averageHoldTime(r.realTime(), r.times(), r.now())), r.toString());
            assertEquals(r.realUtil(), round(LockMetrics.utilisationPercent(r.realTime(), r.run())), r.toString());
            assertEquals(r.threadUtil(), round(LockMetrics.utilisationPercent(r.threadTime(), r.run())), r.toString());
            if (!Double.isNaN(r.realLifeUtil())) {
                assertEquals(r.realLifeUtil(), round(LockMetrics.utilisationPercent(r.realTime(), r.life())), r.toString());
            }
            assertEquals(r.threadLifeUtil(), round(LockMetrics.utilisationPercent(r.threadTime(), r.life())), r.toString());
        }
        assertEquals(0, LockMetrics.averageHoldTime(5, 3, 3));
        assertEquals(0, LockMetrics.utilisationPercent(5, 0));
    }

    /**
     * The thesis's event formulas (3.7.7–3.7.9) on a hand example: blocked counts 0,1,2,1,0,1,0 at times
     * 0,10,20,40,50,70,80 give peak 2, thread-time 10+2*20+10+10 = 70, real-time 10+20+10+10 = 50.
     */
    @Test
    void accumulatorFollowsTheThesisFormulas() {
        BlockedTimeAccumulator a = new BlockedTimeAccumulator();
        long[][] steps = {{10, +1}, {20, +1}, {40, -1}, {50, -1}, {70, +1}, {80, -1}};
        for (long[] s : steps) {
            a.change(s[0], (int) s[1]);
        }
        assertEquals(2, a.peak());
        assertEquals(70, a.threadTime());
        assertEquals(50, a.realTime());
        assertEquals(0, a.blockedNow());
        assertEquals(10, a.first());
        assertEquals(80, a.last());

        // Clipped to the window [30, 75): thread-time 2*10+10+5 = 35, real-time 10+10+5 = 25; peak 2.
        BlockedTimeAccumulator w = new BlockedTimeAccumulator(30, 75);
        for (long[] s : steps) {
            w.change(s[0], (int) s[1]);
        }
        assertEquals(35, w.threadTime());
        assertEquals(25, w.realTime());
        assertEquals(2, w.peak());
        w.count(10, 40);
        w.count(0, 20);
        assertEquals(1, w.times());
    }

    @Test
    void lockStatisticsFromATrace() {
        Scenario.Result r = LockAnalyzerTest.twoOwners().push();
        List<PerLockStatistics.Row> rows = r.analysis().lockStatistics().rows();
        assertEquals(1, rows.size());
        PerLockStatistics.Row row = rows.get(0);
        assertEquals("demo.Lock@1234", row.lock().toString());
        assertEquals(2, row.timesBlocked());
        assertEquals(2, row.peakBlocked());
        assertEquals(110 + 170, row.threadTime());
        assertEquals(220, row.realTime());           // 100..320, someone blocked throughout
        LockStatistics.Row shown = LockRows.of(r.analysis().lockStatistics()).rows().get(0);   // as front ends read it
        assertEquals("demo.Lock@1234", shown.lock());
        assertEquals(140, shown.averageBlockedTime());
        assertEquals(110, shown.averageHoldTime());
        assertEquals(220, row.lifetime());
        assertEquals(Scenario.T2, row.firstThread().id());
    }

    private static double round(double d) {
        return Math.round(d * 100) / 100.0;
    }

    private static List<ThesisRow> concat(List<ThesisRow> a, List<ThesisRow> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
