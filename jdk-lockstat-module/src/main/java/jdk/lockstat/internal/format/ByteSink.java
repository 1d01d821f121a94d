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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array with the format's encodings (the same ones HotSpot's LockStatEventWriter uses). */
public final class ByteSink {
    private byte[] bytes;
    private int size;

    public ByteSink() {
        this(256);
    }

    public ByteSink(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    public ByteSink u1(int v) {
        ensure(1);
        bytes[size++] = (byte) v;
        return this;
    }

    public ByteSink u2(int v) {
        return u1(v >>> 8).u1(v);
    }

    public ByteSink u4(int v) {
        return u2(v >>> 16).u2(v);
    }

    public ByteSink varint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
        return this;
    }

    public ByteSink svarint(long v) {
        return varint((v << 1) ^ (v >> 63));
    }

    public ByteSink string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        varint(utf8.length);
        return bytes(utf8, 0, utf8.length);
    }

    public ByteSink bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
        return this;
    }

    public ByteSink bytes(ByteBuffer b) {
        int len = b.remaining();
        ensure(len);
        b.duplicate().get(bytes, size, len);
        size += len;
        return this;
    }

    public int size() {
        return size;
    }

    public void reset() {
        size = 0;
    }

    public byte[] array() {
        return bytes;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    public ByteBuffer asBuffer() {
        return ByteBuffer.wrap(bytes, 0, size);
    }
}
