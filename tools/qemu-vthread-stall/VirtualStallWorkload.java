import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Six virtual threads take a ReentrantLock, then a monitor, for 0.2 ms each, for ever; a platform thread
 * prints how many rounds each has made, every second ("progress [..]"). A virtual thread that stops
 * moving while another goes on is stalled (docs/platforms.md: seen under qemu-user, with and without
 * tracing). Run by run.sh.
 */
public class VirtualStallWorkload {
    static final ReentrantLock LOCK = new ReentrantLock();
    static final Object MONITOR = new Object();
    static long counter;
    static final AtomicLongArray ROUNDS = new AtomicLongArray(6);

    static void spin(long nanos) {
        long t = System.nanoTime();
        while (System.nanoTime() - t < nanos) {
            counter++;
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 6; i++) {
            int me = i;
            Thread.ofVirtual().name("vt-" + i).start(() -> {
                while (true) {
                    LOCK.lock();
                    try {
                        spin(200_000);
                    } finally {
                        LOCK.unlock();
                    }
                    synchronized (MONITOR) {
                        spin(200_000);
                    }
                    ROUNDS.incrementAndGet(me);
                }
            });
        }
        Thread.sleep(1000);
        System.out.println("running");
        System.out.flush();
        while (true) {
            Thread.sleep(1000);
            System.out.println("progress " + ROUNDS);
            System.out.flush();
        }
    }
}
