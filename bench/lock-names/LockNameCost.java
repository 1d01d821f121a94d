import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import jdk.lockstat.management.LockStatMXBean;

/**
 * The trace-end cost of lock names (bench/lock-names/RESULTS.md): fills the heap with LIVE_MB of live
 * objects (linked nodes, half with a 16-byte payload: about 32 bytes an object), contends a lock held in
 * a static field, optionally also one that is unreachable by the end (the search then cannot stop early
 * and walks until the heap is done or a limit ends it), stops tracing through the MXBean, and prints how
 * long the stop took and how much the process's peak resident memory grew during it.
 * Run by run.sh: java -Xms..-Xmx.. -XX:+AlwaysPreTouch -XX:+TraceLockContention LockNameCost LIVE_MB unreachable|static
 */
public class LockNameCost {
    static final class Node {
        Node next;
        Object payload;
        long value;
    }

    static final Object STATIC_LOCK = new Object();
    static Object[] data;

    static void contend(Object lock) throws InterruptedException {
        Thread t;
        synchronized (lock) {
            t = new Thread(() -> {
                synchronized (lock) {
                    lock.hashCode();
                }
            });
            t.start();
            while (t.getState() != Thread.State.BLOCKED) {
                Thread.sleep(1);
            }
        }
        t.join();
    }

    static long peakKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    public static void main(String[] args) throws Exception {
        long liveMb = Long.parseLong(args[0]);
        boolean unreachable = args[1].equals("unreachable");
        long objects = liveMb * 1024 * 1024 / 32;
        int chunk = 1 << 16;
        data = new Object[(int) ((objects + chunk - 1) / chunk)];
        long made = 0;
        for (int c = 0; c < data.length; c++) {
            Node head = null;
            for (int i = 0; i < chunk / 2 && made < objects; i++) {
                Node n = new Node();
                n.value = made++;
                if ((i & 1) == 0) {
                    n.payload = new byte[16];
                    made++;
                }
                n.next = head;
                head = n;
            }
            data[c] = head;
        }
        contend(STATIC_LOCK);
        if (unreachable) {
            contend(new Object());   // contended, then garbage: the search looks for it in vain
        }
        System.gc();
        if (args.length > 2) {   // periodic profiles' searches at their intervals' ends (bench/profiles/naming-pauses.sh)
            Thread.sleep(Long.parseLong(args[2]) * 1000);
        }
        long before = peakKb();
        long t0 = System.nanoTime();
        ManagementFactory.getPlatformMXBean(LockStatMXBean.class).stop();
        long stopNanos = System.nanoTime() - t0;
        long after = peakKb();
        System.out.printf("live=%d MB objects~%d stop=%.1f ms peak-rss-growth=%d KB%n", liveMb, made, stopNanos / 1e6,
                after - before);
    }
}
