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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TestTraces;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceParser;

/**
 * A ring whose oldest chunks were dropped carries their metadata into the dump. The dump's header says
 * its timestamps are counter ticks, so the carried events must keep the ticks they were recorded with:
 * converted once, by the reader, like every other event.
 */
class TraceRingClockTest {
    @TempDir
    Path dir;

    @Test
    void carriedMetadataKeepsItsTicks() throws IOException {
        Map<String, String> header = TestTraces.header();
        header.put(TraceHeader.START_NANOS, "5000000000");
        header.put(TraceHeader.START_TICKS, "1000");
        header.put(TraceHeader.CLOCK_FREQUENCY, "2500000000");
        Path ringDir = Files.createDirectory(dir.resolve("ring"));
        TraceRing ring = new TraceRing(ringDir, TraceRing.MIN_MAX_SIZE, false, header);

        EventBufferBuilder meta = new EventBufferBuilder(0, 0, 1000);
        meta.event(EventType.THREAD_START, 1000 + 2_500_000_000L, 42L, 0, "carried");   // 1 s in: 6e9 ns
        ring.buffer(meta.toByteBuffer());
        long ticks = 1000 + 5_000_000_000L;
        for (int seq = 1; seq <= 24; seq++) {   // 24 x ~60 KB: the first chunks are dropped
            EventBufferBuilder filler = new EventBufferBuilder(7, seq, ticks);
            for (int i = 0; i < 10_000; i++) {
                filler.event(EventType.VM_PAUSE, ticks += 2_500, 1_000L, 0);
            }
            ring.buffer(filler.toByteBuffer());
        }
        assertTrue(ring.droppedChunks() > 0, "the metadata's chunk was dropped");

        TraceRing.Snapshot s = ring.snapshot(1000);
        assertTrue(!s.carried().isEmpty(), "the thread's start is carried");
        Path dump = dir.resolve("dump.lct");
        TraceAssembler.assemble(dump, header, s.carried(), s.parts(), Map.of("end.nanos", "9000000000"), false);
        ring.end(Map.of());
        ring.delete();

        List<Event> starts = new ArrayList<>();
        long[] lastPause = {0};
        TraceParser.parse(dump, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                if (e.type().id() == EventType.THREAD_START.id()) {
                    starts.add(e);
                } else if (e.type().id() == EventType.VM_PAUSE.id()) {
                    lastPause[0] = e.time();
                }
            }
        });
        assertEquals(1, starts.size());
        assertEquals(6_000_000_000L, starts.get(0).time());
        assertEquals(5_000_000_000L + (ticks - 1000) / 5 * 2, lastPause[0], "2.5 ticks a nanosecond");
    }
}
