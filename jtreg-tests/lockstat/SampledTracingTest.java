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
 * @summary Sampled tracing (-XX:TraceLockContentionSampling, jcmd LockStat.start sampling=N), forced:
 *          300 contentions on a monitor and 300 on a ReentrantLock, each with one holder that releases
 *          only once the waiter is seen blocked. At one in 3 (the flag, kept by a runtime start), a
 *          third of each are recorded, within binomial bounds of 6 standard deviations; each recorded
 *          one with its holder as its owner; one release or unpark recorded for each of them and none
 *          for the others (the cost falls with the rate); reports say so and scale counts by 3. A
 *          trace started by jcmd with sampling=1 then records all 300 of each, exactly; what-if refuses
 *          a sampled trace; a rate out of range is one clear message.
 * @library /lib
 * @modules jdk.lockstat jdk.lockstat/jdk.lockstat.internal.tool jdk.lockstat/jdk.lockstat.internal.recorder
 * @build LockStatRun
 * @run main/othervm/timeout=300 -XX:TraceLockContentionSampling=3 SampledTracingTest
 */
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jdk.lockstat.internal.recorder.Control;

public class SampledTracingTest {
    static final int ROUNDS = 300;

    /** The contended monitor: a class of its own, so that reports by lock class name it alone. */
    static final class Mon {
    }

    static final Mon MON = new Mon();
    static final ReentrantLock LOCK = new ReentrantLock();
    static long counter;

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "sampled").toAbsolutePath();
        long pid = ProcessHandle.current().pid();

        LockStatRun.run(dir, LockStatRun.jcmd(pid, "LockStat.start", "sampling=2000000"))
                .shouldContain("sampling must be 1 to 1000000");

        // One in 3: the flag's rate, which a start without sampling= keeps.
        Path sampled = dir.resolve("sampled.lct");
        String started = Control.start(sampled.toString(), 0, 0);
        LockStatRun.check(started.contains("one in 3 contentions sampled"), started);
        rounds();
        Control.stop();

        // Every contention: jcmd's sampling=1 for this trace.
        Path all = dir.resolve("all.lct");
        LockStatRun.run(dir, LockStatRun.jcmd(pid, "LockStat.start", "sampling=1", "file=" + all))
                .shouldHaveExitValue(0).shouldContain("tracing started");
        rounds();
        LockStatRun.run(dir, LockStatRun.jcmd(pid, "LockStat.stop")).shouldHaveExitValue(0);

        LockStatRun.verifyOk(sampled);
        LockStatRun.verifyOk(all);
        LockStatRun.lockstat("summary", sampled.toString()).shouldContain("one in 3 contentions recorded");
        LockStatRun.lockstat("summary", all.toString()).shouldNotContain("Sampling:");
        // The second trace in this VM numbers its parks from 1 again: the first one's numbers are no gap.
        LockStatRun.lockstat("report", all.toString()).shouldHaveExitValue(0).shouldNotContain("never arrived");
        LockStatRun.lockstat("whatif", sampled.toString()).shouldHaveExitValue(1).shouldContain("without sampling");
        LockStatRun.lockstat("report", sampled.toString()).shouldContain("Sampled: one in 3 contentions recorded");

        // Full tracing: every forced contention, each with one release or unpark for it.
        Counts full = Counts.of(all, 1);
        if (full.monitor != ROUNDS || full.park != ROUNDS) {
            // What the analysis left out, and why, is in the report's notes and the trace's statistics.
            throw new AssertionError("sampling=1 records every forced contention: " + full + "\n"
                    + tool("report", "--by", "lock-class,thread", all.toString()) + "\n" + tool("summary", all.toString()));
        }
        LockStatRun.check(full.releases >= ROUNDS && full.unparks >= ROUNDS,
                "sampling=1 records a release or unpark for each: " + full);

        // One in 3: a binomial(300, 1/3) count of each (mean 100, standard deviation 8.2).
        Counts third = Counts.of(sampled, 3);
        System.out.println("sampling=1: " + full + "\none in 3:   " + third);
        for (long n : new long[] {third.monitor, third.park}) {
            LockStatRun.check(n >= 51 && n <= 149, "one in 3 of " + ROUNDS + " forced contentions recorded: " + third);
        }
        // Releases and unparks only for the recorded contentions: the others' cost nothing more.
        LockStatRun.check(third.releases >= third.monitor && third.releases <= third.monitorEnters + 2,
                "a release recorded for each recorded monitor contention, none for the others: " + third);
        LockStatRun.check(third.unparks >= third.park && third.unparks <= third.parkBegins,
                "an unpark recorded for each recorded park, none for the others: " + third);
        // The recorded contentions keep their exact owners.
        for (Counts c : List.of(full, third)) {
            LockStatRun.check(c.monitorHolderShare >= 0.8 && c.parkHolderShare >= 0.8,
                    "the holders own their waiters' time: " + c);
        }
    }

    /** ROUNDS forced contentions on MON, then ROUNDS on LOCK. */
    static void rounds() throws Exception {
        for (int i = 0; i < ROUNDS; i++) {
            CountDownLatch held = new CountDownLatch(1), release = new CountDownLatch(1);
            Thread holder = new Thread(() -> holdMonitor(held, release), "monitor-holder");
            holder.start();
            held.await();
            Thread waiter = new Thread(() -> {
                synchronized (MON) {
                    counter++;
                }
            }, "monitor-waiter");
            waiter.start();
            while (waiter.getState() != Thread.State.BLOCKED) {
                Thread.sleep(0, 200_000);
            }
            release.countDown();
            holder.join();
            waiter.join();
        }
        for (int i = 0; i < ROUNDS; i++) {
            CountDownLatch held = new CountDownLatch(1), release = new CountDownLatch(1);
            Thread holder = new Thread(() -> holdLock(held, release), "lock-holder");
            holder.start();
            held.await();
            Thread waiter = new Thread(() -> {
                LOCK.lock();
                try {
                    counter++;
                } finally {
                    LOCK.unlock();
                }
            }, "lock-waiter");
            waiter.start();
            while (!LOCK.hasQueuedThread(waiter) || waiter.getState() != Thread.State.WAITING) {
                Thread.sleep(0, 200_000);
            }
            release.countDown();
            holder.join();
            waiter.join();
        }
    }

    // The holders keep the lock 3 ms after the waiter is seen blocked: most of the waiter's time is
    // theirs however long the hand-off to the waiter takes on a loaded machine.
    static void holdMonitor(CountDownLatch held, CountDownLatch release) {
        synchronized (MON) {
            held.countDown();
            awaitThenHold(release);
        }
    }

    static void holdLock(CountDownLatch held, CountDownLatch release) {
        LOCK.lock();
        try {
            held.countDown();
            awaitThenHold(release);
        } finally {
            LOCK.unlock();
        }
    }

    static void awaitThenHold(CountDownLatch latch) {
        try {
            latch.await();
            Thread.sleep(3);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A trace's forced contentions as recorded (the report's scaled counts divided by the rate), the
     * events for all contentions (enters, park begins) and the releases and unparks recorded, and the
     * holders' shares of their waiters' time.
     */
    record Counts(long monitor, long park, long monitorEnters, long parkBegins, long releases, long unparks,
                  double monitorHolderShare, double parkHolderShare) {
        static Counts of(Path trace, long rate) throws Exception {
            String summary = tool("summary", "--format", "json", trace.toString());
            String report = tool("report", "--format", "json", "--by", "lock-class,owner-thread", trace.toString());
            LockStatRun.check(report.contains("\"sampling\": " + rate), "the report names its rate: " + report);
            long monitor = countOf(report, "SampledTracingTest$Mon"), park = countOf(report, "ReentrantLock$NonfairSync");
            LockStatRun.check(monitor % rate == 0 && park % rate == 0, "counts scaled by " + rate + ": " + report);
            double monitorPercent = LockStatRun.percentOf(report, "SampledTracingTest$Mon");
            double parkPercent = LockStatRun.percentOf(report, "ReentrantLock$NonfairSync");
            return new Counts(monitor / rate, park / rate, event(summary, "MonitorContendedEntered"), event(summary, "ParkBegin"),
                    releases(summary), event(summary, "Unpark"),
                    LockStatRun.percentOf(report, "monitor-holder") / monitorPercent,
                    LockStatRun.percentOf(report, "lock-holder") / parkPercent);
        }

        static long countOf(String report, String key) {
            Matcher m = Pattern.compile("\"key\": \"[^\"]*" + Pattern.quote(key) + "\", \"totalNanos\": \\d+, \"count\": (\\d+)")
                    .matcher(report);
            LockStatRun.check(m.find(), key + " in the report: " + report);
            return Long.parseLong(m.group(1));
        }

        static long event(String summary, String name) {
            Matcher m = Pattern.compile("\"" + name + "\": (\\d+)").matcher(summary);
            return m.find() ? Long.parseLong(m.group(1)) : 0;
        }

        /** Contended releases: exits plus the releases that summaries stand for. */
        static long releases(String summary) {
            Matcher m = Pattern.compile("\"releases\": \\{\"recorded\": (\\d+)").matcher(summary);
            return m.find() ? Long.parseLong(m.group(1)) : event(summary, "MonitorContendedExit");
        }
    }

    static String tool(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = jdk.lockstat.internal.tool.Main.run(args, new PrintStream(out, true), new PrintStream(out, true));
        LockStatRun.check(status == 0, String.join(" ", args) + ": " + out);
        return out.toString();
    }
}
