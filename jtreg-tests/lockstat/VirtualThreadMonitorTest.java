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
 * @summary Virtual threads contending on a monitor (JEP 491: they unmount while blocked): their
 *          contended enter / entered events are recorded under the virtual threads' own ids, with
 *          every enter matched by an entered, and the owners' exit chains name the holding method.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 VirtualThreadMonitorTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.TraceParser;

public class VirtualThreadMonitorTest {
    public static class Workload {
        static final Object LOCK = new Object();

        static void holdWhileSleeping() throws InterruptedException {
            synchronized (LOCK) {
                Thread.sleep(2);   // unmounts while holding the monitor (JEP 491)
            }
        }

        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + 1_000_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                threads.add(Thread.ofVirtual().name("vt-" + i).start(() -> {
                    try {
                        while (System.nanoTime() < end) {
                            holdWhileSleeping();
                        }
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }));
            }
            StringBuilder ids = new StringBuilder("vthread-ids=");
            for (Thread t : threads) {
                ids.append(t.threadId()).append(',');
            }
            System.out.println(ids);
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "vthreads").toAbsolutePath();
        Path trace = dir.resolve("vt.lct");
        LockStatRun r = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "VirtualThreadMonitorTest$Workload").shouldHaveExitValue(0).shouldContain("workload-done");
        Set<Long> vthreadIds = LockStatRun.printedIds(r.stdout, "vthread-ids");
        LockStatRun.verifyOk(trace);

        Map<Long, Integer> entersByThread = new HashMap<>();
        Map<Long, Integer> enteredByThread = new HashMap<>();
        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, Long> chainTop = new HashMap<>();
        List<Long> exitChains = new ArrayList<>();
        TraceParser.parse(trace, new TraceParser.Listener() {
            long context;
            long writer;

            @Override
            public void buffer(EventBuffer b, long offset) {
                writer = b.writerThread();
                context = writer;
            }

            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "VthreadMount" -> context = e.getLong("thread");
                    case "VthreadUnmount" -> context = writer;
                    case "MonitorContendedEnter" -> entersByThread.merge(context, 1, Integer::sum);
                    case "MonitorContendedEntered" -> enteredByThread.merge(context, 1, Integer::sum);
                    case "MonitorContendedExit" -> exitChains.add(e.getLong("chain"));
                    // The releases of a summarized stretch: their owners' chains (thread, chain, releases, duration).
                    case "MonitorReleaseSummary" -> e.getList("owners").forEach(o -> exitChains.add((Long) o[1]));
                    case "Method" -> methodNames.put(e.getLong("method"), e.getString("name"));
                    case "CallChain" -> chainTop.put(e.getLong("chain"), (Long) e.getList("frames").get(0)[0]);
                    default -> { }
                }
            }
        });
        System.out.println("enters by thread " + entersByThread + ", entered by thread " + enteredByThread);
        LockStatRun.check(!entersByThread.isEmpty(), "contended enters recorded");
        LockStatRun.check(vthreadIds.containsAll(entersByThread.keySet()),
                "enters belong to the virtual threads " + vthreadIds + ", not their carriers: " + entersByThread.keySet());
        LockStatRun.check(entersByThread.keySet().size() >= 4, "several virtual threads were blocked: " + entersByThread);
        LockStatRun.check(entersByThread.equals(enteredByThread), "every enter has its entered, per thread");
        long named = exitChains.stream().filter(c -> "holdWhileSleeping".equals(methodNames.get(chainTop.get(c)))).count();
        LockStatRun.check(!exitChains.isEmpty() && named >= exitChains.size() * 95 / 100,
                "exit chains start in the holding method: " + named + " of " + exitChains.size());
    }
}
