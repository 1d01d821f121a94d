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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Reads a whole trace in one streaming pass and hands header, schema, buffers and events to a
 * listener. Damage inside one record is reported and skipped (records are self-delimiting); damage to
 * the stream itself (truncation, a corrupt Snappy chunk) ends the pass. Everything read before a
 * problem has been delivered: a damaged trace still yields what it holds.
 */
public final class TraceParser {
    /** Callbacks, all optional. */
    public interface Listener {
        default void header(TraceHeader header) {}
        default void schema(Schema schema) {}
        default void buffer(EventBuffer buffer, long recordOffset) {}
        default void event(Event event) {}
        default void end(Map<String, String> summary) {}
    }

    /** What the pass found. problems is empty for an intact trace. */
    public record Result(boolean compressed, String version, TraceHeader header, Map<String, String> end,
                         long records, long buffers, long events, boolean truncated, List<String> problems) {
        public boolean complete() {
            return end != null;
        }

        public boolean intact() {
            return problems.isEmpty();
        }
    }

    private static final int MAX_PROBLEMS = 100;

    private TraceParser() {}

    /** Opens and parses; IOException only when the file cannot be opened or read at all. */
    public static Result parse(Path file, Listener listener) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            return parse(reader, listener);
        }
    }

    /**
     * Parses from the reader. Where the machine has a second processor, reading, decompressing and decoding
     * run on a thread of their own, ahead of the listener ({@link DecodingAhead}); the listener still
     * gets every call on the caller's thread, in the order of the trace.
     */
    public static Result parse(TraceReader reader, Listener listener) throws IOException {
        return Runtime.getRuntime().availableProcessors() > 1 ? DecodingAhead.parse(reader, listener) : parseHere(reader, listener);
    }

    /** {@link #parse}, with the listener called by the thread that reads. */
    static Result parseHere(TraceReader reader, Listener listener) throws IOException {
        List<String> problems = new ArrayList<>();
        TraceHeader header = null;
        TraceClock clock = TraceClock.IDENTITY;   // no header (damage): timestamps as they are
        Schema schema = null;
        Map<String, String> end = null;
        long records = 0, buffers = 0, events = 0;
        boolean truncated = false;
        while (true) {
            TraceRecord r;
            try {
                r = reader.next();
            } catch (TruncatedTraceException e) {
                truncated = true;
                add(problems, "truncated: " + e.getMessage());
                break;
            } catch (TraceFormatException e) {
                add(problems, e.getMessage());
                if (e.getMessage().startsWith("checksum mismatch in record")) {
                    continue;   // the record's extent was intact; the next one can still be read
                }
                break;
            }
            if (r == null) {
                break;
            }
            records++;
            try {
                switch (r.type()) {
                    case TraceConstants.RECORD_HEADER -> {
                        if (header != null) {
                            add(problems, "second header record at offset " + r.offset());
                        } else {
                            header = TraceHeader.readFrom(new ByteSource(r.payload(), "header record"));
                            clock = TraceClock.of(header);
                            listener.header(header);
                        }
                    }
                    case TraceConstants.RECORD_SCHEMA -> {
                        schema = Schema.readFrom(new ByteSource(r.payload(), "schema record"));
                        listener.schema(schema);
                    }
                    case TraceConstants.RECORD_BUFFER -> {
                        buffers++;
                        if (schema == null) {
                            add(problems, "event buffer at offset " + r.offset() + " before any schema record");
                            continue;
                        }
                        EventBuffer b = new EventBuffer(schema, r.payload(), clock);
                        listener.buffer(b, r.offset());
                        events += b.forEach(listener::event);
                    }
                    case TraceConstants.RECORD_END -> {
                        end = TraceHeader.readProperties(new ByteSource(r.payload(), "end record"));
                        listener.end(end);
                    }
                    default -> { /* a later version's record kind: skipped */ }
                }
            } catch (TraceFormatException e) {
                add(problems, "record at offset " + r.offset() + ": " + e.getMessage());
            }
        }
        if (header == null && problems.isEmpty()) {
            add(problems, "no header record");
        }
        return new Result(reader.compressed(), reader.version(), header,
                end == null ? null : Collections.unmodifiableMap(end), records, buffers, events, truncated,
                Collections.unmodifiableList(problems));
    }

    private static void add(List<String> problems, String p) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(p);
        } else if (problems.size() == MAX_PROBLEMS) {
            problems.add("... more problems not shown");
        }
    }
}
