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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The header record: key/value properties, so that later versions can add keys that older readers
 * show without understanding. Well-known keys are constants here; "flag." keys hold the VM flags.
 */
public record TraceHeader(Map<String, String> properties) {
    public static final String JDK_VERSION = "jdk.version";
    public static final String VM_NAME = "vm.name";
    public static final String PID = "pid";
    public static final String START_MILLIS = "start.millis";
    public static final String START_NANOS = "start.nanos";
    /** The timestamp counter's value at start.nanos; absent in traces stamped in nanoseconds ({@link TraceClock}). */
    public static final String START_TICKS = "start.ticks";
    public static final String CLOCK = "clock";
    public static final String CLOCK_FREQUENCY = "clock.frequency";
    public static final String CPUS = "cpus";
    public static final String COMPRESSED = "compressed";
    public static final String FLAG_PREFIX = "flag.";

    public TraceHeader {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public String get(String key) {
        return properties.get(key);
    }

    public long getLong(String key, long dflt) {
        String v = properties.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /** System.nanoTime (os::javaTimeNanos) when tracing started: the origin readers measure times from. */
    public long startNanos() {
        return getLong(START_NANOS, 0);
    }

    /** The VM flag behind {@link #sampling}. */
    public static final String SAMPLING_FLAG = FLAG_PREFIX + "TraceLockContentionSampling";

    /**
     * One in how many contentions the VM recorded (-XX:TraceLockContentionSampling, jcmd LockStat.start
     * sampling=N), chosen at random; 1 for every contention, and for traces from before sampling.
     */
    public long sampling() {
        return Math.max(1, getLong(SAMPLING_FLAG, 1));
    }

    /**
     * How the VM numbers each monitor's events (docs/trace-format.md, "Monitor sequence numbers"):
     * "split" for an owner-side and an enter-side counter; absent for one counter for every event.
     */
    public static final String MONITOR_NUMBERING = "monitor.numbering";

    /** Whether the monitor events of this trace are numbered from two counters ({@link #MONITOR_NUMBERING}). */
    public boolean splitMonitorNumbering() {
        return "split".equals(get(MONITOR_NUMBERING));
    }

    /** The traced VM's available processors (the cpus property); 0 when unknown. */
    public int cpus() {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, getLong(CPUS, 0)));
    }

    /** Timestamp counter ticks per second. */
    public long clockFrequency() {
        return getLong(CLOCK_FREQUENCY, 1_000_000_000L);
    }

    void writeTo(ByteSink out) {
        writeProperties(out, properties);
    }

    static TraceHeader readFrom(ByteSource in) {
        return new TraceHeader(readProperties(in));
    }

    static void writeProperties(ByteSink out, Map<String, String> props) {
        out.varint(props.size());
        props.forEach((k, v) -> out.string(k).string(v));
    }

    static Map<String, String> readProperties(ByteSource in) {
        long n = in.varint();
        if (n < 0 || n > in.remaining()) {
            throw new TraceFormatException("property count " + n + " exceeds the record");
        }
        Map<String, String> props = new LinkedHashMap<>();
        for (long i = 0; i < n; i++) {
            props.put(in.string(), in.string());
        }
        return props;
    }
}
