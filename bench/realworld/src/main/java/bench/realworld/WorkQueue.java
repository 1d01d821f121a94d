package bench.realworld;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One iteration's work units, taken from a shared counter by a fixed pool of threads: the DaCapo-style
 * split every workload uses. The iteration's digest is the sum of the units' digests, so it does not
 * depend on which thread did which unit.
 */
final class WorkQueue {
    private WorkQueue() {}

    /** One work unit: its digest. */
    interface Unit {
        long run(int n) throws Exception;
    }

    /** A thread's setup (a parser, a reader...), returning what it does per unit. */
    interface PerThread {
        Unit start() throws Exception;
    }

    static long run(int threads, int units, PerThread perThread) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> parts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                parts.add(pool.submit(() -> {
                    Unit unit = perThread.start();
                    long digest = 0;
                    for (int n; (n = next.getAndIncrement()) < units; ) {
                        digest += unit.run(n);
                    }
                    return digest;
                }));
            }
            long digest = 0;
            for (Future<Long> f : parts) {
                digest += f.get();
            }
            return digest;
        } finally {
            pool.shutdown();
        }
    }
}
