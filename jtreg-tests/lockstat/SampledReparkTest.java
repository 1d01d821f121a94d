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
 * @summary Sampled tracing with virtual threads: a re-park (woken, the thread lost its lock to a barging
 *          one) is recorded as its acquisition's first park was, though another virtual thread parked
 *          on the same carrier in between. Forced, 24 rounds on one carrier at one in 2: virtual thread
 *          W parks on the round's ReentrantLock; virtual thread X then parks on another (fair) lock; a
 *          spinning virtual thread keeps the carrier, so that W, unparked by the holder's release,
 *          cannot run; a platform barger takes the lock; the spinner stops; W runs, fails, parks again;
 *          the barger releases. Each round's lock has W's parks alone: the trace has none of them or
 *          its first and its re-park, never one without the other (before, a re-park took the carrier's
 *          latest decision, X's, and at one in 10 virtual threads on j.u.c. locks were 15-20 points off
 *          in the accuracy suite).
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 SampledReparkTest
 */

import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

public class SampledReparkTest {
    static final int ROUNDS = 24;

    public static class Workload {
        static final ReentrantLock OTHER = new ReentrantLock(true);   // X's: a FairSync, apart from the rounds' locks
        static volatile boolean spin;

        public static void main(String[] args) throws Exception {
            for (int round = 0; round < ROUNDS; round++) {
                round(new ReentrantLock());
            }
            System.out.println("workload-done");
        }

        static void round(ReentrantLock lock) throws Exception {
            Thread w = Thread.ofVirtual().name("w").unstarted(() -> {
                lock.lock();
                lock.unlock();
            });
            Thread x = Thread.ofVirtual().name("x").unstarted(() -> {
                OTHER.lock();
                OTHER.unlock();
            });
            OTHER.lock();
            lock.lock();
            w.start();
            waitUntil(w, Thread.State.WAITING);   // W's first park
            x.start();
            waitUntil(x, Thread.State.WAITING);   // X's park: the carrier's latest
            spin = true;
            Thread spinner = Thread.ofVirtual().name("spinner").start(() -> {
                while (spin) {
                    Thread.onSpinWait();
                }
            });
            while (spinner.getState() != Thread.State.RUNNABLE) {
                Thread.sleep(1);
            }
            Thread.sleep(5);   // the spinner has the carrier
            lock.unlock();     // unparks W, which cannot run
            Thread barger = Thread.ofPlatform().name("barger").start(() -> {
                lock.lock();   // free: W is woken but not running
                try {
                    spin = false;   // W runs, finds the lock taken, and parks again
                    waitUntil(w, Thread.State.WAITING);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                } finally {
                    lock.unlock();
                }
            });
            barger.join();
            w.join();
            OTHER.unlock();
            x.join();
            spinner.join();
        }

        static void waitUntil(Thread t, Thread.State state) throws InterruptedException {
            while (t.getState() != state) {
                Thread.sleep(1);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("sampled-repark", "SampledReparkTest$Workload",
                "-XX:TraceLockContentionSampling=2", "-Djdk.virtualThreadScheduler.parallelism=1",
                "-Djdk.virtualThreadScheduler.maxPoolSize=1");
        t.run();
        String events = LockStatRun.lockstat("print", t.trace().toString()).shouldHaveExitValue(0).stdout;
        // Each round's lock (one blocker hash) in time order: its parks' flags.
        Map<String, List<Integer>> parks = LockStatRun.parkFlagsByBlocker(events, "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        System.out.println("recorded parks on the rounds' locks (flags, 2: a re-park): " + parks);
        int recorded = 0;
        for (Map.Entry<String, List<Integer>> e : parks.entrySet()) {
            List<Integer> flags = e.getValue();
            LockStatRun.check((flags.get(0) & 2) == 0, "a re-park recorded without its acquisition's first park, lock " + e.getKey() + ": " + parks);
            LockStatRun.check(flags.size() >= 2 && (flags.get(1) & 2) != 0,
                    "a first park recorded without its re-park, lock " + e.getKey() + ": " + parks);
            recorded++;
        }
        // At one in 2, 24 rounds: none or all recorded has a chance of 2 in 16.7 million.
        LockStatRun.check(recorded > 0 && recorded < ROUNDS, "some rounds recorded, some not: " + recorded + " of " + ROUNDS);
    }
}
