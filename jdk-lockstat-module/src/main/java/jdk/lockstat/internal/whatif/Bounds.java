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
import java.util.HashMap;
import java.util.Map;

/**
 * What bounds a hold's estimated start or end, as sorted times: per lock, the releases seen (a hold that
 * the trace shows only from its first piece began after the previous one) and the ends of blocked
 * intervals (another thread took the lock then, so an unseen hold had ended); per thread, its parks
 * (a thread that parked after taking a lock had released it, as the workloads that hold no lock while
 * waiting do; one that took a lock after a park took it after the park's end). A reader's hold is bounded
 * by writers' holds alone: other readers hold the lock beside it.
 */
final class Bounds {
    private static final long[] NONE = new long[0];
    private final Map<Integer, long[]> releases, writerReleases;
    private final Map<Integer, long[]> acquired = new HashMap<>(), writerAcquired = new HashMap<>();

    /**
     * Per lock: every hold's release and a writer's (not a reader's) hold's, sorted; the blocked intervals
     * of all and of writers (the lock was taken at each one's end).
     */
    Bounds(Map<Integer, long[]> releasesOn, Map<Integer, long[]> writerReleasesOn,
           Map<Integer, HoldCollector.LongPairs> acquiredOn, Map<Integer, HoldCollector.LongPairs> writerAcquiredOn) {
        this.releases = releasesOn;
        this.writerReleases = writerReleasesOn;
        ends(acquiredOn, acquired);
        ends(writerAcquiredOn, writerAcquired);
    }

    private static void ends(Map<Integer, HoldCollector.LongPairs> waitsOn, Map<Integer, long[]> out) {
        waitsOn.forEach((lock, waits) -> {
            long[] ends = new long[waits.size()];
            for (int i = 0; i < ends.length; i++) {
                ends[i] = waits.a[2 * i + 1];
            }
            Arrays.sort(ends);
            out.put(lock, ends);
        });
    }

    /** The releases that end a hold of this kind's bounds: a reader's only writers'. */
    private long[] releases(int lock, boolean reader) {
        return (reader ? writerReleases : releases).getOrDefault(lock, NONE);
    }

    /** The bounds for one thread with these parks (null: none). */
    OfThread of(HoldCollector.LongPairs parks) {
        int n = parks == null ? 0 : parks.size();
        long[] starts = new long[n], ends = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = parks.a[2 * i];
            ends[i] = parks.a[2 * i + 1];
        }
        Arrays.sort(starts);
        Arrays.sort(ends);
        return new OfThread(starts, ends);
    }

    final class OfThread {
        private final long[] parkStarts, parkEnds;

        private OfThread(long[] parkStarts, long[] parkEnds) {
            this.parkStarts = parkStarts;
            this.parkEnds = parkEnds;
        }

        /** Whether a release on the lock (a writer's, for a reader) was seen in (from, to]. */
        boolean releasedBetween(int lock, long from, long to, boolean reader) {
            long next = firstAfter(releases(lock, reader), from);
            return next <= to;
        }

        /**
         * The earliest a hold first seen at pieceStart can have begun: the latest of the previous release
         * seen on the lock (a writer's, for a reader) and the thread's last park's end, both no later than
         * pieceStart; pieceStart itself when neither is known.
         */
        long earliestStart(int lock, long pieceStart, boolean reader) {
            long bound = Math.max(lastAtOrBefore(releases(lock, reader), pieceStart),
                    lastAtOrBefore(parkEnds, pieceStart));
            return bound == Long.MIN_VALUE ? pieceStart : bound;
        }

        /**
         * The latest a hold taken at acquiredAt that nobody waited behind can have ended: the first of the
         * thread's next park and the next time another thread (a writer, for a reader) took the lock;
         * Long.MAX_VALUE when neither is known.
         */
        long latestEnd(int lock, long acquiredAt, boolean reader) {
            return Math.min(firstAfter(parkStarts, acquiredAt),
                    firstAfter((reader ? writerAcquired : acquired).getOrDefault(lock, NONE), acquiredAt));
        }
    }

    /** The first of the sorted times after t; Long.MAX_VALUE when none is. */
    static long firstAfter(long[] sorted, long t) {
        int i = Arrays.binarySearch(sorted, t);
        i = i < 0 ? -i - 1 : i;
        while (i < sorted.length && sorted[i] <= t) {
            i++;
        }
        return i < sorted.length ? sorted[i] : Long.MAX_VALUE;
    }

    /** The last of the sorted times at or before t; Long.MIN_VALUE when none is. */
    static long lastAtOrBefore(long[] sorted, long t) {
        int i = Arrays.binarySearch(sorted, t);
        i = i < 0 ? -i - 1 : i;
        while (i < sorted.length && sorted[i] <= t) {
            i++;
        }
        return i > 0 ? sorted[i - 1] : Long.MIN_VALUE;
    }
}
