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

package jdk.lockstat.internal.recorder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.query.ContentionSummary;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.Schema;
import jdk.lockstat.internal.format.TraceClock;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.ReportNode;

/**
 * Online mode (paper 3.1 and 5.3; -XX:TraceLockContentionReport=FILE): the drain hands every buffer to
 * the same analysis engine that lockstat report uses, while the application runs; no trace file is
 * needed. The report (default aspects) is written at exit; {@code jcmd <pid> LockStat.report} prints
 * it so far, by any aspects.
 */
final class OnlineReport implements BufferSink {
    private static volatile OnlineReport current;

    private final String path;
    private final Schema schema = EventType.schema();
    /** The trace header's clock: the engine works in nanoseconds, the VM's buffers hold counter ticks. */
    private final TraceClock clock;
    // The default aspects exactly; any other aspects from the summary (see ContentionSummary on counts).
    private final AggregationTree tree = new AggregationTree(Aspect.parseList(ReportFormat.DEFAULT_ASPECTS));
    private final ContentionSummary summary = new ContentionSummary();
    private final ContentionAnalysis analysis;
    private volatile boolean ended;
    private long buffersWithoutHeap;   // not (or not wholly) analysed: the application had exhausted the heap

    private OnlineReport(String path, TraceHeader header) {
        this.path = path;
        this.clock = TraceClock.of(header);
        this.analysis = new ContentionAnalysis(c -> {
            tree.accept(c);
            summary.accept(c);
        }, boundsFor(Runtime.getRuntime().maxMemory()));
        analysis.header(header);
        analysis.traceStart(LockStatVM.startNanos());
    }

    /**
     * The analysis runs in the application's heap, so the events it may hold back for reordering (a
     * gap left by a lost buffer holds everything behind it until the bound) are a share of that heap:
     * an eighth at most, about 80 bytes an event, never more than lockstat's own bounds. With the
     * offline bounds, a 32 MB application whose buffers were lost ran out of heap for the analysis.
     */
    static ContentionAnalysis.Options boundsFor(long maxHeapBytes) {
        ContentionAnalysis.Options offline = ContentionAnalysis.Options.defaults();
        long events = maxHeapBytes / 8 / 80;
        int total = Math.clamp(events, 20_000, offline.maxPending());
        int perMonitor = Math.clamp(total / 2, 10_000, offline.maxPendingPerMonitor());
        int heldForMetadata = Math.clamp(total / 100, 1_000, offline.maxHeldForMetadata());
        // Both users (this report and the periodic profiles) sum owner parts by holder: folded, a hot
        // monitor's open contentions keep a part per holder, not one per barging acquisition.
        return offline.withBounds(perMonitor, total, heldForMetadata).withFoldedParts(true);
    }

    static BufferSink start(String path, TraceHeader header) {
        OnlineReport r = new OnlineReport(path, header);
        current = r;
        return r;
    }

    @Override
    public void buffer(ByteBuffer vmBuffer) throws IOException {
        if (!feed(analysis, schema, clock, vmBuffer, "online analysis")) {
            buffersWithoutHeap++;   // its events are missing from the analysis, as a lost buffer's are; the report says so
        }
    }

    /**
     * A VM buffer into an analysis in the application's heap (the online report's, the periodic profiles');
     * false when the heap had no room for it. A copy: the engine may keep events past this call, and the VM
     * reuses its buffer. A bug in the analysis must not end tracing into a trace file as well: only the
     * sink ends (the IOException names what failed).
     */
    static boolean feed(ContentionAnalysis analysis, Schema schema, TraceClock clock, ByteBuffer vmBuffer, String what)
            throws IOException {
        try {
            ByteBuffer copy = ByteBuffer.allocate(vmBuffer.remaining());
            copy.put(vmBuffer).flip();
            analysis.accept(new EventBuffer(schema, copy, clock));
            return true;
        } catch (OutOfMemoryError e) {
            return false;
        } catch (RuntimeException e) {
            throw new IOException(what + " failed: " + e, e);
        }
    }

    @Override
    public void periodEnd() {
        // nothing to flush: the aggregation is in memory
    }

    @Override
    public void end(Map<String, String> endProperties) throws IOException {
        try {
            analysis.finish();
        } catch (RuntimeException e) {
            throw new IOException("online analysis failed: " + e, e);
        }
        ended = true;
        String format = formatOf(path);
        String text = render(format, Aspect.parseList(ReportFormat.DEFAULT_ASPECTS), Integer.MAX_VALUE);
        Path file;
        try {
            file = Path.of(path).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new IOException("invalid report path " + path, e);
        }
        try (FileChannel channel = TraceFileOpener.open(file)) {
            ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }
    }

    @Override
    public String fail(IOException e) {
        current = null;
        return "lock contention report " + path + ": " + Startup.describe(e);
    }

    /** text, unless the file name ends in .json or .csv. */
    static String formatOf(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return lower.endsWith(".json") ? "json" : lower.endsWith(".csv") ? "csv" : "text";
    }

    private String render(String format, List<Aspect> aspects, int top) {
        ReportNode[] trees = aspects.equals(tree.aspects())
                ? new ReportNode[] {tree.snapshot(), tree.afterWaitSnapshot()}
                : summary.report(aspects);
        String name = "online analysis of process " + ProcessHandle.current().pid() + (ended ? ", at exit" : ", so far");
        List<String> notes = new ArrayList<>(analysis.counters().notes());
        if (buffersWithoutHeap > 0) {
            notes.add(buffersWithoutHeap + " event buffer(s) not analysed: the application had exhausted the heap");
        }
        ReportFormat.Source source = new ReportFormat.Source(name, "", "null", Set.of(), ended, List.of(), notes,
                analysis.sampling());
        return ReportFormat.render(format, source, aspects, trees[0], trees[1], top, 0);
    }

    /** Whether an online analysis is running (not one that ended with its recording). */
    static boolean isOn() {
        OnlineReport r = current;
        return r != null && !r.ended;
    }

    /** jcmd LockStat.report (through Control): the report so far as text, or why there is none. */
    static String dcmdReport(String by, long top, String format) {
        OnlineReport r = current;
        if (r == null) {
            return "LockStat: tracing is off (start it with jcmd <pid> LockStat.start, or run with -XX:+TraceLockContention)\n";
        }
        List<Aspect> aspects;
        try {
            aspects = Aspect.parseList(by == null || by.isBlank() ? ReportFormat.DEFAULT_ASPECTS : by.trim());
        } catch (IllegalArgumentException e) {
            return "LockStat.report: by: " + e.getMessage() + " (aspects: " + Aspect.names() + ")\n";
        }
        LockStatVM.excludeCurrentThread(true);   // waiting for the drain is not application contention
        try {
            // Everything up to now: threads' partly filled buffers too, then through the engine.
            LockStatVM.collect();
            Drain drain = Drain.instance();
            if (drain != null && !drain.drainNow(5_000)) {
                return "LockStat.report: the drain is busy; try again\n";
            }
            return r.render(format, aspects, top <= 0 || top > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) top);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "LockStat.report: interrupted\n";
        } catch (RuntimeException e) {
            return "LockStat.report: failed: " + e + "\n";
        } finally {
            LockStatVM.excludeCurrentThread(false);
        }
    }
}
