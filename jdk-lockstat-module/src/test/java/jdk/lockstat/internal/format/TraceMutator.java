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

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;

import jdk.lockstat.internal.snappy.SnappyFramedOutput;

/**
 * Seeded mutations of a trace file for the fuzz tests. Raw mutations (bit flips, cuts, byte runs)
 * mostly meet the checksums; structural ones change a record's payload, the record list or the
 * version and then fix the CRC-32C (and re-compress), so that damage reaches the decoders and the
 * analysis behind the checksums: huge varints, strings that claim gigabytes, events in the wrong
 * order, ids that were never defined, a schema that lies about its fields.
 */
public final class TraceMutator {
    /** One record of a decoded seed. */
    public record Rec(int type, byte[] payload) {}

    /** A seed trace decoded once: its records and whether the file was compressed. */
    public record Seed(String name, byte[] file, boolean compressed, List<Rec> records) {
        public static Seed of(String name, byte[] file) throws IOException {
            List<Rec> records = new ArrayList<>();
            boolean compressed;
            try (TraceReader r = new TraceReader(new ByteArrayInputStream(file))) {
                compressed = r.compressed();
                TraceRecord rec;
                while ((rec = r.next()) != null) {
                    ByteBuffer p = rec.payload();
                    byte[] b = new byte[p.remaining()];
                    p.get(b);
                    records.add(new Rec(rec.type(), b));
                }
            }
            return new Seed(name, file, compressed, List.copyOf(records));
        }
    }

    private static final byte[][] INTERESTING = {
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01},
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07},          // 2^31 - 1: a string or list "length"
        {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08},          // 2^31
        {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF},
        {0x00}, {0x01}, {0x7F}, {(byte) 0x80}, {(byte) 0xFF}, {0x06}, {0x05},
    };

    private final List<Seed> seeds;

    public TraceMutator(List<Seed> seeds) {
        this.seeds = List.copyOf(seeds);
    }

    /** The input number {@code n} of the run with this seed: the same numbers give the same bytes. */
    public byte[] mutant(long runSeed, long n) throws IOException {
        Random random = new Random(runSeed * 1_000_003L + n);
        Seed seed = seeds.get(random.nextInt(seeds.size()));
        int rounds = 1 + random.nextInt(random.nextInt(4) == 0 ? 6 : 2);
        if (random.nextInt(3) == 0) {
            byte[] b = seed.file().clone();
            for (int i = 0; i < rounds; i++) {
                b = raw(random, b);
            }
            return b;
        }
        List<Rec> records = new ArrayList<>(seed.records());
        int[] version = {TraceConstants.MAJOR_VERSION, TraceConstants.MINOR_VERSION};
        for (int i = 0; i < rounds; i++) {
            structural(random, records, version);
        }
        byte[] stream = encode(records, version);
        boolean compress = random.nextInt(4) == 0 ? !seed.compressed() : seed.compressed();
        byte[] file = compress ? compress(stream) : stream;
        return random.nextInt(8) == 0 ? raw(random, file) : file;
    }

    // ---- raw bytes ---------------------------------------------------------------------------------

    private static byte[] raw(Random random, byte[] b) {
        if (b.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        int pos = random.nextInt(b.length);
        switch (random.nextInt(7)) {
            case 0 -> {   // bit flips
                byte[] c = b.clone();
                for (int i = 1 + random.nextInt(4); i > 0; i--) {
                    c[random.nextInt(c.length)] ^= (byte) (1 << random.nextInt(8));
                }
                return c;
            }
            case 1 -> { return Arrays.copyOf(b, pos); }                  // cut
            case 2 -> {   // a run of one byte value
                byte[] c = b.clone();
                Arrays.fill(c, pos, Math.min(c.length, pos + 1 + random.nextInt(64)), (byte) (random.nextBoolean() ? 0xFF : 0));
                return c;
            }
            case 3 -> { return splice(b, pos, 0, INTERESTING[random.nextInt(INTERESTING.length)]); }
            case 4 -> { return splice(b, pos, Math.min(b.length - pos, 1 + random.nextInt(32)), new byte[0]); }
            case 5 -> {   // random bytes over a range
                byte[] c = b.clone();
                for (int i = pos; i < Math.min(c.length, pos + 1 + random.nextInt(16)); i++) {
                    c[i] = (byte) random.nextInt(256);
                }
                return c;
            }
            default -> {  // a range repeated
                int len = Math.min(b.length - pos, 1 + random.nextInt(256));
                return splice(b, pos, 0, Arrays.copyOfRange(b, pos, pos + len));
            }
        }
    }

    private static byte[] splice(byte[] b, int pos, int remove, byte[] insert) {
        byte[] c = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, c, 0, pos);
        System.arraycopy(insert, 0, c, pos, insert.length);
        System.arraycopy(b, pos + remove, c, pos + insert.length, b.length - pos - remove);
        return c;
    }

    // ---- records, checksums fixed -------------------------------------------------------------------

    private void structural(Random random, List<Rec> records, int[] version) {
        if (records.isEmpty()) {
            records.add(new Rec(1 + random.nextInt(4), new byte[0]));
            return;
        }
        int i = random.nextInt(records.size());
        Rec r = records.get(i);
        switch (random.nextInt(12)) {
            case 0, 1, 2, 3, 4 -> records.set(i, new Rec(r.type(), raw(random, r.payload())));
            case 5 -> records.set(i, new Rec(r.type(), overwriteVarint(random, r.payload())));
            case 6 -> records.remove(i);
            case 7 -> records.add(random.nextInt(records.size() + 1), r);
            case 8 -> {
                int j = random.nextInt(records.size());
                records.set(i, records.get(j));
                records.set(j, r);
            }
            case 9 -> records.set(i, new Rec(random.nextInt(8), r.payload()));
            case 10 -> {  // a record from another seed: ids and sequence numbers from another run
                Seed other = seeds.get(random.nextInt(seeds.size()));
                if (!other.records().isEmpty()) {
                    records.add(random.nextInt(records.size() + 1), other.records().get(random.nextInt(other.records().size())));
                }
            }
            default -> {
                if (random.nextBoolean()) {
                    version[1] = random.nextInt(0x10000);        // a later minor version must still be read
                } else {
                    version[0] = random.nextInt(3);
                }
            }
        }
    }

    /** Replaces the bytes at a random position by an interesting varint (huge, boundary, zero). */
    private static byte[] overwriteVarint(Random random, byte[] p) {
        if (p.length == 0) {
            return INTERESTING[0].clone();
        }
        int pos = random.nextInt(p.length);
        int end = pos;
        while (end < p.length && (p[end] & 0x80) != 0) {
            end++;
        }
        end = Math.min(p.length, end + 1);
        return splice(p, pos, end - pos, INTERESTING[random.nextInt(INTERESTING.length)]);
    }

    /** The uncompressed stream: magic, version, records with their CRC-32C. */
    public static byte[] encode(List<Rec> records, int[] version) {
        ByteSink s = new ByteSink(1 << 16);
        s.bytes(TraceConstants.MAGIC, 0, TraceConstants.MAGIC.length).u2(version[0]).u2(version[1]);
        for (Rec r : records) {
            CRC32C crc = new CRC32C();
            crc.update(r.payload());
            s.u1(r.type()).varint(r.payload().length).u4((int) crc.getValue()).bytes(r.payload(), 0, r.payload().length);
        }
        return s.toByteArray();
    }

    public static byte[] compress(byte[] stream) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(stream.length / 2 + 64);
        SnappyFramedOutput snappy = new SnappyFramedOutput(Channels.newChannel(out));
        snappy.write(stream, 0, stream.length);
        snappy.flush();
        return out.toByteArray();
    }
}
