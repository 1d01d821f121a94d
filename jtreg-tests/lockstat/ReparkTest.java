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
 * @summary One acquisition, one contention: a thread woken from its park in AbstractQueuedSynchronizer's
 *          acquire that does not get the lock parks again. A gate lock (an AQS whose tryAcquire fails
 *          while its gate is closed) forces it: each round, the waiter parks, is released three times and
 *          re-parks each time, then gets the lock at the fourth release. The trace has exactly one
 *          contention a round for the waiter, covering the whole wait, and notes the re-parks.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 ReparkTest
 */
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ReparkTest {
    static final int ROUNDS = 6, REPARKS = 3;

    /** Acquirable only while the gate is open; each release wakes the first waiter. */
    static final class GateLock extends AbstractQueuedSynchronizer {
        volatile boolean open;
        final AtomicInteger attempts = new AtomicInteger();

        @Override
        protected boolean tryAcquire(int arg) {
            attempts.incrementAndGet();
            return open && compareAndSetState(0, 1);
        }

        @Override
        protected boolean tryRelease(int arg) {
            setState(0);
            return true;
        }
    }

    public static class Workload {
        static void waitParked(GateLock gate, Thread t, int attemptsAbove) throws InterruptedException {
            while (gate.attempts.get() <= attemptsAbove || t.getState() != Thread.State.WAITING || !gate.isQueued(t)) {
                Thread.onSpinWait();
            }
            Thread.sleep(10);   // well inside its park
        }

        static void releaseOnce(GateLock gate) {
            gate.release(1);
        }

        public static void main(String[] args) throws Exception {
            for (int round = 0; round < ROUNDS; round++) {
                GateLock gate = new GateLock();
                Thread waiter = new Thread(() -> {
                    gate.acquire(1);
                    gate.release(1);
                }, "waiter");
                waiter.start();
                waitParked(gate, waiter, 0);
                for (int i = 0; i < REPARKS; i++) {
                    int before = gate.attempts.get();
                    releaseOnce(gate);            // wakes it; tryAcquire fails; it parks again
                    waitParked(gate, waiter, before);
                }
                gate.open = true;
                releaseOnce(gate);
                waiter.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("repark", "ReparkTest$Workload",
                "-cp", System.getProperty("test.class.path"));
        String json = LockStatRun.lockstat("report", "--by", "owner-method", "--thread", "waiter", "--format", "json",
                t.trace().toString()).shouldHaveExitValue(0).stdout;
        Matcher count = Pattern.compile("\"key\"\\s*:\\s*\"all\",\\s*\"totalNanos\"\\s*:\\s*\\d+,\\s*\"count\"\\s*:\\s*(\\d+)").matcher(json);
        LockStatRun.check(count.find(), "the report counts contentions: " + json);
        System.out.println("waiter's contentions: " + count.group(1));
        LockStatRun.check(Integer.parseInt(count.group(1)) == ROUNDS, "one contention per acquisition: " + json);
        // Between each release and the waiter's wake-up: hand-off (scheduler latency, more under load).
        double releases = LockStatRun.percentOf(json, "Workload.releaseOnce"), handOff = LockStatRun.percentOf(json, "<hand-off>");
        LockStatRun.check(releases > 50 && releases + handOff > 99.9,
                "the whole wait is charged to the releases and their hand-offs: " + json);
        String text = LockStatRun.lockstat("report", "--by", "owner-method", "--thread", "waiter", t.trace().toString())
                .shouldHaveExitValue(0).stdout;
        LockStatRun.check(text.contains((ROUNDS * REPARKS) + " park(s) continued an acquisition"),
                "the re-parks are noted: " + text);
    }
}
