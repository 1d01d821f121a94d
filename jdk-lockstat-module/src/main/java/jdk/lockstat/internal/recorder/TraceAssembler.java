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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceConstants;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceReader;
import jdk.lockstat.internal.format.TraceRecord;
import jdk.lockstat.internal.format.TraceWriter;
import jdk.lockstat.internal.format.TruncatedTraceException;

/**
 * Writes a complete trace (header, schema, buffers, end) from parts: metadata buffers carried over
 * from dropped ring chunks, then the buffer records of trace files that a recording is still writing
 * or wrote as chunks. Used by LockStat.dump and by the stop of a ring recording. The end record's
 * lost count covers every buffer sequence number missing from the result, so that lockstat verify
 * accounts for what the ring dropped; ring.dropped.buffers says how many of them the ring dropped.
 */
final class TraceAssembler {
    /** A source trace: a file read up to a length (what was flushed when the copy began). */
    record Part(Path file, long length) {}

    record Result(long buffers, long missing) {}

    private TraceAssembler() {}

    /**
     * Runs the writer once into nothing, when a ring starts: assemble() runs at the ring's stop, perhaps
     * with the application's heap exhausted, and a class whose initializer fails then for want of
     * memory can never be initialized again. A fastdebug VM met it (NoClassDefFoundError:
     * java.util.zip.CRC32C in the writer, and the ring's trace was not written).
     */
    static void preloadWriter(Map<String, String> header, boolean compress) throws IOException {
        try (TraceWriter writer = new TraceWriter(Channels.newChannel(OutputStream.nullOutputStream()), compress)) {
            writer.writeHeader(new TraceHeader(header));
            writer.writeSchema(EventType.schema());
        }
    }

    static Result assemble(Path destination, Map<String, String> header, List<ByteBuffer> leadingBuffers,
                           List<Part> parts, Map<String, String> end, boolean compress) throws IOException {
        BitSet sequences = new BitSet();
        long buffers = 0;
        try (FileChannel channel = TraceFileOpener.open(destination)) {
            TraceWriter writer = new TraceWriter(channel, compress);
            writer.writeHeader(new TraceHeader(header));
            writer.writeSchema(EventType.schema());
            for (ByteBuffer b : leadingBuffers) {
                note(sequences, b);
                writer.writeBuffer(b.duplicate());
                buffers++;
            }
            for (Part part : parts) {
                buffers += copyBuffers(part, writer, sequences);
            }
            long missing = sequences.length() - sequences.cardinality();
            Map<String, String> endProperties = new LinkedHashMap<>(end);
            endProperties.put("buffers", Long.toString(buffers));
            endProperties.put("lost.buffers", Long.toString(missing));
            endProperties.remove("buffers.numbered");   // lost.buffers counts what is missing here, by itself
            writer.writeEnd(endProperties);
            writer.flush();
            return new Result(buffers, missing);
        }
    }

    private static long copyBuffers(Part part, TraceWriter writer, BitSet sequences) throws IOException {
        long n = 0;
        try (InputStream in = new BoundedInputStream(Files.newInputStream(part.file()), part.length());
             TraceReader reader = new TraceReader(in)) {
            TraceRecord r;
            while (true) {
                try {
                    r = reader.next();
                } catch (TruncatedTraceException e) {
                    break;   // a chunk cut by a crash or a full disk: its complete records count
                }
                if (r == null) {
                    break;
                }
                if (r.type() == TraceConstants.RECORD_BUFFER) {
                    note(sequences, r.payload());
                    writer.writeBuffer(r.payload());
                    n++;
                }
            }
        }
        return n;
    }

    /** Records the buffer's sequence number (its second varint). */
    private static void note(BitSet sequences, ByteBuffer buffer) {
        ByteBuffer b = buffer.duplicate();
        readVarint(b);   // writer thread
        long seq = readVarint(b);
        if (seq >= 0 && seq < Integer.MAX_VALUE) {
            sequences.set((int) seq);
        }
    }

    static long readVarint(ByteBuffer b) {
        long v = 0;
        for (int shift = 0; shift < 64 && b.hasRemaining(); shift += 7) {
            int x = b.get() & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return v;
            }
        }
        return -1;
    }

    /** An input stream that ends after a given number of bytes. */
    private static final class BoundedInputStream extends InputStream {
        private final InputStream in;
        private long left;

        BoundedInputStream(InputStream in, long length) {
            this.in = in;
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(buf, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
