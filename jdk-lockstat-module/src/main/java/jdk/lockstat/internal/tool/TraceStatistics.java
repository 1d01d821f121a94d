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

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceParser;

/**
 * What summary and verify report, gathered in one streaming pass: counts per event type, threads,
 * time span, buffer sequence numbers (a gap is a buffer that never reached the file).
 */
final class TraceStatistics implements TraceParser.Listener {
    record ThreadInfo(long id, String name, int flags, boolean ended) {}

    final Map<String, Long> eventsByType = new TreeMap<>();
    final Map<Long, ThreadInfo> threads = new LinkedHashMap<>();
    final Map<Long, Long> endedWithoutStart = new LinkedHashMap<>();
    private final BitSet bufferSequences = new BitSet();
    long duplicateBuffers;
    /**
     * A sequence number no real trace reaches (2^26 buffers of up to 64 KiB: 4 TiB): damage. Such numbers
     * are counted, not marked, so a bit flip high in one cannot make the gap check allocate gigabytes.
     */
    static final long MAX_BUFFER_SEQUENCE = 1L << 26;
    long implausibleBufferSequences;
    final ChainStatistics chains = new ChainStatistics();
    final SectionStatistics sections = new SectionStatistics();
    long firstTime = Long.MAX_VALUE;
    long lastTime = Long.MIN_VALUE;
    /** Contended releases: MonitorContendedExits plus the releases that MonitorReleaseSummaries stand for. */
    long releases;
    long summarizedReleases;
    long releaseSummaries;

    @Override
    public void buffer(EventBuffer buffer, long recordOffset) {
        long seq = buffer.sequence();
        if (seq < 0 || seq >= MAX_BUFFER_SEQUENCE) {
            implausibleBufferSequences++;
        } else {
            if (bufferSequences.get((int) seq)) {
                duplicateBuffers++;
            }
            bufferSequences.set((int) seq);
        }
    }

    @Override
    public void event(Event e) {
        eventsByType.merge(e.type().name(), 1L, Long::sum);
        long t = e.time();
        if (t >= 0) {
            firstTime = Math.min(firstTime, t);
            lastTime = Math.max(lastTime, t);
        }
        int id = e.type().id();
        chains.event(e);
        sections.event(e);
        if (id == EventType.THREAD_START.id()) {
            long tid = e.getLong("thread");
            // A thread starting while tracing starts may be announced twice; the first one counts.
            threads.putIfAbsent(tid, new ThreadInfo(tid, e.getString("name"), (int) e.getLong("flags"), false));
        } else if (id == EventType.THREAD_END.id()) {
            long tid = e.getLong("thread");
            ThreadInfo t0 = threads.get(tid);
            if (t0 == null) {
                endedWithoutStart.merge(tid, 1L, Long::sum);
            } else {
                threads.put(tid, new ThreadInfo(tid, t0.name(), t0.flags(), true));
            }
        } else if (id == EventType.MONITOR_CONTENDED_EXIT.id()) {
            releases++;
        } else if (id == EventType.MONITOR_RELEASE_SUMMARY.id()) {
            // A thread's run holds more releases than numbers: its owners count them all.
            long count = Math.max(0, e.getLong("count"));
            if (e.type().fieldIndex("flags") >= 0 && (e.getLong("flags") & EventType.RELEASE_SUMMARY_RUN) != 0) {
                count = ownerReleases(e);
            }
            releases += count;
            summarizedReleases += count;
            releaseSummaries++;
        } else if (id == EventType.THREAD_RENAME.id()) {
            long tid = e.getLong("thread");
            ThreadInfo t0 = threads.get(tid);
            if (t0 != null) {
                threads.put(tid, new ThreadInfo(tid, e.getString("name"), t0.flags(), t0.ended()));
            }
        }
    }

    /** The releases a summary's owners made, summed. */
    private static long ownerReleases(Event e) {
        int at = e.type().fieldIndex("owners");
        int releasesAt = at < 0 ? -1
                : e.type().fields().get(at).elements().stream().map(f -> f.name()).toList().indexOf("releases");
        long n = 0;
        for (Object[] owner : e.getList("owners")) {
            if (releasesAt >= 0 && releasesAt < owner.length && owner[releasesAt] instanceof Long r && r > 0) {
                n += r;
            }
        }
        return n;
    }

    long events() {
        return eventsByType.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The highest buffer sequence number present, -1 if none. */
    long highestBufferSequence() {
        return bufferSequences.length() - 1;
    }

    /** Buffer sequence numbers below the highest one seen that are missing. */
    long missingBuffers() {
        int highest = bufferSequences.length();   // one past the highest set bit
        return highest - bufferSequences.cardinality();
    }

    long endedThreads() {
        return threads.values().stream().filter(ThreadInfo::ended).count();
    }

    Map<String, Long> sortedCounts() {
        return new LinkedHashMap<>(eventsByType);
    }
}
