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
 * @summary Monitors are deflated when idle and their memory reused: the trace records deflation,
 *          the same monitor address is inflated again for a different lock object (every round locks a
 *          new one, alternating two classes), and
 *          lockstat verify accepts the reused address (each lifetime's sequence starts at 0 again).
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 MonitorReuseTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;

public class MonitorReuseTest {
    public static class LockA {
    }

    public static class LockB {
    }

    /**
     * Rounds of brief contention on fresh lock objects, alternating classes, with idle time between.
     * The same two threads contend in every round, so new monitors come from the same malloc arenas
     * that the freed ones went back to.
     */
    public static class Workload {
        static volatile Object lock;

        public static void main(String[] args) throws Exception {
            int rounds = 100;
            java.util.concurrent.CyclicBarrier barrier = new java.util.concurrent.CyclicBarrier(3);
            Runnable contend = () -> {
                try {
                    for (int round = 0; round < rounds; round++) {
                        barrier.await();
                        Object l = lock;
                        for (int i = 0; i < 3; i++) {
                            synchronized (l) {
                                Thread.sleep(1);
                            }
                        }
                        barrier.await();
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            };
            Thread a = new Thread(contend);
            Thread b = new Thread(contend);
            a.start();
            b.start();
            for (int round = 0; round < rounds; round++) {
                lock = round % 2 == 0 ? new LockA() : new LockB();
                barrier.await();   // start the round
                barrier.await();   // round done
                Thread.sleep(30);  // idle: the deflation thread frees the monitor
            }
            a.join();
            b.join();
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "reuse").toAbsolutePath();
        Path trace = dir.resolve("reuse.lct");
        LockStatRun.java(dir, "-XX:+UnlockDiagnosticVMOptions", "-XX:GuaranteedAsyncDeflationInterval=10",
                "-XX:AsyncDeflationInterval=10", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "MonitorReuseTest$Workload").shouldHaveExitValue(0).shouldContain("workload-done");
        LockStatRun.verifyOk(trace);

        Map<Long, String> classNames = new HashMap<>();
        Map<Long, List<Long>> inflatedClasses = new HashMap<>();   // monitor address -> classes inflated for
        int[] deflations = {0};
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "Class" -> classNames.put(e.getLong("class"), e.getString("name"));
                    case "MonitorInflate" -> inflatedClasses.computeIfAbsent(e.getLong("monitor"), m -> new java.util.ArrayList<>())
                            .add(e.getLong("class"));
                    case "MonitorDeflate" -> deflations[0]++;
                    default -> { }
                }
            }
        });
        Set<String> lockClasses = Set.of("MonitorReuseTest$LockA", "MonitorReuseTest$LockB");
        // An address inflated for both classes was certainly reused for a different object (the same
        // object can also be deflated and inflated again within its round).
        long reusedForLocks = inflatedClasses.values().stream()
                .filter(l -> l.size() >= 2 && l.stream().map(classNames::get).allMatch(lockClasses::contains))
                .count();
        long reusedAcrossClasses = inflatedClasses.values().stream()
                .filter(l -> new HashSet<>(l.stream().map(classNames::get).toList()).containsAll(lockClasses))
                .count();
        System.out.println("deflations " + deflations[0] + ", lock addresses reused " + reusedForLocks
                + ", of which for both lock classes " + reusedAcrossClasses);
        LockStatRun.check(deflations[0] >= 10, "idle monitors were deflated: " + deflations[0]);
        LockStatRun.check(reusedAcrossClasses >= 1, "a monitor address was reused for an object of the other class");
    }
}
