package jdk.lockstat.internal.analysis;

import java.util.List;

/**
 * The JDK classes that implement park-based locking: their frames sit on top of every park and unpark
 * chain and say nothing about the application, so "method" aspects look past them.
 */
final class LockingMechanism {
    private static final List<String> PREFIXES = List.of(
            "jdk.internal.misc.Unsafe", "java.util.concurrent.locks.", "java.lang.Thread.interrupt",
            "java.lang.VirtualThread", "jdk.internal.misc.VirtualThreads", "java.lang.System$",
            "java.util.concurrent.Semaphore", "java.util.concurrent.CountDownLatch");

    private LockingMechanism() {}

    static boolean contains(MethodRef m) {
        if (m == null || m.declaringClass() == null || m.declaringClass().name() == null) {
            return false;
        }
        String cls = m.declaringClass().name();
        for (String p : PREFIXES) {
            if (cls.startsWith(p) || (cls + "." + m.name()).startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
