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

package jdk.lockstat.internal.format;

/**
 * The trace's timestamp counter and how its ticks map to nanoseconds on the System.nanoTime timeline
 * (os::javaTimeNanos). The VM stamps events with a cheap counter (the CPU's invariant TSC where it is
 * usable); the header pairs the counter's value with the nanosecond clock at one moment (start.ticks,
 * start.nanos) and gives its rate (clock.frequency), so that readers can convert:
 * {@code ns = start.nanos + round((ticks - start.ticks) * 1e9 / frequency)}.
 *
 * <p>A trace without start.ticks was stamped in nanoseconds already: its clock is the identity, so
 * that such traces read exactly as they always did. Durations carried in events are nanoseconds and
 * are never converted.
 */
public final class TraceClock {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Timestamps as they are in the file: for traces in nanoseconds, and for copying raw events. */
    public static final TraceClock IDENTITY = new TraceClock(NANOS_PER_SECOND, 0, 0);

    private final long frequency;
    private final long startTicks;
    private final long startNanos;

    private TraceClock(long frequency, long startTicks, long startNanos) {
        this.frequency = frequency;
        this.startTicks = startTicks;
        this.startNanos = startNanos;
    }

    /**
     * The clock of a counter running at {@code frequency} ticks per second that read {@code startTicks}
     * when System.nanoTime read {@code startNanos}. A frequency that cannot be real (not positive: damage)
     * gives the identity rather than a division by zero; so does a nanosecond counter paired with itself.
     */
    public static TraceClock of(long frequency, long startTicks, long startNanos) {
        if (frequency <= 0 || (frequency == NANOS_PER_SECOND && startTicks == startNanos)) {
            return IDENTITY;
        }
        return new TraceClock(frequency, startTicks, startNanos);
    }

    /** The clock a trace's header describes; the identity when it has no start.ticks (nanosecond stamps). */
    public static TraceClock of(TraceHeader header) {
        if (header == null || header.get(TraceHeader.START_TICKS) == null) {
            return IDENTITY;
        }
        long ticks = header.getLong(TraceHeader.START_TICKS, Long.MIN_VALUE);
        if (ticks == Long.MIN_VALUE) {
            return IDENTITY;   // not a number (damage): the stamps are read as they are
        }
        return of(header.clockFrequency(), ticks, header.startNanos());
    }

    /**
     * A counter value in nanoseconds. Exact to within a nanosecond however long the trace: whole seconds
     * of ticks convert in integers, only the remainder (less than a second) goes through a double, whose
     * 53 bits hold it far more precisely than that. Nothing overflows for counters of any sane rate.
     */
    public long toNanos(long ticks) {
        if (this == IDENTITY) {
            return ticks;
        }
        long delta = ticks - startTicks;
        long seconds = Math.floorDiv(delta, frequency);
        long rest = Math.floorMod(delta, frequency);   // 0 <= rest < frequency
        long fraction = Math.round(rest * (double) NANOS_PER_SECOND / frequency);
        return startNanos + seconds * NANOS_PER_SECOND + fraction;
    }

    /** Whether {@link #toNanos} returns its argument. */
    public boolean isIdentity() {
        return this == IDENTITY;
    }

    /** Ticks per second. */
    public long frequency() {
        return frequency;
    }

    public long startTicks() {
        return startTicks;
    }

    public long startNanos() {
        return startNanos;
    }

    @Override
    public String toString() {
        return this == IDENTITY ? "TraceClock[nanoseconds]"
                : "TraceClock[" + frequency + " ticks/s, " + startTicks + " ticks = " + startNanos + " ns]";
    }
}
