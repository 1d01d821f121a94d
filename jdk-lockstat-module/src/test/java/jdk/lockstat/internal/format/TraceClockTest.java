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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Timestamps in counter ticks: the header's clock and its conversion to nanoseconds. */
class TraceClockTest {
    /** A 2.5 GHz counter that read 1000 when System.nanoTime read 5 s. */
    static Map<String, String> tickHeader() {
        Map<String, String> h = TestTraces.header();
        h.put(TraceHeader.START_NANOS, "5000000000");
        h.put(TraceHeader.START_TICKS, "1000");
        h.put(TraceHeader.CLOCK, "rdtsc (invariant TSC)");
        h.put(TraceHeader.CLOCK_FREQUENCY, "2500000000");
        return h;
    }

    @Test
    void ticksBecomeNanosecondsOnTheNanoTimeLine() {
        TraceClock c = TraceClock.of(new TraceHeader(tickHeader()));
        assertEquals(5_000_000_000L, c.toNanos(1000));
        assertEquals(6_000_000_000L, c.toNanos(1000 + 2_500_000_000L));
        assertEquals(5_000_000_000L, c.toNanos(1001));        // 0.4 ns
        assertEquals(5_000_000_001L, c.toNanos(1002));        // 0.8 ns
        assertEquals(5_000_000_000L, c.toNanos(999));         // -0.4 ns: before the start too
        assertEquals(4_000_000_000L, c.toNanos(1000 - 2_500_000_000L));
        assertEquals(4_999_999_999L, c.toNanos(997));         // -1.2 ns
    }

    @Test
    void withoutStartTicksTimestampsAreNanosecondsAlready() {
        Map<String, String> h = tickHeader();
        h.remove(TraceHeader.START_TICKS);
        assertSame(TraceClock.IDENTITY, TraceClock.of(new TraceHeader(h)));
        assertSame(TraceClock.IDENTITY, TraceClock.of(new TraceHeader(TestTraces.header())));
        assertSame(TraceClock.IDENTITY, TraceClock.of(null));
        // javaTimeNanos as the counter: ticks are nanoseconds and start.ticks is start.nanos
        assertSame(TraceClock.IDENTITY, TraceClock.of(1_000_000_000L, 77, 77));
        // a frequency that cannot be (damage) is no reason to divide by zero
        assertSame(TraceClock.IDENTITY, TraceClock.of(0, 1000, 5));
        h.put(TraceHeader.START_TICKS, "not a number");
        assertSame(TraceClock.IDENTITY, TraceClock.of(new TraceHeader(h)));
        assertEquals(123_456_789_012L, TraceClock.IDENTITY.toNanos(123_456_789_012L));
    }

    /** Hours of a GHz counter: every conversion within a nanosecond of the exact one, none overflowing. */
    @Test
    void longTracesConvertExactly() {
        Random random = new Random(42);
        for (long frequency : new long[] {3_000_000_000L, 2_994_373_120L, 1_000_000_000L, 24_000_000L, 5_100_000_003L}) {
            long startTicks = Math.abs(random.nextLong()) >>> 8, startNanos = Math.abs(random.nextLong()) >>> 12;
            TraceClock c = TraceClock.of(frequency, startTicks, startNanos);
            for (int i = 0; i < 20_000; i++) {
                long ticks = startTicks + (long) (random.nextDouble() * 10 * 3600 * frequency) - frequency;
                long exact = BigDecimal.valueOf(ticks - startTicks).multiply(BigDecimal.valueOf(1_000_000_000L))
                        .divide(BigDecimal.valueOf(frequency), 0, RoundingMode.HALF_UP).longValueExact() + startNanos;
                long got = c.toNanos(ticks);
                assertTrue(Math.abs(got - exact) <= 1, frequency + " Hz, " + ticks + " ticks: " + got + " vs " + exact);
            }
        }
    }

    @Test
    void bufferBaseAndTimestampsAreConvertedAndDeltasSummedInTicks() {
        EventBufferBuilder b = new EventBufferBuilder(1, 0, 1000 + 2_500_000_000L);
        long ticks = 1000 + 2_500_000_000L;
        for (int i = 0; i < 2500; i++) {
            b.event(EventType.VM_PAUSE, ++ticks, 7L, 0);   // 0.4 ns apart: rounding each delta would lose them all
        }
        TraceClock clock = TraceClock.of(new TraceHeader(tickHeader()));
        EventBuffer buffer = new EventBuffer(EventType.schema(), b.toByteBuffer(), clock);
        assertEquals(6_000_000_000L, buffer.baseTime());
        List<Event> events = new ArrayList<>();
        buffer.forEach(events::add);
        assertEquals(6_000_000_000L, events.get(0).time());
        assertEquals(6_000_001_000L, events.get(2499).time());
        assertEquals(7L, events.get(2499).getLong("duration"), "durations are nanoseconds already");
        EventBuffer raw = new EventBuffer(EventType.schema(), b.toByteBuffer(), TraceClock.IDENTITY);
        assertEquals(1000 + 2_500_000_000L, raw.baseTime());
    }

    @Test
    void theParserReadsTimestampsWithTheHeadersClock() throws IOException {
        EventBufferBuilder b = new EventBufferBuilder(1, 0, 1000);
        b.event(EventType.THREAD_START, 1000 + 2_500_000_000L, 1L, 0, "main");
        Map<String, String> end = Map.of("end.nanos", "7000000000", "lost.buffers", "0");
        for (boolean ticks : new boolean[] {true, false}) {
            Map<String, String> h = tickHeader();
            if (!ticks) {
                h.remove(TraceHeader.START_TICKS);
            }
            List<Event> events = new ArrayList<>();
            try (TraceReader r = new TraceReader(new ByteArrayInputStream(TestTraces.trace(true, h, end, b)))) {
                TraceParser.parse(r, new TraceParser.Listener() {
                    @Override
                    public void event(Event e) {
                        events.add(e);
                    }
                });
            }
            assertEquals(ticks ? 6_000_000_000L : 1000 + 2_500_000_000L, events.get(0).time());
        }
    }
}
