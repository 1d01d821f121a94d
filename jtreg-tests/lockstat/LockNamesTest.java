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
 * @summary Lock names from the heap (issue: "which lock is it?"): contended locks still alive when the
 *          trace ends, and at LockStat.dump, are named by their reference paths from GC roots, and
 *          reports show the name as the lock's key with its class and identity hash. Forced, exact
 *          cases: a lock in a static field; a lock in an instance field of an object in a static map
 *          (monitor and ReentrantLock; the map's key by its class, by its value on request); a lock
 *          only a thread's local holds; the receiver of a synchronized method. Naming can be turned
 *          off; with ZGC the search is skipped and says so; keys stay class@hash.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 *          jdk.lockstat/jdk.lockstat.management
 * @build LockStatRun
 * @run main/timeout=600 LockNamesTest
 */
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;
import jdk.lockstat.management.LockStatMXBean;

public class LockNamesTest {
    public static class Ledger {
        final Object book = new Object();
        final ReentrantLock lock = new ReentrantLock();
    }

    public static class Counter {
        int n;

        synchronized void add() {
            n++;
        }
    }

    public static class Workload {
        static final Object INVENTORY_LOCK = new Object();
        static final Map<String, Ledger> LEDGERS = new HashMap<>();
        static final Counter COUNTER = new Counter();
        static final CountDownLatch KEEPER_READY = new CountDownLatch(1);

        /** Holds lock until a second thread is blocked on it (BLOCKED on a monitor), then releases it. */
        static void contend(Object lock, Runnable blocked) throws InterruptedException {
            Thread t;
            synchronized (lock) {
                t = new Thread(blocked, "blocked");
                t.start();
                while (t.getState() != Thread.State.BLOCKED) {
                    Thread.sleep(1);
                }
            }
            t.join();
        }

        static void contend(ReentrantLock lock) throws InterruptedException {
            Thread t;
            lock.lock();
            try {
                t = new Thread(() -> {
                    lock.lock();
                    lock.unlock();
                }, "blocked");
                t.start();
                // Parked, not only queued: its park (and so the lock's count) is certain before the release.
                while (!lock.hasQueuedThread(t) || t.getState() != Thread.State.WAITING) {
                    Thread.sleep(1);
                }
            } finally {
                lock.unlock();
            }
            t.join();
        }

        /** A lock that only this thread's local variable holds once the blocked thread is done. */
        static void keep() {
            Object mine = new Object();
            try {
                contend(mine, () -> {
                    synchronized (mine) {
                        mine.hashCode();
                    }
                });
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            System.out.println("hash local=" + Integer.toHexString(System.identityHashCode(mine)));
            KEEPER_READY.countDown();
            while (true) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    break;
                }
            }
            Reference.reachabilityFence(mine);
        }

        public static void main(String[] args) throws Exception {
            Ledger orders = new Ledger();
            LEDGERS.put("orders", orders);
            contend(INVENTORY_LOCK, () -> {
                synchronized (INVENTORY_LOCK) {
                    INVENTORY_LOCK.hashCode();
                }
            });
            contend(orders.book, () -> {
                synchronized (orders.book) {
                    orders.book.hashCode();
                }
            });
            contend(orders.lock);
            contend(COUNTER, COUNTER::add);
            Thread keeper = new Thread(Workload::keep, "keeper");
            keeper.setDaemon(true);   // still in keep() when the VM exits: the trace's end names its local
            keeper.start();
            KEEPER_READY.await();
            System.out.println("hash static=" + Integer.toHexString(System.identityHashCode(INVENTORY_LOCK)));
            System.out.println("hash book=" + Integer.toHexString(System.identityHashCode(orders.book)));
            System.out.println("hash counter=" + Integer.toHexString(System.identityHashCode(COUNTER)));
            if (args.length > 0) {
                String result = ManagementFactory.getPlatformMXBean(LockStatMXBean.class).dump(args[0]);
                System.out.println(result);
            }
            System.out.println("workload-done");
        }
    }

    static String hash(LockStatRun run, String what) {
        return run.stdout.replaceAll("(?s).*hash " + what + "=([0-9a-f]+).*", "$1").trim();
    }

    /** The LockName names and the LockNameSearch fields of a trace. */
    static List<String> names(Path trace, Map<String, Long> search) throws Exception {
        List<String> names = new ArrayList<>();
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "LockName" -> names.add(e.getString("name"));
                    case "LockNameSearch" -> {
                        for (String f : List.of("duration", "locks", "found", "objects", "memory", "flags")) {
                            search.put(f, e.getLong(f));
                        }
                    }
                    default -> { }
                }
            }
        });
        System.out.println("names: " + names + "\nsearch: " + search);
        return names;
    }

    public static void main(String[] args) throws Exception {
        Path dir = java.nio.file.Files.createTempDirectory(Path.of("."), "names").toAbsolutePath();
        Path dump = dir.resolve("dump.lct");
        LockStatRun.Traced t = LockStatRun.traceWorkload("names", List.of(), "LockNamesTest$Workload", dump.toString());
        LockStatRun run = t.run();
        String w = "LockNamesTest$Workload.";
        String report = LockStatRun.lockstat("report", "--by", "lock", t.trace().toString()).shouldHaveExitValue(0).stdout;
        String[] expected = {
            "static " + w + "INVENTORY_LOCK (java.lang.Object@" + hash(run, "static") + ")",
            "static " + w + "LEDGERS[String] -> LockNamesTest$Ledger.book (java.lang.Object@" + hash(run, "book") + ")",
            "static " + w + "LEDGERS[String] -> LockNamesTest$Ledger.lock (java.util.concurrent.locks.ReentrantLock$NonfairSync@",
            "thread \"keeper\" local ",
            " in " + w + "keep (java.lang.Object@" + hash(run, "local") + ")",
            "static " + w + "COUNTER; this of synchronized LockNamesTest$Counter.add (LockNamesTest$Counter@" + hash(run, "counter") + ")",
        };
        // The search's own record first: a failure below then says whether it hit a limit (flags), how
        // long it took and how much it found.
        Map<String, Long> search = new HashMap<>();
        List<String> names = names(t.trace(), search);
        for (String s : expected) {
            LockStatRun.check(report.contains(s), "the report names the lock: " + s + "\nnames: " + names
                    + "\nsearch: " + search + "\n" + report);
        }
        LockStatRun.check(names.size() >= 5 && search.get("found") >= 5 && search.get("flags") == 0,
                "5 locks named, no limit hit: " + names + " " + search);
        LockStatRun.check(search.get("objects") > 0 && search.get("memory") > 0, "the search's cost is recorded");

        // The dump, taken while the keeper thread holds its lock in a local, names it too.
        LockStatRun.verifyOk(dump);
        String dumped = LockStatRun.lockstat("report", "--by", "lock", dump.toString()).shouldHaveExitValue(0).stdout;
        LockStatRun.check(dumped.contains("thread \"keeper\" local ") && dumped.contains("static " + w + "INVENTORY_LOCK ("),
                "the dump names the locks:\n" + dumped);

        // JSON shows the same keys.
        LockStatRun.lockstat("report", "--by", "lock", "--format", "json", t.trace().toString()).shouldHaveExitValue(0)
                .shouldContain("LEDGERS[String] -> LockNamesTest$Ledger.book (java.lang.Object@" + hash(run, "book") + ")");
        LockStatRun.check(!report.contains("orders"), "no heap contents (map keys) unless asked for");

        // Map keys' values on request.
        LockStatRun.Traced keys = LockStatRun.traceWorkload("names-keys", List.of("-Djdk.lockstat.lockNames.keys=true"),
                "LockNamesTest$Workload");
        LockStatRun.lockstat("report", "--by", "lock", keys.trace().toString()).shouldHaveExitValue(0)
                .shouldContain("static " + w + "LEDGERS[\"orders\"] -> LockNamesTest$Ledger.book (java.lang.Object@"
                        + hash(keys.run(), "book") + ")");

        // Naming turned off: keys are class@hash, no search.
        LockStatRun.Traced off = LockStatRun.traceWorkload("names-off", List.of("-Djdk.lockstat.lockNames=0"),
                "LockNamesTest$Workload");
        Map<String, Long> none = new HashMap<>();
        LockStatRun.check(names(off.trace(), none).isEmpty() && none.isEmpty(), "naming off: no names, no search");
        LockStatRun.lockstat("report", "--by", "lock", off.trace().toString()).shouldHaveExitValue(0)
                .shouldContain("java.lang.Object@" + hash(off.run(), "static")).shouldNotContain("INVENTORY_LOCK");

        // ZGC: the search says it was skipped; the trace is complete and reports as before.
        LockStatRun.Traced z = LockStatRun.traceWorkload("names-zgc", List.of("-XX:+UseZGC"), "LockNamesTest$Workload");
        Map<String, Long> zsearch = new HashMap<>();
        LockStatRun.check(names(z.trace(), zsearch).isEmpty() && zsearch.get("flags") == 8,
                "with ZGC the search is skipped and says so: " + zsearch);
    }
}
