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
 * @summary In a sampled trace, a thread that a recorded unpark woke has its next release recorded even
 *          when it wakes nobody and no recorded park is open any more: LockSupport sends such a release
 *          to the VM only while a recorded park is open (LOCKSTAT_SAMPLED_PARKS) or while the VM follows
 *          the thread (Thread.lockstatFollowed), and this is the second case. Forced, 40 rounds at one in
 *          2 with platform threads: G holds a Semaphore(1); W parks on it; G releases (waking W: recorded
 *          when W's park was drawn and still open) and ends; W, alone, gives the permit back, waking
 *          nobody. Whenever G's unpark of W was recorded, W's release is recorded too (a SharedRelease
 *          written by W).
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 FollowedTakerReleaseTest
 */

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class FollowedTakerReleaseTest {
    static final int ROUNDS = 40;

    public static class Workload {
        public static void main(String[] args) throws Exception {
            for (int round = 0; round < ROUNDS; round++) {
                round();
            }
            System.out.println("workload-done");
        }

        static void round() throws Exception {
            Semaphore sem = new Semaphore(1);
            Thread[] w = new Thread[1];
            Thread g = Thread.ofPlatform().name("g").unstarted(() -> {
                sem.acquireUninterruptibly();   // free: no park
                waitFor(() -> sem.hasQueuedThreads() && w[0].getState() == Thread.State.WAITING);
                sem.release();                  // wakes W
            });
            w[0] = Thread.ofPlatform().name("w").unstarted(() -> {
                sem.acquireUninterruptibly();   // parks until G's release
                try {
                    g.join();                   // G gone (a join waits, it does not park): no recorded park is open
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                sem.release();                  // wakes nobody
            });
            g.start();
            waitFor(() -> sem.availablePermits() == 0);
            w[0].start();
            g.join();
            w[0].join();
        }

        static void waitFor(java.util.function.BooleanSupplier condition) {
            while (!condition.getAsBoolean()) {
                Thread.onSpinWait();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("followed-taker-release",
                List.of("-XX:TraceLockContentionSampling=2"), "FollowedTakerReleaseTest$Workload");
        t.run();
        String events = LockStatRun.lockstat("print", t.trace().toString()).shouldHaveExitValue(0).stdout;
        Set<String> ws = new HashSet<>();
        Matcher start = Pattern.compile("(?m)^ThreadStart .* thread=(\\d+) .*name=\"w\"$").matcher(events);
        while (start.find()) {
            ws.add(start.group(1));
        }
        LockStatRun.check(ws.size() == ROUNDS, "every round's W started: " + ws.size());
        Set<String> woken = new HashSet<>();   // the Ws a recorded unpark woke: the VM follows their next release
        Matcher u = Pattern.compile("(?m)^Unpark writer=\\d+ .* target=(\\d+) ").matcher(events);
        while (u.find()) {
            if (ws.contains(u.group(1))) {
                woken.add(u.group(1));
            }
        }
        Set<String> released = new HashSet<>();
        Matcher r = Pattern.compile("(?m)^SharedRelease writer=(\\d+) ").matcher(events);
        while (r.find()) {
            if (ws.contains(r.group(1))) {
                released.add(r.group(1));
            }
        }
        System.out.println("Ws woken by a recorded unpark: " + woken + "; Ws whose release was recorded: " + released);
        for (String w : woken) {
            LockStatRun.check(released.contains(w), "W " + w + " was woken by a recorded unpark: its release must be recorded too");
        }
        // G's unpark recorded when W's park was drawn and still open (about half the rounds): in none of 40,
        // a chance of 1 in 10^12.
        LockStatRun.check(!woken.isEmpty(), "some of G's unparks of W recorded: " + woken.size());
    }
}
