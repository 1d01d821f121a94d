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

package jdk.lockstat.internal.query;

/**
 * The protocol buffers wire format read back, as much as a pprof profile needs (ProtoWriter's
 * counterpart): a message's fields in order, varints, length-delimited values (strings, embedded
 * messages, packed repeated varints); 64- and 32-bit fields are skipped. Damage (a field past the
 * message's end, a varint longer than ten bytes) is an IllegalArgumentException.
 */
final class ProtoReader {
    static final int VARINT = 0, FIXED64 = 1, LENGTH_DELIMITED = 2, FIXED32 = 5;
    private final byte[] data;
    private int pos;
    private final int end;
    private int field, wireType;

    ProtoReader(byte[] data) {
        this(data, 0, data.length);
    }

    private ProtoReader(byte[] data, int from, int to) {
        this.data = data;
        this.pos = from;
        this.end = to;
    }

    /** Moves to the next field; false at the message's end. */
    boolean next() {
        if (pos >= end) {
            return false;
        }
        long tag = varint();
        field = (int) (tag >>> 3);
        wireType = (int) (tag & 7);
        if (field == 0) {
            throw new IllegalArgumentException("field number 0 at byte " + pos);
        }
        return true;
    }

    int field() {
        return field;
    }

    int wireType() {
        return wireType;
    }

    /** The current field's value as a varint (wire type 0). */
    long varint() {
        long v = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (pos >= end) {
                throw new IllegalArgumentException("a varint runs past the end of its message");
            }
            byte b = data[pos++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new IllegalArgumentException("a varint longer than ten bytes");
    }

    /** The current length-delimited field's contents, as a reader of its own. */
    ProtoReader message() {
        expect(LENGTH_DELIMITED);
        int length = length();
        ProtoReader r = new ProtoReader(data, pos, pos + length);
        pos += length;
        return r;
    }

    String string() {
        expect(LENGTH_DELIMITED);
        int length = length();
        String s = new String(data, pos, length, java.nio.charset.StandardCharsets.UTF_8);
        pos += length;
        return s;
    }

    /** A repeated varint field's values here: packed (length-delimited) or one unpacked element. */
    long[] varints() {
        if (wireType == VARINT) {
            return new long[] {varint()};
        }
        ProtoReader r = message();
        long[] values = new long[8];
        int n = 0;
        while (r.pos < r.end) {
            if (n == values.length) {
                values = java.util.Arrays.copyOf(values, n * 2);
            }
            values[n++] = r.varint();
        }
        return java.util.Arrays.copyOf(values, n);
    }

    /** Skips the current field's value, whatever its wire type. */
    void skip() {
        switch (wireType) {
            case VARINT -> varint();
            case FIXED64 -> advance(8);
            case LENGTH_DELIMITED -> advance(length());
            case FIXED32 -> advance(4);
            default -> throw new IllegalArgumentException("wire type " + wireType + " (groups are not in profile.proto)");
        }
    }

    private void expect(int type) {
        if (wireType != type) {
            throw new IllegalArgumentException("field " + field + " has wire type " + wireType + ", not " + type);
        }
    }

    private int length() {
        long length = varint();
        if (length < 0 || length > end - pos) {
            throw new IllegalArgumentException("a field of " + length + " bytes runs past the end of its message");
        }
        return (int) length;
    }

    private void advance(int n) {
        if (n > end - pos) {
            throw new IllegalArgumentException("a field runs past the end of its message");
        }
        pos += n;
    }
}
