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

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import jdk.lockstat.internal.query.LockRows;
import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceParser;
import jdk.lockstat.internal.format.TraceReader;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;

/**
 * A trace opened for interactive exploration (the viewer): one streaming pass of the analysis engine
 * fills a {@link ContentionCube} (drill-down trees in any aspect order and time range) and a
 * {@link ThreadActivity} (timelines, bottle graphs) on a shared {@link TimeAxis}, plus the per-lock
 * statistics. Both can be read while the pass runs, so a large trace shows a tree long before it is
 * read to the end. Memory is bounded like the engine's, plus the cube's rows.
 */
public final class TraceModel {
    /** Told how far the pass is; return true to cancel it. */
    public interface Progress {
        void read(long bytesRead, long bytesTotal, long events);

        default boolean cancelled() {
            return false;
        }
    }

    private final Path file;
    private final TimeAxis axis = new TimeAxis();
    private final ContentionCube cube = new ContentionCube(axis);
    private final ThreadActivity activity = new ThreadActivity(axis);
    private final ContentionAnalysis analysis;
    private volatile TraceParser.Result result;
    private volatile TraceHeader header;
    private volatile long startNanos = Long.MIN_VALUE, endNanos = Long.MIN_VALUE;

    private TraceModel(Path file, boolean contentions) {
        this.file = file;
        // With contentions every aspect can be chosen in the viewer, owner state and root owners included.
        analysis = contentions ? new ContentionAnalysis(c -> {
            cube.accept(c);
            activity.sink().accept(c);
        }, ContentionAnalysis.Options.defaults().withOwnerStates(true)) : new ContentionAnalysis(activity.sink());
        analysis.activityListener(activity.listener());
    }

    /** A model to be filled by {@link #load}; the cube and activity may be read meanwhile. */
    public static TraceModel of(Path file) {
        return new TraceModel(file, true);
    }

    /**
     * A model of the threads' activity alone (timelines, bottle graphs; the per-lock statistics too): its
     * cube stays empty and no owner states are joined, so its memory does not grow with the contentions'
     * owner parts (a bottle graph of 16 barging threads: 6.3 GB and 65 s with the whole model).
     */
    public static TraceModel activityOf(Path file) {
        return new TraceModel(file, false);
    }

    /**
     * Reads the whole trace. Damage is not an exception: {@link #problems()} says what could not be read
     * and the model holds what could. Throws IOException only when the file cannot be read at all, and
     * CancellationException when progress cancelled it (the model then holds what was read so far).
     */
    public TraceModel load(Progress progress) throws IOException {
        long total = Files.size(file);
        long[] read = {0};
        long[] events = {0};
        BooleanSupplier cancelled = progress::cancelled;
        InputStream counting = new FilterInputStream(Files.newInputStream(file)) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    read[0]++;
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    read[0] += n;
                }
                return n;
            }
        };
        TraceParser.Listener inner = analysis.listener();
        try {
            parse(counting, inner, progress, cancelled, read, total, events);
        } catch (CancellationException e) {
            // Cancelled is truncated here: hand on what the engine still holds, so the views show it all.
            analysis.finish();
            activity.finish(analysis.lastEventTime());
            throw e;
        }
        analysis.finish();
        if (endNanos == Long.MIN_VALUE) {
            endNanos = analysis.lastEventTime();
        }
        activity.finish(endNanos);
        progress.read(total, total, events[0]);
        return this;
    }

    private void parse(InputStream counting, TraceParser.Listener inner, Progress progress, BooleanSupplier cancelled,
                       long[] read, long total, long[] events) throws IOException {
        try (TraceReader reader = new TraceReader(new java.io.BufferedInputStream(counting, 1 << 16))) {
            result = TraceParser.parse(reader, new TraceParser.Listener() {
                @Override
                public void header(TraceHeader h) {
                    header = h;
                    startNanos = h.startNanos();
                    axis.start(startNanos);
                    analysis.header(h);
                    analysis.traceStart(startNanos);
                }

                @Override
                public void buffer(EventBuffer buffer, long recordOffset) {
                    if (cancelled.getAsBoolean()) {
                        throw new CancellationException("cancelled after " + read[0] + " bytes");
                    }
                    progress.read(read[0], total, events[0]);
                    inner.buffer(buffer, recordOffset);
                }

                @Override
                public void event(Event e) {
                    events[0]++;
                    inner.event(e);
                }

                @Override
                public void end(Map<String, String> summary) {
                    try {
                        endNanos = Long.parseLong(summary.getOrDefault("end.nanos", ""));
                    } catch (NumberFormatException e) {
                        endNanos = Long.MIN_VALUE;
                    }
                }
            });
        }
    }

    public Path file() {
        return file;
    }

    public ContentionCube cube() {
        return cube;
    }

    public ThreadActivity activity() {
        return activity;
    }

    public TimeAxis axis() {
        return axis;
    }

    /** Per-lock statistics (complete once loaded). */
    public LockStatistics lockStatistics() {
        return LockRows.of(analysis.lockStatistics());
    }

    /** Events analysed so far (all of them once loaded). */
    public long events() {
        return analysis.counters().events();
    }

    /**
     * What the analysis left out or could not attribute, one sentence each (the notes every report
     * prints under its tree); complete once loaded.
     */
    public List<String> notes() {
        return analysis.counters().notes();
    }

    /**
     * One in how many contentions the trace recorded: the cube's counts and times are scaled by it; the
     * threads' timelines (and so bottle graphs) show only the recorded contentions. 1: all of them.
     */
    public long sampling() {
        return header != null ? header.sampling() : 1;
    }

    /** The traced VM's number of available processors (the header's cpus property); 0 when unknown. */
    public int cpus() {
        TraceHeader h = header;
        return h == null ? 0 : h.cpus();
    }

    /** Whether the trace is loaded and ends with its end record (false while loading). */
    public boolean complete() {
        TraceParser.Result r = result;
        return r != null && r.complete();
    }

    /** What could not be read (empty for an intact trace, or while loading). */
    public List<String> problems() {
        TraceParser.Result r = result;
        if (r == null) {
            return List.of();
        }
        if (!r.complete() && r.intact()) {
            return List.of("the trace has no end record (the VM did not close it): it may end early");
        }
        return r.problems();
    }

    public long startNanos() {
        return startNanos == Long.MIN_VALUE ? axis.startNanos() : startNanos;
    }

    /** The trace's end (the end record's, else the last event's); MIN_VALUE while loading. */
    public long endNanos() {
        return endNanos;
    }

    /** Bucket range covering the whole trace. */
    public int lastBucket() {
        long end = endNanos != Long.MIN_VALUE ? endNanos : analysis.lastEventTime();
        return Math.min(TimeAxis.BUCKETS, axis.bucket(end) + 1);
    }
}
