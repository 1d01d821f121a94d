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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.zip.CRC32C;

/**
 * Writes the Snappy framing format to a channel. Data is gathered into 64 KiB blocks; {@link #flush()}
 * ends the current chunk early so that everything written so far is readable if the process dies.
 *
 * <p>Nothing is allocated after construction: the drain writes with it while the application may
 * have exhausted the heap, and an OutOfMemoryError in the middle of a record would cut that record
 * short in the file. The chunk buffer is direct, so that the channel needs no temporary one either.
 */
public final class SnappyFramedOutput {
    private final WritableByteChannel out;
    private final byte[] block = new byte[SnappyFraming.MAX_BLOCK];
    private final byte[] compressed = new byte[SnappyFraming.maxCompressedLength(SnappyFraming.MAX_BLOCK)];
    private final ByteBuffer chunk = ByteBuffer.allocateDirect(8 + Math.max(compressed.length, block.length));
    private final short[] table = SnappyFraming.newHashTable();
    private final CRC32C crc = new CRC32C();
    private int blockSize;
    private long compressedBytes;
    private long chunksWritten;

    public SnappyFramedOutput(WritableByteChannel out) throws IOException {
        this.out = out;
        chunk.clear();
        chunk.put(SnappyFraming.HEADER).flip();
        writeFully(chunk);
        compressedBytes = SnappyFraming.HEADER.length;
    }

    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, block.length - blockSize);
            System.arraycopy(b, off, block, blockSize, n);
            blockSize += n;
            off += n;
            len -= n;
            if (blockSize == block.length) {
                writeChunk();
            }
        }
    }

    /** Writes src's remaining bytes; src's position is left as it was. */
    public void write(ByteBuffer src) throws IOException {
        int at = src.position();
        int end = src.limit();
        while (at < end) {
            int n = Math.min(end - at, block.length - blockSize);
            src.get(at, block, blockSize, n);   // absolute: no duplicate buffer
            blockSize += n;
            at += n;
            if (blockSize == block.length) {
                writeChunk();
            }
        }
    }

    public void flush() throws IOException {
        if (blockSize > 0) {
            writeChunk();
        }
    }

    /** Bytes written to the channel so far, framing included. */
    public long compressedBytes() {
        return compressedBytes;
    }

    /** Where the stream stands now: {@link #rollBack} can return to it while no chunk went out since. */
    public long mark() {
        return (chunksWritten << 32) | blockSize;
    }

    /** Drops what was written since mark, if it is all still in the block; false if a chunk went out. */
    public boolean rollBack(long mark) {
        if ((mark >>> 32) != chunksWritten) {
            return false;
        }
        blockSize = (int) mark;
        return true;
    }

    private void writeChunk() throws IOException {
        int sum = SnappyFraming.maskedCrc32c(crc, block, 0, blockSize);
        int clen = SnappyFraming.compressBlock(block, 0, blockSize, compressed, table);
        chunk.clear();
        // Store a block as is when compression does not pay (random-looking data), as the spec allows.
        if (clen < blockSize - blockSize / 8) {
            header(chunk, SnappyFraming.COMPRESSED_DATA, 4 + clen, sum);
            chunk.put(compressed, 0, clen);
        } else {
            header(chunk, SnappyFraming.UNCOMPRESSED_DATA, 4 + blockSize, sum);
            chunk.put(block, 0, blockSize);
        }
        chunk.flip();
        compressedBytes += chunk.remaining();
        chunksWritten++;
        writeFully(chunk);
        blockSize = 0;
    }

    private static void header(ByteBuffer chunk, int type, int length, int crc) {
        chunk.put((byte) type);
        chunk.put((byte) length).put((byte) (length >>> 8)).put((byte) (length >>> 16));
        chunk.put((byte) crc).put((byte) (crc >>> 8)).put((byte) (crc >>> 16)).put((byte) (crc >>> 24));
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.write(b);
        }
    }
}
