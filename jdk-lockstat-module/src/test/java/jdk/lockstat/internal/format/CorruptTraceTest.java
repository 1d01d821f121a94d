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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Damaged traces give a clear problem and whatever could be read; never another exception, never a hang. */
class CorruptTraceTest {
    private static byte[] sample(boolean compress) throws IOException {
        EventBufferBuilder[] bs = new EventBufferBuilder[6];
        for (int i = 0; i < bs.length; i++) {
            bs[i] = TestTraces.everyEventType(i, i);
        }
        return TestTraces.trace(compress, bs);
    }

    /** Parses; only TraceFormatException may escape (bad start of file), everything else is a bug. */
    private static TraceParser.Result parse(byte[] data) throws IOException {
        try (TraceReader r = new TraceReader(new ByteArrayInputStream(data))) {
            return TraceParser.parse(r, new TraceParser.Listener() {});
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void everyTruncationIsReportedAndKeepsThePrefix(boolean compress) throws IOException {
        byte[] full = sample(compress);
        long fullEvents = parse(full).events();
        // Compressed, the magic sits in the first Snappy chunk: a cut inside that chunk loses everything.
        int firstChunkEnd = compress ? 10 + 4 + ((full[11] & 0xFF) | (full[12] & 0xFF) << 8 | (full[13] & 0xFF) << 16) : 14;
        long previousEvents = 0;
        for (int len = 0; len < full.length; len++) {
            byte[] cut = Arrays.copyOf(full, len);
            TraceParser.Result r;
            try {
                r = parse(cut);
            } catch (TraceFormatException e) {
                assertTrue(len < firstChunkEnd, "only a cut inside the file start may fail outright, not at " + len + ": " + e);
                continue;
            }
            assertFalse(r.complete() && r.intact() && len < full.length - 1 && r.events() < fullEvents,
                    "a cut trace must not look complete");
            assertTrue(r.events() >= previousEvents || compress, "more data never yields fewer events (len " + len + ")");
            previousEvents = r.events();
            assertTrue(!r.intact() || !r.complete() || r.events() == fullEvents, "len " + len);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void flippedBitsNeverEscapeAsBugs(boolean compress) throws IOException {
        byte[] full = sample(compress);
        Random random = new Random(42);
        int detected = 0;
        for (int i = 0; i < 3000; i++) {
            byte[] bad = full.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                int pos = random.nextInt(bad.length);
                bad[pos] ^= (byte) (1 << random.nextInt(8));
            }
            try {
                if (!parse(bad).intact()) {
                    detected++;
                }
            } catch (TraceFormatException e) {
                detected++;
            }
        }
        // Checksums on records (and on Snappy chunks) catch practically every flip.
        assertTrue(detected > 2950, "detected " + detected + " of 3000");
    }

    @Test
    void wrongMagicEmptyAndFutureVersionAreNamed() throws IOException {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse("hello world, not a trace".getBytes()));
        assertTrue(e.getMessage().contains("not a LockStat trace"), e.getMessage());
        e = assertThrows(TraceFormatException.class, () -> parse(new byte[0]));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        byte[] future = sample(false);
        future[8] = 0;
        future[9] = 9;   // major version 9
        e = assertThrows(TraceFormatException.class, () -> parse(future));
        assertTrue(e.getMessage().contains("version 9.0"), e.getMessage());
    }

    @Test
    void hugeRecordLengthIsRejectedWithoutAllocating() throws IOException {
        ByteSink s = new ByteSink();
        s.bytes(TraceConstants.MAGIC, 0, 8).u2(1).u2(0);
        s.u1(TraceConstants.RECORD_HEADER).varint(Long.MAX_VALUE / 3).u4(0);
        TraceParser.Result r = parse(s.toByteArray());
        assertFalse(r.intact());
        assertTrue(r.problems().get(0).contains("claims"), r.problems().toString());
    }

    @Test
    void damagedBufferIsSkippedAndLaterBuffersStillRead() throws IOException {
        byte[] full = sample(false);
        TraceParser.Result good = parse(full);
        // Find the second buffer record by parsing offsets, then corrupt one payload byte.
        long[] offsets = new long[8];
        int[] n = {0};
        try (TraceReader r = new TraceReader(new ByteArrayInputStream(full))) {
            TraceRecord rec;
            while ((rec = r.next()) != null) {
                if (rec.type() == TraceConstants.RECORD_BUFFER) {
                    offsets[n[0]++] = rec.offset();
                }
            }
        }
        byte[] bad = full.clone();
        bad[(int) offsets[1] + 12] ^= 0x40;
        TraceParser.Result r = parse(bad);
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(0).contains("checksum"), r.problems().toString());
        assertEquals(good.events() - TestTraces.EVENTS_PER_BUFFER, r.events(), "only the damaged buffer is lost");
        assertTrue(r.complete());
    }
}
