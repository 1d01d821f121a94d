// A hot Semaphore for bench/contended/semaphore-quiet-release-2cpu.txt (java SemHot THREADS MILLIS IN OUT: IN and OUT
// iterations of an LCG step inside and outside each permit; prints the operations done).
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
// A hot Semaphore(1): THREADS threads acquire, bump a counter, release, for MILLIS ms.
public class SemHot {
    static long shared; static volatile long sink;
    static long work(int n, long seed) { long x = seed; for (int i = 0; i < n; i++) x = x * 6364136223846793005L + 1442695040888963407L; return x & 1; }
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]); long ms = Long.parseLong(a[1]);
        int in = a.length > 2 ? Integer.parseInt(a[2]) : 0, out = a.length > 3 ? Integer.parseInt(a[3]) : 0;
        Semaphore s = new Semaphore(1);
        LongAdder ops = new LongAdder();
        long end = System.nanoTime() + ms * 1_000_000L;
        Thread[] t = new Thread[n];
        for (int i = 0; i < n; i++) {
            t[i] = new Thread(() -> {
                long k = 0;
                while ((k & 1023) != 0 || System.nanoTime() < end) {
                    s.acquireUninterruptibly();
                    try { shared += work(in, k); } finally { s.release(); }
                    sink += work(out, k);
                    k++;
                }
                ops.add(k);
            });
            t[i].start();
        }
        for (Thread x : t) x.join();
        System.out.println("SemHot: " + n + " threads, " + ms + " ms, " + ops.sum() + " operations");
    }
}
