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
 * @summary Which Semaphore releases that wake nobody are recorded (SharedRelease, 0009-juc-lock-hooks),
 *          forced step by step on a Semaphore of one permit: a thread that never parked for it gives back
 *          20 times and records nothing (a hot Semaphore's barging threads add no events); a thread that
 *          took it after parking records its next 8 quiet releases and then no more (the bound); the thread
 *          whose release woke that one may take permits back without waiting, and records its quiet
 *          releases too (3 of them here).
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 QuietReleaseTest
 */
import java.util.List;
import java.util.concurrent.Semaphore;

public class QuietReleaseTest {
    public static class Workload {
        static final Semaphore PERMIT = new Semaphore(1);

        static void cycles(int n) {
            for (int i = 0; i < n; i++) {
                PERMIT.acquireUninterruptibly();   // nobody else wants it: taken without parking
                PERMIT.release();                  // no waiter: wakes nobody
            }
        }

        public static void main(String[] args) throws Exception {
            Thread barger = new Thread(() -> cycles(20), "barger");
            barger.start();
            barger.join();
            PERMIT.acquire();   // main holds the permit: the giver parks for it
            Thread giver = new Thread(() -> {
                PERMIT.acquireUninterruptibly();   // parks, then takes it after main's release
                PERMIT.release();
                cycles(19);
            }, "giver");
            giver.start();
            while (PERMIT.getQueueLength() != 1 || giver.getState() != Thread.State.WAITING) {
                Thread.sleep(1);
            }
            PERMIT.release();   // wakes the giver
            giver.join();
            cycles(3);          // main's own quiet releases, after its release woke a waiter
            System.out.println("ids barger=" + barger.threadId() + ", giver=" + giver.threadId()
                    + ", waker=" + Thread.currentThread().threadId() + ",");
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("quiet", List.of("-cp", System.getProperty("test.class.path")),
                "QuietReleaseTest$Workload");
        String stdout = t.run().stdout;
        String print = LockStatRun.lockstat("print", t.trace().toString()).shouldHaveExitValue(0).stdout;
        long barger = id(stdout, "barger"), giver = id(stdout, "giver"), waker = id(stdout, "waker");
        int fromBarger = sharedReleases(print, barger), fromGiver = sharedReleases(print, giver),
            fromWaker = sharedReleases(print, waker);
        System.out.printf("SharedRelease events: barger %d, giver %d, waker %d%n", fromBarger, fromGiver, fromWaker);
        LockStatRun.check(fromBarger == 0, "a thread that never parked for the permit records none: " + fromBarger);
        LockStatRun.check(fromGiver == 8, "a thread that took it after parking records its next 8 quiet releases: "
                + fromGiver);
        LockStatRun.check(fromWaker == 3, "a thread whose release woke a waiter records its quiet releases: " + fromWaker);
    }

    private static long id(String stdout, String label) {
        return LockStatRun.printedIds(stdout, label).iterator().next();
    }

    private static int sharedReleases(String print, long thread) {
        int n = 0;
        for (String line : print.split("\n")) {
            if (line.startsWith("SharedRelease writer=" + thread + " ")) {
                n++;
            }
        }
        return n;
    }
}
