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

import static jdk.lockstat.internal.query.PprofFields.COMMENT;
import static jdk.lockstat.internal.query.PprofFields.DURATION_NANOS;
import static jdk.lockstat.internal.query.PprofFields.FUNCTION;
import static jdk.lockstat.internal.query.PprofFields.FUNCTION_FILENAME;
import static jdk.lockstat.internal.query.PprofFields.FUNCTION_ID;
import static jdk.lockstat.internal.query.PprofFields.FUNCTION_NAME;
import static jdk.lockstat.internal.query.PprofFields.LABEL_KEY;
import static jdk.lockstat.internal.query.PprofFields.LABEL_STR;
import static jdk.lockstat.internal.query.PprofFields.LINE_FUNCTION_ID;
import static jdk.lockstat.internal.query.PprofFields.LINE_LINE;
import static jdk.lockstat.internal.query.PprofFields.LOCATION;
import static jdk.lockstat.internal.query.PprofFields.LOCATION_ID;
import static jdk.lockstat.internal.query.PprofFields.LOCATION_LINE;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_LABEL;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_LOCATION_ID;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_TYPE;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_VALUE;
import static jdk.lockstat.internal.query.PprofFields.STRING_TABLE;
import static jdk.lockstat.internal.query.PprofFields.VALUE_TYPE_TYPE;
import static jdk.lockstat.internal.query.PprofFields.VALUE_TYPE_UNIT;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A pprof profile that LockStat wrote ({@link PprofProfile}: lockstat export, jcmd LockStat.report
 * format=pprof, the periodic profiles) read back, for lockstat diff of two profiles. Which side it holds
 * comes from its comment (every LockStat profile names it); the values are its contentions/count and
 * delay/nanoseconds, its samples' labels those PprofProfile writes. Anything else is refused with one
 * message (IllegalArgumentException): a file that is not gzip'd profile.proto, or a profile of another
 * tool, whose stacks and values mean something else.
 */
public final class PprofReader {
    private PprofReader() {}

    /** A sample: its frames innermost first, as "Class.method(File.java:line)"; its labels; its values. */
    public record Sample(List<String> frames, List<String> functions, Map<String, String> labels, long contentions, long nanos) {}

    /** A profile: the side its stacks are (owner chains, or blocked threads' chains), its length, its samples. */
    public record Profile(boolean ownerSide, long durationNanos, String comment, List<Sample> samples) {}


    /** Whether the bytes start as gzip does (a LockStat profile is always gzip'd; a trace never is). */
    public static boolean looksLikeProfile(byte[] head) {
        return head.length >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B;
    }

    /** Reads a gzip'd profile. */
    public static Profile read(InputStream gzipped) throws IOException {
        byte[] proto;
        try (InputStream in = new GZIPInputStream(gzipped)) {
            proto = in.readAllBytes();
        } catch (java.util.zip.ZipException e) {
            throw new IllegalArgumentException("not a gzip'd pprof profile (" + e.getMessage() + ")");
        }
        return parse(proto);
    }

    /** An uncompressed profile.proto message. */
    static Profile parse(byte[] proto) {
        try {
            return decode(proto);
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith("not a") ? e : new IllegalArgumentException("not a pprof profile (" + e.getMessage() + ")");
        }
    }

    private static Profile decode(byte[] proto) {
        List<String> strings = new ArrayList<>();
        List<long[]> sampleTypes = new ArrayList<>();   // {type, unit} string ids
        List<ProtoReader> samples = new ArrayList<>();
        Map<Long, long[]> locations = new HashMap<>();   // id -> {function id, line}
        Map<Long, long[]> functions = new HashMap<>();   // id -> {name, file} string ids
        List<Long> comments = new ArrayList<>();
        long duration = 0;
        ProtoReader r = new ProtoReader(proto);
        while (r.next()) {
            switch (r.field()) {
                case STRING_TABLE -> strings.add(r.string());
                case SAMPLE_TYPE -> {
                    ProtoReader t = r.message();
                    long[] vt = new long[2];
                    while (t.next()) {
                        switch (t.field()) {
                            case VALUE_TYPE_TYPE -> vt[0] = t.varint();
                            case VALUE_TYPE_UNIT -> vt[1] = t.varint();
                            default -> t.skip();
                        }
                    }
                    sampleTypes.add(vt);
                }
                case SAMPLE -> samples.add(r.message());
                case LOCATION -> {
                    ProtoReader l = r.message();
                    long id = 0;
                    long[] line = {0, 0};
                    while (l.next()) {
                        if (l.field() == LOCATION_ID) {
                            id = l.varint();
                        } else if (l.field() == LOCATION_LINE) {
                            ProtoReader ln = l.message();   // LockStat writes one line a location
                            while (ln.next()) {
                                switch (ln.field()) {
                                    case LINE_FUNCTION_ID -> line[0] = ln.varint();
                                    case LINE_LINE -> line[1] = ln.varint();
                                    default -> ln.skip();
                                }
                            }
                        } else {
                            l.skip();
                        }
                    }
                    locations.put(id, line);
                }
                case FUNCTION -> {
                    ProtoReader f = r.message();
                    long id = 0;
                    long[] nameFile = new long[2];
                    while (f.next()) {
                        switch (f.field()) {
                            case FUNCTION_ID -> id = f.varint();
                            case FUNCTION_NAME -> nameFile[0] = f.varint();
                            case FUNCTION_FILENAME -> nameFile[1] = f.varint();
                            default -> f.skip();
                        }
                    }
                    functions.put(id, nameFile);
                }
                case DURATION_NANOS -> duration = r.varint();
                case COMMENT -> {
                    for (long c : r.varints()) {
                        comments.add(c);
                    }
                }
                default -> r.skip();
            }
        }
        String comment = comments.isEmpty() ? "" : string(strings, comments.get(0));
        boolean owner = comment.contains("--side owner") || comment.contains("owner side");
        boolean blocked = comment.contains("--side blocked") || comment.contains("blocked side");
        if (owner == blocked) {
            throw new IllegalArgumentException("not a profile LockStat wrote (its comment names no side: \"" + comment + "\")");
        }
        int countIndex = -1, nanosIndex = -1;
        for (int i = 0; i < sampleTypes.size(); i++) {
            String type = string(strings, sampleTypes.get(i)[0]), unit = string(strings, sampleTypes.get(i)[1]);
            if (type.equals("contentions") && unit.equals("count")) {
                countIndex = i;
            } else if (type.equals("delay") && unit.equals("nanoseconds")) {
                nanosIndex = i;
            }
        }
        if (countIndex < 0 || nanosIndex < 0) {
            throw new IllegalArgumentException("not a profile LockStat wrote (no contentions/count and delay/nanoseconds values)");
        }
        List<Sample> result = new ArrayList<>(samples.size());
        for (ProtoReader s : samples) {
            result.add(sample(s, strings, locations, functions, countIndex, nanosIndex));
        }
        return new Profile(owner, duration, comment, List.copyOf(result));
    }

    private static Sample sample(ProtoReader s, List<String> strings, Map<Long, long[]> locations, Map<Long, long[]> functions,
                                 int countIndex, int nanosIndex) {
        List<String> frames = new ArrayList<>(), names = new ArrayList<>();
        Map<String, String> labels = new LinkedHashMap<>();
        long[] values = new long[0];
        while (s.next()) {
            switch (s.field()) {
                case SAMPLE_LOCATION_ID -> {
                    for (long id : s.varints()) {
                        long[] line = locations.get(id);
                        long[] function = line == null ? null : functions.get(line[0]);
                        if (function == null) {
                            throw new IllegalArgumentException("a sample names location " + id + ", which the profile does not define");
                        }
                        String name = string(strings, function[0]), file = string(strings, function[1]);
                        names.add(name);
                        // As the trace's frames print (Frame#toString): line 0 is pprof's "unknown".
                        frames.add(file.isEmpty() ? name : name + "(" + file + (line[1] > 0 ? ":" + line[1] : "") + ")");
                    }
                }
                case SAMPLE_VALUE -> {
                    long[] more = s.varints();
                    long[] all = java.util.Arrays.copyOf(values, values.length + more.length);
                    System.arraycopy(more, 0, all, values.length, more.length);
                    values = all;
                }
                case SAMPLE_LABEL -> {
                    ProtoReader l = s.message();
                    long key = 0, str = 0;
                    while (l.next()) {
                        switch (l.field()) {
                            case LABEL_KEY -> key = l.varint();
                            case LABEL_STR -> str = l.varint();
                            default -> l.skip();
                        }
                    }
                    labels.put(string(strings, key), string(strings, str));
                }
                default -> s.skip();
            }
        }
        if (values.length <= Math.max(countIndex, nanosIndex)) {
            throw new IllegalArgumentException("a sample has " + values.length + " values, the profile's types say more");
        }
        return new Sample(List.copyOf(frames), List.copyOf(names), labels, values[countIndex], values[nanosIndex]);
    }

    private static String string(List<String> strings, long index) {
        if (index < 0 || index >= strings.size()) {
            throw new IllegalArgumentException("string " + index + " is past the profile's string table (" + strings.size() + ")");
        }
        return strings.get((int) index);
    }
}
