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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Who holds a resource blocker's items (a pool's connections, a semaphore's permits) while others wait,
 * from what the trace shows. Holders are the threads that both wait here and give back here (a pool's
 * borrowers, a semaphore's users); a bounded queue's producers only wait and its consumers only give, and
 * neither holds anything the other side waits for. A hold begins when such a thread's wait here ends
 * ({@link #took}), or, provisionally, when it gives back ({@link #gave}): it may take an item again at
 * once without waiting (a semaphore's barge, a pool's thread-local reuse), which the trace does not show.
 * A hold ends when the thread gives back here (which confirms a provisional one) or waits here again
 * ({@link #waitsAgain}). A provisional hold also ends when the thread parks anywhere before it confirmed
 * it ({@link #parkedElsewhere}: a thread that took an item back runs into its section, and one that
 * parks, for its next task or anything else, most likely took none): such a hold was none, and its parts
 * go back to the threads whose releases ended them.
 * <p>
 * A holder's parts of other threads' waits get their chain when its hold ends: the chain where it gave
 * the item back, which names the code that held it (the same chain a giver's own part has; a take
 * without a wait is not recorded). Until then they are pending in the waiter's contention ({@link
 * Contention#unresolvedParts}); a confirmed hold that ends without a release seen leaves them the chain
 * where the holder took the item.
 */
final class ResourceHolds {
    /** One thread's hold: since when, the chain of its take (null: not recorded), its pending parts. */
    static final class Hold {
        final ChainRef takeChain;
        final long since;
        final boolean provisional;   // begun at a release: confirmed by the next one
        final long ref;   // the pendingRef of its parts: parts of one hold merge, of two never
        private List<Pending> pending;
        private boolean ended, none;   // none: a provisional hold undone
        private ChainRef endChain;     // where it gave back, once ended (null: not seen)

        /** Whether it ended (its chain is known: {@link #chain}); none: it was no hold. */
        boolean ended() {
            return ended;
        }

        boolean none() {
            return none;
        }

        /** The chain its parts get: where it gave back, else where it took. */
        ChainRef chain() {
            return endChain != null ? endChain : takeChain;
        }

        Hold(ChainRef takeChain, long since, boolean provisional, long ref) {
            this.takeChain = takeChain;
            this.since = since;
            this.provisional = provisional;
            this.ref = ref;
        }
    }

    /** A holder's part of a contention, and the release that ended it (its owner if the hold was none). */
    private record Pending(Contention contention, OwnerPart part, ThreadRef giver, ChainRef giverChain) {}

    private static final int MAX_HOLDS = 10_000;   // bound: holds of threads that never come back
    private static final int MAX_PENDING = 4_096;   // bound: a hold that lasts while very many waits end

    private final Map<ThreadRef, Hold> holds = new LinkedHashMap<>();   // in the order they began
    private final Set<ThreadRef> waiters = new HashSet<>();
    private final Set<ThreadRef> givers = new HashSet<>();
    // Sampled traces: when each thread was last seen holding nothing here (it waited, or gave back and did
    // not hold again): a release by a thread with no hold known held since then, at the latest. Null in a
    // full trace, where every hold's start is seen.
    private final Map<ThreadRef, Long> free;
    private long nextRef = 1;

    ResourceHolds(boolean sampled) {
        free = sampled ? new HashMap<>() : null;
    }

    /**
     * The thread waits here (again) at time: whatever it held, it gave back unseen; a provisional hold was
     * none; it held nothing then.
     */
    void waitsAgain(ThreadRef thread, long time) {
        if (waiters.size() < MAX_HOLDS) {
            waiters.add(thread);
        }
        seenFree(thread, time);
        Hold h = holds.remove(thread);
        if (h != null && h.provisional) {
            undo(h);
        } else {
            end(h, null);
        }
    }

    /** The thread parks on another blocker, or on none: a provisional hold of its was none. */
    void parkedElsewhere(ThreadRef thread) {
        Hold h = holds.get(thread);
        if (h != null && h.provisional) {
            holds.remove(thread);
            undo(h);
        }
    }

    /**
     * Sampled traces: nothing was recorded here since the last recorded wait ended, so every hold known
     * then may have ended unseen. Provisional ones are taken for none, the others end with their take.
     */
    void forget() {
        for (Hold h : holds.values()) {
            if (h.provisional) {
                undo(h);
            } else {
                end(h, null);
            }
        }
        holds.clear();
    }

    /** Whether the thread holds here provisionally (the dispatcher then watches for its next park). */
    boolean holdsProvisionally(ThreadRef thread) {
        Hold h = holds.get(thread);
        return h != null && h.provisional;
    }

    /** The thread's wait here ended at time with an item (chain: where it waited). */
    void took(ThreadRef thread, ChainRef chain, long time) {
        end(holds.remove(thread), null);
        begin(thread, new Hold(chain, time, false, nextRef++));
    }

    /**
     * The thread gives back at time (chain: where): its hold ends, its pending parts get this chain; a
     * thread that also waits here holds again, provisionally, from now. Returns the hold that ended (null:
     * its start is not known).
     */
    Hold gave(ThreadRef thread, ChainRef chain, long time) {
        if (givers.size() < MAX_HOLDS) {
            givers.add(thread);
        }
        Hold h = holds.remove(thread);
        end(h, chain);
        seenFree(thread, time);
        if (waiters.contains(thread)) {
            begin(thread, new Hold(null, time, true, nextRef++));
        }
        return h;
    }

    private void begin(ThreadRef thread, Hold h) {
        if (holds.size() >= MAX_HOLDS) {
            holds.values().forEach(x -> end(x, null));
            holds.clear();
        }
        holds.put(thread, h);
    }

    /** The holds of threads seen giving back, other than the giver, oldest first. */
    List<Map.Entry<ThreadRef, Hold>> others(ThreadRef giver) {
        List<Map.Entry<ThreadRef, Hold>> others = new ArrayList<>();
        for (Map.Entry<ThreadRef, Hold> h : holds.entrySet()) {
            if (h.getKey() != giver && givers.contains(h.getKey())) {
                others.add(h);
            }
        }
        return others;
    }

    /**
     * Adds the holder's part [from, to) of the contention, pending until its hold ends; giver and
     * giverChain: the release that ended [from, to).
     */
    void addPart(Contention c, long from, long to, ThreadRef holder, Hold h, ThreadRef giver, ChainRef giverChain) {
        OwnerPart part = c.addPart(from, to, holder, h.takeChain, h.ref);
        if (part == null) {
            return;   // merged into its previous part of the same hold, pending already (or nothing to add)
        }
        if (h.pending == null) {
            h.pending = new ArrayList<>();
        } else if (h.pending.size() >= MAX_PENDING) {
            end(h, h.takeChain);   // settled early, with the take's chain
        }
        h.pending.add(new Pending(c, part, giver, giverChain));
        c.unresolvedParts(c.unresolvedParts() + 1);
    }

    /** Whether the thread was seen waiting here: if it gives back here too, it is a holder (the class comment). */
    boolean waitsHere(ThreadRef thread) {
        return waiters.contains(thread);
    }

    /**
     * Since when a thread that gives back with no hold known held, at the latest: when it was last seen
     * holding nothing (Long.MIN_VALUE: never seen).
     */
    long heldAtMostSince(ThreadRef thread) {
        return free == null ? Long.MIN_VALUE : free.getOrDefault(thread, Long.MIN_VALUE);
    }

    private void seenFree(ThreadRef thread, long time) {
        if (free != null && (free.size() < MAX_HOLDS || free.containsKey(thread))) {
            free.put(thread, time);
        }
    }

    /** A hold ended: its pending parts get the chain given (null: the take's, or unknown). */
    private static void end(Hold h, ChainRef chain) {
        if (h == null) {
            return;
        }
        h.ended = true;
        h.endChain = chain;
        if (h.pending == null) {
            return;
        }
        ChainRef resolved = chain != null ? chain : h.takeChain;
        for (Pending p : h.pending) {
            if (settle(p)) {
                p.part().resolve(resolved);
            }
        }
        h.pending = null;
    }

    /** A provisional hold that was none: its parts are the releases' that ended them. */
    private static void undo(Hold h) {
        h.ended = true;
        h.none = true;
        if (h.pending == null) {
            return;
        }
        for (Pending p : h.pending) {
            if (settle(p)) {
                p.part().reassign(p.giver(), p.giverChain());
            }
        }
        h.pending = null;
    }

    /** Counts the part as settled in its contention; false if the contention was handed on without it. */
    private static boolean settle(Pending p) {
        Contention c = p.contention();
        if (c.unresolvedParts() == 0) {
            return false;   // handed on already, with its parts as they were
        }
        c.unresolvedParts(c.unresolvedParts() - 1);
        return true;
    }
}
