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

package jdk.lockstat.internal.recorder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The background thread of paper section 3.1: takes full buffers from the VM's processing queue,
 * hands them to the sinks (trace file, ring, online analysis) and gives them back. One drain per
 * recording: {@link #finish} (LockStat.stop, or the shutdown hook at VM exit) drains what is left,
 * including partly filled buffers, and ends every sink. A sink's failure (disk full) ends that sink with one warning; what
 * it wrote before stays readable. Tracing stops when no sink is left.
 *
 * <p>The drain runs inside the traced application, whose heap may be exhausted (upstream's
 * OOMEInStampedLock does it on purpose). An OutOfMemoryError never ends the drain: a buffer the VM
 * could not hand over (no heap for its ByteBuffer) stays first in the VM's queue, a sink that cannot
 * take one counts it as lost itself, and the drain tries again next period. So the hand-over path
 * allocates nothing per buffer.
 */
final class Drain implements Runnable {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long SHUTDOWN_WAIT_SECONDS = 10;

    private final List<BufferSink> sinks;      // guarded by lock
    private final ReentrantLock lock = new ReentrantLock();
    private final Thread thread;
    private volatile boolean closing;
    private long buffersDrained;               // guarded by lock
    private boolean busy;                      // the last round drained something (drain thread only)

    Drain(List<BufferSink> sinks) {
        this.sinks = new ArrayList<>(sinks);
        this.thread = new Thread(null, this, "LockStat Drain", 0, false);
        this.thread.setDaemon(true);
    }

    void start() {
        instance = this;
        thread.start();
    }

    /**
     * Runs an action on the sinks with everything the VM has queued so far handed to them first
     * (call {@link LockStatVM#collect} before, for threads' partly filled buffers); null if the drain
     * thread did not let go in time.
     */
    <T, E extends Exception> T drainAndRun(long timeoutMillis, Action<T, E> action) throws E, InterruptedException {
        if (!lock.tryLock(timeoutMillis, TimeUnit.MILLISECONDS)) {
            return null;
        }
        try {
            handOverQueued();
            return action.run();
        } finally {
            lock.unlock();
        }
    }

    /** What {@link #drainAndRun} runs once everything queued is with the sinks. */
    interface Action<T, E extends Exception> {
        T run() throws E;
    }

    /** Whether every sink has failed (tracing then stopped by itself). */
    boolean failed() {
        lock.lock();
        try {
            return sinks.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    long buffersDrained() {
        return buffersDrained;   // a racy read, for status only
    }

    /** The running drain, for on-demand reports; null before start. */
    static Drain instance() {
        return instance;
    }

    private static volatile Drain instance;

    /**
     * Hands everything queued so far to the sinks, on the calling thread (an on-demand report after
     * {@link LockStatVM#collect}); waits at most the given time for the drain thread to let go.
     */
    boolean drainNow(long timeoutMillis) throws InterruptedException {
        return drainAndRun(timeoutMillis, () -> Boolean.TRUE) != null;
    }

    /** Everything the VM has queued, to the sinks, as one period (the caller holds the lock). */
    private void handOverQueued() {
        if (!sinks.isEmpty() && drainQueued(Long.MAX_VALUE) > 0) {
            forEachSink(PERIOD_END, null, false);
        }
    }

    @Override
    public void run() {
        LockStatVM.excludeCurrentThread(true);   // the drain's own locking is not the application's
        long lastCollect = System.nanoTime();
        while (!closing) {
            try {
                lastCollect = drainRound(lastCollect);
            } catch (OutOfMemoryError e) {
                // The application exhausted the heap; what is queued waits for the next period.
                busy = false;
                LockSupport.parkNanos(this, PERIOD_NANOS);
            } catch (Throwable t) {
                // Never an uncaught exception in the application's process: tracing stops, once, with a warning.
                giveUp(t);
            }
        }
    }

    /** One round of the drain thread; returns when the VM last collected threads' buffers. */
    private long drainRound(long lastCollect) {
        int drained = 0;
        // While events flow, every period: a thread that blocked right after its last event (a
        // contended enter) holds that event in a partly filled buffer, and the analysis of that
        // lock waits for it. A safepoint hands every thread's buffer over (paper 3.1 relies on GC
        // safepoints; an application that does not allocate has none).
        boolean intervalDue = intervalDue();
        if (intervalDue) {
            // The interval's profiles name their locks: a short search (one safepoint of at most a few
            // milliseconds), whose names the collect below hands over before the profiles are written.
            // A name found once stays with its lock, so a later search that runs out of time loses none.
            LockNaming.run(LockNaming.PROFILES_TIME_LIMIT_MILLIS);
        }
        if (intervalDue || busy && System.nanoTime() - lastCollect >= PERIOD_NANOS) {
            LockStatVM.collect();
            lastCollect = System.nanoTime();
        }
        lock.lock();
        try {
            // flush: the VM's shared buffer (thread starts and ends) is taken every period too,
            // so that a process killed outright still names its threads.
            // At most until the next collect is due: a drain short of CPU behind a long queue
            // would otherwise collect only once it caught up, and an idle thread's last events
            // (an owner that barely releases) would reach the analysis seconds late.
            if (!sinks.isEmpty() && (drained = drainQueued(lastCollect + PERIOD_NANOS)) > 0) {
                forEachSink(PERIOD_END, null, false);
            }
            if (intervalDue) {
                forEachSink(END_INTERVAL, null, false);
            }
        } finally {
            lock.unlock();
        }
        // Busy: come straight back, so that a drain competing with the application for CPU
        // does not fall behind by a whole period. Idle: sleep.
        busy = drained > 0;
        if (drained > 0) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(this, PERIOD_NANOS);
        }
        return lastCollect;
    }

    /**
     * Stops tracing, with a last drain and the end of every sink (LockStat.stop, or the shutdown
     * hook). Never waits without bound: the last drain runs on a daemon thread of its own and this
     * waits for it at most SHUTDOWN_WAIT_SECONDS, since a sink can block in a write for ever (a pipe
     * nobody reads, a hung network file system) and the VM's exit waits for its shutdown hooks. A
     * drain still writing then is left behind; the VM ends it. Returns whether the sinks were ended.
     */
    boolean finish() {
        closing = true;
        LockSupport.unpark(thread);
        Thread last;
        try {
            last = new Thread(null, this::lastDrain, "LockStat Last Drain", 0, false);
            last.setDaemon(true);
            last.start();
        } catch (OutOfMemoryError e) {
            // No heap (or no native thread) for the bounded wait: drain here, unbounded, rather
            // than leave the trace without its last buffers and end record.
            lastDrain();
            return true;
        }
        try {
            last.join(TimeUnit.SECONDS.toMillis(SHUTDOWN_WAIT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (last.isAlive()) {
            Warnings.warn("lock contention tracing could not be completed within " + SHUTDOWN_WAIT_SECONDS
                    + " s (the trace is not being written: a pipe nobody reads, or a hung file system?); the trace ends with the data written so far");
            LockStatVM.stop();   // no more events, whatever the last drain is stuck in
            return false;
        }
        try {
            thread.join(2_000);   // it sees closing at its next round; no drain thread outlives its recording
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (instance == this) {
            instance = null;
        }
        return true;
    }

    private void lastDrain() {
        LockStatVM.excludeCurrentThread(true);
        lock.lock();   // the drain thread may be in a write: the hook's join bounds this wait
        try {
            if (sinks.isEmpty()) {
                return;
            }
            // the most contended locks still alive, named while tracing is on (briefly for profiles alone)
            LockNaming.run(sinks.stream().allMatch(ProfileDirectory.class::isInstance)
                    ? LockNaming.PROFILES_TIME_LIMIT_MILLIS : LockNaming.DEFAULT_TIME_LIMIT_MILLIS);
            // Stop at a safepoint with every thread's buffer queued, then take all of it: the trace
            // ends without sequence gaps even while other threads are still running.
            LockStatVM.stop();
            // An application exiting on an OutOfMemoryError may still hold its heap: try again a
            // few times (its finalizing threads end, a GC runs) before giving up the end record.
            for (int attempt = 1; ; attempt++) {
                try {
                    drainQueued(Long.MAX_VALUE);
                    forEachSink(END, endProperties(), false);
                    return;
                } catch (RuntimeException | LinkageError e) {
                    giveUp(e);
                    return;
                } catch (OutOfMemoryError e) {
                    if (attempt == OUT_OF_MEMORY_ATTEMPTS) {
                        Warnings.warn("no heap left to complete the trace; it is whole up to its last buffer, without an end record");
                        return;
                    }
                    LockSupport.parkNanos(PERIOD_NANOS);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private static final int OUT_OF_MEMORY_ATTEMPTS = 20;

    private Map<String, String> endProperties() {
        Map<String, String> end = new LinkedHashMap<>();
        end.put("end.nanos", Long.toString(System.nanoTime()));
        end.put("end.millis", Long.toString(System.currentTimeMillis()));
        end.put("buffers", Long.toString(buffersDrained));
        end.put("lost.buffers", Long.toString(LockStatVM.lostBuffers()));
        end.put("buffers.numbered", Long.toString(LockStatVM.numberedBuffers()));
        end.put("buffer.high.water", Long.toString(LockStatVM.bufferHighWater()));
        return end;
    }

    /**
     * Hands queued buffers to the sinks until the queue is empty or {@code until} (System.nanoTime,
     * Long.MAX_VALUE: no limit) has passed, partly filled shared buffers first. An
     * OutOfMemoryError from the VM's hand-over (no heap for the buffer object) goes to the caller:
     * the VM keeps that buffer first in its queue, for the next try.
     */
    private int drainQueued(long until) {
        int n = 0;
        ByteBuffer b;
        while (!sinks.isEmpty() && (n == 0 || until == Long.MAX_VALUE || System.nanoTime() - until < 0)
                && (b = LockStatVM.takeBuffer(n == 0)) != null) {
            try {
                handOver(b);
                buffersDrained++;
                n++;
            } finally {
                LockStatVM.releaseBuffer(b);
            }
        }
        return n;
    }

    private interface SinkAction<A> {
        void apply(BufferSink sink, A argument) throws IOException;
    }

    // Non-capturing, so that passing them allocates nothing: the drain runs while the heap may be full.
    private static final SinkAction<ByteBuffer> BUFFER = (sink, b) -> {
        int position = b.position();
        int limit = b.limit();
        try {
            sink.buffer(b);
        } finally {
            b.limit(limit).position(position);   // the next sink sees it whole too
        }
    };
    private static final SinkAction<Void> PERIOD_END = (sink, unused) -> sink.periodEnd();
    private static final SinkAction<Map<String, String>> END = BufferSink::end;
    private static final SinkAction<Void> END_INTERVAL = (sink, unused) -> sink.endInterval();

    /** Whether a sink's time-driven interval ended; allocates nothing. */
    private boolean intervalDue() {
        lock.lock();
        try {
            for (int i = 0; i < sinks.size(); i++) {
                if (sinks.get(i).intervalDue()) {
                    return true;
                }
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** One VM buffer to every sink; allocates nothing (no duplicate, no copy of the list). */
    private void handOver(ByteBuffer b) {
        forEachSink(BUFFER, b, true);
    }

    /**
     * Applies the action to every sink. A sink that throws ends (IOException, or a bug, or a class
     * whose initialization once failed for want of heap: NoClassDefFoundError at every use); the
     * others go on. An OutOfMemoryError goes to the caller, who tries again later, unless the sink
     * counts what it could not take itself (BufferSink.buffer).
     */
    private <A> void forEachSink(SinkAction<A> action, A argument, boolean sinkCountsOutOfMemory) {
        for (int i = 0; i < sinks.size(); ) {
            BufferSink sink = sinks.get(i);
            try {
                action.apply(sink, argument);
                i++;
            } catch (IOException e) {
                fail(sink, e);   // removed: the next sink is at i now
            } catch (OutOfMemoryError e) {
                if (!sinkCountsOutOfMemory) {
                    throw e;
                }
                i++;
            } catch (RuntimeException | Error e) {
                fail(sink, new IOException(e));
            }
        }
    }

    /** The drain itself failed (not a sink): tracing stops with one warning; the trace is readable up to here. */
    private void giveUp(Throwable t) {
        closing = true;
        try {
            LockStatVM.stop();
        } finally {
            Warnings.warn("lock contention tracing stopped: the drain failed (" + t + ")");
        }
    }

    private void fail(BufferSink sink, IOException e) {
        sinks.remove(sink);
        String what = sink.fail(e);
        if (sinks.isEmpty()) {
            closing = true;
            LockStatVM.stop();
            Warnings.warn(what + "; lock contention tracing stopped");
        } else {
            Warnings.warn(what);
        }
    }
}
