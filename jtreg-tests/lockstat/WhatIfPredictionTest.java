/*
 * @test
 * @summary lockstat whatif on a recorded run against a rerun with the section really shortened: 4
 *          threads wait 1 ms on their own, hold lock A 0.3 ms, then lock B 1.2 ms. B is saturated by
 *          construction (4 x 1.2 ms of holds every 2.5 ms), so halving B nearly doubles the throughput
 *          and halving A gains next to nothing. The prediction ranks B first, predicts at most a small
 *          gain for A, and predicts B's gain within 0.05 + 30% of the gain measured on the rerun.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=400 WhatIfPredictionTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class WhatIfPredictionTest {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "whatif").toAbsolutePath();
        Path trace = dir.resolve("ab.lct");
        String millis = Long.toString(Math.round(2000 * LockStatRun.slowdown()));
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "WhatIfPredictionTest$Workload", millis, "300", "1200").shouldHaveExitValue(0);
        String json = LockStatRun.lockstat("whatif", "--format", "json", "--scale", "0.5", trace.toString())
                .shouldHaveExitValue(0).stdout;
        System.out.println(json);
        double a = predicted(json, "sectionA"), b = predicted(json, "sectionB");
        LockStatRun.check(json.indexOf("sectionB") < json.indexOf("sectionA"), "sectionB ranked first: " + json);
        LockStatRun.check(a < 1.15, "halving A (its lock not saturated) gains little: " + a);
        LockStatRun.check(b > 1.4, "halving B (its lock saturated) gains much: " + b);

        double base = 0, halved = 0;
        for (int round = 0; round < 2; round++) {   // interleaved, on the same VM untraced
            base += opsPerSecond(dir, millis, "300", "1200");
            halved += opsPerSecond(dir, millis, "300", "600");
        }
        double measured = halved / base;
        System.out.printf(Locale.ROOT, "sectionB halved: predicted %.2f, measured %.2f%n", b, measured);
        LockStatRun.check(measured > 1.4, "the rerun with B halved is much faster: " + measured);
        LockStatRun.check(Math.abs(b - measured) <= 0.05 + 0.3 * (measured - 1),
                String.format(Locale.ROOT, "predicted %.2f within 0.05 + 30%% of the measured gain %.2f", b, measured));
    }

    private static double predicted(String json, String method) {
        Matcher m = Pattern.compile("\"key\": \"WhatIfPredictionTest\\$Workload\\." + method
                + "\", \"predictedSpeedup\": ([0-9.]+)").matcher(json);
        LockStatRun.check(m.find(), method + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    private static double opsPerSecond(Path dir, String millis, String aMicros, String bMicros) throws Exception {
        String out = LockStatRun.java(dir, "WhatIfPredictionTest$Workload", millis, aMicros, bMicros).shouldHaveExitValue(0).stdout;
        Matcher m = Pattern.compile("ops/s ([0-9.]+)").matcher(out);
        LockStatRun.check(m.find(), "ops/s in " + out);
        return Double.parseDouble(m.group(1));
    }

    /** 4 threads: park 1 ms, section A under lock A, section B under lock B; prints "ops/s N". */
    public static class Workload {
        static final Object A = new Object(), B = new Object();
        static volatile long sink;

        public static void main(String[] args) throws Exception {
            long millis = Long.parseLong(args[0]), a = Long.parseLong(args[1]) * 1000, b = Long.parseLong(args[2]) * 1000;
            AtomicBoolean measuring = new AtomicBoolean(), stop = new AtomicBoolean();
            LongAdder ops = new LongAdder();
            Thread[] workers = new Thread[4];
            for (int t = 0; t < workers.length; t++) {
                workers[t] = new Thread(() -> {
                    while (!stop.get()) {
                        park(1_000_000);
                        sectionA(a);
                        sectionB(b);
                        if (measuring.get()) {
                            ops.increment();
                        }
                    }
                }, "worker-" + t);
                workers[t].start();
            }
            Thread.sleep(500);
            long t0 = System.nanoTime();
            measuring.set(true);
            Thread.sleep(millis);
            measuring.set(false);
            long t1 = System.nanoTime();
            stop.set(true);
            for (Thread w : workers) {
                w.join();
            }
            System.out.printf(Locale.ROOT, "ops/s %.1f%n", ops.sum() * 1e9 / (t1 - t0));
        }

        static void sectionA(long nanos) {
            synchronized (A) {
                spin(nanos);
            }
        }

        static void sectionB(long nanos) {
            synchronized (B) {
                spin(nanos);
            }
        }

        static void park(long nanos) {
            long end = System.nanoTime() + nanos;
            for (long left = nanos; left > 0; left = end - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
        }

        static void spin(long nanos) {
            long end = System.nanoTime() + nanos, x = 0;
            while (System.nanoTime() < end) {
                x++;
            }
            sink += x;
        }
    }
}
