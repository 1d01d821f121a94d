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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** IndexSort orders as List.sort does (stably), which keeps the replay model's holds and actions in the same order. */
class IndexSortTest {
    @Test
    void sortsStablyAsListSortDoes() {
        Random random = new Random(20261129);
        for (int round = 0; round < 200; round++) {
            int n = round < 100 ? round : random.nextInt(5_000);
            long[] key = new long[n];
            boolean[] kind = new boolean[n];
            for (int i = 0; i < n; i++) {
                key[i] = random.nextInt(1 + n / 4);   // many equal keys: stability shows
                kind[i] = random.nextBoolean();
            }
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                expected.add(i);
            }
            Comparator<Integer> byKeyThenKind = Comparator.<Integer>comparingLong(i -> key[i]).thenComparing(i -> kind[i]);
            expected.sort(byKeyThenKind);
            int[] actual = IndexSort.sorted(n, (i, j) -> key[i] != key[j] ? Long.compare(key[i], key[j])
                    : Boolean.compare(kind[i], kind[j]));
            assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), actual, "round " + round + ", n " + n);
        }
    }
}
