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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds small traces with the real writer, for tests. */
public final class TestTraces {
    public static final long START = 1_000_000_000L;
    /** Events in a buffer from {@link #everyEventType}: every type once, THREAD_START twice. */
    public static final int EVENTS_PER_BUFFER = EventType.values().length + 1;

    private TestTraces() {}

    public static Map<String, String> header() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put(TraceHeader.JDK_VERSION, "25.0.3+9-lockstat");
        h.put(TraceHeader.PID, "4242");
        h.put(TraceHeader.START_MILLIS, "1790000000000");
        h.put(TraceHeader.START_NANOS, Long.toString(START));
        h.put(TraceHeader.CLOCK, "test");
        h.put(TraceHeader.CLOCK_FREQUENCY, "1000000000");
        h.put(TraceHeader.CPUS, "2");
        h.put("flag.TraceLockContention", "true");
        return h;
    }

    /** One buffer holding an event of every type, with values that exercise the encodings. */
    public static EventBufferBuilder everyEventType(long writer, long seq) {
        EventBufferBuilder b = new EventBufferBuilder(writer, seq, START);
        long t = START;
        b.event(EventType.THREAD_START, t += 10, 1L, EventType.THREAD_EXISTED, "main");
        b.event(EventType.THREAD_START, t += 10, 77L, EventType.THREAD_DAEMON | EventType.THREAD_VIRTUAL, "vthread \u00e9\u4e2d");
        b.event(EventType.THREAD_RENAME, t += 1, 77L, "renamed");
        b.event(EventType.CLASS, 0x7f0011L, 0L, "java.lang.Object");
        b.event(EventType.METHOD, 0x7f0022L, 0x7f0011L, "wait", "(J)V", 0x111L, "Object.java");
        b.event(EventType.CALL_CHAIN, 5L, List.of(new Object[] {0x7f0022L, 12L, 340L, 1L},
                new Object[] {0x7f0022L, -1L, -1L, 3L}));
        b.event(EventType.MONITOR_INFLATE, t += 100, 0x7f00aa00L, 0L, 123456789L, 0x7f0011L);
        b.event(EventType.MONITOR_CONTENDED_ENTER, t += 5, 0x7f00aa00L, 1L, 5L, 0);
        b.event(EventType.MONITOR_CONTENDED_EXIT, t += 1_000_000, 0x7f00aa00L, 2L, 5L);
        // releases 3 and 4, by threads 1 (chain 5) and 78 (no chain, and no event of its own)
        b.event(EventType.MONITOR_RELEASE_SUMMARY, t += 3_000, 0x7f00aa00L, 3L, 2L, 0L, 0,
                List.of(new Object[] {1L, 5L, 1L, 1_000L}, new Object[] {78L, 0L, 1L, 2_000L}));
        b.event(EventType.MONITOR_CONTENDED_ENTERED, t += 7, 0x7f00aa00L, 5L);
        b.event(EventType.MONITOR_WAIT_EXIT, t += 1, 0x7f00aa00L, 6L, 9L);
        b.event(EventType.MONITOR_FORWARD_RESOLVE, t += 1, 0x7f00aa00L, 7L, 9L, 5L);
        b.event(EventType.MONITOR_NOTIFY, t += 1, 0x7f00aa00L, 8L, 1, 5L);
        b.event(EventType.MONITOR_DEFLATE, t += 1, 0x7f00aa00L, 9L);
        b.event(EventType.PARK_BEGIN, t -= 3, 1L, 99L, 0x7f0011L, 1, 5_000_000L, 5L, 0);  // clocks may step back
        b.event(EventType.UNPARK, t += 1, 2L, 1L, 5L, 0L, 0L);
        b.event(EventType.PARK_END, t += 1, 3L, 2L, 0);
        b.event(EventType.SHARED_RELEASE, t += 1, 4L, 99L, 0x7f0011L, 5L);
        b.event(EventType.THREAD_CPU, t += 1, List.<Object[]>of(new Object[] {1L, 12_345_678L}, new Object[] {77L, 42L}));
        b.event(EventType.VTHREAD_MOUNT, t += 1, 77L, 1L);
        b.event(EventType.VTHREAD_UNMOUNT, t += 1, 77L);
        b.event(EventType.VM_PAUSE, t += 1, 12345L, 1);
        b.event(EventType.LOADER_UNLOAD, t += 1, 0x5000L);
        b.event(EventType.CHAIN_PURGE, t += 1, 5L);
        b.event(EventType.LOST_BUFFERS, t += 1, 3L, 0);
        b.event(EventType.CHAIN_STATS, t += 1, 1000L + 100 * seq, 990L + 100 * seq, 10L, 8000L + 800 * seq,
                2000L, 10L, 600_000L);
        b.event(EventType.LOCK_NAME, t += 1, 123456789L, 0x7f0011L, 1, 1L, "static Inventory.LOCK");
        b.event(EventType.LOCK_NAME_SEARCH, t += 1, 4_000_000L, 1L, 1L, 17_000L, 2_750_000L, 0);
        // totals: 400 acquisitions in 8 us, 1000 releases of which 100 timed in 2 us, 500 inline releases, per
        // buffer sequence number
        b.event(EventType.SECTION_STATS, t += 1, 400L * (seq + 1), 8_000L * (seq + 1), 1000L * (seq + 1),
                100L * (seq + 1), 2_000L * (seq + 1), seq, 500L * (seq + 1));
        b.event(EventType.THREAD_END, t + 1, 77L);
        return b;
    }

    /** A complete trace: header, schema, the given buffers, end record. */
    public static byte[] trace(boolean compress, EventBufferBuilder... buffers) throws IOException {
        return trace(compress, Map.of("end.nanos", Long.toString(START + 5_000_000_000L), "lost.buffers", "0",
                "buffers", Integer.toString(buffers.length), "buffer.high.water", "1"), buffers);
    }

    /** A whole trace of these buffers with this end record. */
    public static byte[] trace(boolean compress, Map<String, String> end, EventBufferBuilder... buffers) throws IOException {
        return trace(compress, header(), end, buffers);
    }

    /** A whole trace with this header (e.g. {@link #header()} with a tick clock's properties). */
    public static byte[] trace(boolean compress, Map<String, String> header, Map<String, String> end,
                               EventBufferBuilder... buffers) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TraceWriter w = new TraceWriter(Channels.newChannel(bos), compress)) {
            w.writeHeader(new TraceHeader(header));
            w.writeSchema(EventType.schema());
            w.flush();   // as the drain does: header and schema form the first Snappy chunk
            for (EventBufferBuilder b : buffers) {
                w.writeBuffer(b.toByteBuffer());
            }
            w.writeEnd(end);
        }
        return bos.toByteArray();
    }
}
