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
 * @summary A synchronized method inlined into its caller releases its monitor in compiled code; the
 *          owner's chain of that release starts in the synchronized method, not in the caller, with C1
 *          and with C2. (C1 records its monitorexit call's scope as a non-safepoint record, which it
 *          merges into the equal record of the exit on the method's exception path: the walk takes the
 *          covering record.) Forced: the caller is compiled with the method inlined before the rounds
 *          (-Xbatch, PrintInlining shows it), and each round's release happens while a thread is BLOCKED.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 InlinedSynchronizedMethodTest
 */
import java.util.List;

public class InlinedSynchronizedMethodTest {
    static final int ROUNDS = 15;

    public static class Workload {
        static final Counter COUNTER = new Counter();
        static volatile boolean release;
        static volatile boolean inside;

        static final class Counter {
            long n;

            synchronized void hold(boolean hold) {
                n++;
                if (hold) {
                    spinHolding();
                }
            }
        }

        static void spinHolding() {
            inside = true;
            while (!release) {
                Thread.onSpinWait();
            }
        }

        /** Compiled, with Counter.hold inlined. */
        static void callHold(boolean hold) {
            COUNTER.hold(hold);
        }

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 30_000; i++) {
                callHold(false);
            }
            for (int r = 0; r < ROUNDS; r++) {
                release = false;
                inside = false;
                Thread owner = new Thread(() -> callHold(true), "compiled-owner");
                owner.start();
                while (!inside) {
                    Thread.onSpinWait();
                }
                Thread blocked = new Thread(() -> { synchronized (COUNTER) { } }, "blocked");
                blocked.start();
                while (blocked.getState() != Thread.State.BLOCKED) {
                    Thread.onSpinWait();
                }
                Thread.sleep(20);   // the owner's part dwarfs the hand-off
                release = true;
                owner.join();
                blocked.join();
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        for (List<String> compiler : List.of(List.of("-XX:TieredStopAtLevel=1"), List.of("-XX:-TieredCompilation"))) {
            List<String> options = new java.util.ArrayList<>(compiler);
            options.addAll(List.of("-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintInlining",
                    "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,InlinedSynchronizedMethodTest$Workload::spinHolding"));
            LockStatRun.Traced t = LockStatRun.traceWorkload("inlinedsync", options, "InlinedSynchronizedMethodTest$Workload");
            LockStatRun.check(t.run().stdout.matches("(?s).*InlinedSynchronizedMethodTest\\$Workload\\$Counter::hold \\(\\d+ bytes\\)\\s+inline.*"),
                    compiler + ": Counter.hold was inlined: " + t.run().stdout);
            String json = LockStatRun.lockstat("report", "--by", "owner-method", "--thread", "blocked", "--format", "json",
                    t.trace().toString()).shouldHaveExitValue(0).stdout;
            double hold = LockStatRun.percentOf(json, "Workload$Counter.hold");
            double handOff = LockStatRun.percentOf(json, "<hand-off>");
            System.out.printf("%s: Counter.hold owns %.2f%% of the blocked threads' time, hand-off %.2f%%%n", compiler,
                    hold, handOff);
            LockStatRun.check(hold > 90 && hold + handOff > 99.9,
                    compiler + ": the releases' chains start in Counter.hold, not its caller: " + json);
        }
    }
}
