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

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TraceMutator;
import jdk.lockstat.internal.reconstruct.BoundedWorker;

/**
 * The viewer's open path under fuzzing: {@link TraceModel#load} on mutated traces, then every query the
 * viewer's views make of the model (drill-down trees in random aspect orders and time ranges, node
 * details, thread timelines, the chart's series, bottle graphs, lock statistics). Damage may only show
 * as {@link TraceModel#problems()} or, for a file that is no trace at all, as a TraceFormatException
 * (the viewer's banner); nothing else may be thrown, hang or allocate without bound.
 */
public class TraceModelFuzzTest {
    private static final int INPUTS = FuzzSeeds.inputs(600);
    private static final long SECONDS_PER_INPUT = 20;
    private static final long ALLOCATION_LIMIT = 512L << 20;

    @TempDir
    Path dir;

    @Test
    void mutatedTracesOpenAsTheViewerOpensThem() throws Exception {
        TraceMutator mutator = new TraceMutator(FuzzSeeds.seeds(dir));
        Path input = dir.resolve("input.lct");
        int opened = 0, damaged = 0, refused = 0;
        try (BoundedWorker worker = new BoundedWorker()) {
            for (long n = 0; n < INPUTS; n++) {
                byte[] bytes = mutator.mutant(FuzzSeeds.runSeed() + 1, n);
                Files.write(input, bytes);
                long queries = n;
                BoundedWorker.Outcome<TraceModel> o = worker.run(() -> openAndQuery(input, new Random(queries)), SECONDS_PER_INPUT);
                String problem = o.problem(ALLOCATION_LIMIT, TraceFormatException.class);
                if (problem != null) {
                    Path saved = FuzzSeeds.save("model", n, bytes);
                    fail("input " + n + " (saved as " + saved + "): " + problem);
                }
                if (o.thrown() != null) {
                    refused++;
                } else if (o.value().problems().isEmpty()) {
                    opened++;
                } else {
                    damaged++;
                }
            }
        }
        System.out.printf("model fuzz: %d inputs: %d opened clean, %d damaged (partial), %d refused (not a trace)%n",
                INPUTS, opened, damaged, refused);
        assertTrue(opened > INPUTS / 50 && damaged > INPUTS / 10, "the mutants reach both outcomes");
    }

    /** What MainWindow does on open and on every refresh, with random aspects and ranges. */
    public static TraceModel openAndQuery(Path file, Random random) throws IOException {
        TraceModel m = TraceModel.of(file).load((read, total, events) -> { });
        int last = m.lastBucket();
        m.problems();
        m.activity().averageThreads();
        m.activity().pauses();
        m.lockStatistics().rows();
        for (int i = 0; i < 3; i++) {
            // as the chart selects: 0 <= from <= to <= BUCKETS, the whole axis or a range around the data
            int from = i == 0 ? 0 : random.nextInt(Math.min(TimeAxis.BUCKETS, Math.max(1, last + 1)));
            int to = i == 0 ? TimeAxis.BUCKETS : Math.min(TimeAxis.BUCKETS, from + random.nextInt(TimeAxis.BUCKETS + 1));
            List<Aspect> aspects = new ArrayList<>(List.of(Aspect.values()));
            java.util.Collections.shuffle(aspects, random);
            boolean afterWait = random.nextBoolean();
            DrillNode root = m.cube().tree(aspects.subList(0, 1 + random.nextInt(3)), from, to, afterWait);
            walk(m, root, from, to, afterWait, 0);
            m.activity().timelines(from, to, 50);
            m.activity().bottleGraph(from, to, random.nextBoolean());
        }
        return m;
    }

    private static void walk(TraceModel m, DrillNode node, int from, int to, boolean afterWait, int depth) {
        node.text();
        node.percent();
        m.cube().detail(node, from, to, afterWait);
        if (depth < 3) {
            for (DrillNode c : node.children().subList(0, Math.min(4, node.children().size()))) {
                walk(m, c, from, to, afterWait, depth + 1);
            }
        }
    }
}
