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

/** How one field of an event is encoded (docs/trace-format.md, "Field encodings"). */
public enum FieldKind {
    /** One unsigned byte. */
    U1(1),
    /** Unsigned LEB128 varint, up to 64 bits. */
    VARINT(2),
    /** Zigzag-encoded signed LEB128 varint. */
    SVARINT(3),
    /** Counter ticks ({@link TraceClock}) as a signed varint delta to the previous timestamp of the same buffer. */
    TIMESTAMP(4),
    /** Varint byte length, then UTF-8 bytes. */
    STRING(5),
    /** Varint element count, then each element's sub-fields in order. */
    LIST(6);

    private final int code;

    FieldKind(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static FieldKind ofCode(int code) {
        for (FieldKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        throw new TraceFormatException("unknown field encoding " + code + " in schema");
    }
}
