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
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A trace parsed by two threads: a decoder thread reads records, decompresses and decodes events
 * ({@link TraceParser#parseHere}), and hands them on in batches; the caller's thread makes every listener
 * call, in the trace's order, as the one-thread parse does. Analysis and decoding then overlap: decoding
 * (Snappy, varints, the events' objects) was about a third of lockstat report's time.
 *
 * <p>Bounded: at most {@link #BATCHES} batches of {@link #EVENTS_PER_BATCH} events wait. A listener that
 * throws (a cancelled load) stops the decoder; the decoder's own exceptions are rethrown on the caller's
 * thread; neither returns before the decoder thread has ended, so the reader is never used after parse.
 */
final class DecodingAhead {
    static final int BATCHES = 4;
    static final int EVENTS_PER_BATCH = 1024;
    /** How often the caller, waiting for a batch, checks that the decoder still runs. */
    static final long DECODER_CHECK_MILLIS = 100;

    /** Ends the decoder's pass when the caller stopped taking batches. */
    private static final class Stopped extends RuntimeException {
        @java.io.Serial
        private static final long serialVersionUID = 1L;

        Stopped() {
            super(null, null, false, false);
        }
    }

    /** The decoder's last word: its result, or what it threw. */
    private record Finished(TraceParser.Result result, Throwable failure) {}

    private final BlockingQueue<List<Object>> queue = new ArrayBlockingQueue<>(BATCHES);
    private volatile boolean stopped;
    private volatile Finished finished;
    /**
     * What ended the decoder without a Finished: out of memory while recording its own failure (an
     * allocation in the catch). Kept by the thread's handler, which allocates nothing, so that the caller
     * throws it instead of waiting for a batch that never comes (and no stack trace is printed).
     */
    private volatile Throwable died;
    private List<Object> batch = new ArrayList<>(EVENTS_PER_BATCH);

    private DecodingAhead() {}

    static TraceParser.Result parse(TraceReader reader, TraceParser.Listener listener) throws IOException {
        return new DecodingAhead().run(reader, listener);
    }

    private TraceParser.Result run(TraceReader reader, TraceParser.Listener listener) throws IOException {
        Thread decoder = Thread.ofPlatform().daemon().name("lockstat-trace-decoder")
                .uncaughtExceptionHandler((t, e) -> died = e).unstarted(() -> decode(reader));
        decoder.start();
        boolean done = false;
        try {
            while (!done) {
                List<Object> b = queue.poll(DECODER_CHECK_MILLIS, TimeUnit.MILLISECONDS);
                if (b == null) {
                    if (decoder.isAlive()) {
                        continue;
                    }
                    b = queue.poll();   // handed on right before it ended
                    if (b == null) {
                        rethrowDecoderDeath();
                    }
                }
                for (Object o : b) {
                    if (o instanceof Event e) {
                        listener.event(e);
                    } else if (o instanceof Finished) {
                        done = true;
                    } else {
                        ((Call) o).to(listener);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the trace");
        } finally {
            if (!done) {
                stopped = true;
                queue.clear();   // a decoder waiting to hand on a batch sees stopped within its poll interval
            }
            joinUninterruptibly(decoder);
        }
        Finished f = finished;
        if (f.failure() instanceof IOException io) {
            throw io;
        } else if (f.failure() instanceof RuntimeException re) {
            throw re;
        } else if (f.failure() instanceof Error err) {
            throw err;
        }
        return f.result();
    }

    private void rethrowDecoderDeath() {
        Throwable t = died;
        if (t instanceof Error e) {
            throw e;
        } else if (t instanceof RuntimeException r) {
            throw r;
        }
        throw new IllegalStateException("the trace decoder stopped without a result", t);
    }

    /** A listener call other than an event's, made on the caller's thread. */
    private interface Call {
        void to(TraceParser.Listener listener);
    }

    private void decode(TraceReader reader) {
        Finished f;
        try {
            f = new Finished(TraceParser.parseHere(reader, new TraceParser.Listener() {
                @Override
                public void header(TraceHeader header) {
                    add((Call) l -> l.header(header));
                }

                @Override
                public void schema(Schema schema) {
                    add((Call) l -> l.schema(schema));
                }

                @Override
                public void buffer(EventBuffer buffer, long recordOffset) {
                    add((Call) l -> l.buffer(buffer, recordOffset));
                }

                @Override
                public void event(Event event) {
                    add(event);
                }

                @Override
                public void end(Map<String, String> summary) {
                    add((Call) l -> l.end(summary));
                }
            }), null);
        } catch (Stopped s) {
            return;
        } catch (Throwable t) {
            f = new Finished(null, t);
        }
        finished = f;
        try {
            batch.add(f);
            handOn();
        } catch (Stopped s) {
            // the caller is gone
        }
    }

    private void add(Object item) {
        batch.add(item);
        if (batch.size() >= EVENTS_PER_BATCH) {
            handOn();
        }
    }

    private void handOn() {
        List<Object> b = batch;
        batch = new ArrayList<>(EVENTS_PER_BATCH);
        try {
            while (!queue.offer(b, 50, TimeUnit.MILLISECONDS)) {
                if (stopped) {
                    throw new Stopped();
                }
            }
        } catch (InterruptedException e) {
            throw new Stopped();
        }
        if (stopped) {
            throw new Stopped();
        }
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
