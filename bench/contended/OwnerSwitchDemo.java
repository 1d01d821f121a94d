import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ShortSectionDemo (bench/demo) counting, inside the section, how often the monitor's owner changes from
 * one acquisition to the next: the lock's migrations between threads (and, on 2 CPUs, mostly between
 * CPUs), which bench/contended/after-release-2cpu.txt relates to the throughput a recorded release keeps.
 * Same arguments and output line as ShortSectionDemo, plus "N switches".
 */
public class OwnerSwitchDemo {
    static final Map<Integer, Long> counts = new HashMap<>();
    static int last = -1;
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
                        if (last != id) { last = id; switches++; }
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
        System.out.printf("ShortSectionDemo: %d threads, %d ms, %d transfers (check %d) %d switches%n", threads, millis, total, check & 1, switches);
    }
}
