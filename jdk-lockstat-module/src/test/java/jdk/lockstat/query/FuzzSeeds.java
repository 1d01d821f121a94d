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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.internal.format.TraceMutator;
import jdk.lockstat.internal.reconstruct.Scenario;

/** The traces the fuzz tests mutate: a real VM trace (the viewer's sample) and hand-built ones. */
public final class FuzzSeeds {
    /** Recorded by the LockStat JDK (viewer-fx/sample/SampleWorkload): monitors, parks, chains. */
    public static final Path REAL_TRACE = Path.of("../viewer-fx/sample/sample.lct");

    private FuzzSeeds() {}

    public static List<TraceMutator.Seed> seeds(Path dir) throws IOException {
        if (!Files.isRegularFile(REAL_TRACE)) {
            throw new IOException("the real seed trace " + REAL_TRACE.toAbsolutePath() + " is missing");
        }
        List<TraceMutator.Seed> seeds = new ArrayList<>();
        seeds.add(TraceMutator.Seed.of("sample.lct", Files.readAllBytes(REAL_TRACE)));
        EventBufferBuilder[] every = new EventBufferBuilder[3];
        for (int i = 0; i < every.length; i++) {
            every[i] = TestTraces.everyEventType(i, i);
        }
        seeds.add(TraceMutator.Seed.of("every-event-type", TestTraces.trace(false, every)));
        seeds.add(TraceMutator.Seed.of("two-owners.lct", Files.readAllBytes(Scenario.twoOwners().write(dir, "two-owners.lct", true))));
        seeds.add(TraceMutator.Seed.of("reentrant-lock.lct", Files.readAllBytes(Scenario.reentrantLock().write(dir, "reentrant-lock.lct", true))));
        // release summaries: a sequence number that stands for many
        seeds.add(TraceMutator.Seed.of("barging.lct", Files.readAllBytes(Scenario.barging(true).write(dir, "barging.lct", true))));
        return seeds;
    }

    /** Inputs per fuzz test: short in {@code make test}, {@code -Dlockstat.fuzz.inputs=100000} in {@code make fuzz}. */
    public static int inputs(int shortRun) {
        return Integer.getInteger("lockstat.fuzz.inputs", shortRun);
    }

    /** The run's seed: the same seed and input number give the same bytes. */
    public static long runSeed() {
        return Long.getLong("lockstat.fuzz.seed", 20261124L);
    }

    /** Saves a failing input under target/fuzz-failures and names it. */
    public static Path save(String test, long n, byte[] bytes) throws IOException {
        Path saved = Path.of("target", "fuzz-failures", test + "-" + runSeed() + "-" + n + ".lct");
        Files.createDirectories(saved.getParent());
        Files.write(saved, bytes);
        return saved;
    }
}
