/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.query;

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
