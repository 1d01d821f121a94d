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
 * @summary Tracing with 2,000 threads contending at once, and with thread churn: 100,000 short-lived
 *          threads (fewer under emulation), each contending once. No crash, no hang, every thread
 *          named in the trace, the trace verifies, and the per-thread state the VM keeps does not
 *          grow with the churn (the chain set and buffers stay bounded).
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=900 ManyThreadsTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ManyThreadsTest {
    public static class Workload {
        static final Object lock = new Object();
        static long counter;

        static void hold() {
            synchronized (lock) {
                counter++;
                if (counter % 64 == 0) {
                    Thread.onSpinWait();
                }
            }
        }

        public static void main(String[] args) throws Exception {
            String mode = args[0];
            int n = Integer.parseInt(args[1]);
            if (mode.equals("wide")) {
                CountDownLatch go = new CountDownLatch(1);
                Thread[] ts = new Thread[n];
                for (int i = 0; i < n; i++) {
                    ts[i] = new Thread(() -> {
                        try {
                            go.await();
                        } catch (InterruptedException e) {
                            return;
                        }
                        for (int j = 0; j < 200; j++) {
                            hold();
                        }
                    }, "wide-" + i);
                    ts[i].start();
                }
                go.countDown();
                for (Thread t : ts) {
                    t.join();
                }
            } else {
                // churn: a few at a time, each short-lived
                Thread[] batch = new Thread[8];
                for (int i = 0; i < n; i += batch.length) {
                    for (int k = 0; k < batch.length; k++) {
                        batch[k] = new Thread(() -> {
                            for (int j = 0; j < 20; j++) {
                                hold();
                            }
                        }, "churn-" + (i + k));
                        batch[k].start();
                    }
                    for (Thread t : batch) {
                        t.join();
                    }
                }
            }
            System.out.println("counter " + counter);
        }
    }

    static long count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "manythreads").toAbsolutePath();

        Path wide = dir.resolve("wide.lct");
        LockStatRun.java(dir, "-Xss256k", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + wide,
                "ManyThreadsTest$Workload", "wide", "2000").shouldHaveExitValue(0).shouldContain("counter 400000")
                .shouldNotContain("LockStat: warning");
        LockStatRun.verifyOk(wide);
        String wideSummary = LockStatRun.lockstat("summary", "--format", "json", wide.toString()).shouldHaveExitValue(0).stdout;
        long wideThreads = count(wideSummary, "\"name\": \"wide-\\d+\"");
        System.out.println("wide: " + wideThreads + " threads named");
        LockStatRun.check(wideThreads == 2000, "every one of the 2,000 threads is in the trace: " + wideThreads);

        // 100,000 threads natively; under emulation (jtreg's timeout factor raised) fewer, since each
        // thread start there costs about as much as the whole section's work: still a hundred times
        // more threads than the chain set may hold chains.
        int threads = (int) (100_000 / LockStatRun.slowdown()) / 8 * 8;
        Path churn = dir.resolve("churn.lct");
        long t0 = System.nanoTime();
        LockStatRun c = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + churn,
                "ManyThreadsTest$Workload", "churn", String.valueOf(threads))
                .shouldHaveExitValue(0).shouldContain("counter " + threads * 20L).shouldNotContain("LockStat: warning");
        System.out.println("churn: " + threads + " threads in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        LockStatRun.verifyOk(churn);
        String json = LockStatRun.lockstat("summary", "--format", "json", churn.toString()).shouldHaveExitValue(0).stdout;
        long starts = count(json, "\"name\": \"churn-\\d+\"");
        System.out.println("churn: " + starts + " threads named");
        LockStatRun.check(starts == threads, "every short-lived thread is in the trace: " + starts);
        long ended = count(json, "\"ended\": true");
        LockStatRun.check(ended >= threads, "and ended: " + ended);
        // The chain set holds chains, not threads: the same few call chains for all the threads.
        Matcher m = Pattern.compile("\"chainSetSize\"\\s*:\\s*(\\d+)").matcher(json);
        LockStatRun.check(m.find(), "chain counters present");
        LockStatRun.check(Long.parseLong(m.group(1)) < 200, "chain set stays small: " + m.group(1));
    }
}
