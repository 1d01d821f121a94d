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

package jdk.lockstat.internal.tool;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventType;

/**
 * The VM's call-chain counters (CHAIN_STATS events): totals since tracing started, written at every
 * drain period. The last event holds the trace's totals; consecutive events differ by one period.
 */
final class ChainStatistics {
    /** One CHAIN_STATS event, or the difference of two (a period; set size and bytes as at its end). */
    record Counters(long time, long eventsWithChains, long reused, long inserted, long framesWalked,
                    long framesSaved, long chainSetSize, long chainSetBytes) {
        static Counters of(Event e) {
            return new Counters(e.time(), e.getLong("eventsWithChains"), e.getLong("reused"), e.getLong("inserted"),
                    e.getLong("framesWalked"), e.getLong("framesSaved"), e.getLong("chainSetSize"),
                    e.getLong("chainSetBytes"));
        }

        Counters minus(Counters earlier) {
            return new Counters(time, eventsWithChains - earlier.eventsWithChains, reused - earlier.reused,
                    inserted - earlier.inserted, framesWalked - earlier.framesWalked,
                    framesSaved - earlier.framesSaved, chainSetSize, chainSetBytes);
        }

        /** Share of walks whose chain was already in the set, in percent; NaN without walks. */
        double reusedPercent() {
            long lookups = reused + inserted;
            return lookups == 0 ? Double.NaN : 100.0 * reused / lookups;
        }

        /** Share of physical frames that frame marking spared the walk, in percent. */
        double framesSavedPercent() {
            long all = framesWalked + framesSaved;
            return all == 0 ? Double.NaN : 100.0 * framesSaved / all;
        }
    }

    private final List<Counters> samples = new ArrayList<>();

    void event(Event e) {
        if (e.type().id() == EventType.CHAIN_STATS.id()) {
            samples.add(Counters.of(e));
        }
    }

    boolean present() {
        return !samples.isEmpty();
    }

    /** Totals: the latest event (counters only grow). */
    Counters total() {
        return inTimeOrder().getLast();
    }

    /** Per drain period: the differences of consecutive events, the first period from zero. */
    List<Counters> periods() {
        List<Counters> out = new ArrayList<>();
        Counters previous = new Counters(0, 0, 0, 0, 0, 0, 0, 0);
        for (Counters c : inTimeOrder()) {
            out.add(c.minus(previous));
            previous = c;
        }
        return out;
    }

    /** The events in time order (buffers, and so the events, reach the file in any order). */
    private List<Counters> inTimeOrder() {
        List<Counters> sorted = new ArrayList<>(samples);
        sorted.sort(Comparator.comparingLong(Counters::time));
        return sorted;
    }
}
