import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The two bottleneck patterns of the J9 park-contention thesis (seed 004, section 5):
 * "large": three locks taken in turn by every thread, critical sections of 4, 16 and 64 ms; the 64 ms
 * lock is the bottleneck. "frequent": two locks with 32 ms critical sections, the first chosen 3 times
 * in 4; the first is the bottleneck. Each lock is taken in its own method (section1..3), which names
 * it in the trace. Usage: J9PatternsWorkload large|frequent sync|juc THREADS MILLIS
 */
public class J9PatternsWorkload {
    static final Object m1 = new Object(), m2 = new Object(), m3 = new Object();
    static final ReentrantLock l1 = new ReentrantLock(), l2 = new ReentrantLock(), l3 = new ReentrantLock();
    static boolean juc;

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void hold(Object monitor, ReentrantLock lock, long millis) {
        if (juc) {
            lock.lock();
            try {
                sleep(millis);
            } finally {
                lock.unlock();
            }
        } else {
            synchronized (monitor) {
                sleep(millis);
            }
        }
    }

    static void section1(long millis) {
        hold(m1, l1, millis);
    }

    static void section2(long millis) {
        hold(m2, l2, millis);
    }

    static void section3(long millis) {
        hold(m3, l3, millis);
    }

    public static void main(String[] args) throws Exception {
        boolean large = args[0].equals("large");
        juc = args[1].equals("juc");
        int threads = Integer.parseInt(args[2]);
        long end = System.nanoTime() + Long.parseLong(args[3]) * 1_000_000;
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Thread(() -> {
                while (System.nanoTime() < end) {
                    if (large) {
                        section1(4);
                        section2(16);
                        section3(64);
                    } else if (ThreadLocalRandom.current().nextInt(4) < 3) {
                        section1(32);
                    } else {
                        section2(32);
                    }
                }
            }, "worker-" + i);
            workers[i].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        System.out.println("done");
    }
}
