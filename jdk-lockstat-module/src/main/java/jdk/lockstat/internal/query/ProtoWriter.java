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

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The protocol buffers wire format, as much as a pprof profile needs: varint fields (wire type 0) and
 * length-delimited ones (wire type 2: strings, embedded messages, packed repeated varints). Singular
 * scalar fields at their default (0) are left out, as proto3 encoders do; repeated ones never are.
 */
final class ProtoWriter {
    private static final int VARINT = 0, LENGTH_DELIMITED = 2;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** An unsigned varint: 7 bits a byte, least significant first; a negative int64 takes 10 bytes. */
    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private void tag(int field, int wireType) {
        varint(((long) field << 3) | wireType);
    }

    /** A singular int64/uint64/bool field; 0 is the default and is not written. */
    ProtoWriter int64(int field, long value) {
        if (value != 0) {
            tag(field, VARINT);
            varint(value);
        }
        return this;
    }

    /** One element of a repeated string field (written even when empty). */
    ProtoWriter string(int field, String value) {
        return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    /** An embedded message, or one element of a repeated message field. */
    ProtoWriter message(int field, ProtoWriter message) {
        return bytes(field, message.toByteArray());
    }

    /** A packed repeated varint field (nothing when empty). */
    ProtoWriter packed(int field, long[] values) {
        if (values.length > 0) {
            ProtoWriter p = new ProtoWriter();
            for (long v : values) {
                p.varint(v);
            }
            message(field, p);
        }
        return this;
    }

    private ProtoWriter bytes(int field, byte[] value) {
        tag(field, LENGTH_DELIMITED);
        varint(value.length);
        out.writeBytes(value);
        return this;
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }
}
