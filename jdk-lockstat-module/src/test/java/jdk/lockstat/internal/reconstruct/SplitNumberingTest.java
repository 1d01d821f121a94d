/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Split numbering (docs/trace-format.md, "Monitor sequence numbers"): owner-side events know their place
 * (owner-side numbers before them plus the enter-side count they read), contended enters only their
 * enter-side number. The monitor queue must deliver every event in the one order the single counter
 * gave, whatever order the buffers bring them in, with each enter at its place.
 */
class SplitNumberingTest {
    private static final long ADDRESS = 0x7f00_0000_1000L;
    private static final ThreadRef OWNER = new ThreadRef(1);
    private static final ThreadRef WAITER = new ThreadRef(2);
    private static final ThreadRef OTHER = new ThreadRef(3);

    /** What the queue handed on: each event's kind and place, the gaps and ended lifetimes. */
    private static final class Recorder implements MonitorQueue.Target {
        final List<String> delivered = new ArrayList<>();
        int gaps;
        int lifetimes;

        @Override
        public void deliver(long address, MonitorEvent e) {
            delivered.add(name(e.kind) + "@" + e.seq + (e.kind == MonitorEvent.ENTER ? "/t" + e.thread.id() : ""));
        }

        @Override
        public void gap(long address) {
            gaps++;
        }

        @Override
        public void lifetimeEnded(long address, boolean endOfTrace) {
            lifetimes++;
        }
    }

    private static String name(int kind) {
        return switch (kind) {
            case MonitorEvent.INFLATE -> "inflate";
            case MonitorEvent.DEFLATE -> "deflate";
            case MonitorEvent.ENTER -> "enter";
            case MonitorEvent.ENTERED -> "entered";
            case MonitorEvent.EXIT -> "exit";
            case MonitorEvent.RELEASE_SUMMARY -> "summary";
            default -> "kind" + kind;
        };
    }

    // The decoder's mapping (EventDecoder.monitor), written out: enter-side events at their own number
    // plus the owner side's count they read, owner-side ones at their number plus the enter side's.
    private static MonitorEvent inflate(long time, long enterSeq, long ownerSeq) {
        return new MonitorEvent(MonitorEvent.INFLATE, time, ADDRESS, enterSeq + ownerSeq, enterSeq, OTHER, null, 0, 0, null);
    }

    private static MonitorEvent deflate(long time, long enterSeq, long ownerSeq) {
        return new MonitorEvent(MonitorEvent.DEFLATE, time, ADDRESS, enterSeq + ownerSeq, enterSeq, OTHER, null, 0, 0, null);
    }

    private static MonitorEvent enter(long time, long enterSeq, ThreadRef t) {
        return MonitorEvent.unplacedEnter(time, ADDRESS, enterSeq, t, null, 0);
    }

    private static MonitorEvent owner(int kind, long time, long ownerSeq, long enterSeq, ThreadRef t) {
        return new MonitorEvent(kind, time, ADDRESS, ownerSeq + enterSeq, enterSeq, t, null, 0, 0, null);
    }

    private static MonitorEvent summary(long time, long ownerSeq, long count, long enterSeq) {
        return new ReleaseSummary(time, ADDRESS, ownerSeq + enterSeq, enterSeq, count, OTHER, List.of(), false);
    }

    private static Recorder run(List<MonitorEvent> arrival) {
        AnalysisCounters counters = new AnalysisCounters();
        MonitorQueue q = new MonitorQueue(ADDRESS, counters);
        Recorder r = new Recorder();
        for (MonitorEvent e : arrival) {
            q.add(e, r, Long.MAX_VALUE);
        }
        q.finish(r);
        assertEquals(0, counters.lateEvents(), "late events");
        assertEquals(0, q.pending(), "events counted as waiting after the end");
        return r;
    }

    /** Every order of arrival delivers the one order. */
    private static void everyArrivalOrder(List<MonitorEvent> events, List<String> expected) {
        Scenario.permutations(events, arrival -> {
            Recorder r = run(arrival);
            assertEquals(expected, r.delivered, "arrival " + arrival);
            assertEquals(0, r.gaps, "gaps with arrival " + arrival);
        });
    }

    /**
     * Scenario.twoOwners numbered as a VM with split numbering numbers it, through the decoder and the
     * whole analysis: the same owner parts as with one counter, whichever buffer comes first.
     */
    @Test
    void analysisOfATraceWithSplitNumbering() {
        String expected2 = Scenario.parts(Scenario.twoOwners().push().of(Scenario.T2));
        String expected3 = Scenario.parts(Scenario.twoOwners().push().of(Scenario.T3));
        jdk.lockstat.internal.format.TraceHeader header = new jdk.lockstat.internal.format.TraceHeader(
                java.util.Map.of(jdk.lockstat.internal.format.TraceHeader.MONITOR_NUMBERING, "split"));
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        var b1 = s.buffer(Scenario.T1);
        var b2 = s.buffer(Scenario.T2);
        var b3 = s.buffer(Scenario.T3);
        long t0 = Scenario.T0, lock = Scenario.LOCK;
        // enter side: inflate 0, T2's enter 1, T3's enter 2; owner side (each reading enter count 3):
        // T1's release 0, T2's acquisition 1 and release 2, T3's acquisition 3
        b1.event(EventType.MONITOR_INFLATE, t0 + 50, lock, 0L, 0x1234L, Scenario.LOCK_CLASS, 0L);
        Scenario.enter(b2, 100, 1, Scenario.T2);
        Scenario.enter(b3, 150, 2, Scenario.T3);
        b1.event(EventType.MONITOR_CONTENDED_EXIT, t0 + 200, lock, 0L, 100 + Scenario.T1, 3L);
        b2.event(EventType.MONITOR_CONTENDED_ENTERED, t0 + 210, lock, 1L, 3L);
        b2.event(EventType.MONITOR_CONTENDED_EXIT, t0 + 300, lock, 2L, 100 + Scenario.T2, 3L);
        b3.event(EventType.MONITOR_CONTENDED_ENTERED, t0 + 320, lock, 3L, 3L);
        Scenario.permutations(s.buffers().subList(1, 4), threads -> {
            List<jdk.lockstat.internal.format.EventBufferBuilder> order = new ArrayList<>(List.of(s.buffers().get(0)));
            order.addAll(threads);   // the metadata first, then the threads' buffers in this order
            Scenario.Result r = Scenario.push(order, header);
            assertEquals(expected2, Scenario.parts(r.of(Scenario.T2)));
            assertEquals(expected3, Scenario.parts(r.of(Scenario.T3)));
            assertEquals(0, r.counters().lateEvents());
        });
    }

    @Test
    void enterBeforeTheReleaseThatEndsIt() {
        // E: inflate 0, enter 1, deflate 2; O: exit 0 and the waiter's entered 1 both read E = 2
        everyArrivalOrder(List.of(inflate(10, 0, 0), enter(20, 1, WAITER), owner(MonitorEvent.EXIT, 30, 0, 2, OWNER),
                        owner(MonitorEvent.ENTERED, 31, 1, 2, WAITER), deflate(40, 2, 2)),
                List.of("inflate@0", "enter@1/t2", "exit@2", "entered@3", "deflate@4"));
    }

    @Test
    void enterBetweenTwoReleases() {
        // The first release read E = 1 (before the enter took 1), the second E = 2: the enter lies between.
        everyArrivalOrder(List.of(inflate(10, 0, 0), owner(MonitorEvent.EXIT, 15, 0, 1, OWNER), enter(20, 1, WAITER),
                        owner(MonitorEvent.EXIT, 30, 1, 2, OWNER), owner(MonitorEvent.ENTERED, 31, 2, 2, WAITER),
                        deflate(40, 2, 3)),
                List.of("inflate@0", "exit@1", "enter@2/t2", "exit@3", "entered@4", "deflate@5"));
    }

    @Test
    void twoEntersBeforeASummary() {
        // Two threads block, then three releases with the same blocked set are summed (O 0..2, E = 3).
        everyArrivalOrder(List.of(inflate(10, 0, 0), enter(20, 1, WAITER), enter(21, 2, OTHER), summary(30, 0, 3, 3),
                        owner(MonitorEvent.ENTERED, 35, 3, 3, WAITER)),
                List.of("inflate@0", "enter@1/t2", "enter@2/t3", "summary@3", "entered@6"));
    }

    @Test
    void traceStartedInARunningVm() {
        // The monitor had taken 7 enter-side and 100 owner-side numbers before the trace met it.
        everyArrivalOrder(List.of(inflate(10, 7, 100), owner(MonitorEvent.EXIT, 15, 100, 8, OWNER), enter(20, 8, WAITER),
                        owner(MonitorEvent.ENTERED, 31, 101, 9, WAITER)),
                List.of("inflate@107", "exit@108", "enter@109/t2", "entered@110"));
    }

    @Test
    void lostEnterSkipsItsPlaceAlone() {
        // Enter 1 is lost; enter 2 still takes its place after the gap.
        Recorder r = run(List.of(inflate(10, 0, 0), enter(21, 2, OTHER), owner(MonitorEvent.EXIT, 30, 0, 3, OWNER),
                owner(MonitorEvent.ENTERED, 35, 1, 3, OTHER)));
        assertEquals(List.of("inflate@0", "enter@2/t3", "exit@3", "entered@4"), r.delivered);
        assertEquals(1, r.gaps);
    }

    @Test
    void enterWithoutLaterOwnerEventsAtTheEnd() {
        // The trace ends while the thread is blocked and its owner has not released since.
        Recorder r = run(List.of(enter(20, 1, WAITER), inflate(10, 0, 0), owner(MonitorEvent.EXIT, 15, 0, 1, OWNER)));
        assertEquals(List.of("inflate@0", "exit@1", "enter@2/t2"), r.delivered);
        assertEquals(0, r.gaps);
    }

    @Test
    void reusedAddressKeepsEachLifetimesEnters() {
        // Two lifetimes at one address, both numbered from 0: the second's enter comes before the
        // first's (which has the same number) and is moved on by time, as any event of a later lifetime.
        MonitorEvent firstEnter = enter(20, 1, WAITER);
        MonitorEvent secondEnter = enter(60, 1, OTHER);
        List<MonitorEvent> arrival = List.of(inflate(10, 0, 0), secondEnter, firstEnter, inflate(50, 0, 0),
                owner(MonitorEvent.EXIT, 70, 0, 2, WAITER), owner(MonitorEvent.ENTERED, 71, 1, 2, OTHER), deflate(80, 2, 2),
                owner(MonitorEvent.EXIT, 30, 0, 2, OWNER), owner(MonitorEvent.ENTERED, 31, 1, 2, WAITER), deflate(40, 2, 2));
        Recorder r = run(arrival);
        assertEquals(List.of("inflate@0", "enter@1/t2", "exit@2", "entered@3", "deflate@4",
                "inflate@0", "enter@1/t3", "exit@2", "entered@3", "deflate@4"), r.delivered);
        assertEquals(2, r.lifetimes);
        assertEquals(0, r.gaps);
    }
}
