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

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

import jdk.lockstat.internal.snappy.SnappyFraming;
import jdk.lockstat.internal.snappy.SnappyFramedInputStream;

/**
 * Reads a trace record by record, streaming: only the current record is in memory. Detects Snappy
 * framing from the first bytes. Checks every record's length and CRC-32C.
 */
public final class TraceReader implements AutoCloseable {
    private final InputStream in;
    private final boolean compressed;
    private final int major;
    private final int minor;
    private long offset;

    public static TraceReader open(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new TraceFormatException(path + " is a directory, not a trace file");
        }
        return new TraceReader(Files.newInputStream(path));
    }

    public TraceReader(InputStream raw) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(raw, 1 << 16);
        buffered.mark(16);
        byte[] start = buffered.readNBytes(10);
        buffered.reset();
        InputStream stream;
        if (start.length == 10 && Arrays.equals(start, SnappyFraming.HEADER)) {
            stream = new BufferedInputStream(new SnappyFramedInputStream(buffered), 1 << 16);
            compressed = true;
        } else {
            stream = buffered;
            compressed = false;
        }
        this.in = stream;
        byte[] magic = in.readNBytes(TraceConstants.MAGIC.length);
        if (!Arrays.equals(magic, TraceConstants.MAGIC)) {
            in.close();
            if (start.length == 0) {
                throw new TraceFormatException("empty file: not a LockStat trace");
            }
            throw new TraceFormatException("not a LockStat trace (no \"LockStat\" magic"
                    + (compressed ? " inside the Snappy stream)" : ")"));
        }
        byte[] version = in.readNBytes(4);
        if (version.length < 4) {
            in.close();
            throw new TruncatedTraceException("trace ends inside its version field");
        }
        major = (version[0] & 0xFF) << 8 | (version[1] & 0xFF);
        minor = (version[2] & 0xFF) << 8 | (version[3] & 0xFF);
        if (major != TraceConstants.MAJOR_VERSION) {
            in.close();
            throw new TraceFormatException("trace format version " + major + "." + minor
                    + " is not supported by this lockstat (reads " + TraceConstants.MAJOR_VERSION + ".x)");
        }
        offset = TraceConstants.MAGIC.length + 4;
    }

    public boolean compressed() {
        return compressed;
    }

    public String version() {
        return major + "." + minor;
    }

    /** Uncompressed offset of the next record. */
    public long offset() {
        return offset;
    }

    /**
     * The next record, or null at the end of the data. Throws {@link TruncatedTraceException} when the
     * data ends inside a record and {@link TraceFormatException} for a damaged record.
     */
    public TraceRecord next() throws IOException {
        long recordOffset = offset;
        int type = in.read();
        if (type < 0) {
            return null;
        }
        long length = readVarint(recordOffset);
        if (length < 0 || length > TraceConstants.MAX_RECORD) {
            throw new TraceFormatException("record at offset " + recordOffset + " claims " + length
                    + " bytes (more than the " + TraceConstants.MAX_RECORD + " allowed): the trace is damaged");
        }
        byte[] crcBytes = in.readNBytes(4);
        if (crcBytes.length < 4) {
            throw new TruncatedTraceException("trace ends inside the record header at offset " + recordOffset);
        }
        byte[] payload = in.readNBytes((int) length);
        if (payload.length < length) {
            throw new TruncatedTraceException("trace ends inside a record at offset " + recordOffset + " ("
                    + payload.length + " of " + length + " bytes)");
        }
        int expected = ByteBuffer.wrap(crcBytes).getInt();
        CRC32C crc = new CRC32C();
        crc.update(payload);
        if ((int) crc.getValue() != expected) {
            throw new TraceFormatException("checksum mismatch in record at offset " + recordOffset);
        }
        offset = recordOffset + 1 + varintSize(length) + 4 + length;
        return new TraceRecord(type, recordOffset, ByteBuffer.wrap(payload));
    }

    private long readVarint(long recordOffset) throws IOException {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new TruncatedTraceException("trace ends inside the record header at offset " + recordOffset);
            }
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new TraceFormatException("bad record length at offset " + recordOffset);
    }

    private static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
