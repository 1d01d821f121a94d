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

import java.util.List;

/**
 * The per-lock statistics table (J9 thesis, section 3.7): one row per contended lock object, merged over
 * that object's monitor lifetimes, largest blocked thread time first. A row names the thread and call
 * chain of the lock's first contention. After-wait re-acquisitions are not counted (as in the report's
 * main tree). {@code lockstat locks}, the HTML report and the viewer show this table; {@code lockstat
 * help columns} explains each figure.
 */
public final class LockStatistics {
    /**
     * One lock's figures; times in trace clock nanoseconds. lock: the lock object (Class@hash);
     * firstThread: the first blocked thread (name #id), or null; firstChain: its call chain, or null where
     * the chain is unknown.
     */
    public record Row(String lock, String firstThread, CallChain firstChain, long timesBlocked, int peakBlocked,
                      long threadTime, long realTime, int blockedNow, long first, long last) {
        /** Blocked thread time per contention. */
        public double averageBlockedTime() {
            return LockMetrics.averageBlockedTime(threadTime, timesBlocked);
        }

        /** Contended real time per hand-over (not every acquisition's hold: see {@link LockMetrics#averageHoldTime}). */
        public double averageHoldTime() {
            return LockMetrics.averageHoldTime(realTime, timesBlocked, blockedNow);
        }

        /** The lock's lifetime: its first to its last blocking event. */
        public long lifetime() {
            return last > first ? last - first : 0;
        }
    }

    private final List<Row> rows;

    /** The table of these rows, in the order given. */
    public LockStatistics(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    /** Rows by blocked thread time, largest first. */
    public List<Row> rows() {
        return rows;
    }
}
