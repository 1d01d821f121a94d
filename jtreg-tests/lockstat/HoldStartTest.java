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
 * @summary Hold starts: a thread that takes a monitor without blocking while another thread is blocked
 *          on it is charged from its acquisition, not from the previous release; the lock-free time in
 *          between is a hand-off. Forced: virtual thread W blocks on the lock while holder-a owns it; a
 *          virtual thread keeps the only carrier busy, so that W, woken by holder-a's release, cannot
 *          run; holder-b takes the lock some 30 ms later and holds it 20 ms; then W runs. W's owner part
 *          of holder-b must be holder-b's measured hold, not the gap plus the hold. Run interpreted (the
 *          runtime's acquisition) and, on x86_64, with holder-b's method compiled by C2 (its inline
 *          acquisition reads the time-stamp counter), also with the object monitor table.
 * @library /lib
 * @build LockStatRun StuckVirtualThread
 * @run main/timeout=300 HoldStartTest
 */

import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;

public class HoldStartTest {
    public static class Workload {
        static final Object LOCK = new Object();
        static volatile long releasedA, acquiredB, releasedB;

        // holder-b's section: the monitor enter this test is about. Warmed up on a private object (a
        // fast-locked one; the compiled code has the inflated monitor's path all the same).
        static long holdB(Object lock, long nanos) throws InterruptedException {
            synchronized (lock) {
                long start = System.nanoTime();
                while (System.nanoTime() - start < nanos) {
                    Thread.sleep(1);
                }
                return start;
            }
        }

        public static void main(String[] args) throws Exception {
            Object warm = new Object();
            for (int i = 0; i < 30_000; i++) {
                holdB(warm, 0);
            }
            CountDownLatch aReleased = new CountDownLatch(1);
            Thread w = Thread.ofVirtual().name("holdstart-w").unstarted(() -> {
                synchronized (LOCK) {
                    LOCK.hashCode();
                }
            });
            Thread a = Thread.ofPlatform().name("holder-a").start(() -> {
                try {
                    synchronized (LOCK) {
                        // W, woken by the release below, cannot run.
                        StuckVirtualThread.blockWhileHolding(LOCK, w);
                        Thread.sleep(20);
                        releasedA = System.nanoTime();
                    }
                    aReleased.countDown();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
            Thread b = Thread.ofPlatform().name("holder-b").start(() -> {
                try {
                    aReleased.await();
                    Thread.sleep(30);   // the lock is free; W is blocked and cannot run
                    long held = 20_000_000L;
                    acquiredB = holdB(LOCK, held);
                    releasedB = System.nanoTime();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
            b.join();
            a.join();
            StuckVirtualThread.release();
            w.join();
            System.out.println("gapNanos=" + (acquiredB - releasedA) + " holdBNanos=" + (releasedB - acquiredB));
            System.out.println("workload-done");
        }
    }

    static void check(String name, String... vmOptions) throws Exception {
        String[] options = new String[vmOptions.length + 2];
        options[0] = "-Djdk.virtualThreadScheduler.parallelism=1";
        options[1] = "-Djdk.virtualThreadScheduler.maxPoolSize=1";
        System.arraycopy(vmOptions, 0, options, 2, vmOptions.length);
        LockStatRun.Traced t = LockStatRun.traceWorkload("holdstart-" + name, "HoldStartTest$Workload", options);
        String stdout = t.run().stdout;
        long gap = LockStatRun.printedNumber(stdout, "gapNanos"), hold = LockStatRun.printedNumber(stdout, "holdBNanos");
        if (name.startsWith("compiled")) {
            // warmed up before the measured call: C2's code (level 4) takes the monitor inline
            LockStatRun.check(Pattern.compile("\\s4\\s+HoldStartTest\\$Workload::holdB ").matcher(stdout).find(),
                    "holdB was compiled by C2 before the measured call");
        }
        String json = LockStatRun.lockstat("report", "--by", "owner-thread", "--thread", "holdstart-w", "--format", "json",
                t.trace().toString()).shouldHaveExitValue(0).stdout;
        long ownerB = LockStatRun.totalNanosOf(json, "holder-b"), handOff = LockStatRun.totalNanosOf(json, "<hand-off>"), ownerA = LockStatRun.totalNanosOf(json, "holder-a");
        System.out.printf("%s: gap %.2f ms, holder-b held %.2f ms; report: holder-b %.2f ms, holder-a %.2f ms, hand-off %.2f ms%n",
                name, gap / 1e6, hold / 1e6, ownerB / 1e6, ownerA / 1e6, handOff / 1e6);
        LockStatRun.check(ownerA >= 15_000_000L, name + ": holder-a's part of W's wait: " + json);
        // Around the measured hold: the hook's clock reads lie just outside the workload's (microseconds).
        long slack = (long) (1_000_000L * LockStatRun.slowdown());
        LockStatRun.check(Math.abs(ownerB - hold) <= slack,
                name + ": holder-b is charged its hold " + hold + " ns, not the gap " + gap + " ns before it: " + json);
        LockStatRun.check(handOff >= gap - slack, name + ": the lock-free gap is a hand-off: " + json);
    }

    public static void main(String[] args) throws Exception {
        check("interpreted", "-Xint");
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            check("compiled", "-XX:-BackgroundCompilation", "-XX:+PrintCompilation");
            // the inline acquisition finds the monitor through the thread's cache (no tag in its address)
            check("compiled-monitor-table", "-XX:+UnlockDiagnosticVMOptions", "-XX:+UseObjectMonitorTable",
                    "-XX:-BackgroundCompilation", "-XX:+PrintCompilation");
        }
    }
}
