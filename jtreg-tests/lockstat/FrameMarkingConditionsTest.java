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
 * @summary Frame marking saves frames where it is allowed and stays off where it is not: with
 *          -XX:-LockStatFrameMarking, under a JVMTI agent that may pop frames (jdwp) and, on aarch64,
 *          where return addresses are signed (-XX:UseBranchProtection=pac-ret, when the CPU has
 *          pointer authentication; under make test-aarch64-pac every VM signs, the plain run too).
 *          Every trace verifies. (Virtual threads, which are never marked,
 *          are in ChainWalkStressTest.)
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 FrameMarkingConditionsTest
 */
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class FrameMarkingConditionsTest {
    public static class Workload {
        static final Object LOCK = new Object();
        static long counter;

        /** A contended enter and a contended exit in one frame of an application method. */
        static void section() {
            synchronized (LOCK) {
                counter++;
                long until = System.nanoTime() + 2_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        }

        static void loop(long end) {
            while (System.nanoTime() < end) {
                section();
            }
        }

        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + 1_500_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                threads.add(Thread.ofPlatform().start(() -> loop(end)));
            }
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("workload-done " + counter);
        }
    }

    static final Pattern SAVED = Pattern.compile("\"framesSaved\": ([0-9]+)");
    static final Pattern WALKED = Pattern.compile("\"framesWalked\": ([0-9]+)");

    /** framesSaved and framesWalked of a run's trace (the totals of lockstat summary --format json). */
    static long[] counters(String name, String... options) throws Exception {
        return counters(LockStatRun.traceWorkload(name, "FrameMarkingConditionsTest$Workload", options), name);
    }

    static long[] counters(LockStatRun.Traced t, String name) throws Exception {
        String json = LockStatRun.lockstat("summary", "--format", "json", t.trace().toString()).shouldHaveExitValue(0).stdout;
        Matcher saved = SAVED.matcher(json), walked = WALKED.matcher(json);
        LockStatRun.check(saved.find() && walked.find(), "summary has the call-chain counters");
        long[] c = {Long.parseLong(saved.group(1)), Long.parseLong(walked.group(1))};
        System.out.println(name + ": frames saved " + c[0] + ", walked " + c[1]);
        LockStatRun.check(c[1] > 0, name + ": chains were walked");
        return c;
    }

    /**
     * Whether a run's VM signed its return addresses: UseBranchProtection=pac-ret in effect (the run
     * printed its flags) and not refused for want of pointer authentication or of a VM built for it.
     */
    static boolean signs(LockStatRun run) {
        return Pattern.compile("UseBranchProtection\\s+= pac-ret\\s").matcher(run.stdout).find()
                && run.count("Disabling ROP-protection") == 0;
    }

    public static void main(String[] args) throws Exception {
        // Where every VM signs its return addresses (an aarch64 image built with branch protection whose
        // launchers add -XX:UseBranchProtection=pac-ret, make test-aarch64-pac), the plain run may not mark.
        LockStatRun.Traced plain = LockStatRun.traceWorkload("marks", "FrameMarkingConditionsTest$Workload", "-XX:+PrintFlagsFinal");
        if (signs(plain.run())) {
            LockStatRun.check(counters(plain, "marks, signed")[0] == 0, "no marks where return addresses are signed");
        } else {
            LockStatRun.check(counters(plain, "marks")[0] > 0, "marks save frames in a plain run");
        }
        LockStatRun.check(counters("off", "-XX:-LockStatFrameMarking")[0] == 0, "-XX:-LockStatFrameMarking marks nothing");
        LockStatRun.check(counters("jdwp", "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=localhost:0")[0] == 0,
                "no marks while a JVMTI agent may pop frames");
        if (System.getProperty("os.arch").equals("aarch64")) {
            // A signed return address is authenticated before the return: an unsigned trampoline
            // address in its place would fault.
            LockStatRun.Traced t = LockStatRun.traceWorkload("pac", "FrameMarkingConditionsTest$Workload",
                    "-XX:UseBranchProtection=pac-ret", "-XX:+PrintFlagsFinal");
            if (!signs(t.run())) {
                System.out.println("pac-ret: the VM does not sign return addresses here (no pointer authentication, or built without branch protection)");
            } else {
                LockStatRun.check(counters(t, "pac-ret")[0] == 0, "no marks where return addresses are signed");
            }
        }
    }
}
