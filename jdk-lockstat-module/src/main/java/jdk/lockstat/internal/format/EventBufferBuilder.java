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

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Encodes a buffer exactly as HotSpot's LockStatEventWriter does: for events written from Java (the
 * drain's own bookkeeping) and for tests that build traces with known contents.
 */
public final class EventBufferBuilder {
    private final ByteSink out = new ByteSink(1024);
    private long lastTime;

    public EventBufferBuilder(long writerThread, long sequence, long baseTime) {
        out.varint(writerThread).varint(sequence).varint(baseTime);
        lastTime = baseTime;
    }

    /**
     * Appends an event; values follow the type's fields (numbers as Long/Integer, lists as
     * List&lt;Object[]&gt;). Trailing varint fields may be left out: they are written as 0, as a field
     * added to the end of an event reads in a trace written before it (split numbering's enterSeq and
     * ownerSeq, which traces without the header's monitor.numbering ignore).
     */
    public EventBufferBuilder event(EventType type, Object... values) {
        List<Field> fields = type.fields();
        if (values.length > fields.size()) {
            throw new IllegalArgumentException(type + " has " + fields.size() + " fields, got " + values.length);
        }
        for (int i = values.length; i < fields.size(); i++) {
            if (fields.get(i).kind() != FieldKind.VARINT) {
                throw new IllegalArgumentException(type + " has " + fields.size() + " fields, got " + values.length
                        + " (only trailing varints may be left out)");
            }
        }
        out.varint(type.id());
        for (int i = 0; i < fields.size(); i++) {
            if (i >= values.length) {
                out.varint(0);
                continue;
            }
            Field f = fields.get(i);
            if (f.kind() == FieldKind.TIMESTAMP) {
                long t = ((Number) values[i]).longValue();
                out.svarint(t - lastTime);
                lastTime = t;
            } else {
                writeValue(f, values[i]);
            }
        }
        return this;
    }

    private void writeValue(Field f, Object v) {
        switch (f.kind()) {
            case U1 -> out.u1(((Number) v).intValue());
            case VARINT -> out.varint(((Number) v).longValue());
            case SVARINT, TIMESTAMP -> out.svarint(((Number) v).longValue());
            case STRING -> out.string((String) v);
            case LIST -> {
                @SuppressWarnings("unchecked")
                List<Object[]> elements = (List<Object[]>) v;
                out.varint(elements.size());
                for (Object[] e : elements) {
                    for (int j = 0; j < f.elements().size(); j++) {
                        if (j < e.length) {
                            writeValue(f.elements().get(j), e[j]);
                        } else if (f.elements().get(j).kind() == FieldKind.VARINT) {
                            out.varint(0);   // a trailing varint left out, as for an event's fields
                        } else {
                            throw new IllegalArgumentException(f.name() + " elements have " + f.elements().size()
                                    + " fields, got " + e.length + " (only trailing varints may be left out)");
                        }
                    }
                }
            }
        }
    }

    public int size() {
        return out.size();
    }

    public ByteBuffer toByteBuffer() {
        return ByteBuffer.wrap(out.toByteArray());
    }
}
