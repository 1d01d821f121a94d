import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * Read locks with no writer: the cost of java.base's shared-release hook when no writer waits (issue 26).
 * Each operation takes a ReentrantReadWriteLock read lock twice (reentrant) and two StampedLock read
 * stamps, does a little work and releases them: the first release of each leaves a reader holding, the
 * hooked path. Each thread has locks of its own, so that cache-line transfers between cores do not drown
 * the hook's cost. Nothing ever blocks, so LockStat records nothing; stock against the LockStat JDK
 * (tracing off and on) measures the hook alone. Usage: ReadLockDemo [THREADS [MILLIS]] (4, 2000); bench/quick-overhead.sh
 * runs it with DEMO=ReadLockDemo.
 */
public class ReadLockDemo {
    static volatile long sink;

    static long read(ReentrantReadWriteLock rw, StampedLock sl, long x) {
        rw.readLock().lock();
        rw.readLock().lock();
        long outer = sl.readLock(), inner = sl.readLock();
        for (int i = 0; i < 20; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sl.unlockRead(inner);   // another stamp still holds: the hooked path
        sl.unlockRead(outer);
        rw.readLock().unlock();   // the outer hold remains: the hooked path
        rw.readLock().unlock();
        return x;
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
                long x = id;
                ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
                StampedLock sl = new StampedLock();
                while (System.nanoTime() < end) {
                    x = read(rw, sl, x);
                    done[id]++;
                }
                sink = x;
            }, "reader-" + i);
            workers.add(t);
            t.start();
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            workers.get(i).join();
            total += done[i];
        }
        System.out.println("ReadLockDemo: " + threads + " threads, " + total + " transfers in " + millis + " ms");
    }
}
