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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Map;
import java.util.zip.CRC32C;

import jdk.lockstat.internal.snappy.SnappyFramedOutput;

/**
 * Writes a trace: magic and version, then records (type, length, CRC-32C, payload), optionally
 * inside a Snappy framing stream. Used by the drain thread and by tests that build traces by hand.
 * Not thread-safe.
 *
 * <p>A record is written whole or not at all, even when the heap is exhausted (the drain runs inside
 * the traced application, which may be out of memory): nothing is allocated while a record's bytes go
 * out, so an OutOfMemoryError can only come before the first byte. Should any other error cut a
 * record short, it is rolled back where it is still in the Snappy block; otherwise the writer refuses
 * further records, since the file is only readable up to that record.
 */
public final class TraceWriter implements AutoCloseable {
    private final WritableByteChannel channel;
    private final SnappyFramedOutput snappy;   // null when uncompressed
    private final ByteSink recordHeader = new ByteSink(16);
    private final ByteBuffer directHeader = ByteBuffer.allocateDirect(16);   // uncompressed: no temporary buffer in write
    private final CRC32C crc = new CRC32C();
    private String brokenBy;   // why a record was cut short; null while whole
    private long uncompressedBytes;
    private long records;

    public TraceWriter(WritableByteChannel channel, boolean compress) throws IOException {
        this.channel = channel;
        this.snappy = compress ? new SnappyFramedOutput(channel) : null;
        ByteSink start = new ByteSink(16);
        start.bytes(TraceConstants.MAGIC, 0, TraceConstants.MAGIC.length);
        start.u2(TraceConstants.MAJOR_VERSION).u2(TraceConstants.MINOR_VERSION);
        write(start.asBuffer());
    }

    public void writeHeader(TraceHeader header) throws IOException {
        ByteSink p = new ByteSink();
        header.writeTo(p);
        writeRecord(TraceConstants.RECORD_HEADER, p.asBuffer());
    }

    public void writeSchema(Schema schema) throws IOException {
        ByteSink p = new ByteSink();
        schema.writeTo(p);
        writeRecord(TraceConstants.RECORD_SCHEMA, p.asBuffer());
    }

    /** One event buffer: the bytes a VM buffer (or an {@link EventBufferBuilder}) holds. */
    public void writeBuffer(ByteBuffer payload) throws IOException {
        writeRecord(TraceConstants.RECORD_BUFFER, payload);
    }

    /** The end record: only a trace that was closed properly has one. */
    public void writeEnd(Map<String, String> summary) throws IOException {
        ByteSink p = new ByteSink();
        TraceHeader.writeProperties(p, summary);
        writeRecord(TraceConstants.RECORD_END, p.asBuffer());
    }

    public void writeRecord(int type, ByteBuffer payload) throws IOException {
        if (brokenBy != null) {
            throw new IOException("an earlier record was cut short (" + brokenBy + "); the trace is readable up to it");
        }
        int len = payload.remaining();
        if (len > TraceConstants.MAX_RECORD) {
            throw new IllegalArgumentException("record of " + len + " bytes exceeds " + TraceConstants.MAX_RECORD);
        }
        int at = payload.position();
        crc.reset();
        crc.update(payload);
        payload.position(at);
        recordHeader.reset();
        recordHeader.u1(type).varint(len).u4((int) crc.getValue());
        long mark = snappy != null ? snappy.mark() : 0;
        try {
            if (snappy != null) {
                snappy.write(recordHeader.array(), 0, recordHeader.size());
                snappy.write(payload);
            } else {
                directHeader.clear();
                directHeader.put(recordHeader.array(), 0, recordHeader.size()).flip();
                writeChannel(directHeader);
                writeChannel(payload);   // the VM's buffers are direct: no temporary buffer either
            }
        } catch (IOException | RuntimeException | Error e) {
            if (snappy == null || !snappy.rollBack(mark)) {
                brokenBy = String.valueOf(e);
            }
            throw e;
        } finally {
            payload.position(at);
        }
        uncompressedBytes += recordHeader.size() + len;
        records++;
    }

    /** Makes everything written so far durable in the file's data (a partial Snappy chunk is ended). */
    public void flush() throws IOException {
        if (snappy != null) {
            snappy.flush();
        }
    }

    public long uncompressedBytes() {
        return uncompressedBytes;
    }

    public long fileBytes() {
        return snappy != null ? snappy.compressedBytes() : uncompressedBytes;
    }

    /** False once a record was cut short: nothing more can be written after it. */
    public boolean whole() {
        return brokenBy == null;
    }

    /**
     * After an OutOfMemoryError from a write: the record is absent (the caller counts it as lost and
     * goes on), unless it was cut short, which ends the file: then an IOException.
     */
    public void requireWholeAfter(OutOfMemoryError e) throws IOException {
        if (!whole()) {
            throw new IOException("out of heap memory in the middle of a record", e);
        }
    }

    public long records() {
        return records;
    }

    private void write(ByteBuffer b) throws IOException {
        uncompressedBytes += b.remaining();
        if (snappy != null) {
            snappy.write(b);
        } else {
            writeChannel(b);
        }
    }

    private void writeChannel(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            channel.write(b);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            channel.close();
        }
    }
}
