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
 * @summary The application runs out of heap again and again while its threads contend (upstream's
 *          OOMEInStampedLock did this once, and the drain thread died of the OutOfMemoryError mid-record:
 *          a message on stderr and a trace that did not verify). Tracing must survive it: no
 *          LockStat thread dies or prints, every record in the trace is whole, what could not be
 *          written for want of memory is counted as lost, and tracing goes on after the heap frees up.
 *          The same for each sink: a trace file (compressed and not), a bounded ring started through
 *          the MXBean and written at exit, and the online report.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 HeapExhaustionTest
 */
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

public class HeapExhaustionTest {
    /**
     * 2 threads contend on a monitor without allocating (so they go on while the heap is full) while
     * a hog fills the heap until OutOfMemoryError, holds it full for 50 ms, lets go, and repeats, for
     * args[0] ms. Then a phase with a free heap, whose one forced contention must reach the trace too.
     */
    public static class Workload {
        static final Object lock = new Object();
        static final Object lateLock = new Object();
        static long counter;
        static volatile boolean hogging = true;

        public static void main(String[] args) throws Exception {
            long ms = Long.parseLong(args[0]);
            if (args.length > 1) {
                // A bounded ring, started at run time (LockStatMXBean.start(file, duration, maxsize)).
                Object started = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("jdk.lockstat:type=LockStat"),
                        "start", new Object[] {args[1], 0L, 4L << 20}, new String[] {"java.lang.String", "long", "long"});
                System.out.println(started);
            }
            long end = System.nanoTime() + ms * 1_000_000;
            // Two contenders, not more: the test shares 2 cores with other timing-sensitive tests (jtreg -conc).
            Thread[] ts = new Thread[2];
            for (int i = 0; i < ts.length; i++) {
                ts[i] = new Thread(() -> contend(lock, end), "worker-" + i);
                ts[i].start();
            }
            int exhausted = 0;
            while (System.nanoTime() < end) {
                List<byte[]> hog = new ArrayList<>();
                try {
                    while (true) {
                        hog.add(new byte[64 * 1024]);
                    }
                } catch (OutOfMemoryError e) {
                    exhausted++;
                }
                // Hold the heap full: whatever allocates now fails (the drain included).
                long holdUntil = System.nanoTime() + 50_000_000;
                while (System.nanoTime() < holdUntil) {
                    Thread.onSpinWait();
                }
                hog = null;
                Thread.sleep(10);
            }
            for (Thread t : ts) {
                t.join();
            }
            hogging = false;
            // Let the drain catch up first: while the heap was full, the VM's queue filled to its
            // bound and dropped new buffers (counted); the late phase's thread starts must not be among them.
            System.gc();
            Thread.sleep(1000);
            // A contention forced, not left to the scheduler: late-0 holds lateLock until late-1 is
            // blocked on it (two threads looping on a monitor may meet no contention at all in 500 ms:
            // without the GC pauses, the spinning acquires it; that failed once in CI).
            Thread blocked = new Thread(() -> {
                synchronized (lateLock) {
                    counter++;
                }
            }, "late-1");
            Thread holder = new Thread(() -> {
                synchronized (lateLock) {
                    blocked.start();
                    while (blocked.getState() != Thread.State.BLOCKED) {
                        Thread.onSpinWait();
                    }
                    sleep(20);
                }
            }, "late-0");
            holder.start();
            holder.join();
            blocked.join();
            System.out.println("heap exhausted " + exhausted + " times");
            System.out.println("workload-done");
        }

        static void sleep(long ms) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }

        static void contend(Object on, long end) {
            while (System.nanoTime() < end) {
                synchronized (on) {
                    counter++;
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "heap").toAbsolutePath();
        for (String compress : List.of("+", "-")) {
            Path trace = dir.resolve("heap" + compress + ".lct");
            run(dir, "-XX:+TraceLockContention", "-XX:" + compress + "TraceLockContentionCompress",
                    "-XX:TraceLockContentionFile=" + trace, "HeapExhaustionTest$Workload", "4000");
            check(trace);
        }
        Path ring = dir.resolve("ring.lct");
        run(dir, "HeapExhaustionTest$Workload", "4000", ring.toString()).shouldContain("ring of at most");
        check(ring);
        Path report = dir.resolve("online.txt");
        LockStatRun online = run(dir, true, "-XX:TraceLockContentionReport=" + report, "HeapExhaustionTest$Workload", "4000");
        // The analysis allocates freely; a call site it first links while the heap is full can stay
        // broken (a failed bootstrap is rethrown at every later call). It then ends, with one warning,
        // and the application goes on. Otherwise its report names the workload's lock and methods,
        // unless the buffers that carried their names came while the heap was full: those are not
        // analysed, like lost buffers, and the report's notes say how many.
        if (online.stderr.contains("LockStat: warning: lock contention report")) {
            LockStatRun.check(online.count("LockStat: warning") == 1, "one warning: " + online.stderr);
        } else {
            String text = Files.readString(report);
            boolean named = text.contains("HeapExhaustionTest$Workload") && text.contains("contend");
            boolean toldUnanalysed = text.contains("event buffer(s) not analysed: the application had exhausted the heap")
                    && text.contains("refer to call chains without metadata");
            LockStatRun.check(text.contains("Blocked: ") && (named || toldUnanalysed),
                    "the online report names the workload's lock and methods, or says which buffers the full heap kept "
                    + "from it: " + text);
        }
    }

    /** Runs the workload with -Xmx32m: it must end normally, the heap run out again and again, and nothing of ours on stderr. */
    static LockStatRun run(Path dir, String... args) throws Exception {
        return run(dir, false, args);
    }

    static LockStatRun run(Path dir, boolean onlineMayEnd, String... args) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx32m", "-XX:-UseGCOverheadLimit"));
        options.addAll(List.of(args));
        LockStatRun r = LockStatRun.java(dir, options.toArray(String[]::new));
        r.shouldHaveExitValue(0).shouldContain("workload-done");
        Matcher m = Pattern.compile("heap exhausted (\\d+) times").matcher(r.stdout);
        LockStatRun.check(m.find() && Integer.parseInt(m.group(1)) >= 5, "the heap ran out again and again: " + r.stdout);
        // No dead drain, no uncaught OutOfMemoryError, no warning.
        r.shouldNotContain("Exception in").shouldNotContain("thrown from").shouldNotContain("LockStat Drain");
        if (!onlineMayEnd) {
            r.shouldNotContain("Exception").shouldNotContain("OutOfMemoryError").shouldNotContain("warning");
        }
        return r;
    }

    /** Whole records only, every gap counted as lost, an end record; the late phase's contention is in it. */
    static void check(Path trace) throws Exception {
        LockStatRun.verifyOk(trace);
        String threads = LockStatRun.lockstat("report", "--by", "thread", "--top", "20", trace.toString()).shouldHaveExitValue(0).stdout;
        LockStatRun.check(threads.contains("late-1"), "tracing went on after the heap freed up: " + threads
                + LockStatRun.lockstat("summary", trace.toString()).stdout);
    }
}
