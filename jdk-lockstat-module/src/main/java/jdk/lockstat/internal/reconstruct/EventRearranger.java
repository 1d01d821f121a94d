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

import jdk.lockstat.internal.format.SequenceNumbers;

/**
 * Paper Figure 6, "event rearranger": buffers arrive in the order threads handed them in, so a monitor's
 * events come out of order across buffers. One queue per monitor address releases them in per-monitor
 * sequence order; one global queue orders park events by their global sequence number.
 *
 * <p>Memory stays bounded: a gap that cannot be filled (a lost buffer) would hold everything behind it,
 * so when one monitor holds more than {@code maxPendingPerMonitor} events, or all monitors together more
 * than {@code maxPending}, the longest-waiting gaps are skipped (counted, and the analyzer told, so the
 * owner of the affected part becomes unknown). At the end of the trace every remaining gap is skipped.
 *
 * <p>A monitor past its own bound skips a gap only once the gap is known to be final: a drain period's
 * end (its ChainStats event, written at the safepoint that handed over every thread's buffer) later than
 * the events waiting behind it means the missing ones were in a buffer that came before and was lost.
 * Until then the gap may just be late (an idle thread's buffer waits for the next period, which a
 * CPU-starved drain requests late, while barging owners release millions of times a second), and only
 * the total bound applies. Traces without period ends (written by Java) skip at the monitor's bound.
 *
 * <p>The same knowledge keeps an event far ahead of its monitor's next number waiting, rather than
 * taking it for a lost beginning, while the numbers before it may still come: a release summary stands
 * for up to millions of numbers, and its successors may arrive first. Only in traces whose schema has
 * release summaries, so traces of VMs that never write them analyse as they always did.
 */
final class EventRearranger {
    private final LongMap<MonitorQueue> monitors = new LongMap<>();
    private final IntrinsicLockDispatcher dispatcher;
    private final ParkDispatcher parks;
    private final AnalysisCounters counters;
    private final int maxPendingPerMonitor;
    private final int maxPending;
    private final SeqWindow<ParkEvent> parkQueue = new SeqWindow<>();
    private int pending;
    /** Every event before this time has arrived, unless its buffer was lost (the latest period end). */
    private long periodEnd = Long.MIN_VALUE;
    private java.util.function.LongConsumer periodListener = t -> { };
    private long periods;
    /** The trace's VM may summarize releases (its schema has the event): far-ahead numbers can be late ones. */
    private boolean summaries;

    EventRearranger(IntrinsicLockDispatcher dispatcher, ParkDispatcher parks, AnalysisCounters counters,
                    int maxPendingPerMonitor, int maxPending) {
        this.dispatcher = dispatcher;
        this.parks = parks;
        this.counters = counters;
        this.maxPendingPerMonitor = maxPendingPerMonitor;
        this.maxPending = maxPending;
        parkQueue.skipTo(1);   // the VM's park sequence starts at 1 (0 means "no unpark")
    }

    /** Events waiting for an earlier sequence number, over all queues. */
    int pending() {
        return pending + parkQueue.count();
    }

    void monitorEvent(MonitorEvent e) {
        MonitorQueue q = monitors.get(e.monitor);
        if (q == null) {
            q = new MonitorQueue(e.monitor, counters);
            monitors.put(e.monitor, q);
        }
        int before = q.pending();
        q.add(e, dispatcher, summaries && periods > 0 ? periodEnd : Long.MAX_VALUE);
        if (q.pending() > maxPendingPerMonitor && q.fillableAtPeriod != periods) {
            while (q.pending() > maxPendingPerMonitor / 2) {
                if (periods > 0 && q.gapTime() >= periodEnd) {
                    q.fillableAtPeriod = periods;   // may still come: ask again after the next period
                    break;
                }
                if (!q.resync(dispatcher)) {
                    break;
                }
                counters.forcedResyncs++;
            }
        }
        pending += q.pending() - before;
        if (q.idle()) {
            monitors.remove(e.monitor);   // deflated and nothing waiting: the address may be reused
        }
        if (pending > maxPending) {
            shrink();
        }
    }

    /** The trace's schema defines MonitorReleaseSummary: its VM may summarize releases. */
    void releaseSummariesPossible() {
        summaries = true;
    }

    /** A drain period ended at {@code time}: every thread's events before it have been handed over. */
    void periodEnd(long time) {
        if (time > periodEnd) {
            periodEnd = time;
            periods++;
            periodListener.accept(time);
        }
    }

    /** Told every new period end (after the rearranger's own use of it). */
    void onPeriodEnd(java.util.function.LongConsumer listener) {
        periodListener = listener;
    }

    /** Skips gaps in the queues holding most, until a quarter of the bound is free again. */
    private void shrink() {
        while (pending > maxPending * 3L / 4) {
            MonitorQueue largest = null;
            for (MonitorQueue q : monitors.values()) {   // rare: only when the total bound is reached
                if (largest == null || q.pending() > largest.pending()) {
                    largest = q;
                }
            }
            if (largest == null) {
                return;
            }
            int before = largest.pending();
            if (!largest.resync(dispatcher)) {
                return;
            }
            counters.forcedResyncs++;
            pending += largest.pending() - before;
        }
    }

    void parkEvent(ParkEvent e) {
        if (!SequenceNumbers.possible(e.seq)) {   // the rule verify applies
            counters.implausibleSequenceNumbers++;
            return;
        }
        if (e.seq < parkQueue.next() || parkQueue.get(e.seq) != null) {
            counters.lateEvents++;
            return;
        }
        while (parkQueue.count() > 0
                && (parkQueue.span(e.seq) >= MonitorQueue.MAX_SPAN || parkQueue.count() >= maxPendingPerMonitor)) {
            skipParkGap();
        }
        if (parkQueue.span(e.seq) >= MonitorQueue.MAX_SPAN) {
            counters.skippedParkSequenceNumbers += e.seq - parkQueue.next();
            parkQueue.skipTo(e.seq);
        }
        parkQueue.put(e);
        deliverParks();
    }

    private void deliverParks() {
        ParkEvent e;
        while ((e = parkQueue.takeNext()) != null) {
            parks.deliver(e);
        }
    }

    private void skipParkGap() {
        long first = parkQueue.firstWaiting();
        if (first >= 0) {
            counters.skippedParkSequenceNumbers += first - parkQueue.next();
            parkQueue.skipTo(first);
            deliverParks();
        }
    }

    /** End of the trace: every gap is skipped and every monitor lifetime ended. */
    void finish() {
        for (MonitorQueue q : monitors.values()) {
            q.finish(dispatcher);
        }
        monitors.clear();
        pending = 0;
        while (parkQueue.count() > 0) {
            skipParkGap();
        }
        parks.finish();
    }
}
