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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.PerLockStatistics;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * One park blocker (a ReentrantLock's sync, a Semaphore, ...) treated as a lock (paper 4.1): its releases
 * are the unparks of threads parked on it. Every thread parked on the blocker when one of its waiters is
 * unparked was blocked, up to then, by the unparking thread (the lock's releaser, with its call chain),
 * including threads that were not the one unparked (the paper's Figure 5: the shared blocker carries the
 * attribution). From the last release to the parked thread's own wake-up the owner is unknown.
 * <p>
 * A read-write lock's readers release without unparking anyone until the last one does; while a writer
 * waits, those releases are recorded too (SharedRelease). Up to the next release that unparks, the time is
 * then shared by every reader that released meanwhile and the unparking one, each in proportion to how long
 * it held the read lock during the wait (from the start of the unattributed time to its release): the
 * readers held the lock together, so each one alone would have blocked the writer that long. The shares
 * are laid out one after another, in release order, so that the parts still cover the wait without overlap.
 * <p>
 * A resource (a pool's item, a semaphore's permit) is held by more than one thread at a time, and every
 * one of them keeps it from a waiter while the pool is dry: like readers, they share the wait. A release
 * shares the time since the waiter's last part among the giver and every other holder ({@link
 * ResourceHolds}: who holds, and since when), each in proportion to how long it held during that time.
 * Where no other holder is known, the giver alone is charged, as for a lock.
 * <p>
 * A thread that parks again in the same acquisition (woken, it lost the lock to a barging thread) goes on
 * with the contention of its first park ({@link #resume}): one acquisition, one contention.
 */
final class ParkLockAnalyzer {
    private final LockRef lock;
    private final Map<ThreadRef, Parked> parked = new LinkedHashMap<>();
    private final BlockedTimeAccumulator stats;   // the J9 thesis's per-lock statistics (lockstat locks)
    private final ActivityListener activity;      // told each reader's hold (readerHeld)
    private ThreadRef firstThread;
    private ChainRef firstChain;

    private static final class Parked {
        final Contention contention;
        long since;   // start of the part not yet attributed
        boolean released;   // since is a release's time (an unpark): what follows until the wake-up is a hand-off
        // Readers' releases since `since` that unparked nobody, in release order; a thread's later
        // release (of a reentrant read hold) replaces its earlier one.
        Map<ThreadRef, ReaderRelease> readers;
        // Sampled traces, a resource: the releases during the wait, split when it ends (splitReleases).
        List<Release> releases;

        Parked(Contention contention, long since) {
            this.contention = contention;
            this.since = since;
        }
    }

    private record ReaderRelease(ThreadRef thread, ChainRef chain, long time) {}

    /**
     * A release during a sampled resource wait: [from, time) is to be shared by the giver (its hold, null:
     * not known) and the other holders known then; heldSince: for a giver with no hold known, when it
     * was last seen holding nothing (Long.MIN_VALUE: never).
     */
    private record Release(long from, long time, ThreadRef giver, ChainRef chain, ResourceHolds.Hold giverHold,
                           long heldSince, List<Map.Entry<ThreadRef, ResourceHolds.Hold>> others) {}

    private static final int MAX_RELEASES = 1_024;   // kept per sampled wait; beyond, split so far

    private ResourceHolds holds;   // a resource's holders; null while no wait here was for a resource

    /**
     * Owner parts folded per holder (ContentionAnalysis.Options#withFoldedParts): a j.u.c. lock's
     * contention takes a part per release it waited through (SharedRelease), thousands on a hot lock.
     * A resource's holders' parts carry a hold's reference until the hold ends and are never folded.
     */
    private final boolean foldParts;

    /**
     * A sampled trace: a resource's holders are known only from what was recorded while a recorded wait
     * was open here (the VM records releases only then), so each wait is split when it ends, with every
     * holder its waiting time revealed (splitReleases), and holds known before a recorded wait began are
     * forgotten (the releases that ended them may not have been recorded).
     */
    private final boolean sampled;

    ParkLockAnalyzer(LockRef lock, BlockedTimeAccumulator stats, ActivityListener activity, boolean foldParts,
                     boolean sampled) {
        this.sampled = sampled;
        this.lock = lock;
        this.stats = stats;
        this.activity = activity;
        this.foldParts = foldParts;
    }

    LockRef lock() {
        return lock;
    }

    void parked(ThreadRef thread, ChainRef chain, long time, boolean pinned) {
        Contention.Kind kind = pinned ? Contention.Kind.PINNED_PARK : Contention.Kind.PARK;
        stats.change(time, +1);
        if (firstThread == null) {
            firstThread = thread;
            firstChain = chain;
        }
        if (sampled && holds != null && parked.isEmpty()) {
            holds.forget();
        }
        Contention c = new Contention(kind, lock, thread, chain, false, time);
        if (foldParts) {
            c.foldParts();
        }
        parked.put(thread, new Parked(c, time));
        if (holds != null) {
            holds.waitsAgain(thread, time);
        }
    }

    /** Whether a wait here was for a resource (its holders are tracked). */
    boolean resource() {
        return holds != null;
    }

    /** A wait here is for a resource: from now on its givers and holders are tracked (the class comment). */
    void waitsForResource() {
        if (holds == null) {
            holds = new ResourceHolds(sampled);
        }
    }

    /** The thread parks elsewhere: a provisional hold of it here was none. */
    void parkedElsewhere(ThreadRef thread) {
        if (holds != null) {
            holds.parkedElsewhere(thread);
        }
    }

    /** The thread waits here, in a park the trace does not show (a followed giver's): whatever it held, it gave back. */
    void waitsUnseen(ThreadRef thread, long time) {
        if (holds != null) {
            holds.waitsAgain(thread, time);
        }
    }

    /** An unpark here woke the thread from a park the trace does not show: on a resource, it took an item. */
    void tookUnseen(ThreadRef thread, long time) {
        if (holds != null) {
            holds.waitsAgain(thread, time);
            holds.took(thread, null, time);
        }
    }

    /** Whether the thread, having given back here, may hold again (it waits here too). */
    boolean holdsProvisionally(ThreadRef thread) {
        return holds != null && holds.holdsProvisionally(thread);
    }

    /** The thread's wait for a resource here ended at time: it holds what it was given (chain: where it waited). */
    void took(ThreadRef thread, ChainRef chain, long time) {
        waitsForResource();
        holds.took(thread, chain, time);
    }

    /**
     * The thread parks again in the acquisition whose contention c (of this blocker) ended at its last
     * wake-up: c goes on, and the time since that wake-up is charged to the next release.
     */
    void resume(ThreadRef thread, Contention c, long time) {
        stats.change(time, +1);
        c.reopen();
        parked.put(thread, new Parked(c, c.end()));
        if (holds != null) {
            holds.waitsAgain(thread, time);   // woken, it found nothing: it held nothing
        }
    }

    /** A reader's release at time that unparked nobody, while others held the read lock too. */
    void readerReleased(ThreadRef reader, ChainRef chain, long time) {
        for (Map.Entry<ThreadRef, Parked> e : parked.entrySet()) {
            Parked p = e.getValue();
            if (e.getKey() == reader || time <= p.since) {
                continue;
            }
            if (p.readers == null) {
                p.readers = new LinkedHashMap<>();
            }
            p.readers.remove(reader);   // kept in release order
            p.readers.put(reader, new ReaderRelease(reader, chain, time));
        }
    }

    /**
     * [p.since, to) shared by the readers released meanwhile and last (the release at to; null: none),
     * each in proportion to its time from p.since to its release, laid out in release order. Each reader's
     * own hold over that time goes to the activity listener (what-if's replay).
     */
    private void shareAmongReaders(Parked p, ReaderRelease last, long to) {
        List<ReaderRelease> holders = new ArrayList<>(p.readers.values());
        p.readers = null;
        if (last != null) {
            holders.removeIf(r -> r.thread() == last.thread());
            holders.add(last);
        }
        double total = 0;
        for (ReaderRelease r : holders) {
            total += Math.min(r.time(), to) - p.since;
            activity.readerHeld(lock, r.thread(), r.chain(), p.since, Math.min(r.time(), to));
        }
        long span = to - p.since, at = p.since;
        double held = 0;
        for (ReaderRelease r : holders) {
            held += Math.min(r.time(), to) - p.since;
            long next = r == holders.get(holders.size() - 1) ? to : p.since + Math.round(span * (held / total));
            p.contention.addPart(at, next, r.thread(), r.chain(), 0);
            at = next;
        }
        p.since = to;
    }

    /**
     * A release by owner at time: the waiters other than except owe their time so far to it, and on a
     * resource to every other holder as well (the class comment). held: how long owner held the lock,
     * where its acquisition was stamped (a ReentrantLock taken while threads were queued); 0: not known.
     * A waiter's time before that acquisition is not the owner's: up to it the lock was on its way to a
     * woken waiter, free, or held by threads that barged in and released without unparking anyone
     * (which the trace does not show), a hand-off after a release as for a monitor.
     */
    void released(ThreadRef owner, ChainRef ownerChain, long time, long held, ThreadRef except) {
        long ownFree = holds == null ? Long.MIN_VALUE : holds.heldAtMostSince(owner);   // before this release
        ResourceHolds.Hold ownHold = holds == null ? null : holds.gave(owner, ownerChain, time);
        List<Map.Entry<ThreadRef, ResourceHolds.Hold>> others = holds == null ? List.of() : holds.others(owner);
        for (Map.Entry<ThreadRef, Parked> e : parked.entrySet()) {
            if (e.getKey() == except) {
                continue;
            }
            Parked p = e.getValue();
            if (time > p.since && p.readers != null) {
                shareAmongReaders(p, new ReaderRelease(owner, ownerChain, time), time);
            } else if (time > p.since && sampled && holds != null) {
                if (p.releases == null) {
                    p.releases = new ArrayList<>();
                }
                p.releases.add(new Release(p.since, time, owner, ownerChain, ownHold,
                        ownHold == null ? ownFree : Long.MIN_VALUE,
                        others.stream().map(h -> Map.entry(h.getKey(), h.getValue())).toList()));   // as they are now
                p.since = time;
                if (p.releases.size() >= MAX_RELEASES) {
                    splitReleases(p, e.getKey());   // bound: a long wait on a busy resource
                }
            } else if (time > p.since && !others.isEmpty()) {
                shareAmongHolders(p, e.getKey(), others, owner, ownerChain, ownHold, time);
            } else if (time > p.since) {
                if (held > 0 && time - held > p.since) {
                    p.contention.addUnowned(p.since, time - held, p.released);
                    p.since = time - held;
                }
                p.contention.addPart(p.since, time, owner, ownerChain, 0);
                p.since = time;
            }
            p.readers = null;
            p.released = true;
        }
    }

    /**
     * [p.since, to) shared by the other holders (each for its time holding since p.since) and the giver
     * (for its time holding, all of it when its hold's start is not known), the giver last.
     */
    private void shareAmongHolders(Parked p, ThreadRef waiter, List<Map.Entry<ThreadRef, ResourceHolds.Hold>> others,
                                   ThreadRef giver, ChainRef giverChain, ResourceHolds.Hold giverHold, long to) {
        List<Map.Entry<ThreadRef, ResourceHolds.Hold>> holders = new ArrayList<>(others.size());
        List<Long> weights = new ArrayList<>(others.size() + 1);
        for (Map.Entry<ThreadRef, ResourceHolds.Hold> h : others) {
            long weight = to - Math.max(p.since, h.getValue().since);
            if (h.getKey() != waiter && weight > 0) {
                holders.add(h);
                weights.add(weight);
            }
        }
        weights.add(to - Math.max(p.since, giverHold == null ? p.since : giverHold.since));
        double total = 0;
        for (long w : weights) {
            total += w;
        }
        long span = to - p.since, at = p.since;
        double held = 0;
        for (int i = 0; i < holders.size() && total > 0; i++) {
            held += weights.get(i);
            long next = p.since + Math.round(span * (held / total));
            holds.addPart(p.contention, at, next, holders.get(i).getKey(), holders.get(i).getValue(), giver, giverChain);
            at = Math.max(at, next);
        }
        p.contention.addPart(at, to, giver, giverChain, 0);
        p.since = to;
    }

    /**
     * A sampled resource wait's releases, split now that it ended (the class comment's rule, with what the
     * trace revealed meanwhile): a giver whose hold was not known held, at the latest, since it was last
     * seen holding nothing, so it shares every earlier interval of the wait since then too; a provisional
     * hold undone since was none; a hold that ended since has its chain.
     */
    private void splitReleases(Parked p, ThreadRef waiter) {
        List<Release> rs = p.releases;
        p.releases = null;
        // Per interval, from the last one back: each holder not known then whose release comes later, at
        // its first such release (the earliest after the interval).
        List<List<Release>> revealed = new ArrayList<>(java.util.Collections.nCopies(rs.size(), List.of()));
        Map<ThreadRef, Release> later = new LinkedHashMap<>();
        for (int i = rs.size() - 1; i >= 0; i--) {
            revealed.set(i, List.copyOf(later.values()));
            Release r = rs.get(i);
            if (r.giverHold() == null && r.giver() != waiter && holds.waitsHere(r.giver())) {
                later.remove(r.giver());
                later.put(r.giver(), r);
            }
        }
        for (int i = 0; i < rs.size(); i++) {
            Release r = rs.get(i);
            List<ThreadRef> threads = new ArrayList<>();
            List<ResourceHolds.Hold> heldBy = new ArrayList<>();   // null: revealed later, its release's chain
            List<ChainRef> chains = new ArrayList<>();
            List<Long> weights = new ArrayList<>();
            for (Map.Entry<ThreadRef, ResourceHolds.Hold> h : r.others()) {
                long weight = r.time() - Math.max(r.from(), h.getValue().since);
                if (h.getKey() != waiter && weight > 0 && !h.getValue().none()) {
                    threads.add(h.getKey());
                    heldBy.add(h.getValue());
                    chains.add(null);
                    weights.add(weight);
                }
            }
            for (Release x : revealed.get(i)) {
                long weight = r.time() - Math.max(r.from(), x.heldSince());
                if (x.giver() != r.giver() && weight > 0 && !threads.contains(x.giver())) {
                    threads.add(x.giver());
                    heldBy.add(null);
                    chains.add(x.chain());
                    weights.add(weight);
                }
            }
            long own = r.time() - Math.max(r.from(), r.giverHold() != null ? r.giverHold().since : r.heldSince());
            double total = own > 0 ? own : 0;
            for (long w : weights) {
                total += w;
            }
            long span = r.time() - r.from(), at = r.from();
            double held = 0;
            for (int k = 0; k < threads.size() && total > 0; k++) {
                held += weights.get(k);
                long next = r.from() + Math.round(span * (held / total));
                ResourceHolds.Hold h = heldBy.get(k);
                if (h == null) {
                    p.contention.addPart(at, next, threads.get(k), chains.get(k), 0);
                } else if (h.ended()) {
                    p.contention.addPart(at, next, threads.get(k), h.chain(), 0);
                } else {
                    holds.addPart(p.contention, at, next, threads.get(k), h, r.giver(), r.chain());
                }
                at = Math.max(at, next);
            }
            p.contention.addPart(at, r.time(), r.giver(), r.chain(), 0);
        }
    }

    /** The thread's park ended; its contention (null if it was not parked here). */
    Contention unparked(ThreadRef thread, long time) {
        Parked p = parked.remove(thread);
        if (p == null) {
            return null;
        }
        if (p.releases != null) {
            splitReleases(p, thread);
        }
        if (p.readers != null) {   // no unparking release seen: the readers' time up to the last of them
            long last = 0;
            for (ReaderRelease r : p.readers.values()) {
                last = Math.max(last, r.time());
            }
            shareAmongReaders(p, null, Math.min(last, time));
            p.released = true;
        }
        long end = Math.max(time, p.since);
        stats.change(end, -1);
        p.contention.addUnowned(p.since, end, p.released);
        p.contention.close(end);
        return p.contention;
    }

    boolean idle() {
        return parked.isEmpty();
    }

    /** A contention of this blocker that counts (it blocked, and not only until a timeout). */
    void counted(Contention c) {
        stats.count(c.start(), c.end());
    }

    PerLockStatistics.Row statistics() {
        return new PerLockStatistics.Row(lock, firstThread, firstChain, stats.times(), stats.peak(), stats.threadTime(),
                stats.realTime(), stats.blockedNow(), stats.first(), stats.last());
    }
}
