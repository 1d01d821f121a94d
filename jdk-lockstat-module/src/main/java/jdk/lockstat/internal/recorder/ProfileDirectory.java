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
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.Schema;
import jdk.lockstat.internal.format.TraceClock;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.internal.query.PprofProfile;

/**
 * Periodic profiles, for fleets (-XX:TraceLockContentionProfiles=DIR[,interval=60s][,keep=60], or jcmd
 * LockStat.start profiles=DIR): no trace file. The drain's buffers go through the analysis into the
 * owner-side and blocked-side pprof profiles of the current interval (lockstat export's), written into
 * DIR when the interval ends as lockstat-PID-SEQ-TIME-owner.pb.gz and -blocked.pb.gz, the oldest deleted
 * beyond keep of each kind. Each file is what go tool pprof, Pyroscope or Parca read; two of them compare
 * with go tool pprof -diff_base. A contention counts in the interval in which the analysis finished it
 * (a drain period or two after it ended). What stays in memory is the analysis's state (threads, chains,
 * open contentions) and the current interval's samples. Locks are named at each interval's end by a
 * search of at most a few milliseconds (LockNaming), so the application is never stopped for long; a name
 * found once labels its lock in every later profile.
 */
final class ProfileDirectory implements BufferSink {
    /** What to write where: DIR[,interval=TIME][,keep=N]. */
    record Spec(Path dir, long intervalNanos, int keep) {
        static final long DEFAULT_INTERVAL_NANOS = 60_000_000_000L, MIN_INTERVAL_NANOS = 1_000_000_000L;
        static final int DEFAULT_KEEP = 60;

        /**
         * DIR (%p, %t and %% as in a trace file's name), then options: interval (a time: 500ms, 10s, 5m,
         * 1h; at least 1 s) and keep (how many profiles of each side to keep, at least 1).
         */
        static Spec parse(String text) {
            String[] parts = text.split(",");
            if (parts[0].isBlank()) {
                throw new IllegalArgumentException("profiles needs a directory: DIR[,interval=60s][,keep=60]");
            }
            long interval = DEFAULT_INTERVAL_NANOS;
            int keep = DEFAULT_KEEP;
            for (int i = 1; i < parts.length; i++) {
                String p = parts[i].trim();
                if (p.startsWith("interval=")) {
                    interval = parseInterval(p.substring("interval=".length()));
                } else if (p.startsWith("keep=")) {
                    keep = parseKeep(p.substring("keep=".length()));
                } else {
                    throw new IllegalArgumentException("profiles: unknown option \"" + p + "\" (DIR[,interval=60s][,keep=60])");
                }
            }
            return of(parts[0].trim(), interval, keep);
        }

        static Spec of(String dir, long intervalNanos, long keep) {
            if (intervalNanos < MIN_INTERVAL_NANOS) {
                throw new IllegalArgumentException("profiles: interval must be at least 1 s");
            }
            if (keep < 1 || keep > 100_000) {
                throw new IllegalArgumentException("profiles: keep must be 1 to 100000, was " + keep);
            }
            return new Spec(Control.pathOf(dir), intervalNanos, (int) keep);
        }

        static long parseInterval(String v) {
            String[][] units = {{"ms", "1000000"}, {"s", "1000000000"}, {"m", "60000000000"}, {"h", "3600000000000"}};
            for (String[] u : units) {
                if (v.endsWith(u[0]) && v.length() > u[0].length()) {
                    try {
                        return Math.multiplyExact(Long.parseLong(v.substring(0, v.length() - u[0].length())), Long.parseLong(u[1]));
                    } catch (NumberFormatException | ArithmeticException e) {
                        break;
                    }
                }
            }
            throw new IllegalArgumentException("profiles: interval needs a time such as 30s, 5m or 1h, not \"" + v + "\"");
        }

        static int parseKeep(String v) {
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("profiles: keep needs a number of profiles, not \"" + v + "\"");
            }
        }
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneId.systemDefault());

    private final Spec spec;
    private final Schema schema = EventType.schema();
    private final TraceClock clock;
    private final ContentionAnalysis analysis;
    private final long pid = ProcessHandle.current().pid();
    private final ArrayDeque<List<Path>> written = new ArrayDeque<>();
    private PprofProfile owners, blocked;
    private long intervalStartNanos, intervalStartMillis;
    private long sequence;
    private long buffersWithoutHeap;

    /** startNanos: the trace's start on the VM's clock (LockStatVM.startNanos()). */
    ProfileDirectory(Spec spec, TraceHeader header, long startNanos) throws IOException {
        this.spec = spec;
        this.clock = TraceClock.of(header);
        Files.createDirectories(spec.dir);
        newInterval();
        this.analysis = new ContentionAnalysis(c -> {
            owners.accept(c);
            blocked.accept(c);
        }, OnlineReport.boundsFor(Runtime.getRuntime().maxMemory()));
        analysis.header(header);
        analysis.traceStart(startNanos);
    }

    Path directory() {
        return spec.dir;
    }

    long profilesWritten() {
        return sequence;
    }

    private void newInterval() {
        owners = new PprofProfile(true, false);
        blocked = new PprofProfile(false, false);
        intervalStartNanos = System.nanoTime();
        intervalStartMillis = System.currentTimeMillis();
    }

    @Override
    public void buffer(ByteBuffer vmBuffer) throws IOException {
        if (!OnlineReport.feed(analysis, schema, clock, vmBuffer, "profile analysis")) {
            buffersWithoutHeap++;   // its contentions are missing from the interval's profiles
        }
    }

    @Override
    public void periodEnd() {
        // intervals end by time (intervalDue), whether or not buffers arrived
    }

    @Override
    public boolean intervalDue() {
        return System.nanoTime() - intervalStartNanos >= spec.intervalNanos;
    }

    @Override
    public void endInterval() throws IOException {
        writeInterval();
    }

    @Override
    public void end(Map<String, String> endProperties) throws IOException {
        try {
            analysis.finish();
        } catch (RuntimeException e) {
            throw new IOException("profile analysis failed: " + e, e);
        }
        writeInterval();   // the last, shorter interval
    }

    /** The interval's two profiles into the directory, then the oldest beyond keep deleted. */
    void writeInterval() throws IOException {
        long durationNanos = System.nanoTime() - intervalStartNanos;
        String name = String.format("lockstat-%d-%06d-%s", pid, ++sequence, TIME.format(Instant.ofEpochMilli(intervalStartMillis)));
        String note = buffersWithoutHeap == 0 ? "" : "; " + buffersWithoutHeap + " buffer(s) not analysed (heap exhausted)";
        Path ownerFile = spec.dir.resolve(name + "-owner.pb.gz"), blockedFile = spec.dir.resolve(name + "-blocked.pb.gz");
        long startNanos = intervalStartMillis * 1_000_000L;
        write(ownerFile, owners.encode(startNanos, durationNanos, "lockstat periodic profile, owner side, " + name + note));
        write(blockedFile, blocked.encode(startNanos, durationNanos, "lockstat periodic profile, blocked side, " + name + note));
        buffersWithoutHeap = 0;
        newInterval();
        written.add(List.of(ownerFile, blockedFile));
        while (written.size() > spec.keep) {
            for (Path old : written.removeFirst()) {
                Files.deleteIfExists(old);
            }
        }
    }

    private static void write(Path file, byte[] proto) throws IOException {
        try (FileChannel channel = TraceFileOpener.open(file);
             OutputStream out = new GZIPOutputStream(Channels.newOutputStream(channel))) {
            out.write(proto);
        }
    }

    @Override
    public String fail(IOException e) {
        return "lock contention profiles in " + spec.dir + ": " + Startup.describe(e);
    }
}
