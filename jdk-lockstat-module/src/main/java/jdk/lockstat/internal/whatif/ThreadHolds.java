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

import java.util.Arrays;

/**
 * One thread's holds as the trace shows them (each hold's pieces joined), in columns: a hot lock's trace
 * has millions, which as one object each were most of the what-if analysis's memory. reader: a reader's
 * hold of a read-write lock, which other readers share (ReadHolds).
 */
final class ThreadHolds {
    int n;
    int[] lock = new int[8], section = new int[8];
    long[] start = new long[8], end = new long[8];
    boolean[] reader = new boolean[8];

    void add(int lk, int sec, long from, long to, boolean rd) {
        if (n == lock.length) {
            int c = n * 2;
            lock = Arrays.copyOf(lock, c);
            section = Arrays.copyOf(section, c);
            start = Arrays.copyOf(start, c);
            end = Arrays.copyOf(end, c);
            reader = Arrays.copyOf(reader, c);
        }
        lock[n] = lk;
        section[n] = sec;
        start[n] = from;
        end[n] = to;
        reader[n] = rd;
        n++;
    }
}
