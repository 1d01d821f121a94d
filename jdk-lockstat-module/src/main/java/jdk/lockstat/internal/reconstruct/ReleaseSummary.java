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
 * A MonitorReleaseSummary: {@code count} consecutive releases of one monitor (sequence numbers seq ..
 * seq+count-1, all contended exits, no other event of the monitor between them) while the set of
 * blocked threads stayed the same. It stands for those releases in sequence order: the rearranger
 * moves past all its numbers at once, and the lock analyzer splits each blocked interval among its
 * owners as the individual exits would have. time is the last release's (the running maximum).
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

    ReleaseSummary(long time, long monitor, long seq, long count, ThreadRef writer, List<Owner> owners) {
        this(time, monitor, seq, -1, count, writer, owners);
    }

    /** enters: as {@link MonitorEvent#enters}, the same for all its releases (a stretch ends where it changes). */
    ReleaseSummary(long time, long monitor, long seq, long enters, long count, ThreadRef writer, List<Owner> owners) {
        super(RELEASE_SUMMARY, time, monitor, seq, enters, writer, null, 0, 0, null);
        this.count = count;
        this.owners = owners;
    }

    @Override
    long count() {
        return count;
    }
}
