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

import static jdk.lockstat.internal.reconstruct.Scenario.LOCK;
import static jdk.lockstat.internal.reconstruct.Scenario.LOCK_CLASS;
import static jdk.lockstat.internal.reconstruct.Scenario.T0;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.entered;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;

/**
 * Hold starts (docs/trace-format.md): a release that says how long its owner held the monitor leaves the
 * lock-free time before that hold to a hand-off, in single exits and in release summaries; a hold
 * reaching back past the previous release, or none, leaves the whole part to the owner.
 */
class HoldStartTest {
    /** T1 blocked from 100 to 400; metadata and the inflate first. */
    private static Scenario blockedT1(Scenario s, long enteredSeq) {
        EventBufferBuilder meta = s.buffer(T1);
        Scenario.metadata(meta);
        inflate(meta, 0, 0, 0x1234, LOCK_CLASS);
        EventBufferBuilder b1 = s.buffer(T1);
        enter(b1, 100, 1, T1);
        entered(b1, 400, enteredSeq);
        return s;
    }

    private static void exit(EventBufferBuilder b, long time, long seq, long thread, long held) {
        b.event(EventType.MONITOR_CONTENDED_EXIT, T0 + time, LOCK, seq, 100 + thread, 0L, held);
    }

    /** The contention's parts as "owner from..to" ("~" for a hand-off), relative to T0. */
    private static List<String> parts(Scenario s) {
        List<Contention> cs = s.push().contentions();
        assertEquals(1, cs.size(), cs.toString());
        List<String> out = new ArrayList<>();
        for (OwnerPart p : cs.get(0).parts()) {
            String who = p.owner() == null ? (p.handOff() ? "~" : "?") : Long.toString(p.owner().id());
            out.add(who + " " + (p.start() - T0) + ".." + (p.end() - T0));
        }
        return out;
    }

    @Test
    void anExitsHoldStartsAfterTheFreeLock() {
        Scenario s = blockedT1(new Scenario(), 4);
        exit(s.buffer(T2), 200, 2, T2, 0);    // not known: the whole part from the enter
        exit(s.buffer(T3), 300, 3, T3, 40);   // taken at 260: free from 200
        assertEquals(List.of("12 100..200", "~ 200..260", "13 260..300", "~ 300..400"), parts(s));
    }

    @Test
    void aHoldReachingPastThePreviousReleaseLeavesTheWholePart() {
        Scenario s = blockedT1(new Scenario(), 4);
        exit(s.buffer(T2), 200, 2, T2, 500);   // an older hold's start: before the enter
        exit(s.buffer(T3), 300, 3, T3, 150);   // before the previous release
        assertEquals(List.of("12 100..200", "13 200..300", "~ 300..400"), parts(s));
    }

    @Test
    void aSummaryPutsEachOwnersFreeTimeBeforeItsHold() {
        Scenario s = blockedT1(new Scenario(), 5);
        exit(s.buffer(T2), 200, 2, T2, 0);
        // releases 3 and 4: T3 100 ns of which 30 free, T2 50 of which 10 free (ending at 350)
        s.buffer(T3).event(EventType.MONITOR_RELEASE_SUMMARY, T0 + 350, LOCK, 3L, 2L, 0L, 0,
                List.of(new Object[] {T3, 100 + T3, 1L, 100L, 30L}, new Object[] {T2, 100 + T2, 1L, 50L, 10L}));
        assertEquals(List.of("12 100..200", "~ 200..230", "13 230..300", "~ 300..310", "12 310..350", "~ 350..400"),
                parts(s));
    }

    @Test
    void aSummaryWithoutFreeTimeIsAsBefore() {
        Scenario s = blockedT1(new Scenario(), 5);
        exit(s.buffer(T2), 200, 2, T2, 0);
        // written without the free field (an older VM's element): the builder leaves it 0
        s.buffer(T3).event(EventType.MONITOR_RELEASE_SUMMARY, T0 + 350, LOCK, 3L, 2L, 0L, 0,
                List.of(new Object[] {T3, 100 + T3, 1L, 100L}, new Object[] {T2, 100 + T2, 1L, 50L}));
        assertEquals(List.of("12 100..200", "13 200..300", "12 300..350", "~ 350..400"), parts(s));
    }
}
