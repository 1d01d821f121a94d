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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Decodes one buffer record: the header (writer thread id, buffer sequence number, base timestamp)
 * and then its events, with the schema of the trace being read.
 */
public final class EventBuffer {
    private final Schema schema;
    private final ByteSource in;
    private final long writerThread;
    private final long sequence;
    private final long baseTime;

    public EventBuffer(Schema schema, ByteBuffer payload) {
        this.schema = schema;
        this.in = new ByteSource(payload, "event buffer");
        this.writerThread = in.varint();
        this.sequence = in.varint();
        this.baseTime = in.varint();
    }

    public long writerThread() {
        return writerThread;
    }

    public long sequence() {
        return sequence;
    }

    public long baseTime() {
        return baseTime;
    }

    /**
     * Decodes every event, handing each to the consumer. Throws TraceFormatException at the first
     * event that does not decode (the events before it were delivered).
     */
    public int forEach(Consumer<Event> consumer) {
        long time = baseTime;
        int count = 0;
        while (in.hasRemaining()) {
            int at = in.position();
            long id = in.varint();
            EventDescriptor d = id <= Integer.MAX_VALUE ? schema.get((int) id) : null;
            if (d == null) {
                throw new TraceFormatException("unknown event type " + id + " at offset " + at
                        + " of buffer " + sequence + " (thread " + writerThread + ")");
            }
            Object[] values = new Object[d.fields().size()];
            for (int i = 0; i < values.length; i++) {
                Field f = d.fields().get(i);
                if (f.kind() == FieldKind.TIMESTAMP) {
                    time += in.svarint();
                    values[i] = time;
                } else {
                    values[i] = readValue(f, 0);
                }
            }
            consumer.accept(new Event(d, writerThread, sequence, values));
            count++;
        }
        return count;
    }

    private Object readValue(Field f, int depth) {
        return switch (f.kind()) {
            case U1 -> (long) in.u1();
            case VARINT -> in.varint();
            case SVARINT -> in.svarint();
            case TIMESTAMP -> in.svarint();   // only inside lists: a plain delta
            case STRING -> in.string();
            case LIST -> {
                long n = in.varint();
                if (n < 0 || n > in.remaining()) {
                    throw new TraceFormatException("list " + f.name() + " of " + n + " elements exceeds buffer " + sequence);
                }
                List<Object[]> elements = new ArrayList<>((int) n);
                for (long e = 0; e < n; e++) {
                    Object[] element = new Object[f.elements().size()];
                    for (int j = 0; j < element.length; j++) {
                        element[j] = readValue(f.elements().get(j), depth + 1);
                    }
                    elements.add(element);
                }
                yield elements;
            }
        };
    }
}
