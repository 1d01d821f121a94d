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

package jdk.lockstat.query;

import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.internal.reconstruct.Scenario;

/** The viewer's model, read from trace files: the same answers as the report's pass; cancel and progress. */
class TraceModelTest {
    /** 200 rounds of: T1 holds the lock, T2 and T3 block on it; one buffer per round and thread. */
    static Path trace(Path dir) throws Exception {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder inflate = s.buffer(T1);
        Scenario.inflate(inflate, 1, 1, 0x42, Scenario.LOCK_CLASS);
        long seq = 2;
        for (int round = 0; round < 200; round++) {
            long t = 10 + round * 100L;
            EventBufferBuilder b2 = s.buffer(T2), b3 = s.buffer(T3), b1 = s.buffer(T1);
            Scenario.enter(b2, t, seq++, T2);
            Scenario.enter(b3, t + 5, seq++, T3);
            Scenario.exit(b1, t + 20, seq++, T1);
            Scenario.entered(b2, t + 21, seq++);
            Scenario.exit(b2, t + 40, seq++, T2);
            Scenario.entered(b3, t + 41, seq++);
            Scenario.exit(b3, t + 60, seq++, T3);
        }
        return s.write(dir, "rounds.lct");
    }

    @Test
    void loadsLikeTheReport(@TempDir Path dir) throws Exception {
        Path file = trace(dir);
        long[] last = {-1, -1};
        TraceModel m = TraceModel.of(file).load((read, total, events) -> {
            assertTrue(read >= last[0], "progress never goes back");
            last[0] = read;
            last[1] = total;
        });
        assertEquals(last[0], last[1], "progress ends at the file's size");
        AggregationTree expected = new AggregationTree(List.of(Aspect.THREAD, Aspect.OWNER_METHOD));
        new ContentionAnalysis(expected).analyze(file);
        assertEquals(ContentionCubeTest.render(expected.snapshot(), ""), ContentionCubeTest.render(
                m.cube().tree(List.of(Aspect.THREAD, Aspect.OWNER_METHOD), 0, TimeAxis.BUCKETS, false).toReportNode(), ""));
        assertEquals(400, m.cube().contentions());
        assertTrue(m.problems().isEmpty(), m.problems().toString());
        assertEquals(1, m.lockStatistics().rows().size());
        assertEquals(3, m.activity().threads());
    }

    @Test
    void activityAloneGivesTheSameBottleGraphWithoutTheCube(@TempDir Path dir) throws Exception {
        Path file = trace(dir);
        TraceModel whole = TraceModel.of(file).load((read, total, events) -> { });
        TraceModel alone = TraceModel.activityOf(file).load((read, total, events) -> { });
        assertEquals(0, alone.cube().contentions(), "no cube: its memory is the owner parts'");
        assertEquals(400, whole.cube().contentions());
        assertEquals(whole.lastBucket(), alone.lastBucket());
        assertEquals(whole.activity().bottleGraph(0, whole.lastBucket(), false, 2),
                alone.activity().bottleGraph(0, alone.lastBucket(), false, 2));
        assertEquals(3, alone.activity().threads());
        assertEquals(whole.lockStatistics().rows().size(), alone.lockStatistics().rows().size());
    }

    @Test
    void cancelKeepsWhatWasRead(@TempDir Path dir) throws Exception {
        Path file = trace(dir);
        int[] buffers = {0};
        TraceModel m = TraceModel.of(file);
        assertThrows(CancellationException.class, () -> m.load(new TraceModel.Progress() {
            @Override
            public void read(long bytesRead, long bytesTotal, long events) {
                buffers[0]++;
            }

            @Override
            public boolean cancelled() {
                return buffers[0] >= 300;   // about half of the 601 buffers
            }
        }));
        long partial = m.cube().contentions();
        assertTrue(partial > 50 && partial < 400, "contentions read before cancel: " + partial);
    }
}
