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
 * @summary Hold starts of a ReentrantLock: the release that unparks a waiter says how long its thread held
 *          the lock, so a waiter's time before that acquisition is not charged to it; and a release that
 *          unparks nobody while the first waiter, woken already, has not run (a barging holder's) is
 *          recorded with its hold. Forced: holder-a holds the lock while virtual thread W1 and then
 *          platform thread W2 park on it; a virtual thread keeps the only carrier busy, so that W1,
 *          unparked by holder-a's release, cannot run; 30 ms later the barger takes the lock, holds it
 *          20 ms and releases it, waking nobody; 10 ms later W1 runs, takes the lock, holds it 20 ms, and
 *          its release unparks W2. W2's owner parts of the barger and of W1 must be their measured holds,
 *          the time before each a hand-off; before hold starts W1 was charged all 80 ms.
 * @library /lib
 * @build LockStatRun StuckVirtualThread
 * @run main/timeout=300 JucHoldStartTest
 */

import java.util.concurrent.locks.ReentrantLock;

public class JucHoldStartTest {
    public static class Workload {
        static final ReentrantLock LOCK = new ReentrantLock();
        static volatile long releasedA, acquiredBarger, releasedBarger, acquiredW1, releasedW1;

        static void sleepInSection(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }

        public static void main(String[] args) throws Exception {
            Thread w1 = Thread.ofVirtual().name("juc-w1").unstarted(() -> {
                LOCK.lock();
                try {
                    acquiredW1 = System.nanoTime();
                    sleepInSection(20);
                    releasedW1 = System.nanoTime();
                } finally {
                    LOCK.unlock();
                }
            });
            Thread w2 = Thread.ofPlatform().name("juc-w2").unstarted(() -> {
                LOCK.lock();
                LOCK.unlock();
            });
            LOCK.lock();   // holder-a is this thread
            try {
                StuckVirtualThread.parkWhileHolding(LOCK, w1);   // W1 parked first in the queue
                w2.start();
                while (w2.getState() != Thread.State.WAITING) {
                    Thread.sleep(1);
                }
                Thread.sleep(20);
                releasedA = System.nanoTime();
            } finally {
                LOCK.unlock();   // unparks W1, which cannot run
            }
            Thread.sleep(30);
            Thread barger = Thread.ofPlatform().name("juc-barger").start(() -> {
                LOCK.lock();   // W1 is queued first but cannot run
                try {
                    acquiredBarger = System.nanoTime();
                    sleepInSection(20);
                    releasedBarger = System.nanoTime();
                } finally {
                    LOCK.unlock();   // W1 was unparked already: this release wakes nobody
                }
            });
            barger.join();
            Thread.sleep(10);
            StuckVirtualThread.release();
            w1.join();
            w2.join();
            System.out.println("gapNanos=" + (acquiredW1 - releasedA - (releasedBarger - acquiredBarger))
                    + " holdBargerNanos=" + (releasedBarger - acquiredBarger) + " holdW1Nanos=" + (releasedW1 - acquiredW1));
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("juc-holdstart", "JucHoldStartTest$Workload",
                "-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1");
        String stdout = t.run().stdout;
        long gap = LockStatRun.printedNumber(stdout, "gapNanos"), hold = LockStatRun.printedNumber(stdout, "holdW1Nanos");
        long bargerHold = LockStatRun.printedNumber(stdout, "holdBargerNanos");
        String json = LockStatRun.lockstat("report", "--by", "owner-thread", "--thread", "juc-w2", "--format", "json",
                t.trace().toString()).shouldHaveExitValue(0).stdout;
        long ownerW1 = LockStatRun.totalNanosOf(json, "juc-w1"), ownerBarger = LockStatRun.totalNanosOf(json, "juc-barger");
        long handOff = LockStatRun.totalNanosOf(json, "<hand-off>"), ownerA = LockStatRun.totalNanosOf(json, "main");
        System.out.printf("lock free %.2f ms, barger held %.2f ms, W1 held %.2f ms; report: barger %.2f ms, W1 %.2f ms,"
                + " holder-a %.2f ms, hand-off %.2f ms%n", gap / 1e6, bargerHold / 1e6, hold / 1e6, ownerBarger / 1e6,
                ownerW1 / 1e6, ownerA / 1e6, handOff / 1e6);
        LockStatRun.check(ownerA >= 15_000_000L, "holder-a's part of W2's wait: " + json);
        // Around the measured holds: the stamp and the release's clock reads lie just outside the workload's.
        long slack = (long) (1_000_000L * LockStatRun.slowdown());
        LockStatRun.check(Math.abs(ownerBarger - bargerHold) <= slack,
                "the barger, whose release woke nobody, is charged its hold " + bargerHold + " ns: " + json);
        LockStatRun.check(Math.abs(ownerW1 - hold) <= slack,
                "W1 is charged its hold " + hold + " ns, not the time before it: " + json);
        LockStatRun.check(handOff >= gap - 2 * slack, "the lock-free time, " + gap + " ns, is a hand-off: " + json);
    }
}
