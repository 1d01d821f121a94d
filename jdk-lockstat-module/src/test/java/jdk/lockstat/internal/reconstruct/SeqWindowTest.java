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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * The window's answers against a sorted map of the same events, over random puts, takes, removals,
 * skips and range removals: above all {@link SeqWindow#firstWaiting}, which starts looking where it last
 * found nothing below, and must still see an event put under that point or after next moved.
 */
class SeqWindowTest {
    private static final class E extends SequencedEvent {
        E(long seq) {
            super(seq, seq);
        }
    }

    @Test
    void firstWaitingFindsAnEventPutBelowWhereItLastLooked() {
        SeqWindow<E> w = new SeqWindow<>();
        w.put(new E(1_000));
        w.put(new E(1_001));
        assertEquals(1_000, w.firstWaiting());   // found far past next, in one pass over the table
        E low = new E(40);
        w.put(low);
        assertEquals(40, w.firstWaiting());
        assertSame(low, w.remove(40));
        assertEquals(1_000, w.firstWaiting());
        w.skipTo(1_000);
        assertEquals(1_000, w.takeNext().seq);
        assertEquals(1_001, w.firstWaiting());
        assertEquals(1_001, w.takeNext().seq);
        assertEquals(-1, w.firstWaiting());
        assertNull(w.takeNext());
    }

    @Test
    void agreesWithASortedMapOverRandomOperations() {
        for (int seed = 0; seed < 50; seed++) {
            Random r = new Random(seed);
            SeqWindow<E> w = new SeqWindow<>();
            TreeMap<Long, E> model = new TreeMap<>();
            long next = 0;
            for (int op = 0; op < 4_000; op++) {
                int kind = r.nextInt(10);
                if (kind < 5) {   // put, near next or far ahead of it
                    long seq = next + (r.nextInt(4) == 0 ? r.nextInt(5_000) : r.nextInt(40));
                    E e = new E(seq);
                    w.put(e);
                    model.put(seq, e);
                } else if (kind < 7) {
                    E e = w.takeNext();
                    E expected = model.remove(next);
                    assertSame(expected, e, "seed " + seed + " op " + op);
                    if (e != null) {
                        next++;
                    }
                } else if (kind == 7 && !model.isEmpty()) {
                    long seq = model.keySet().stream().skip(r.nextInt(model.size())).findFirst().orElseThrow();
                    assertSame(model.remove(seq), w.remove(seq));
                } else if (kind == 8) {   // skip to the first waiting event, as a resync does
                    long first = w.firstWaiting();
                    if (first >= 0) {
                        w.skipTo(first);
                        next = first;
                    }
                } else {
                    long from = next + r.nextInt(50), to = from + r.nextInt(r.nextBoolean() ? 30 : 3_000);
                    List<E> removed = w.removeRange(from, to);
                    int expected = model.subMap(from, to).size();
                    model.subMap(from, to).clear();
                    assertEquals(expected, removed.size(), "seed " + seed + " op " + op);
                }
                Long min = model.ceilingKey(next);
                assertEquals(min == null ? -1 : min, w.firstWaiting(), "seed " + seed + " op " + op);
                assertEquals(model.tailMap(next).size(), w.count(), "seed " + seed + " op " + op);
            }
        }
    }
}
