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
 * @summary The blocking queue of the paper's Figure 1 run by virtual threads, which unmount inside
 *          wait() (JEP 491) and may take the monitor back on another carrier: their wait releases
 *          carry forward references resolved to dequeue's chain, their contended re-entries are
 *          "after wait" enters with the wait's chain and a matching entered, all under the virtual
 *          threads' ids, whose names the trace records. Each round forces both: the producer is
 *          BLOCKED on the queue when the consumer waits, and then holds it until the consumer's timed
 *          wait has expired and the consumer is BLOCKED taking the queue back.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun WaitNotifyQueueTest
 * @run main/timeout=300 VirtualThreadWaitTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.TraceParser;

public class VirtualThreadWaitTest {
    static final int ROUNDS = 12;

    public static class Workload {
        public static void main(String[] args) throws Exception {
            StringBuilder ids = new StringBuilder("vthread-ids=");
            for (int r = 0; r < ROUNDS; r++) {
                long[] round = WaitNotifyQueueTest.forcedRound(Thread.ofVirtual(), r);
                ids.append(round[0]).append(',').append(round[1]).append(',');
            }
            System.out.println(ids);
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "vtwait").toAbsolutePath();
        Path trace = dir.resolve("vtq.lct");
        LockStatRun r = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "-Djdk.virtualThreadScheduler.parallelism=4",
                "VirtualThreadWaitTest$Workload").shouldHaveExitValue(0).shouldContain("workload-done");
        Set<Long> vthreadIds = LockStatRun.printedIds(r.stdout, "vthread-ids");
        LockStatRun.lockstat("verify", trace.toString()).shouldHaveExitValue(0).shouldContain(": OK")
                .shouldNotContain("never resolved");

        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, List<Long>> chainMethods = new HashMap<>();
        Map<Long, Long> waitRefContext = new HashMap<>();
        Map<Long, Long> resolvedTo = new HashMap<>();
        Map<Long, Integer> enters = new HashMap<>();
        Map<Long, Integer> entered = new HashMap<>();
        List<Long> afterWaitChains = new ArrayList<>();
        Set<Long> queueMonitors = new HashSet<>();
        List<long[]> enterEvents = new ArrayList<>(), enteredEvents = new ArrayList<>();
        Map<Long, String> virtualNames = new HashMap<>();
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
                    case "ThreadStart" -> {
                        if ((e.getLong("flags") & 1) != 0) {
                            virtualNames.putIfAbsent(e.getLong("thread"), e.getString("name"));
                        }
                    }
                    case "Method" -> methodNames.put(e.getLong("method"), e.getString("name"));
                    case "CallChain" -> {
                        List<Long> ms = new ArrayList<>();
                        for (Object[] f : e.getList("frames")) {
                            ms.add((Long) f[0]);
                        }
                        chainMethods.put(e.getLong("chain"), ms);
                    }
                    case "MonitorWaitExit" -> {
                        waitRefContext.put(e.getLong("forwardRef"), context);
                        queueMonitors.add(e.getLong("monitor"));
                    }
                    case "MonitorForwardResolve" -> resolvedTo.put(e.getLong("forwardRef"), e.getLong("chain"));
                    case "MonitorContendedEnter" -> {
                        enterEvents.add(new long[] {e.getLong("monitor"), context});
                        if ((e.getLong("flags") & 1) != 0) {
                            afterWaitChains.add(e.getLong("chain"));
                        }
                    }
                    case "MonitorContendedEntered" -> enteredEvents.add(new long[] {e.getLong("monitor"), context});
                    default -> { }
                }
            }
        });
        // The queues' monitors only: carrier threads that start meanwhile may contend on monitors of the
        // JDK's own (Thread.start), in their own context.
        for (long[] m : enterEvents) {
            if (queueMonitors.contains(m[0])) {
                enters.merge(m[1], 1, Integer::sum);
            }
        }
        for (long[] m : enteredEvents) {
            if (queueMonitors.contains(m[0])) {
                entered.merge(m[1], 1, Integer::sum);
            }
        }
        System.out.println("wait exits " + waitRefContext.size() + ", resolved " + resolvedTo.size()
                + ", enters " + enters + ", entered " + entered + ", after-wait enters " + afterWaitChains.size()
                + ", virtual thread names " + virtualNames);
        // At least one a round; one more where a wait expired before the producer, slow to be scheduled,
        // took the queue, so that the consumer waited again while the producer was still BLOCKED.
        LockStatRun.check(waitRefContext.size() >= ROUNDS, "contended wait() releases recorded: " + waitRefContext.size());
        LockStatRun.check(vthreadIds.containsAll(waitRefContext.values()),
                "wait releases belong to the virtual threads: " + new HashSet<>(waitRefContext.values()));
        Map<String, Integer> owners = new HashMap<>();
        for (long ref : waitRefContext.keySet()) {
            LockStatRun.check(ref > 0 && resolvedTo.containsKey(ref), "forward reference " + ref + " resolved");
            owners.merge(String.valueOf(methodNames.get(chainMethods.get(resolvedTo.get(ref)).get(0))), 1, Integer::sum);
        }
        // Every reference resolves to the consumer's own release at the end of dequeue, never to
        // wait()'s caller.
        LockStatRun.check(owners.getOrDefault("dequeue", 0) == waitRefContext.size(),
                "references resolve to dequeue: " + owners);
        // (a wait that expires before the producer takes the queue waits again: more than one a round)
        LockStatRun.check(afterWaitChains.size() >= ROUNDS, "contended re-entries after wait: " + afterWaitChains.size());
        long viaAwait = afterWaitChains.stream().filter(c -> chainMethods.getOrDefault(c, List.of()).stream()
                .anyMatch(m -> "awaitNotEmpty".equals(methodNames.get(m)))).count();
        LockStatRun.check(viaAwait == afterWaitChains.size(),
                "after-wait enters carry the wait's chain (through awaitNotEmpty): " + viaAwait + " of " + afterWaitChains.size());
        LockStatRun.check(vthreadIds.containsAll(enters.keySet()), "enters belong to virtual threads: " + enters.keySet());
        LockStatRun.check(enters.equals(entered), "every enter has its entered, per virtual thread");
        for (long id : enters.keySet()) {
            String name = virtualNames.get(id);
            LockStatRun.check(name != null && name.startsWith("forced-"), "virtual thread " + id + " is named: " + name);
        }
    }
}
