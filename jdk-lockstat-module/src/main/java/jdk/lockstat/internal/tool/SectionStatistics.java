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

package jdk.lockstat.internal.tool;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventType;

/**
 * The VM's measure of itself inside critical sections (SECTION_STATS events): how long LockStat code
 * ran while the traced thread owned a monitor, after a contended acquisition and before a recorded
 * release. Totals since tracing started; the latest event holds the trace's.
 */
final class SectionStatistics {
    /**
     * One SECTION_STATS event: releaseNanos is the timed releases' time (releasesTimed of them);
     * inlineReleases, releases made by C2's inline exit without calling the VM, are apart from releases
     * and not timed (0 in traces written before the field).
     */
    record Counters(long time, long acquisitions, long acquireNanos, long releases, long releasesTimed,
                    long releaseNanos, long slowAcquisitions, long inlineReleases) {
        static Counters of(Event e) {
            return new Counters(e.time(), e.getLong("acquisitions"), e.getLong("acquireNanos"),
                    e.getLong("releases"), e.getLong("releasesTimed"), e.getLong("releaseNanos"),
                    e.getLong("slowAcquisitions"), Math.max(0, e.getLong("inlineReleases")));
        }

        /** Nanoseconds per recorded contended acquisition; NaN without any. */
        double nanosPerAcquisition() {
            return acquisitions == 0 ? Double.NaN : (double) acquireNanos / acquisitions;
        }

        /** Nanoseconds per recorded release, from the timed ones; NaN without any. */
        double nanosPerRelease() {
            return releasesTimed == 0 ? Double.NaN : (double) releaseNanos / releasesTimed;
        }

        /**
         * All of LockStat's time in critical sections: the releases' extrapolated from the timed ones (the
         * inline releases, a few loads and stores each, are not in it).
         */
        double totalNanos() {
            double perRelease = nanosPerRelease();
            return acquireNanos + (Double.isNaN(perRelease) ? 0 : perRelease * releases);
        }
    }

    private Counters latest;

    void event(Event e) {
        if (e.type().id() == EventType.SECTION_STATS.id() && (latest == null || e.time() >= latest.time())) {
            latest = Counters.of(e);   // totals only grow: the latest is the trace's
        }
    }

    boolean present() {
        return latest != null;
    }

    Counters total() {
        return latest;
    }
}
