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
 * @summary Exceptions thrown inside synchronized blocks and synchronized methods release the monitor
 *          on the exception path (interpreter, C1, C2): those releases are traced like any other, with
 *          the throwing method as the owner, and every contended enter has its entered.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 ExceptionInSynchronizedTest
 * @run main/timeout=300 ExceptionInSynchronizedTest -Xint
 * @run main/timeout=300 ExceptionInSynchronizedTest -XX:TieredStopAtLevel=1
 * @run main/timeout=300 ExceptionInSynchronizedTest -XX:-TieredCompilation -XX:CompileThreshold=100
 */
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;

public class ExceptionInSynchronizedTest {
    public static class Workload {
        static final Object LOCK = new Object();
        static final Workload SHARED = new Workload();

        static void throwInsideBlock() {
            synchronized (LOCK) {
                pause();
                throw new IllegalStateException("inside block");
            }
        }

        synchronized void throwingSyncMethod() {
            pause();
            throw new UnsupportedOperationException("inside method");
        }

        static void pause() {
            long until = System.nanoTime() + 200_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }

        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + 1_000_000_000L;
            int[] caught = new int[4];
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                int id = i;
                threads.add(new Thread(() -> {
                    while (System.nanoTime() < end) {
                        try {
                            throwInsideBlock();
                        } catch (IllegalStateException e) {
                            caught[id]++;
                        }
                        try {
                            SHARED.throwingSyncMethod();
                        } catch (UnsupportedOperationException e) {
                            caught[id]++;
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("caught " + java.util.Arrays.toString(caught));
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path trace = LockStatRun.traceWorkload("exc", "ExceptionInSynchronizedTest$Workload", args).trace();
        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, Long> chainTop = new HashMap<>();
        List<Long> exitChains = new ArrayList<>();
        int[] enters = {0}, entered = {0};
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "Method" -> methodNames.put(e.getLong("method"), e.getString("name"));
                    case "CallChain" -> chainTop.put(e.getLong("chain"), (Long) e.getList("frames").get(0)[0]);
                    case "MonitorContendedExit" -> exitChains.add(e.getLong("chain"));
                    // The releases of a summarized stretch: their owners' chains (thread, chain, releases, duration).
                    case "MonitorReleaseSummary" -> e.getList("owners").forEach(o -> exitChains.add((Long) o[1]));
                    case "MonitorContendedEnter" -> enters[0]++;
                    case "MonitorContendedEntered" -> entered[0]++;
                    default -> { }
                }
            }
        });
        Map<String, Integer> byOwner = new HashMap<>();
        for (long c : exitChains) {
            byOwner.merge(String.valueOf(methodNames.get(chainTop.get(c))), 1, Integer::sum);
        }
        System.out.println("enters " + enters[0] + ", entered " + entered[0] + ", contended exits by owner method " + byOwner);
        LockStatRun.check(enters[0] >= 20 && enters[0] == entered[0], "every contended enter has its entered");
        Set<String> throwers = Set.of("throwInsideBlock", "throwingSyncMethod");
        LockStatRun.check(byOwner.keySet().containsAll(throwers), "both throwing methods appear as owners: " + byOwner);
        int named = byOwner.entrySet().stream().filter(en -> throwers.contains(en.getKey())).mapToInt(Map.Entry::getValue).sum();
        LockStatRun.check(named >= exitChains.size() * 95 / 100,
                "releases on the exception path name the throwing method: " + named + " of " + exitChains.size());
        Set<String> others = new HashSet<>(byOwner.keySet());
        others.removeAll(throwers);
        System.out.println("other owner methods: " + others);
    }
}
