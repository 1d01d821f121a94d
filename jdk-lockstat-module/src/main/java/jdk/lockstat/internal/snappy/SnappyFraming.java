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

import java.util.zip.CRC32C;

/**
 * Constants and checksum of the Snappy framing format
 * (https://github.com/google/snappy/blob/main/framing_format.txt), which any Snappy tool reads.
 */
public final class SnappyFraming {
    public static final int STREAM_IDENTIFIER = 0xff;
    public static final int COMPRESSED_DATA = 0x00;
    public static final int UNCOMPRESSED_DATA = 0x01;
    public static final int PADDING = 0xfe;
    /** Most uncompressed bytes one chunk may carry. */
    public static final int MAX_BLOCK = 65536;
    /** The stream identifier chunk every framed stream starts with. */
    public static final byte[] HEADER = {(byte) 0xff, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y'};

    private SnappyFraming() {}

    /** The masked CRC-32C that chunks carry. */
    public static int maskedCrc32c(byte[] data, int off, int len) {
        return maskedCrc32c(new CRC32C(), data, off, len);
    }

    /** The same with a caller's CRC32C (reset here): the trace writer allocates nothing per chunk. */
    public static int maskedCrc32c(CRC32C crc, byte[] data, int off, int len) {
        crc.reset();
        crc.update(data, off, len);
        int c = (int) crc.getValue();
        return ((c >>> 15) | (c << 17)) + 0xa282ead8;
    }

    /** Compresses one block into out (at least maxCompressedLength(len) long); returns the length. */
    public static int compressBlock(byte[] in, int off, int len, byte[] out, short[] table) {
        return SnappyRawCompressor.compress(in, off, off + len, out, 0, out.length, table);
    }

    public static int maxCompressedLength(int len) {
        return SnappyRawCompressor.maxCompressedLength(len);
    }

    public static short[] newHashTable() {
        return new short[SnappyRawCompressor.MAX_HASH_TABLE_SIZE];
    }

    /** Decompresses one block; throws MalformedInputException for anything that is not valid Snappy. */
    public static int decompressBlock(byte[] in, int off, int len, byte[] out) {
        try {
            return SnappyRawDecompressor.decompress(in, off, off + len, out, 0, out.length);
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            // ByteArrayAccess turns out-of-range reads of corrupt input into these.
            throw new MalformedInputException(0, "corrupt Snappy block (" + e.getMessage() + ")");
        }
    }
}
