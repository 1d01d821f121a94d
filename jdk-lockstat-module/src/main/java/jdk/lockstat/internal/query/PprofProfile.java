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
import static jdk.lockstat.internal.query.PprofFields.DEFAULT_SAMPLE_TYPE;
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
import static jdk.lockstat.internal.query.PprofFields.PERIOD;
import static jdk.lockstat.internal.query.PprofFields.PERIOD_TYPE;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_LABEL;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_LOCATION_ID;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_TYPE;
import static jdk.lockstat.internal.query.PprofFields.SAMPLE_VALUE;
import static jdk.lockstat.internal.query.PprofFields.STRING_TABLE;
import static jdk.lockstat.internal.query.PprofFields.TIME_NANOS;
import static jdk.lockstat.internal.query.PprofFields.VALUE_TYPE_TYPE;
import static jdk.lockstat.internal.query.PprofFields.VALUE_TYPE_UNIT;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.Unknown;
import jdk.lockstat.query.Aspect;

/**
 * Contention as a pprof profile (github.com/google/pprof, proto/profile.proto), with the value types of
 * Go's mutex and block profiles: {@code contentions/count} and {@code delay/nanoseconds}.
 *
 * <p>Owner side (as Go's mutex profile, whose stacks are "the end of the critical section causing
 * contention"): a sample's stack is a lock owner's call chain at the release, its delay the blocked time
 * that owner caused (its owner parts). Blocked side (as Go's block profile): the blocked thread's chain
 * and the blocked time. Every sample has the string labels {@code group}, {@code lock-class}, {@code lock},
 * {@code blocked-thread} and {@code owner-thread}; pprof splits samples by labels, so samples are per
 * (stack, labels): a contention counts once in every sample it gave time to (so on the blocked side once
 * per owner thread). Chains start at their first frame outside the locking mechanism unless allFrames;
 * gaps with no known owner are owner {@code <unknown owner>} (on the owner side also its stack). After-wait
 * contentions are left out, as in flame graphs. Frames are functions {@code Class.method} with their
 * source file, and locations per (method, line); there are no mappings or addresses.
 *
 * <p>Functions have a name and no system name: pprof demangles every function whose name equals its
 * system name, and a name it cannot demangle but that looks like demangled C++ (it has '&lt;', '&gt;',
 * '[', ']' or "::", and no ".&lt;" as Java's {@code <init>}) loses whatever is between angle brackets.
 * {@code <hand-off>} and {@code <unknown owner>} then both became "", one {@code <unknown>} row in
 * {@code go tool pprof -top}. Without a system name pprof takes the name as already demangled, in every
 * -symbolize mode (PprofExportTest).
 */
public final class PprofProfile implements ContentionSink {

    /** Label keys, in the order of a sample key's labels. */
    static final List<String> LABELS = List.of("group", "lock-class", "lock", "blocked-thread", "owner-thread");

    /** What a sample is keyed by while the analysis runs: metadata objects, rendered at the end. */
    private record SampleKey(Object stack, Object group, Object lockClass, Object lock, Object thread, Object owner) {}

    /** A sample as written: location ids, leaf first, and label values in the order of {@link #LABELS}. */
    private record MergedKey(List<Long> locations, List<String> labels) {}

    private final boolean ownerSide;
    private final boolean allFrames;
    private final Map<SampleKey, long[]> samples = new LinkedHashMap<>();

    public PprofProfile(boolean ownerSide, boolean allFrames) {
        this.ownerSide = ownerSide;
        this.allFrames = allFrames;
    }

    @Override
    public void accept(Contention c) {
        if (c.afterWait()) {
            return;
        }
        Object group = AspectKeys.key(Aspect.GROUP, c, false), lockClass = AspectKeys.key(Aspect.LOCK_CLASS, c, false), lock = AspectKeys.key(Aspect.LOCK, c, false);
        Object thread = AspectKeys.key(Aspect.THREAD, c, false);
        Object blockedStack = c.chain() != null ? c.chain() : Unknown.CHAIN;
        // This contention's nanoseconds per sample: per (owner thread, owner chain), or per owner thread.
        Map<SampleKey, Long> mine = new LinkedHashMap<>(4);
        if (c.parts().isEmpty()) {
            mine.put(new SampleKey(ownerSide ? Unknown.OWNER : blockedStack, group, lockClass, lock, thread, Unknown.OWNER),
                    c.nanos());
        }
        for (OwnerPart p : c.parts()) {
            Object owner = p.owner() != null ? p.owner() : p.unownedKey();
            Object stack = !ownerSide ? blockedStack
                    : p.owner() == null ? p.unownedKey() : p.chain() != null ? p.chain() : Unknown.CHAIN;
            mine.merge(new SampleKey(stack, group, lockClass, lock, thread, owner), p.nanos(), Long::sum);
        }
        mine.forEach((key, nanos) -> {
            if (nanos > 0) {
                long[] v = samples.computeIfAbsent(key, k -> new long[2]);
                v[0] += c.weight();   // a sampled trace's estimates, as Go's mutex profile scales its samples
                v[1] += nanos * c.weight();
            }
        });
    }

    /**
     * The uncompressed profile.proto message. timeNanos: the start (epoch ns, 0 unknown); durationNanos:
     * the profile's length; comment: a line shown by pprof.
     */
    public byte[] encode(long timeNanos, long durationNanos, String comment) {
        Strings strings = new Strings();
        Map<String, Long> functions = new LinkedHashMap<>();   // "name\0file" -> id
        Map<String, Long> locations = new LinkedHashMap<>();   // "function id:line" -> id
        List<ProtoWriter> functionMessages = new ArrayList<>(), locationMessages = new ArrayList<>();
        // Samples whose rendered stack and labels are equal (chains that differ only in mechanism frames,
        // two chain ids with the same frames) are one.
        Map<MergedKey, long[]> merged = new LinkedHashMap<>();
        Map<Object, List<Long>> stackIds = new HashMap<>();
        samples.forEach((key, values) -> {
            List<Long> ids = stackIds.computeIfAbsent(key.stack(), s -> {
                List<Frame> frames = s instanceof ChainRef chain ? chain.frames(allFrames) : null;
                if (frames == null || frames.isEmpty()) {
                    // a marker, or a chain without frames: one pseudo-frame, named as flame graphs name it
                    return List.of(location(ChainRef.keyText(s, allFrames), "", -1, strings, functions, locations,
                            functionMessages, locationMessages));
                }
                List<Long> loc = new ArrayList<>(frames.size());   // the leaf first, as pprof wants
                for (Frame f : frames) {
                    String file = f.method().sourceFile() == null ? "" : f.method().sourceFile();
                    loc.add(location(f.method().toString(), file, f.line(), strings, functions, locations,
                            functionMessages, locationMessages));
                }
                return List.copyOf(loc);
            });
            List<String> labels = List.of(String.valueOf(key.group()), String.valueOf(key.lockClass()),
                    String.valueOf(key.lock()), String.valueOf(key.thread()), String.valueOf(key.owner()));
            long[] v = merged.computeIfAbsent(new MergedKey(ids, labels), k -> new long[2]);
            v[0] += values[0];
            v[1] += values[1];
        });

        ProtoWriter profile = new ProtoWriter();
        long contentions = strings.id("contentions"), count = strings.id("count");
        profile.message(SAMPLE_TYPE, new ProtoWriter().int64(VALUE_TYPE_TYPE, contentions).int64(VALUE_TYPE_UNIT, count));
        profile.message(SAMPLE_TYPE, new ProtoWriter().int64(VALUE_TYPE_TYPE, strings.id("delay"))
                .int64(VALUE_TYPE_UNIT, strings.id("nanoseconds")));
        long[] labelKeys = new long[LABELS.size()];
        for (int i = 0; i < labelKeys.length; i++) {
            labelKeys[i] = strings.id(LABELS.get(i));
        }
        merged.forEach((key, values) -> {
            ProtoWriter sample = new ProtoWriter();
            sample.packed(SAMPLE_LOCATION_ID, key.locations().stream().mapToLong(Long::longValue).toArray());
            sample.packed(SAMPLE_VALUE, values);
            for (int i = 0; i < labelKeys.length; i++) {
                sample.message(SAMPLE_LABEL, new ProtoWriter().int64(LABEL_KEY, labelKeys[i])
                        .int64(LABEL_STR, strings.id(key.labels().get(i))));
            }
            profile.message(SAMPLE, sample);
        });
        locationMessages.forEach(m -> profile.message(LOCATION, m));
        functionMessages.forEach(m -> profile.message(FUNCTION, m));
        profile.int64(TIME_NANOS, timeNanos);
        profile.int64(DURATION_NANOS, durationNanos);
        profile.message(PERIOD_TYPE, new ProtoWriter().int64(VALUE_TYPE_TYPE, contentions).int64(VALUE_TYPE_UNIT, count));
        profile.int64(PERIOD, 1);
        if (comment != null && !comment.isEmpty()) {
            profile.int64(COMMENT, strings.id(comment));   // repeated int64, one element: unpacked is valid
        }
        profile.int64(DEFAULT_SAMPLE_TYPE, strings.id("delay"));
        for (String s : strings.table) {   // last: every string is known by now
            profile.string(STRING_TABLE, s);
        }
        return profile.toByteArray();
    }

    /** The location of one frame (a function and a line), created on first use. line -1: unknown. */
    private static long location(String name, String file, int line, Strings strings, Map<String, Long> functions,
                                 Map<String, Long> locations, List<ProtoWriter> functionMessages,
                                 List<ProtoWriter> locationMessages) {
        long function = functions.computeIfAbsent(name + '\0' + file, k -> {
            long id = functions.size() + 1;
            functionMessages.add(new ProtoWriter().int64(FUNCTION_ID, id).int64(FUNCTION_NAME, strings.id(name))
                    .int64(FUNCTION_FILENAME, strings.id(file)));
            return id;
        });
        long lineNumber = Math.max(line, 0);
        return locations.computeIfAbsent(function + ":" + lineNumber, k -> {
            long id = locations.size() + 1;
            locationMessages.add(new ProtoWriter().int64(LOCATION_ID, id).message(LOCATION_LINE,
                    new ProtoWriter().int64(LINE_FUNCTION_ID, function).int64(LINE_LINE, lineNumber)));
            return id;
        });
    }

    /** The string table: index 0 is "". */
    private static final class Strings {
        final List<String> table = new ArrayList<>(List.of(""));
        final Map<String, Long> ids = new HashMap<>(Map.of("", 0L));

        long id(String s) {
            return ids.computeIfAbsent(s, k -> {
                table.add(k);
                return (long) table.size() - 1;
            });
        }
    }
}
