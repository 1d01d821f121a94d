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
 * @summary Tracing keeps nothing per monitor beyond the monitor's life: a thread that nests and
 *          re-enters locks on ever new objects (upstream's LotsOfUncontendedMonitorEnter pattern)
 *          inflates millions of short-lived monitors, and tracing's native memory (NMT category
 *          Tracing) must not grow with them: a monitor's trace state lives in the ObjectMonitor
 *          (LockStatMonitorState), not in sets keyed by monitor address, which would keep every address
 *          inflated during a trace (64 bytes each). The trace verifies and records the inflations and
 *          deflations.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 MonitorChurnTest
 */
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.ObjectName;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;

public class MonitorChurnTest {
    public static class Workload {
        public static void main(String[] args) throws Exception {
            rounds(4);   // warm-up: buffers, compiled code, the drain at its pace
            long before = nmtTracingCommitted();
            rounds(40);
            long after = nmtTracingCommitted();
            System.out.println("nmt-tracing-before " + before);
            System.out.println("nmt-tracing-after " + after);
            System.out.println("workload-done");
        }

        /**
         * Rounds of about 30,000 inflations, with a pause after each for the drain, so that buffers
         * waiting for it do not grow tracing's memory: only what tracing keeps per monitor may.
         */
        static void rounds(int n) throws InterruptedException {
            for (int i = 0; i < n; i++) {
                enter(List.of(), 18);
                Thread.sleep(20);
            }
            Thread.sleep(200);
        }

        /**
         * Enters a new object's monitor, recurses, re-enters one of the monitors already held and
         * recurses again: past the lock stack's depth and at every re-entry of a monitor that is not
         * the innermost, lightweight locking inflates. 2^(depth+1) enters.
         */
        static void enter(List<Object> held, int depth) {
            if (depth == 0) {
                return;
            }
            Object lock = new Object();
            synchronized (lock) {
                List<Object> more = new ArrayList<>(held);
                more.add(lock);
                enter(more, depth - 1);
                Object again = more.get(ThreadLocalRandom.current().nextInt(more.size()));
                synchronized (again) {
                    enter(more, depth - 1);
                }
            }
        }

        static long nmtTracingCommitted() throws Exception {
            String out = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
            Matcher m = Pattern.compile("-\\s+Tracing \\(reserved=\\d+KB, committed=(\\d+)KB\\)").matcher(out);
            if (!m.find()) {
                throw new AssertionError("NMT summary has no Tracing line:\n" + out);
            }
            return Long.parseLong(m.group(1)) * 1024;
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("churn", "MonitorChurnTest$Workload",
                "-XX:NativeMemoryTracking=summary");
        long before = printed(t.run().stdout, "nmt-tracing-before");
        long after = printed(t.run().stdout, "nmt-tracing-after");
        long[] counts = new long[2];   // inflates, deflates
        TraceParser.parse(t.trace(), new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "MonitorInflate" -> counts[0]++;
                    case "MonitorDeflate" -> counts[1]++;
                    default -> { }
                }
            }
        });
        long inflates = counts[0], deflates = counts[1];
        long growth = after - before;
        System.out.printf("inflates %d, deflates %d, NMT Tracing %d KB -> %d KB (%+d KB)%n",
                inflates, deflates, before / 1024, after / 1024, growth / 1024);
        LockStatRun.check(inflates >= 1_000_000, "the workload inflates at least 10^6 monitors: " + inflates);
        LockStatRun.check(deflates >= inflates / 4, "deflation keeps up: " + deflates + " of " + inflates);
        // What may grow is the buffer pool, up to the drain queue's bound (1,024 buffers of at most
        // 24 KB) and the threads' own: 11-15 MB here. Sets keyed by address would keep 64 bytes for every
        // address ever inflated: a JDK that kept them fails here with +38 MB.
        LockStatRun.check(growth < 32L * 1024 * 1024,
                "tracing's native memory grew by " + growth / 1024 + " KB over " + inflates + " inflations");
    }

    static long printed(String stdout, String label) {
        Matcher m = Pattern.compile(label + " (\\d+)").matcher(stdout);
        LockStatRun.check(m.find(), "the workload printed " + label + ":\n" + stdout);
        return Long.parseLong(m.group(1));
    }
}
