/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

/**
 * A hold of a measured length inside a critical section: spins on System.nanoTime for at least nanos
 * and returns how long it really spun, which workloads sum as the truth their owners' shares are
 * checked against (InlineReleaseRunTest, InterleavedRunsTest).
 */
public final class Spin {
    private Spin() {
    }

    public static long nanos(long nanos) {
        long start = System.nanoTime(), now;
        do {
            now = System.nanoTime();
        } while (now - start < nanos);
        return now - start;
    }
}
