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

/**
 * The thesis's streaming formulas (3.7.7–3.7.9) over one lock's blocking and unblocking events in
 * order: PeakBlocked = max BlockedNow; ThreadTime = Σ BlockedNow(i-1) × (t(i) - t(i-1));
 * RealTime = Σ min(BlockedNow(i-1), 1) × (t(i) - t(i-1)). Constant memory per lock, which is why the lock
 * analyzer feeds it in sequence order instead of collecting intervals. Contributions are clipped to an
 * optional time window.
 */
public final class BlockedTimeAccumulator {
    private final long from;
    private final long to;
    private int blockedNow;
    private int peak;
    private long threadTime;
    private long realTime;
    private long times;
    private long lastTime = Long.MIN_VALUE;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    public BlockedTimeAccumulator() {
        this(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    public BlockedTimeAccumulator(long from, long to) {
        this.from = from;
        this.to = to;
    }

    /** A thread blocks (+1) or stops being blocked (-1) at time t. */
    public void change(long t, int delta) {
        if (lastTime != Long.MIN_VALUE && t > lastTime) {
            long a = Math.max(lastTime, from), b = Math.min(t, to);
            if (b > a && blockedNow > 0) {
                threadTime += blockedNow * (b - a);
                realTime += b - a;
                peak = Math.max(peak, blockedNow);   // the count held over a part of the window
            }
        }
        lastTime = Math.max(lastTime, t);   // clocks of different CPUs may step back slightly
        blockedNow = Math.max(0, blockedNow + delta);
        if (t >= from && t < to) {
            peak = Math.max(peak, blockedNow);
            first = Math.min(first, t);
            last = Math.max(last, t);
        }
    }

    /** A contention [start, end) ended; counted if it overlaps the window (TimesBlocked). */
    public void count(long start, long end) {
        if (end >= from && start < to) {
            times++;
        }
    }

    public int blockedNow() {
        return blockedNow;
    }

    public int peak() {
        return peak;
    }

    public long threadTime() {
        return threadTime;
    }

    public long realTime() {
        return realTime;
    }

    public long times() {
        return times;
    }

    /** First and last blocking event in the window (the lock's lifetime for the "life" utilisations). */
    public long first() {
        return first;
    }

    public long last() {
        return last;
    }
}
