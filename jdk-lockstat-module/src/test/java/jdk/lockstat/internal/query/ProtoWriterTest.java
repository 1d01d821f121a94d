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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The protocol buffers encoding that pprof profiles are written with, and read back (ProtoReader). */
class ProtoWriterTest {
    /** The wire format against the protocol buffers documentation's own examples. */
    @Test
    void wireFormat() {
        assertArrayEquals(new byte[] {0x08, (byte) 0x96, 0x01}, new ProtoWriter().int64(1, 150).toByteArray());
        assertArrayEquals(new byte[] {0x12, 0x07, 't', 'e', 's', 't', 'i', 'n', 'g'}, new ProtoWriter().string(2, "testing").toByteArray());
        assertArrayEquals(new byte[] {0x22, 0x06, 0x03, (byte) 0x8E, 0x02, (byte) 0x9E, (byte) 0xA7, 0x05},
                new ProtoWriter().packed(4, new long[] {3, 270, 86942}).toByteArray());
        assertArrayEquals(new byte[] {0x08, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x01}, new ProtoWriter().int64(1, -1).toByteArray());
        assertArrayEquals(new byte[0], new ProtoWriter().int64(1, 0).packed(2, new long[0]).toByteArray(), "defaults are left out");
        assertArrayEquals(new byte[] {0x1a, 0x03, 0x08, (byte) 0x96, 0x01},
                new ProtoWriter().message(3, new ProtoWriter().int64(1, 150)).toByteArray());
        assertArrayEquals(new byte[] {0x32, 0x00}, new ProtoWriter().string(6, "").toByteArray(), "string_table[0]");
    }

    /** What ProtoWriter writes, ProtoReader reads: fields in order, packed and unpacked repeated varints. */
    @Test
    void readBack() {
        byte[] m = new ProtoWriter().int64(1, 150).string(2, "testing").packed(4, new long[] {3, 270, 86942})
                .message(3, new ProtoWriter().int64(1, -1)).int64(5, 7).toByteArray();
        ProtoReader r = new ProtoReader(m);
        List<Object> seen = new java.util.ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1, 5 -> seen.add(r.varints()[0]);
                case 2 -> seen.add(r.string());
                case 4 -> seen.add(List.of(java.util.Arrays.stream(r.varints()).boxed().toArray()));
                case 3 -> {
                    ProtoReader inner = r.message();
                    inner.next();
                    seen.add(inner.varint());
                    assertFalse(inner.next());
                }
                default -> r.skip();
            }
        }
        assertEquals(List.of(150L, "testing", List.of(3L, 270L, 86942L), -1L, 7L), seen);
        // A field whose length runs past the message's end is damage, not a shorter field.
        ProtoReader cut = new ProtoReader(java.util.Arrays.copyOf(new ProtoWriter().string(2, "testing").toByteArray(), 5));
        cut.next();
        assertThrows(IllegalArgumentException.class, cut::string);
    }

    /** A periodic profile's comment names its side, as export's does. */
    @Test
    void profileSideFromItsComment() {
        PprofProfile p = new PprofProfile(false, false);
        PprofReader.Profile read = PprofReader.parse(p.encode(0, 60_000_000_000L, "lockstat periodic profile, blocked side, interval 3"));
        assertFalse(read.ownerSide());
        assertEquals(60_000_000_000L, read.durationNanos());
        assertEquals(List.of(), read.samples());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PprofReader.parse(p.encode(0, 1, "other")));
        assertEquals("not a profile LockStat wrote (its comment names no side: \"other\")", e.getMessage());
    }
}
