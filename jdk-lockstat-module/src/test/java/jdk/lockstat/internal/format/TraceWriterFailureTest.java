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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A record is written whole or not at all (the drain writes while the application may have exhausted
 * the heap): an error before a record's bytes leave the Snappy block is rolled back, one after a chunk
 * went out stops the writer, and the file stays readable up to the last whole record.
 */
class TraceWriterFailureTest {
    /** A channel that throws the given error at its n-th write (counting from 1), then works again. */
    private static final class FailingChannel implements WritableByteChannel {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final WritableByteChannel out = Channels.newChannel(bytes);
        int writes;
        int failAt = -1;
        Error error;

        @Override
        public int write(ByteBuffer src) throws IOException {
            if (++writes == failAt) {
                throw error;
            }
            return out.write(src);
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    private static ByteBuffer buffer(long seq, int events) {
        EventBufferBuilder b = new EventBufferBuilder(1, seq, TestTraces.START);
        for (int i = 0; i < events; i++) {
            b.event(EventType.MONITOR_CONTENDED_EXIT, TestTraces.START + i, 0x1000L, (long) i, 0L);
        }
        return b.toByteBuffer();
    }

    private static TraceParser.Result parse(byte[] trace) throws IOException {
        try (TraceReader r = new TraceReader(new ByteArrayInputStream(trace))) {
            return TraceParser.parse(r, new TraceParser.Listener() {});
        }
    }

    @Test
    void anErrorInTheMiddleOfARecordThatSpillsAChunkStopsTheWriter() throws IOException {
        FailingChannel ch = new FailingChannel();
        TraceWriter w = new TraceWriter(ch, true);
        w.writeHeader(new TraceHeader(TestTraces.header()));
        w.writeSchema(EventType.schema());
        w.writeBuffer(buffer(0, 10));
        w.flush();
        // The next record is larger than a Snappy block: its first chunk goes out while it is written.
        ch.failAt = ch.writes + 1;
        ch.error = new OutOfMemoryError("simulated");
        ByteBuffer big = buffer(1, 30_000);
        int position = big.position();
        assertThrows(OutOfMemoryError.class, () -> w.writeBuffer(big));
        assertEquals(position, big.position(), "the caller's buffer is left as it was");
        assertFalse(w.whole());
        IOException refused = assertThrows(IOException.class, () -> w.writeBuffer(buffer(2, 10)));
        assertTrue(refused.getMessage().contains("cut short"), refused.getMessage());
        // Readable up to the whole record before it.
        TraceParser.Result r = parse(ch.bytes.toByteArray());
        assertEquals(1, r.buffers(), r.problems().toString());
    }

    @Test
    void snappyRollsBackWhatIsStillInItsBlock() throws IOException {
        // SnappyFramedOutput drops what was written since its mark while no chunk went out.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        jdk.lockstat.internal.snappy.SnappyFramedOutput out =
                new jdk.lockstat.internal.snappy.SnappyFramedOutput(Channels.newChannel(bytes));
        out.write(new byte[] {1, 2, 3}, 0, 3);
        long mark = out.mark();
        out.write(new byte[100], 0, 100);
        assertTrue(out.rollBack(mark));
        out.flush();
        long smallChunk = out.compressedBytes();
        long mark2 = out.mark();
        out.write(new byte[70_000], 0, 70_000);   // a whole block goes out
        assertFalse(out.rollBack(mark2));
        assertTrue(smallChunk < 10 + 8 + 3 + 10, "the rolled-back 100 bytes are not in the chunk: " + smallChunk);
    }

    @Test
    void writerAllocatesNoDuplicateOfTheCallersBuffer() throws IOException {
        // The payload's position and limit are as they were after the call, in both modes.
        for (boolean compress : new boolean[] {true, false}) {
            TraceWriter w = new TraceWriter(Channels.newChannel(new ByteArrayOutputStream()), compress);
            ByteBuffer b = buffer(0, 100);
            int position = b.position();
            int limit = b.limit();
            w.writeBuffer(b);
            assertEquals(position, b.position());
            assertEquals(limit, b.limit());
            w.writeEnd(Map.of());
        }
    }
}
