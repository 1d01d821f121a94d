package jdk.lockstat.internal.tool;

import java.util.Locale;

/**
 * A duration for people, in the unit that keeps it short (ns, us, ms, s, min, h) with about three
 * significant digits: "850 ns", "12.3 us", "1.50 s". The report's distribution columns and the viewer use it.
 */
public final class DurationText {
    private static final long[] UNIT_NANOS = {1, 1_000, 1_000_000, 1_000_000_000, 60_000_000_000L, 3_600_000_000_000L};
    private static final String[] UNITS = {"ns", "us", "ms", "s", "min", "h"};

    private DurationText() {}

    public static String of(long nanos) {
        int u = 0;
        while (u + 1 < UNITS.length && nanos >= UNIT_NANOS[u + 1]) {
            u++;
        }
        if (u == 0) {
            return nanos + " ns";
        }
        double v = nanos / (double) UNIT_NANOS[u];
        String digits = v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, digits + " %s", v, UNITS[u]);
    }
}
