import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The busiest kind of lock: a short synchronized critical section (one map update) that every worker
 * enters after a little private work. With a few threads the lock is contended often but briefly, and
 * owners barge: most releases happen while another thread is queued, which is what tracing pays for.
 * Prints "N transfers" (map updates in the fixed time) for bench/quick-overhead.sh and the harness.
 */
public class ShortSectionDemo {
    static final Map<Integer, Long> counts = new HashMap<>();
    /**
     * -DcountSwitches=true: counts, inside the section, how often the owner changes from one acquisition
     * to the next (the lock's migrations; bench/contended/after-release-2cpu.txt). A constant the JIT
     * folds, so that without it the section is as it always was.
     */
    static final boolean COUNT_SWITCHES = Boolean.getBoolean("countSwitches");
    static int lastOwner = -1;
    static long switches;

    /** Private work outside the lock: a few hundred nanoseconds of arithmetic the JIT cannot drop. */
    static int work(int seed) {
        int x = seed;
        for (int i = 0; i < 64; i++) {
            x = x * 1103515245 + 12345;
            x ^= x >>> 7;
        }
        return x;
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 2000;
        long end = System.nanoTime() + millis * 1_000_000;
        List<Thread> workers = new ArrayList<>();
        long[] done = new long[threads];
        int[] sink = new int[threads];
        for (int i = 0; i < threads; i++) {
            int id = i;
            Thread t = new Thread(() -> {
                int seed = id;
                long n = 0;
                while ((n & 255) != 0 || System.nanoTime() < end) {
                    seed = work(seed);
                    synchronized (counts) {
                        counts.merge(seed & 1023, 1L, Long::sum);
                        if (COUNT_SWITCHES && lastOwner != id) {
                            lastOwner = id;
                            switches++;
                        }
                    }
                    n++;
                }
                done[id] = n;
                sink[id] = seed;
            }, "worker-" + i);
            workers.add(t);
            t.start();
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            workers.get(i).join();
            total += done[i];
        }
        int check = 0;
        for (int s : sink) {
            check ^= s;
        }
        System.out.printf("ShortSectionDemo: %d threads, %d ms, %d transfers (check %d)%s%n", threads, millis, total, check & 1,
                COUNT_SWITCHES ? " " + switches + " switches" : "");
    }
}
