package bench.synthetic;

import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * One way of guarding a critical section. Every mechanism the paper's synthetic suite covers, plus
 * the two that change who releases the lock and where: an exception thrown out of the critical
 * section, and wait/notify (the monitor is released inside wait() and re-acquired after it).
 */
@FunctionalInterface
interface LockMechanism {
    void run(Runnable critical);

    static LockMechanism named(String name) {
        return switch (name) {
            case "synchronized" -> {
                Object monitor = new Object();
                yield critical -> {
                    synchronized (monitor) {
                        critical.run();
                    }
                };
            }
            case "exception" -> {
                Object monitor = new Object();
                yield critical -> {
                    try {
                        synchronized (monitor) {
                            critical.run();
                            throw new IllegalStateException("leaves the critical section");
                        }
                    } catch (IllegalStateException expected) {
                        // the monitor was released by the exception
                    }
                };
            }
            case "wait-notify" -> {
                Object monitor = new Object();
                yield critical -> {
                    synchronized (monitor) {
                        critical.run();
                        monitor.notifyAll();
                        try {
                            // Released here; woken by the next owner's notifyAll, then re-acquired. The
                            // timeout only guards the last thread standing.
                            monitor.wait(5);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                };
            }
            case "reentrant", "reentrant-fair" -> {
                ReentrantLock lock = new ReentrantLock(name.endsWith("fair"));
                yield critical -> {
                    lock.lock();
                    try {
                        critical.run();
                    } finally {
                        lock.unlock();
                    }
                };
            }
            case "rwlock" -> {
                ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
                yield critical -> {
                    lock.writeLock().lock();
                    try {
                        critical.run();
                    } finally {
                        lock.writeLock().unlock();
                    }
                };
            }
            case "stamped" -> {
                StampedLock lock = new StampedLock();
                yield critical -> {
                    long stamp = lock.writeLock();
                    try {
                        critical.run();
                    } finally {
                        lock.unlockWrite(stamp);
                    }
                };
            }
            case "semaphore" -> {
                Semaphore permit = new Semaphore(1);
                yield critical -> {
                    permit.acquireUninterruptibly();
                    try {
                        critical.run();
                    } finally {
                        permit.release();
                    }
                };
            }
            default -> throw new IllegalArgumentException("unknown mechanism " + name);
        };
    }
}
