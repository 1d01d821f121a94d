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
import java.util.Iterator;

import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.ParkBlockerKind;

/**
 * Holds back contentions whose call chains' metadata has not arrived yet, so that aggregation by method
 * (which needs a chain's frames) sees them resolved; and parks whose waiting method (the chain's frames'
 * Method and Class events) or blocker's class name has not, since they tell a lock from a resource wait
 * (both contention, in groups of their own) and from a barrier's wait or an idle pool worker, dropped here
 * ({@link ParkBlockerKind}). CallChain events normally come within a buffer or two; the queue is bounded,
 * and what is still unresolved at the bound or at the end goes on with unknown chains (counted).
 */
final class MetadataBarrier implements ContentionSink {
    private final ContentionSink next;
    private final AnalysisCounters counters;
    private final int maxHeld;
    private final ArrayDeque<Contention> held = new ArrayDeque<>();

    MetadataBarrier(ContentionSink next, AnalysisCounters counters, int maxHeld) {
        this.next = next;
        this.counters = counters;
        this.maxHeld = maxHeld;
    }

    @Override
    public void accept(Contention c) {
        if (resolved(c)) {
            pass(c);
            return;
        }
        held.add(c);
        if (held.size() > maxHeld) {
            Contention oldest = held.poll();
            counters.unresolvedChains++;
            pass(oldest);
        }
    }

    /** After each buffer: hands on what its metadata completed. */
    void recheck() {
        if (held.isEmpty()) {
            return;
        }
        for (Iterator<Contention> it = held.iterator(); it.hasNext(); ) {
            Contention c = it.next();
            if (resolved(c)) {
                it.remove();
                pass(c);
            }
        }
    }

    void finish() {
        while (!held.isEmpty()) {
            Contention c = held.poll();
            if (!resolved(c)) {
                counters.unresolvedChains++;
            }
            pass(c);
        }
    }

    int held() {
        return held.size();
    }

    private void pass(Contention c) {
        ParkBlockerKind kind = c.kind() == Contention.Kind.INTRINSIC || c.lock() == null ? ParkBlockerKind.LOCK
                : ParkBlockerKind.of(c.lock().lockClass(), c.chain());
        if (!kind.contention()) {
            // A park whose blocker's class or waiting method was not known when it ended (its Class,
            // Method or CallChain event came later): now known to be a wait (a barrier, no blocker) or
            // idling (e.g. ForkJoinPool.awaitWork in a pool subclass), which is no contention.
            counters.leftOut(kind, c.nanos());
            return;
        }
        if (kind == ParkBlockerKind.RESOURCE) {
            c.resourceWait();   // decided here, where every park's metadata is known, for its group
            counters.resourceWaits++;
        }
        c.useCanonicalChains();
        if (c.afterWait()) {
            counters.afterWaitContentions++;
        } else {
            counters.contentions++;
        }
        next.accept(c);
    }

    private static boolean resolved(Contention c) {
        if (c.chain() != null && !c.chain().defined()) {
            return false;
        }
        if (c.kind() != Contention.Kind.INTRINSIC && c.lock() != null
                && !ParkBlockerKind.decided(c.lock().lockClass(), c.chain())) {
            return false;   // a park's waiting method or blocker class decides whether it is contention at all
        }
        for (OwnerPart p : c.parts()) {
            if (p.chain() != null && !p.chain().defined()) {
                return false;
            }
        }
        return true;
    }
}
