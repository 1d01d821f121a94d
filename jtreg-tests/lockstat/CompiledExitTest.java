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
 * @summary C2 releases an inflated monitor inline unless the exit must be recorded: a release while
 *          a thread is blocked on the monitor is still recorded with the owner's chain, and the
 *          uncontended release that ends a wait()'s critical section still resolves the wait's
 *          forward reference. Each situation is forced (the releasing code is compiled by C2 before
 *          the rounds begin; the blocked thread is known to be BLOCKED before the release).
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 CompiledExitTest
 */
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class CompiledExitTest {
    static final int ROUNDS = 20;

    public static class Workload {
        static final Object lock = new Object();
        static volatile boolean release;
        static volatile boolean inside;
        static volatile boolean go;
        static volatile boolean notified;

        /** The owner whose release a blocked thread waits for: compiled by C2, the spin not inlined. */
        static void holdUntilReleased(boolean hold) {
            synchronized (lock) {
                spinHolding(hold);
            }
        }

        static void spinHolding(boolean hold) {
            if (hold) {
                inside = true;
                while (!release) {
                    Thread.onSpinWait();
                }
            }
        }

        /** A wait() whose release is contended; the method's own exit afterwards is uncontended. */
        static void waitOnce(boolean doWait) throws InterruptedException {
            synchronized (lock) {
                waitInside(doWait);
            }
        }

        static void waitInside(boolean doWait) throws InterruptedException {
            if (doWait) {
                inside = true;
                while (!go) {
                    Thread.onSpinWait();
                }
                while (!notified) {
                    lock.wait();
                }
            }
        }

        static void awaitBlocked(Thread t) {
            while (t.getState() != Thread.State.BLOCKED) {
                Thread.onSpinWait();
            }
        }

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 30_000; i++) {   // C2 compiles both (-Xbatch: before the rounds)
                holdUntilReleased(false);
                waitOnce(false);
            }
            for (int r = 0; r < ROUNDS; r++) {
                // A thread blocks behind a compiled owner, which releases while it is BLOCKED.
                release = false;
                inside = false;
                Thread owner = new Thread(() -> holdUntilReleased(true), "compiled-owner");
                owner.start();
                while (!inside) {
                    Thread.onSpinWait();
                }
                Thread blocked = new Thread(() -> { synchronized (lock) { } }, "blocked");
                blocked.start();
                awaitBlocked(blocked);
                release = true;
                owner.join();
                blocked.join();

                // A waiter whose wait() releases the monitor while another thread is BLOCKED on it.
                inside = false;
                go = false;
                notified = false;
                Thread waiter = new Thread(() -> {
                    try {
                        waitOnce(true);
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }, "compiled-waiter");
                waiter.start();
                while (!inside) {
                    Thread.onSpinWait();
                }
                Thread notifier = new Thread(() -> {
                    synchronized (lock) {
                        notified = true;
                        lock.notify();
                    }
                }, "notifier");
                notifier.start();
                awaitBlocked(notifier);
                go = true;
                waiter.join();
                notifier.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("compiledexit", "CompiledExitTest$Workload",
                "-XX:-TieredCompilation", "-Xbatch", "-XX:+PrintCompilation",
                "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,CompiledExitTest$Workload::spinHolding",
                "-XX:CompileCommand=dontinline,CompiledExitTest$Workload::waitInside");
        String compiled = t.run().stdout;
        LockStatRun.check(compiled.contains("CompiledExitTest$Workload::holdUntilReleased")
                && compiled.contains("CompiledExitTest$Workload::waitOnce"), "C2 compiled both releasing methods");

        String print = LockStatRun.lockstat("print", t.trace().toString()).shouldHaveExitValue(0).stdout;
        // Every forced wait() release carries a forward reference, and each is resolved.
        int waitExits = count(print, Pattern.compile("MonitorWaitExit .* forwardRef=([1-9][0-9]*)"));
        int resolves = count(print, Pattern.compile("MonitorForwardResolve .* forwardRef=([1-9][0-9]*)"));
        LockStatRun.check(waitExits >= ROUNDS, "wait() releases with a forward reference: " + waitExits);
        LockStatRun.check(resolves == waitExits, waitExits + " forward references, " + resolves + " resolved");

        // The blocked threads' time is the compiled owner's (and the waiter's, through its resolved
        // references), never an unknown owner's chain.
        String json = LockStatRun.lockstat("report", "--by", "owner-method", "--format", "json", t.trace().toString())
                .shouldHaveExitValue(0).stdout;
        double owner = LockStatRun.percentOf(json, "holdUntilReleased");
        LockStatRun.check(owner > 0, "the compiled owner's releases are recorded: " + owner + "%");
        int exits = count(print, Pattern.compile("MonitorContendedExit "));
        LockStatRun.check(exits >= ROUNDS, "each round's compiled release while a thread was blocked: " + exits);
        LockStatRun.lockstat("report", "--by", "owner-method", t.trace().toString()).shouldHaveExitValue(0)
                .shouldNotContain("unresolved");
    }

    static int count(String s, Pattern p) {
        Matcher m = p.matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
