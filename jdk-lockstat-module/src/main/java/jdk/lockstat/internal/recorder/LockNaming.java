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

package jdk.lockstat.internal.recorder;

/**
 * Lock names at the end of a trace and at LockStat.dump: the VM searches the heap, at one safepoint, for
 * the most contended locks still alive and names each by its reference path from a GC root. The system
 * properties {@code jdk.lockstat.lockNames} (how many locks; 0 turns naming off; default 64) and
 * {@code jdk.lockstat.lockNames.timeLimit} (milliseconds the safepoint may last; default 1000) bound it;
 * {@code jdk.lockstat.lockNames.keys=true} shows map keys that are strings or integers in names
 * ({@code LEDGERS["orders"]} rather than {@code LEDGERS[String]}), which puts heap contents in the trace.
 * Periodic profiles, meant to run always, search at every interval's end and bound each search to
 * {@link #PROFILES_TIME_LIMIT_MILLIS} unless the property says otherwise: their pauses are to stay short,
 * and a lock named once keeps its name in later intervals.
 */
final class LockNaming {
    static final int DEFAULT_LOCKS = 64;
    static final long DEFAULT_TIME_LIMIT_MILLIS = 1_000;
    static final long PROFILES_TIME_LIMIT_MILLIS = 5;

    private LockNaming() {
    }

    /** Names the locks now; tracing must be on. A failure costs the names only. */
    static void run() {
        run(DEFAULT_TIME_LIMIT_MILLIS);
    }

    /** As {@link #run()}, searching at most defaultMillis unless jdk.lockstat.lockNames.timeLimit is set. */
    static void run(long defaultMillis) {
        int locks = positive("jdk.lockstat.lockNames", DEFAULT_LOCKS);
        if (locks == 0) {
            return;
        }
        long millis = positive("jdk.lockstat.lockNames.timeLimit", (int) defaultMillis);
        try {
            LockStatVM.nameLocks(locks, Math.max(1, millis), Boolean.getBoolean("jdk.lockstat.lockNames.keys"));
        } catch (RuntimeException | LinkageError e) {
            Warnings.warn("lock names could not be found: " + Startup.describe(e));
        }
    }

    /** A non-negative int property; a bad value warns once and gives the default. */
    private static int positive(String property, int fallback) {
        String value;
        try {
            value = System.getProperty(property);
        } catch (SecurityException e) {
            return fallback;
        }
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int v = Integer.parseInt(value.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // warned below
        }
        Warnings.warn(property + "=" + value + " is not a non-negative number; using " + fallback);
        return fallback;
    }
}
