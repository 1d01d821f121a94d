package jdk.lockstat.internal.analysis;

/**
 * What a park on a blocker means (paper 4.1's blocker dispatcher, by the blocker's class): waiting for a
 * lock is contention; waiting for a condition, a latch or a barrier is a wait (like Object.wait(),
 * not contention); an idle worker waiting for work is idle. Only LOCK parks become contentions.
 */
enum ParkBlockerKind {
    LOCK, WAIT, IDLE;

    static ParkBlockerKind of(ClassRef blockerClass) {
        if (blockerClass == null) {
            return WAIT;   // no blocker: a virtual thread's sleep, or a bare LockSupport.park()
        }
        String name = blockerClass.name();
        if (name == null) {
            return LOCK;   // metadata not (yet) known: attribute, as the common case
        }
        if (name.endsWith("$ConditionObject") || name.startsWith("java.util.concurrent.CountDownLatch")
                || name.startsWith("java.util.concurrent.CyclicBarrier") || name.startsWith("java.util.concurrent.Phaser")
                || name.startsWith("java.util.concurrent.CompletableFuture") || name.startsWith("java.util.concurrent.FutureTask")) {
            return WAIT;
        }
        if (name.startsWith("java.util.concurrent.SynchronousQueue") || name.startsWith("java.util.concurrent.LinkedTransferQueue")
                || name.startsWith("java.util.concurrent.ForkJoinPool") || name.startsWith("java.util.concurrent.Exchanger")
                || name.startsWith("java.util.concurrent.ScheduledThreadPoolExecutor")) {
            return IDLE;
        }
        return LOCK;
    }
}
