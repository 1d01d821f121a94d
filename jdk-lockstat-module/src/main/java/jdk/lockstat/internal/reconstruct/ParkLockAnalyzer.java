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

import java.util.LinkedHashMap;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.ThreadRef;
import jdk.lockstat.query.LockStatistics;

/**
 * One park blocker (a ReentrantLock's sync, a Semaphore, ...) treated as a lock (paper 4.1): its releases
 * are the unparks of threads parked on it. Every thread parked on the blocker when one of its waiters is
 * unparked was blocked, up to then, by the unparking thread (the lock's releaser, with its call chain),
 * including threads that were not the one unparked (the paper's Figure 5: the shared blocker carries the
 * attribution). From the last release to the parked thread's own wake-up the owner is unknown.
 */
final class ParkLockAnalyzer {
    private final LockRef lock;
    private final Map<ThreadRef, Parked> parked = new LinkedHashMap<>();
    private final BlockedTimeAccumulator stats;   // the J9 thesis's per-lock statistics (lockstat locks)
    private ThreadRef firstThread;
    private ChainRef firstChain;

    private static final class Parked {
        final Contention contention;
        long since;   // start of the part not yet attributed
        boolean released;   // since is a release's time (an unpark): what follows until the wake-up is a hand-off

        Parked(Contention contention) {
            this.contention = contention;
            this.since = contention.start();
        }
    }

    ParkLockAnalyzer(LockRef lock, BlockedTimeAccumulator stats) {
        this.lock = lock;
        this.stats = stats;
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
        parked.put(thread, new Parked(new Contention(kind, lock, thread, chain, false, time)));
    }

    /** A release by owner at time: the waiters other than except owe their time so far to it. */
    void released(ThreadRef owner, ChainRef ownerChain, long time, ThreadRef except) {
        for (Map.Entry<ThreadRef, Parked> e : parked.entrySet()) {
            if (e.getKey() == except) {
                continue;
            }
            Parked p = e.getValue();
            if (time > p.since) {
                p.contention.addPart(p.since, time, owner, ownerChain, 0);
                p.since = time;
            }
            p.released = true;
        }
    }

    /** The thread's park ended; its contention (null if it was not parked here). */
    Contention unparked(ThreadRef thread, long time) {
        Parked p = parked.remove(thread);
        if (p == null) {
            return null;
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

    LockStatistics.Row statistics() {
        return new LockStatistics.Row(lock, firstThread, firstChain, stats.times(), stats.peak(), stats.threadTime(),
                stats.realTime(), stats.blockedNow(), stats.first(), stats.last());
    }
}
