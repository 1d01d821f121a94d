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
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.TraceClock;
import jdk.lockstat.internal.format.TraceHeader;

/**
 * Entry point that HotSpot calls at the end of VM creation under -XX:+TraceLockContention. Opens the
 * trace file, writes header and schema, and starts the drain thread. A file that cannot be written
 * turns tracing off with one warning; the application always runs on.
 */
public final class Startup {
    private Startup() {}

    static void start() {
        List<BufferSink> others = new ArrayList<>();
        Map<String, String> header = headerProperties();
        TraceFileSink file = null;
        if (LockStatVM.writeTraceFile()) {
            file = openTraceFile(LockStatVM.tracePath(), header);
        }
        String report = LockStatVM.reportPath();
        if (report != null) {
            others.add(OnlineReport.start(report, new TraceHeader(header)));
        }
        String profiles = header.getOrDefault(TraceHeader.FLAG_PREFIX + "TraceLockContentionProfiles", "");
        ProfileDirectory directory = null;
        if (!profiles.isBlank()) {
            try {
                directory = new ProfileDirectory(ProfileDirectory.Spec.parse(profiles), new TraceHeader(header), LockStatVM.startNanos());
                others.add(directory);
            } catch (IllegalArgumentException | IOException | SecurityException e) {
                Warnings.warn("-XX:TraceLockContentionProfiles=" + profiles + ": " + describe(e) + "; no profiles are written");
            }
        }
        if (file == null && others.isEmpty()) {
            LockStatVM.stop();
            return;
        }
        Path path = file != null ? file.path() : directory != null ? directory.directory()
                : Path.of("(no trace file: online analysis only)");
        Control.startupRecording(new Recording(path, file, null, others, header, LockStatVM.compress(), 0));
    }

    /** The trace file sink, or null after one warning. */
    private static TraceFileSink openTraceFile(String name, Map<String, String> header) {
        try {
            return TraceFileSink.create(Path.of(name).toAbsolutePath(), LockStatVM.compress(), header);
        } catch (IOException | InvalidPathException | SecurityException | UnsupportedOperationException e) {
            Warnings.warn("cannot write trace file " + name + " (" + describe(e) + "); lock contention tracing is off");
            return null;
        }
    }

    static Map<String, String> headerProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(TraceHeader.JDK_VERSION, System.getProperty("java.runtime.version", Runtime.version().toString()));
        p.put(TraceHeader.VM_NAME, System.getProperty("java.vm.name", "") + " " + System.getProperty("java.vm.version", ""));
        p.put(TraceHeader.PID, Long.toString(ProcessHandle.current().pid()));
        p.put(TraceHeader.START_MILLIS, Long.toString(LockStatVM.startMillis()));
        p.put(TraceHeader.START_NANOS, Long.toString(LockStatVM.startNanos()));
        putClock(p);
        p.put(TraceHeader.CPUS, Integer.toString(Runtime.getRuntime().availableProcessors()));
        p.put(TraceHeader.COMPRESSED, Boolean.toString(LockStatVM.compress()));
        // This VM numbers monitor events from an owner-side and an enter-side counter (lockStatMonitorState.hpp)
        p.put(TraceHeader.MONITOR_NUMBERING, "split");
        for (String line : LockStatVM.flags().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                p.put(TraceHeader.FLAG_PREFIX + line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return p;
    }

    /** The sampling rate in a header (TraceHeader.sampling). */
    static long samplingOf(Map<String, String> header) {
        return new TraceHeader(header).sampling();
    }

    /**
     * The counter that stamps events (trace-format.md, Timestamps): its rate and its value at
     * start.nanos, from which readers convert ticks to nanoseconds. The VM falls back to
     * os::javaTimeNanos exactly where the time-stamp counter is not usable: the rate tells which.
     */
    private static void putClock(Map<String, String> p) {
        long frequency = LockStatVM.clockFrequency();
        p.put(TraceHeader.START_TICKS, Long.toString(LockStatVM.startTicks()));
        p.put(TraceHeader.CLOCK, frequency == 1_000_000_000L ? "os::javaTimeNanos (CLOCK_MONOTONIC)" : "rdtsc (invariant TSC)");
        p.put(TraceHeader.CLOCK_FREQUENCY, Long.toString(frequency));
    }

    static String describe(Throwable e) {
        String kind = e.getClass().getSimpleName();
        return e.getMessage() == null ? kind : kind + ": " + e.getMessage();
    }
}
