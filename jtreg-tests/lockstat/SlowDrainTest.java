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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class SlowDrainTest {
    /**
     * 4 threads on one monitor for args[0] ms: a few MB/s of trace; prints how long the work took. Each
     * thread takes the lock from 32 call chains in turn (recursion depths): the releases of barging
     * owners cannot be summed into few summaries (a summary holds 16 owner threads and chains), so the
     * trace stays large, as it would with many lock sites.
     */
    public static class Workload {
        static final Object lock = new Object();
        static long counter;

        static void step(int depth) {
            if (depth == 0) {
                synchronized (lock) {
                    counter++;
                }
            } else {
                step(depth - 1);
            }
        }

        public static void main(String[] args) throws Exception {
            long ms = Long.parseLong(args[0]);
            long start = System.nanoTime();
            long end = start + ms * 1_000_000;
            Thread[] ts = new Thread[4];
            for (int i = 0; i < ts.length; i++) {
                ts[i] = new Thread(() -> {
                    for (int n = 0; System.nanoTime() < end; n++) {
                        step(n & 31);
                    }
                }, "worker-" + i);
                ts[i].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            System.out.println("work-ms " + (System.nanoTime() - start) / 1_000_000 + " transfers " + counter);
        }
    }

    /** Reads the FIFO into a copy: slowly (bytes per 100 ms) until a deadline, then fast or not at all. */
    static final class Reader extends Thread {
        final Path fifo, copy;
        final int slowBytesPer100Ms;
        final long slowUntilNanos;
        final boolean stopAfterSlow;
        final AtomicLong bytes = new AtomicLong();
        volatile Exception failure;

        Reader(Path fifo, Path copy, int slowBytesPer100Ms, long slowMillis, boolean stopAfterSlow) {
            this.fifo = fifo;
            this.copy = copy;
            this.slowBytesPer100Ms = slowBytesPer100Ms;
            this.slowUntilNanos = System.nanoTime() + slowMillis * 1_000_000;
            this.stopAfterSlow = stopAfterSlow;
            setDaemon(true);
        }

        @Override
        public void run() {
            try (InputStream in = Files.newInputStream(fifo); OutputStream out = Files.newOutputStream(copy)) {
                byte[] buf = new byte[1 << 16];
                while (true) {
                    boolean slow = System.nanoTime() < slowUntilNanos;
                    if (!slow && stopAfterSlow) {
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

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "slowdrain").toAbsolutePath();
        long workMs = 3000;

        // Baseline: the same work, traced into a plain file.
        Path plain = dir.resolve("plain.lct");
        long baseline = workMillis(LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + plain,
                "SlowDrainTest$Workload", Long.toString(workMs)).shouldHaveExitValue(0));

        // Slowed: 8 KB per 100 ms (80 KB/s) while the work runs, then as fast as it comes.
        Path fifo = mkfifo(dir.resolve("slow.fifo"));
        Path copy = dir.resolve("slow-copy.lct");
        Reader slow = new Reader(fifo, copy, 8 * 1024, workMs + 1000, false);
        slow.start();
        LockStatRun s = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + fifo,
                "SlowDrainTest$Workload", Long.toString(workMs)).shouldHaveExitValue(0);
        slow.join(60_000);
        LockStatRun.check(slow.failure == null, "reader: " + slow.failure);
        long slowWork = workMillis(s);
        System.out.println("work took " + slowWork + " ms with a slowed drain, " + baseline + " ms with a file");
        // Threads never wait for the drain: the work phase is time-bound in the workload, so it can
        // only run long if threads blocked on tracing.
        LockStatRun.check(slowWork < workMs + 2000, "work phase " + slowWork + " ms for " + workMs + " ms of work");
        LockStatRun v = LockStatRun.lockstat("verify", copy.toString());
        v.shouldHaveExitValue(0);   // every missing buffer is accounted for as lost by the VM
        String summary = LockStatRun.lockstat("summary", "--format", "json", copy.toString()).shouldHaveExitValue(0).stdout;
        long lost = jsonLong(summary, "lost.buffers");
        System.out.println("slowed drain: " + lost + " buffers lost, " + slow.bytes.get() + " bytes read");
        LockStatRun.check(lost > 0, "a drain that falls behind loses buffers, and says so: " + lost);

        // Stalled: the reader stops reading after 1 s. The VM must still exit, within the bound.
        Path fifo2 = mkfifo(dir.resolve("stalled.fifo"));
        Reader stalled = new Reader(fifo2, dir.resolve("stalled-copy.lct"), 4 * 1024, 1000, true);
        stalled.start();
        long t0 = System.nanoTime();
        LockStatRun st = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + fifo2,
                "SlowDrainTest$Workload", Long.toString(workMs)).shouldHaveExitValue(0);
        long exitMs = (System.nanoTime() - t0) / 1_000_000;
        long stalledWork = workMillis(st);
        System.out.println("stalled drain: work " + stalledWork + " ms, process " + exitMs + " ms");
        LockStatRun.check(stalledWork < workMs + 2000, "work phase " + stalledWork + " ms for " + workMs + " ms of work");
        st.shouldContain("could not be completed within");
        LockStatRun.check(exitMs < workMs + 30_000, "the VM exits within the shutdown bound: " + exitMs + " ms");
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
