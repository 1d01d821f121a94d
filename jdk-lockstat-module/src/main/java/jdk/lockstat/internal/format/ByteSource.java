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
 */
public final class ByteSource {
    private final ByteBuffer buf;
    private final String what;

    public ByteSource(ByteBuffer buf, String what) {
        this.buf = buf;
        this.what = what;
    }

    public int remaining() {
        return buf.remaining();
    }

    public boolean hasRemaining() {
        return buf.hasRemaining();
    }

    public int position() {
        return buf.position();
    }

    private void need(int n) {
        if (buf.remaining() < n) {
            throw new TraceFormatException(what + ": unexpected end at offset " + buf.position());
        }
    }

    public int u1() {
        need(1);
        return buf.get() & 0xFF;
    }

    public int u2() {
        need(2);
        return buf.getShort() & 0xFFFF;
    }

    public int u4() {
        need(4);
        return buf.getInt();
    }

    public long varint() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = u1();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new TraceFormatException(what + ": varint longer than 10 bytes at offset " + buf.position());
    }

    public long svarint() {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    public String string() {
        long len = varint();
        if (len < 0 || len > buf.remaining()) {
            throw new TraceFormatException(what + ": string length " + len + " exceeds the data at offset " + buf.position());
        }
        ByteBuffer slice = buf.slice(buf.position(), (int) len);
        buf.position(buf.position() + (int) len);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(slice).toString();
        } catch (CharacterCodingException e) {
            throw new TraceFormatException(what + ": string is not valid UTF-8 at offset " + buf.position());
        }
    }

    public ByteBuffer slice(int len) {
        need(len);
        ByteBuffer s = buf.slice(buf.position(), len);
        buf.position(buf.position() + len);
        return s;
    }
}
