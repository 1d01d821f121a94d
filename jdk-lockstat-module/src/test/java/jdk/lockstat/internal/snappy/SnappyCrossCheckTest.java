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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TruncatedTraceException;

/** Our framing (over the imported pure-Java codec) against snappy-java, the reference, both ways. */
class SnappyCrossCheckTest {
    private static byte[] data(int size, boolean compressible, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[size];
        if (compressible) {
            String[] words = {"monitor ", "enter ", "java.lang.Object ", "0x7f3a ", "park ", "\u0001\u0002", "thread-12 "};
            int i = 0;
            while (i < size) {
                byte[] w = words[r.nextInt(words.length)].getBytes();
                for (int j = 0; j < w.length && i < size; j++) {
                    b[i++] = w[j];
                }
            }
        } else {
            r.nextBytes(b);
        }
        return b;
    }

    private static byte[] writeOurs(byte[] in, int pieces) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        SnappyFramedOutput out = new SnappyFramedOutput(Channels.newChannel(bos));
        int step = Math.max(1, in.length / pieces);
        for (int off = 0; off < in.length; off += step) {
            out.write(in, off, Math.min(step, in.length - off));
            if (pieces > 1) {
                out.flush();   // flushed chunks mid-stream must still be valid framing
            }
        }
        out.flush();
        return bos.toByteArray();
    }

    private static byte[] readOurs(byte[] framed) throws IOException {
        try (SnappyFramedInputStream in = new SnappyFramedInputStream(new ByteArrayInputStream(framed))) {
            return in.readAllBytes();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7, 100, 65535, 65536, 65537, 300_000, 1_000_000})
    void oursIsReadBySnappyJava(int size) throws IOException {
        for (boolean compressible : new boolean[] {true, false}) {
            byte[] in = data(size, compressible, size);
            byte[] framed = writeOurs(in, 3);
            byte[] back;
            try (org.xerial.snappy.SnappyFramedInputStream ref =
                         new org.xerial.snappy.SnappyFramedInputStream(new ByteArrayInputStream(framed))) {
                back = ref.readAllBytes();
            }
            assertArrayEquals(in, back, "size " + size + " compressible " + compressible);
            if (compressible && size > 1000) {
                assertTrue(framed.length < size / 2, "compressible data must shrink: " + framed.length + " of " + size);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 65536, 65537, 300_000})
    void snappyJavaIsReadByOurs(int size) throws IOException {
        for (boolean compressible : new boolean[] {true, false}) {
            byte[] in = data(size, compressible, size + 1);
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (org.xerial.snappy.SnappyFramedOutputStream ref = new org.xerial.snappy.SnappyFramedOutputStream(bos)) {
                ref.write(in);
            }
            assertArrayEquals(in, readOurs(bos.toByteArray()), "size " + size + " compressible " + compressible);
        }
    }

    @Test
    void truncatedStreamIsReportedAsTruncation() throws IOException {
        byte[] framed = writeOurs(data(200_000, true, 3), 1);
        byte[] cut = java.util.Arrays.copyOf(framed, framed.length - 5);
        assertThrows(TruncatedTraceException.class, () -> readOurs(cut));
    }

    @Test
    void corruptChunkIsReportedNotCrashing() throws IOException {
        byte[] framed = writeOurs(data(100_000, true, 4), 1);
        Random r = new Random(5);
        for (int i = 0; i < 300; i++) {
            byte[] bad = framed.clone();
            int pos = 10 + r.nextInt(bad.length - 10);
            bad[pos] ^= (byte) (1 << r.nextInt(8));
            try {
                readOurs(bad);
            } catch (TraceFormatException expected) {
                // checksum mismatch, corrupt block, bad length or truncation: all reported as such
            }
        }
    }
}
