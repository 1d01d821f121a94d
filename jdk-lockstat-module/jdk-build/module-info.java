/*
 * LockStat JDK: lock contention tracing. Module descriptor used inside the JDK image; the Maven build
 * of this module produces a plain (unnamed-module) jar instead.
 */

/**
 * Lock contention tracing support: the trace format, the drain thread that the VM starts under
 * {@code -XX:+TraceLockContention}, and the {@code lockstat} tool.
 *
 * @moduleGraph
 */
module jdk.lockstat {
    requires java.management;
}
