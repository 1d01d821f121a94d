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

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.Schema;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceParser;
import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * The analysis engine (paper Figure 6): event parser, metadata resolver, event rearranger, intrinsic
 * lock dispatcher with one lock analyzer per monitor, park dispatcher, and a metadata barrier before the
 * contention sink. Fed one buffer at a time, either from a trace file ({@link #analyze}) or pushed by a
 * live drain ({@link #accept(EventBuffer)}); {@link #finish()} at the end. Memory is bounded by the
 * number of monitors and the configured bounds, not by the trace's length.
 *
 * <p>Not thread-safe: one thread feeds it. The sink's aggregation can be snapshotted at any time.
 */
public final class ContentionAnalysis {
    /**
     * Bounds, and the time window of the per-lock statistics in nanoseconds relative to the trace's start
     * (Long.MIN_VALUE / Long.MAX_VALUE: unbounded).
     */
    public record Options(int maxPendingPerMonitor, int maxPending, int maxHeldForMetadata, long statsFrom, long statsTo,
                          boolean ownerStates, long maxBlameParts, boolean foldParts) {
        public static Options defaults() {
            return new Options(400_000, 2_000_000, 20_000, Long.MIN_VALUE, Long.MAX_VALUE, false,
                    OwnerStateJoin.MAX_BLAME_PARTS, false);
        }

        public Options withStatisticsWindow(long from, long to) {
            return new Options(maxPendingPerMonitor, maxPending, maxHeldForMetadata, from, to, ownerStates, maxBlameParts, foldParts);
        }

        public Options withBounds(int perMonitor, int total, int held) {
            return new Options(perMonitor, total, held, statsFrom, statsTo, ownerStates, maxBlameParts, foldParts);
        }

        /**
         * Owner parts split by what their owners were doing, with root owners (the owner-state and
         * root-owner aspects; OwnerStateJoin). Off, every owner part is "running" and its own root: the
         * join costs analysis time and memory, so only users of those aspects ask for it.
         */
        public Options withOwnerStates(boolean on) {
            return new Options(maxPendingPerMonitor, maxPending, maxHeldForMetadata, statsFrom, statsTo, on, maxBlameParts, foldParts);
        }

        /**
         * A monitor contention's owner parts kept one per holder with their summed time once it has a few
         * (Contention#foldParts): for consumers that only sum parts by holder (reports, flame graphs,
         * pprof, the online report and profiles), not for those that ask for a part's interval (a time
         * window's clipping, what-if's holds). Ignored with owner states, which split parts by time.
         */
        public Options withFoldedParts(boolean on) {
            return new Options(maxPendingPerMonitor, maxPending, maxHeldForMetadata, statsFrom, statsTo, ownerStates,
                    maxBlameParts, on);
        }

        /** How many owner parts the owner-state join keeps for transitive blame (OwnerStateJoin.MAX_BLAME_PARTS). */
        public Options withBlameBound(long parts) {
            return new Options(maxPendingPerMonitor, maxPending, maxHeldForMetadata, statsFrom, statsTo, ownerStates, parts, foldParts);
        }

        /**
         * The owner-state join (on), keeping owner parts for transitive blame only with roots (the
         * root-owner aspects): owner-state alone keeps none, so its memory does not grow with how many
         * times owners barged past a blocked thread.
         */
        public Options withOwnerStates(boolean on, boolean roots) {
            return withOwnerStates(on).withBlameBound(roots ? OwnerStateJoin.MAX_BLAME_PARTS : 0);
        }
    }

    private final AnalysisCounters counters = new AnalysisCounters();
    private final MetadataResolver resolver = new MetadataResolver();
    private final MetadataBarrier barrier;
    private final OwnerStateJoin ownerStates;
    private ActivityListener activity = ActivityListener.NONE;
    private final IntrinsicLockDispatcher dispatcher;
    private final EventRearranger rearranger;
    private final ParkDispatcher parks;
    private final EventDecoder decoder;
    private boolean inBuffer;
    private boolean finished;
    private long definitionsAtBufferStart;
    private Schema schemaSeen;
    private final java.util.List<java.util.function.LongConsumer> startListeners = new java.util.ArrayList<>();

    public ContentionAnalysis(ContentionSink sink) {
        this(sink, Options.defaults());
    }

    public ContentionAnalysis(ContentionSink weighted, Options options) {
        // Every contention leaves with the trace's weight (sampling), whatever path it took.
        ContentionSink sink = c -> {
            c.weight(sampling);
            weighted.accept(c);
        };
        ownerStates = options.ownerStates() ? new OwnerStateJoin(sink, options.maxBlameParts()) : null;
        barrier = new MetadataBarrier(ownerStates != null ? ownerStates : sink, counters, options.maxHeldForMetadata());
        // Every finished contention is its thread's blocked interval: an owner state for other locks.
        ContentionSink finished = ownerStates == null ? barrier : c -> {
            ownerStates.observe(c);
            barrier.accept(c);
        };
        boolean fold = options.foldParts() && ownerStates == null;
        dispatcher = new IntrinsicLockDispatcher(finished, counters, options.statsFrom(), options.statsTo(), fold);
        parks = new ParkDispatcher(finished, counters, dispatcher::newAccumulator, fold);
        rearranger = new EventRearranger(dispatcher, parks, counters,
                options.maxPendingPerMonitor(), options.maxPending());
        decoder = new EventDecoder(resolver, rearranger);
        if (ownerStates != null) {
            rearranger.onPeriodEnd(ownerStates::settled);
        }
        // The owner-state join (when on) and whatever listener is set later (activityListener).
        ActivityListener join = ownerStates != null ? ownerStates : ActivityListener.NONE;
        ActivityListener both = new ActivityListener() {
            @Override
            public void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {
                join.threadStarted(thread, time, existedAtStart);
                activity.threadStarted(thread, time, existedAtStart);
            }

            @Override
            public void threadEnded(ThreadRef thread, long time) {
                join.threadEnded(thread, time);
                activity.threadEnded(thread, time);
            }

            @Override
            public void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {
                join.parked(thread, kind, from, to);
                activity.parked(thread, kind, from, to);
            }

            @Override
            public void waitStarted(ThreadRef thread, long time) {
                join.waitStarted(thread, time);
                activity.waitStarted(thread, time);
            }

            @Override
            public void waitEnded(ThreadRef thread, long time) {
                join.waitEnded(thread, time);
                activity.waitEnded(thread, time);
            }

            @Override
            public void vmPause(long time, long duration, int kind) {
                join.vmPause(time, duration, kind);
                activity.vmPause(time, duration, kind);
            }

            @Override
            public void parkedUntilEnd(ThreadRef thread, ParkBlockerKind kind, long from) {
                activity.parkedUntilEnd(thread, kind, from);
            }

            @Override
            public void cpuTime(ThreadRef thread, long time, long cpuNanos) {
                join.cpuTime(thread, time, cpuNanos);
                activity.cpuTime(thread, time, cpuNanos);
            }

            @Override
            public void readerHeld(LockRef lock, ThreadRef reader, ChainRef chain, long from, long to) {
                activity.readerHeld(lock, reader, chain, from, to);
            }
        };
        decoder.activityListener(both);
        parks.activityListener(both);
    }

    private long sampling = 1;

    /**
     * One in how many contentions the VM recorded (the header's sampling): each contention handed on
     * stands for that many. Call before the first buffer; {@link #analyze} does it from the header.
     */
    public void sampling(long oneIn) {
        if (oneIn < 1) {
            throw new IllegalArgumentException("sampling must be at least 1: " + oneIn);
        }
        sampling = oneIn;
        parks.sampled(oneIn > 1);
    }

    public long sampling() {
        return sampling;
    }

    /**
     * What the trace's header says about reading its events: the sampling and how monitor events are
     * numbered. Call before the first buffer; {@link #analyze} does it.
     */
    public void header(TraceHeader header) {
        sampling(header.sampling());
        decoder.splitNumbering(header.splitMonitorNumbering());
    }

    /**
     * The trace clock's value at the trace's start (the header's start.nanos): anchors the statistics
     * window. Call before the first buffer; {@link #analyze} does it from the header.
     */
    public void traceStart(long startNanos) {
        dispatcher.traceStart(startNanos);
        startListeners.forEach(l -> l.accept(startNanos));
    }

    /** Told the trace's start when it is known (e.g. a {@code ContentionFilter}'s window anchor). */
    public void onTraceStart(java.util.function.LongConsumer listener) {
        startListeners.add(listener);
    }

    /** Also tells the listener about thread lifetimes, parks and waits (timelines, bottle graphs). */
    public void activityListener(ActivityListener listener) {
        activity = listener;
    }

    /** Push API: one whole buffer, e.g. from the drain thread while the application runs. */
    public void accept(EventBuffer buffer) {
        schema(buffer.schema());
        startBuffer(buffer.writerThread());
        try {
            buffer.forEach(this::event);
        } finally {
            endBuffer();
        }
    }

    /** Starts a buffer whose events follow through {@link #event}. */
    public void startBuffer(long writerThread) {
        if (inBuffer) {
            endBuffer();
        }
        counters.buffers++;
        inBuffer = true;
        definitionsAtBufferStart = resolver.definitions();
        decoder.startBuffer(writerThread);
    }

    public void event(Event e) {
        counters.events++;
        decoder.event(e);
    }

    /**
     * The schema of the buffers that follow: one with MonitorReleaseSummary comes from a VM that may
     * summarize releases, whose successors can then arrive long before the summary (EventRearranger).
     */
    private void schema(Schema schema) {
        if (schema != schemaSeen) {
            schemaSeen = schema;
            if (schema.get(EventType.MONITOR_RELEASE_SUMMARY.id()) != null) {
                rearranger.releaseSummariesPossible();
            }
        }
    }

    /** Between buffers: the safe point for forgetting unloaded metadata, and for releasing held contentions. */
    public void endBuffer() {
        if (!inBuffer) {
            return;
        }
        inBuffer = false;
        resolver.safePoint();
        if (barrier.held() > 0 && resolver.definitions() != definitionsAtBufferStart) {
            barrier.recheck();
        }
    }

    /** End of the data: skips remaining gaps, ends every monitor lifetime, hands on everything held. */
    public void finish() {
        if (finished) {
            return;
        }
        endBuffer();
        rearranger.finish();
        barrier.finish();
        if (ownerStates != null) {
            ownerStates.finish();
        }
        finished = true;
    }

    public AnalysisCounters counters() {
        return counters;
    }

    /** Per-lock statistics so far (complete after {@link #finish()}). */
    public PerLockStatistics lockStatistics() {
        PerLockStatistics all = dispatcher.lockStatistics();
        parks.addStatistics(all);   // park-based locks (java.util.concurrent) in the same table
        return all;
    }

    /**
     * Every thread the trace named so far (ThreadStart, or any event of it), named or not: what a
     * thread filter can match.
     */
    public Collection<ThreadRef> threads() {
        return resolver.threads();
    }

    /** Latest timestamp seen in any event. */
    public long lastEventTime() {
        return decoder.lastTime();
    }

    /** A listener for {@link TraceParser}: the file-reading front end of the same pipeline. */
    public TraceParser.Listener listener() {
        return new TraceParser.Listener() {
            @Override
            public void buffer(EventBuffer buffer, long recordOffset) {
                schema(buffer.schema());
                startBuffer(buffer.writerThread());
            }

            @Override
            public void event(Event e) {
                ContentionAnalysis.this.event(e);
            }
        };
    }

    /** What {@link #analyze} read: the parser's result plus header facts the reports need. */
    public record TraceResult(TraceParser.Result parse, long startNanos, long endNanos) {
        /** The trace's start, or 0 for a trace without a header (startNanos is Long.MIN_VALUE then). */
        public long startOrZero() {
            return startNanos != Long.MIN_VALUE ? startNanos : 0;
        }
    }

    /**
     * Streams a trace file through the engine and finishes it. Whatever is readable of a damaged trace is
     * analysed; the result's problems say what was not. Throws only if the file cannot be read at all.
     */
    public TraceResult analyze(Path trace) throws IOException {
        long[] start = {Long.MIN_VALUE};
        TraceParser.Listener inner = listener();
        TraceParser.Result r = TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void header(TraceHeader header) {
                start[0] = header.startNanos();
                ContentionAnalysis.this.header(header);
                traceStart(start[0]);
            }

            @Override
            public void buffer(EventBuffer buffer, long recordOffset) {
                inner.buffer(buffer, recordOffset);
            }

            @Override
            public void event(Event e) {
                inner.event(e);
            }

            @Override
            public void end(Map<String, String> summary) {
                // the end record carries the VM's end time, used below
            }
        });
        finish();
        long end = Long.MIN_VALUE;
        if (r.end() != null) {
            try {
                end = Long.parseLong(r.end().getOrDefault("end.nanos", ""));
            } catch (NumberFormatException e) {
                end = Long.MIN_VALUE;
            }
        }
        if (end == Long.MIN_VALUE) {
            end = lastEventTime();
        }
        return new TraceResult(r, start[0], end);
    }
}
