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
 * @summary A virtual thread's park that completes at once (its permit was available) is recorded, as a
 *          platform thread's is: a virtual thread has its permit set after every sleep, so its next
 *          park on a lock returns at once and AbstractQueuedSynchronizer.acquire parks again, marked a
 *          re-park. Forced, 12 rounds: the main thread holds a Semaphore; a virtual thread sleeps, then
 *          blocks on it until main, once it sees the thread waiting, releases. On each round's
 *          Semaphore the virtual thread's first recorded park is not a re-park, and a re-park follows it
 *          (before, every such acquisition began with a re-park, whose sampling decision came from the
 *          sleep's park: at one in 10 virtual threads on a Semaphore were 10-20 points off).
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 VirtualParkAtOnceTest
 */

import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

public class VirtualParkAtOnceTest {
    static final int ROUNDS = 12;

    public static class Workload {
        public static void main(String[] args) throws Exception {
            for (int round = 0; round < ROUNDS; round++) {
                Semaphore permit = new Semaphore(1);
                permit.acquireUninterruptibly();
                Thread v = Thread.ofVirtual().name("v").start(() -> {
                    try {
                        Thread.sleep(1);   // sets the thread's park permit when it ends
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                    permit.acquireUninterruptibly();
                    permit.release();
                });
                while (v.getState() != Thread.State.WAITING || permit.getQueueLength() == 0) {
                    Thread.sleep(1);
                }
                permit.release();
                v.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("virtual-park-at-once", "VirtualParkAtOnceTest$Workload");
        t.run();
        String events = LockStatRun.lockstat("print", t.trace().toString()).shouldHaveExitValue(0).stdout;
        // Each round's Semaphore (one blocker hash) in time order: its parks' flags.
        Map<String, List<Integer>> parks = LockStatRun.parkFlagsByBlocker(events, "java.util.concurrent.Semaphore$NonfairSync");
        System.out.println("recorded parks on the rounds' Semaphores (flags, 2: a re-park): " + parks);
        LockStatRun.check(parks.size() == ROUNDS, "every round's Semaphore has parks: " + parks);
        for (Map.Entry<String, List<Integer>> e : parks.entrySet()) {
            List<Integer> flags = e.getValue();
            LockStatRun.check((flags.get(0) & 2) == 0, "the acquisition's first park is missing, Semaphore " + e.getKey() + ": " + parks);
            LockStatRun.check(flags.size() >= 2 && (flags.get(1) & 2) != 0,
                    "the park at once is not followed by the re-park that blocked, Semaphore " + e.getKey() + ": " + parks);
        }
    }
}
