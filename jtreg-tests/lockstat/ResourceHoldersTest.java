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
 * @summary Who held a resource: a fair Semaphore of two permits, forced step by step. Threads a and b
 *          wait for a permit and give one back here (so that both are holders: threads that wait here
 *          and give back here; a's acquisition wakes b, b's release wakes a third thread, m, which gives
 *          its permit back to b and parks elsewhere), then hold the two permits while a waiter waits 200
 *          ms; a's release wakes it. The waiter's time is shared by both holders, half each, under the
 *          chains where each gave its permit back (giveA; giveB, whose release wakes a, waiting again),
 *          not charged to a's release alone, and none to m (it took nothing back: it parked).
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 ResourceHoldersTest
 */
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;

public class ResourceHoldersTest {
    public static class Workload {
        static final Semaphore PERMITS = new Semaphore(2, true);
        static volatile int step;   // the step each worker waits for before its next action

        /** Runs the actions in turn, each once step reaches its number (polled: no park on anything else). */
        static Thread worker(String name, Object... stepsAndActions) {
            Thread t = new Thread(() -> {
                try {
                    for (int i = 0; i < stepsAndActions.length; i += 2) {
                        while (step < (Integer) stepsAndActions[i]) {
                            Thread.sleep(1);
                        }
                        ((Action) stepsAndActions[i + 1]).run();
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }, name);
            t.start();
            return t;
        }

        interface Action {
            void run() throws InterruptedException;
        }

        static void take() throws InterruptedException {
            PERMITS.acquire();
        }

        static void giveA() {
            PERMITS.release();
        }

        static void giveB() {
            PERMITS.release();
        }

        static void giveM() {
            PERMITS.release();
        }

        /** After giving back, a thread that parks (here: for nothing) shows it took nothing back. */
        static void rest() {
            while (step < 11) {
                LockSupport.parkNanos(5_000_000);
            }
        }

        /** Waits until n threads are queued for a permit, and the last one started is parked. */
        static void queued(int n, Thread last) throws InterruptedException {
            while (PERMITS.getQueueLength() < n || last.getState() != Thread.State.WAITING) {
                Thread.sleep(1);
            }
        }

        static void noneQueued() throws InterruptedException {
            while (PERMITS.getQueueLength() != 0) {
                Thread.sleep(1);
            }
        }

        public static void main(String[] args) throws Exception {
            PERMITS.acquire(2);   // main holds both permits: a and b wait
            Thread a = worker("a", 0, (Action) Workload::take, 8, (Action) Workload::giveA, 9, (Action) Workload::take,
                    11, (Action) Workload::giveA);
            queued(1, a);
            Thread b = worker("b", 0, (Action) Workload::take, 3, (Action) Workload::giveB, 4, (Action) Workload::take,
                    10, (Action) Workload::giveB);
            queued(2, b);
            PERMITS.release(2);   // a and b take theirs (a's acquisition wakes b: a gives here too)
            noneQueued();
            Thread m = worker("m", 0, (Action) Workload::take, 5, (Action) Workload::giveM, 5, (Action) Workload::rest);
            queued(1, m);
            step = 3;   // b gives back (m takes it) ...
            noneQueued();
            step = 4;   // ... and waits again
            queued(1, b);
            step = 5;   // m gives back (b takes it) and parks: a and b hold, both have waited and given back
            noneQueued();
            Thread w = worker("waiter", 0, (Action) Workload::take);
            queued(1, w);
            Thread.sleep(200);
            step = 8;   // a gives back: the waiter takes it
            w.join();
            step = 9;   // a waits again ...
            queued(1, a);
            step = 10;  // ... b gives back (seen: it wakes a, so b's part gets this chain) ...
            noneQueued();
            step = 11;  // ... and a gives back
            for (Thread t : List.of(a, b, m)) {
                t.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("holders", List.of("-cp", System.getProperty("test.class.path")),
                "ResourceHoldersTest$Workload");
        String json = LockStatRun.lockstat("report", "--by", "owner-method", "--thread", "waiter", "--format", "json",
                t.trace().toString()).shouldHaveExitValue(0).stdout;
        double a = LockStatRun.percentOf(json, "ResourceHoldersTest$Workload.giveA"),
               b = LockStatRun.percentOf(json, "ResourceHoldersTest$Workload.giveB");
        System.out.printf("waiter's wait: giveA %.2f%%, giveB %.2f%%%n%s%n", a, b, json);
        LockStatRun.check(a + b >= 95, "the waiter's wait is charged to the two holders: " + a + " + " + b);
        LockStatRun.check(Math.abs(a - b) <= 1, "both held for all of it, half each: " + a + " vs " + b);
    }
}
