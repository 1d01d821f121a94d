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

import static jdk.lockstat.internal.reconstruct.Scenario.LOCK_CLASS;
import static jdk.lockstat.internal.reconstruct.Scenario.T0;
import static jdk.lockstat.internal.reconstruct.Scenario.T1;
import static jdk.lockstat.internal.reconstruct.Scenario.T2;
import static jdk.lockstat.internal.reconstruct.Scenario.T3;
import static jdk.lockstat.internal.reconstruct.Scenario.deflate;
import static jdk.lockstat.internal.reconstruct.Scenario.enter;
import static jdk.lockstat.internal.reconstruct.Scenario.entered;
import static jdk.lockstat.internal.reconstruct.Scenario.exit;
import static jdk.lockstat.internal.reconstruct.Scenario.inflate;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;

/** Monitor lifetimes of one address whose events reach the file in an order that tests the rearranger. */
public final class LifetimeScenarios {
    /** The Monitor Deflation Thread: it writes every MonitorDeflate, into buffers of its own. */
    public static final long DEFLATER = 16;
    /** Identity hashes of the first lifetime's object and of the next one's (the address reused). */
    public static final long FIRST_HASH = 0x1111, NEXT_HASH = 0x2222;
    /** Inflate-deflate pairs after the two lifetimes: more than MonitorQueue.MAX_LIFETIMES. */
    public static final int LATER_LIFETIMES = 40;

    private LifetimeScenarios() {}

    /**
     * The monitor of issue 41's H2/HikariCP trace (address 0x7f57f80154b0), cut down. T1 inflates it at
     * 50 (seq 0) and nobody contends; the deflation thread deflates it at 100 (seq 1) but hands its buffer
     * over late. The address is inflated again by T1 at 110 (seq 0, another object: hash {@link
     * #NEXT_HASH}); T2 blocks at 120 (seq 1) and T3 at 130 (seq 2) while T1 holds it; T1 releases at 200
     * (3), T2 enters at 210 (4) and releases at 300 (5), T3 enters at 320 (6); deflated at 400 (7). Then
     * {@link #LATER_LIFETIMES} lifetimes of inflate and deflate only, 20 ns each, from 1000 on, in order,
     * as the real monitor had hundreds (before the fix, all those past 32 waiting lifetimes were counted
     * as impossible sequence numbers).
     *
     * <p>Buffers in file order: T1's first inflate; T2's and T3's enters (taken for the first lifetime's 1
     * and 2); then, deflationFirst, the deflation thread's late buffer with the first deflation, T1's
     * second inflate, the second lifetime's other events; or, not deflationFirst, T1's second inflate and
     * the second lifetime's other events (which begin a queue of its own), and only then the late
     * deflation. Every number of every lifetime is there, so verify calls the trace intact; T2 waited
     * 90 ns (T1 80, hand-off 10), T3 190 ns (T1 70, hand-off 10, T2 90, hand-off 20).
     */
    public static Scenario lateDeflation(boolean deflationFirst) {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        Scenario.metadata(meta);
        meta.event(EventType.THREAD_START, T0, DEFLATER, EventType.THREAD_DAEMON, "Monitor Deflation Thread");
        inflate(s.buffer(T1), 50, 0, FIRST_HASH, LOCK_CLASS);
        enter(s.buffer(T2), 120, 1, T2);
        enter(s.buffer(T3), 130, 2, T3);
        if (deflationFirst) {
            deflate(s.buffer(DEFLATER), 100, 1);
        }
        EventBufferBuilder b1 = s.buffer(T1);
        inflate(b1, 110, 0, NEXT_HASH, LOCK_CLASS);
        exit(b1, 200, 3, T1);
        EventBufferBuilder b2 = s.buffer(T2);
        entered(b2, 210, 4);
        exit(b2, 300, 5, T2);
        entered(s.buffer(T3), 320, 6);
        if (!deflationFirst) {
            deflate(s.buffer(DEFLATER), 100, 1);
        }
        deflate(s.buffer(DEFLATER), 400, 7);
        for (int i = 0; i < LATER_LIFETIMES; i++) {
            inflate(s.buffer(T1), 1000 + 20 * i, 0, 0x3000 + i, LOCK_CLASS);
            deflate(s.buffer(DEFLATER), 1010 + 20 * i, 1);
        }
        return s;
    }
}
