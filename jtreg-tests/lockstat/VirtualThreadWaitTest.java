/*
 * @test
 * @summary The blocking queue of the paper's Figure 1 run by virtual threads, which unmount inside
 *          wait() (JEP 491) and may take the monitor back on another carrier: their wait releases
 *          carry forward references resolved to dequeue's chain, their contended re-entries are
 *          "after wait" enters with the wait's chain and a matching entered, all under the virtual
 *          threads' ids, whose names the trace records.
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
    public static class Workload {
        public static void main(String[] args) throws Exception {
            WaitNotifyQueueTest.BlockingQueue queue = new WaitNotifyQueueTest.BlockingQueue();
            int consumers = 12, perConsumer = 2_000;
            List<Thread> threads = new ArrayList<>();
            threads.add(Thread.ofVirtual().name("vt-producer").unstarted(() -> {
                for (int n = 0; n < consumers * perConsumer; n++) {
                    queue.enqueue(n);
                    for (int spin = 0; spin < 2_000; spin++) {
                        Thread.onSpinWait();
                    }
                }
            }));
            for (int i = 0; i < consumers; i++) {
                threads.add(Thread.ofVirtual().name("vt-consumer-" + i).unstarted(() -> {
                    for (int n = 0; n < perConsumer; n++) {
                        queue.dequeue();
                    }
                }));
            }
            threads.forEach(Thread::start);
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
                    case "MonitorWaitExit" -> waitRefContext.put(e.getLong("forwardRef"), context);
                    case "MonitorForwardResolve" -> resolvedTo.put(e.getLong("forwardRef"), e.getLong("chain"));
                    case "MonitorContendedEnter" -> {
                        enters.merge(context, 1, Integer::sum);
                        if ((e.getLong("flags") & 1) != 0) {
                            afterWaitChains.add(e.getLong("chain"));
                        }
                    }
                    case "MonitorContendedEntered" -> entered.merge(context, 1, Integer::sum);
                    default -> { }
                }
            }
        });
        System.out.println("wait exits " + waitRefContext.size() + ", resolved " + resolvedTo.size()
                + ", enters " + enters + ", entered " + entered + ", after-wait enters " + afterWaitChains.size()
                + ", virtual thread names " + virtualNames);
        LockStatRun.check(waitRefContext.size() >= 10, "contended wait() releases recorded: " + waitRefContext.size());
        LockStatRun.check(vthreadIds.containsAll(waitRefContext.values()),
                "wait releases belong to the virtual threads: " + new HashSet<>(waitRefContext.values()));
        Map<String, Integer> owners = new HashMap<>();
        for (long ref : waitRefContext.keySet()) {
            LockStatRun.check(ref > 0 && resolvedTo.containsKey(ref), "forward reference " + ref + " resolved");
            owners.merge(String.valueOf(methodNames.get(chainMethods.get(resolvedTo.get(ref)).get(0))), 1, Integer::sum);
        }
        // A release inlined into a compiled caller may lack debug information at that pc and name the
        // caller (design note, open item 5); never wait()'s caller. Since releases are recorded only
        // while a thread is blocked (not merely queued after notify), there are tens of wait releases,
        // not thousands, so a few such callers weigh more.
        LockStatRun.check(owners.getOrDefault("dequeue", 0) >= waitRefContext.size() * 3 / 4
                && !owners.containsKey("awaitNotEmpty") && !owners.containsKey("wait0"),
                "references resolve to dequeue: " + owners);
        LockStatRun.check(afterWaitChains.size() >= 10, "contended re-entries after wait: " + afterWaitChains.size());
        long viaAwait = afterWaitChains.stream().filter(c -> chainMethods.getOrDefault(c, List.of()).stream()
                .anyMatch(m -> "awaitNotEmpty".equals(methodNames.get(m)))).count();
        LockStatRun.check(viaAwait == afterWaitChains.size(),
                "after-wait enters carry the wait's chain (through awaitNotEmpty): " + viaAwait + " of " + afterWaitChains.size());
        LockStatRun.check(vthreadIds.containsAll(enters.keySet()), "enters belong to virtual threads: " + enters.keySet());
        LockStatRun.check(enters.equals(entered), "every enter has its entered, per virtual thread");
        for (long id : enters.keySet()) {
            String name = virtualNames.get(id);
            LockStatRun.check(name != null && name.startsWith("vt-"), "virtual thread " + id + " is named: " + name);
        }
    }
}
