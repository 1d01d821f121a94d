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

package jdk.lockstat.internal.reconstruct;

import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.PerLockStatistics;

/**
 * Paper 4.1, "intrinsic lock dispatcher": one lock analyzer per monitor lifetime, created at its first
 * event, finished when the rearranger ends the lifetime (deflation, or the end of the trace).
 */
final class IntrinsicLockDispatcher implements MonitorQueue.Target {
    private final LongMap<MonitorLockAnalyzer> analyzers = new LongMap<>();
    private final ContentionSink sink;
    private final AnalysisCounters counters;
    private final PerLockStatistics lockStatistics = new PerLockStatistics();
    private final long statsFrom;
    private final long statsTo;
    private final boolean foldParts;
    private long traceStart;

    IntrinsicLockDispatcher(ContentionSink sink, AnalysisCounters counters, long statsFrom, long statsTo, boolean foldParts) {
        this.sink = sink;
        this.counters = counters;
        this.statsFrom = statsFrom;
        this.statsTo = statsTo;
        this.foldParts = foldParts;
    }

    @Override
    public void deliver(long address, MonitorEvent e) {
        MonitorLockAnalyzer a = analyzers.get(address);
        if (a == null) {
            a = new MonitorLockAnalyzer(address, sink, counters, absolute(statsFrom), absolute(statsTo), foldParts);
            analyzers.put(address, a);
        }
        a.event(e);
    }

    /** Statistics over the configured window, for a lock of another kind (park blockers). */
    BlockedTimeAccumulator newAccumulator() {
        return new BlockedTimeAccumulator(absolute(statsFrom), absolute(statsTo));
    }

    void traceStart(long startNanos) {
        traceStart = startNanos;
    }

    private long absolute(long relative) {
        return relative == Long.MIN_VALUE || relative == Long.MAX_VALUE ? relative : traceStart + relative;
    }

    @Override
    public void gap(long address) {
        MonitorLockAnalyzer a = analyzers.get(address);
        if (a != null) {
            a.gap();
        }
    }

    @Override
    public void lifetimeEnded(long address, boolean endOfTrace) {
        MonitorLockAnalyzer a = analyzers.remove(address);
        if (a != null) {
            a.end(endOfTrace);
            lockStatistics.add(a.statistics());
        }
    }

    /** The per-lock table so far: ended lifetimes plus the ones still running. */
    PerLockStatistics lockStatistics() {
        PerLockStatistics now = new PerLockStatistics();
        lockStatistics.rows().forEach(now::add);
        analyzers.values().forEach(a -> now.add(a.statistics()));
        return now;
    }
}
