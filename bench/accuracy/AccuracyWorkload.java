import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * A workload with known causes (paper 5.1): threads take one lock as fast as they can; half of them
 * hold it in holdA for A ms, the others in holdB for B ms. While the lock is saturated, every hold
 * blocks the others for its whole length, so the share of blocked time an owner method causes is its
 * share of the total hold time. The workload measures its holds and prints them; the suite compares
 * that expectation with the shares lockstat report gives the owner chains through holdA and holdB.
 * Usage: AccuracyWorkload MECHANISM platform|virtual A_MS B_MS MILLIS [THREADS]
 * MECHANISM: synchronized, exception (synchronized left by an exception), reentrant, reentrant-fair,
 * rwlock (write lock), stamped (write lock), semaphore.
 */
public class AccuracyWorkload {
    interface Lock {
        void run(Runnable critical);
    }

    static final AtomicLong holdA = new AtomicLong(), holdB = new AtomicLong();
    static final Object monitor = new Object();

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Lock lock(String mechanism) {
        return switch (mechanism) {
            case "synchronized" -> critical -> {
                synchronized (monitor) {
                    critical.run();
                }
            };
            case "exception" -> critical -> {
                try {
                    synchronized (monitor) {
                        critical.run();
                        throw new IllegalStateException("leaves the critical section");
                    }
                } catch (IllegalStateException expected) {
                    // the monitor was released by the exception
                }
            };
            case "reentrant", "reentrant-fair" -> {
                ReentrantLock l = new ReentrantLock(mechanism.endsWith("fair"));
                yield critical -> {
                    l.lock();
                    try {
                        critical.run();
                    } finally {
                        l.unlock();
                    }
                };
            }
            case "rwlock" -> {
                ReentrantReadWriteLock l = new ReentrantReadWriteLock();
                yield critical -> {
                    l.writeLock().lock();
                    try {
                        critical.run();
                    } finally {
                        l.writeLock().unlock();
                    }
                };
            }
            case "stamped" -> {
                StampedLock l = new StampedLock();
                yield critical -> {
                    long stamp = l.writeLock();
                    try {
                        critical.run();
                    } finally {
                        l.unlockWrite(stamp);
                    }
                };
            }
            case "semaphore" -> {
                Semaphore s = new Semaphore(1);
                yield critical -> {
                    s.acquireUninterruptibly();
                    try {
                        critical.run();
                    } finally {
                        s.release();
                    }
                };
            }
            default -> throw new IllegalArgumentException("unknown mechanism " + mechanism);
        };
    }

    // The owner methods the report must name: each holds the lock for its time and records it.
    static void holdA(Lock lock, long millis) {
        lock.run(() -> {
            long t = System.nanoTime();
            sleep(millis);
            holdA.addAndGet(System.nanoTime() - t);
        });
    }

    static void holdB(Lock lock, long millis) {
        lock.run(() -> {
            long t = System.nanoTime();
            sleep(millis);
            holdB.addAndGet(System.nanoTime() - t);
        });
    }

    public static void main(String[] args) throws Exception {
        Lock lock = lock(args[0]);
        boolean virtual = args[1].equals("virtual");
        long a = Long.parseLong(args[2]), b = Long.parseLong(args[3]);
        long end = System.nanoTime() + Long.parseLong(args[4]) * 1_000_000;
        int threads = args.length > 5 ? Integer.parseInt(args[5]) : 4;
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            boolean isA = i % 2 == 0;
            Runnable body = () -> {
                while (System.nanoTime() < end) {
                    if (isA) {
                        holdA(lock, a);
                    } else {
                        holdB(lock, b);
                    }
                }
            };
            workers[i] = virtual ? Thread.ofVirtual().name("w" + i).start(body) : Thread.ofPlatform().name("w" + i).start(body);
        }
        for (Thread w : workers) {
            w.join();
        }
        System.out.println("holdNanos A=" + holdA.get() + " B=" + holdB.get());
    }
}
