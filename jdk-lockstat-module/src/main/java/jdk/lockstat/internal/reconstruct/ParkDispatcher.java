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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.EventType;

import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Paper 4.1, park side: receives park events in global sequence order. Its thread analyzer bundles each
 * thread's ParkBegin / ParkEnd with the Unpark that woke it; its blocker dispatcher hands parks that are
 * contention, on locks and on resources (a pool, a hand-off or bounded queue, a semaphore, a condition, a
 * future: {@link ParkBlockerKind}), to one {@link ParkLockAnalyzer} per blocker object, which charges a
 * waiter's time to the threads whose unparks released the blocker; it counts waits (barriers, no blocker)
 * and idling (pool workers between tasks) with their time, without making them contention.
 * <p>
 * A contention on a lock-like blocker is held back for a while after its park ends: if the thread parks
 * again on the same blocker with the re-park flag (java.util.concurrent's acquire woke it, and a barging
 * thread took the lock first), the contention goes on instead of a second one beginning.
 */
final class ParkDispatcher {
    private final ContentionSink sink;
    private final AnalysisCounters counters;
    private final Map<LockRef, ParkLockAnalyzer> blockers = new HashMap<>();
    private final Map<ThreadRef, OpenPark> open = new HashMap<>();
    // An unpark that reached a thread before it parked: its park returns at once, but the release
    // it stands for still splits the time of the blocker's other waiters.
    private final Map<Long, ParkEvent> pendingUnparks = new HashMap<>();

    // resumed: the park continues a contention of the thread's (a re-park), which counts whatever this
    // park turns out to be.
    private record OpenPark(ParkEvent begin, ParkBlockerKind kind, ParkLockAnalyzer analyzer, boolean resumed) {}

    // Ended contentions that a re-park may still continue, oldest first, and the latest per thread.
    private record Ended(ThreadRef thread, Contention contention, ParkLockAnalyzer analyzer) {}
    private final ArrayDeque<Ended> ended = new ArrayDeque<>();
    private final Map<ThreadRef, Ended> endedBy = new HashMap<>();
    // A re-park follows its wake-up within microseconds; one later than this is not waited for (it starts
    // a contention of its own).
    private static final long REPARK_WINDOW_NANOS = 100_000_000L;
    // Handed on, but some parts wait for the chain where their holder gives its item back; after this
    // long they keep the chain where it took it.
    private final List<Contention> unresolved = new ArrayList<>();
    // Threads that gave back on a resource and may hold it again (ResourceHolds), until their next park.
    private final Map<ThreadRef, ParkLockAnalyzer> provisional = new HashMap<>();
    private static final long UNRESOLVED_WINDOW_NANOS = 2_000_000_000L, UNRESOLVED_SCAN_NANOS = 1_000_000L;
    private long unresolvedSeen = Long.MIN_VALUE / 2;

    private final java.util.function.Supplier<BlockedTimeAccumulator> newStatistics;
    private ActivityListener activity = ActivityListener.NONE;
    private static final int MAX_BLOCKERS = 100_000;   // beyond: idle blockers are forgotten (statistics too)

    /** Owner parts folded per holder (ContentionAnalysis.Options#withFoldedParts). */
    private final boolean foldParts;

    ParkDispatcher(ContentionSink sink, AnalysisCounters counters, java.util.function.Supplier<BlockedTimeAccumulator> newStatistics,
                   boolean foldParts) {
        this.sink = sink;
        this.counters = counters;
        this.newStatistics = newStatistics;
        this.foldParts = foldParts;
    }

    private boolean sampled;

    /** Whether the trace samples contentions (ParkLockAnalyzer's sampled rule); before the first event. */
    void sampled(boolean sampled) {
        this.sampled = sampled;
    }

    void activityListener(ActivityListener listener) {
        activity = listener;
    }

    void deliver(ParkEvent e) {
        counters.parkEvents++;
        handOnEnded(e.time - REPARK_WINDOW_NANOS);
        switch (e.kind) {
            case ParkEvent.BEGIN -> begin(e);
            case ParkEvent.END -> end(e);
            case ParkEvent.UNPARK -> unpark(e);
            case ParkEvent.SHARED_RELEASE -> sharedRelease(e);
            default -> { }
        }
    }

    /** Hands on the ended contentions that ended before time (no re-park can continue them now). */
    private void handOnEnded(long before) {
        while (!ended.isEmpty() && ended.peekFirst().contention().end() < before) {
            Ended x = ended.pollFirst();
            if (endedBy.get(x.thread()) == x) {
                endedBy.remove(x.thread());
                handOn(x);
            }
        }
        // Contentions whose parts wait for their holders' chains (ResourceHolds): each once its chains are
        // known, or once it has waited long enough (the chains where the holders took their items, or
        // unknown). Few at a time: a holder's next release comes within its section.
        if (!unresolved.isEmpty() && (before == Long.MAX_VALUE || before - unresolvedSeen >= UNRESOLVED_SCAN_NANOS)) {
            unresolvedSeen = before;   // scanned at most once a millisecond of trace time
            for (Iterator<Contention> i = unresolved.iterator(); i.hasNext(); ) {
                Contention c = i.next();
                if (c.unresolvedParts() == 0 || c.end() < before - UNRESOLVED_WINDOW_NANOS) {
                    i.remove();
                    c.unresolvedParts(0);
                    sink.accept(c);
                }
            }
        }
    }

    /** The thread's ended contention, if one is held back: handed on, or returned when a re-park continues it. */
    private Ended takeEnded(ThreadRef thread) {
        return endedBy.remove(thread);
    }

    /**
     * A release that unparked nobody: a read lock's reader releasing while others hold it, or a
     * resource's item given back while its first waiter, signalled already, has not parked again (a
     * Semaphore's release), or, with its hold, an exclusive lock's release likewise (threads barged in
     * while the woken waiter was on its way): there it is a release like an unpark, the end of the
     * giver's or holder's hold.
     */
    private void sharedRelease(ParkEvent e) {
        ParkLockAnalyzer analyzer = blockers.get(LockRef.of(e.blockerClass, e.value, 0));
        if (analyzer != null) {
            counters.sharedReleases++;
            if (analyzer.resource() || e.held > 0) {
                released(analyzer, e.thread, e.chain, e.time, e.held, null);
            } else {
                analyzer.readerReleased(e.thread, e.chain, e.time);
            }
        }
    }

    private void begin(ParkEvent e) {
        if ((e.flags & EventType.PARK_FOLLOWED) != 0) {
            followed(e);
            return;
        }
        ParkLockAnalyzer gaveBackAt = provisional.isEmpty() ? null : provisional.remove(e.thread);
        if (gaveBackAt != null) {
            gaveBackAt.parkedElsewhere(e.thread);   // or here: then it waits again, which ends the hold too
        }
        ParkBlockerKind kind = ParkBlockerKind.of(e.blockerClass, e.chain);
        ParkLockAnalyzer analyzer = null;
        boolean resumed = false;
        if (kind.contention()) {
            LockRef lock = LockRef.of(e.blockerClass, e.value, 0);
            if (blockers.size() >= MAX_BLOCKERS && !blockers.containsKey(lock)) {
                blockers.values().removeIf(ParkLockAnalyzer::idle);
            }
            analyzer = blockers.computeIfAbsent(lock, l -> new ParkLockAnalyzer(l, newStatistics.get(), activity, foldParts, sampled));
            Ended previous = takeEnded(e.thread);
            resumed = previous != null && previous.analyzer() == analyzer && (e.flags & EventType.PARK_REPARK) != 0;
            if (resumed) {
                counters.reparks++;
                analyzer.resume(e.thread, previous.contention(), e.time);
            } else {
                handOn(previous);
            }
            // An unpark that came first still splits the time of the waiters until then: of the others,
            // and of this thread's own contention when the park continues it.
            ParkEvent pending = pendingUnparks.remove(e.thread.id());
            if (pending != null) {
                released(analyzer, pending.thread, pending.chain, pending.time, pending.held, resumed ? null : e.thread);
            }
            if (kind == ParkBlockerKind.RESOURCE) {
                analyzer.waitsForResource();
            }
            if (!resumed) {
                analyzer.parked(e.thread, e.chain, e.time, (e.flags & EventType.PARK_PINNED) != 0);
            }
        } else {
            pendingUnparks.remove(e.thread.id());
            handOn(takeEnded(e.thread));
        }
        open.put(e.thread, new OpenPark(e, kind, analyzer, resumed));
    }

    /**
     * A park the draw left out, written only because the thread's last release was recorded (sampled
     * traces, EventType.PARK_FOLLOWED): no contention and no end follows. It ends what the thread held
     * provisionally elsewhere, and on its own blocker whatever it held there: it waits here again.
     */
    private void followed(ParkEvent e) {
        counters.followedParks++;
        pendingUnparks.remove(e.thread.id());   // this park used its permit, if any
        handOn(takeEnded(e.thread));   // a new acquisition, or no lock: no re-park of the last one
        ParkLockAnalyzer here = e.blockerClass == null ? null : blockers.get(LockRef.of(e.blockerClass, e.value, 0));
        ParkLockAnalyzer gaveBackAt = provisional.isEmpty() ? null : provisional.remove(e.thread);
        if (gaveBackAt != null && gaveBackAt != here) {
            gaveBackAt.parkedElsewhere(e.thread);
        }
        if (here != null) {
            here.waitsUnseen(e.thread, e.time);
        }
    }

    private void end(ParkEvent e) {
        OpenPark p = open.remove(e.thread);
        if (p == null) {
            counters.strayParkEnds++;
            return;
        }
        if ((p.begin().flags & EventType.PARK_PINNED) != 0) {
            counters.pinnedParks++;   // whatever it waited for, it held its carrier
            counters.pinnedParkNanos += Math.max(0, e.time - p.begin().time);
        }
        ParkBlockerKind kind = p.kind();
        if (kind.contention()) {
            // The chain's or the class's metadata may have come since the park began: a wait or an idle
            // worker after all (otherwise the metadata barrier decides, once it is known).
            kind = ParkBlockerKind.of(p.begin().blockerClass, p.begin().chain);
            if (!kind.contention()) {
                p.analyzer().unparked(e.thread, e.time);   // no contention: dropped
            }
        }
        if ((e.flags & EventType.PARK_END_NOT_BLOCKED) == 0) {   // else its carrier's park is recorded
            activity.parked(e.thread, kind, p.begin().time, e.time);
        }
        switch (kind) {
            case WAIT, IDLE -> counters.leftOut(kind, e.time - p.begin().time);
            default -> {
                Contention c = p.analyzer().unparked(e.thread, e.time);
                if ((e.flags & EventType.PARK_END_NOT_BLOCKED) != 0) {
                    // A virtual thread's park that did not unmount: its carrier's park (pinned) is recorded.
                    counters.nonBlockingParks++;
                    break;
                }
                // Woken by an unpark from before the park (the permit was there): it did not block.
                if (c != null && p.resumed()) {
                    holdBack(e.thread, c, p.analyzer());   // part of an acquisition that did block
                    took(kind, p, e);
                } else if (c != null && e.value != 0 && e.value < p.begin().seq) {
                    counters.nonBlockingParks++;
                    took(kind, p, e);
                } else if (c != null && (e.flags & EventType.PARK_END_TIMED_OUT) != 0 && c.parts().stream().allMatch(x -> x.owner() == null)) {
                    counters.parkTimeouts++;   // a timed park that nobody ended: a timed wait, not contention
                } else if (c != null) {
                    holdBack(e.thread, c, p.analyzer());
                    took(kind, p, e);
                }
            }
        }
    }

    /** A wait for a resource that another thread ended: the woken thread holds what it was given. */
    private static void took(ParkBlockerKind kind, OpenPark p, ParkEvent end) {
        if (kind == ParkBlockerKind.RESOURCE) {
            p.analyzer().took(end.thread, p.begin().chain, end.time);
        }
    }

    /** An ended contention, held back for a while: a re-park of its thread may continue it. */
    private void holdBack(ThreadRef thread, Contention c, ParkLockAnalyzer analyzer) {
        Ended x = new Ended(thread, c, analyzer);
        ended.addLast(x);
        endedBy.put(thread, x);
    }

    private void handOn(Ended x) {
        if (x != null) {
            x.analyzer().counted(x.contention());
            if (x.contention().unresolvedParts() > 0) {
                unresolved.add(x.contention());
            } else {
                sink.accept(x.contention());
            }
        }
    }

    private void unpark(ParkEvent e) {
        OpenPark p = open.get(e.target);
        if (p == null && e.unparkBlocker != 0 && e.blockerClass != null) {
            // Sampled trace: the target's park was not recorded, but recorded parks wait on its blocker.
            ParkLockAnalyzer analyzer = blockers.get(LockRef.of(e.blockerClass, e.unparkBlocker, 0));
            if (analyzer != null) {
                released(analyzer, e.thread, e.chain, e.time, e.held, null);
                analyzer.tookUnseen(e.target, e.time);
            }
        }
        if (p == null) {
            pendingUnparks.put(e.value, e);
            if (pendingUnparks.size() > 100_000) {
                pendingUnparks.clear();   // bound: unparks of threads that never park again
            }
            return;
        }
        if (p.analyzer() != null) {
            released(p.analyzer(), e.thread, e.chain, e.time, e.held, null);
        }
    }

    /**
     * A release of the blocker by thread (its unpark of a waiter, held: how long it held the lock, 0: not
     * known); a thread that may hold it again (ResourceHolds' provisional hold) is watched until its next park.
     */
    private void released(ParkLockAnalyzer analyzer, ThreadRef thread, ChainRef chain, long time, long held,
                          ThreadRef except) {
        analyzer.released(thread, chain, time, held, except);
        if (analyzer.holdsProvisionally(thread) && provisional.size() < MAX_BLOCKERS) {
            provisional.put(thread, analyzer);
        }
    }

    /** End of the trace: parks still open are not contention that ended; they are counted. */
    void finish() {
        handOnEnded(Long.MAX_VALUE);
        counters.openParksAtEnd += open.size();
        open.forEach((thread, p) -> activity.parkedUntilEnd(thread, p.kind(), p.begin().time));
        open.clear();
    }

    /** Adds the per-blocker statistics rows of the park-based locks seen so far. */
    void addStatistics(PerLockStatistics into) {
        blockers.values().forEach(a -> into.add(a.statistics()));
    }
}
