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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jdk.lockstat.internal.model.ParkBlockerKind;

/**
 * What the analysis read, and everything it had to skip or guess: a report states these so that a
 * damaged or lossy trace is never silently taken for a complete one.
 */
public final class AnalysisCounters {
    long buffers;
    long events;
    long monitorEvents;
    long parkEvents;
    long strayParkEnds;
    /**
     * Parks left out as not contention: without a blocker, at a barrier or in a join (waits), by idle pool
     * workers; and their time.
     */
    long parkWaits;
    long parkIdles;
    long parkWaitNanos;
    long parkIdleNanos;
    /** Contentions that are resource waits (group resource), among {@link #contentions}. */
    long resourceWaits;
    long nonBlockingParks;
    /** Sampled traces: parks the draw left out, written because their thread's last release was recorded. */
    long followedParks;
    long parkTimeouts;
    /** Parks that continued their thread's previous contention (a re-park in one acquisition). */
    long reparks;
    /** Readers' releases that unparked nobody while a writer waited (SharedRelease events). */
    long sharedReleases;
    long pinnedParks;
    long pinnedParkNanos;
    long openParksAtEnd;
    long contentions;
    long afterWaitContentions;
    /** Per-monitor sequence numbers that never arrived and were skipped (lost buffers, end of trace). */
    long skippedSequenceNumbers;
    long skippedParkSequenceNumbers;
    /** Gaps skipped because a monitor's pending events hit the bound before the end of the trace. */
    long forcedResyncs;
    /** Events that arrived after their gap had been skipped, or repeated sequence numbers. */
    long lateEvents;
    /**
     * Monitor and park events whose sequence number cannot be real (damage), ignored: by {@link
     * jdk.lockstat.internal.format.SequenceNumbers}'s rule, the one lockstat verify reports them by.
     */
    long implausibleSequenceNumbers;
    /**
     * Monitor events with a possible number that fit no lifetime of their address in order, ignored: too
     * far ahead of the other numbers of the lifetime they belong to for the rearranger to hold them
     * (MonitorQueue's span bounds), or still finding MonitorQueue.MAX_LIFETIMES lifetimes waiting after
     * the first was given up (numbers and times that contradict each other).
     */
    long unplacedEvents;
    /**
     * Monitor lifetimes whose deflation arrived after the next lifetime of the address had events
     * delivered in its place: analysed as one lifetime with that next one (MonitorQueue.join).
     */
    long joinedLifetimes;
    /** Monitor lifetimes ended without their MonitorDeflate (it was lost). */
    long missingDeflates;
    /** Contended-entered events without the enter before them (the enter was lost). */
    long strayEntered;
    /** Blocked intervals given up: their entered was lost, or the monitor was deflated under them. */
    long discardedContentions;
    /** Threads still blocked when the trace ends (truncated trace, or blocked at VM exit). */
    long openAtEnd;
    /** Owner parts of wait() releases whose forward reference was never resolved. */
    long unresolvedForwardRefs;
    /** Contentions handed on before their call chains' metadata arrived (bound reached or trace end). */
    long unresolvedChains;

    public long buffers() {
        return buffers;
    }

    public long events() {
        return events;
    }

    public long monitorEvents() {
        return monitorEvents;
    }

    public long contentions() {
        return contentions;
    }

    public long afterWaitContentions() {
        return afterWaitContentions;
    }

    /** Resource waits (a pool, a hand-off or bounded queue, a permit, a future), among the contentions. */
    public long resourceWaits() {
        return resourceWaits;
    }

    /** Idle pool workers' parks left out, and their time in nanoseconds. */
    public long idleParks() {
        return parkIdles;
    }

    public long idleParkNanos() {
        return parkIdleNanos;
    }

    /** Parks left out as not contention: of this kind (WAIT or IDLE), for nanos. */
    void leftOut(ParkBlockerKind kind, long nanos) {
        if (kind == ParkBlockerKind.IDLE) {
            parkIdles++;
            parkIdleNanos += Math.max(0, nanos);
        } else {
            parkWaits++;
            parkWaitNanos += Math.max(0, nanos);
        }
    }

    public long skippedSequenceNumbers() {
        return skippedSequenceNumbers;
    }

    public long forcedResyncs() {
        return forcedResyncs;
    }

    public long lateEvents() {
        return lateEvents;
    }

    /** Monitor and park events ignored because their sequence number cannot be real (SequenceNumbers). */
    public long implausibleSequenceNumbers() {
        return implausibleSequenceNumbers;
    }

    public long unplacedEvents() {
        return unplacedEvents;
    }

    public long joinedLifetimes() {
        return joinedLifetimes;
    }

    public long missingDeflates() {
        return missingDeflates;
    }

    public long strayEntered() {
        return strayEntered;
    }

    public long discardedContentions() {
        return discardedContentions;
    }

    public long openAtEnd() {
        return openAtEnd;
    }

    public long unresolvedForwardRefs() {
        return unresolvedForwardRefs;
    }

    public long unresolvedChains() {
        return unresolvedChains;
    }

    /** One line per thing that was incomplete; empty for a clean analysis. */
    public List<String> notes() {
        List<String> n = new ArrayList<>();
        if (skippedSequenceNumbers > 0) {
            n.add(skippedSequenceNumbers + " monitor event(s) never arrived and were skipped (lost buffers or a cut trace)"
                    + (forcedResyncs > 0 ? "; " + forcedResyncs + " gap(s) skipped early to bound memory" : ""));
        }
        if (skippedParkSequenceNumbers > 0) {
            n.add(skippedParkSequenceNumbers + " park event(s) never arrived and were skipped (lost buffers or a cut trace)");
        }
        if (lateEvents > 0) {
            n.add(lateEvents + " monitor event(s) arrived after their gap had been skipped, or twice, and were ignored");
        }
        if (implausibleSequenceNumbers > 0) {
            n.add(implausibleSequenceNumbers + " monitor or park event(s) with an impossible sequence number (damage) were ignored");
        }
        if (unplacedEvents > 0) {
            n.add(unplacedEvents + " monitor event(s) that fit no lifetime of their monitor in order (numbered too far"
                    + " ahead of the rest, or against their times) were ignored");
        }
        if (joinedLifetimes > 0) {
            n.add(joinedLifetimes + " monitor deflation(s) arrived after the next inflation's events had been analysed;"
                    + " each such pair of lifetimes was analysed as one");
        }
        if (missingDeflates > 0) {
            n.add(missingDeflates + " monitor lifetime(s) ended without their deflation event");
        }
        if (strayEntered + discardedContentions > 0) {
            n.add((strayEntered + discardedContentions) + " blocked interval(s) incomplete (enter or entered missing) and left out");
        }
        if (openAtEnd > 0) {
            n.add(openAtEnd + " thread(s) still blocked at the end of the trace (left out)");
        }
        if (unresolvedForwardRefs > 0) {
            n.add(unresolvedForwardRefs + " wait() release(s) whose owner chain never arrived (shown as unknown chain)");
        }
        if (unresolvedChains > 0) {
            n.add(unresolvedChains + " contention(s) refer to call chains without metadata (shown as unknown chain)");
        }
        if (resourceWaits > 0) {
            n.add(resourceWaits + " resource wait(s) (group resource: waits for a pool's item, a hand-off or bounded queue,"
                    + " a permit, a condition, a future or a latch) are contention like locks; their owners are the threads that"
                    + " held the resource meanwhile (a pool's item, a permit: threads that both wait for it and give it back),"
                    + " each for its time holding, or else the thread that handed it over or returned it (its unpark woke a"
                    + " waiter); see lockstat help parks");
        }
        if (parkIdles > 0) {
            n.add(parkIdles + " idle worker park(s), " + millis(parkIdleNanos) + " in all, are not contention (left out):"
                    + " pool workers waiting for their next task (under ThreadPoolExecutor.getTask, ForkJoinPool.awaitWork,"
                    + " a scheduler's, Timer's or cleaner's loop); see lockstat help parks");
        }
        if (parkWaits > 0) {
            n.add(parkWaits + " park(s) without a blocker (a sleep), at a barrier or phaser or in a thread's join, "
                    + millis(parkWaitNanos) + " in all, are not contention (left out)");
        }
        if (pinnedParks > 0) {
            n.add(pinnedParks + " park(s) of pinned virtual threads blocked their carrier threads for "
                    + String.format(Locale.ROOT, "%.3f ms", pinnedParkNanos / 1e6)
                    + " (those on locks are in group pinned-virtual-thread, those waiting for a resource in group resource)");
        }
        if (parkTimeouts > 0) {
            n.add(parkTimeouts + " timed park(s) ended by their timeout with no release meanwhile (timed waits, left out)");
        }
        if (nonBlockingParks > 0) {
            n.add(nonBlockingParks + " park(s) returned at once on an earlier unpark's permit (left out)");
        }
        if (followedParks > 0) {
            n.add(followedParks + " park(s) the sampling left out were written because their thread's last release was"
                    + " (they end a hold it may have taken back; not contention)");
        }
        if (reparks > 0) {
            n.add(reparks + " park(s) continued an acquisition after a barging thread took the lock"
                    + " (counted with their first park, one contention each)");
        }
        if (strayParkEnds + openParksAtEnd > 0) {
            n.add((strayParkEnds + openParksAtEnd) + " park(s) without their begin or end (left out)");
        }
        return n;
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%,.3f ms", nanos / 1e6);
    }
}
