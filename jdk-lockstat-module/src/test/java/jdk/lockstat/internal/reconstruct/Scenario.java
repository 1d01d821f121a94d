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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jdk.lockstat.internal.aggregate.AggregationTree;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportNode;

/**
 * Hand-built traces for the engine's tests, written with the real buffer encoder (and the real trace
 * writer when a file is needed). Times are nanoseconds after {@link TestTraces#START}.
 */
public final class Scenario {
    public static final long T0 = TestTraces.START;
    public static final long LOCK = 0x7f00aa00L;
    public static final long LOCK_CLASS = 0x600L, OTHER_CLASS = 0x700L;
    /** Threads 11, 12, 13 and their chains 111, 112, 113 (methods 1011, 1012, 1013). */
    public static final long T1 = 11, T2 = 12, T3 = 13;

    private final List<EventBufferBuilder> buffers = new ArrayList<>();
    private int bufferSeq;

    /** A new buffer of the given writer; buffers go to the file in creation order unless reordered. */
    public EventBufferBuilder buffer(long writer) {
        EventBufferBuilder b = new EventBufferBuilder(writer, bufferSeq++, T0);
        buffers.add(b);
        return b;
    }

    List<EventBufferBuilder> buffers() {
        return buffers;
    }

    /** Thread starts, classes, methods and chains for T1..T3 (chain 100+t: method 1000+t "holdN"). */
    public static void metadata(EventBufferBuilder b) {
        for (long t : new long[] {T1, T2, T3}) {
            b.event(EventType.THREAD_START, T0, t, 0, "worker-" + t);
        }
        b.event(EventType.CLASS, LOCK_CLASS, 0L, "demo.Lock");
        b.event(EventType.CLASS, 0x800L, 0L, "demo.Worker");
        for (long t : new long[] {T1, T2, T3}) {
            b.event(EventType.METHOD, 1000 + t, 0x800L, "hold" + t, "()V", 0L, "Worker.java");
            b.event(EventType.CALL_CHAIN, 100 + t, List.of(new Object[] {1000 + t, 5L, t, 0L},
                    new Object[] {1000 + t, 9L, 100L, 0L}));
        }
    }

    public static void inflate(EventBufferBuilder b, long time, long seq, long hash, long cls) {
        b.event(EventType.MONITOR_INFLATE, T0 + time, LOCK, seq, hash, cls);
    }

    public static void enter(EventBufferBuilder b, long time, long seq, long thread) {
        b.event(EventType.MONITOR_CONTENDED_ENTER, T0 + time, LOCK, seq, 100 + thread, 0);
    }

    public static void enterAfterWait(EventBufferBuilder b, long time, long seq, long thread) {
        b.event(EventType.MONITOR_CONTENDED_ENTER, T0 + time, LOCK, seq, 100 + thread, EventType.ENTER_AFTER_WAIT);
    }

    public static void entered(EventBufferBuilder b, long time, long seq) {
        b.event(EventType.MONITOR_CONTENDED_ENTERED, T0 + time, LOCK, seq);
    }

    public static void exit(EventBufferBuilder b, long time, long seq, long thread) {
        b.event(EventType.MONITOR_CONTENDED_EXIT, T0 + time, LOCK, seq, 100 + thread);
    }

    public static void deflate(EventBufferBuilder b, long time, long seq) {
        b.event(EventType.MONITOR_DEFLATE, T0 + time, LOCK, seq);
    }

    /** Runs the buffers through the push API in the given order; returns the contentions, after finish(). */
    static Result push(List<EventBufferBuilder> order) {
        return push(order, ContentionAnalysis.Options.defaults());
    }

    static Result push(List<EventBufferBuilder> order, ContentionAnalysis.Options options) {
        List<Contention> out = new ArrayList<>();
        ContentionAnalysis a = new ContentionAnalysis(out::add, options);
        a.traceStart(T0);
        for (EventBufferBuilder b : order) {
            a.accept(new EventBuffer(EventType.schema(), b.toByteBuffer()));
        }
        a.finish();
        return new Result(a, out);
    }

    Result push() {
        return push(buffers);
    }

    public Path write(Path dir, String name) throws IOException {
        return write(dir, name, true);
    }

    public Path write(Path dir, String name, boolean compress) throws IOException {
        return Files.write(dir.resolve(name), TestTraces.trace(compress, buffers.toArray(EventBufferBuilder[]::new)));
    }

    record Result(ContentionAnalysis analysis, List<Contention> contentions) {
        AnalysisCounters counters() {
            return analysis.counters();
        }

        Contention of(long thread) {
            return contentions.stream().filter(c -> c.thread().id() == thread).findFirst()
                    .orElseThrow(() -> new AssertionError("no contention of thread " + thread + " in " + contentions));
        }

        /** Aggregated by the aspects: key text to total nanos, depth-first, children indented by "/". */
        String by(String aspects) {
            AggregationTree tree = new AggregationTree(Aspect.parseList(aspects));
            contentions.forEach(tree::accept);
            StringBuilder sb = new StringBuilder();
            append(sb, tree.snapshot(), "");
            return sb.toString();
        }

        private static void append(StringBuilder sb, ReportNode n, String prefix) {
            for (ReportNode c : n.children()) {
                sb.append(prefix).append(c.key()).append('=').append(c.totalNanos()).append('\n');
                append(sb, c, prefix + c.key() + "/");
            }
        }
    }

    /**
     * T1 holds the lock; T2 blocks at 100, T3 at 150. T1 releases at 200 (T2 wakes at 210), T2 releases
     * at 300, T3 wakes at 320. T3 waited on two owners with two release-to-wake-up gaps.
     */
    public static Scenario twoOwners() {
        Scenario s = new Scenario();
        metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        inflate(b1, 50, 0, 0x1234, LOCK_CLASS);
        enter(b2, 100, 1, T2);
        enter(b3, 150, 2, T3);
        exit(b1, 200, 3, T1);
        entered(b2, 210, 4);
        exit(b2, 300, 5, T2);
        entered(b3, 320, 6);
        return s;
    }

    /** Parts as "owner:start-end" (owner thread id, or ? for unknown), relative to T0. */
    static String parts(Contention c) {
        StringBuilder sb = new StringBuilder();
        for (OwnerPart p : c.parts()) {
            sb.append(sb.isEmpty() ? "" : " ").append(p.owner() == null ? "?" : Long.toString(p.owner().id()))
              .append(':').append(p.start() - T0).append('-').append(p.end() - T0);
        }
        return sb.toString();
    }
}
