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
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Paper 4.1, "lock analyzer": replays one monitor lifetime's events in sequence-number order and builds
 * contention objects with their owner parts.
 *
 * <p>A blocked thread T's interval runs from its ContendedEnter to its ContendedEntered. Contended
 * exits (written by the releasing owner O while threads are queued, numbered while O still owned the
 * lock) fall in between in sequence order. For T: [enter, first exit] belongs to that exit's owner;
 * [exit(i), exit(i+1)] to the owner of exit(i+1), except that when that owner itself had a
 * ContendedEntered after exit(i), the part up to that entered is the release-to-wake-up gap, a hand-off
 * (no thread held the lock); [last exit, T's entered] is a hand-off too. Time before which no release
 * was seen (after lost events) has an unknown owner. A wait() release (MonitorWaitExit) is an exit
 * whose owner chain comes later with MonitorForwardResolve on the same monitor: contentions with such
 * parts are held back until resolved (bounded). A MonitorReleaseSummary stands for a stretch of
 * consecutive exits during which the blocked threads stayed the same: each blocked interval gets its
 * owners' summed parts one after another, which gives every owner thread and chain the time the
 * individual exits would have (only the order of the parts within the stretch is lost).
 */
final class MonitorLockAnalyzer {
    /**
     * A thread's run is written at the latest at each drain period's end (100 ms, longer when the drain is
     * short of CPU): owner parts summing to more than this are damage, and are not laid.
     */
    static final long MAX_RUN_NANOS = 600_000_000_000L;
    /** Most forward references one monitor keeps open before giving the oldest up as unknown. */
    static final int MAX_OPEN_FORWARD_REFS = 4096;

    private static final class Blocked {
        Contention contention;   // begun again only by a late inflation (see inflated)
        long lastTime;   // end of the part attributed so far
        long lastSeq;    // sequence number of the event that ended it
        boolean afterGap; // events were skipped since lastSeq: the owner of the next part is unknown
        boolean released; // lastTime is a release's: until the next owner runs, the lock is being handed off

        Blocked(Contention contention, long time, long seq) {
            this.contention = contention;
            this.lastTime = time;
            this.lastSeq = seq;
        }
    }

    private record Waiting(Contention contention, OwnerPart part) {}

    private final long address;
    private final ContentionSink sink;
    private final AnalysisCounters counters;
    private final BlockedTimeAccumulator stats;
    private LockRef lock;
    private ThreadRef firstThread;
    private ChainRef firstChain;
    /** Few at a time, so a list (in blocking order) beats a map. */
    private final List<Blocked> blocked = new ArrayList<>();
    /** Per thread: sequence number and time of its latest ContendedEntered on this monitor. */
    private final Map<ThreadRef, long[]> lastEntered = new HashMap<>();
    private final LinkedHashMap<Long, List<Waiting>> waitingForChain = new LinkedHashMap<>();

    /** Owner parts folded per holder (ContentionAnalysis.Options#withFoldedParts). */
    private final boolean foldParts;

    MonitorLockAnalyzer(long address, ContentionSink sink, AnalysisCounters counters, long statsFrom, long statsTo,
                        boolean foldParts) {
        this.address = address;
        this.foldParts = foldParts;
        this.sink = sink;
        this.counters = counters;
        this.stats = new BlockedTimeAccumulator(statsFrom, statsTo);
    }

    /** A new contention, its owner parts folded per holder when the analysis asks for it. */
    private Contention folding(Contention c) {
        if (foldParts) {
            c.foldParts();
        }
        return c;
    }

    LockRef lock() {
        if (lock == null) {
            lock = LockRef.of(null, 0, address);   // the inflation event was lost
        }
        return lock;
    }

    void event(MonitorEvent e) {
        switch (e.kind) {
            case MonitorEvent.INFLATE -> inflated(e);
            case MonitorEvent.ENTER -> enter(e);
            case MonitorEvent.ENTERED -> entered(e);
            case MonitorEvent.EXIT -> release(e, e.chain, 0, e.value);
            case MonitorEvent.WAIT_EXIT -> release(e, null, e.forwardRef, 0);
            case MonitorEvent.FORWARD_RESOLVE -> resolve(e.forwardRef, e.chain);
            case MonitorEvent.RELEASE_SUMMARY -> releases((ReleaseSummary) e);
            default -> { /* deflate ends the lifetime (the rearranger calls end()); notify is not analysed */ }
        }
    }

    private void enter(MonitorEvent e) {
        Blocked old = removeBlocked(e.thread);
        if (old != null) {
            // Its entered never arrived (lost): the old interval cannot be bounded.
            counters.discardedContentions++;
            if (!old.contention.afterWait()) {
                stats.change(e.time, -1);
            }
            dropWaiting(old.contention);
        }
        boolean afterWait = (e.value & jdk.lockstat.internal.format.EventType.ENTER_AFTER_WAIT) != 0;
        noteSynchronizedMethod(e.chain);
        Contention c = folding(new Contention(Contention.Kind.INTRINSIC, lock(), e.thread, e.chain, afterWait, e.time));
        blocked.add(new Blocked(c, e.time, e.seq));
        if (!afterWait) {
            stats.change(e.time, +1);
            if (firstThread == null) {
                firstThread = e.thread;
                firstChain = e.chain;
            }
        }
    }

    /**
     * A thread that blocks entering a synchronized method blocks in its first frame at bci 0 (no
     * monitorenter can be there: its object is pushed first): the lock is that method's receiver, or its class.
     */
    private void noteSynchronizedMethod(ChainRef chain) {
        LockRef l = lock();
        if (chain == null || l.lockClass() == null || l.objectHash() == 0 || !chain.defined() || chain.frames().isEmpty()) {
            return;
        }
        Frame top = chain.frames().get(0);
        int modifiers = top.method().modifiers();
        if (top.bci() <= 0 && !top.nativeFrame() && modifiers >= 0 && java.lang.reflect.Modifier.isSynchronized(modifiers)) {
            l.lockClass().noteSynchronizedMethod(l.objectHash(), top.method());
        }
    }

    /**
     * An inflation names the lock. Normally it is a lifetime's first event; one delivered after
     * contentions began comes from a lifetime the rearranger joined to the one before it (MonitorQueue's
     * join: a deflation arrived after the next lifetime's first events had been delivered in its place).
     * The contentions that began after it waited for the object it names, not the earlier lifetime's: no
     * owner part of theirs can have been delivered before it, so they are begun again with its lock.
     */
    private void inflated(MonitorEvent e) {
        lock = LockRef.of(e.lockClass, e.value, address);
        for (Blocked b : blocked) {
            Contention c = b.contention;
            if (c.start() >= e.time && c.parts().isEmpty()) {
                b.contention = folding(new Contention(c.kind(), lock, c.thread(), c.chain(), c.afterWait(), c.start()));
            }
        }
    }

    private void entered(MonitorEvent e) {
        long[] mark = lastEntered.get(e.thread);
        if (mark == null) {
            lastEntered.put(e.thread, new long[] {e.seq, e.time});
        } else {
            mark[0] = e.seq;
            mark[1] = e.time;
        }
        Blocked b = removeBlocked(e.thread);
        if (b == null) {
            counters.strayEntered++;
            return;
        }
        long end = Math.max(e.time, b.lastTime);
        Contention c = b.contention;
        c.addUnowned(b.lastTime, end, b.released && !b.afterGap);   // last release to own wake-up: hand-off
        c.close(Math.max(end, c.start()));
        if (!c.afterWait()) {
            stats.change(e.time, -1);
            stats.count(c.start(), c.end());
        }
        if (c.unresolvedParts() == 0) {
            sink.accept(c);
        }
    }

    /** held: how long the owner held the lock before this release (0: not known; a hold's start). */
    private void release(MonitorEvent e, ChainRef ownerChain, long forwardRef, long held) {
        ThreadRef owner = e.thread;
        long[] ownerEntered = lastEntered.get(owner);
        for (Blocked b : blocked) {
            if (b.contention.thread() == owner) {
                continue;   // cannot be blocked and own the lock; a lost entered, sorted out at its next enter
            }
            long t = Math.max(e.time, b.lastTime);
            if (b.afterGap) {
                b.contention.addUnowned(b.lastTime, t, false);
                b.afterGap = false;
            } else {
                long from = b.lastTime;
                if (ownerEntered != null && ownerEntered[0] > b.lastSeq) {
                    // The owner itself woke up after the previous release: that gap has no owner.
                    long woke = Math.min(Math.max(ownerEntered[1], from), t);
                    b.contention.addUnowned(from, woke, b.released);
                    from = woke;
                }
                if (held > 0 && e.time - held > from) {
                    // The owner took the lock after the previous release: the lock was free until then.
                    long acquired = Math.min(e.time - held, t);
                    b.contention.addUnowned(from, acquired, b.released);
                    from = acquired;
                }
                OwnerPart p = b.contention.addPart(from, t, owner, ownerChain, forwardRef);
                if (p != null && forwardRef != 0) {
                    // a new part waiting for its chain (an extended one is registered already)
                    List<Waiting> list = waitingForChain.computeIfAbsent(forwardRef, r -> new ArrayList<>(2));
                    list.add(new Waiting(b.contention, p));
                    b.contention.unresolvedParts(b.contention.unresolvedParts() + 1);
                }
            }
            b.lastTime = t;
            b.lastSeq = e.seq;
            b.released = true;
        }
        if (waitingForChain.size() > MAX_OPEN_FORWARD_REFS) {
            Iterator<Map.Entry<Long, List<Waiting>>> it = waitingForChain.entrySet().iterator();
            List<Waiting> oldest = it.next().getValue();
            it.remove();
            settle(oldest, null);
        }
    }

    /**
     * The summarized releases: for every blocked interval, the owners' durations laid end to end from
     * where its attribution stands, none ending past the stretch's last release. No thread woke up
     * inside the stretch, so no part is a release-to-wake-up gap; after a gap the whole stretch is one
     * unknown part, as the first exit after a gap would make it.
     */
    private void releases(ReleaseSummary s) {
        if (s.run) {
            runReleases(s);
            return;
        }
        for (Blocked b : blocked) {
            long end = Math.max(s.time, b.lastTime);
            if (b.afterGap) {
                b.contention.addUnowned(b.lastTime, end, false);
                b.afterGap = false;
            } else {
                long cursor = b.lastTime;
                ReleaseSummary.Owner last = null;
                for (ReleaseSummary.Owner o : s.owners) {
                    if (o.thread() == b.contention.thread() || cursor >= end) {
                        continue;   // cannot be blocked and own the lock (damage), or the stretch is used up
                    }
                    long duration = Math.max(0, o.duration());   // negative: a varint past 2^63 (damage)
                    // The lock free between releases and this owner's acquisitions, summed: before its part.
                    long free = Math.min(duration, Math.max(0, o.free()));
                    long freeTo = free >= end - cursor ? end : cursor + free;
                    b.contention.addUnowned(cursor, freeTo, true);
                    cursor = freeTo;
                    long held = duration - free;
                    long to = held >= end - cursor ? end : cursor + held;
                    b.contention.addPart(cursor, to, o.thread(), o.chain(), 0);
                    cursor = to;
                    last = o;
                }
                // The VM converts the owners' durations to nanoseconds with its own rate, the reader the
                // stretch's end with the trace clock's: a remainder of 10 ppm of the stretch (and a few
                // nanoseconds of rounding) is that difference, and the last owner's.
                if (last != null && end - cursor <= (end - b.lastTime) / 100_000 + 16) {
                    b.contention.addPart(cursor, end, last.thread(), last.chain(), 0);
                    cursor = end;
                }
                // Short of the last release only when a blocked thread was among the owners, or the
                // blocked thread's attribution lagged behind the stretch's head (damage): no known owner.
                b.contention.addUnowned(cursor, end, false);
            }
            b.lastTime = end;
            b.lastSeq = s.lastSeq();
            b.released = true;
        }
    }

    /**
     * One thread's run within a stretch: its owner parts, each measured from the monitor's previous
     * recorded release, whoever made it, follow one another from where every blocked interval's
     * attribution stands. Every blocked thread was blocked through the whole stretch (its head, an
     * individual exit, set them all to the same point), so the stretch's runs, in any order, add up to
     * its last release; only where each part lay within the stretch is lost.
     */
    private void runReleases(ReleaseSummary s) {
        long total = 0;
        for (ReleaseSummary.Owner o : s.owners) {
            total += Math.max(0, o.duration());   // negative: a varint past 2^63 (damage)
        }
        if (total < 0 || total > MAX_RUN_NANOS) {
            return;   // damage: laid nowhere (the next event's part covers its time)
        }
        for (Blocked b : blocked) {
            long cursor = b.lastTime;
            if (b.afterGap) {
                b.contention.addUnowned(cursor, cursor + total, false);
                cursor += total;
                b.afterGap = false;
            } else {
                for (ReleaseSummary.Owner o : s.owners) {
                    long duration = Math.max(0, o.duration());
                    long free = Math.min(duration, Math.max(0, o.free()));
                    b.contention.addUnowned(cursor, cursor + free, true);
                    cursor += free;
                    if (o.thread() == b.contention.thread()) {
                        b.contention.addUnowned(cursor, cursor + duration - free, false);   // damage: cannot own and be blocked
                    } else {
                        b.contention.addPart(cursor, cursor + duration - free, o.thread(), o.chain(), 0);
                    }
                    cursor += duration - free;
                }
            }
            b.lastTime = cursor;
            b.lastSeq = s.lastSeq();
            b.released = true;
        }
    }

    private Blocked removeBlocked(ThreadRef thread) {
        for (int i = 0; i < blocked.size(); i++) {
            if (blocked.get(i).contention.thread() == thread) {
                return blocked.remove(i);
            }
        }
        return null;
    }

    private void resolve(long forwardRef, ChainRef chain) {
        List<Waiting> list = waitingForChain.remove(forwardRef);
        if (list != null) {
            settle(list, chain);
        }
    }

    /** Gives the waiting parts their chain (null: unknown) and hands on contentions that are complete. */
    private void settle(List<Waiting> list, ChainRef chain) {
        for (Waiting w : list) {
            if (chain == null) {
                counters.unresolvedForwardRefs++;
            }
            w.part().resolve(chain);
            Contention c = w.contention();
            c.unresolvedParts(c.unresolvedParts() - 1);
            if (c.unresolvedParts() == 0 && c.closed()) {
                sink.accept(c);
            }
        }
    }

    private void dropWaiting(Contention c) {
        if (c.unresolvedParts() > 0) {
            waitingForChain.values().forEach(l -> l.removeIf(w -> w.contention() == c));
            waitingForChain.values().removeIf(List::isEmpty);
        }
    }

    /** Events were skipped before the next one: the next part of every blocked interval has no known owner. */
    void gap() {
        for (Blocked b : blocked) {
            b.afterGap = true;
        }
    }

    /**
     * The lifetime ended (deflation, a lost deflation, or the end of the trace): threads still blocked
     * are counted and left out, and unresolved forward references become unknown chains.
     */
    void end(boolean endOfTrace) {
        if (endOfTrace) {
            counters.openAtEnd += blocked.size();
        } else {
            counters.discardedContentions += blocked.size();
        }
        for (Blocked b : blocked) {
            b.contention.unresolvedParts(-1);   // never handed on
        }
        blocked.clear();
        List<List<Waiting>> rest = new ArrayList<>(waitingForChain.values());
        waitingForChain.clear();
        rest.forEach(l -> settle(l, null));
    }

    PerLockStatistics.Row statistics() {
        return new PerLockStatistics.Row(lock(), firstThread, firstChain, stats.times(), stats.peak(), stats.threadTime(),
                stats.realTime(), stats.blockedNow(), stats.first(), stats.last());
    }
}
