import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Configuration i of the overhead harness (issue 10, "overhead when idle"): tracing is started at
 * runtime, records a short contended warm-up that is not the workload (so inflated monitors, the
 * chain set, compiled code and threads have seen tracing), is stopped, and only then the workload
 * runs, measured as in every other configuration. Compared side by side with a (LockStat JDK,
 * tracing never on) and f (stock JDK): once stopped, tracing must cost nothing.
 *
 * Usage: java --add-exports jdk.lockstat/jdk.lockstat.internal.recorder=ALL-UNNAMED IdleAfterStop MAIN ARGS...
 */
public class IdleAfterStop {
    static final Object WARM_UP_LOCK = new Object();
    static volatile boolean warmingUp = true;
    static long spins;

    public static void main(String[] args) throws Exception {
        // -Didle.trace=false: the same warm-up without tracing, to tell tracing's after-effects from the warm-up's
        boolean trace = !"false".equals(System.getProperty("idle.trace"));
        Path file = Files.createTempFile("idle-after-stop", ".lct");
        Class<?> control = Class.forName("jdk.lockstat.internal.recorder.Control");
        if (trace) {
            control.getMethod("start", String.class, long.class, long.class).invoke(null, file.toString(), 0L, 0L);
        }
        Thread[] threads = new Thread[2];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                while (warmingUp) {
                    synchronized (WARM_UP_LOCK) {
                        for (int k = 0; k < 1000; k++) {
                            spins++;
                        }
                    }
                }
            });
            threads[i].start();
        }
        Thread.sleep(500);
        warmingUp = false;
        for (Thread t : threads) {
            t.join();
        }
        if (trace) {
            control.getMethod("stop").invoke(null);
        }
        Files.deleteIfExists(file);
        String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        main.invoke(null, (Object) rest);
    }
}
