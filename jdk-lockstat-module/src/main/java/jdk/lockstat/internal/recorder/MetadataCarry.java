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

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;

/**
 * The metadata of ring chunks that were deleted (maxsize): thread names, classes, methods, call
 * chains and lock identities are written once, when first used, so the chunks that stay would
 * otherwise refer to ids defined nowhere. A dump writes these first, as buffers of writer 0.
 * What can no longer be referred to is pruned: a thread that ended, a purged chain, a deflated monitor.
 */
final class MetadataCarry {
    /** Events kept per type, by the id they define; insertion order is the order they were written. */
    private final Map<EventType, Map<Long, Event>> kept = new EnumMap<>(EventType.class);
    private static final Map<Integer, EventType> BY_ID = new HashMap<>();
    static {
        for (EventType t : EventType.values()) {
            BY_ID.put(t.id(), t);
        }
    }

    /** Whether a dropped chunk's event matters to this carry (a definition, or the end of one). */
    static boolean concerns(Event e) {
        EventType t = BY_ID.get(e.type().id());
        return t != null && switch (t) {
            case THREAD_START, THREAD_RENAME, THREAD_END, CLASS, METHOD, CALL_CHAIN, CHAIN_PURGE,
                 MONITOR_INFLATE, MONITOR_DEFLATE -> true;
            default -> false;
        };
    }

    /** Takes in one event of a chunk that is being deleted (chunks in the order they were written). */
    void absorb(Event e) {
        EventType t = BY_ID.get(e.type().id());
        if (t == null) {
            return;
        }
        switch (t) {
            case THREAD_START, THREAD_RENAME -> put(t, e.getLong("thread"), e);
            case THREAD_END -> {
                remove(EventType.THREAD_START, e.getLong("thread"));
                remove(EventType.THREAD_RENAME, e.getLong("thread"));
            }
            case CLASS -> put(t, e.getLong("class"), e);
            case METHOD -> put(t, e.getLong("method"), e);
            case CALL_CHAIN -> put(t, e.getLong("chain"), e);
            case CHAIN_PURGE -> remove(EventType.CALL_CHAIN, e.getLong("chain"));
            case MONITOR_INFLATE -> put(t, e.getLong("monitor"), e);
            case MONITOR_DEFLATE -> remove(EventType.MONITOR_INFLATE, e.getLong("monitor"));
            default -> { }
        }
    }

    private void put(EventType t, long id, Event e) {
        Map<Long, Event> m = kept.computeIfAbsent(t, k -> new LinkedHashMap<>());
        if (t == EventType.THREAD_START && m.containsKey(id)) {
            return;   // readers keep the first start of a thread
        }
        m.put(id, e);
    }

    private void remove(EventType t, long id) {
        Map<Long, Event> m = kept.get(t);
        if (m != null) {
            m.remove(id);
        }
    }

    int size() {
        return kept.values().stream().mapToInt(Map::size).sum();
    }

    /**
     * The carried events as buffers of writer 0, definitions before their users (classes, methods,
     * chains), each buffer given one of the sequence numbers of the dropped buffers, which the
     * assembled trace does not otherwise contain. The events keep the raw timestamps they were recorded
     * with (TraceRing decodes them with the identity clock), so baseTime is in the trace's counter ticks
     * too: the assembled trace's header says ticks, and its readers convert.
     */
    List<ByteBuffer> buffers(long[] freeSequences, long baseTime) {
        List<ByteBuffer> out = new ArrayList<>();
        EventType[] order = {EventType.THREAD_START, EventType.THREAD_RENAME, EventType.CLASS, EventType.METHOD,
                EventType.CALL_CHAIN, EventType.MONITOR_INFLATE};
        EventBufferBuilder b = null;
        int next = 0;
        for (EventType t : order) {
            for (Event e : kept.getOrDefault(t, Map.of()).values()) {
                if (b == null || b.size() > 48 * 1024) {
                    if (b != null) {
                        out.add(b.toByteBuffer());
                    }
                    if (next == freeSequences.length) {
                        return out;   // no sequence number left for another buffer (never with sane sizes)
                    }
                    b = new EventBufferBuilder(0, freeSequences[next++], baseTime);
                }
                b.event(t, e.values());
            }
        }
        if (b != null) {
            out.add(b.toByteBuffer());
        }
        return out;
    }
}
