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
import java.util.function.Predicate;

/**
 * Events waiting for their turn, keyed by sequence number from {@code next} on: a ring indexed by
 * seq modulo its (power-of-two) size, so taking the next event and adding one are O(1) without boxing.
 * Callers keep the span (largest seq - next) bounded.
 */
final class SeqWindow<E extends SequencedEvent> {
    /**
     * Largest sequence number accepted (2^56: a monitor entered ten million times a second for two
     * hundred years stays below). A larger one is damage, and next must never wrap past Long.MAX_VALUE.
     */
    static final long MAX_SEQ = 1L << 56;

    /** Whether a sequence number can be real (callers count the others as damage and drop them). */
    static boolean plausible(long seq) {
        return seq >= 0 && seq <= MAX_SEQ;
    }

    /** Largest window: twice the span callers allow (MonitorQueue.MAX_SPAN). */
    static final int MAX_SLOTS = 1 << 21;

    private SequencedEvent[] slots = new SequencedEvent[8];
    private long next;
    private int count;

    long next() {
        return next;
    }

    int count() {
        return count;
    }

    long span(long seq) {
        return seq - next;
    }

    @SuppressWarnings("unchecked")
    E get(long seq) {
        if (seq < next || seq - next >= slots.length) {
            return null;
        }
        SequencedEvent e = slots[(int) (seq & (slots.length - 1))];
        return e != null && e.seq == seq ? (E) e : null;
    }

    /** Adds an event with seq >= next() that is not present yet. */
    void put(E e) {
        long need = e.seq - next + 1;
        if (need > slots.length) {
            grow(need);
        }
        int i = (int) (e.seq & (slots.length - 1));
        if (slots[i] == null) {
            count++;
        }
        slots[i] = e;   // an occupant with another number is a stray below next (damage): replaced
    }

    E remove(long seq) {
        E e = get(seq);
        if (e != null) {
            slots[(int) (seq & (slots.length - 1))] = null;
            count--;
        }
        return e;
    }

    /** The event with seq next(), advancing next(); null if it has not arrived. */
    E takeNext() {
        E e = remove(next);
        if (e != null) {
            next++;
        }
        return e;
    }

    /** Smallest waiting seq, or -1 when nothing waits. */
    long firstWaiting() {
        if (count == 0) {
            return -1;
        }
        for (long s = next; s - next < slots.length; s++) {
            if (get(s) != null) {
                return s;
            }
        }
        // Nothing in the window although count says so: only damaged input gets here. Forget the
        // strays rather than search on forever.
        java.util.Arrays.fill(slots, null);
        count = 0;
        return -1;
    }

    /** Moves next forward past a gap (nothing may wait below seq). */
    void skipTo(long seq) {
        if (seq > next) {
            next = seq;
        }
    }

    /** Removes and returns the waiting events matching the filter. */
    @SuppressWarnings("unchecked")
    List<E> removeIf(Predicate<E> filter) {
        List<E> out = new ArrayList<>();
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null && filter.test((E) slots[i])) {
                out.add((E) slots[i]);
                slots[i] = null;
                count--;
            }
        }
        return out;
    }

    private void grow(long need) {
        if (need > MAX_SLOTS) {
            // Callers bound the span; a corrupt sequence number must fail here, not loop or exhaust the heap.
            throw new IllegalStateException("sequence window of " + need + " slots");
        }
        int size = slots.length;
        while (size < need) {
            size <<= 1;
        }
        SequencedEvent[] bigger = new SequencedEvent[size];
        for (SequencedEvent e : slots) {
            if (e != null) {
                bigger[(int) (e.seq & (size - 1))] = e;
            }
        }
        slots = bigger;
    }
}
