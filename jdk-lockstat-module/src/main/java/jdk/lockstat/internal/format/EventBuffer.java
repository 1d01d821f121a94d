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
 *
 * <p>This is the one place where timestamps change units: the file holds counter ticks, and the base
 * time and every TIMESTAMP field come out converted by the trace's {@link TraceClock} (nanoseconds on
 * the System.nanoTime timeline). Deltas are summed in ticks first, so rounding never accumulates.
 * Whoever copies events into another trace decodes with {@link TraceClock#IDENTITY}: raw ticks in,
 * raw ticks out.
 */
public final class EventBuffer {
    private final Schema schema;
    private final TraceClock clock;
    private final ByteSource in;
    private final long writerThread;
    private final long sequence;
    private final long baseTicks;

    public EventBuffer(Schema schema, ByteBuffer payload, TraceClock clock) {
        this.schema = schema;
        this.clock = clock;
        this.in = new ByteSource(payload, "event buffer");
        this.writerThread = in.varint();
        this.sequence = in.varint();
        this.baseTicks = in.varint();
    }

    /** The schema of the trace the buffer belongs to. */
    public Schema schema() {
        return schema;
    }

    public long writerThread() {
        return writerThread;
    }

    public long sequence() {
        return sequence;
    }

    /** When the buffer was started, converted by the trace's clock. */
    public long baseTime() {
        return clock.toNanos(baseTicks);
    }

    /**
     * Decodes every event, handing each to the consumer. Throws TraceFormatException at the first
     * event that does not decode (the events before it were delivered).
     */
    public int forEach(Consumer<Event> consumer) {
        long ticks = baseTicks;
        int count = 0;
        while (in.hasRemaining()) {
            int at = in.position();
            long id = in.varint();
            EventDescriptor d = id <= Integer.MAX_VALUE ? schema.get((int) id) : null;
            if (d == null) {
                throw new TraceFormatException("unknown event type " + id + " at offset " + at
                        + " of buffer " + sequence + " (thread " + writerThread + ")");
            }
            List<Field> fields = d.fields();
            int n = fields.size();
            long[] nums = new long[n];
            Object[] refs = null;
            for (int i = 0; i < n; i++) {
                Field f = fields.get(i);
                switch (f.kind()) {
                    case TIMESTAMP -> {
                        ticks += in.svarint();
                        nums[i] = clock.toNanos(ticks);
                    }
                    case VARINT -> nums[i] = in.varint();
                    case SVARINT -> nums[i] = in.svarint();
                    case U1 -> nums[i] = in.u1();
                    case STRING, LIST -> {
                        if (refs == null) {
                            refs = new Object[n];
                        }
                        refs[i] = readValue(f, 0);
                    }
                }
            }
            consumer.accept(new Event(d, writerThread, sequence, nums, refs));
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
