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

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The event types of one trace, by id: written once near the start of every trace. */
public final class Schema {
    private final EventDescriptor[] byId;
    private final List<EventDescriptor> all;

    private Schema(Map<Integer, EventDescriptor> descriptors) {
        int max = descriptors.isEmpty() ? 0 : Collections.max(descriptors.keySet());
        byId = new EventDescriptor[max + 1];
        descriptors.forEach((id, d) -> byId[id] = d);
        all = List.copyOf(descriptors.values());
    }

    public EventDescriptor get(int id) {
        return id >= 0 && id < byId.length ? byId[id] : null;
    }

    public Collection<EventDescriptor> all() {
        return all;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Encodes the schema record's payload. */
    public void writeTo(ByteSink out) {
        out.varint(all.size());
        for (EventDescriptor d : all) {
            out.varint(d.id());
            out.string(d.name());
            writeFields(out, d.fields());
        }
    }

    private static void writeFields(ByteSink out, List<Field> fields) {
        out.varint(fields.size());
        for (Field f : fields) {
            out.string(f.name());
            out.u1(f.kind().code());
            if (f.kind() == FieldKind.LIST) {
                writeFields(out, f.elements());
            }
        }
    }

    /** Decodes a schema record's payload. */
    public static Schema readFrom(ByteSource in) {
        Builder b = builder();
        long count = in.varint();
        checkCount(count, in);
        for (long i = 0; i < count; i++) {
            long id = in.varint();
            if (id < 1 || id > 255) {
                throw new TraceFormatException("schema: event id " + id + " out of range");
            }
            String name = in.string();
            b.add(new EventDescriptor((int) id, name, readFields(in, 0)));
        }
        return b.build();
    }

    private static List<Field> readFields(ByteSource in, int depth) {
        if (depth > 4) {
            throw new TraceFormatException("schema: lists nested too deeply");
        }
        long n = in.varint();
        checkCount(n, in);
        List<Field> fields = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            String name = in.string();
            FieldKind kind = FieldKind.ofCode(in.u1());
            List<Field> elements = kind == FieldKind.LIST ? readFields(in, depth + 1) : List.of();
            if (kind == FieldKind.LIST && elements.isEmpty()) {
                throw new TraceFormatException("schema: list field " + name + " has no element fields");
            }
            fields.add(new Field(name, kind, elements));
        }
        return fields;
    }

    private static void checkCount(long n, ByteSource in) {
        if (n < 0 || n > in.remaining()) {
            throw new TraceFormatException("schema: count " + n + " exceeds the record");
        }
    }

    public static final class Builder {
        private final Map<Integer, EventDescriptor> descriptors = new TreeMap<>();

        public Builder add(EventDescriptor d) {
            if (descriptors.putIfAbsent(d.id(), d) != null) {
                throw new TraceFormatException("schema: event id " + d.id() + " defined twice");
            }
            return this;
        }

        public Schema build() {
            return new Schema(descriptors);
        }
    }
}
