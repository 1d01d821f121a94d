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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One trace being recorded: from VM start (-XX:+TraceLockContention) or from LockStat.start until
 * LockStat.stop or VM exit. Either a trace file written as it goes, or a ring of chunks (maxsize)
 * written to its file at stop. Not thread-safe: {@link Control} serializes all calls.
 */
final class Recording {
    private final Path file;             // the trace file: written as we go, or (ring) at stop
    private final TraceFileSink fileSink;  // null for a ring
    private final TraceRing ring;        // null without maxsize
    private final ProfileDirectory profiles;   // periodic profiles instead of a trace file, or null
    private final Drain drain;
    private final Map<String, String> header;
    private final boolean compress;
    private final long startMillis = System.currentTimeMillis();
    private final long durationNanos;
    private final long deadlineNanos;
    private Thread durationTimer;
    private String endNote;              // why it ended, once it has

    Recording(Path file, TraceFileSink fileSink, TraceRing ring, List<BufferSink> otherSinks,
              Map<String, String> header, boolean compress, long durationNanos) {
        this.file = file;
        this.fileSink = fileSink;
        this.ring = ring;
        this.header = header;
        this.compress = compress;
        this.durationNanos = durationNanos;
        this.deadlineNanos = System.nanoTime() + durationNanos;
        List<BufferSink> sinks = new ArrayList<>();
        if (fileSink != null) {
            sinks.add(fileSink);
        }
        if (ring != null) {
            sinks.add(ring);
        }
        sinks.addAll(otherSinks);
        this.profiles = otherSinks.stream().filter(s -> s instanceof ProfileDirectory).map(s -> (ProfileDirectory) s)
                .findFirst().orElse(null);
        this.drain = new Drain(sinks);
        if (ring != null) {
            try {
                TraceAssembler.preloadWriter(header, compress);   // the ring is written at stop, maybe out of heap
            } catch (IOException e) {
                throw new UncheckedIOException(e);   // a null channel does not fail
            }
        }
    }

    void start() {
        drain.start();
        if (durationNanos > 0) {
            durationTimer = new Thread(null, this::awaitDuration, "LockStat Duration", 0, false);
            durationTimer.setDaemon(true);
            durationTimer.start();
        }
    }

    private void awaitDuration() {
        LockStatVM.excludeCurrentThread(true);
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                return;   // stopped before its time
            }
        }
        Control.durationElapsed(this);
    }

    Path file() {
        return file;
    }

    boolean isRing() {
        return ring != null;
    }

    boolean failed() {
        return drain.failed();
    }

    Drain drain() {
        return drain;
    }

    /** Ends the trace: the last drain, the end record; a ring is written to its file. The text says where it is. */
    String stop(String why) throws IOException {
        if (durationTimer != null && Thread.currentThread() != durationTimer) {
            durationTimer.interrupt();
        }
        boolean ended = drain.finish();
        endNote = why;
        if (profiles != null && fileSink == null) {
            return "LockStat: tracing stopped (" + why + "); " + profiles.profilesWritten() + " interval(s) of profiles in "
                    + profiles.directory() + (ended ? "" : " (the last could not be written in time)") + "\n";
        }
        if (ring == null) {
            return "LockStat: tracing stopped (" + why + "); trace " + file
                    + (ended ? "" : " (its end could not be written in time)") + "\n";
        }
        TraceAssembler.Result r;
        try {
            r = writeRing(file, "stop");
        } catch (IOException | RuntimeException e) {
            // Nothing recorded is lost: the chunks stay, each a trace lockstat reads (without an end record).
            throw new IOException("tracing stopped (" + why + "), but writing " + file + " failed ("
                    + Startup.describe(e) + "); the ring's chunks stay in " + ring.directory(), e);
        }
        ring.delete();
        return "LockStat: tracing stopped (" + why + "); the ring's most recent " + r.buffers()
                + " buffers are in " + file + "\n";
    }

    /** A complete trace of what was recorded so far, in destination; tracing goes on. */
    String dump(Path destination) throws Exception {
        if (ring == null && fileSink == null) {
            throw new IllegalStateException(profiles != null ? "this recording writes profiles, not a trace file: they are in " + profiles.directory()
                    : "this recording writes no trace file (online analysis only); use LockStat.report");
        }
        if (destination.equals(file) && ring == null) {
            throw new IllegalArgumentException("that is the file this recording writes; dump to another file");
        }
        LockNaming.run();       // the dump names the locks alive now
        LockStatVM.collect();   // threads' partly filled buffers too
        TraceAssembler.Result r;
        if (ring != null) {
            TraceRing.Snapshot s = drain.drainAndRun(10_000, () -> ring.snapshot(startTicks()));
            if (s == null) {
                return "LockStat.dump: the drain is busy; try again\n";
            }
            r = TraceAssembler.assemble(destination, dumpHeader("dump"), s.carried(), s.parts(),
                    ringEnd(s), compress);
        } else {
            Long length = drain.drainAndRun(10_000, () -> {
                fileSink.periodEnd();
                return Files.size(file);
            });
            if (length == null) {
                return "LockStat.dump: the drain is busy; try again\n";
            }
            r = TraceAssembler.assemble(destination, dumpHeader("dump"), List.of(),
                    List.of(new TraceAssembler.Part(file, length)), timeEnd(), compress);
        }
        return "LockStat: dumped " + r.buffers() + " buffers to " + destination + "\n";
    }

    private TraceAssembler.Result writeRing(Path destination, String kind) throws IOException {
        TraceRing.Snapshot s = ring.snapshot(startTicks());
        return TraceAssembler.assemble(destination, dumpHeader(kind), s.carried(), s.parts(), ringEnd(s), compress);
    }

    /**
     * The trace's start on its timestamp counter: the base of carried metadata buffers, whose events keep
     * the ticks they were recorded with (start.nanos in a header without start.ticks: stamps in ns).
     */
    private long startTicks() {
        String ticks = header.get(jdk.lockstat.internal.format.TraceHeader.START_TICKS);
        return Long.parseLong(ticks != null ? ticks
                : header.getOrDefault(jdk.lockstat.internal.format.TraceHeader.START_NANOS, "0"));
    }

    private Map<String, String> dumpHeader(String kind) {
        Map<String, String> h = new LinkedHashMap<>(header);
        h.put("lockstat.written.by", kind);
        if (ring != null) {
            h.put("ring.max.size", Long.toString(ring.maxSize()));
        }
        return h;
    }

    private static Map<String, String> timeEnd() {
        Map<String, String> end = new LinkedHashMap<>();
        end.put("end.nanos", Long.toString(System.nanoTime()));
        end.put("end.millis", Long.toString(System.currentTimeMillis()));
        end.put("vm.lost.buffers", Long.toString(LockStatVM.lostBuffers()));
        end.put("buffer.high.water", Long.toString(LockStatVM.bufferHighWater()));
        return end;
    }

    private static Map<String, String> ringEnd(TraceRing.Snapshot s) {
        Map<String, String> end = timeEnd();
        end.put("ring.dropped.buffers", Long.toString(s.droppedBuffers()));
        end.put("ring.dropped.chunks", Long.toString(s.droppedChunks()));
        return end;
    }

    String status() {
        StringBuilder b = new StringBuilder();
        long seconds = (System.currentTimeMillis() - startMillis) / 1000;
        b.append("LockStat: tracing ").append(endNote != null ? "stopped (" + endNote + ")" : failed() ? "stopped (writing failed)" : "on")
                .append(", since ").append(Instant.ofEpochMilli(startMillis)).append(" (").append(seconds).append(" s)\n");
        if (ring != null) {
            b.append("  ring: ").append(ring.directory()).append(", maxsize ").append(ring.maxSize())
                    .append(" bytes, ").append(ring.chunkCount()).append(" chunks of ~").append(ring.chunkSize())
                    .append(" bytes, ").append(ring.bytesOnDisk()).append(" bytes on disk, ")
                    .append(ring.droppedChunks()).append(" chunks dropped\n");
            b.append("  file (at stop): ").append(file).append('\n');
        } else if (profiles != null && fileSink == null) {
            b.append("  profiles: ").append(profiles.directory()).append(", ").append(profiles.profilesWritten())
                    .append(" interval(s) written\n");
        } else {
            long size = -1;
            try {
                size = Files.size(file);
            } catch (IOException | SecurityException e) {
                // shown as unknown
            }
            b.append("  file: ").append(file).append(size >= 0 ? ", " + size + " bytes" : "").append('\n');
        }
        long sampling = Startup.samplingOf(header);
        if (sampling > 1) {
            b.append("  sampling: one in ").append(sampling).append(" contentions recorded\n");
        }
        if (durationNanos > 0 && endNote == null) {
            b.append("  duration: ").append(TimeUnit.NANOSECONDS.toSeconds(durationNanos)).append(" s, ")
                    .append(Math.max(0, TimeUnit.NANOSECONDS.toSeconds(deadlineNanos - System.nanoTime())))
                    .append(" s left\n");
        }
        b.append("  buffers: ").append(drain.buffersDrained()).append(" written, ")
                .append(LockStatVM.lostBuffers()).append(" lost\n");
        return b.toString();
    }
}
