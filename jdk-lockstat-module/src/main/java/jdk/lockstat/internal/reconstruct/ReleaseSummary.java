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

import java.util.List;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * A MonitorReleaseSummary: contended releases of one monitor while the set of blocked threads stayed the
 * same, holding the sequence numbers seq .. seq+count-1 (the rearranger moves past all of them at
 * once). Either a stretch's consecutive releases, all numbered, which it stands for in sequence order,
 * or ({@link #run}) one thread's run within a stretch: only its first release took a number, and its
 * owner parts follow the previous event's, wherever the thread's releases fell among other runs of the
 * stretch (docs/trace-format.md). The lock analyzer splits each blocked interval among its owners as
 * the individual exits would have. time is the last release's (the running maximum).
 */
final class ReleaseSummary extends MonitorEvent {
    /**
     * One owner thread and chain: how many of the releases it made, and the owner parts they end, summed
     * (nanoseconds; each release's is its time minus the latest earlier release's, never negative); free:
     * of that, the time before each hold's known start, when the lock was free (docs/trace-format.md,
     * "Hold starts"; 0 where no start is known).
     */
    record Owner(ThreadRef thread, ChainRef chain, long releases, long duration, long free) {}

    private final long count;
    final List<Owner> owners;
    /** One thread's run: its owner parts are laid one after another from where the previous event left off. */
    final boolean run;

    ReleaseSummary(long time, long monitor, long seq, long count, ThreadRef writer, List<Owner> owners) {
        this(time, monitor, seq, -1, count, writer, owners, false);
    }

    /** enters: as {@link MonitorEvent#enters}, the same for all its releases (a stretch ends where it changes). */
    ReleaseSummary(long time, long monitor, long seq, long enters, long count, ThreadRef writer, List<Owner> owners,
                   boolean run) {
        super(RELEASE_SUMMARY, time, monitor, seq, enters, writer, null, 0, 0, null);
        this.count = count;
        this.owners = owners;
        this.run = run;
    }

    @Override
    long count() {
        return count;
    }
}
