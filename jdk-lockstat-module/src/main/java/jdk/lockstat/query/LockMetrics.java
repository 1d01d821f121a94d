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

package jdk.lockstat.query;

/**
 * The derived per-lock metrics of the J9 park-contention thesis (section 3.7), with "parked" read as
 * "blocked". Kept as plain formulas so that they can be checked against the thesis's own tables.
 */
public final class LockMetrics {
    private LockMetrics() {}

    /** 3.7.10: AverageParkingTime = ParkingThreadTime / TimesParked. */
    public static double averageBlockedTime(double threadTime, long timesBlocked) {
        return timesBlocked == 0 ? 0 : threadTime / timesBlocked;
    }

    /**
     * 3.7.11: AverageHoldTime = ParkingRealTime / (TimesParked - ParkedNow): the time the lock was held
     * while someone waited for it, per hand-over.
     */
    public static double averageHoldTime(double realTime, long timesBlocked, long blockedNow) {
        long handOvers = timesBlocked - blockedNow;
        return handOvers <= 0 ? 0 : realTime / handOvers;
    }

    /**
     * 3.7.12–3.7.15: 100 × time / span. With the run's duration as span: real-time and thread-time
     * utilisation; with the lock's own lifetime (its first to its last blocking event): real-life-time
     * and thread-life-time utilisation.
     */
    public static double utilisationPercent(double time, double span) {
        return span <= 0 ? 0 : 100.0 * time / span;
    }
}
