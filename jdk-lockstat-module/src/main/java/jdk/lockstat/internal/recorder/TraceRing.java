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

package jdk.lockstat.internal.recorder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventBuffer;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.Schema;
import jdk.lockstat.internal.format.TraceClock;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceWriter;

/**
 * A bounded trace (LockStat.start maxsize=...): buffers go to chunk files in a repository directory,
 * as JFR's repository does; when the chunks exceed maxsize, the oldest are deleted, so a long-running
 * server can trace all the time and dump the most recent data after an incident. The chunks on disk
 * never take more than maxsize (a new chunk is begun only where it fits, after deleting old ones);
 * what a dump holds is at least maxsize minus two chunks. Metadata of deleted chunks is carried
 * (MetadataCarry) so that what stays is readable on its own.
 */
final class TraceRing implements BufferSink {
    static final long MIN_MAX_SIZE = 1024 * 1024;
    private static final int MAX_FREE_SEQUENCES = 4096;

    private final Path directory;
    private final long maxSize;
    private final long chunkSize;
    private final boolean compress;
    private final Map<String, String> header;
    private final Schema schema = EventType.schema();
    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private final MetadataCarry carry = new MetadataCarry();
    private long[] freeSequences = new long[64];
    private int freeCount;
    private long droppedBuffers;
    private long droppedChunks;
    private int chunkNumber;

    /** One chunk file: a trace without an end record. */
    private static final class Chunk {
        final Path file;
        final TraceWriter writer;
        final List<Event> metadata = new ArrayList<>();
        long[] sequences = new long[256];
        int buffers;
        long closedSize = -1;

        Chunk(Path file, TraceWriter writer) {
            this.file = file;
            this.writer = writer;
        }

        long size() {
            return closedSize >= 0 ? closedSize : writer.fileBytes();
        }
    }

    TraceRing(Path directory, long maxSize, boolean compress, Map<String, String> header) {
        this.directory = directory;
        this.maxSize = maxSize;
        this.chunkSize = Math.max(maxSize / 8, 128 * 1024);
        this.compress = compress;
        this.header = header;
    }

    Path directory() {
        return directory;
    }

    long maxSize() {
        return maxSize;
    }

    long chunkSize() {
        return chunkSize;
    }

    int chunkCount() {
        return chunks.size();
    }

    long droppedChunks() {
        return droppedChunks;
    }

    /** Bytes of all chunk files now. */
    long bytesOnDisk() {
        return chunks.stream().mapToLong(Chunk::size).sum();
    }

    @Override
    public void buffer(ByteBuffer vmBuffer) throws IOException {
        Chunk c;
        ByteBuffer copy;
        long seq;
        try {
            c = chunks.peekLast();
            if (c == null || c.closedSize >= 0 || c.writer.fileBytes() >= chunkSize) {
                c = rotate();
            }
            copy = ByteBuffer.allocate(vmBuffer.remaining());
            copy.put(vmBuffer.duplicate()).flip();
            seq = TraceAssembler.readVarint(skipVarint(copy.duplicate()));
            if (c.buffers == c.sequences.length) {
                c.sequences = Arrays.copyOf(c.sequences, c.buffers * 2);
            }
            c.writer.writeBuffer(copy);
        } catch (OutOfMemoryError e) {
            // The application exhausted the heap: the buffer is not in the ring (a record is written
            // whole or not at all); a dump counts its sequence number as lost.
            Chunk last = chunks.peekLast();
            if (last != null) {
                last.writer.requireWholeAfter(e);
            }
            droppedBuffers++;
            return;
        }
        c.sequences[c.buffers++] = seq;
        Chunk chunk = c;
        try {
            // Raw ticks: the carried events are written again into traces whose headers say ticks.
            new EventBuffer(schema, copy, TraceClock.IDENTITY).forEach(e -> {
                if (MetadataCarry.concerns(e)) {
                    chunk.metadata.add(e);
                }
            });
        } catch (RuntimeException | OutOfMemoryError damagedOrNoHeap) {
            // the VM wrote it; a buffer the analysis cannot read (or scan without heap) loses only its own metadata here
        }
    }

    private static ByteBuffer skipVarint(ByteBuffer b) {
        TraceAssembler.readVarint(b);
        return b;
    }

    private Chunk rotate() throws IOException {
        Chunk last = chunks.peekLast();
        if (last != null && last.closedSize < 0) {
            last.writer.close();
            last.closedSize = Files.size(last.file);
        }
        // Room for a whole new chunk: delete the oldest until the closed ones and it fit maxsize.
        long closed = bytesOnDisk();
        while (!chunks.isEmpty() && closed + chunkSize > maxSize) {
            Chunk old = chunks.removeFirst();
            closed -= old.size();
            drop(old);
        }
        Path file = directory.resolve(chunkName(chunkNumber++));
        FileChannel channel = TraceFileOpener.open(file);
        TraceWriter writer = new TraceWriter(channel, compress);
        writer.writeHeader(new TraceHeader(header));
        writer.writeSchema(EventType.schema());
        Chunk c = new Chunk(file, writer);
        chunks.addLast(c);
        return c;
    }

    /**
     * chunk-000042.lct. Not String.format: its Formatter initializes locale classes on first use, and
     * a class whose initialization fails for want of heap stays unusable for the rest of the run.
     */
    static String chunkName(int number) {
        String digits = Integer.toString(number);
        return "chunk-" + "000000".substring(Math.min(6, digits.length())) + digits + ".lct";
    }

    private void drop(Chunk old) throws IOException {
        old.metadata.forEach(carry::absorb);
        for (int i = 0; i < old.buffers && freeCount < MAX_FREE_SEQUENCES; i++) {
            if (freeCount == freeSequences.length) {
                freeSequences = Arrays.copyOf(freeSequences, freeCount * 2);
            }
            freeSequences[freeCount++] = old.sequences[i];
        }
        droppedBuffers += old.buffers;
        droppedChunks++;
        Files.deleteIfExists(old.file);
    }

    @Override
    public void periodEnd() throws IOException {
        Chunk c = chunks.peekLast();
        if (c != null && c.closedSize < 0) {
            c.writer.flush();
        }
    }

    /** What a dump needs, taken while the drain is held: carried metadata, then the chunks as flushed now. */
    record Snapshot(List<ByteBuffer> carried, List<TraceAssembler.Part> parts, long droppedBuffers, long droppedChunks) {}

    /** baseTime: the carried buffers' base, in the trace's counter ticks (as their events' times are). */
    Snapshot snapshot(long baseTime) throws IOException {
        periodEnd();
        List<TraceAssembler.Part> parts = new ArrayList<>();
        for (Chunk c : chunks) {
            parts.add(new TraceAssembler.Part(c.file, Files.size(c.file)));
        }
        return new Snapshot(carry.buffers(Arrays.copyOf(freeSequences, freeCount), baseTime), parts,
                droppedBuffers, droppedChunks);
    }

    @Override
    public void end(Map<String, String> endProperties) throws IOException {
        Chunk c = chunks.peekLast();
        if (c != null && c.closedSize < 0) {
            c.writer.close();
            c.closedSize = Files.size(c.file);
        }
    }

    /** Deletes the chunks and the directory (after the recording's last dump). */
    void delete() {
        for (Chunk c : chunks) {
            try {
                if (c.closedSize < 0) {
                    c.writer.close();
                }
                Files.deleteIfExists(c.file);
            } catch (IOException ignored) {
                // a leftover chunk in the temporary directory is all it costs
            }
        }
        chunks.clear();
        try {
            Files.deleteIfExists(directory);
        } catch (IOException ignored) {
            // not empty: someone else's file; left alone
        }
    }

    @Override
    public String fail(IOException e) {
        Chunk c = chunks.peekLast();
        if (c != null && c.closedSize < 0) {
            try {
                c.writer.close();
                c.closedSize = Files.size(c.file);
            } catch (IOException ignored) {
                // the failure is reported once, below
            }
        }
        return "writing the trace ring in " + directory + " failed (" + Startup.describe(e)
                + "); its chunks so far can still be dumped";
    }
}
