import java.io.PrintWriter;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench/realworld's ResourceHoldersWorkload semaphore mode (6 threads, 2 permits, holds of 1 and 4 ms
 * asleep, the same log of every wait and hold), which also writes each wait to a file, so that a
 * sampled trace's recorded waits can be matched with the program's own: "THREAD_ID START END" per
 * line (System.nanoTime, the trace's timeline). Usage: SemaphoreWaits MILLIS WAITS_FILE
 */
public class SemaphoreWaits {
    static final Semaphore PERMITS = new Semaphore(2);
    static final ConcurrentLinkedQueue<long[]> LOG = new ConcurrentLinkedQueue<>();
    static final ConcurrentLinkedQueue<long[]> WAITS = new ConcurrentLinkedQueue<>();
    static final AtomicLong WAITED = new AtomicLong(), HELD_SHORT = new AtomicLong(), HELD_LONG = new AtomicLong();

    public static void main(String[] args) throws Exception {
        long until = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        Thread[] ts = new Thread[6];
        for (int k = 0; k < ts.length; k++) {
            ts[k] = new Thread(() -> {
                try {
                    for (int i = 0; System.nanoTime() < until; i++) {
                        if (i % 2 == 0) {
                            acquireAndHold(1_000_000, HELD_SHORT, 2, 3);
                        } else {
                            acquireAndHold(4_000_000, HELD_LONG, 4, 5);
                        }
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "permit-" + k);
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        try (PrintWriter w = new PrintWriter(args[1])) {
            for (long[] r : WAITS) {
                w.println(r[0] + " " + r[1] + " " + r[2]);
            }
        }
        System.out.printf("waited=%.1f%n", WAITED.get() / 1e6);
    }

    static void acquireAndHold(long nanos, AtomicLong held, int start, int end) throws InterruptedException {
        long t0 = System.nanoTime();
        LOG.add(new long[] {t0, 0});
        PERMITS.acquire();
        long t1 = System.nanoTime();
        LOG.add(new long[] {t1, 1});
        LOG.add(new long[] {t1, start});
        WAITS.add(new long[] {Thread.currentThread().threadId(), t0, t1});
        try {
            WAITED.addAndGet(t1 - t0);
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } finally {
            long t2 = System.nanoTime();
            held.addAndGet(t2 - t1);
            LOG.add(new long[] {t2, end});
            PERMITS.release();
        }
    }
}
