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
 * @summary Contended synchronized blocks: the trace has inflation, contended enter / entered / exit
 *          events with gapless per-monitor sequence numbers, and the lock owners' exit call chains
 *          name the methods that held the lock (A holds it 1 ms, B 6 ms), interpreted and compiled.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=600 MonitorContentionTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;

public class MonitorContentionTest {
    public static class Shared {
    }

    /**
     * Two threads hold the lock 1 ms in holdA, two hold it 6 ms in holdB, for the given time; then 12
     * forced rounds of each, where the owner releases only once another thread is BLOCKED on the lock,
     * so that both methods have contended releases however the threads were scheduled before.
     */
    public static class Workload {
        static final Shared LOCK = new Shared();

        // The measured hold times: a sleep of 1 ms takes longer on a loaded machine, so the nominal 1:6
        // says little; the expected shares come from the waits and holds below (blockedByHolds).
        static final java.util.concurrent.atomic.AtomicLong heldA = new java.util.concurrent.atomic.AtomicLong();
        static final java.util.concurrent.atomic.AtomicLong heldB = new java.util.concurrent.atomic.AtomicLong();

        // The exact truth the owner shares are checked against: every hold's interval and every wait's
        // (from before synchronized to inside it). The blocked time a method's holds caused is the overlap
        // of all waits with its holds, however many threads the scheduler had waiting during each hold;
        // the hold times alone are only its proxy when the number waiting stays the same.
        static final java.util.concurrent.ConcurrentLinkedQueue<long[]> holds = new java.util.concurrent.ConcurrentLinkedQueue<>();
        static final java.util.concurrent.ConcurrentLinkedQueue<long[]> waits = new java.util.concurrent.ConcurrentLinkedQueue<>();

        static void holdA(long waitFrom) throws InterruptedException {
            synchronized (LOCK) {
                long t = System.nanoTime();
                waits.add(new long[] {waitFrom, t});
                Thread.sleep(1);
                awaitForced();
                long end = System.nanoTime();
                heldA.addAndGet(end - t);
                holds.add(new long[] {t, end, 0});
            }
        }

        static void holdB(long waitFrom) throws InterruptedException {
            synchronized (LOCK) {
                long t = System.nanoTime();
                waits.add(new long[] {waitFrom, t});
                Thread.sleep(6);
                awaitForced();
                long end = System.nanoTime();
                heldB.addAndGet(end - t);
                holds.add(new long[] {t, end, 1});
            }
        }

        static void hold(boolean a) {
            try {
                long waitFrom = System.nanoTime();
                if (a) {
                    holdA(waitFrom);
                } else {
                    holdB(waitFrom);
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }

        /** The blocked time each kind of hold caused: the overlap of every wait with the holds of that kind. */
        static long[] blockedByHolds() {
            List<long[]> sorted = new ArrayList<>(holds);
            sorted.sort(java.util.Comparator.comparingLong(h -> h[0]));   // disjoint: one owner at a time
            long[] caused = new long[2];
            for (long[] w : waits) {
                int i = firstEndingAfter(sorted, w[0]);
                for (; i < sorted.size() && sorted.get(i)[0] < w[1]; i++) {
                    long[] h = sorted.get(i);
                    caused[(int) h[2]] += Math.min(h[1], w[1]) - Math.max(h[0], w[0]);
                }
            }
            return caused;
        }

        private static int firstEndingAfter(List<long[]> sorted, long time) {
            int lo = 0, hi = sorted.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted.get(mid)[1] <= time) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        static volatile Thread mustBlock;   // forced rounds: the owner holds on until it is BLOCKED
        static volatile boolean inside;

        static void awaitForced() {
            Thread b = mustBlock;
            if (b != null) {
                inside = true;
                while (b.getState() != Thread.State.BLOCKED) {
                    Thread.onSpinWait();
                }
            }
        }

        static void forcedRound(boolean a) throws InterruptedException {
            Thread blocked = new Thread(() -> {
                long waitFrom = System.nanoTime();
                synchronized (LOCK) {
                    waits.add(new long[] {waitFrom, System.nanoTime()});
                    Thread.onSpinWait();
                }
            }, "forced-blocked");
            inside = false;
            mustBlock = blocked;
            Thread owner = new Thread(() -> hold(a), a ? "forced-A" : "forced-B");
            owner.start();
            while (!inside) {
                Thread.onSpinWait();
            }
            blocked.start();
            // Not join(): a joiner waits on the thread's monitor, a contention of its own in the trace.
            while (owner.isAlive() || blocked.isAlive()) {
                Thread.onSpinWait();
            }
            mustBlock = null;
        }

        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                boolean a = i % 2 == 0;
                Thread t = new Thread(() -> {
                    while (System.nanoTime() < end) {
                        hold(a);
                    }
                }, a ? "worker-A" + i : "worker-B" + i);
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            for (int r = 0; r < 12; r++) {
                forcedRound(true);
                forcedRound(false);
            }
            System.out.println("holdNanos A=" + heldA.get() + " B=" + heldB.get());
            long[] caused = blockedByHolds();
            System.out.println("blockedByHolds A=" + caused[0] + " B=" + caused[1]);
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "monitor").toAbsolutePath();
        check(dir, "interpreted", "-Xint");
        check(dir, "c1", "-XX:TieredStopAtLevel=1");
        check(dir, "default", "-XX:+UseSerialGC");
        check(dir, "c2-only", "-XX:-TieredCompilation", "-XX:CompileThreshold=100");
    }

    private static void check(Path dir, String name, String... vmOptions) throws Exception {
        Path trace = dir.resolve(name + ".lct");
        List<String> args = new ArrayList<>(List.of(vmOptions));
        args.addAll(List.of("-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "MonitorContentionTest$Workload", "1500"));
        LockStatRun.java(dir, args.toArray(String[]::new)).shouldHaveExitValue(0).shouldContain("workload-done");
        LockStatRun.verifyOk(trace);

        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, String> classNames = new HashMap<>();
        Map<Long, Long> chainTopMethod = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        List<Event> exits = new ArrayList<>();
        List<Event> summaries = new ArrayList<>();   // summarized stretches of releases
        List<Event> inflations = new ArrayList<>();
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                counts.merge(e.type().name(), 1, Integer::sum);
                switch (e.type().name()) {
                    case "Method" -> methodNames.put(e.getLong("method"), e.getString("name"));
                    case "Class" -> classNames.put(e.getLong("class"), e.getString("name"));
                    case "CallChain" -> chainTopMethod.put(e.getLong("chain"), (Long) e.getList("frames").get(0)[0]);
                    case "MonitorContendedExit" -> exits.add(e);
                    case "MonitorReleaseSummary" -> summaries.add(e);
                    case "MonitorInflate" -> inflations.add(e);
                    default -> { }
                }
            }
        });
        System.out.println(name + ": " + counts);
        int enters = counts.getOrDefault("MonitorContendedEnter", 0);
        int entered = counts.getOrDefault("MonitorContendedEntered", 0);
        LockStatRun.check(enters >= 20, name + ": contended enters recorded: " + enters);
        LockStatRun.check(enters == entered, name + ": every contended enter is followed by entered: " + enters + " vs " + entered);
        // A summary's owners count its releases (a thread's run holds more releases than numbers).
        long releases = exits.size() + summaries.stream()
                .mapToLong(e -> e.getList("owners").stream().mapToLong(o -> (Long) o[2]).sum()).sum();
        LockStatRun.check(releases >= 20, name + ": contended releases recorded: " + releases);
        LockStatRun.check(inflations.stream().anyMatch(e -> "MonitorContentionTest$Shared".equals(classNames.get(e.getLong("class")))),
                name + ": inflation of the lock object's monitor, with its class");

        // Other monitors have contended exits too (a terminating thread notifies joiners from VM code,
        // with no Java frames): only the workload's lock is judged.
        java.util.Set<Long> lockMonitors = new java.util.HashSet<>();
        for (Event e : inflations) {
            if ("MonitorContentionTest$Shared".equals(classNames.get(e.getLong("class")))) {
                lockMonitors.add(e.getLong("monitor"));
            }
        }
        exits.removeIf(e -> !lockMonitors.contains(e.getLong("monitor")));
        summaries.removeIf(e -> !lockMonitors.contains(e.getLong("monitor")));
        Map<String, Long> owners = new HashMap<>();
        long lockReleases = 0;
        for (Event exit : exits) {
            Long top = chainTopMethod.get(exit.getLong("chain"));
            owners.merge(top == null ? "<no chain>" : methodNames.getOrDefault(top, "<no method>"), 1L, Long::sum);
            lockReleases++;
        }
        for (Event summary : summaries) {
            for (Object[] owner : summary.getList("owners")) {   // thread, chain, releases, duration
                Long top = chainTopMethod.get((Long) owner[1]);
                owners.merge(top == null ? "<no chain>" : methodNames.getOrDefault(top, "<no method>"), (Long) owner[2], Long::sum);
                lockReleases += (Long) owner[2];
            }
        }
        System.out.println(name + ": exits by owner method " + owners);
        long named = owners.getOrDefault("holdA", 0L) + owners.getOrDefault("holdB", 0L);
        LockStatRun.check(owners.getOrDefault("holdA", 0L) > 0 && owners.getOrDefault("holdB", 0L) > 0,
                name + ": both owner methods appear in exit chains: " + owners);
        LockStatRun.check(named >= lockReleases * 99 / 100, name + ": exit chains start in the owning method: " + owners);
    }
}
