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

import static jdk.lockstat.internal.reconstruct.Scenario.B1;
import static jdk.lockstat.internal.reconstruct.Scenario.B2;
import static jdk.lockstat.internal.reconstruct.Scenario.LOCK;
import static jdk.lockstat.internal.reconstruct.Scenario.LOCK_CLASS;
import static jdk.lockstat.internal.reconstruct.Scenario.T0;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.entered;
import static jdk.lockstat.internal.reconstruct.Scenario.exit;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;
import static jdk.lockstat.internal.reconstruct.Scenario.parts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;

/**
 * MonitorReleaseSummary: a stretch of releases written as its head plus one summary must analyse as the
 * same releases written one by one, in any file order; a lost summary leaves an unknown owner.
 */
class ReleaseSummaryTest {
    /** Everything the reports are built from: totals by the owner aspects, and by blocked thread. */
    private static final List<String> ASPECTS = List.of("owner-thread", "owner-chain", "owner-method",
            "thread,owner-thread", "thread,owner-chain", "owner-method,owner-thread", "lock-class,owner-chain");

    private static Map<String, String> reports(Scenario.Result r) {
        Map<String, String> m = new TreeMap<>();
        for (String a : ASPECTS) {
            m.put(a, r.by(a));
        }
        return m;
    }

    /** Per contention (by blocked thread): its length and its parts' sums by owner thread and chain. */
    private static Map<Long, Map<String, Long>> ownerSums(Scenario.Result r) {
        Map<Long, Map<String, Long>> m = new TreeMap<>();
        for (Contention c : r.contentions()) {
            Map<String, Long> sums = new TreeMap<>();
            sums.put("total", c.nanos());
            for (OwnerPart p : c.parts()) {
                String key = (p.owner() == null ? (p.handOff() ? "~" : "?") : Long.toString(p.owner().id())) + "/"
                        + (p.chain() == null ? "-" : Long.toString(p.chain().id()));
                sums.merge(key, p.nanos(), Long::sum);
            }
            m.put(c.thread().id(), sums);
        }
        return m;
    }

    @Test
    void summaryGivesTheOwnersTheTimeOfTheExitsItStandsFor() {
        Scenario.Result exits = Scenario.barging(false).push();
        Scenario.Result summarized = Scenario.barging(true).push();
        assertEquals(2, exits.contentions().size(), exits.contentions().toString());
        assertEquals(2, summarized.contentions().size(), summarized.contentions().toString());
        assertEquals(reports(exits), reports(summarized));
        assertEquals(ownerSums(exits), ownerSums(summarized));

        // By hand: B1 100..610 and B2 150..720; T1 holds until the head (200), the stretch to 600 goes to
        // T2 180, T3 150 (chain 111) + 60 (chain 112) and T1 10 (the step back at 290 gives it 0). B1's
        // 600..610 is its wake-up (a hand-off); for B2 that is a release-to-wake-up gap before B1 holds it
        // (610..700), and 700..720 its own wake-up: hand-offs too.
        assertEquals(Map.of("total", 510L, "11/111", 110L, "12/112", 180L, "13/111", 150L, "13/112", 60L, "~/-", 10L),
                ownerSums(summarized).get(B1));
        assertEquals(Map.of("total", 570L, "11/111", 60L, "12/112", 180L, "13/111", 150L, "13/112", 60L,
                "14/114", 90L, "~/-", 30L), ownerSums(summarized).get(B2));
        String byOwner = summarized.by("owner-thread");
        assertTrue(byOwner.contains("worker-13 #13=420\n") && byOwner.contains("worker-12 #12=360\n")
                && byOwner.contains("worker-11 #11=170\n") && byOwner.contains("blocked-14 #14=90\n")
                && byOwner.contains("<hand-off>=40\n"), byOwner);
        assertEquals(0, summarized.counters().skippedSequenceNumbers());
        assertEquals(0, summarized.counters().lateEvents());
    }

    /**
     * Each owner thread's run (one summary, numbered with its first release only) gives every owner
     * the same time as the releases one by one, although the runs' releases interleave and their
     * summaries come in the order the threads first released, in any file order.
     */
    @Test
    void runsGiveTheOwnersTheTimeOfTheExitsTheyStandFor() {
        Scenario.Result exits = Scenario.barging(false).push();
        Scenario.Result runs = Scenario.bargingRuns().push();
        assertEquals(2, runs.contentions().size(), runs.contentions().toString());
        assertEquals(reports(exits), reports(runs));
        assertEquals(ownerSums(exits), ownerSums(runs));
        assertEquals(0, runs.counters().skippedSequenceNumbers());
        assertEquals(0, runs.counters().lateEvents());
        List<EventBufferBuilder> buffers = Scenario.bargingRuns().buffers();
        Scenario.permutations(buffers.subList(1, buffers.size()), rest -> {
            List<EventBufferBuilder> order = new ArrayList<>();
            order.add(buffers.get(0));
            order.addAll(rest);
            Scenario.Result r = Scenario.push(order);
            assertEquals(ownerSums(exits), ownerSums(r), "buffer order " + rest);
        });
    }

    /** A run whose durations cannot be (a corrupt varint) is laid nowhere: the contentions keep their length. */
    @Test
    void aRunWithAnImpossibleDurationIsNotLaid() {
        Scenario.Result r = Scenario.bargingRuns(1L << 61).push();
        assertEquals(2, r.contentions().size(), r.contentions().toString());
        Map<Long, Map<String, Long>> sums = ownerSums(r);
        assertEquals(510L, sums.get(B1).get("total"));
        assertEquals(570L, sums.get(B2).get("total"));
        assertFalse(sums.get(B1).containsKey("12/112"), sums.toString());   // T2's run: not laid
    }

    @Test
    void summaryAnalysesTheSameInEveryFileOrder() {
        Scenario.Result expected = Scenario.barging(false).push();
        List<EventBufferBuilder> buffers = Scenario.barging(true).buffers();
        // First of all: the summary before its head, before the enters that precede it, before metadata.
        List<EventBufferBuilder> summaryFirst = new ArrayList<>(buffers);
        summaryFirst.add(0, summaryFirst.remove(summaryFirst.size() - 1));
        Scenario.Result r = Scenario.push(summaryFirst);
        assertEquals(reports(expected), reports(r));
        assertEquals(ownerSums(expected), ownerSums(r));
        assertEquals(0, r.counters().skippedSequenceNumbers() + r.counters().lateEvents());
        int[] orders = {0};
        Scenario.permutations(buffers, order -> {
            Scenario.Result p = Scenario.push(order);
            assertEquals(ownerSums(expected), ownerSums(p), () -> "order " + order);
            orders[0]++;
        });
        assertEquals(5040, orders[0]);
    }

    @Test
    void lostSummaryLeavesTheTimeItCoveredToAnUnknownOwner() {
        List<EventBufferBuilder> buffers = new ArrayList<>(Scenario.barging(true).buffers());
        buffers.remove(buffers.size() - 1);   // the summary's buffer never reached the file
        Scenario.Result r = Scenario.push(buffers);
        assertEquals(8, r.counters().skippedSequenceNumbers());
        // B1: T1 until the head, then nothing known until its wake-up; B2 the same until B1's release,
        // and from that release to its own wake-up a hand-off.
        assertEquals("11:100-200 ?:200-610", parts(r.of(B1)));
        assertEquals("11:150-200 ?:200-700 ~:700-720", parts(r.of(B2)));
        String byOwner = r.by("owner-thread");
        assertTrue(byOwner.contains("<unknown owner>=910\n") && byOwner.contains("<hand-off>=20\n")
                && byOwner.contains("worker-11 #11=150\n"), byOwner);
    }

    @Test
    void aDuplicateInsideADeliveredSummaryIsLate() {
        Scenario s = Scenario.barging(true);
        // The release numbered 6 once more, as if written twice: the summary holds that number already.
        s.buffers().get(1).event(EventType.MONITOR_CONTENDED_EXIT, T0 + 290, LOCK, 6L, 111L);
        Scenario.Result r = s.push();
        assertEquals(ownerSums(Scenario.barging(false).push()), ownerSums(r));
        assertEquals(1, r.counters().lateEvents());
    }

    /**
     * A stretch of three million releases: the events after it may arrive before the summary (another
     * thread's buffer came first) and lie more numbers ahead than an ordinary gap may span. In a trace
     * with drain period ends, they wait for it while it may still come; without, nothing tells a late
     * summary from a lost one, and the gap is given up at once, as for any event that far ahead.
     */
    @Test
    void successorsOfALongStretchWaitForItsLateSummary() {
        long count = 3_000_000, after = 3 + count;
        for (boolean periods : new boolean[] {true, false}) {
            Scenario s = new Scenario();
            EventBufferBuilder meta = s.buffer(0);
            Scenario.metadata(meta);
            meta.event(EventType.THREAD_START, T0, B1, 0, "blocked-" + B1);
            if (periods) {
                meta.event(EventType.CHAIN_STATS, T0 + 10, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
            }
            EventBufferBuilder owner = s.buffer(T1), blocked = s.buffer(B1);
            inflate(owner, 50, 0, 0x1234, LOCK_CLASS);
            enter(blocked, 100, 1, B1);
            exit(owner, 200, 2, T1);
            entered(blocked, 610, after);
            EventBufferBuilder summary = s.buffer(T3);
            summary.event(EventType.MONITOR_RELEASE_SUMMARY, T0 + 600, LOCK, 3L, count, 0L, 0,
                    List.of(new Object[] {T2, 112L, 2_000_000L, 300L}, new Object[] {T3, 113L, 1_000_000L, 100L}));
            Scenario.Result r = s.push();
            if (periods) {
                assertEquals("11:100-200 12:200-500 13:500-600 ~:600-610", parts(r.of(B1)));
                assertEquals(0, r.counters().skippedSequenceNumbers() + r.counters().lateEvents());
            } else {
                assertEquals("11:100-200 ?:200-610", parts(r.of(B1)));
                assertEquals(count, r.counters().skippedSequenceNumbers());
                assertEquals(1, r.counters().lateEvents());
            }
        }
    }

    @Test
    void summaryAfterAGapIsOneUnknownPartAndTheNextExitsAreKnownAgain() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        EventBufferBuilder b1 = s.buffer(T1), b2 = s.buffer(T2), b3 = s.buffer(T3);
        inflate(b1, 50, 0, 0x1234, LOCK_CLASS);
        enter(b2, 100, 1, T2);
        // seq 2 (the head) is lost; the summary covers 3..5
        b3.event(EventType.MONITOR_RELEASE_SUMMARY, T0 + 400, LOCK, 3L, 3L, 0L, 0,
                List.of(new Object[] {T1, 111L, 2L, 150L}, new Object[] {T3, 113L, 1L, 50L}));
        exit(b3, 450, 6, T3);
        entered(b2, 460, 7);
        Scenario.Result r = s.push();
        assertEquals("?:100-400 13:400-450 ~:450-460", parts(r.of(T2)));
        assertEquals(1, r.counters().skippedSequenceNumbers());
    }
}
