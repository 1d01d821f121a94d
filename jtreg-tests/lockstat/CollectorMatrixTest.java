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
 * @summary Tracing on, with contended monitors, wait/notify, exceptions inside synchronized, many
 *          short-lived threads and explicit GCs: no crash, no hang, and a trace that verifies, under
 *          every collector and with legacy locking as well as the default.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=900 CollectorMatrixTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class CollectorMatrixTest {
    public static class Workload {
        static final Object LOCK = new Object();
        static final Object QUEUE = new Object();
        static int items;

        static void critical(int i) {
            synchronized (LOCK) {
                if (i % 97 == 0) {
                    throw new IllegalStateException("thrown while holding the monitor");
                }
                Thread.onSpinWait();
            }
        }

        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Thread th = new Thread(() -> {
                    int i = 0;
                    while (System.nanoTime() < end) {
                        try {
                            critical(i++);
                        } catch (IllegalStateException expected) {
                            // exercised on purpose
                        }
                        if (i % 1000 == 0) {
                            Object[] garbage = new Object[10_000];   // some allocation for the GC
                            garbage[0] = garbage;
                        }
                    }
                });
                threads.add(th);
                th.start();
            }
            Thread producer = new Thread(() -> {
                while (System.nanoTime() < end) {
                    synchronized (QUEUE) {
                        items++;
                        QUEUE.notifyAll();
                    }
                }
            });
            Thread consumer = new Thread(() -> {
                while (System.nanoTime() < end) {
                    synchronized (QUEUE) {
                        while (items == 0 && System.nanoTime() < end) {
                            try {
                                QUEUE.wait(1);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                        items = 0;
                    }
                }
            });
            producer.start();
            consumer.start();
            threads.add(producer);
            threads.add(consumer);
            for (int i = 0; i < 200 && System.nanoTime() < end; i++) {   // thread churn
                Thread s = new Thread(() -> critical(1));
                s.start();
                s.join();
                if (i % 50 == 0) {
                    System.gc();
                }
            }
            for (Thread th : threads) {
                th.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "gcs").toAbsolutePath();
        String[][] configs = {
            {"g1", "-XX:+UseG1GC"},
            {"parallel", "-XX:+UseParallelGC"},
            {"serial", "-XX:+UseSerialGC"},
            {"zgc", "-XX:+UseZGC"},
            {"shenandoah", "-XX:+UseShenandoahGC"},
            {"legacy-locking", "-XX:LockingMode=1"},
            {"monitor-table", "-XX:+UnlockDiagnosticVMOptions", "-XX:+UseObjectMonitorTable"},
        };
        for (String[] c : configs) {
            Path trace = dir.resolve(c[0] + ".lct");
            List<String> cmd = new ArrayList<>(List.of(c).subList(1, c.length));
            cmd.addAll(List.of("-Xmx256m", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "CollectorMatrixTest$Workload", "1000"));
            LockStatRun.java(dir, cmd.toArray(String[]::new)).shouldHaveExitValue(0).shouldContain("workload-done");
            LockStatRun.verifyOk(trace);
            LockStatRun.lockstat("summary", trace.toString()).shouldHaveExitValue(0).shouldContain("MonitorContendedExit");
        }
    }
}
