import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A java.util.concurrent counterpart of ContentionDemo for bench/quick-overhead.sh: worker threads
 * share one ReentrantLock-guarded ledger with short critical sections, so threads park and unpark
 * constantly (the park/unpark events and their global sequence are what this measures). Prints the
 * number of transfers done in the given time.
 */
public class ParkDemo {
    static final ReentrantLock LOCK = new ReentrantLock();
    static long balance;

    static void transfer() {
        LOCK.lock();
        try {
            balance++;
            for (int i = 0; i < 50; i++) {
                Thread.onSpinWait();   // a short critical section, long enough for others to queue
            }
        } finally {
            LOCK.unlock();
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 2000;
        List<Thread> workers = new ArrayList<>();
        long end = System.nanoTime() + millis * 1_000_000;
        long[] done = new long[threads];
        for (int i = 0; i < threads; i++) {
            int id = i;
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    transfer();
                    done[id]++;
                }
            }, "worker-" + i);
            workers.add(t);
            t.start();
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            workers.get(i).join();
            total += done[i];
        }
        System.out.println("ParkDemo: " + threads + " threads, " + total + " transfers in " + millis + " ms");
    }
}
