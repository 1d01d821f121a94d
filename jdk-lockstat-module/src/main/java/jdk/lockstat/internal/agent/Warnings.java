package jdk.lockstat.internal.agent;

/** Tracing problems are reported once, on stderr, and never stop the application. */
final class Warnings {
    private Warnings() {}

    static void warn(String message) {
        try {
            System.err.println("LockStat: warning: " + message);
            System.err.flush();
        } catch (VirtualMachineError | LinkageError e) {
            // no heap even for the message: the application's own OutOfMemoryError says enough
        }
    }
}
