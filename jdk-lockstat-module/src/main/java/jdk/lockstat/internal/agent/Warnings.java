package jdk.lockstat.internal.agent;

/** Tracing problems are reported once, on stderr, and never stop the application. */
final class Warnings {
    private Warnings() {}

    static void warn(String message) {
        System.err.println("LockStat: warning: " + message);
        System.err.flush();
    }
}
