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

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads the format's encodings from a buffer. Every read is bounds-checked: running past the end is
 * a {@link TraceFormatException} naming what was being read, never an unchecked exception.
 *
 * <p>Reads the buffer's bytes as an array (a buffer without one is copied once): decoding is most of
 * the per-event cost of an analysis, and a varint read from an array with one bounds check a byte is
 * several times faster than through {@code ByteBuffer.get}. Multi-byte integers are big-endian, as a
 * {@code ByteBuffer}'s default order reads them.
 */
public final class ByteSource {
    private final byte[] a;
    private final int offset;   // of the buffer's position 0 in a
    private int pos;            // in a
    private final int limit;    // in a
    private final String what;

    public ByteSource(ByteBuffer buf, String what) {
        this.what = what;
        if (buf.hasArray() && !buf.isReadOnly()) {
            a = buf.array();
            offset = buf.arrayOffset();
            pos = offset + buf.position();
            limit = offset + buf.limit();
        } else {
            ByteBuffer view = buf.duplicate();
            a = new byte[buf.limit()];
            view.position(0).get(a);
            offset = 0;
            pos = buf.position();
            limit = buf.limit();
        }
    }

    public int remaining() {
        return limit - pos;
    }

    public boolean hasRemaining() {
        return pos < limit;
    }

    public int position() {
        return pos - offset;
    }

    private void need(int n) {
        if (limit - pos < n) {
            throw new TraceFormatException(what + ": unexpected end at offset " + position());
        }
    }

    public int u1() {
        if (pos >= limit) {
            need(1);
        }
        return a[pos++] & 0xFF;
    }

    public int u2() {
        need(2);
        int v = (a[pos] & 0xFF) << 8 | a[pos + 1] & 0xFF;
        pos += 2;
        return v;
    }

    public int u4() {
        need(4);
        int v = (a[pos] & 0xFF) << 24 | (a[pos + 1] & 0xFF) << 16 | (a[pos + 2] & 0xFF) << 8 | a[pos + 3] & 0xFF;
        pos += 4;
        return v;
    }

    public long varint() {
        byte[] b = a;
        int p = pos;
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p >= limit) {
                pos = p;
                need(1);
            }
            int x = b[p++];
            result |= (long) (x & 0x7F) << shift;
            if (x >= 0) {   // the high bit clear: the last byte
                pos = p;
                return result;
            }
        }
        pos = p;
        throw new TraceFormatException(what + ": varint longer than 10 bytes at offset " + position());
    }

    public long svarint() {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    public String string() {
        long len = varint();
        if (len < 0 || len > remaining()) {
            throw new TraceFormatException(what + ": string length " + len + " exceeds the data at offset " + position());
        }
        int n = (int) len;
        int start = pos;
        pos += n;
        for (int i = start; i < start + n; i++) {
            if (a[i] < 0) {
                return utf8(start, n);
            }
        }
        return new String(a, start, n, StandardCharsets.ISO_8859_1);   // ASCII: every byte one char
    }

    private String utf8(int start, int n) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(a, start, n)).toString();
        } catch (CharacterCodingException e) {
            throw new TraceFormatException(what + ": string is not valid UTF-8 at offset " + position());
        }
    }

    public ByteBuffer slice(int len) {
        need(len);
        ByteBuffer s = ByteBuffer.wrap(a, pos, len).slice();
        pos += len;
        return s;
    }
}
