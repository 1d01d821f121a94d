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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TraceRoundTripTest {
    private static List<Event> readAll(byte[] trace, List<TraceParser.Result> result) throws IOException {
        List<Event> events = new ArrayList<>();
        try (TraceReader r = new TraceReader(new ByteArrayInputStream(trace))) {
            result.add(TraceParser.parse(r, new TraceParser.Listener() {
                @Override
                public void event(Event e) {
                    events.add(e);
                }
            }));
        }
        return events;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void everyEventTypeSurvivesWriteAndRead(boolean compress) throws IOException {
        EventBufferBuilder b = TestTraces.everyEventType(1, 0);
        byte[] trace = TestTraces.trace(compress, b);
        List<TraceParser.Result> res = new ArrayList<>();
        List<Event> events = readAll(trace, res);
        TraceParser.Result r = res.get(0);
        assertTrue(r.intact(), r.problems().toString());
        assertTrue(r.complete());
        assertEquals(compress, r.compressed());
        assertEquals("4242", r.header().get(TraceHeader.PID));
        assertEquals(TestTraces.EVENTS_PER_BUFFER, events.size(), "one event of every type, two thread starts");
        for (EventType t : EventType.values()) {
            assertTrue(events.stream().anyMatch(e -> e.type().id() == t.id()), t + " read back");
        }
        Event vthread = events.get(1);
        assertEquals("ThreadStart", vthread.type().name());
        assertEquals(77L, vthread.getLong("thread"));
        assertEquals("vthread \u00e9\u4e2d", vthread.getString("name"));
        assertEquals(TestTraces.START + 20, vthread.time());
        Event chain = events.stream().filter(e -> e.type().id() == EventType.CALL_CHAIN.id()).findFirst().orElseThrow();
        List<Object[]> frames = chain.getList("frames");
        assertEquals(2, frames.size());
        assertArrayEquals(new Object[] {0x7f0022L, -1L, -1L, 3L}, frames.get(1));
        Event parkBegin = events.stream().filter(e -> e.type().id() == EventType.PARK_BEGIN.id()).findFirst().orElseThrow();
        Event deflate = events.stream().filter(e -> e.type().id() == EventType.MONITOR_DEFLATE.id()).findFirst().orElseThrow();
        assertEquals(deflate.time() - 3, parkBegin.time(), "negative timestamp deltas are kept");
    }

    @Test
    void compressionShrinksRepetitiveTraces() throws IOException {
        EventBufferBuilder[] buffers = new EventBufferBuilder[50];
        for (int i = 0; i < buffers.length; i++) {
            buffers[i] = TestTraces.everyEventType(i % 4, i);
        }
        byte[] plain = TestTraces.trace(false, buffers);
        byte[] compressed = TestTraces.trace(true, buffers);
        assertTrue(compressed.length < plain.length / 2, compressed.length + " vs " + plain.length);
        List<TraceParser.Result> res = new ArrayList<>();
        assertEquals(50 * TestTraces.EVENTS_PER_BUFFER, readAll(compressed, res).size());
        assertEquals(50, res.get(0).buffers());
    }

    @Test
    void varintsCoverTheWholeRange() {
        long[] values = {0, 1, 127, 128, 16383, 16384, Integer.MAX_VALUE, Long.MAX_VALUE, -1, Long.MIN_VALUE, -64, 63};
        ByteSink s = new ByteSink();
        for (long v : values) {
            s.varint(v).svarint(v);
        }
        ByteSource in = new ByteSource(s.asBuffer(), "test");
        for (long v : values) {
            assertEquals(v, in.varint());
            assertEquals(v, in.svarint());
        }
        assertTrue(!in.hasRemaining());
    }

    @Test
    void schemaIsReadFromTheFileNotFromThisVersion() throws IOException {
        // A future writer adds event type 200 with a field of a known encoding: an old reader decodes it.
        Schema future = Schema.builder()
                .add(new EventDescriptor(1, "ThreadStart", EventType.THREAD_START.fields()))
                .add(new EventDescriptor(200, "FutureThing", List.of(Field.of("time", FieldKind.TIMESTAMP),
                        Field.of("answer", FieldKind.VARINT))))
                .build();
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TraceWriter w = new TraceWriter(java.nio.channels.Channels.newChannel(bos), false)) {
            w.writeHeader(new TraceHeader(TestTraces.header()));
            w.writeSchema(future);
            ByteSink b = new ByteSink();
            b.varint(3).varint(0).varint(1000);       // buffer header
            b.varint(200).svarint(5).varint(42);      // the future event
            w.writeBuffer(b.asBuffer());
            w.writeEnd(java.util.Map.of());
        }
        List<TraceParser.Result> res = new ArrayList<>();
        List<Event> events = readAll(bos.toByteArray(), res);
        assertTrue(res.get(0).intact(), res.get(0).problems().toString());
        assertEquals("FutureThing", events.get(0).type().name());
        assertEquals(42L, events.get(0).getLong("answer"));
        assertEquals(1005L, events.get(0).time());
    }
}
