// Issue 36's release runs, measured alone: one thread takes a monitor again and again while a virtual
// thread is blocked on it and cannot run (the only carrier spins), so every release is recorded and
// each continues the owner's own run. C2 unrolls the loop and coarsens the lock: one release per four
// iterations (lockstat summary counts them). Run with
//   -Djdk.virtualThreadScheduler.parallelism=1 -Djdk.virtualThreadScheduler.maxPoolSize=1 RunDemo 40000000
// stock, traced and traced on another build, interleaved (inline-release-runs-2cpu.txt).
public class RunDemo {
    static final Object LOCK = new Object();
    static volatile boolean hogRunning, stopHog;
    static long counter;

    static void burst(int n) {
        for (int i = 0; i < n; i++) {
            synchronized (LOCK) {
                counter++;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Object warm = new Object();
        for (int i = 0; i < 20_000; i++) {
            synchronized (warm) { counter++; }
            burst(10);
        }
        Thread w = Thread.ofVirtual().unstarted(() -> { synchronized (LOCK) { counter++; } });
        long[] nanos = new long[1];
        Thread owner = Thread.ofPlatform().unstarted(() -> {
            try {
                synchronized (LOCK) {
                    w.start();
                    while (w.getState() != Thread.State.BLOCKED) Thread.sleep(1);
                    Thread.ofVirtual().start(() -> { hogRunning = true; while (!stopHog) Thread.onSpinWait(); });
                    while (!hogRunning) Thread.sleep(1);
                }
                long t0 = System.nanoTime();
                burst(n);
                nanos[0] = System.nanoTime() - t0;
            } catch (InterruptedException e) { throw new RuntimeException(e); }
        });
        owner.start();
        owner.join();
        stopHog = true;
        w.join();
        System.out.printf("RunDemo: %d iterations, %.2f ns each%n", n, (double) nanos[0] / n);
    }
}
