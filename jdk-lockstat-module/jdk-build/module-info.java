/*
 * LockStat JDK: lock contention tracing. Module descriptor used inside the JDK image; the Maven build
 * of this module produces a plain (unnamed-module) jar instead.
 */

/**
 * Lock contention tracing support: the trace format, the drain thread that the VM starts under
 * {@code -XX:+TraceLockContention}, runtime control (jcmd LockStat.*, and the MXBean
 * {@link jdk.lockstat.management.LockStatMXBean}), and the {@code lockstat} tool.
 *
 * @moduleGraph
 */
module jdk.lockstat {
    requires transitive java.management;

    // An exported API makes this a default root module: in every VM's boot layer, so that tracing
    // can be started at runtime (jcmd LockStat.start) in a VM started without it.
    exports jdk.lockstat.management;

    provides sun.management.spi.PlatformMBeanProvider with
        jdk.lockstat.internal.management.LockStatMXBeanProvider;
}
