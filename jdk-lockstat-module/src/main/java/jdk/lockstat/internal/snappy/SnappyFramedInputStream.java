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

package jdk.lockstat.internal.snappy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TruncatedTraceException;

/**
 * Reads the Snappy framing format. A stream cut inside a chunk gives {@link TruncatedTraceException}
 * after all complete chunks were delivered; a checksum mismatch or an invalid chunk gives
 * {@link TraceFormatException} naming the chunk's offset.
 */
public final class SnappyFramedInputStream extends InputStream {
    private final InputStream in;
    private final byte[] chunk = new byte[4 + SnappyFraming.maxCompressedLength(SnappyFraming.MAX_BLOCK)];
    private final byte[] block = new byte[SnappyFraming.MAX_BLOCK];
    private int blockPos;
    private int blockLimit;
    private long offset;       // compressed offset of the next chunk
    private boolean eof;

    public SnappyFramedInputStream(InputStream in) throws IOException {
        this.in = in;
        byte[] header = new byte[SnappyFraming.HEADER.length];
        int n = in.readNBytes(header, 0, header.length);
        if (n < header.length || !Arrays.equals(header, SnappyFraming.HEADER)) {
            throw new TraceFormatException("not a Snappy framed stream (no stream identifier)");
        }
        offset = header.length;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return block[blockPos++] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, blockLimit - blockPos);
        System.arraycopy(block, blockPos, b, off, n);
        blockPos += n;
        return n;
    }

    /** Offset in the compressed stream of the chunk being read. */
    public long compressedOffset() {
        return offset;
    }

    private boolean fill() throws IOException {
        while (blockPos == blockLimit) {
            if (eof || !readChunk()) {
                eof = true;
                return false;
            }
        }
        return true;
    }

    private boolean readChunk() throws IOException {
        int type = in.read();
        if (type < 0) {
            return false;
        }
        int length = readByte() | readByte() << 8 | readByte() << 16;
        long chunkOffset = offset;
        offset += 4 + length;
        if (type == SnappyFraming.STREAM_IDENTIFIER) {
            skipOrCheck(length, chunkOffset);
            return true;
        }
        if (type >= 0x80) {   // skippable, padding included
            skip(length);
            return true;
        }
        if (type != SnappyFraming.COMPRESSED_DATA && type != SnappyFraming.UNCOMPRESSED_DATA) {
            throw new TraceFormatException("Snappy stream: reserved unskippable chunk type 0x"
                    + Integer.toHexString(type) + " at offset " + chunkOffset);
        }
        if (length < 4 || length > chunk.length) {
            throw new TraceFormatException("Snappy stream: invalid chunk length " + length + " at offset " + chunkOffset);
        }
        readFully(chunk, length);
        int expectedCrc = (chunk[0] & 0xFF) | (chunk[1] & 0xFF) << 8 | (chunk[2] & 0xFF) << 16 | (chunk[3] & 0xFF) << 24;
        int n;
        if (type == SnappyFraming.COMPRESSED_DATA) {
            try {
                n = SnappyFraming.decompressBlock(chunk, 4, length - 4, block);
            } catch (MalformedInputException e) {
                throw new TraceFormatException("Snappy stream: corrupt chunk at offset " + chunkOffset + ": " + e.getMessage());
            }
        } else {
            n = length - 4;
            if (n > block.length) {
                throw new TraceFormatException("Snappy stream: oversized chunk at offset " + chunkOffset);
            }
            System.arraycopy(chunk, 4, block, 0, n);
        }
        if (SnappyFraming.maskedCrc32c(block, 0, n) != expectedCrc) {
            throw new TraceFormatException("Snappy stream: checksum mismatch in chunk at offset " + chunkOffset);
        }
        blockPos = 0;
        blockLimit = n;
        return true;
    }

    private void skipOrCheck(int length, long chunkOffset) throws IOException {
        byte[] id = new byte[length];
        readFully(id, length);
        if (length != 6 || !Arrays.equals(id, Arrays.copyOfRange(SnappyFraming.HEADER, 4, 10))) {
            throw new TraceFormatException("Snappy stream: bad stream identifier at offset " + chunkOffset);
        }
    }

    private int readByte() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new TruncatedTraceException("Snappy stream ends inside a chunk header at offset " + offset);
        }
        return b;
    }

    private void readFully(byte[] b, int len) throws IOException {
        int n = in.readNBytes(b, 0, len);
        if (n < len) {
            throw new TruncatedTraceException("Snappy stream ends inside a chunk (" + n + " of " + len
                    + " bytes) before offset " + offset);
        }
    }

    private void skip(int len) throws IOException {
        try {
            in.skipNBytes(len);
        } catch (EOFException e) {
            throw new TruncatedTraceException("Snappy stream ends inside a skippable chunk before offset " + offset);
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
