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
 * An immutable snapshot of one aggregation node: its key as text, total blocked nanoseconds, number of
 * contentions that reached it, share of all contention in percent, the nanoseconds each of those
 * contentions gave it (a histogram, a copy that is never changed), children by total (largest first).
 */
public record ReportNode(String key, long totalNanos, long count, double percent, DurationHistogram durations,
                         List<ReportNode> children) {
    public ReportNode {
        children = List.copyOf(children);
    }

    /** Count, p50, p90, p99 and max of the nanoseconds each contention gave this node. */
    public DurationDistribution distribution() {
        return durations.distribution();
    }
}
