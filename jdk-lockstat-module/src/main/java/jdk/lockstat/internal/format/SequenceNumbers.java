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
 * The one rule for which sequence numbers can be real, shared by {@code lockstat verify} and the analysis
 * (its event rearranger), so that an event one calls damaged the other calls damaged too. A monitor
 * event's number is per monitor lifetime and starts at 0 (an address reused after deflation starts at 0
 * again; a trace started in a running VM meets monitors with numbers past 0); a park event's number is
 * the VM's one global park sequence. Neither ever comes near {@link #MAX}.
 *
 * <p>Only the number itself is judged here. Where a number stands among its monitor's other events (a
 * gap, a repeat, a number of a later lifetime that arrived first) is not damage: buffers arrive in the
 * order threads handed them in, and an address's lifetimes overlap in the file. verify checks the
 * numbers' coverage per address; the analysis places them into lifetimes and counts what it cannot use
 * under other names (late, skipped), never as impossible.
 */
public final class SequenceNumbers {
    /**
     * Largest sequence number that can be real (2^56: a monitor entered ten million times a second for
     * two hundred years stays below). A larger one is damage, and the analysis's next expected number
     * must never wrap past Long.MAX_VALUE.
     */
    public static final long MAX = 1L << 56;

    private SequenceNumbers() {}

    /** Whether a monitor or park event's sequence number can be real. */
    public static boolean possible(long seq) {
        return seq >= 0 && seq <= MAX;
    }

    /**
     * Whether a monitor event occupying count numbers from seq on (a MonitorReleaseSummary's count; 1 for
     * every other event) can be real: at least one number, all of them possible.
     */
    public static boolean possible(long seq, long count) {
        return count >= 1 && possible(seq) && count - 1 <= MAX - seq;
    }
}
