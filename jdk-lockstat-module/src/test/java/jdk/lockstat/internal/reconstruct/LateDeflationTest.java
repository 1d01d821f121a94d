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

import static jdk.lockstat.internal.reconstruct.LifetimeScenarios.DEFLATER;
import static jdk.lockstat.internal.reconstruct.LifetimeScenarios.LATER_LIFETIMES;
import static jdk.lockstat.internal.reconstruct.LifetimeScenarios.NEXT_HASH;
import static jdk.lockstat.internal.reconstruct.Scenario.LOCK_CLASS;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.deflate;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;
import static jdk.lockstat.internal.reconstruct.Scenario.parts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.model.Contention;

/**
 * A monitor's deflation that reaches the rearranger after the next lifetime of its address has had
 * events delivered in its place (issue 41: 348 events of a legitimate H2/HikariCP trace counted as
 * impossible sequence numbers). The two lifetimes are analysed as one, and nothing is damage.
 */
class LateDeflationTest {
    private static void assertAttributed(Scenario.Result r) {
        AnalysisCounters n = r.counters();
        assertEquals(0, n.implausibleSequenceNumbers, n.notes().toString());
        assertEquals(0, n.unplacedEvents, n.notes().toString());
        assertEquals(0, n.lateEvents, n.notes().toString());
        assertEquals(0, n.skippedSequenceNumbers, n.notes().toString());
        assertEquals(0, n.missingDeflates, n.notes().toString());
        assertEquals(0, n.strayEntered + n.discardedContentions, n.notes().toString());
        assertEquals(1, n.joinedLifetimes);
        assertEquals(2, r.contentions().size(), r.contentions().toString());
        Contention c2 = r.of(T2), c3 = r.of(T3);
        assertEquals("11:120-200 ~:200-210", parts(c2));
        assertEquals(90, c2.nanos());
        assertEquals(190, c3.nanos());
        assertEquals("11:130-200 ~:200-210 12:210-300 ~:300-320", parts(c3));
        // The lock is the second lifetime's object: its inflation came after the numbers it precedes.
        assertEquals(NEXT_HASH, c2.lock().objectHash());
        assertEquals(NEXT_HASH, c3.lock().objectHash());
        assertEquals("demo.Lock@2222=280\n", r.by("lock"));
        assertEquals(1, n.notes().stream().filter(x -> x.contains("analysed as one")).count(), n.notes().toString());
        assertEquals(0, n.notes().stream().filter(x -> x.contains("impossible")).count(), n.notes().toString());
    }

    /**
     * The late deflation comes before the second lifetime's inflation and later events: the inflation is
     * delivered as the joined lifetime's lock, before the events it precedes in time.
     */
    @Test
    void lateDeflationJoinsTheNextLifetime() {
        assertAttributed(LifetimeScenarios.lateDeflation(true).push());
    }

    /**
     * The second inflation and the next lifetime's later events arrive before the late deflation and
     * begin a queue of their own: the join takes that queue in.
     */
    @Test
    void lateDeflationJoinsTheNextLifetimesQueue() {
        assertAttributed(LifetimeScenarios.lateDeflation(false).push());
    }

    /**
     * A lifetime whose deflation was lost (T2 blocked in it, never entered) with more lifetimes after it
     * than MonitorQueue.MAX_LIFETIMES: the first one is given up (a missing deflation) when the limit is
     * reached, and every later lifetime is analysed; none of their events is called impossible.
     */
    @Test
    void tooManyWaitingLifetimesGiveTheFirstUp() {
        Scenario s = new Scenario();
        Scenario.metadata(s.buffer(0));
        inflate(s.buffer(T1), 50, 0, 0x1111, LOCK_CLASS);
        enter(s.buffer(T2), 60, 1, T2);
        for (int i = 0; i < LATER_LIFETIMES; i++) {
            inflate(s.buffer(T1), 1000 + 20 * i, 0, 0x3000 + i, LOCK_CLASS);
            deflate(s.buffer(DEFLATER), 1010 + 20 * i, 1);
        }
        AnalysisCounters n = s.push().counters();
        assertEquals(0, n.implausibleSequenceNumbers, n.notes().toString());
        assertEquals(0, n.unplacedEvents, n.notes().toString());
        assertEquals(0, n.lateEvents, n.notes().toString());
        assertEquals(0, n.skippedSequenceNumbers, n.notes().toString());
        assertEquals(1, n.missingDeflates, n.notes().toString());
        assertEquals(1, n.forcedResyncs, n.notes().toString());
        assertEquals(0, n.joinedLifetimes);
    }
}
