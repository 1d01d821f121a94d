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
 * @summary A thread's chain cache serves repeated events from one compiled frame while the frame mark on
 *          that frame's return stands, and never outlives the caller: one long-lived owner releases a
 *          contended monitor 5 times per call of a compiled loop, which is called alternately from
 *          viaA() and viaB() at the same stack depth (the loop's frame at the same place, its exit at
 *          the same pc). Every release is forced (the blocked thread is known to be BLOCKED), and each
 *          must carry its own caller's chain: exactly 20 through viaA, 20 through viaB. Then 10 calls
 *          from each caller whose enter is contended too (the owner blocks first): the enter's walk
 *          marks the loop frame's return slot again, at the same address as the last call's mark, so
 *          only a cache that forgets its entry at every walk stays right: 30 and 30 in all.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 ChainCacheTest
 */
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ChainCacheTest {
    static final int CALLS = 4;          // per caller
    static final int PER_CALL = 5;       // releases per call of the loop
    static final int ENTER_CALLS = 10;   // per caller: calls whose enter is contended too

    public static class Workload {
        static final Object lock = new Object();
        static volatile int inside;      // the round whose release the owner is about to make
        static volatile int passed;      // the last round the blocked thread got through
        static volatile Thread blocker;
        static volatile Thread owner;
        static volatile int holdRound;   // the owner asks the holder to hold the lock for this round
        static volatile int holding;     // the holder holds it for this round

        static void viaA(int n, boolean contended) {
            loop(n, contended);
        }

        static void viaB(int n, boolean contended) {
            loop(n, contended);
        }

        static int round;

        static void loop(int n, boolean contended) {
            for (int i = 0; i < n; i++) {
                synchronized (lock) {
                    if (contended) {
                        holdUntilBlocked();
                    }
                }
                if (contended) {
                    while (passed != round) {   // the blocked thread is through: nothing else waits
                        Thread.onSpinWait();
                    }
                }
            }
        }

        static void holdUntilBlocked() {
            inside = ++round;
            while (blocker.getState() != Thread.State.BLOCKED) {
                Thread.onSpinWait();
            }
        }

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 20_000; i++) {   // C2 compiles all three (-Xbatch: before the rounds)
                viaA(1, false);
                viaB(1, false);
            }
            int total = 2 * CALLS * PER_CALL + 2 * ENTER_CALLS;
            blocker = new Thread(() -> {
                for (int r = 1; r <= total; r++) {
                    while (inside != r) {
                        Thread.onSpinWait();
                    }
                    synchronized (lock) {
                        passed = r;
                    }
                }
            }, "blocked");
            blocker.start();
            Thread holder = new Thread(() -> {
                for (int r = 1; r <= 2 * ENTER_CALLS; r++) {
                    while (holdRound != r) {
                        Thread.onSpinWait();
                    }
                    synchronized (lock) {
                        holding = r;
                        while (owner.getState() != Thread.State.BLOCKED) {   // the owner's enter is contended
                            Thread.onSpinWait();
                        }
                    }
                }
            }, "holder");
            holder.start();
            owner = new Thread(() -> {
                for (int c = 0; c < CALLS; c++) {
                    viaA(PER_CALL, true);
                    viaB(PER_CALL, true);
                }
                for (int c = 0; c < 2 * ENTER_CALLS; c++) {
                    holdRound = c + 1;
                    while (holding != c + 1) {
                        Thread.onSpinWait();
                    }
                    if (c % 2 == 0) {
                        viaA(1, true);
                    } else {
                        viaB(1, true);
                    }
                }
            }, "owner");
            owner.start();
            owner.join();
            blocker.join();
            holder.join();
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("chaincache", "ChainCacheTest$Workload",
                "-XX:-TieredCompilation", "-Xbatch", "-XX:+PrintCompilation", "-XX:CompileCommand=quiet",
                "-XX:CompileCommand=dontinline,ChainCacheTest$Workload::loop",
                "-XX:CompileCommand=dontinline,ChainCacheTest$Workload::viaA",
                "-XX:CompileCommand=dontinline,ChainCacheTest$Workload::viaB",
                "-XX:CompileCommand=dontinline,ChainCacheTest$Workload::holdUntilBlocked");
        String compiled = t.run().stdout;
        for (String m : List.of("loop", "viaA", "viaB")) {
            LockStatRun.check(compiled.contains("ChainCacheTest$Workload::" + m), "C2 compiled " + m);
        }

        String print = LockStatRun.lockstat("print", t.trace().toString()).shouldHaveExitValue(0).stdout;
        Map<String, String> methods = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^Method .* method=(\\d+) class=\\d+ name=\"([^\"]*)\"").matcher(print);
        while (m.find()) {
            methods.put(m.group(1), m.group(2));
        }
        Map<String, List<String>> chains = new HashMap<>();
        m = Pattern.compile("(?m)^CallChain .* chain=(\\d+) frames=\\[(.*)\\]$").matcher(print);
        while (m.find()) {
            List<String> names = new ArrayList<>();
            Matcher f = Pattern.compile("method=(\\d+)").matcher(m.group(2));
            while (f.find()) {
                names.add(methods.getOrDefault(f.group(1), "?"));
            }
            chains.put(m.group(1), names);
        }
        int viaA = 0, viaB = 0, other = 0;
        m = Pattern.compile("(?m)^MonitorContendedExit .* chain=(\\d+)").matcher(print);
        while (m.find()) {
            List<String> names = chains.getOrDefault(m.group(1), List.of());
            if (!names.contains("loop")) {
                other++;
            } else if (names.contains("viaA") && !names.contains("viaB")) {
                viaA++;
            } else if (names.contains("viaB") && !names.contains("viaA")) {
                viaB++;
            } else {
                throw new AssertionError("a loop chain through neither or both callers: " + names);
            }
        }
        LockStatRun.check(print.indexOf("MonitorReleaseSummary") < 0, "every forced release is written on its own");
        int expected = CALLS * PER_CALL + ENTER_CALLS;
        LockStatRun.check(viaA == expected && viaB == expected,
                "releases through viaA " + viaA + ", through viaB " + viaB + " (" + expected + " each); others " + other);
    }
}
