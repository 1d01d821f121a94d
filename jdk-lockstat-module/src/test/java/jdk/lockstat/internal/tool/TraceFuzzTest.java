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

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.TraceMutator;
import jdk.lockstat.internal.reconstruct.BoundedWorker;
import jdk.lockstat.query.FuzzSeeds;

/**
 * Fuzzes the trace reader and everything behind it through the real {@code lockstat} commands: each
 * input is a seeded mutation of a real VM trace or a hand-built one ({@link TraceMutator}), and every
 * command must answer with status 0 (readable) or 1 (damaged), within a time bound, allocating a
 * bounded amount, and printing no stack trace, no "internal error" and no "out of memory".
 *
 * <p>{@code make test} runs a short sweep; {@code make fuzz} the long one
 * ({@code -Dlockstat.fuzz.inputs=100000}). A failing input is saved under target/fuzz-failures with the
 * numbers that regenerate it ({@code -Dlockstat.fuzz.seed}, input number).
 */
class TraceFuzzTest {
    private static final int INPUTS = FuzzSeeds.inputs(1500);
    private static final long RUN_SEED = FuzzSeeds.runSeed();
    private static final long SECONDS_PER_INPUT = 20;
    /** No command may allocate more than this on a mutant of a seed of a few dozen KB. */
    private static final long ALLOCATION_LIMIT = 512L << 20;

    /** Stands for a file in the test's directory that a command writes. */
    private static final String OUTPUT = "$OUTPUT";
    private static final List<List<String>> COMMANDS = List.of(
            List.of("summary", "--format", "json"),
            List.of("report"),
            List.of("report", "--by", "owner-thread,chain,lock", "--format", "json"),
            List.of("report", "--by", "thread,owner-method", "--format", "csv"),
            List.of("locks"),
            List.of("flame", "--owner"),
            List.of("print"),
            List.of("summary"),
            List.of("--all-frames", "report", "--by", "method,owner-chain", "--format", "csv"),
            List.of("flame", "--format", "html"),
            List.of("export", "--format", "pprof", "-o", OUTPUT),
            List.of("export", "--side", "blocked", "--all-frames", "-o", OUTPUT));


    @TempDir
    Path dir;

    @Test
    void mutatedTracesGiveClearAnswersOnly() throws Exception {
        TraceMutator mutator = new TraceMutator(FuzzSeeds.seeds(dir));
        Path input = dir.resolve("input.lct");
        Map<Integer, Integer> statuses = new TreeMap<>();
        long started = System.nanoTime();
        try (BoundedWorker worker = new BoundedWorker()) {
            for (long n = 0; n < INPUTS; n++) {
                byte[] bytes = mutator.mutant(RUN_SEED, n);
                Files.write(input, bytes);
                // verify on every input, and one analysis command chosen by the input's number
                for (List<String> command : List.of(List.of("verify"), COMMANDS.get((int) (n % COMMANDS.size())))) {
                    List<String> args = new ArrayList<>(command);
                    args.replaceAll(a -> a.equals(OUTPUT) ? dir.resolve("output").toString() : a);
                    args.add(input.toString());
                    BoundedWorker.Outcome<ToolRun> o = worker.run(() -> ToolRun.of(args.toArray(String[]::new)), SECONDS_PER_INPUT);
                    String problem = o.problem(ALLOCATION_LIMIT, null);
                    if (problem == null) {
                        problem = problem(o.value());
                    }
                    if (problem != null) {
                        failure(n, bytes, command, problem, o.value());
                    }
                    statuses.merge(o.value().status(), 1, Integer::sum);
                }
            }
        }
        long ms = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("trace fuzz: %d inputs (seed %d) in %d ms, command status counts %s%n", INPUTS, RUN_SEED, ms, statuses);
        // The mutants must reach both answers, or the fuzzer tests nothing.
        assertTrue(statuses.getOrDefault(0, 0) > INPUTS / 20 && statuses.getOrDefault(1, 0) > INPUTS / 20, statuses.toString());
    }

    /** What is wrong with a command's answer, or null when it is a clear one. */
    static String problem(ToolRun run) {
        if (run.status() != 0 && run.status() != 1) {
            return "exit status " + run.status();
        }
        for (String s : List.of(run.out(), run.err())) {
            for (String bad : List.of("\tat ", "Exception in ", "internal error", "out of memory", "StackOverflowError")) {
                if (s.contains(bad)) {
                    return "printed \"" + bad.strip() + "\"";
                }
            }
        }
        if (run.status() == 1 && run.err().isBlank() && run.out().isBlank()) {
            return "status 1 without a message";
        }
        return null;
    }

    private static void failure(long n, byte[] bytes, List<String> command, String problem, ToolRun run) throws IOException {
        Path saved = FuzzSeeds.save("lockstat", n, bytes);
        String output = run == null ? "" : "\nstdout (head): " + head(run.out()) + "\nstderr: " + head(run.err());
        fail("input " + n + " of seed " + RUN_SEED + " (saved as " + saved + "), lockstat " + String.join(" ", command)
                + ": " + problem + output);
    }

    private static String head(String s) {
        return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
    }
}
