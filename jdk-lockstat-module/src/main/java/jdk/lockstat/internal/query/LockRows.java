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

package jdk.lockstat.internal.query;

import java.util.ArrayList;
import java.util.List;

import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.query.CallChain;
import jdk.lockstat.query.LockStatistics;

/** The engine's per-lock table as front ends read it: names and chains as text, in the table's order. */
public final class LockRows {
    private LockRows() {}

    public static LockStatistics of(PerLockStatistics table) {
        List<LockStatistics.Row> rows = new ArrayList<>();
        for (PerLockStatistics.Row r : table.rows()) {
            rows.add(new LockStatistics.Row(String.valueOf(r.lock()), r.firstThread() == null ? null : r.firstThread().toString(),
                    CallChain.of(r.firstChain()), r.timesBlocked(), r.peakBlocked(), r.threadTime(), r.realTime(),
                    r.blockedNow(), r.first(), r.last()));
        }
        return new LockStatistics(rows);
    }
}
