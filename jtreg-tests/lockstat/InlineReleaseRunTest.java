/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

/*
 * @test
 * @summary Release runs (a thread's releases while no other thread owned the monitor in between, summed):
 *          one owner releases a monitor K times at site A, then K times at site B, N rounds, while a
 *          virtual thread stays blocked on the monitor (the only carrier is kept busy, so it cannot
 *          take it). Sites A and B are two synchronized blocks of one C2-compiled method (the same
 *          frame, the same sp, two exits), or one synchronized helper, not inlined, called from two
 *          places of that method (the same exit, at the same sp, under two chains: a run keyed by
 *          the exit alone summed B's releases into A's run), also with that method interpreted (the
 *          helper's return address is the interpreter's for both calls). Every release must be recorded with its
 *          own site's chain: exactly N*K with A's and N*K with B's, events and summaries together; the
 *          VM summed runs (one thread's run holds both sites' chains); no release is counted as C2's
 *          inline (SectionStats' inlineReleases stays 0: C2 no longer continues runs); the trace
 *          verifies; and the blocked thread's wait splits between the sites as the owner's own clock
 *          split its holds. Run with and without the object monitor table.
 * @library /lib
 * @build LockStatRun StuckVirtualThread Spin
 * @run main/timeout=300 InlineReleaseRunTest
 */

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class InlineReleaseRunTest {
    static final int ROUNDS = 200;
    static final int PER_SITE = 5;

    public static class Workload {
        static final Object LOCK = new Object();
        static long heldA, heldB;

        // Sites A and B: the monitor exits this test is about (C2 compiles this method during the warm-up).
        static void rounds(Object lock, int n, int k, long nanosA, long nanosB) {
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < k; i++) {
                    synchronized (lock) {
                        heldA += hold(nanosA);
                    }
                }
                for (int i = 0; i < k; i++) {
                    synchronized (lock) {
                        heldB += hold(nanosB);
                    }
                }
            }
        }

        // Sites A and B: two calls of one synchronized helper, whose exit runs at the same sp and pc.
        static void roundsThroughHelper(Object lock, int n, int k, long nanosA, long nanosB) {
            for (int r = 0; r < n; r++) {
                for (int i = 0; i < k; i++) {
                    heldA += section(lock, nanosA);
                }
                for (int i = 0; i < k; i++) {
                    heldB += section(lock, nanosB);
                }
            }
        }

        static long section(Object lock, long nanos) {
            synchronized (lock) {
                return hold(nanos);
            }
        }

        static void rounds(boolean helper, Object lock, int n, int k, long nanosA, long nanosB) {
            if (helper) {
                roundsThroughHelper(lock, n, k, nanosA, nanosB);
            } else {
                rounds(lock, n, k, nanosA, nanosB);
            }
        }

        static long hold(long nanos) {
            return Spin.nanos(nanos);
        }

        public static void main(String[] args) throws Exception {
            boolean helper = args.length > 0 && args[0].equals("helper");
            Object warm = new Object();
            for (int i = 0; i < 20_000; i++) {   // every loop taken as in the measured call: no branch left to C2's traps
                rounds(helper, warm, 2, PER_SITE, 100, 100);
            }
            heldA = heldB = 0;
            Thread w = Thread.ofVirtual().name("inline-w").unstarted(() -> {
                synchronized (LOCK) {
                    LOCK.hashCode();
                }
            });
            Thread owner = Thread.ofPlatform().name("inline-owner").unstarted(() -> {
                try {
                    synchronized (LOCK) {
                        StuckVirtualThread.blockWhileHolding(LOCK, w);   // W, woken by a release, cannot run
                    }
                    rounds(helper, LOCK, ROUNDS, PER_SITE, 20_000, 60_000);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
            owner.start();
            owner.join();
            StuckVirtualThread.release();
            w.join();
            System.out.println("heldA=" + heldA + " heldB=" + heldB);
            System.out.println("workload-done");
        }
    }

    static void check(String name, boolean helper, String... vmOptions) throws Exception {
        check(name, helper, true, vmOptions);
    }

    /** callerCompiled false: the rounds method is kept interpreted (its exits' helper is compiled). */
    static void check(String name, boolean helper, boolean callerCompiled, String... vmOptions) throws Exception {
        String method = helper ? "roundsThroughHelper" : "rounds";
        List<String> options = new ArrayList<>(List.of("-Djdk.virtualThreadScheduler.parallelism=1",
                "-Djdk.virtualThreadScheduler.maxPoolSize=1", "-XX:-TieredCompilation", "-Xbatch",
                "-XX:+PrintCompilation", "-XX:CompileCommand=quiet",
                "-XX:CompileCommand=dontinline,InlineReleaseRunTest$Workload::" + method,
                "-XX:CompileCommand=dontinline,InlineReleaseRunTest$Workload::section"));
        options.addAll(List.of(vmOptions));
        LockStatRun.Traced t = LockStatRun.traceWorkload("inlinerun-" + name, List.of(options.toArray(new String[0])),
                "InlineReleaseRunTest$Workload", helper ? "helper" : "blocks");
        String stdout = t.run().stdout;
        String compiled = callerCompiled ? method : "section";
        LockStatRun.check(stdout.contains("InlineReleaseRunTest$Workload::" + compiled), name + ": C2 compiled " + compiled);
        long heldA = LockStatRun.printedNumber(stdout, "heldA"), heldB = LockStatRun.printedNumber(stdout, "heldB");
        String trace = t.trace().toString();
        LockStatRun.lockstat("verify", trace).shouldHaveExitValue(0);

        // Chains by the line of their frame in the rounds method: A's line is the smaller.
        String print = LockStatRun.lockstat("print", trace).shouldHaveExitValue(0).stdout;
        String roundsId = null;
        Matcher m = Pattern.compile("(?m)^Method .* method=(\\d+) class=\\d+ name=\"" + method + "\"").matcher(print);
        if (m.find()) {
            roundsId = m.group(1);
        }
        LockStatRun.check(roundsId != null, name + ": " + method + " is named in the trace");
        Map<String, Integer> lineOfChain = new HashMap<>();
        m = Pattern.compile("(?m)^CallChain .* chain=(\\d+) frames=\\[(.*)$").matcher(print);
        while (m.find()) {
            Matcher f = Pattern.compile("\\{method=(\\d+) bci=\\d+ line=(-?\\d+)").matcher(m.group(2));
            while (f.find()) {
                if (f.group(1).equals(roundsId)) {
                    lineOfChain.put(m.group(1), Integer.parseInt(f.group(2)));
                    break;
                }
            }
        }
        int lineA = lineOfChain.values().stream().min(Integer::compare).orElse(-1);
        int lineB = lineOfChain.values().stream().max(Integer::compare).orElse(-1);
        LockStatRun.check(lineA > 0 && lineB > lineA, name + ": two exit sites in rounds: " + lineOfChain);
        long[] releases = new long[2];   // A, B
        m = Pattern.compile("(?m)^MonitorContendedExit .* chain=(\\d+)").matcher(print);
        while (m.find()) {
            Integer line = lineOfChain.get(m.group(1));
            if (line != null) {
                releases[line == lineA ? 0 : 1]++;
            }
        }
        m = Pattern.compile("\\{thread=\\d+ chain=(\\d+) releases=(\\d+) ").matcher(print);
        while (m.find()) {
            Integer line = lineOfChain.get(m.group(1));
            if (line != null) {
                releases[line == lineA ? 0 : 1] += Long.parseLong(m.group(2));
            }
        }
        long expected = (long) ROUNDS * PER_SITE;
        LockStatRun.check(releases[0] == expected && releases[1] == expected,
                name + ": releases with A's chain " + releases[0] + ", with B's " + releases[1] + "; " + expected + " each");

        String summary = LockStatRun.lockstat("summary", "--format", "json", trace).shouldHaveExitValue(0).stdout;
        m = Pattern.compile("\"inlineReleases\": ([0-9]+)").matcher(summary);
        LockStatRun.check(m.find(), name + ": the summary counts inline releases: " + summary);
        long inline = Long.parseLong(m.group(1));
        LockStatRun.check(inline == 0, name + ": C2's inline exit continued no run: " + inline);
        m = Pattern.compile("\"summarized\": ([0-9]+)").matcher(summary);
        LockStatRun.check(m.find() && Long.parseLong(m.group(1)) > 0, name + ": releases were summed: " + summary);

        String json = LockStatRun.lockstat("report", "--by", "owner-chain", "--thread", "inline-w", "--format", "json",
                trace).shouldHaveExitValue(0).stdout;
        long ownerA = LockStatRun.totalNanosOf(json, ":" + lineA), ownerB = LockStatRun.totalNanosOf(json, ":" + lineB);
        double shareA = 100.0 * ownerA / (ownerA + ownerB), measuredA = 100.0 * heldA / (heldA + heldB);
        System.out.printf("%s: releases A %d, B %d; inline %d; A's share of the owners %.1f%% (held %.1f%%)%n",
                name, releases[0], releases[1], inline, shareA, measuredA);
        LockStatRun.check(ownerA > 0 && ownerB > 0 && Math.abs(shareA - measuredA) <= 5,
                name + ": A's share of W's owners " + shareA + "% against its holds' " + measuredA + "%: " + json);
    }

    public static void main(String[] args) throws Exception {
        check("marked", false);
        check("helper", true);
        // The helper's caller interpreted: a chain cache that meets the thread's mark on the caller's
        // frame must also see which call of it the helper returns to (its bcp; the helper's return
        // address into the interpreter is the same for both).
        check("interpreted-caller", true, false, "-XX:CompileCommand=exclude,InlineReleaseRunTest$Workload::roundsThroughHelper");
        check("monitor-table", false, "-XX:+UnlockDiagnosticVMOptions", "-XX:+UseObjectMonitorTable");
    }
}
