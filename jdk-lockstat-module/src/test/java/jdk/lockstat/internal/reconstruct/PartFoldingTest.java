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

import static jdk.lockstat.internal.reconstruct.Scenario.B1;
import static jdk.lockstat.internal.reconstruct.Scenario.LOCK_CLASS;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.entered;
import static jdk.lockstat.internal.reconstruct.Scenario.exit;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.OwnerState;

/**
 * Owner parts folded per holder (ContentionAnalysis.Options#withFoldedParts): a thread blocked while
 * owners take turns many times keeps one part per holder with the sum of its intervals, and every
 * aggregate is what the intervals give.
 */
class PartFoldingTest {
    private static final int RELEASES = 30;

    /**
     * B1 blocks at 100 and T1, T2, T3 take turns releasing 30 times, every 10 ns from 200 with a 3 ns
     * hold start each (so a hand-off part between any two), before B1 gets the monitor at 600.
     */
    private static Scenario turns() {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.THREAD_START, Scenario.T0, B1, 0, "blocked-" + B1);
        long[] threads = {T1, T2, T3};
        EventBufferBuilder[] owners = {s.buffer(T1), s.buffer(T2), s.buffer(T3)};
        EventBufferBuilder blocked = s.buffer(B1);
        inflate(owners[0], 50, 0, 0x1234, LOCK_CLASS);
        enter(blocked, 100, 1, B1);
        for (int i = 0; i < RELEASES; i++) {
            long t = threads[i % 3];
            // held 7 of the 10 ns since the previous release: 3 ns of hand-off before each hold
            owners[i % 3].event(EventType.MONITOR_CONTENDED_EXIT, Scenario.T0 + 200 + 10 * i, Scenario.LOCK, 2L + i, 100 + t, 0L, 7L);
        }
        entered(blocked, 600, 2 + RELEASES);
        exit(blocked, 650, 3 + RELEASES, B1);
        return s;
    }

    private static Map<String, Long> sums(Contention c) {
        Map<String, Long> m = new TreeMap<>();
        m.put("total", c.nanos());
        for (OwnerPart p : c.parts()) {
            m.merge(p.owner() == null ? (p.handOff() ? "~" : "?") : p.owner().id() + "/" + p.chain().id(), p.nanos(), Long::sum);
        }
        return m;
    }

    @Test
    void aHolderKeepsOnePartWithTheSumOfItsIntervals() {
        Scenario.Result whole = Scenario.push(turns().buffers(), ContentionAnalysis.Options.defaults());
        Scenario.Result folded = Scenario.push(turns().buffers(), ContentionAnalysis.Options.defaults().withFoldedParts(true));
        Contention w = whole.of(B1), f = folded.of(B1);
        // Whole: unknown until T1's hold from 193, then a hand-off and a hold per release, and the wake-up a
        // hand-off: 61 parts.
        assertEquals(2 + 2 * (RELEASES - 1) + 1, w.parts().size(), Scenario.parts(w));
        // Folded from the 8th part on: the first 8 stay as they were, then one part per holder
        // (T2 and T3's 8th-part holds already are theirs; hand-offs after them fold into the first hand-off).
        assertTrue(f.parts().size() <= 8 + 4, Scenario.parts(f));
        assertTrue(f.parts().stream().anyMatch(OwnerPart::folded), Scenario.parts(f));
        assertEquals(sums(w), sums(f));
        // By hand: before the first hold (193) the owner is unknown; each of the 10 holds per thread 7 ns;
        // 3 ns of hand-off before each of the 29 later holds, and 110 from the last release to the wake-up.
        assertEquals(Map.of("total", 500L, "?", 93L, "11/111", 70L, "12/112", 70L, "13/113", 70L, "~", 29L * 3 + 110),
                sums(f));
        for (String by : List.of("owner-thread", "owner-chain", "thread,owner-method", "lock-class,owner-chain")) {
            assertEquals(whole.by(by), folded.by(by), by);
        }
        for (OwnerPart p : f.parts()) {
            if (p.folded()) {
                assertTrue(p.nanos() < p.end() - p.start(), p.toString());
                assertThrows(IllegalStateException.class, () -> p.slice(p.start(), p.end(), OwnerState.RUNNING, null));
            }
        }
    }

    /**
     * The same on a java.util.concurrent lock: B1 parks at 100 on a ReentrantLock's sync while T1, T2 and
     * T3 take it in turns 30 times, each release unparking nobody (SharedRelease with its 7 ns hold, every
     * 10 ns from 200), until T1's unpark at 600 wakes B1 at 610. Folded, B1 keeps a part per holder
     * with the same sums; a j.u.c. contention took a part per release it waited through.
     */
    @Test
    void aParkedThreadKeepsOnePartPerHolderToo() {
        java.util.function.Supplier<Scenario> turns = () -> {
            Scenario s = new Scenario();
            ParkAnalyzerTest.parkMetadata(s.buffer(0));
            s.buffer(0).event(EventType.THREAD_START, Scenario.T0, B1, 0, "blocked-" + B1);
            long[] threads = {T1, T2, T3};
            EventBufferBuilder[] owners = {s.buffer(T1), s.buffer(T2), s.buffer(T3)};
            EventBufferBuilder blocked = s.buffer(B1);
            ParkAnalyzerTest.parkBegin(blocked, 100, 1, B1, ParkAnalyzerTest.SYNC_CLASS);
            for (int i = 0; i < RELEASES; i++) {
                long t = threads[i % 3];
                owners[i % 3].event(EventType.SHARED_RELEASE, Scenario.T0 + 200 + 10 * i, 2L + i,
                        ParkAnalyzerTest.SYNC_HASH, ParkAnalyzerTest.SYNC_CLASS, 100 + t, 7L);
            }
            ParkAnalyzerTest.unpark(owners[0], 600, 2 + RELEASES, T1, B1);
            ParkAnalyzerTest.parkEnd(blocked, 610, 3 + RELEASES, 2 + RELEASES);
            return s;
        };
        Contention w = Scenario.push(turns.get().buffers(), ContentionAnalysis.Options.defaults()).of(B1);
        Scenario.Result folded = Scenario.push(turns.get().buffers(), ContentionAnalysis.Options.defaults().withFoldedParts(true));
        Contention f = folded.of(B1);
        assertTrue(w.parts().size() > 2 * RELEASES, Scenario.parts(w));
        assertTrue(f.parts().size() <= 8 + 4, Scenario.parts(f));
        assertTrue(f.parts().stream().anyMatch(OwnerPart::folded), Scenario.parts(f));
        assertEquals(sums(w), sums(f));
        assertEquals(510L, sums(f).get("total"));
        for (String by : List.of("owner-thread", "owner-chain", "lock-class,owner-chain")) {
            assertEquals(Scenario.push(turns.get().buffers(), ContentionAnalysis.Options.defaults()).by(by), folded.by(by), by);
        }
    }

    @Test
    void ownerStatesKeepEveryInterval() {
        Scenario.Result r = Scenario.push(turns().buffers(),
                ContentionAnalysis.Options.defaults().withOwnerStates(true).withFoldedParts(true));
        Contention c = r.of(B1);
        assertFalse(c.parts().stream().anyMatch(OwnerPart::folded), Scenario.parts(c));
        assertEquals(sums(Scenario.push(turns().buffers(), ContentionAnalysis.Options.defaults()).of(B1)), sums(c));
    }
}
