package jdk.lockstat.internal.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Events waiting for their turn, keyed by sequence number from {@code next} on: a ring indexed by
 * seq modulo its (power-of-two) size, so taking the next event and adding one are O(1) without boxing.
 * Callers keep the span (largest seq - next) bounded.
 */
final class SeqWindow<E extends SequencedEvent> {
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
        slots[(int) (e.seq & (slots.length - 1))] = e;
        count++;
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
        for (long s = next; ; s++) {
            if (get(s) != null) {
                return s;
            }
        }
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
