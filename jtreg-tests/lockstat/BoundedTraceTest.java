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
 * @summary Bounded traces: LockStat.start maxsize=1M keeps a ring of chunks on disk that
 *          never exceeds maxsize, drops the oldest chunks of a busy workload, and writes the most
 *          recent data at stop (and at dump) as a trace that verifies, accounts for the dropped
 *          buffers, and still names locks and owners whose metadata was in dropped chunks;
 *          duration=2s stops tracing by itself with a complete trace; a ring running at VM exit is
 *          written to its file.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 BoundedTraceTest
 */
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class BoundedTraceTest {
    static final long MAX_SIZE = 1024 * 1024;
    static final long CHUNK = 128 * 1024;   // maxsize / 8, at least 128 KB (TraceRing)

    /**
     * Many short contentions (a high event rate) until stdin closes, forced rather than left to the
     * scheduler: two threads take the lock in turn, and each lets it go only once the other is blocked
     * on it, then waits until the other holds it before it asks again. Every acquisition is contended
     * and every release has a blocked thread behind it, however loaded the machine is (a thread that
     * took the lock back at once would continue its own run of releases, which the VM sums without an
     * event each).
     */
    public static class BusyWorkload {
        static final Object LOCK = new Object();
        static volatile Thread holder;

        static void holdBriefly(Thread other) {
            synchronized (LOCK) {
                holder = Thread.currentThread();
                while (other.getState() != Thread.State.BLOCKED) {
                    Thread.yield();
                }
            }
        }

        public static void main(String[] args) throws Exception {
            Thread[] pair = new Thread[2];
            for (int i = 0; i < 2; i++) {
                int me = i;
                pair[i] = new Thread(() -> {
                    Thread other = pair[1 - me];
                    while (true) {
                        holdBriefly(other);
                        while (holder == Thread.currentThread()) {
                            Thread.yield();
                        }
                    }
                }, "busy-" + i);
                pair[i].setDaemon(true);
            }
            for (Thread t : pair) {
                t.start();
            }
            Thread.sleep(1000);
            System.out.println("running");
            System.out.flush();
            System.in.read();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "bounded").toAbsolutePath();
        // Uncompressed: more bytes per event, so the ring turns over within seconds.
        Process p = LockStatRun.startJava("running", "-XX:-TraceLockContentionCompress", "BoundedTraceTest$BusyWorkload");
        Path atExit = dir.resolve("exit.lct");
        try {
            ring(dir, p.pid());
            duration(dir, p.pid());
            // A ring still running when the VM exits is written to its file, as at stop.
            RuntimeControlTest.jcmd(dir, p.pid(), "LockStat.start", "file=" + atExit, "maxsize=1M").shouldContain("tracing started");
            Thread.sleep(1000);
        } finally {
            p.getOutputStream().close();
            LockStatRun.check(p.waitFor() == 0, "workload ended normally");
        }
        LockStatRun.verifyOk(atExit);
    }

    static void ring(Path dir, long pid) throws Exception {
        Path trace = dir.resolve("ring.lct");
        String started = RuntimeControlTest.jcmd(dir, pid, "LockStat.start", "file=" + trace, "maxsize=1M").stdout;
        Matcher m = Pattern.compile("ring of at most \\d+ bytes in (\\S+),").matcher(started);
        LockStatRun.check(m.find(), "start names the ring directory: " + started);
        Path ringDir = Path.of(m.group(1));
        long most = 0;
        int dropped = 0;
        for (int i = 0; i < 120 && dropped == 0 || i < 12; i++) {
            Thread.sleep(500);
            long onDisk = 0;
            try (var files = Files.list(ringDir)) {
                for (Path f : files.toList()) {
                    // The VM drops the oldest chunk while it writes: a listed chunk may be gone by now.
                    try {
                        onDisk += Files.size(f);
                    } catch (NoSuchFileException gone) {
                    }
                }
            }
            most = Math.max(most, onDisk);
            LockStatRun.check(onDisk <= MAX_SIZE + CHUNK / 2, "ring on disk " + onDisk + " bytes, maxsize " + MAX_SIZE);
            Matcher d = Pattern.compile("(\\d+) chunks dropped").matcher(RuntimeControlTest.jcmd(dir, pid, "LockStat.status").stdout);
            dropped = d.find() ? Integer.parseInt(d.group(1)) : 0;
        }
        System.out.println("ring: at most " + most + " bytes on disk; " + dropped + " chunks dropped");
        LockStatRun.check(dropped > 0, "the busy workload turned the ring over");
        Path dump = dir.resolve("ring-dump.lct");
        RuntimeControlTest.jcmd(dir, pid, "LockStat.dump", "file=" + dump).shouldContain("dumped");
        RuntimeControlTest.jcmd(dir, pid, "LockStat.stop").shouldContain("most recent");
        LockStatRun.check(!Files.exists(ringDir), "the ring's directory is gone after stop");
        for (Path t : List.of(dump, trace)) {
            long size = Files.size(t);
            LockStatRun.check(size <= MAX_SIZE + CHUNK, t.getFileName() + ": " + size + " bytes, maxsize " + MAX_SIZE);
            LockStatRun.check(size >= MAX_SIZE - 3 * CHUNK, t.getFileName() + " keeps about maxsize: " + size + " bytes");
            LockStatRun.lockstat("verify", t.toString()).shouldHaveExitValue(0).shouldContain(": OK")
                    .shouldContain("lost and accounted for");
            LockStatRun.lockstat("summary", t.toString()).shouldHaveExitValue(0).shouldContain("ring.dropped");
            // Lock class and owner come from metadata written long before, in dropped chunks.
            LockStatRun.lockstat("report", "--by", "lock-class,owner-method", t.toString()).shouldHaveExitValue(0)
                    .shouldContain("java.lang.Object").shouldContain("holdBriefly");
        }
    }

    static void duration(Path dir, long pid) throws Exception {
        Path trace = dir.resolve("duration.lct");
        // Long enough for the next jcmd to start and attach while tracing is still on (under qemu-user a
        // jcmd takes seconds to start), short enough to wait for.
        long seconds = Math.round(5 * LockStatRun.slowdown());
        RuntimeControlTest.jcmd(dir, pid, "LockStat.start", "file=" + trace, "duration=" + seconds + "s").shouldContain("stops by itself");
        RuntimeControlTest.jcmd(dir, pid, "LockStat.status").shouldContain("tracing on").shouldContain("s left");
        long deadline = System.nanoTime() + (seconds + 30) * 1_000_000_000L;
        while (!RuntimeControlTest.jcmd(dir, pid, "LockStat.status").stdout.contains("tracing is off")) {
            LockStatRun.check(System.nanoTime() < deadline, "duration=" + seconds + "s stopped tracing within " + (seconds + 30) + " s");
            Thread.sleep(500);
        }
        LockStatRun.lockstat("verify", trace.toString()).shouldHaveExitValue(0).shouldContain(": OK");
        LockStatRun.lockstat("summary", trace.toString()).shouldHaveExitValue(0).shouldContain("complete");
    }
}
