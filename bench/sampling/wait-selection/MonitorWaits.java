import java.io.PrintWriter;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * SemaphoreWaits with one monitor: THREADS threads (platform or virtual) take it in turn, each holding
 * it 1 or 4 ms asleep (alternately) and then sleeping OUTSIDE_MS outside it, and write each wait to a
 * file ("THREAD_ID START END", System.nanoTime). Usage:
 * MonitorWaits MILLIS WAITS_FILE THREADS platform|virtual OUTSIDE_MS
 */
public class MonitorWaits {
    static final Object LOCK = new Object();
    static final ConcurrentLinkedQueue<long[]> WAITS = new ConcurrentLinkedQueue<>();

    public static void main(String[] args) throws Exception {
        long until = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        int threads = Integer.parseInt(args[2]);
        boolean virtual = args[3].equals("virtual");
        int outside = Integer.parseInt(args[4]);
        Thread[] ts = new Thread[threads];
        for (int k = 0; k < threads; k++) {
            Runnable body = () -> {
                try {
                    for (int i = 0; System.nanoTime() < until; i++) {
                        long t0 = System.nanoTime();
                        synchronized (LOCK) {
                            WAITS.add(new long[] {Thread.currentThread().threadId(), t0, System.nanoTime()});
                            Thread.sleep(i % 2 == 0 ? 1 : 4);
                        }
                        if (outside > 0) {
                            Thread.sleep(outside);
                        }
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            };
            ts[k] = virtual ? Thread.ofVirtual().name("monitor-" + k).unstarted(body) : new Thread(body, "monitor-" + k);
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        long waited = 0;
        try (PrintWriter w = new PrintWriter(args[1])) {
            for (long[] r : WAITS) {
                w.println(r[0] + " " + r[1] + " " + r[2]);
                waited += r[2] - r[1];
            }
        }
        System.out.printf("acquisitions=%d waited=%.1f%n", WAITS.size(), waited / 1e6);
    }
}
