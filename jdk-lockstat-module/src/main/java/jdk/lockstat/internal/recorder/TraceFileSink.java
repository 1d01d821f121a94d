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
import java.util.LinkedHashMap;
import java.util.Map;

import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceWriter;

/** The trace file: every buffer as a BUFFER record, flushed once per period that wrote something. */
final class TraceFileSink implements BufferSink {
    private final TraceWriter writer;
    private final Path path;
    private long outOfMemoryDrops;   // buffers not written for want of heap (each record is whole or absent)

    TraceFileSink(TraceWriter writer, Path path) {
        this.writer = writer;
        this.path = path;
    }

    /** Opens path (owner-only, see TraceFileOpener) and writes header and schema; nothing stays open on failure. */
    static TraceFileSink create(Path path, boolean compress, Map<String, String> header) throws IOException {
        FileChannel channel = TraceFileOpener.open(path);
        try {
            TraceWriter writer = new TraceWriter(channel, compress);
            writer.writeHeader(new TraceHeader(header));
            writer.writeSchema(EventType.schema());
            writer.flush();
            return new TraceFileSink(writer, path);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    Path path() {
        return path;
    }

    @Override
    public void buffer(ByteBuffer vmBuffer) throws IOException {
        try {
            writer.writeBuffer(vmBuffer);
        } catch (OutOfMemoryError e) {
            // The application exhausted the heap. The record is absent, not cut short: count it as
            // lost, so that verify accounts for the gap, and go on (the heap usually frees up).
            writer.requireWholeAfter(e);
            outOfMemoryDrops++;
        }
    }

    @Override
    public void periodEnd() throws IOException {
        writer.flush();   // a crash loses at most one period
    }

    @Override
    public void end(Map<String, String> endProperties) throws IOException {
        if (outOfMemoryDrops > 0) {
            Map<String, String> end = new LinkedHashMap<>(endProperties);
            end.put("lost.buffers", Long.toString(Long.parseLong(end.getOrDefault("lost.buffers", "0")) + outOfMemoryDrops));
            end.put("lost.buffers.out.of.memory", Long.toString(outOfMemoryDrops));
            endProperties = end;
        }
        writer.writeEnd(endProperties);
        writer.close();
    }

    @Override
    public String fail(IOException e) {
        try {
            writer.close();
        } catch (IOException ignored) {
            // the failure is reported once, below
        }
        // What is in the file, not what we tried to write: a failed write may have stored part of it.
        String readable;
        try {
            readable = Files.isRegularFile(path) ? "the " + Files.size(path) + " bytes written before are readable"
                    : "what was written before is readable";
        } catch (IOException | SecurityException sizeUnknown) {
            readable = "what was written before is readable";
        }
        return "writing trace file " + path + " failed (" + Startup.describe(e) + "); " + readable;
    }
}
