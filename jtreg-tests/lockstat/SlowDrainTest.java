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
 * @summary The drain slowed or stalled: the trace file is a FIFO that the test reads slowly, or stops
 *          reading. Application threads never wait for the drain (their work takes as long as with a
 *          fast drain), what could not be queued is counted as lost in the trace, and the VM exits
 *          within the shutdown bound even when nothing reads the trace any more.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=600 SlowDrainTest
 */
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class SlowDrainTest {
    /**
     * A trace whose size does not depend on the scheduler: 4 threads each make args[0] pairs of
     * LockSupport.unpark(self) and park(), and every park and unpark is an event (about 35 bytes a
     * pair, from 32 call chains: recursion depths), so 300,000 pairs write about 40 MB of events.
     * Between pairs the threads also contend for one monitor, and one monitor contention is forced at
     * the start, so that the trace begins with a MonitorContendedExit. Prints how long the work took;
     * with args[1], creates that file when the work is done.
     */
    public static class Workload {
        static final Object lock = new Object();
        static final Object blocker = new Object();
        static long counter;

        static void step(int depth) {
            if (depth == 0) {
                synchronized (lock) {
                    counter++;
                }
                LockSupport.unpark(Thread.currentThread());
                LockSupport.park(blocker);   // returns at once: the unpark left a permit
            } else {
                step(depth - 1);
            }
        }

        public static void main(String[] args) throws Exception {
            long pairs = Long.parseLong(args[0]);
            long start = System.nanoTime();
            forceOneContention();
            Thread[] ts = new Thread[4];
            for (int i = 0; i < ts.length; i++) {
                ts[i] = new Thread(() -> {
                    for (int n = 0; n < pairs; n++) {
                        step(n & 31);
                    }
                }, "worker-" + i);
                ts[i].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            System.out.println("work-ms " + (System.nanoTime() - start) / 1_000_000 + " transfers " + counter);
            if (args.length > 1) {
                Files.createFile(Path.of(args[1]));
            }
        }

        /** Holds the lock until a second thread is BLOCKED on it. */
        static void forceOneContention() throws InterruptedException {
            Thread t = new Thread(() -> {
                synchronized (lock) {
                    counter++;
                }
            }, "forced");
            synchronized (lock) {
                t.start();
                while (t.getState() != Thread.State.BLOCKED) {
                    Thread.onSpinWait();
                }
            }
            t.join();
        }
    }

    /**
     * Reads the FIFO into a copy: slowly (bytes per 100 ms) while the workload works (until its done
     * file exists), then fast; or slowly for a second, then not at all.
     */
    static final class Reader extends Thread {
        final Path fifo, copy, done;
        final int slowBytesPer100Ms;
        final long slowUntilNanos;
        final boolean stall;
        final AtomicLong bytes = new AtomicLong();
        volatile Exception failure;

        private Reader(Path fifo, Path copy, int slowBytesPer100Ms, Path done, long slowMillis, boolean stall) {
            this.fifo = fifo;
            this.copy = copy;
            this.slowBytesPer100Ms = slowBytesPer100Ms;
            this.done = done;
            this.slowUntilNanos = System.nanoTime() + slowMillis * 1_000_000;
            this.stall = stall;
            setDaemon(true);
        }

        static Reader slowWhileWorking(Path fifo, Path copy, int slowBytesPer100Ms, Path done) {
            return new Reader(fifo, copy, slowBytesPer100Ms, done, Long.MAX_VALUE / 4_000_000, false);
        }

        static Reader stallingAfter(Path fifo, Path copy, int slowBytesPer100Ms, long slowMillis) {
            return new Reader(fifo, copy, slowBytesPer100Ms, null, slowMillis, true);
        }

        @Override
        public void run() {
            try (InputStream in = Files.newInputStream(fifo); OutputStream out = Files.newOutputStream(copy)) {
                byte[] buf = new byte[1 << 16];
                while (true) {
                    boolean slow = done != null ? !Files.exists(done) : System.nanoTime() < slowUntilNanos;
                    if (!slow && stall) {
                        Thread.sleep(Long.MAX_VALUE);   // stalled: the writer's pipe fills and stays full
                    }
                    int n = in.read(buf, 0, slow ? slowBytesPer100Ms : buf.length);
                    if (n < 0) {
                        return;
                    }
                    out.write(buf, 0, n);
                    bytes.addAndGet(n);
                    if (slow) {
                        Thread.sleep(100);
                    }
                }
            } catch (InterruptedException e) {
                // test over
            } catch (Exception e) {
                failure = e;
            }
        }
    }

    static long workMillis(LockStatRun r) {
        Matcher m = Pattern.compile("work-ms (\\d+)").matcher(r.stdout);
        LockStatRun.check(m.find(), "the workload finished its work: " + r.stdout);
        return Long.parseLong(m.group(1));
    }

    /**
     * Threads never wait for the drain: the slowed reader takes 80 KB/s of a trace of some 25 MB
     * (compressed), so work that waited for it would take minutes; work that does not takes about as
     * long as with a file (a margin for a loaded machine).
     */
    static void checkWorkUnhindered(long work, long baseline) {
        LockStatRun.check(work < 5 * baseline + 5000, "work phase " + work + " ms, " + baseline + " ms with a file");
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "slowdrain").toAbsolutePath();
        String pairs = "300000";

        // Baseline: the same work, traced into a plain file.
        Path plain = dir.resolve("plain.lct");
        long baseline = workMillis(LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + plain,
                "SlowDrainTest$Workload", pairs).shouldHaveExitValue(0));

        // Slowed: 8 KB per 100 ms (80 KB/s) while the work runs, then as fast as it comes. The work
        // writes about 40 MB of events, more than the drain queue's bound (1,024 buffers of 8-24 KB)
        // and what the reader takes meanwhile, so buffers must be lost however the threads are scheduled.
        Path fifo = mkfifo(dir.resolve("slow.fifo"));
        Path copy = dir.resolve("slow-copy.lct");
        Path done = dir.resolve("slow.done");
        Reader slow = Reader.slowWhileWorking(fifo, copy, 8 * 1024, done);
        slow.start();
        LockStatRun s = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + fifo,
                "SlowDrainTest$Workload", pairs, done.toString()).shouldHaveExitValue(0);
        slow.join(60_000);
        LockStatRun.check(slow.failure == null, "reader: " + slow.failure);
        long slowWork = workMillis(s);
        System.out.println("work took " + slowWork + " ms with a slowed drain, " + baseline + " ms with a file");
        checkWorkUnhindered(slowWork, baseline);
        LockStatRun v = LockStatRun.lockstat("verify", copy.toString());
        v.shouldHaveExitValue(0);   // every missing buffer is accounted for as lost by the VM
        String summary = LockStatRun.lockstat("summary", "--format", "json", copy.toString()).shouldHaveExitValue(0).stdout;
        long lost = jsonLong(summary, "lost.buffers");
        System.out.println("slowed drain: " + lost + " buffers lost, " + slow.bytes.get() + " bytes read");
        LockStatRun.check(lost > 0, "a drain that falls behind loses buffers, and says so: " + lost);

        // Stalled: the reader stops reading after 1 s, with the drain queue full. The VM must still
        // exit, within the bound.
        Path fifo2 = mkfifo(dir.resolve("stalled.fifo"));
        Reader stalled = Reader.stallingAfter(fifo2, dir.resolve("stalled-copy.lct"), 4 * 1024, 1000);
        stalled.start();
        long t0 = System.nanoTime();
        LockStatRun st = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + fifo2,
                "SlowDrainTest$Workload", pairs).shouldHaveExitValue(0);
        long exitMs = (System.nanoTime() - t0) / 1_000_000;
        long stalledWork = workMillis(st);
        System.out.println("stalled drain: work " + stalledWork + " ms, process " + exitMs + " ms");
        checkWorkUnhindered(stalledWork, baseline);
        st.shouldContain("could not be completed within");
        LockStatRun.check(exitMs < stalledWork + 30_000, "the VM exits within the shutdown bound: " + exitMs + " ms");
        stalled.interrupt();
    }

    static Path mkfifo(Path p) throws Exception {
        Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
        LockStatRun.check(mk.waitFor() == 0, "mkfifo " + p);
        return p;
    }

    static long jsonLong(String json, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\"\\s*:\\s*\"?(-?\\d+)").matcher(json);
        LockStatRun.check(m.find(), "no " + key + " in " + json.substring(0, Math.min(600, json.length())));
        return Long.parseLong(m.group(1));
    }
}
