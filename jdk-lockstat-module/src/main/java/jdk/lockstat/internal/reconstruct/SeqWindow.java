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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import jdk.lockstat.internal.format.SequenceNumbers;

/**
 * Events waiting for their turn, keyed by sequence number from {@code next} on: a table indexed by seq
 * modulo its (power-of-two) size, chained through {@link SequencedEvent#nextInSlot}, so taking the next
 * event and adding one are O(1) without boxing. The table is sized by the number of waiting events, not
 * by how far apart their numbers are: consecutive numbers never share a slot, and an event behind a
 * release summary (whose numbers may run into millions) costs one entry like any other.
 *
 * <p>An event that occupies several numbers ({@link SequencedEvent#count()}) is taken as a whole and
 * moves next past all of them. Callers keep {@link #span} bounded: it leaves out the numbers that
 * waiting summaries cover, which are not missing.
 */
final class SeqWindow<E extends SequencedEvent> {
    /**
     * Largest sequence number accepted: {@link SequenceNumbers#MAX}, the rule verify applies too. A larger
     * one is damage, and next must never wrap past Long.MAX_VALUE.
     */
    static final long MAX_SEQ = SequenceNumbers.MAX;

    /** Whether a sequence number can be real (callers count the others as damage and drop them). */
    static boolean plausible(long seq) {
        return SequenceNumbers.possible(seq);
    }

    private SequencedEvent[] slots = new SequencedEvent[8];
    /**
     * Bit i set when slots[i] holds an event: consecutive numbers lie in consecutive slots, so a range of
     * numbers is checked 64 at a time (removeRange: a delivered summary's hundreds of numbers, behind
     * which hardly ever anything waits).
     */
    private long[] used = new long[1];
    private long next;
    private int count;
    /**
     * No event waits with a number from next up to this one: where {@link #firstWaiting} starts looking.
     * It moves forward as that finds events and back only to an event put below it, so a window waiting
     * behind a long gap finds its first event at once however often it is asked (the split numbering's
     * enter placement asks at every event that arrives while a gap is open).
     */
    private long low;
    /** Waiting events that occupy more than one number, by their first: few, and null while none wait. */
    private TreeMap<Long, E> spans;
    /** Numbers the waiting spans cover beyond their first ones. */
    private long spanExtra;

    long next() {
        return next;
    }

    int count() {
        return count;
    }

    /**
     * How far seq lies ahead of next, not counting the numbers waiting summaries cover (at most that far
     * in numbers still missing): callers tell damage and lost beginnings by it.
     */
    long span(long seq) {
        return seq - next - spanExtra;
    }

    private int slot(long seq) {
        return (int) (seq & (slots.length - 1));
    }

    @SuppressWarnings("unchecked")
    E get(long seq) {
        if (seq < next) {
            return null;
        }
        for (SequencedEvent e = slots[slot(seq)]; e != null; e = e.nextInSlot) {
            if (e.seq == seq) {
                return (E) e;
            }
        }
        return null;
    }

    /** The waiting event occupying seq past its first number (a summary covering it), or null. */
    E covering(long seq) {
        if (spans == null) {
            return null;
        }
        Map.Entry<Long, E> e = spans.lowerEntry(seq);
        return e != null && e.getValue().lastSeq() >= seq ? e.getValue() : null;
    }

    /** Adds an event with seq >= next(); one already waiting with the same number is replaced. */
    void put(E e) {
        if (count >= slots.length / 2) {
            grow();
        }
        unlink(e.seq);
        int i = slot(e.seq);
        e.nextInSlot = slots[i];
        slots[i] = e;
        used[i >>> 6] |= 1L << i;
        count++;
        if (e.seq < low) {
            low = e.seq;
        }
        if (e.count() > 1) {
            if (spans == null) {
                spans = new TreeMap<>();
            }
            spans.put(e.seq, e);
            spanExtra += e.count() - 1;
        }
    }

    E remove(long seq) {
        return seq < next ? null : unlink(seq);
    }

    /** Removes the event with this number wherever it lies (also below next); null if none waits. */
    @SuppressWarnings("unchecked")
    private E unlink(long seq) {
        int i = slot(seq);
        SequencedEvent before = null;
        for (SequencedEvent e = slots[i]; e != null; before = e, e = e.nextInSlot) {
            if (e.seq == seq) {
                if (before == null) {
                    setHead(i, e.nextInSlot);
                } else {
                    before.nextInSlot = e.nextInSlot;
                }
                forget(e);
                return (E) e;
            }
        }
        return null;
    }

    private void forget(SequencedEvent e) {
        e.nextInSlot = null;
        count--;
        if (e.count() > 1 && spans != null && spans.remove(e.seq, e)) {
            spanExtra -= e.count() - 1;
            if (spans.isEmpty()) {
                spans = null;
            }
        }
    }

    /** The event with seq next(), advancing next() past every number it occupies; null if it has not arrived. */
    E takeNext() {
        E e = remove(next);
        if (e != null) {
            next += e.count();
        }
        return e;
    }

    /** Smallest waiting seq, or -1 when nothing waits. */
    long firstWaiting() {
        if (count == 0) {
            return -1;
        }
        // Numbers are looked up in increasing order from where none waits below: the first found is the
        // smallest. Past one table's length, one pass over the table costs less.
        long from = Math.max(next, low);
        for (long s = from; s - from < slots.length; s++) {
            if (get(s) != null) {
                low = s;
                return s;
            }
        }
        long min = -1;
        for (SequencedEvent head : slots) {
            for (SequencedEvent e = head; e != null; e = e.nextInSlot) {
                if (e.seq >= next && (min < 0 || e.seq < min)) {
                    min = e.seq;
                }
            }
        }
        if (min < 0) {
            // Nothing at or after next although count says so: only damaged input gets here. Forget the
            // strays rather than search on forever.
            clear();
        } else {
            low = min;
        }
        return min;
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
            SequencedEvent before = null;
            for (SequencedEvent e = slots[i]; e != null; ) {
                SequencedEvent after = e.nextInSlot;
                if (filter.test((E) e)) {
                    if (before == null) {
                        setHead(i, after);
                    } else {
                        before.nextInSlot = after;
                    }
                    forget(e);
                    out.add((E) e);
                } else {
                    before = e;
                }
                e = after;
            }
        }
        return out;
    }

    /**
     * Removes and returns the waiting events numbered from..to-1, below next or not: what a summary just
     * taken covers cannot be its own lifetime's (its caller decides where they belong). Costs the
     * smaller of the range and the table.
     */
    List<E> removeRange(long from, long to) {
        if (count == 0 || to <= from) {
            return List.of();
        }
        if (to - from > slots.length) {
            return removeIf(e -> e.seq >= from && e.seq < to);
        }
        // At most one table's length of numbers: each slot stands for one number of the range.
        List<E> out = new ArrayList<>(0);
        int mask = slots.length - 1;
        for (long s = from; s < to; ) {
            int i = (int) (s & mask);
            long bits = used[i >>> 6] >>> i;   // slot i and the rest of its word
            if (bits == 0) {
                s += Math.min(((i >>> 6) + 1) << 6, slots.length) - i;   // to the word's or the table's end
                continue;
            }
            s += Long.numberOfTrailingZeros(bits);
            if (s >= to) {
                break;
            }
            E e = unlink(s);
            if (e != null) {
                out.add(e);
            }
            s++;
        }
        return out;
    }

    /** Slot i's first event is now head (null: the slot is empty). */
    private void setHead(int i, SequencedEvent head) {
        slots[i] = head;
        if (head == null) {
            used[i >>> 6] &= ~(1L << i);
        }
    }

    private void clear() {
        Arrays.fill(slots, null);
        Arrays.fill(used, 0);
        count = 0;
        low = next;
        spans = null;
        spanExtra = 0;
    }

    private void grow() {
        SequencedEvent[] old = slots;
        slots = new SequencedEvent[old.length * 2];
        used = new long[Math.max(1, slots.length >>> 6)];
        for (SequencedEvent head : old) {
            for (SequencedEvent e = head; e != null; ) {
                SequencedEvent after = e.nextInSlot;
                int i = slot(e.seq);
                e.nextInSlot = slots[i];
                slots[i] = e;
                used[i >>> 6] |= 1L << i;
                e = after;
            }
        }
    }
}
