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

package jdk.lockstat.internal.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** A holder's hold pieces kept as their union while they come (HoldPieces). */
class HoldPiecesTest {
    /** The union as the replay took it before: sorted by start, joined where they overlap or touch. */
    private static List<String> naiveUnion(List<long[]> pieces) {
        List<long[]> sorted = new ArrayList<>(pieces);
        sorted.sort(Comparator.comparingLong(x -> x[0]));
        List<long[]> out = new ArrayList<>();
        for (long[] x : sorted) {
            long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && x[0] <= last[1]) {
                last[1] = Math.max(last[1], x[1]);
            } else {
                out.add(x.clone());
            }
        }
        return text(out);
    }

    /** The pieces' union, in time order: {from, to} each. */
    private static List<long[]> union(HoldPieces pieces) {
        List<long[]> out = new ArrayList<>();
        for (int i = 0, n = pieces.united(); i < n; i++) {
            out.add(new long[] {pieces.from(i), pieces.to(i)});
        }
        return out;
    }

    private static List<String> text(List<long[]> intervals) {
        return intervals.stream().map(x -> x[0] + "-" + x[1]).toList();
    }

    @Test
    void theUnionIsTheSameHoweverManyTimesThePiecesAreTakenInBetween() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            HoldPieces pieces = new HoldPieces();
            List<long[]> all = new ArrayList<>();
            int n = 1 + random.nextInt(2_000);
            int span = 1 + random.nextInt(50_000);
            for (int i = 0; i < n; i++) {
                long from = random.nextInt(span);
                long to = from + random.nextInt(40);   // some of no length, some touching, many overlapping
                all.add(new long[] {from, to});
                pieces.add(from, to);
                if (random.nextInt(500) == 0) {
                    assertEquals(naiveUnion(all), text(union(pieces)), "round " + round + ", after " + (i + 1));
                }
            }
            assertEquals(naiveUnion(all), text(union(pieces)), "round " + round);
        }
    }

    /** Each hold seen once per thread blocked behind it: memory follows the holds, not the waiters. */
    @Test
    void repeatedPiecesDoNotGrowTheArray() {
        HoldPieces pieces = new HoldPieces();
        for (int hold = 0; hold < 1_000; hold++) {
            for (int waiter = 0; waiter < 15; waiter++) {
                pieces.add(hold * 100L + waiter, hold * 100L + 50);   // overlapping pieces of one hold
            }
        }
        assertEquals(1_000, pieces.united());
        assertTrue(pieces.capacity() <= 2 * 2 * 1_000 * 2, "capacity " + pieces.capacity());
    }
}
