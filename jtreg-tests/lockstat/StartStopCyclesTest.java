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
 * @summary Runtime control: 100 start/stop cycles through the MXBean on a contended
 *          workload in the same VM: native memory of tracing (NMT category Tracing), Java heap and
 *          threads stay flat; every one of the 100 traces verifies, and the last is as complete as
 *          the first (chains, methods, classes and the lock's identity are written again in every trace).
 * @library /lib
 * @modules jdk.lockstat jdk.lockstat/jdk.lockstat.internal.tool jdk.management
 * @build LockStatRun
 * @run main/othervm/timeout=600 -XX:NativeMemoryTracking=summary StartStopCyclesTest
 */
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.JMX;
import javax.management.ObjectName;

import jdk.lockstat.management.LockStatMXBean;

public class StartStopCyclesTest {
    static final Object LOCK = new Object();
    static volatile boolean done;
    static long counter;

    static void holdInCycles() {
        synchronized (LOCK) {
            spin(100_000);
        }
        spin(10_000);   // outside the lock: a barging owner must not starve the blocked threads
    }

    static void spin(long nanos) {
        long t = System.nanoTime();
        while (System.nanoTime() - t < nanos) {
            counter++;
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "cycles").toAbsolutePath();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> {
                while (!done) {
                    holdInCycles();
                }
            }, "contender-" + i);
            t.setDaemon(true);
            t.start();
        }
        LockStatMXBean bean = JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(),
                new ObjectName(LockStatMXBean.MXBEAN_NAME), LockStatMXBean.class);
        long tracingAt10 = 0, heapAt10 = 0;
        int threadsAt10 = 0;
        for (int cycle = 1; cycle <= 100; cycle++) {
            Path trace = dir.resolve("cycle-" + cycle + ".lct");
            bean.start(trace.toString(), 0, cycle % 2 == 0 ? 1024 * 1024 : 0);   // file and ring in turn
            Thread.sleep(cycle == 1 || cycle == 100 ? 500 : 30);
            bean.stop();
            verify(trace);
            if (cycle != 1 && cycle != 100) {
                Files.delete(trace);
            }
            if (cycle == 10 || cycle == 99) {   // both short cycles: alike in buffers in flight
                long tracing = nmtTracingCommitted();
                long heap = usedHeapAfterGc();
                int threads = Thread.activeCount();
                System.out.printf("cycle %d: NMT Tracing committed %d KB, heap %d KB, threads %d%n",
                        cycle, tracing / 1024, heap / 1024, threads);
                if (cycle == 10) {
                    tracingAt10 = tracing;
                    heapAt10 = heap;
                    threadsAt10 = threads;
                } else {
                    LockStatRun.check(tracing - tracingAt10 < 2 * 1024 * 1024,
                            "tracing's native memory grew " + (tracing - tracingAt10) / 1024 + " KB in 89 cycles");
                    LockStatRun.check(heap - heapAt10 < 8 * 1024 * 1024,
                            "heap grew " + (heap - heapAt10) / 1024 + " KB in 89 cycles");
                    LockStatRun.check(threads <= threadsAt10, "threads: " + threadsAt10 + " then " + threads);
                }
            }
        }
        LockStatRun.check(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("LockStat Drain")),
                "no drain thread outlives its recording");
        done = true;
        for (int cycle : new int[] {1, 100}) {
            Path trace = dir.resolve("cycle-" + cycle + ".lct");
            LockStatRun.verifyOk(trace);
            LockStatRun.lockstat("report", "--by", "lock-class,owner-method", trace.toString()).shouldHaveExitValue(0)
                    .shouldContain("java.lang.Object").shouldContain("holdInCycles").shouldNotContain("<unknown class>");
        }
    }

    /** lockstat verify, in this VM (100 of them would take a minute as processes). */
    static void verify(Path trace) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int status = jdk.lockstat.internal.tool.Main.run(new String[] {"verify", trace.toString()},
                new java.io.PrintStream(out, true), new java.io.PrintStream(out, true));
        LockStatRun.check(status == 0, trace.getFileName() + " verifies: " + out);
    }

    static long nmtTracingCommitted() throws Exception {
        String out = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
        Matcher m = Pattern.compile("-\\s+Tracing \\(reserved=\\d+KB, committed=(\\d+)KB\\)").matcher(out);
        LockStatRun.check(m.find(), "NMT summary has a Tracing line:\n" + out);
        return Long.parseLong(m.group(1)) * 1024;
    }

    static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
