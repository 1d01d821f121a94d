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

package jdk.lockstat.viewer;

import jdk.lockstat.query.DurationHistogram;

/**
 * A node's contention durations as a text bar histogram by decades (below 1 us, 1-10 us, ..., 100 s and
 * more), from the shortest to the longest decade that has any: many short contentions and a few long
 * ones show as two separate bars. Counts are to within one histogram bucket (1/32) of a decade's edge.
 */
final class DurationBars {
    static final int WIDTH = 30;
    private static final long[] EDGES = {1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
        1_000_000_000L, 10_000_000_000L, 100_000_000_000L};
    private static final String[] EDGE_TEXT = {"1 us", "10 us", "100 us", "1 ms", "10 ms", "100 ms", "1 s", "10 s",
        "100 s"};

    private DurationBars() {}

    /** One line per decade, indented; empty for an empty histogram. */
    static String of(DurationHistogram h, String indent) {
        int decades = EDGES.length + 1;
        long[] counts = new long[decades];
        long below = 0;
        for (int i = 0; i < EDGES.length; i++) {
            long upTo = h.countBelow(EDGES[i]);
            counts[i] = upTo - below;
            below = upTo;
        }
        counts[EDGES.length] = h.count() - below;
        int first = 0, last = decades - 1;
        while (first < decades && counts[first] == 0) {
            first++;
        }
        while (last > first && counts[last] == 0) {
            last--;
        }
        long most = 0;
        for (long c : counts) {
            most = Math.max(most, c);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = first; i <= last; i++) {
            int bar = most == 0 ? 0 : (int) Math.round(WIDTH * (double) counts[i] / most);
            sb.append(String.format("%s%-17s %-" + WIDTH + "s %,d%n", indent, label(i), "\u2588".repeat(
                    counts[i] > 0 ? Math.max(1, bar) : 0), counts[i]));
        }
        return sb.toString();
    }

    private static String label(int decade) {
        if (decade == 0) {
            return "< " + EDGE_TEXT[0];
        }
        if (decade == EDGES.length) {
            return ">= " + EDGE_TEXT[EDGES.length - 1];
        }
        return EDGE_TEXT[decade - 1] + " - " + EDGE_TEXT[decade];
    }
}
