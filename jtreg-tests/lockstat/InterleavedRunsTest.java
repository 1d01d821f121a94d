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
 * @summary Release runs of two owners whose releases interleave (storage/lockStatReleaseRun.hpp): while a
 *          virtual thread stays blocked on a monitor (the only carrier is kept busy, so it cannot take
 *          it), two platform threads take the monitor strictly by turns, 300 times each, one holding it
 *          20 us, the other 60 us. No release follows its own thread's previous one, yet after the
 *          stretch's head each thread's releases must form one run: summed in its own summaries (flag
 *          RUN, one number each), each thread's releases counted exactly (300 each, events and
 *          summaries together), the trace verifying, and the blocked thread's wait split between the
 *          owners as their own clocks split their holds.
 * @library /lib
 * @build LockStatRun StuckVirtualThread Spin
 * @run main/timeout=300 InterleavedRunsTest
 */

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class InterleavedRunsTest {
    static final int TURNS = 300;

    public static class Workload {
        static final Object LOCK = new Object();
        static volatile int turn;   // 1 or 2: whose turn to take LOCK
        static final long[] held = new long[3];

        static void turns(int me, int n, long nanos) {
            for (int i = 0; i < n; i++) {
                while (turn != me) {
                    Thread.onSpinWait();
                    Thread.yield();   // 2 CPUs, three busy threads: let the other owner run
                }
                synchronized (LOCK) {
                    held[me] += hold(nanos);
                }
                turn = 3 - me;
            }
        }

        static long hold(long nanos) {
            return Spin.nanos(nanos);
        }

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 20_000; i++) {   // C2 compiles turns() and hold() before the measured part
                turn = 1;
                turns(1, 1, 10);
            }
            held[1] = 0;
            Thread w = Thread.ofVirtual().name("runs-w").unstarted(() -> {
                synchronized (LOCK) {
                    LOCK.hashCode();
                }
            });
            synchronized (LOCK) {
                StuckVirtualThread.blockWhileHolding(LOCK, w);   // W, woken by a release, cannot run
            }
            turn = 1;
            Thread a = Thread.ofPlatform().name("runs-a").start(() -> turns(1, TURNS, 20_000));
            Thread b = Thread.ofPlatform().name("runs-b").start(() -> turns(2, TURNS, 60_000));
            a.join();
            b.join();
            StuckVirtualThread.release();
            w.join();
            System.out.println("heldA=" + held[1] + " heldB=" + held[2]);
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("interleaved", List.of("-Djdk.virtualThreadScheduler.parallelism=1",
                "-Djdk.virtualThreadScheduler.maxPoolSize=1", "-XX:-TieredCompilation", "-Xbatch"),
                "InterleavedRunsTest$Workload");
        String stdout = t.run().stdout;
        long heldA = LockStatRun.printedNumber(stdout, "heldA"), heldB = LockStatRun.printedNumber(stdout, "heldB");
        String trace = t.trace().toString();
        LockStatRun.lockstat("verify", trace).shouldHaveExitValue(0);

        String print = LockStatRun.lockstat("print", trace).shouldHaveExitValue(0).stdout;
        Map<String, String> names = new HashMap<>();   // thread id -> name
        Matcher m = Pattern.compile("(?m)^ThreadStart .* thread=(\\d+) .*name=\"([^\"]*)\"").matcher(print);
        while (m.find()) {
            names.put(m.group(1), m.group(2));
        }
        Map<String, Long> releases = new HashMap<>();   // owner name -> releases recorded
        Map<String, Long> runReleases = new HashMap<>();   // ... of them in runs
        m = Pattern.compile("(?m)^MonitorContendedExit writer=(\\d+) ").matcher(print);
        while (m.find()) {
            releases.merge(names.getOrDefault(m.group(1), "?"), 1L, Long::sum);
        }
        List<String> runs = new ArrayList<>();
        m = Pattern.compile("(?m)^MonitorReleaseSummary .* count=(\\d+) .*flags=(\\d+) owners=\\[(.*)\\]$").matcher(print);
        while (m.find()) {
            LockStatRun.check(m.group(2).equals("1") && m.group(1).equals("1"),
                    "a run summary, one number: " + m.group());
            Matcher o = Pattern.compile("\\{thread=(\\d+) chain=\\d+ releases=(\\d+) ").matcher(m.group(3));
            while (o.find()) {
                String owner = names.getOrDefault(o.group(1), "?");
                releases.merge(owner, Long.parseLong(o.group(2)), Long::sum);
                runReleases.merge(owner, Long.parseLong(o.group(2)), Long::sum);
            }
            runs.add(m.group(3));
        }
        System.out.println("releases " + releases + ", in runs " + runReleases + " (" + runs.size() + " summaries)");
        LockStatRun.check(releases.getOrDefault("runs-a", 0L) == TURNS && releases.getOrDefault("runs-b", 0L) == TURNS,
                "every release recorded once, with its owner: " + releases);
        // The two threads' releases alternate: all but the stretch's head (and the first after each
        // drain period's flush) continue their thread's run.
        LockStatRun.check(runReleases.getOrDefault("runs-a", 0L) >= TURNS - 20 && runReleases.getOrDefault("runs-b", 0L) >= TURNS - 20,
                "the interleaved releases were summed in their threads' runs: " + runReleases);

        String json = LockStatRun.lockstat("report", "--by", "owner-thread", "--thread", "runs-w", "--format", "json",
                trace).shouldHaveExitValue(0).stdout;
        long ownerA = LockStatRun.totalNanosOf(json, "runs-a"), ownerB = LockStatRun.totalNanosOf(json, "runs-b");
        double shareA = 100.0 * ownerA / (ownerA + ownerB), measuredA = 100.0 * heldA / (heldA + heldB);
        System.out.printf("A's share of the owners %.1f%% (held %.1f%%)%n", shareA, measuredA);
        LockStatRun.check(ownerA > 0 && ownerB > 0 && Math.abs(shareA - measuredA) <= 5,
                "A's share of W's owners " + shareA + "% against its holds' " + measuredA + "%: " + json);
    }
}
