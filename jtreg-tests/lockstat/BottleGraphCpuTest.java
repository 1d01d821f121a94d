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
 * @summary Bottle graphs from recorded CPU time (ThreadCpu events): 8 busy threads pinned to 2 CPUs
 *          (taskset) are at most 2 wide, and lockstat bottle says that runnable threads waited for a CPU;
 *          2 busy threads on the same 2 CPUs are as wide as their CPU time says. The workload measures
 *          its threads' CPU time (ThreadMXBean) and the wall time they ran: their parallelism is the CPU
 *          time over the wall time, whatever else the machine runs, and the box's width must match it.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 BottleGraphCpuTest
 */
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class BottleGraphCpuTest {
    public static class Busy {
        static volatile long sink;

        public static void main(String[] args) throws Exception {
            int n = Integer.parseInt(args[0]);
            long millis = Long.parseLong(args[1]);
            CountDownLatch ready = new CountDownLatch(n);
            CountDownLatch go = new CountDownLatch(1);
            AtomicLong cpu = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            long from = System.nanoTime();   // the threads' lives, as the trace sees them
            for (int i = 0; i < n; i++) {
                Thread t = new Thread(() -> {
                    ready.countDown();
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                    long end = System.nanoTime() + millis * 1_000_000, x = 1;
                    while (System.nanoTime() < end) {
                        for (int k = 0; k < 1000; k++) {
                            x = x * 6364136223846793005L + 1442695040888963407L;
                        }
                    }
                    sink = x;
                    // All of the thread's CPU time, its start included, as the trace records it: under
                    // emulation (qemu-user) starting a thread takes a noticeable part of it.
                    cpu.addAndGet(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime());
                }, "busy-" + i);
                threads.add(t);
                t.start();
            }
            ready.await();
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
            long wall = System.nanoTime() - from;
            System.out.println("measured cpu=" + cpu.get() + " wall=" + wall);
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        if (Runtime.getRuntime().availableProcessors() < 2 || !Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            System.out.println("needs 2 CPUs and taskset: not run");
            return;
        }
        for (int n : new int[] {8, 2}) {
            Path dir = Files.createTempDirectory(Path.of("."), "bottle" + n).toAbsolutePath();
            Path trace = dir.resolve("busy.lct");
            List<String> cmd = List.of("/usr/bin/taskset", "-c", "0,1", LockStatRun.jdkBin("java").toString(), "-cp",
                    System.getProperty("test.classes"), "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "BottleGraphCpuTest$Busy", Integer.toString(n), "1500");
            LockStatRun run = LockStatRun.run(dir, cmd).shouldHaveExitValue(0).shouldContain("workload-done");
            Matcher m = Pattern.compile("measured cpu=(\\d+) wall=(\\d+)").matcher(run.stdout);
            LockStatRun.check(m.find(), "the workload measured itself: " + run.stdout);
            double measured = Double.parseDouble(m.group(1)) / Double.parseDouble(m.group(2));
            String json = LockStatRun.lockstat("bottle", "--format", "json", "--group-by-name", trace.toString())
                    .shouldHaveExitValue(0).stdout;
            Matcher box = Pattern.compile("\"label\": \"busy-#\", \"threads\": " + n
                    + ", \"heightNanos\": \\d+, \"width\": ([0-9.]+), \"runningNanos\": (\\d+), \"runnableNanos\": (\\d+)").matcher(json);
            LockStatRun.check(box.find(), "one box for the busy threads: " + json);
            double width = Double.parseDouble(box.group(1));
            long running = Long.parseLong(box.group(2)), runnable = Long.parseLong(box.group(3));
            System.out.printf("%d threads on 2 CPUs: width %.2f, measured parallelism %.2f, running %d ms, runnable %d ms%n", n,
                    width, measured, running / 1_000_000, runnable / 1_000_000);
            LockStatRun.check(json.contains("\"cpuTimeRecorded\": true"), "CPU time was recorded: " + json);
            LockStatRun.check(width <= 2.0005, n + " threads on 2 CPUs are at most 2 wide: " + width);
            LockStatRun.check(Math.abs(width - measured) <= 0.25, "the width is the threads' CPU time over their wall time: "
                    + width + " vs " + measured);
            if (n == 8) {
                LockStatRun.check(runnable > running && json.contains("\"oversubscribed\": true"),
                        "8 threads on 2 CPUs waited for CPUs: " + json);
                LockStatRun.lockstat("bottle", "--group-by-name", trace.toString()).shouldHaveExitValue(0)
                        .shouldContain("Runnable threads waited for a CPU");
            }
        }
    }
}
