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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceClock;
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

    /** In creation order: what {@link #write} writes. */
    public List<EventBufferBuilder> buffers() {
        return buffers;
    }

    /** Thread starts, classes, methods and chains for T1..T3 (chain 100+t: method 1000+t "holdN"). */
    public static void metadata(EventBufferBuilder b) {
        workers(b);
        b.event(EventType.CLASS, LOCK_CLASS, 0L, "demo.Lock");
        b.event(EventType.CLASS, 0x800L, 0L, "demo.Worker");
        for (long t : new long[] {T1, T2, T3}) {
            b.event(EventType.METHOD, 1000 + t, 0x800L, "hold" + t, "()V", 0L, "Worker.java");
            b.event(EventType.CALL_CHAIN, 100 + t, List.of(new Object[] {1000 + t, 5L, t, 0L},
                    new Object[] {1000 + t, 9L, 100L, 0L}));
        }
    }

    /** ThreadStart of T1, T2 and T3, named worker-11, worker-12, worker-13. */
    public static void workers(EventBufferBuilder b) {
        for (long t : new long[] {T1, T2, T3}) {
            b.event(EventType.THREAD_START, T0, t, 0, "worker-" + t);
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
        return push(order, ContentionAnalysis.Options.defaults().withOwnerStates(true));
    }

    static Result push(List<EventBufferBuilder> order, ContentionAnalysis.Options options) {
        return push(order, options, null, null);
    }

    /** As {@link #push(List)}, for a trace with this header (null: none). */
    static Result push(List<EventBufferBuilder> order, jdk.lockstat.internal.format.TraceHeader header) {
        return push(order, ContentionAnalysis.Options.defaults().withOwnerStates(true), header, null);
    }

    /** As {@link #push()}, telling listener what threads did besides contending. */
    Result push(jdk.lockstat.internal.model.ActivityListener listener) {
        return push(buffers, ContentionAnalysis.Options.defaults().withOwnerStates(true), null, listener);
    }

    private static Result push(List<EventBufferBuilder> order, ContentionAnalysis.Options options,
                               jdk.lockstat.internal.format.TraceHeader header,
                               jdk.lockstat.internal.model.ActivityListener listener) {
        List<Contention> out = new ArrayList<>();
        ContentionAnalysis a = new ContentionAnalysis(out::add, options);
        if (header != null) {
            a.header(header);
        }
        if (listener != null) {
            a.activityListener(listener);
        }
        a.traceStart(T0);
        for (EventBufferBuilder b : order) {
            a.accept(new EventBuffer(EventType.schema(), b.toByteBuffer(), TraceClock.IDENTITY));
        }
        a.finish();
        return new Result(a, out);
    }

    Result push() {
        return push(buffers);
    }

    /** As {@link #push()}, for a trace with this header (a sampled one: its flag). */
    Result push(jdk.lockstat.internal.format.TraceHeader header) {
        return push(buffers, header);
    }

    public Path write(Path dir, String name) throws IOException {
        return write(dir, name, true);
    }

    public Path write(Path dir, String name, boolean compress) throws IOException {
        return Files.write(dir.resolve(name), TestTraces.trace(compress, buffers.toArray(EventBufferBuilder[]::new)));
    }

    /** The trace as a VM recording one in rate contentions would have written it (its header says so). */
    public Path writeSampled(Path dir, String name, long rate) throws IOException {
        java.util.Map<String, String> header = TestTraces.header();
        header.put(jdk.lockstat.internal.format.TraceHeader.SAMPLING_FLAG, Long.toString(rate));
        return Files.write(dir.resolve(name), TestTraces.trace(true, header, java.util.Map.of("end.nanos",
                Long.toString(TestTraces.START + 5_000_000_000L), "lost.buffers", "0", "buffers",
                Integer.toString(buffers.size()), "buffer.high.water", "1"), buffers.toArray(EventBufferBuilder[]::new)));
    }

    /** A trace of these buffers (some of a scenario's, or in another order) with this end record. */
    public static Path write(Path dir, String name, Map<String, String> end, List<EventBufferBuilder> buffers)
            throws IOException {
        return Files.write(dir.resolve(name), TestTraces.trace(true, end, buffers.toArray(EventBufferBuilder[]::new)));
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
        twoOwnersEvents(s, LOCK_CLASS);
        return s;
    }

    /** {@link #twoOwners()}'s monitor events, on a lock of class lockClass (its metadata the caller's). */
    public static void twoOwnersEvents(Scenario s, long lockClass) {
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        inflate(b1, 50, 0, 0x1234, lockClass);
        enter(b2, 100, 1, T2);
        enter(b3, 150, 2, T3);
        exit(b1, 200, 3, T1);
        entered(b2, 210, 4);
        exit(b2, 300, 5, T2);
        entered(b3, 320, 6);
    }

    /**
     * The A-1ms/B-6ms shape of the README: four threads share one monitor (class AB$Shared); ab-1 and ab-2
     * hold it for 1 ms in AB.holdA, ab-3 and ab-4 for 6 ms in AB.holdB. In each round one thread holds and
     * the next one (by number) blocks for the whole hold, entering the moment it is released; rounds go
     * round the four threads cycles times. So the owners' shares are exact: AB.holdB caused 6/7 of the
     * blocked time (12 of 14 ms a cycle), AB.holdA 1/7; while the blocked side is half and half (behind
     * each kind of hold one thread waits in holdA and one in holdB), and the wake-up gaps are empty.
     */
    public static Scenario holdAB(int cycles) {
        return holdAB(cycles, 1_000_000, 6_000_000);
    }

    /** {@link #holdAB(int)} with other hold times of AB.holdA and AB.holdB (ns). */
    public static Scenario holdAB(int cycles, long holdANanos, long holdBNanos) {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        long[] threads = {21, 22, 23, 24};
        for (int i = 0; i < threads.length; i++) {
            meta.event(EventType.THREAD_START, T0, threads[i], 0, "ab-" + (i + 1));
        }
        meta.event(EventType.CLASS, LOCK_CLASS, 0L, "AB$Shared");
        meta.event(EventType.CLASS, 0x810L, 0L, "AB");
        meta.event(EventType.METHOD, 2001L, 0x810L, "holdA", "()V", 0L, "AB.java");
        meta.event(EventType.METHOD, 2002L, 0x810L, "holdB", "()V", 0L, "AB.java");
        meta.event(EventType.METHOD, 2003L, 0x810L, "run", "()V", 0L, "AB.java");
        // blocked at the synchronized statement (301 holdA, 302 holdB); released at its end (311, 312)
        meta.event(EventType.CALL_CHAIN, 301L, List.of(new Object[] {2001L, 2L, 12L, 0L}, new Object[] {2003L, 4L, 30L, 0L}));
        meta.event(EventType.CALL_CHAIN, 302L, List.of(new Object[] {2002L, 2L, 20L, 0L}, new Object[] {2003L, 9L, 31L, 0L}));
        meta.event(EventType.CALL_CHAIN, 311L, List.of(new Object[] {2001L, 8L, 14L, 0L}, new Object[] {2003L, 4L, 30L, 0L}));
        meta.event(EventType.CALL_CHAIN, 312L, List.of(new Object[] {2002L, 8L, 22L, 0L}, new Object[] {2003L, 9L, 31L, 0L}));
        EventBufferBuilder[] b = new EventBufferBuilder[threads.length];
        for (int i = 0; i < threads.length; i++) {
            b[i] = s.buffer(threads[i]);
        }
        b[0].event(EventType.MONITOR_INFLATE, T0 + 10, LOCK, 0L, 0xab5L, LOCK_CLASS);
        long t = 1_000, seq = 1;
        for (int round = 0; round < 4 * cycles; round++) {
            int holder = round % 4, waiter = (round + 1) % 4;
            boolean a = holder < 2;
            long hold = a ? holdANanos : holdBNanos;
            b[waiter].event(EventType.MONITOR_CONTENDED_ENTER, T0 + t, LOCK, seq++, waiter < 2 ? 301L : 302L, 0);
            b[holder].event(EventType.MONITOR_CONTENDED_EXIT, T0 + t + hold, LOCK, seq++, a ? 311L : 312L);
            b[waiter].event(EventType.MONITOR_CONTENDED_ENTERED, T0 + t + hold, LOCK, seq++);
            t += hold;
        }
        return s;
    }

    /**
     * A ReentrantLock (park-based) whose chains start in the locking mechanism, as real ones do. T2 parks in
     * Shop.buy (chain 401: Unsafe.park, LockSupport.park, AQS.acquire, ReentrantLock$Sync.lock,
     * ReentrantLock.lock, then Shop.buy, Shop.run) at 100; T1 unlocks in Shop.sell at 200 (chain 411:
     * Unsafe.unpark, LockSupport.unpark, AQS.signalNext line 645, AQS.release, ReentrantLock.unlock, then
     * Shop.sell, Shop.run); T2 wakes at 210. T3 parks in Shop.buy at 300; T2 unlocks in Shop.sell at 400
     * with chain 412, which differs from 411 only in a mechanism frame (AQS.signalNext line 650); T3
     * wakes at 410. Owners: T1 100 ns, T2 100 ns, unknown 2 x 10 ns.
     */
    public static Scenario reentrantLock() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        metadata(meta);
        long unsafe = 0x901L, support = 0x902L, aqs = 0x903L, lock = 0x904L, sync = 0x905L, shop = 0x906L;
        meta.event(EventType.CLASS, unsafe, 0L, "jdk.internal.misc.Unsafe");
        meta.event(EventType.CLASS, support, 0L, "java.util.concurrent.locks.LockSupport");
        meta.event(EventType.CLASS, aqs, 0L, "java.util.concurrent.locks.AbstractQueuedSynchronizer");
        meta.event(EventType.CLASS, lock, 0L, "java.util.concurrent.locks.ReentrantLock");
        meta.event(EventType.CLASS, sync, 0L, "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        meta.event(EventType.CLASS, shop, 0L, "demo.Shop");
        Object[][] methods = {{3001L, unsafe, "park", "Unsafe.java"}, {3002L, unsafe, "unpark", "Unsafe.java"},
            {3003L, support, "park", "LockSupport.java"}, {3004L, support, "unpark", "LockSupport.java"},
            {3005L, aqs, "acquire", "AbstractQueuedSynchronizer.java"}, {3006L, aqs, "signalNext", "AbstractQueuedSynchronizer.java"},
            {3007L, aqs, "release", "AbstractQueuedSynchronizer.java"}, {3008L, lock, "lock", "ReentrantLock.java"},
            {3009L, lock, "unlock", "ReentrantLock.java"}, {3010L, sync, "lock", "ReentrantLock.java"},
            {3011L, shop, "buy", "Shop.java"}, {3012L, shop, "sell", "Shop.java"}, {3013L, shop, "run", "Shop.java"}};
        for (Object[] m : methods) {
            meta.event(EventType.METHOD, m[0], m[1], m[2], "()V", 0L, m[3]);
        }
        meta.event(EventType.CALL_CHAIN, 401L, List.of(new Object[] {3001L, -1L, -1L, 1L}, new Object[] {3003L, 14L, 221L, 0L},
                new Object[] {3005L, 200L, 754L, 0L}, new Object[] {3010L, 10L, 153L, 0L}, new Object[] {3008L, 4L, 322L, 0L},
                new Object[] {3011L, 6L, 20L, 0L}, new Object[] {3013L, 3L, 50L, 0L}));
        for (long[] c : new long[][] {{411L, 645L}, {412L, 650L}}) {
            meta.event(EventType.CALL_CHAIN, c[0], List.of(new Object[] {3002L, -1L, -1L, 1L}, new Object[] {3004L, 9L, 177L, 0L},
                    new Object[] {3006L, 30L, c[1], 0L}, new Object[] {3007L, 12L, 1007L, 0L}, new Object[] {3009L, 5L, 494L, 0L},
                    new Object[] {3012L, 20L, 31L, 0L}, new Object[] {3013L, 9L, 51L, 0L}));
        }
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        long blocker = sync, hash = 0x5151;
        b2.event(EventType.PARK_BEGIN, T0 + 100, 1L, hash, blocker, 0, 0L, 401L, 0);
        b1.event(EventType.UNPARK, T0 + 200, 2L, T2, 411L, 0L, 0L);
        b2.event(EventType.PARK_END, T0 + 210, 3L, 2L, 0);
        b3.event(EventType.PARK_BEGIN, T0 + 300, 4L, hash, blocker, 0, 0L, 401L, 0);
        b2.event(EventType.UNPARK, T0 + 400, 5L, T3, 412L, 0L, 0L);
        b3.event(EventType.PARK_END, T0 + 410, 6L, 5L, 0);
        return s;
    }

    /** The threads blocked in {@link #barging}. */
    public static final long B1 = 14, B2 = 15;
    /** {@link #barging}'s releases: seq, time, owner thread, owner chain. The first is the stretch's head. */
    static final long[][] BARGING_RELEASES = {
        {3, 200, T1, 111}, {4, 230, T2, 112}, {5, 300, T3, 111}, {6, 290, T1, 111}, {7, 400, T2, 112},
        {8, 460, T3, 112}, {9, 470, T1, 111}, {10, 520, T2, 112}, {11, 600, T3, 111}};

    /**
     * {@link #barging}'s beginning: metadata, the owners' buffers (into owners, by thread), the inflate,
     * and B1 and B2 blocking at 100 and 150 (seq 1, 2); returns B1's and B2's buffers.
     */
    private static EventBufferBuilder[] bargingStart(Scenario s, Map<Long, EventBufferBuilder> owners) {
        EventBufferBuilder meta = s.buffer(0);
        metadata(meta);
        for (long t : new long[] {B1, B2}) {
            meta.event(EventType.THREAD_START, T0, t, 0, "blocked-" + t);
            meta.event(EventType.METHOD, 1000 + t, 0x800L, "hold" + t, "()V", 0L, "Worker.java");
            meta.event(EventType.CALL_CHAIN, 100 + t, List.<Object[]>of(new Object[] {1000 + t, 5L, t, 0L}));
        }
        for (long t : new long[] {T1, T2, T3}) {
            owners.put(t, s.buffer(t));
        }
        EventBufferBuilder b1 = s.buffer(B1), b2 = s.buffer(B2);
        inflate(owners.get(T1), 50, 0, 0x1234, LOCK_CLASS);
        enter(b1, 100, 1, B1);
        enter(b2, 150, 2, B2);
        return new EventBufferBuilder[] {b1, b2};
    }

    /**
     * Barging owners, the stretch a MonitorReleaseSummary stands for: B1 blocks at 100 and B2 at 150
     * (seq 1, 2); then 9 releases in a row ({@link #BARGING_RELEASES}: seq 3..11, by T1 with chain 111,
     * T2 with 112 and T3 with 111 and 112 by turns; at 290 the clock stepped back); B1 wakes at 610
     * (seq 12), releases at 700 (13, chain 114) and B2 wakes at 720 (14). Buffers: metadata, T1, T2,
     * T3, B1, B2, each with its own events; summarized: releases 4..11 as one summary after the head
     * (seq 3), as the VM writes them, in a last buffer of B1's (the thread that closed the stretch).
     */
    public static Scenario barging(boolean summarized) {
        Scenario s = new Scenario();
        Map<Long, EventBufferBuilder> owners = new LinkedHashMap<>();
        EventBufferBuilder[] blocked = bargingStart(s, owners);
        EventBufferBuilder b1 = blocked[0], b2 = blocked[1];
        for (long[] r : BARGING_RELEASES) {
            if (!summarized || r[0] == BARGING_RELEASES[0][0]) {
                owners.get(r[2]).event(EventType.MONITOR_CONTENDED_EXIT, T0 + r[1], LOCK, r[0], r[3]);
            }
        }
        entered(b1, 610, 12);
        exit(b1, 700, 13, B1);
        entered(b2, 720, 14);
        if (summarized) {
            long[][] covered = java.util.Arrays.copyOfRange(BARGING_RELEASES, 1, BARGING_RELEASES.length);
            summary(s.buffer(B1), BARGING_RELEASES[0][1], covered);
        }
        return s;
    }

    /**
     * {@link #barging}'s releases as the VM writes them since runs (storage/lockStatReleaseRun.hpp): the
     * head (seq 3) on its own; then each owner thread's releases in the stretch as one run summary in its
     * own buffer, numbered with its first release in the order the threads first released (T2 4, T3 5,
     * T1 6), its owner parts per chain, each from the previous release's time (a running maximum);
     * then B1 wakes at 610 (7), releases at 700 (8) and B2 wakes at 720 (9).
     */
    public static Scenario bargingRuns() {
        return bargingRuns(0);
    }

    /** {@link #bargingRuns()} with damage nanoseconds added to T2's run (a corrupt duration). */
    static Scenario bargingRuns(long damage) {
        Scenario s = new Scenario();
        Map<Long, EventBufferBuilder> owners = new LinkedHashMap<>();
        EventBufferBuilder[] blocked = bargingStart(s, owners);
        EventBufferBuilder b1 = blocked[0], b2 = blocked[1];
        long[] head = BARGING_RELEASES[0];
        owners.get(head[2]).event(EventType.MONITOR_CONTENDED_EXIT, T0 + head[1], LOCK, head[0], head[3]);
        // per thread, in the order of their first release: per chain {releases, duration}, and the run's time
        Map<Long, Map<Long, long[]>> runs = new LinkedHashMap<>();
        Map<Long, Long> times = new LinkedHashMap<>();
        long latest = head[1];
        for (int i = 1; i < BARGING_RELEASES.length; i++) {
            long[] r = BARGING_RELEASES[i];
            long[] o = runs.computeIfAbsent(r[2], k -> new LinkedHashMap<>()).computeIfAbsent(r[3], k -> new long[2]);
            o[0]++;
            o[1] += Math.max(0, r[1] - latest);
            latest = Math.max(latest, r[1]);
            times.put(r[2], latest);
        }
        long seq = head[0] + 1;
        for (Map.Entry<Long, Map<Long, long[]>> run : runs.entrySet()) {
            List<Object[]> list = new ArrayList<>();
            run.getValue().forEach((chain, o) -> list.add(new Object[] {run.getKey(), chain, o[0],
                    o[1] + (run.getKey() == T2 ? damage : 0)}));
            owners.get(run.getKey()).event(EventType.MONITOR_RELEASE_SUMMARY, T0 + times.get(run.getKey()), LOCK, seq++, 1L,
                    0L, EventType.RELEASE_SUMMARY_RUN, list);
        }
        entered(b1, 610, seq++);
        exit(b1, 700, seq++, B1);
        entered(b2, 720, seq);
        return s;
    }

    /**
     * Writes releases (seq, time, thread, chain; consecutive numbers) as the VM summarizes them after a
     * head released at headTime: per owner thread and chain in order of appearance, the releases and
     * the sum of max(0, time - the latest earlier time); the summary's time is the latest.
     */
    static void summary(EventBufferBuilder b, long headTime, long[][] releases) {
        Map<List<Long>, long[]> owners = new LinkedHashMap<>();
        long latest = headTime;
        for (long[] r : releases) {
            long[] o = owners.computeIfAbsent(List.of(r[2], r[3]), k -> new long[2]);
            o[0]++;
            o[1] += Math.max(0, r[1] - latest);
            latest = Math.max(latest, r[1]);
        }
        List<Object[]> list = new ArrayList<>();
        owners.forEach((k, o) -> list.add(new Object[] {k.get(0), k.get(1), o[0], o[1]}));
        b.event(EventType.MONITOR_RELEASE_SUMMARY, T0 + latest, LOCK, releases[0][0], (long) releases.length, 0L, 0, list);
    }

    /** Calls each with every order of the list (a copy each time). */
    static <T> void permutations(List<T> list, java.util.function.Consumer<List<T>> each) {
        permute(new ArrayList<>(list), 0, each);
    }

    private static <T> void permute(List<T> list, int from, java.util.function.Consumer<List<T>> each) {
        if (from == list.size()) {
            each.accept(List.copyOf(list));
            return;
        }
        for (int i = from; i < list.size(); i++) {
            java.util.Collections.swap(list, from, i);
            permute(list, from + 1, each);
            java.util.Collections.swap(list, from, i);
        }
    }

    /** Parts as "owner:start-end" (owner thread id, or ? for unknown), relative to T0. */
    static String parts(Contention c) {
        StringBuilder sb = new StringBuilder();
        for (OwnerPart p : c.parts()) {
            sb.append(sb.isEmpty() ? "" : " ").append(p.owner() == null ? (p.handOff() ? "~" : "?") : Long.toString(p.owner().id()))
              .append(':').append(p.start() - T0).append('-').append(p.end() - T0);
        }
        return sb.toString();
    }
}
