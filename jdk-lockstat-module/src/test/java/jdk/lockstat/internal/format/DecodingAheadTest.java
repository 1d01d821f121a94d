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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * The two-thread parse makes the same listener calls, in the same order, on the caller's thread, with the
 * same result as the one-thread parse, on an intact trace of several batches and on a truncated one; a
 * listener that throws stops the decoder thread before parse returns.
 */
class DecodingAheadTest {
    @TempDir
    Path dir;

    /** Every call as text, and the threads that made them. */
    private static final class Recorder implements TraceParser.Listener {
        final List<String> calls = new ArrayList<>();
        final java.util.Set<Thread> threads = new java.util.HashSet<>();

        private void add(String s) {
            calls.add(s);
            threads.add(Thread.currentThread());
        }

        @Override
        public void header(TraceHeader header) {
            add("header " + header.properties());
        }

        @Override
        public void schema(Schema schema) {
            add("schema");
        }

        @Override
        public void buffer(EventBuffer buffer, long recordOffset) {
            add("buffer " + buffer.writerThread() + " " + buffer.sequence() + " @" + recordOffset);
        }

        @Override
        public void event(Event event) {
            StringBuilder sb = new StringBuilder(event.type().name()).append(' ').append(event.writerThread());
            for (Object v : event.values()) {
                sb.append(' ').append(v instanceof List<?> l ? l.stream().map(o -> o instanceof Object[] a
                        ? Arrays.deepToString(a) : String.valueOf(o)).toList() : v);
            }
            add(sb.toString());
        }

        @Override
        public void end(Map<String, String> summary) {
            add("end " + summary);
        }
    }

    private static TraceReader reader(byte[] bytes) throws IOException {
        return new TraceReader(new ByteArrayInputStream(bytes));
    }

    private void sameAsOneThread(byte[] trace, boolean intact) throws IOException {
        Recorder here = new Recorder(), ahead = new Recorder();
        TraceParser.Result r1 = TraceParser.parseHere(reader(trace), here);
        TraceParser.Result r2 = DecodingAhead.parse(reader(trace), ahead);
        assertEquals(intact, r1.intact(), r1.problems().toString());
        assertTrue(here.calls.size() > 3 * DecodingAhead.EVENTS_PER_BATCH || !intact, "several batches: " + here.calls.size());
        assertEquals(here.calls.size(), ahead.calls.size());
        for (int i = 0; i < here.calls.size(); i++) {
            assertEquals(here.calls.get(i), ahead.calls.get(i), "call " + i);
        }
        assertEquals(java.util.Set.of(Thread.currentThread()), ahead.threads, "every call on the caller's thread");
        assertEquals(r1, r2);
    }

    @Test
    void sameCallsAndResultAsOneThread() throws Exception {
        byte[] trace = Files.readAllBytes(Scenario.holdAB(700).write(dir, "ab.lct"));
        sameAsOneThread(trace, true);
        sameAsOneThread(Arrays.copyOf(trace, trace.length * 2 / 3), false);
    }

    @Test
    void aListenerThatThrowsStopsTheDecoder() throws Exception {
        byte[] trace = Files.readAllBytes(Scenario.holdAB(700).write(dir, "ab.lct"));
        RuntimeException cancel = new java.util.concurrent.CancellationException("cancelled");
        int[] events = {0};
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> DecodingAhead.parse(reader(trace),
                new TraceParser.Listener() {
                    @Override
                    public void event(Event event) {
                        if (++events[0] == 100) {
                            throw cancel;
                        }
                    }
                }));
        assertSame(cancel, thrown);
        assertEquals(100, events[0], "no call after the throw");
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("lockstat-trace-decoder")),
                "the decoder thread ended before parse returned");
    }
}
