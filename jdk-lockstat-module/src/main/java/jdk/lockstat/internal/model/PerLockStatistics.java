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

package jdk.lockstat.internal.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-lock statistics table (J9 thesis, section 3.7): one row per lock object, merged over that
 * object's monitor lifetimes (an object can be inflated, deflated and inflated again). Like the thesis,
 * a row names the thread and call chain of the lock's first contention. After-wait re-acquisitions are
 * not counted (as in the report's main tree). Filled by the reconstruction's lock analyzers; front ends
 * read it as {@link jdk.lockstat.query.LockStatistics} (internal.aggregate.LockRows).
 */
public final class PerLockStatistics {
    /** One lock's figures; times in trace clock ticks (nanoseconds). */
    public record Row(LockRef lock, ThreadRef firstThread, ChainRef firstChain, long timesBlocked, int peakBlocked,
                      long threadTime, long realTime, int blockedNow, long first, long last) {
        /** The lock's lifetime: its first to its last blocking event. */
        public long lifetime() {
            return last > first ? last - first : 0;
        }

        Row merge(Row o) {
            boolean mine = first <= o.first;
            return new Row(lock, mine ? firstThread : o.firstThread, mine ? firstChain : o.firstChain,
                    timesBlocked + o.timesBlocked, Math.max(peakBlocked, o.peakBlocked), threadTime + o.threadTime,
                    realTime + o.realTime, blockedNow + o.blockedNow, Math.min(first, o.first), Math.max(last, o.last));
        }
    }

    private final Map<LockRef, Row> rows = new LinkedHashMap<>();

    /** One lock lifetime's row (the reconstruction's lock analyzers); rows of one lock object merge. */
    public void add(Row row) {
        if (row.timesBlocked() == 0 && row.threadTime() == 0 && row.blockedNow() == 0) {
            return;
        }
        rows.merge(row.lock(), row, Row::merge);
    }

    /** Rows by blocked thread-time, largest first. */
    public List<Row> rows() {
        List<Row> list = new ArrayList<>(rows.values());
        list.sort(Comparator.comparingLong(Row::threadTime).reversed().thenComparing(r -> r.lock().toString()));
        return list;
    }
}
